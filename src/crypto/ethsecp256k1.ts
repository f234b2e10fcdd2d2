/**
 * eth_secp256k1 keys, the chain's account keys (reference/wire-formats.md §1.2–1.4):
 * 32-byte scalar, 33-byte compressed public key, signatures over keccak256(sign bytes),
 * address = last 20 bytes of keccak256(uncompressed key without its 0x04 prefix).
 */
import { keccak256 } from './keccak.ts';
import { secp256k1 } from './secp256k1-backend.ts';

export const ETH_SECP256K1 = 'eth_secp256k1';
export const PRIV_KEY_LENGTH = 32;
export const PUB_KEY_LENGTH = 33;

/** Compressed public key of a private key. */
export function ethPubKey(privateKey: Uint8Array): Uint8Array {
  assertPrivateKey(privateKey);
  return secp256k1().publicKey(privateKey, true);
}

/** 64-byte r||s, low-S, over keccak256(message) — what stratos-sdk and cosmjs-style signers send. */
export function ethSign(privateKey: Uint8Array, message: Uint8Array): Uint8Array {
  return ethSignRecoverable(privateKey, message).slice(0, 64);
}

/** 65-byte r||s||v with v = recovery id 0/1, as go-ethereum `crypto.Sign` (what `stchaind` emits). */
export function ethSignRecoverable(privateKey: Uint8Array, message: Uint8Array): Uint8Array {
  assertPrivateKey(privateKey);
  const { signature, recovery } = secp256k1().signDigest(keccak256(message), privateKey);
  const out = new Uint8Array(65);
  out.set(signature);
  out[64] = recovery;
  return out;
}

/**
 * `PubKey.VerifySignature`: a 65-byte signature loses its last byte, the 64-byte r||s is checked
 * against keccak256(message); high-S is rejected. Any other length is false.
 */
export function ethVerify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  if (signature.length !== 64 && signature.length !== 65) return false;
  if (publicKey.length !== PUB_KEY_LENGTH) return false;
  return secp256k1().verifyDigest(signature.subarray(0, 64), keccak256(message), publicKey);
}

/** Account address bytes: keccak256(uncompressed key[1:])[12:32], the Ethereum address. */
export function ethAddress(publicKey: Uint8Array): Uint8Array {
  const uncompressed = publicKey.length === 65 ? publicKey : secp256k1().convertPublicKey(publicKey, false);
  return keccak256(uncompressed.subarray(1)).slice(12);
}

/** Signer key of a 65-byte signature (or 64 bytes plus a recovery id), as go-ethereum `Ecrecover`. */
export function ethRecoverPubKey(message: Uint8Array, signature: Uint8Array, recovery?: number): Uint8Array {
  const v = recovery ?? signature[64];
  if (v === undefined || (v !== 0 && v !== 1)) throw new Error(`invalid recovery id ${String(v)}: expected 0 or 1`);
  return secp256k1().recoverPublicKey(signature.subarray(0, 64), v, keccak256(message), true);
}

function assertPrivateKey(privateKey: Uint8Array): void {
  if (!secp256k1().isValidPrivateKey(privateKey)) {
    throw new Error(`invalid secp256k1 private key: expected a ${PRIV_KEY_LENGTH}-byte scalar between 1 and n-1`);
  }
}
