/**
 * Passphrase-encrypted, ASCII-armored private keys, byte-compatible with the Cosmos SDK
 * (`crypto/armor.go` `EncryptArmorPrivKey` / `UnarmorDecryptPrivKey`), so a key exported by
 * `stchaind keys export` imports here and the other way round (with the real naming profile):
 *
 *   key  = sha256(bcrypt($2a$, cost 12, 16 random salt bytes, passphrase))  — the 60-char hash text
 *   body = nonce(24) ‖ xsalsa20-poly1305 secretbox(key, nonce, amino(private key))
 *   headers: kdf: bcrypt, salt: <uppercase hex of the 16 salt bytes>, type: <algo>
 */
import { xsalsa20poly1305 } from '@noble/ciphers/salsa.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import bcrypt from 'bcryptjs';
import { SdkErrors } from '../errors.ts';
import type { NamingProfile } from '../naming.ts';
import { NEUTRAL } from '../naming.ts';
import { aminoPrivKeyBytes, privKeyFromAminoBytes } from './amino.ts';
import { parseHex } from './hex.ts';
import type { PrivKey } from './keys.ts';
import { decodeArmor, encodeArmor } from './openpgp-armor.ts';

export const PRIV_KEY_BLOCK_TYPE = 'TENDERMINT PRIVATE KEY';
/** SDK `BcryptSecurityParameter` */
export const BCRYPT_COST = 12;
const SALT_LENGTH = 16;
const NONCE_LENGTH = 24;
/** The SDK reads a missing `type` header as the framework's secp256k1. */
const DEFAULT_ALGO = 'secp256k1';

export interface EncryptArmorOptions {
  /** naming profile of the amino type inside (default neutral; REAL for keys a real node imports) */
  readonly profile?: NamingProfile;
  /** fixed salt and nonce make the output reproducible (tests) */
  readonly salt?: Uint8Array;
  readonly nonce?: Uint8Array;
  readonly cost?: number;
}

/** bcrypt hash text of the passphrase with a raw 16-byte salt, as the SDK's bcrypt fork computes it. */
function bcryptKey(passphrase: string, salt: Uint8Array, cost: number): Uint8Array {
  const saltText = `$2a$${String(cost).padStart(2, '0')}$${bcrypt.encodeBase64(salt, SALT_LENGTH)}`;
  return sha256(utf8ToBytes(bcrypt.hashSync(passphrase, saltText)));
}

export function encryptArmorPrivKey(priv: PrivKey, passphrase: string, options: EncryptArmorOptions = {}): string {
  const salt = options.salt ?? randomBytes(SALT_LENGTH);
  const nonce = options.nonce ?? randomBytes(NONCE_LENGTH);
  if (salt.length !== SALT_LENGTH) throw new Error(`armor salt must be ${SALT_LENGTH} bytes, got ${salt.length}`);
  if (nonce.length !== NONCE_LENGTH) throw new Error(`armor nonce must be ${NONCE_LENGTH} bytes, got ${nonce.length}`);
  const key = bcryptKey(passphrase, salt, options.cost ?? BCRYPT_COST);
  const sealed = xsalsa20poly1305(key, nonce).encrypt(aminoPrivKeyBytes(priv, options.profile ?? NEUTRAL));
  const body = new Uint8Array(NONCE_LENGTH + sealed.length);
  body.set(nonce);
  body.set(sealed, NONCE_LENGTH);
  return encodeArmor(
    PRIV_KEY_BLOCK_TYPE,
    { kdf: 'bcrypt', salt: bytesToHex(salt).toUpperCase(), type: priv.algo },
    body,
  );
}

export interface DecryptedArmor {
  readonly privKey: PrivKey;
  /** the `type` header (default `secp256k1`), informational: the amino prefix decides the key type */
  readonly algo: string;
}

/**
 * Decrypts an armored private key. A wrong passphrase throws `SdkErrors.WrongPassword`
 * ("invalid account password"); malformed input throws a plain Error naming what is wrong.
 */
export function unarmorDecryptPrivKey(armor: string, passphrase: string): DecryptedArmor {
  const { blockType, headers, data } = decodeArmor(armor);
  if (blockType !== PRIV_KEY_BLOCK_TYPE) {
    throw new Error(`unrecognized armor type "${blockType}", expected "${PRIV_KEY_BLOCK_TYPE}"`);
  }
  if (headers.kdf !== 'bcrypt') throw new Error(`unrecognized KDF type: ${headers.kdf ?? '(none)'}; only bcrypt is supported`);
  if (!headers.salt) throw new Error('missing salt bytes');
  const salt = parseHex(headers.salt, 'armor salt', SALT_LENGTH);
  if (data.length <= NONCE_LENGTH + 16) throw new Error('armored private key is too short to hold a nonce and a sealed key');
  const key = bcryptKey(passphrase, salt, BCRYPT_COST);
  let plain: Uint8Array;
  try {
    plain = xsalsa20poly1305(key, data.subarray(0, NONCE_LENGTH)).decrypt(data.subarray(NONCE_LENGTH));
  } catch {
    throw SdkErrors.WrongPassword.error();
  }
  return { privKey: privKeyFromAminoBytes(plain), algo: headers.type || DEFAULT_ALGO };
}
