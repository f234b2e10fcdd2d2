/**
 * The home of a local network (`npm start`): built with the `chaind` commands themselves (init,
 * keys add, genesis add-genesis-account, gentx, collect-gentxs, config), so it is what a user would
 * build by hand. Each of the N validators has a key in the test keyring (`val<i>`, funded and
 * self-delegating through its gentx) and a consensus key: validator 0 the home's
 * priv_validator_key.json, the others `config/priv_validator_keys/val<i>.json`, which the node's
 * in-process consensus signs with too (docs/node.md "Several validators in one node").
 */
import { PROFILES, qualifyGenesisJson, typeUrl } from '../naming.ts';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../cli/chaind.ts';
import { bufferOutput } from '../cli/output.ts';
import { scriptedPrompter } from '../cli/prompt.ts';
import { base64 } from '../codec/go-json.ts';
import { createPrivValidatorKey, loadOrCreatePrivValidatorKey, savePrivValidatorKey } from '../consensus/keys.ts';
import { homeLayout, readConsensusConfig } from './home.ts';
import { createStorageNetwork, STORAGE_FUNDS, type StorageNetworkOptions } from './localnet-storage.ts';
import { makeDirs } from '../make-dirs.ts';

export const LOCALNET_CHAIN_ID = 'stratos-localnet';
const DEV_ACCOUNTS = 5;
/** 1,000,000 stos per dev account */
const DEV_FUNDS = '1000000000000000000000000wei';
/** each validator's account: 1000 stos, of which its gentx self-delegates 100 */
const VALIDATOR_FUNDS = '1000000000000000000000wei';
const SELF_DELEGATION = '100000000000000000000wei';

export interface DevAccount {
  readonly name: string;
  readonly address: string;
  readonly mnemonic: string;
}

export interface LocalValidator {
  readonly name: string;
  readonly address: string;
  readonly operator: string;
  /** uppercase hex consensus address */
  readonly consensusAddress: string;
}

export interface LocalNetwork {
  readonly accounts: readonly DevAccount[];
  readonly validators: readonly LocalValidator[];
}

export interface LocalNetworkOptions {
  readonly validators: number;
  /** the chain's naming profile (`chaind init --naming`, docs/node.md "Naming profile"); neutral by default */
  readonly naming?: 'neutral' | 'real';
  /** changes to the genesis document before the gentxs are collected (tests: short unbonding and slashing windows) */
  readonly patchGenesis?: (genesis: Record<string, any>) => void;
  /** a storage network too (src/node/localnet-storage.ts): meta nodes in genesis, funded resource-node wallets */
  readonly storage?: StorageNetworkOptions;
}

async function run(args: string[]): Promise<string> {
  const out = bufferOutput();
  const code = await main(args, { out, prompt: scriptedPrompter([]) });
  if (code !== 0) throw new Error(`chaind ${args.join(' ')} failed (exit ${code}): ${out.err.trim()}`);
  return out.out;
}

const NETWORK_FILE = 'dev-accounts.json';

/** The network recorded in a home, or undefined for a home not made by `createLocalNetwork`. */
export function readLocalNetwork(home: string): LocalNetwork | undefined {
  const file = join(home, NETWORK_FILE);
  if (!existsSync(file)) return undefined;
  const stored = JSON.parse(readFileSync(file, 'utf8')) as LocalNetwork | DevAccount[];
  // homes of earlier versions recorded only the accounts (and one validator from genesis.validators)
  return Array.isArray(stored) ? { accounts: stored, validators: [] } : stored;
}

export async function createLocalNetwork(home: string, opts: LocalNetworkOptions): Promise<LocalNetwork> {
  if (!Number.isInteger(opts.validators) || opts.validators < 1) throw new Error(`--validators must be a positive integer, got ${opts.validators}`);
  const profile = PROFILES[opts.naming ?? 'neutral'];
  await run(['init', 'localnet', '--chain-id', LOCALNET_CHAIN_ID, '--home', home, '--naming', profile.name]);
  const keyring = ['--keyring-backend', 'test', '--home', home];
  const accounts: DevAccount[] = [];
  for (let i = 0; i < DEV_ACCOUNTS; i++) {
    const name = `dev${i}`;
    const key = JSON.parse(await run(['keys', 'add', name, ...keyring, '--output', 'json'])) as { address: string; mnemonic: string };
    await run(['genesis', 'add-genesis-account', name, DEV_FUNDS, ...keyring]);
    accounts.push({ name, address: key.address, mnemonic: key.mnemonic });
  }
  const layout = homeLayout(home, readConsensusConfig(home));
  const validators: LocalValidator[] = [];
  for (let i = 0; i < opts.validators; i++) {
    const name = `val${i}`;
    const key = JSON.parse(await run(['keys', 'add', name, ...keyring, '--output', 'json'])) as { address: string };
    await run(['genesis', 'add-genesis-account', name, VALIDATOR_FUNDS, ...keyring]);
    let consensusKey;
    if (i === 0) {
      consensusKey = loadOrCreatePrivValidatorKey(layout.privValidatorKeyFile);
    } else {
      consensusKey = createPrivValidatorKey();
      makeDirs(layout.extraValidatorKeysDir);
      savePrivValidatorKey(join(layout.extraValidatorKeysDir, `${name}.json`), consensusKey);
    }
    const operator = JSON.parse(await run(['keys', 'show', name, '--bech', 'val', ...keyring, '--output', 'json'])) as { address: string };
    validators.push({ name, address: key.address, operator: operator.address, consensusAddress: consensusKey.address });
    const pubkey = JSON.stringify({ '@type': typeUrl(profile, 'sdk.crypto.ed25519.PubKey'), key: base64(consensusKey.pubKey) });
    await run(['genesis', 'gentx', name, SELF_DELEGATION, ...keyring, '--moniker', name, '--pubkey', pubkey, '--output-document', join(layout.configDir, 'gentx', `gentx-${name}.json`)]);
  }
  let metaNodeRecords: Record<string, unknown>[] = [];
  if (opts.storage) {
    const storage = createStorageNetwork(home, opts.storage);
    for (const address of storage.fund) await run(['genesis', 'add-genesis-account', address, STORAGE_FUNDS, ...keyring]);
    // in the chain's words, as the genesis commands write them
    metaNodeRecords = qualifyGenesisJson(profile, storage.metaNodeRecords);
  }
  if (opts.patchGenesis || metaNodeRecords.length > 0) {
    const genesis = JSON.parse(readFileSync(layout.genesisFile, 'utf8')) as Record<string, any>;
    if (metaNodeRecords.length > 0) genesis.app_state.register.meta_nodes = [...(genesis.app_state.register.meta_nodes ?? []), ...metaNodeRecords];
    opts.patchGenesis?.(genesis);
    writeFileSync(layout.genesisFile, JSON.stringify(genesis, null, 2) + '\n');
  }
  await run(['genesis', 'collect-gentxs', '--home', home]);
  await run(['config', 'keyring-backend', 'test', '--home', home]);
  await run(['config', 'chain-id', LOCALNET_CHAIN_ID, '--home', home]);
  const network: LocalNetwork = { accounts, validators };
  writeFileSync(join(home, NETWORK_FILE), JSON.stringify(network, null, 2) + '\n', { mode: 0o600 });
  return network;
}
