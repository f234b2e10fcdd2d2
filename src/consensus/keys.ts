/**
 * The consensus engine's key files (reference/wire-formats.md §1.7), in CometBFT's JSON forms:
 * - `priv_validator_key.json` {address, pub_key, priv_key}: the validator's ed25519 consensus key
 *   (priv_key value = base64 of seed ‖ pubkey, 64 bytes; address = uppercase hex sha256(pubkey)[0:20]);
 * - `node_key.json` {priv_key}: the P2P identity; node id = lowercase hex sha256(pubkey)[0:20];
 * - `priv_validator_state.json` {height, round, step}: the last signed height/round/step.
 * The type strings are CometBFT's literal protocol constants (cosmjs hard-codes them).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { base64 } from '../codec/go-json.ts';
import { ed25519KeyPairFromPrivateKey, ed25519KeyPairFromSeed, nodeId, validatorKeyAddressHex } from '../crypto/ed25519.ts';
import type { ValidatorJson } from './types.ts';
import { makeDirs } from '../make-dirs.ts';

export const PUB_KEY_ED25519 = 'tendermint/PubKeyEd25519';
export const PRIV_KEY_ED25519 = 'tendermint/PrivKeyEd25519';

export interface PrivValidatorKey {
  /** uppercase hex sha256(pubKey)[0:20] */
  readonly address: string;
  /** 32-byte ed25519 public key */
  readonly pubKey: Uint8Array;
  /** 64 bytes: seed ‖ pubKey */
  readonly privKey: Uint8Array;
}

export interface NodeKey {
  /** lowercase hex sha256(pubKey)[0:20] */
  readonly id: string;
  readonly pubKey: Uint8Array;
  /** 64 bytes: seed ‖ pubKey */
  readonly privKey: Uint8Array;
}

interface TypedValue<T extends string> {
  readonly type: T;
  readonly value: string;
}

export interface PrivValidatorKeyJson {
  readonly address: string;
  readonly pub_key: TypedValue<typeof PUB_KEY_ED25519>;
  readonly priv_key: TypedValue<typeof PRIV_KEY_ED25519>;
}

export interface NodeKeyJson {
  readonly priv_key: TypedValue<typeof PRIV_KEY_ED25519>;
}

export interface PrivValidatorState {
  readonly height: bigint;
  readonly round: number;
  readonly step: number;
}

export interface PrivValidatorStateJson {
  readonly height: string;
  readonly round: number;
  readonly step: number;
}

// ---------------------------------------------------------------- priv_validator_key.json

/** A new validator key from `seed` (32 bytes) or from fresh randomness. */
export function createPrivValidatorKey(seed: Uint8Array = randomBytes(32)): PrivValidatorKey {
  const pair = ed25519KeyPairFromSeed(seed);
  return { address: validatorKeyAddressHex(pair.publicKey), pubKey: pair.publicKey, privKey: pair.privateKey };
}

export function privValidatorKeyToJson(key: PrivValidatorKey): PrivValidatorKeyJson {
  return {
    address: key.address,
    pub_key: { type: PUB_KEY_ED25519, value: base64(key.pubKey) },
    priv_key: { type: PRIV_KEY_ED25519, value: base64(key.privKey) },
  };
}

/** Reads the parsed JSON of a priv_validator_key.json; `source` names it in errors. */
export function privValidatorKeyFromJson(json: unknown, source = 'priv_validator_key.json'): PrivValidatorKey {
  const obj = objectAt(json, source, 'the file');
  const privKey = privKeyValue(obj, source);
  const pair = keyPairOf(privKey, source);
  const pub = typedValue(obj.pub_key, source, 'pub_key', PUB_KEY_ED25519);
  const pubKey = base64Bytes(pub, source, 'pub_key.value', 32);
  if (base64(pubKey) !== base64(pair.publicKey)) {
    throw new Error(`${source}: pub_key does not belong to priv_key (pub_key ${base64(pubKey)}, priv_key's ${base64(pair.publicKey)})`);
  }
  const address = validatorKeyAddressHex(pair.publicKey);
  if (obj.address !== address) {
    throw new Error(`${source}: address ${JSON.stringify(obj.address)} is not the key's address ${address}`);
  }
  return { address, pubKey: pair.publicKey, privKey: pair.privateKey };
}

export function loadPrivValidatorKey(file: string): PrivValidatorKey {
  return privValidatorKeyFromJson(readJson(file), file);
}

/** Written as CometBFT does: indented JSON, mode 0600. */
export function savePrivValidatorKey(file: string, key: PrivValidatorKey): void {
  writePrivate(file, JSON.stringify(privValidatorKeyToJson(key), null, 2));
}

export function loadOrCreatePrivValidatorKey(file: string): PrivValidatorKey {
  if (fs.existsSync(file)) return loadPrivValidatorKey(file);
  const key = createPrivValidatorKey();
  savePrivValidatorKey(file, key);
  return key;
}

/** Every `*.json` priv validator key in `dir`, by file name (none when the directory does not exist). */
export function loadExtraValidatorKeys(dir: string): PrivValidatorKey[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => loadPrivValidatorKey(`${dir}/${f}`));
}

// ---------------------------------------------------------------- node_key.json

export function createNodeKey(seed: Uint8Array = randomBytes(32)): NodeKey {
  const pair = ed25519KeyPairFromSeed(seed);
  return { id: nodeId(pair.publicKey), pubKey: pair.publicKey, privKey: pair.privateKey };
}

