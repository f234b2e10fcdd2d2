/**
 * The chain home a run writes (docs/scenarios.md "The output folder"): what `chaind init`, the
 * gentxs and `collect-gentxs` would make, built from the population in one pass: config.toml
 * (`create_empty_blocks = false`, so that `chaind start --home` on the result makes no block until
 * someone sends a tx), app.toml (`pruning = "nothing"` for queries at any height; `[pot]` with the
 * run's BLS mode), deterministic node and validator keys, and genesis.json.
 */
import { rmSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { signTxDocument, unsignedTxDocument, DEFAULT_GAS_LIMIT } from '../../client/sign-tx.ts';
import { codec as neutralCodec } from '../../codec/index.ts';
import { base64 } from '../../codec/go-json.ts';
import { printProtoJson } from '../../codec/proto-json.ts';
import { createNodeKey, savePrivValidatorKey, saveNodeKey } from '../../consensus/keys.ts';
import { signBytes, pubKeyOf } from '../../crypto/keys.ts';
import { createValidatorMsg } from '../../cli/tx/staking/create-validator.ts';
import { CONSENSUS_KEY_TYPE } from '../../cli/tx/staking/args.ts';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { addGenesisAccounts } from '../../node/genesis-accounts.ts';
import { writeGenesisJson, type GenesisJson } from '../../node/genesis-file.ts';
import { homeLayout, readAppConfig, readConsensusConfig, writeAppConfig, writeConsensusConfig, type HomeLayout } from '../../node/home.ts';
import { defaultAppState, initHome } from '../../node/init.ts';
import { defaultConsensusParams } from '../../state/genesis.ts';
import { formatTimeNs } from '../../state/block-info.ts';
import type { Scenario } from '../scenario/types.ts';
import type { Population } from './population.ts';
import { mergeJson } from '../scenario/merge-json.ts';
import { makeDirs } from '../../make-dirs.ts';

const STOS = 10n ** 18n;
/** every run starts here (a fixed time keeps runs identical) */
export const SIM_GENESIS_TIME_NS = 1_735_689_600n * 1_000_000_000n; // 2025-01-01T00:00:00Z
/** what each account holds beyond its deposits and prepays, for its fees (and a validator's proposal deposits) */
export const FEE_RESERVE = { validator: 10_000n * STOS, meta: 100_000n * STOS, resource: 10n * STOS, user: STOS, foundation: STOS } as const;

/** The scenario's `name`, or without one its file's name without `.yaml` (`plain.yaml` → `plain`): the chain id's and the default `--out`'s. */
export function scenarioName(s: Pick<Scenario, 'name' | 'file'>): string {
  return s.name ?? basename(s.file).replace(/\.ya?ml$/, '');
}

/** A chain id from the scenario's name (`scenarioName`): `sdsim-<name>` in lowercase letters, digits and dashes (at most 50 characters). */
export function simChainId(s: Scenario): string {
  const base = scenarioName(s).toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'run';
  return `sdsim-${base}`.slice(0, 50);
}

/** The gentx of a validator (SDK `GenTxCmd`: account number 0, sequence 0, no fee), as genesis JSON. */
async function gentx(v: Population['validators'][number], chainId: string): Promise<unknown> {
  const pubkey = JSON.stringify({ '@type': neutralCodec.typeUrl(CONSENSUS_KEY_TYPE), key: base64(v.consensus.pubKey) });
  const msg = createValidatorMsg(
    v.address,
    { amount: `${v.selfDelegation}wei`, moniker: v.name, identity: '', website: '', securityContact: '', details: '', commissionRate: '0.1', commissionMaxRate: '0.2', commissionMaxChangeRate: '0.01', minSelfDelegation: '1' },
    pubkey,
    neutralCodec,
  );
  const doc = unsignedTxDocument({ messages: [msg], memo: `${v.consensus.address.toLowerCase()}@127.0.0.1:26656`, fee: [], gasLimit: DEFAULT_GAS_LIMIT }, neutralCodec);
  const signedDoc = await signTxDocument(doc, { pubKey: pubKeyOf(v.priv), chainId, accountNumber: 0n, sequence: 0n, mode: 'direct', overwrite: true, sign: (b) => signBytes(v.priv, b) }, neutralCodec);
  return JSON.parse(printProtoJson('sdk.tx.v1beta1.Tx', signedDoc, { codec: neutralCodec }));
}

/** The genesis document of a run. `extraFunds`: wei each user needs beyond its first prepay (its prepay waves). */
export async function simGenesis(s: Scenario, pop: Population, extraFunds: ReadonlyMap<string, bigint>): Promise<GenesisJson> {
  const chainId = simChainId(s);
  const time = formatTimeNs(SIM_GENESIS_TIME_NS);
  const consensus = defaultConsensusParams() as Record<string, any>;
  // blocks are as large as the run needs (a sparse run puts an epoch's txs in a few blocks)
  consensus.block = { ...consensus.block, max_gas: '-1' };
  let genesis: GenesisJson = { genesis_time: time, chain_id: chainId, initial_height: '1', consensus_params: consensus, validators: [], app_hash: '', app_state: mergeJson(defaultAppState(), s.genesis) };
  const wei = (amount: bigint) => [{ denom: 'wei', amount }];
  genesis = addGenesisAccounts(genesis, [
    ...pop.validators.map((v) => ({ address: v.address, coins: wei(v.selfDelegation + FEE_RESERVE.validator) })),
    ...pop.metaNodes.map((m) => ({ address: m.address, coins: wei(FEE_RESERVE.meta) })),
    ...pop.resourceNodes.map((r) => ({ address: r.address, coins: wei(r.deposit + FEE_RESERVE.resource) })),
    ...pop.users.map((u) => ({ address: u.address, coins: wei(u.prepay + (extraFunds.get(u.address) ?? 0n) + FEE_RESERVE.user) })),
    { address: pop.foundation.address, coins: wei(pop.foundation.deposit + FEE_RESERVE.foundation) },
  ]);
  const app = genesis.app_state as Record<string, any>;
  app.genutil = { gen_txs: await Promise.all(pop.validators.map((v) => gentx(v, chainId))) };
  app.register = {
    ...app.register,
    meta_nodes: [
      ...(app.register.meta_nodes ?? []),
      ...pop.metaNodes.map((m) => ({
        network_address: m.networkAddress,
        pubkey: { '@type': neutralCodec.typeUrl('sdk.crypto.ed25519.PubKey'), key: base64(m.p2pPublicKey) },
        suspend: false,
        status: 'BOND_STATUS_BONDED',
        tokens: m.deposit.toString(),
        owner_address: m.address,
        description: { moniker: m.name, identity: '', website: '', security_contact: '', details: '' },
        creation_time: time,
        beneficiary_address: m.address,
      })),
    ],
  };
  return genesis;
}

/** The reason of a file-system error in words (`ENOTDIR: not a directory, scandir …` → `a part of the path is a file`). */
function fsReason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOTDIR') return 'a part of the path is a file, not a folder';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EROFS') return 'the file system is read-only';
  if (code === 'ENOSPC') return 'no space left on the device';
  return (e as Error).message;
}

