/** Vectors from cometbft v0.37.5 crypto/merkle/tree_test.go and rfc6962_test.go. */
import { describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { emptyHash, hashFromByteSlices, innerHash, leafHash, splitPoint } from '../../src/consensus/merkle.ts';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const bytes = (...n: number[]) => Uint8Array.from(n);

describe('hashFromByteSlices (CometBFT TestHashFromByteSlices)', () => {
  it.each([
    ['empty', [], 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['single', [bytes(1, 2, 3)], '054edec1d0211f624fed0cbca9d4f9400b0e491c43742af2c5b0abebf0c990d8'],
    ['single blank', [bytes()], '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d'],
    ['two', [bytes(1, 2, 3), bytes(4, 5, 6)], '82e6cfce00453804379b53962939eaa7906b39904be0813fcadd31b100773c4b'],
    ['many', [bytes(1, 2), bytes(3, 4), bytes(5, 6), bytes(7, 8), bytes(9, 10)], 'f326493eceab4f2d9ffbc78c59432a0a005d6ea98392045c74df5d14a113be18'],
  ] as const)('%s', (_name, items, expected) => {
    expect(hex(hashFromByteSlices(items))).toBe(expected);
  });
});

describe('RFC 6962 hasher (CometBFT TestRFC6962Hasher)', () => {
  it('empty tree, empty leaf, leaf, node', () => {
    expect(hex(emptyHash())).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hex(leafHash(bytes()))).toBe('6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d');
    expect(hex(leafHash(Buffer.from('L123456')))).toBe('395aa064aa4c29f7010acfe3f25db9485bbd4b91897b6ad7ad547639252b4d56');
    expect(hex(innerHash(Buffer.from('N123'), Buffer.from('N456')))).toBe('aa217fe888e47007fa15edab33c2b492a722cb106c64667fc2b044444de66bbb');
  });
});

describe('tree shape', () => {
  it('splits at the largest power of two strictly below n', () => {
    expect([2, 3, 4, 5, 8, 9, 16, 17].map(splitPoint)).toEqual([1, 2, 2, 4, 4, 8, 8, 16]);
    expect(() => splitPoint(1)).toThrow('merkle split point: expected an integer ≥ 2, got 1');
  });

  it('seven leaves: ((0 1)(2 3))((4 5) 6), computed independently with noble sha256', () => {
    const items = [0, 1, 2, 3, 4, 5, 6].map((i) => bytes(i));
    const leaf = (b: Uint8Array) => sha256(Uint8Array.of(0, ...b));
    const inner = (l: Uint8Array, r: Uint8Array) => sha256(Uint8Array.of(1, ...l, ...r));
    const [a, b, c, d, e, f, g] = items.map(leaf);
    const expected = inner(inner(inner(a!, b!), inner(c!, d!)), inner(inner(e!, f!), g!));
    expect(hex(hashFromByteSlices(items))).toBe(hex(expected));
  });
});
