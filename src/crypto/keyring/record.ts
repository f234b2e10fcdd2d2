/**
 * A keyring record (`<name>.info`): our own JSON, documented in docs/keyring.md. Types follow the
 * SDK's `keyring.Record`: `local` (private key held here), `offline` (public key only), `ledger`
 * and `multi` (never created by chaind: no Ledger or legacy multisig support).
 */
import { bytesToHex } from '@noble/hashes/utils.js';
import { parseHex } from '../hex.ts';
import type { PrivKey, PubKey } from '../keys.ts';
import { isKeyAlgo, makePrivKey, makePubKey, pubKeyAddress, pubKeyOf, pubKeysEqual } from '../keys.ts';

export type KeyType = 'local' | 'offline' | 'ledger' | 'multi';

export interface KeyRecord {
  readonly name: string;
  readonly type: KeyType;
  readonly pubKey: PubKey;
  /** only in `local` records */
  readonly privKey?: PrivKey;
  /** the BIP32 path a `local` key was derived on, when it came from a mnemonic */
  readonly hdPath?: string;
}

/** Version of the JSON layout, for future migrations (`keys migrate`). */
export const RECORD_VERSION = 1;

interface RecordJson {
  version: number;
  name: string;
  type: KeyType;
  algo: string;
  pubKey: string;
  privKey?: string;
  hdPath?: string;
}

export function recordAddress(record: KeyRecord): Uint8Array {
  return pubKeyAddress(record.pubKey);
}

export function localRecord(name: string, privKey: PrivKey, hdPath?: string): KeyRecord {
  return { name, type: 'local', pubKey: pubKeyOf(privKey), privKey, ...(hdPath === undefined ? {} : { hdPath }) };
}

export function offlineRecord(name: string, pubKey: PubKey): KeyRecord {
  return { name, type: 'offline', pubKey };
}

export function encodeRecord(record: KeyRecord): Uint8Array {
  const json: RecordJson = {
    version: RECORD_VERSION,
    name: record.name,
    type: record.type,
    algo: record.pubKey.algo,
    pubKey: Buffer.from(record.pubKey.key).toString('base64'),
  };
  if (record.privKey) json.privKey = bytesToHex(record.privKey.key);
  if (record.hdPath !== undefined) json.hdPath = record.hdPath;
  return new TextEncoder().encode(JSON.stringify(json, null, 2) + '\n');
}

/** `where` names the item in errors (a file path or an item key). */
export function decodeRecord(bytes: Uint8Array, where: string): KeyRecord {
  const text = Buffer.from(bytes).toString('utf8');
  let json: Partial<RecordJson> & Record<string, unknown>;
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    throw foreignRecord(where, 'it is not JSON (a protobuf or amino record of the Cosmos SDK keyring?)');
  }
  if ('protected' in json || 'ciphertext' in json) {
    throw foreignRecord(where, 'it is a JWE-encrypted item of the Cosmos SDK keyring');
  }
  if (json.version !== RECORD_VERSION) {
    throw new Error(`keyring record ${where} has version ${String(json.version)}; this chaind reads version ${RECORD_VERSION}`);
  }
  if (typeof json.name !== 'string' || typeof json.algo !== 'string' || typeof json.pubKey !== 'string') {
    throw new Error(`keyring record ${where} is damaged: missing name, algo or pubKey`);
  }
  if (!isKeyAlgo(json.algo)) throw new Error(`keyring record ${where} has unknown key algorithm "${json.algo}"`);
  if (json.type !== 'local' && json.type !== 'offline' && json.type !== 'ledger' && json.type !== 'multi') {
    throw new Error(`keyring record ${where} has unknown type "${String(json.type)}"`);
  }
  const pubKey = makePubKey(json.algo, Uint8Array.from(Buffer.from(json.pubKey, 'base64')));
  if (json.type !== 'local') return { name: json.name, type: json.type, pubKey };
  if (typeof json.privKey !== 'string') throw new Error(`keyring record ${where} is a local key without its private key`);
  const privKey = makePrivKey(json.algo, parseHex(json.privKey, `private key in ${where}`, 32));
  if (!pubKeysEqual(pubKeyOf(privKey), pubKey)) {
    throw new Error(`keyring record ${where} is damaged: its public key does not belong to its private key`);
  }
  return { name: json.name, type: 'local', pubKey, privKey, ...(typeof json.hdPath === 'string' ? { hdPath: json.hdPath } : {}) };
}

function foreignRecord(where: string, why: string): Error {
  return new Error(
    `keyring record ${where} cannot be read: ${why}. ` +
      'Export the key with the tool that wrote it (`keys export`) and import it here with `chaind keys import`',
  );
}
