/** The one-shot Keccak-256 (WebAssembly once ready) equals @noble/hashes' for any bytes, and each digest is the caller's own. */
import { keccak_256 } from '@noble/hashes/sha3.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keccak256, keccakReady } from '../src/crypto/keccak.ts';

describe('keccak256 against @noble/hashes', () => {
  it('the same digest before and after the WebAssembly hasher is ready', async () => {
    const before = Uint8Array.from([1, 2, 3]);
    expect(keccak256(before)).toStrictEqual(keccak_256(before)); // the first call: JavaScript, and the WebAssembly one starts
    await keccakReady();
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), fc.uint8Array({ maxLength: 200 }), (a, b) => {
        const da = keccak256(a);
        const db = keccak256(b);
        expect(da).toStrictEqual(keccak_256(a));
        expect(db).toStrictEqual(keccak_256(b));
        expect(keccak256(a)).toStrictEqual(da); // the second hash did not write over the first digest
      }),
      { numRuns: 300 },
    );
    // the empty input: the code hash of an account without code
    expect(Buffer.from(keccak256(new Uint8Array(0))).toString('hex')).toBe('c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
  });
});
