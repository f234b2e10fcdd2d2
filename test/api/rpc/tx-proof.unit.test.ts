// Tx inclusion proofs: every proof of every tx in blocks of 1..9 txs must verify, with a verifier
// written here after CometBFT's computeHashFromAunts (crypto/merkle/proof.go) over @noble sha256,
// against the header's data_hash as the consensus engine computes it.
import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { merkleProof, txProofJson } from '../../../src/api/rpc/tx-proof.ts';
import { dataHash } from '../../../src/consensus/header.ts';

const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => Array.from(p)));
const leaf = (item: Uint8Array) => sha256(concat(Uint8Array.of(0), item));
const inner = (l: Uint8Array, r: Uint8Array) => sha256(concat(Uint8Array.of(1), l, r));
const splitPoint = (n: number) => 2 ** Math.ceil(Math.log2(n) - 1);

function rootFromAunts(index: number, total: number, leafHash: Uint8Array, aunts: readonly Uint8Array[]): Uint8Array {
  if (total === 1) {
    expect(aunts).toHaveLength(0);
    return leafHash;
  }
  const left = splitPoint(total);
  const rest = aunts.slice(0, -1);
  const last = aunts[aunts.length - 1]!;
  return index < left ? inner(rootFromAunts(index, left, leafHash, rest), last) : inner(last, rootFromAunts(index - left, total - left, leafHash, rest));
}

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex').toUpperCase();

describe('tx proofs', () => {
  it('split point is the largest power of two below n', () => {
    expect([2, 3, 4, 5, 8, 9].map(splitPoint)).toEqual([1, 2, 2, 4, 4, 8]);
  });

  for (let n = 1; n <= 9; n++) {
    it(`every tx of a block with ${n} txs proves against data_hash`, () => {
      const txs = Array.from({ length: n }, (_, i) => Uint8Array.from(Buffer.from(`tx-${i}-${'x'.repeat(i)}`)));
      const root = hex(dataHash(txs));
      for (let i = 0; i < n; i++) {
        const json = txProofJson(txs, i) as { root_hash: string; data: string; proof: { total: string; index: string; leaf_hash: string; aunts: string[] } };
        expect(json.root_hash).toBe(root);
        expect(Buffer.from(json.data, 'base64')).toEqual(Buffer.from(txs[i]!));
        expect([json.proof.total, json.proof.index]).toEqual([String(n), String(i)]);
        const leafHash = Uint8Array.from(Buffer.from(json.proof.leaf_hash, 'base64'));
        expect(hex(leafHash)).toBe(hex(leaf(sha256(txs[i]!))));
        // present even when empty (a non-nil slice is not omitted by omitempty)
        expect(Array.isArray(json.proof.aunts)).toBe(true);
        if (n === 1) expect(json.proof.aunts).toEqual([]);
        const aunts = json.proof.aunts.map((a) => Uint8Array.from(Buffer.from(a, 'base64')));
        expect(hex(rootFromAunts(i, n, leafHash, aunts))).toBe(root);
      }
    });
  }

  it('refuses an index outside the items', () => {
    expect(() => merkleProof([Uint8Array.of(1)], 1)).toThrow('merkle proof: index 1 is outside the 1 items');
  });
});
