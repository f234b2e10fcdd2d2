/**
 * `config/genesis.json` as a CometBFT 0.37 GenesisDoc: genesis_time, chain_id, initial_height,
 * consensus_params, validators, app_hash, app_state, written with two-space indentation in that
 * field order (CometBFT `GenesisDoc.SaveAs`). The `validators` list (`chaind init` puts this node's
 * key there) is the consensus set only while InitChain returns none, i.e. without gentxs or staking
 * validators in app_state (src/consensus/block-meta.ts); `collect-gentxs` empties it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseGenesisDoc, type GenesisDoc } from '../state/genesis.ts';
import type { ValidatorJson } from '../consensus/types.ts';
import { PUB_KEY_ED25519, validatorFromKey, type PrivValidatorKey } from '../consensus/keys.ts';
import { validatorKeyAddressHex } from '../crypto/ed25519.ts';
import { makeDirs } from '../make-dirs.ts';
import { goPathError } from '../go-os-error.ts';
import { parseJsonGoErrors } from '../codec/go-json-reader.ts';

/** A validator as genesis.json lists it (CometBFT `GenesisValidator`). */
export interface GenesisValidatorJson {
  readonly address: string;
  readonly pub_key: { readonly type: typeof PUB_KEY_ED25519; readonly value: string };
  readonly power: string;
  readonly name: string;
}

/** The voting power `chaind init` gives this node's validator. */
export const DEFAULT_VALIDATOR_POWER = 10n;

export type GenesisJson = Record<string, unknown>;

export function readGenesisJson(path: string): GenesisJson {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    // os.ReadFile: a folder opens, then fails to read
    const op = (e as NodeJS.ErrnoException).code === 'EISDIR' ? 'read' : 'open';
    throw new Error(`couldn't read GenesisDoc file: ${goPathError(op, path, e).message}`);
  }
  let json: unknown;
  try {
    json = parseJsonGoErrors(text);
  } catch (e) {
    throw new Error(`error reading GenesisDoc at ${path}: ${(e as Error).message}`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error(`error reading GenesisDoc at ${path}: expected a JSON object`);
  return json as GenesisJson;
}

/**
 * The document the App folds from. CometBFT's `ValidateAndComplete` treats initial_height 0 as 1
 * (an export `--for-zero-height` writes 0).
 */
export function genesisDocOf(json: GenesisJson, path: string): GenesisDoc {
  const initial = json.initial_height;
  const normalized = initial === '0' || initial === 0 ? { ...json, initial_height: '1' } : json;
  try {
    return parseGenesisDoc(normalized);
  } catch (e) {
    throw new Error(`error reading GenesisDoc at ${path}: ${(e as Error).message}`);
  }
}

/** The genesis validators, checked as CometBFT's `ValidateAndComplete` does. */
export function genesisValidatorsOf(json: GenesisJson, path: string): GenesisValidatorJson[] {
  const list = json.validators ?? [];
  if (!Array.isArray(list)) throw new Error(`error reading GenesisDoc at ${path}: validators must be a list`);
  return list.map((v: unknown, i) => {
    const where = `${path}: validators[${i}]`;
    const o = (typeof v === 'object' && v !== null ? v : {}) as Record<string, unknown>;
    const pk = (typeof o.pub_key === 'object' && o.pub_key !== null ? o.pub_key : {}) as Record<string, unknown>;
    if (pk.type !== PUB_KEY_ED25519) throw new Error(`${where}.pub_key.type: expected "${PUB_KEY_ED25519}", got ${JSON.stringify(pk.type)}`);
    const key = typeof pk.value === 'string' ? Buffer.from(pk.value, 'base64') : Buffer.alloc(0);
    if (key.length !== 32 || key.toString('base64') !== pk.value) throw new Error(`${where}.pub_key.value: expected the base64 of a 32-byte ed25519 key, got ${JSON.stringify(pk.value)}`);
    const power = typeof o.power === 'number' ? String(o.power) : o.power;
    if (typeof power !== 'string' || !/^\d+$/.test(power)) throw new Error(`${where}.power: expected an integer string, got ${JSON.stringify(o.power)}`);
    if (BigInt(power) === 0n) throw new Error(`${where}: the genesis file cannot contain validators with no voting power`);
    const address = validatorKeyAddressHex(new Uint8Array(key));
    if (o.address !== undefined && o.address !== '' && o.address !== address) {
      throw new Error(`${where}: incorrect address for validator ${JSON.stringify(o.address)} in the genesis file, should be ${address}`);
    }
    return { address, pub_key: { type: PUB_KEY_ED25519, value: pk.value as string }, power, name: typeof o.name === 'string' ? o.name : '' };
  });
}

/** This node's validator as `chaind init` lists it. */
export function genesisValidatorOf(key: PrivValidatorKey, name: string, power: bigint = DEFAULT_VALIDATOR_POWER): GenesisValidatorJson {
  const v = validatorFromKey(key, power);
  return { address: v.address, pub_key: v.pub_key, power: v.voting_power, name };
}

/** The validator set the consensus engine and the RPC `validators` answer use. */
export function validatorSetOf(list: readonly GenesisValidatorJson[]): ValidatorJson[] {
  return list.map((v) => ({ address: v.address, pub_key: v.pub_key, voting_power: v.power, proposer_priority: '0' }));
}

const FIELD_ORDER = ['genesis_time', 'chain_id', 'initial_height', 'consensus_params', 'validators', 'app_hash', 'app_state'];

/** Writes genesis.json in CometBFT's field order (other fields after them), two-space indented. */
export function writeGenesisJson(path: string, json: GenesisJson): void {
  const ordered: GenesisJson = {};
  for (const key of FIELD_ORDER) if (json[key] !== undefined) ordered[key] = json[key];
  for (const [key, value] of Object.entries(json)) if (!(key in ordered) && value !== undefined) ordered[key] = value;
  if (Array.isArray(ordered.validators) && ordered.validators.length === 0) delete ordered.validators; // omitempty
  makeDirs(dirname(path));
  writeFileSync(path, JSON.stringify(ordered, null, 2), { mode: 0o644 });
}
