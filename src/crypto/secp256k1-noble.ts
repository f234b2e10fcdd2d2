/** Pure-JS secp256k1 backend (@noble/curves); the fallback when libsecp256k1 cannot load. */
import { secp256k1 as curve } from '@noble/curves/secp256k1.js';
import type { Secp256k1Backend } from './secp256k1-backend.ts';

// Digests are already hashed by the key type (keccak256 or sha256): no prehash, low-S as
// libsecp256k1 and go-ethereum (reference/wire-formats.md §1.3).
const SIGN = { prehash: false, lowS: true, format: 'recovered' } as const;
const VERIFY = { prehash: false, lowS: true } as const;

export const nobleSecp256k1: Secp256k1Backend = Object.freeze({
  name: 'noble' as const,
  isValidPrivateKey(privateKey: Uint8Array): boolean {
    return privateKey.length === 32 && curve.utils.isValidSecretKey(privateKey);
  },
  isValidPublicKey(publicKey: Uint8Array): boolean {
    return (publicKey.length === 33 || publicKey.length === 65) && curve.utils.isValidPublicKey(publicKey, publicKey.length === 33);
  },
  publicKey(privateKey: Uint8Array, compressed: boolean): Uint8Array {
    return curve.getPublicKey(privateKey, compressed);
  },
  convertPublicKey(publicKey: Uint8Array, compressed: boolean): Uint8Array {
    return curve.Point.fromBytes(publicKey).toBytes(compressed);
  },
  signDigest(digest: Uint8Array, privateKey: Uint8Array) {
    const recovered = curve.sign(digest, privateKey, SIGN);
    // noble's "recovered" format puts the recovery byte first
    return { signature: recovered.slice(1), recovery: recovered[0] };
  },
  verifyDigest(signature: Uint8Array, digest: Uint8Array, publicKey: Uint8Array): boolean {
    if (signature.length !== 64 || digest.length !== 32) return false;
    try {
      return curve.verify(signature, digest, publicKey, VERIFY);
    } catch {
      return false;
    }
  },
  recoverPublicKey(signature: Uint8Array, recovery: number, digest: Uint8Array, compressed: boolean): Uint8Array {
    const sig = curve.Signature.fromBytes(signature, 'compact').addRecoveryBit(recovery);
    return sig.recoverPublicKey(digest).toBytes(compressed);
  },
});
