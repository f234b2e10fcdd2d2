/**
 * `chaind init`: creates a node home (SDK v0.47 `x/genutil/client/cli/init.go` with the server's
 * config interception): config.toml, app.toml and client.toml when missing, the node key and the
 * validator key (kept when present; derived from a mnemonic with `--recover`), and a genesis.json
 * whose app_state is every module's default genesis. Unlike the SDK, genesis.validators lists this
 * node's key, so that a chain started without gentxs has a (fixed) validator; `chaind genesis gentx`
 * and `collect-gentxs` make a staking validator instead, as on an SDK chain (docs/node.md).
 */
import { createHash, randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { MODULES } from '../abci/modules.ts';
import { createPrivValidatorKey, INITIAL_PRIV_VALIDATOR_STATE, loadOrCreateNodeKey, loadOrCreatePrivValidatorKey, loadOrCreatePrivValidatorState, savePrivValidatorKey, savePrivValidatorState } from '../consensus/keys.ts';
import { validateMnemonic } from '../crypto/mnemonic.ts';
import { formatTimeNs } from '../state/block-info.ts';
import { defaultConsensusParams, parseGenesisDoc } from '../state/genesis.ts';
import { validateDenom } from '../math/coin.ts';
import { defaultAppConfig } from './app-toml.ts';
import { appStateNamingEntry, NAMING_GENESIS_KEY, NEUTRAL, qualifyGenesisJson, type NamingProfile } from '../naming.ts';
import { genesisValidatorOf, readGenesisJson, writeGenesisJson, type GenesisJson } from './genesis-file.ts';
import { defaultClientConfig, homeLayout, readClientConfig, readConsensusConfig, writeAppConfig, writeClientConfig, writeConsensusConfig } from './home.ts';
import { makeDirs } from '../make-dirs.ts';

export interface InitOptions {
  readonly moniker: string;
  /** '' = client.toml's chain-id, else a random `test-chain-XXXXXX` */
  readonly chainId?: string;
  readonly overwrite?: boolean;
  /** `--recover`: the validator key is derived from this mnemonic */
  readonly mnemonic?: string;
  readonly initialHeight?: bigint;
  /**
   * `--default-denom` (default `wei`): the SDK's `sdk.DefaultBondDenom` for this genesis, so staking's
   * `bond_denom`, mint's `mint_denom` and gov's `min_deposit` are in it (`withBondDenom`)
   */
  readonly defaultDenom?: string;
  /** genesis time in ns since the epoch (default: now) */
  readonly nowNs?: bigint;
  /** `--naming`: the chain's naming profile (default neutral), recorded in genesis and client.toml */
  readonly naming?: NamingProfile;
}

/** What `init` prints (SDK `printInfo`). */
export interface InitInfo {
  readonly moniker: string;
  readonly chain_id: string;
  readonly node_id: string;
  readonly gentxs_dir: string;
  readonly app_message: Record<string, unknown>;
}

/** CometBFT `cmtrand.Str` characters. */
const RANDOM_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function randomChainId(): string {
  let suffix = '';
  for (let i = 0; i < 6; i++) suffix += RANDOM_CHARS[randomInt(RANDOM_CHARS.length)];
  return `test-chain-${suffix}`;
}

/** The chain's base denom, SDK v0.47's `sdk.DefaultBondDenom` here (`init --default-denom`'s default). */
export const DEFAULT_BOND_DENOM = 'wei';

/**
 * The default genesis of the modules whose defaults use SDK v0.47's `sdk.DefaultBondDenom`, with
 * `denom` in its place (what `init --default-denom` does by setting that variable before
 * `DefaultGenesis`): staking `params.bond_denom`, mint `params.mint_denom`, gov `params.min_deposit`
 * (v0.47's only gov param in the bond denom; the chain has no crisis module, whose constant fee
 * would be the other). register, sds and pot keep `wei`: stratos-chain's modules default to their
 * own constant (reference/chain-semantics.md §0.1), not to the SDK's variable.
 */
function withBondDenom(name: string, genesis: unknown, denom: string): unknown {
  if (denom === DEFAULT_BOND_DENOM) return genesis;
  const g = genesis as { params: Record<string, unknown> };
  switch (name) {
    case 'staking':
      return { ...g, params: { ...g.params, bond_denom: denom } };
    case 'mint':
      return { ...g, params: { ...g.params, mint_denom: denom } };
    case 'gov':
      return { ...g, params: { ...g.params, min_deposit: (g.params.min_deposit as { denom: string; amount: unknown }[]).map((c) => ({ ...c, denom })) } };
    default:
      return genesis;
  }
}

/**
 * Every module's default genesis and genutil's empty `gen_txs` (src/abci/genutil.ts), by module name
 * in sorted order (a Go map marshals sorted); `bondDenom` as `init --default-denom` gives it.
 */
export function defaultAppState(naming: NamingProfile = NEUTRAL, bondDenom: string = DEFAULT_BOND_DENOM): Record<string, unknown> {
  const sections: [string, unknown][] = [...MODULES.map((m): [string, unknown] => [m.name, withBondDenom(m.name, m.defaultGenesis(), bondDenom)]), ['genutil', { gen_txs: [] }]];
  // a non-neutral chain records its profile (src/naming.ts); its type URLs are in its words
  const entry = appStateNamingEntry(naming);
  if (entry) sections.push([NAMING_GENESIS_KEY, entry]);
  return qualifyGenesisJson(naming, Object.fromEntries(sections.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
}

export function initHome(home: string, opts: InitOptions): InitInfo {
  if (opts.mnemonic !== undefined && !validateMnemonic(opts.mnemonic)) throw new Error('invalid mnemonic');
  if (opts.defaultDenom) validateDenom(opts.defaultDenom);
  const initialHeight = opts.initialHeight !== undefined && opts.initialHeight >= 1n ? opts.initialHeight : 1n;
  const config = readConsensusConfig(home);
  const layout = homeLayout(home, config);
  const chainId = opts.chainId || readClientConfig(layout)['chain-id'] || randomChainId();
  // checked before any file is written (CometBFT's rule, which the App enforces on start)
  parseGenesisDoc({ chain_id: chainId, genesis_time: formatTimeNs(0n) });

  makeDirs(layout.configDir);
  makeDirs(layout.dbDir);
  if (!existsSync(layout.configToml)) writeConsensusConfig(layout, config);
  if (!existsSync(layout.appToml)) writeAppConfig(layout, defaultAppConfig());
  const naming = opts.naming ?? NEUTRAL;
  if (!existsSync(layout.clientToml)) writeClientConfig(layout, { ...defaultClientConfig(chainId), ...(naming === NEUTRAL ? {} : { naming: naming.name }) });
  else if ((readClientConfig(layout).naming ?? 'neutral') !== naming.name) writeClientConfig(layout, { ...readClientConfig(layout), naming: naming.name });

  const nodeKey = loadOrCreateNodeKey(layout.nodeKeyFile);
  let validatorKey;
  if (opts.mnemonic !== undefined) {
    // CometBFT `ed25519.GenPrivKeyFromSecret`: the seed is sha256 of the mnemonic text
    validatorKey = createPrivValidatorKey(createHash('sha256').update(opts.mnemonic, 'utf8').digest());
    savePrivValidatorKey(layout.privValidatorKeyFile, validatorKey);
    savePrivValidatorState(layout.privValidatorStateFile, INITIAL_PRIV_VALIDATOR_STATE);
  } else {
    validatorKey = loadOrCreatePrivValidatorKey(layout.privValidatorKeyFile);
    loadOrCreatePrivValidatorState(layout.privValidatorStateFile);
  }

  if (existsSync(layout.genesisFile) && !opts.overwrite) throw new Error(`genesis.json file already exists: ${layout.genesisFile}`);
  // with --overwrite the SDK keeps the old genesis time and consensus params
  let previous: GenesisJson | undefined;
  if (existsSync(layout.genesisFile)) previous = readGenesisJson(layout.genesisFile);

  const appState = defaultAppState(naming, opts.defaultDenom || DEFAULT_BOND_DENOM);
  const genesis: GenesisJson = {
    genesis_time: typeof previous?.genesis_time === 'string' ? previous.genesis_time : formatTimeNs(opts.nowNs ?? BigInt(Date.now()) * 1_000_000n),
    chain_id: chainId,
    initial_height: initialHeight.toString(),
    consensus_params: previous?.consensus_params ?? defaultConsensusParams(),
    validators: [genesisValidatorOf(validatorKey, opts.moniker)],
    app_hash: '',
    app_state: appState,
  };
  writeGenesisJson(layout.genesisFile, genesis);

  config.moniker = opts.moniker;
  writeConsensusConfig(layout, config);
  return { moniker: opts.moniker, chain_id: chainId, node_id: nodeKey.id, gentxs_dir: '', app_message: appState };
}
