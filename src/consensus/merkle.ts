/**
 * CometBFT's simple Merkle tree (crypto/merkle `HashFromByteSlices`, RFC 6962 §2.1): a leaf is
 * sha256(0x00 ‖ item), an inner node sha256(0x01 ‖ left ‖ right), n > 1 items split at the largest
 * power of two strictly below n, and the empty tree is sha256 of nothing. Every header hash, the
 * part set hash and the tx/commit/validator/result hashes are roots of this tree.
 */
import { sha256Bytes } from '../state/sha256.ts';

const LEAF_PREFIX = 0;
const INNER_PREFIX = 1;

/** sha256 of nothing: the root of an empty tree (E3B0C442…). */
export function emptyHash(): Uint8Array {
  return sha256Bytes(new Uint8Array(0));
}

export function leafHash(item: Uint8Array): Uint8Array {
  const input = new Uint8Array(1 + item.length);
  input[0] = LEAF_PREFIX;
  input.set(item, 1);
  return sha256Bytes(input);
}

export function innerHash(left: Uint8Array, right: Uint8Array): Uint8Array {
  const input = new Uint8Array(1 + left.length + right.length);
  input[0] = INNER_PREFIX;
  input.set(left, 1);
  input.set(right, 1 + left.length);
  return sha256Bytes(input);
}

/** The largest power of two strictly less than n (n ≥ 2). */
export function splitPoint(n: number): number {
  if (!Number.isInteger(n) || n < 2) throw new Error(`merkle split point: expected an integer ≥ 2, got ${n}`);
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/**
 * Root of the tree whose leaves are `items` in order. Computed level by level: pairing neighbours
 * and carrying an odd last node up unchanged builds the same tree as splitting at the largest power
 * of two below n (the left part is always a full tree), without the recursion's slices.
 */
export function hashFromByteSlices(items: readonly Uint8Array[]): Uint8Array {
  if (items.length === 0) return emptyHash();
  let level: Uint8Array[] = items.map(leafHash);
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i + 1 < level.length; i += 2) next.push(innerHash(level[i]!, level[i + 1]!));
    if (level.length % 2 === 1) next.push(level[level.length - 1]!);
    level = next;
  }
  return level[0]!;
}
