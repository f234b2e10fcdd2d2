/**
 * CometBFT's simple Merkle tree (crypto/merkle `HashFromByteSlices`, RFC 6962 §2.1): a leaf is
 * sha256(0x00 ‖ item), an inner node sha256(0x01 ‖ left ‖ right), n > 1 items split at the largest
 * power of two strictly below n, and the empty tree is sha256 of nothing. Every header hash, the
 * part set hash and the tx/commit/validator/result hashes are roots of this tree.
 */
import { createHash } from 'node:crypto';

const LEAF_PREFIX = Uint8Array.of(0);
const INNER_PREFIX = Uint8Array.of(1);

function sha256(...chunks: Uint8Array[]): Uint8Array {
  const h = createHash('sha256');
  for (const c of chunks) h.update(c);
  return new Uint8Array(h.digest());
}

/** sha256 of nothing: the root of an empty tree (E3B0C442…). */
export function emptyHash(): Uint8Array {
  return sha256();
}

export function leafHash(item: Uint8Array): Uint8Array {
  return sha256(LEAF_PREFIX, item);
}

export function innerHash(left: Uint8Array, right: Uint8Array): Uint8Array {
  return sha256(INNER_PREFIX, left, right);
}

/** The largest power of two strictly less than n (n ≥ 2). */
export function splitPoint(n: number): number {
  if (!Number.isInteger(n) || n < 2) throw new Error(`merkle split point: expected an integer ≥ 2, got ${n}`);
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** Root of the tree whose leaves are `items` in order. */
export function hashFromByteSlices(items: readonly Uint8Array[]): Uint8Array {
  if (items.length === 0) return emptyHash();
  if (items.length === 1) return leafHash(items[0]!);
  const k = splitPoint(items.length);
  return innerHash(hashFromByteSlices(items.slice(0, k)), hashFromByteSlices(items.slice(k)));
}