export function nodeKeyToJson(key: NodeKey): NodeKeyJson {
  return { priv_key: { type: PRIV_KEY_ED25519, value: base64(key.privKey) } };
}

export function nodeKeyFromJson(json: unknown, source = 'node_key.json'): NodeKey {
  const obj = objectAt(json, source, 'the file');
  const pair = keyPairOf(privKeyValue(obj, source), source);
  return { id: nodeId(pair.publicKey), pubKey: pair.publicKey, privKey: pair.privateKey };
}

export function loadNodeKey(file: string): NodeKey {
  return nodeKeyFromJson(readJson(file), file);
}

/** Written as CometBFT does: compact JSON, mode 0600. */
export function saveNodeKey(file: string, key: NodeKey): void {
  writePrivate(file, JSON.stringify(nodeKeyToJson(key)));
}

export function loadOrCreateNodeKey(file: string): NodeKey {
  if (fs.existsSync(file)) return loadNodeKey(file);
  const key = createNodeKey();
  saveNodeKey(file, key);
  return key;
}

// ---------------------------------------------------------------- priv_validator_state.json

export const INITIAL_PRIV_VALIDATOR_STATE: PrivValidatorState = Object.freeze({ height: 0n, round: 0, step: 0 });

export function privValidatorStateToJson(state: PrivValidatorState): PrivValidatorStateJson {
  return { height: state.height.toString(), round: state.round, step: state.step };
}

export function privValidatorStateFromJson(json: unknown, source = 'priv_validator_state.json'): PrivValidatorState {
  const obj = objectAt(json, source, 'the file');
  if (typeof obj.height !== 'string' || !/^\d+$/.test(obj.height)) {
    throw new Error(`${source}: height must be a decimal string such as "0", got ${JSON.stringify(obj.height)}`);
  }
  for (const field of ['round', 'step'] as const) {
    const v = obj[field];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) {
      throw new Error(`${source}: ${field} must be a non-negative integer, got ${JSON.stringify(v)}`);
    }
  }
  return { height: BigInt(obj.height), round: obj.round as number, step: obj.step as number };
}

export function loadPrivValidatorState(file: string): PrivValidatorState {
  return privValidatorStateFromJson(readJson(file), file);
}

export function savePrivValidatorState(file: string, state: PrivValidatorState): void {
  writePrivate(file, JSON.stringify(privValidatorStateToJson(state), null, 2));
}

export function loadOrCreatePrivValidatorState(file: string): PrivValidatorState {
  if (fs.existsSync(file)) return loadPrivValidatorState(file);
  savePrivValidatorState(file, INITIAL_PRIV_VALIDATOR_STATE);
  return INITIAL_PRIV_VALIDATOR_STATE;
}

// ---------------------------------------------------------------- validator set entry

/** The validator-set entry of a key (proposer_priority 0: a fresh set, CometBFT's single-validator value). */
export function validatorFromKey(key: Pick<PrivValidatorKey, 'pubKey'>, power: bigint | number | string): ValidatorJson {
  const p = typeof power === 'bigint' ? power : typeof power === 'number' && Number.isSafeInteger(power) ? BigInt(power) : typeof power === 'string' && /^\d+$/.test(power) ? BigInt(power) : null;
  if (p === null || p <= 0n) throw new Error(`validator voting power must be a positive integer, got ${String(power)}`);
  return {
    address: validatorKeyAddressHex(key.pubKey),
    pub_key: { type: PUB_KEY_ED25519, value: base64(key.pubKey) },
    voting_power: p.toString(),
    proposer_priority: '0',
  };
}

// ---------------------------------------------------------------- file plumbing

function readJson(file: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`cannot read ${file}: ${(err as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new Error(`${file} is not valid JSON: ${(err as Error).message}`);
  }
}

/** Atomic write (temp file + rename) with owner-only permissions, as CometBFT's WriteFileAtomic. */
function writePrivate(file: string, text: string): void {
  makeDirs(path.dirname(file), 0o700);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text, { mode: 0o600 });
  fs.renameSync(tmp, file);
}

function objectAt(value: unknown, source: string, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${source}: ${what} must be a JSON object, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`);
  }
  return value as Record<string, unknown>;
}

function typedValue(value: unknown, source: string, field: string, type: string): string {
  const obj = objectAt(value, source, field);
  if (obj.type !== type) throw new Error(`${source}: ${field}.type must be "${type}", got ${JSON.stringify(obj.type)}`);
  if (typeof obj.value !== 'string') throw new Error(`${source}: ${field}.value must be a base64 string, got ${JSON.stringify(obj.value)}`);
  return obj.value;
}

function base64Bytes(text: string, source: string, field: string, length: number): Uint8Array {
  const bytes = Uint8Array.from(Buffer.from(text, 'base64'));
  if (base64(bytes) !== text) throw new Error(`${source}: ${field} is not valid base64`);
  if (bytes.length !== length) throw new Error(`${source}: ${field} must be ${length} bytes, got ${bytes.length}`);
  return bytes;
}

function privKeyValue(obj: Record<string, unknown>, source: string): Uint8Array {
  return base64Bytes(typedValue(obj.priv_key, source, 'priv_key', PRIV_KEY_ED25519), source, 'priv_key.value', 64);
}

function keyPairOf(privKey: Uint8Array, source: string) {
  try {
    return ed25519KeyPairFromPrivateKey(privKey);
  } catch (err) {
    throw new Error(`${source}: ${(err as Error).message}`);
  }
}
