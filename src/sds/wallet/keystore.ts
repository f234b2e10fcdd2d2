/**
 * Wallet files of a resource node's home (`accounts/<address>.json`): Ethereum keystore v3 JSON —
 * scrypt → 32-byte derived key, AES-128-CTR over the secret with its first 16 bytes, MAC =
 * keccak256(derivedKey[16:32] ‖ ciphertext) — with `address` holding the bech32 address.
 * We write scrypt N = 4096, r = 8, p = 6 (go-ethereum's "light" parameters: fast for tests and
 * local networks, weaker against brute force than the standard N = 262144, p = 1); reading
 * accepts any scrypt parameters and the pbkdf2 (hmac-sha256) variant of the format.
 */
import { pbkdf2Sync, randomUUID, scryptSync } from 'node:crypto';
import { ctr } from '@noble/ciphers/aes.js';
import { scrypt } from '@noble/hashes/scrypt.js';
import { keccak256 } from '../../crypto/keccak.ts';
import { bytesToHex, concatBytes, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/** go-ethereum `LightScryptN` / `LightScryptP` */
export const KEYSTORE_SCRYPT = Object.freeze({ n: 4096, r: 8, p: 6, dklen: 32 });

export const WRONG_PASSWORD = 'could not decrypt key with given password';

export interface ScryptParams {
  readonly dklen: number;
  readonly n: number;
  readonly r: number;
  readonly p: number;
  readonly salt: string;
}

export interface KeystoreCrypto {
  readonly cipher: 'aes-128-ctr';
  readonly ciphertext: string;
  readonly cipherparams: { readonly iv: string };
  readonly kdf: 'scrypt';
  readonly kdfparams: ScryptParams;
  readonly mac: string;
}

export interface KeystoreJson {
  readonly address: string;
  readonly crypto: KeystoreCrypto;
  readonly id: string;
  readonly version: 3;
  readonly name?: string;
}

/** The most memory a keystore's scrypt may ask for (128 · N · r bytes): 1 GiB. */
const SCRYPT_MAX_MEMORY = 2 ** 30;

/**
 * node's scrypt (OpenSSL) is ~20× faster than the pure-JS one, which matters on a loaded box; OpenSSL
 * refuses N ≥ 2^(16·r) (e.g. the Web3 test vector's N = 2^18, r = 1), so those go to @noble/hashes.
 */
function deriveScrypt(password: string, p: Omit<ScryptParams, 'salt'>, salt: Uint8Array): Uint8Array {
  const memory = 128 * p.n * p.r;
  if (memory > SCRYPT_MAX_MEMORY) throw new Error(`invalid keystore: scrypt n = ${p.n}, r = ${p.r} need more than 1 GiB of memory`);
  if (p.n >= 2 ** (16 * p.r)) {
    return scrypt(utf8ToBytes(password), salt, { N: p.n, r: p.r, p: p.p, dkLen: p.dklen, maxmem: 2 * memory + 2 ** 20 });
  }
  const key = scryptSync(utf8ToBytes(password), salt, p.dklen, { N: p.n, r: p.r, p: p.p, maxmem: 2 * memory + 128 * p.r * p.p + 2 ** 20 });
  return new Uint8Array(key.buffer, key.byteOffset, key.length);
}

function mac(derivedKey: Uint8Array, ciphertext: Uint8Array): Uint8Array {
  return keccak256(concatBytes(derivedKey.subarray(16, 32), ciphertext));
}

/** Encrypts `secret` (e.g. a 32-byte private key) under `password`. */
export function encryptKeystore(secret: Uint8Array, password: string, address: string, name?: string): KeystoreJson {
  const salt = randomBytes(32);
  const iv = randomBytes(16);
  const derivedKey = deriveScrypt(password, KEYSTORE_SCRYPT, salt);
  const ciphertext = ctr(derivedKey.slice(0, 16), iv).encrypt(secret);
  const json: KeystoreJson = {
    address,
    crypto: {
      cipher: 'aes-128-ctr',
      ciphertext: bytesToHex(ciphertext),
      cipherparams: { iv: bytesToHex(iv) },
      kdf: 'scrypt',
      kdfparams: { ...KEYSTORE_SCRYPT, salt: bytesToHex(salt) },
      mac: bytesToHex(mac(derivedKey, ciphertext)),
    },
    id: randomUUID(),
    version: 3,
  };
  return name === undefined ? json : { ...json, name };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function hexField(obj: Record<string, unknown>, key: string, what: string): Uint8Array {
  const v = obj[key];
  if (typeof v !== 'string' || v.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(v)) {
    throw new Error(`invalid keystore: ${what} is not hex`);
  }
  return Uint8Array.from(Buffer.from(v, 'hex'));
}

function intField(obj: Record<string, unknown>, key: string, what: string, min: number, max: number): number {
  const v = obj[key];
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min || v > max) {
    throw new Error(`invalid keystore: ${what} must be an integer from ${min} to ${max}`);
  }
  return v;
}

/** The secret of a v3 keystore; wrong password → Error('could not decrypt key with given password') */
export function decryptKeystore(json: unknown, password: string): Uint8Array {
  if (!isObject(json)) throw new Error('invalid keystore: not a JSON object');
  if (json.version !== 3) throw new Error(`invalid keystore: version ${JSON.stringify(json.version ?? null)} is not 3`);
  const c = isObject(json.crypto) ? json.crypto : isObject(json.Crypto) ? json.Crypto : undefined;
  if (c === undefined) throw new Error('invalid keystore: no "crypto" object');
  if (c.cipher !== 'aes-128-ctr') throw new Error(`invalid keystore: cipher ${JSON.stringify(c.cipher ?? null)} is not aes-128-ctr`);
  if (!isObject(c.cipherparams)) throw new Error('invalid keystore: no "cipherparams" object');
  if (!isObject(c.kdfparams)) throw new Error('invalid keystore: no "kdfparams" object');
  const iv = hexField(c.cipherparams, 'iv', 'cipherparams.iv');
  if (iv.length !== 16) throw new Error(`invalid keystore: cipherparams.iv has ${iv.length} bytes, expected 16`);
  const ciphertext = hexField(c, 'ciphertext', 'ciphertext');
  const expectedMac = hexField(c, 'mac', 'mac');
  const kp = c.kdfparams;
  const salt = hexField(kp, 'salt', 'kdfparams.salt');
  const dklen = intField(kp, 'dklen', 'kdfparams.dklen', 32, 64);
  let derivedKey: Uint8Array;
  if (c.kdf === 'scrypt') {
    const n = intField(kp, 'n', 'kdfparams.n', 2, 2 ** 22);
    if ((n & (n - 1)) !== 0) throw new Error('invalid keystore: kdfparams.n must be a power of 2');
    const r = intField(kp, 'r', 'kdfparams.r', 1, 64);
    const p = intField(kp, 'p', 'kdfparams.p', 1, 64);
    derivedKey = deriveScrypt(password, { n, r, p, dklen }, salt);
  } else if (c.kdf === 'pbkdf2') {
    if (kp.prf !== 'hmac-sha256') throw new Error(`invalid keystore: unsupported pbkdf2 prf ${JSON.stringify(kp.prf ?? null)}`);
    const iterations = intField(kp, 'c', 'kdfparams.c', 1, 10_000_000);
    derivedKey = new Uint8Array(pbkdf2Sync(utf8ToBytes(password), salt, iterations, dklen, 'sha256'));
  } else {
    throw new Error(`invalid keystore: unsupported kdf ${JSON.stringify(c.kdf ?? null)}`);
  }
  if (bytesToHex(mac(derivedKey, ciphertext)) !== bytesToHex(expectedMac)) throw new Error(WRONG_PASSWORD);
  return ctr(derivedKey.slice(0, 16), iv).decrypt(ciphertext);
}
