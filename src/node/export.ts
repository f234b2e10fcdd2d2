/**
 * `chaind export`: the genesis document of the chain's state at a height (SDK `server/export.go`
 * with the app's `ExportAppStateAndValidators`). It opens the home's chain store itself, so it works
 * while the node is stopped; a past height is rebuilt by replaying the stored blocks from the
 * newest state snapshot at or below it.
 */
import { existsSync } from 'node:fs';
import { appModules } from '../abci/modules.ts';
import { Chain } from '../abci/chain.ts';
import { BlockStore } from '../events/block-store.ts';
import { Hrp, addressFromBech32 } from '../crypto/address.ts';
import { genesisDocOf, genesisValidatorsOf, readGenesisJson, type GenesisJson, type GenesisValidatorJson } from './genesis-file.ts';
import { validatorKeyAddressHex } from '../crypto/ed25519.ts';
import { PUB_KEY_ED25519 } from '../consensus/keys.ts';
import { chainDbPath, homeLayout, readAppConfig, readConsensusConfig, tomlValue } from './home.ts';
import { potNodeSettings } from '../modules/pot/node-settings.ts';
import { applyPotNodeSettings } from '../modules/pot/apply-node-settings.ts';
import { sortKeys } from './sorted-json.ts';

export interface ExportOptions {
  /** -1: the latest committed height */
  readonly height: bigint;
  readonly forZeroHeight: boolean;
  /** operator addresses of jailed validators to unjail (with forZeroHeight) */
  readonly jailAllowedAddrs: readonly string[];
}

/** The exported genesis document, keys sorted as the SDK prints it. */
export function exportGenesis(home: string, opts: ExportOptions): GenesisJson {
  const layout = homeLayout(home, readConsensusConfig(home));
  if (!existsSync(layout.genesisFile)) throw new Error(`stat ${layout.genesisFile}: no such file or directory`);
  const dbPath = chainDbPath(layout);
  if (!existsSync(dbPath)) throw new Error(`no chain data in ${layout.dbDir}: the node has not committed a block yet (run "chaind start" first)`);
  if (opts.height < -1n) throw new Error(`invalid --height ${opts.height}: expected -1 (latest) or a committed height`);
  if (opts.forZeroHeight) {
    for (const addr of opts.jailAllowedAddrs) {
      try {
        addressFromBech32(addr, Hrp.validator);
      } catch (e) {
        throw new Error(`invalid --jail-allowed-addrs entry ${JSON.stringify(addr)}: ${(e as Error).message}`);
      }
    }
  }
  const fileJson = readGenesisJson(layout.genesisFile);
  const fileDoc = genesisDocOf(fileJson, layout.genesisFile);
  const height = checkExportHeight(dbPath, opts.height, BigInt(fileDoc.initial_height));

  // the replay must run pot EndBlock with the node's app.toml [pot] settings, as `chaind start` did
  const app = readAppConfig(layout);
  const restorePotSettings = applyPotNodeSettings(potNodeSettings((key) => tomlValue(app, `pot.${key}`), layout.appToml));
  let chain: Chain;
  try {
    chain = Chain.open({ ...appModules, dbPath, replayUpTo: height });
  } catch (e) {
    restorePotSettings();
    throw e;
  }
  try {
    const stored = chain.genesis;
    // SDK v0.47 genutil's ExportGenesis returns its default: the gen_txs were delivered at InitChain
    // and live on in the state, so an export never repeats them
    const exported = chain.app.exportAppStateAndValidators({ forZeroHeight: opts.forZeroHeight, jailAllowedAddrs: opts.jailAllowedAddrs });
    const appState = { ...exported.appState, genutil: { gen_txs: [] } };
    // staking's bonded set (`WriteValidators`); a chain without staking validators keeps its fixed
    // set, the genesis file's (the set consensus runs when InitChain returns none)
    const validators: GenesisValidatorJson[] =
      Object.keys(chain.app.state.staking.validators).length > 0
        ? exported.validators.map((v) => ({
            address: validatorKeyAddressHex(Buffer.from(v.pubKey, 'base64')),
            pub_key: { type: PUB_KEY_ED25519, value: v.pubKey },
            power: v.power.toString(),
            name: v.name,
          }))
        : genesisValidatorsOf(fileJson, layout.genesisFile);
    return sortKeys({
      genesis_time: fileDoc.genesis_time,
      chain_id: fileDoc.chain_id,
      // the SDK exports at last height + 1, where the next chain's InitChain starts; 0 for zero height
      initial_height: opts.forZeroHeight ? '0' : (chain.height + 1n).toString(),
      consensus_params: {
        block: stored.consensus_params.block,
        evidence: stored.consensus_params.evidence,
        validator: stored.consensus_params.validator,
        version: { app: '0' },
      },
      // CometBFT's GenesisDoc leaves an empty list out (omitempty)
      ...(validators.length > 0 ? { validators } : {}),
      app_hash: fileDoc.app_hash,
      app_state: appState,
    }) as GenesisJson;
  } finally {
    chain.close();
    restorePotSettings();
  }
}

/** The height to rebuild; refuses heights the store cannot rebuild, naming the reason. */
function checkExportHeight(dbPath: string, requested: bigint, initialHeight: bigint): bigint {
  const store = new BlockStore(dbPath);
  try {
    const latest = store.latestHeight();
    if (requested === -1n) return latest;
    if (requested > latest) throw new Error(`cannot export at height ${requested}: the latest committed height is ${latest}`);
    if (requested < initialHeight - 1n) throw new Error(`cannot export at height ${requested}: the chain starts at height ${initialHeight}`);
    const snapshot = store.latestSnapshot(requested);
    const from = snapshot ? snapshot.height + 1n : initialHeight;
    const earliest = store.earliestHeight();
    if (from <= requested && earliest > from) {
      throw new Error(
        `cannot export at height ${requested}: its state was pruned (the nearest state snapshot below it is at ${snapshot ? snapshot.height : 'none'} and blocks before ${earliest} were pruned)`,
      );
    }
    return requested;
  } finally {
    store.close();
  }
}
