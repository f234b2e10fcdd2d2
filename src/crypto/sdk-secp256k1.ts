/**
 * The framework's plain `secp256k1` keys (Cosmos style), still accepted by the chain and by the
 * keyring (`--algo secp256k1`): signatures over sha256(sign bytes), exactly 64-byte r||s low-S,
 * address = ripemd160(sha256(33-byte key)) — reference/wire-formats.md §1.3–1.4.
 */
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { secp256k1 } from './secp256k1-backend.ts';

export const SDK_SECP256K1 = 'secp256k1';

export function sdkSecp256k1PubKey(privateKey: Uint8Array): Uint8Array {
  if (!secp256k1().isValidPrivateKey(privateKey)) {
    throw new Error('invalid secp256k1 private key: expected a 32-byte scalar between 1 and n-1');
  }
  return secp256k1().publicKey(privateKey, true);
}

export function sdkSecp256k1Sign(privateKey: Uint8Array, message: Uint8Array): Uint8Array {
  sdkSecp256k1PubKey(privateKey); // validates the key
  return secp256k1().signDigest(sha256(message), privateKey).signature;
}

/** SDK `secp256k1.PubKey.VerifySignature`: exactly 64 bytes, low-S, over sha256. */
export function sdkSecp256k1Verify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  if (signature.length !== 64 || publicKey.length !== 33) return false;
  return secp256k1().verifyDigest(signature, sha256(message), publicKey);
}

export function sdkSecp256k1Address(publicKey: Uint8Array): Uint8Array {
  return ripemd160(sha256(publicKey));
}
