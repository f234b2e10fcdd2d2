/**
 * ed25519 keys: validator consensus keys and node keys (reference/wire-formats.md §1.7) and SDS
 * node keys (§1.8). Address = sha256(32-byte public key)[0:20] for all of them.
 */
import { createPrivateKey, createPublicKey, sign as cryptoSign, type KeyObject } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes } from '@noble/hashes/utils.js';

export const ED25519 = 'ed25519';
export const ED25519_SEED_LENGTH = 32;
export const ED25519_PUB_KEY_LENGTH = 32;

export interface Ed25519KeyPair {
  /** 32-byte seed */
  readonly seed: Uint8Array;
  readonly publicKey: Uint8Array;
  /** 64 bytes seed || public key: the `priv_key` value of priv_validator_key.json / node_key.json */
  readonly privateKey: Uint8Array;
}

export function ed25519KeyPairFromSeed(seed: Uint8Array): Ed25519KeyPair {
  if (seed.length !== ED25519_SEED_LENGTH) {
    throw new Error(`invalid ed25519 seed: expected ${ED25519_SEED_LENGTH} bytes, got ${seed.length}`);
  }
  const publicKey = ed25519PublicKey(seed);
  return { seed: Uint8Array.from(seed), publicKey, privateKey: concatBytes(seed, publicKey) };
}

/**
 * The public key of a seed, by Node's own crypto: @noble/curves' first derivation in a process
 * builds its tables in cold JavaScript (about 90 ms of `chaind start` for the validator key), the
 * native one takes microseconds (property-tests check the two agree).
 */
export function ed25519PublicKey(seed: Uint8Array): Uint8Array {
  const spki = createPublicKey(privateKeyObject(seed)).export({ format: 'der', type: 'spki' });
  return new Uint8Array(spki.subarray(spki.length - ED25519_PUB_KEY_LENGTH));
}

/** Reads the 64-byte `seed || pubkey` form and checks that the halves belong together. */
export function ed25519KeyPairFromPrivateKey(privateKey: Uint8Array): Ed25519KeyPair {
  if (privateKey.length !== 64) {
    throw new Error(`invalid ed25519 private key: expected 64 bytes (seed || public key), got ${privateKey.length}`);
  }
  const pair = ed25519KeyPairFromSeed(privateKey.subarray(0, 32));
  if (bytesToHex(pair.publicKey) !== bytesToHex(privateKey.subarray(32))) {
    throw new Error('invalid ed25519 private key: its last 32 bytes are not the public key of its seed');
  }
  return pair;
}

/** PKCS#8 DER of an ed25519 private key, before its 32-byte seed (RFC 8410). */
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
/** the node:crypto key of each seed signed with (validator keys: a handful per process) */
const keyObjects = new Map<string, KeyObject>();
const KEY_OBJECTS_LIMIT = 1024;

/**
 * RFC 8032 ed25519 signature (deterministic: the same bytes whichever implementation makes them).
 * Node's own crypto signs natively, about 20 times faster than JavaScript: the node signs every
 * block's commit with each validator key it holds (property-tests check it against @noble/curves).
 */
export function ed25519Sign(seed: Uint8Array, message: Uint8Array): Uint8Array {
  if (seed.length !== ED25519_SEED_LENGTH) {
    throw new Error(`invalid ed25519 seed: expected ${ED25519_SEED_LENGTH} bytes, got ${seed.length}`);
  }
  return new Uint8Array(cryptoSign(null, message, privateKeyObject(seed)));
}

/** The node:crypto key of a 32-byte seed (kept: validator keys sign every block). */
function privateKeyObject(seed: Uint8Array): KeyObject {
  const id = Buffer.from(seed).toString('hex');
  let key = keyObjects.get(id);
  if (key === undefined) {
    key = createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
    if (keyObjects.size >= KEY_OBJECTS_LIMIT) keyObjects.clear();
    keyObjects.set(id, key);
  }
  return key;
}

/** The same signature by @noble/curves (the reference the native one is tested against). */
export function ed25519SignJs(seed: Uint8Array, message: Uint8Array): Uint8Array {
  return ed25519.sign(message, seed);
}

export function ed25519Verify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  if (publicKey.length !== ED25519_PUB_KEY_LENGTH || signature.length !== 64) return false;
  try {
    return ed25519.verify(signature, message, publicKey);
  } catch {
    return false;
  }
}

/** sha256(public key)[0:20]: consensus address, `stsds` address, node-id bytes. */
export function ed25519Address(publicKey: Uint8Array): Uint8Array {
  return sha256(publicKey).slice(0, 20);
}

/** CometBFT node ID (the `id` of `id@host:port`): lowercase hex of the address bytes. */
export function nodeId(publicKey: Uint8Array): string {
  return bytesToHex(ed25519Address(publicKey));
}

/** The `address` field of priv_validator_key.json: uppercase hex of the address bytes. */
export function validatorKeyAddressHex(publicKey: Uint8Array): string {
  return bytesToHex(ed25519Address(publicKey)).toUpperCase();
}
