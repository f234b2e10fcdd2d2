/**
 * libsecp256k1 (native) and @noble/curves must be interchangeable: for any key and message they
 * give the same public keys, the same deterministic low-S signatures and recovery ids, and the
 * same verdicts on valid, tampered, high-S and foreign signatures.
 */
import { secp256k1 as curve } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadSecp256k1Backend } from '../src/crypto/secp256k1-backend.ts';

const native = loadSecp256k1Backend('native');
const noble = loadSecp256k1Backend('noble');
const N = curve.Point.CURVE().n;
const HALF_N = N >> 1n;

const bigintTo32 = (x: bigint) => Uint8Array.from(Buffer.from(x.toString(16).padStart(64, '0'), 'hex'));
const privateKey = fc.bigInt({ min: 1n, max: N - 1n }).map(bigintTo32);
const digest = fc.uint8Array({ minLength: 32, maxLength: 32 });
const SEED = 0x5eed;

describe('secp256k1 backends agree', () => {
  it('on public keys, signatures and recovery ids', () => {
    fc.assert(
      fc.property(privateKey, digest, (priv, msg) => {
        expect(native.publicKey(priv, true)).toEqual(noble.publicKey(priv, true));
        expect(native.publicKey(priv, false)).toEqual(noble.publicKey(priv, false));
        const a = native.signDigest(msg, priv);
        const b = noble.signDigest(msg, priv);
        expect(a).toEqual(b);
        // low-S always
        expect(BigInt('0x' + Buffer.from(a.signature.subarray(32)).toString('hex')) <= HALF_N).toBe(true);
        const pub = native.publicKey(priv, true);
        expect(native.recoverPublicKey(a.signature, a.recovery, msg, true)).toEqual(pub);
        expect(noble.recoverPublicKey(b.signature, b.recovery, msg, true)).toEqual(pub);
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('on verdicts for valid, tampered, high-S and foreign-key signatures', () => {
    fc.assert(
      fc.property(privateKey, privateKey, digest, fc.nat(63), fc.integer({ min: 1, max: 255 }), (priv, other, msg, at, flip) => {
        const pub = native.publicKey(priv, true);
        const otherPub = native.publicKey(other, true);
        const { signature } = native.signDigest(msg, priv);
        const tampered = Uint8Array.from(signature);
        tampered[at] ^= flip;
        const s = BigInt('0x' + Buffer.from(signature.subarray(32)).toString('hex'));
        const highS = Uint8Array.from(signature);
        highS.set(bigintTo32(N - s), 32);
        const cases: [Uint8Array, Uint8Array, Uint8Array][] = [
          [signature, msg, pub],
          [tampered, msg, pub],
          [highS, msg, pub],
          [signature, msg, otherPub],
          [signature, keccak_256(msg), pub],
          [signature, msg, native.publicKey(priv, false)],
        ];
        for (const [sig, m, key] of cases) {
          expect(native.verifyDigest(sig, m, key)).toBe(noble.verifyDigest(sig, m, key));
        }
        expect(native.verifyDigest(signature, msg, pub)).toBe(true);
        expect(native.verifyDigest(highS, msg, pub)).toBe(false);
        expect(noble.verifyDigest(highS, msg, pub)).toBe(false);
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('on arbitrary 64-byte strings as signatures (no throw, same verdict)', () => {
    fc.assert(
      fc.property(privateKey, digest, fc.uint8Array({ minLength: 64, maxLength: 64 }), (priv, msg, junk) => {
        const pub = native.publicKey(priv, true);
        expect(native.verifyDigest(junk, msg, pub)).toBe(noble.verifyDigest(junk, msg, pub));
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});
