/** ed25519 signatures and public keys by Node's crypto (the node's commits, its keys) equal @noble/curves' byte for byte. */
import { ed25519 } from '@noble/curves/ed25519.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ed25519KeyPairFromSeed, ed25519PublicKey, ed25519Sign, ed25519SignJs, ed25519Verify } from '../src/crypto/ed25519.ts';

describe('ed25519Sign (node:crypto) against @noble/curves', () => {
  it('the same signature for any seed and message, and it verifies', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.uint8Array({ maxLength: 300 }), (seed, message) => {
        const native = ed25519Sign(seed, message);
        expect(native).toStrictEqual(ed25519SignJs(seed, message));
        expect(ed25519Verify(ed25519KeyPairFromSeed(seed).publicKey, message, native)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('the same public key for any seed', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (seed) => {
        expect(ed25519PublicKey(seed)).toStrictEqual(ed25519.getPublicKey(seed));
      }),
      { numRuns: 300 },
    );
  });
});