/** An output folder a run has claimed: absent or empty before, created now; `discard` puts things back as they were. */
export interface OutFolder {
  readonly path: string;
  /** removes what the run wrote: the folders it created, or the contents of the empty folder it was given */
  discard(): void;
}

/**
 * Checks that `dir` is a new or empty folder, naming the problem in words (`<dir> is a file, not a
 * folder: give --out a new or empty folder`); returns whether it exists.
 */
export function checkOutFolder(dir: string): boolean {
  let existing;
  try {
    existing = statSync(dir, { throwIfNoEntry: false });
  } catch (e) {
    throw new Error(`cannot use ${dir} as the output folder: ${fsReason(e)}`);
  }
  if (existing === undefined) return false;
  if (!existing.isDirectory()) throw new Error(`${dir} is a file, not a folder: give --out a new or empty folder`);
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch (e) {
    throw new Error(`cannot read the output folder ${dir}: ${fsReason(e)}`);
  }
  if (entries.length > 0) throw new Error(`${dir} is not empty: give --out a new or empty folder`);
  return true;
}

/** Checks `dir` (`checkOutFolder`) and creates it with its missing parents. */
export function claimOutFolder(dir: string): OutFolder {
  if (checkOutFolder(dir)) {
    return {
      path: dir,
      discard: () => {
        for (const entry of readdirSync(dir)) rmSync(join(dir, entry), { recursive: true, force: true });
      },
    };
  }
  let created: string | undefined;
  try {
    created = makeDirs(dir);
  } catch (e) {
    throw new Error(`cannot create the output folder ${dir}: ${fsReason(e)}`);
  }
  return { path: dir, discard: () => rmSync(created ?? dir, { recursive: true, force: true }) };
}

/**
 * Writes the home into `dir` (an empty folder, `claimOutFolder`) and returns its layout. The
 * consensus keys of every validator are kept: validator-0's as priv_validator_key.json, the others
 * in config/priv_validator_keys/, so the node signs every block as the run did. On a failure the
 * caller discards the folder.
 */
export function writeSimHome(dir: string, s: Scenario, pop: Population, genesis: GenesisJson): HomeLayout {
  initHome(dir, { moniker: 'sdsim', chainId: String(genesis.chain_id), nowNs: SIM_GENESIS_TIME_NS });
  const config = readConsensusConfig(dir);
  const layout = homeLayout(dir, config);
  (config.consensus as Record<string, unknown>).create_empty_blocks = false;
  writeConsensusConfig(layout, config);
  const app = readAppConfig(layout);
  app.pruning = 'nothing';
  app.pot = { ...(app.pot as Record<string, unknown>), 'bls-verifier': s.bls === 'trusted' ? 'accept-any' : 'bls12-381' };
  writeAppConfig(layout, app);
  saveNodeKey(layout.nodeKeyFile, createNodeKey(sha256(utf8ToBytes(`sdsim/${s.seed}/node-key`))));
  const [first, ...rest] = pop.validators;
  savePrivValidatorKey(layout.privValidatorKeyFile, first!.consensus);
  if (rest.length > 0) makeDirs(layout.extraValidatorKeysDir);
  for (const v of rest) savePrivValidatorKey(join(layout.extraValidatorKeysDir, `${v.name}.json`), v.consensus);
  writeGenesisJson(layout.genesisFile, genesis);
  return layout;
}
