/**
 * The inclusion proof of a tx in its block (`tx`/`tx_search` with `prove`): CometBFT's
 * `Txs.Proof(i)` — the leaves are the tx hashes, the root is the header's data_hash, and the aunts
 * run from the leaf's sibling up to a child of the root (crypto/merkle `ProofsFromByteSlices`).
 */
import type { GoJsonValue } from '../../codec/go-json.ts';
import { base64 } from '../../codec/go-json.ts';
import { hashFromByteSlices, innerHash, leafHash, splitPoint } from '../../consensus/merkle.ts';
import { sha256Bytes } from '../../state/sha256.ts';

export interface MerkleProof {
  readonly total: number;
  readonly index: number;
  readonly leafHash: Uint8Array;
  /** bottom-up */
  readonly aunts: readonly Uint8Array[];
}

/** The root of `items` and the proof of `items[index]`. */
export function merkleProof(items: readonly Uint8Array[], index: number): { root: Uint8Array; proof: MerkleProof } {
  if (!Number.isInteger(index) || index < 0 || index >= items.length) {
    throw new Error(`merkle proof: index ${index} is outside the ${items.length} items`);
  }
  const aunts: Uint8Array[] = [];
  const walk = (from: number, to: number): Uint8Array => {
    if (to - from === 1) return leafHash(items[from]!);
    const mid = from + splitPoint(to - from);
    let left: Uint8Array;
    let right: Uint8Array;
    if (index < mid) {
      left = walk(from, mid);
      right = hashFromByteSlices(items.slice(mid, to));
      aunts.push(right);
    } else {
      left = hashFromByteSlices(items.slice(from, mid));
      right = walk(mid, to);
      aunts.push(left);
    }
    return innerHash(left, right);
  };
  const root = walk(0, items.length);
  return { root, proof: { total: items.length, index, leafHash: leafHash(items[index]!), aunts } };
}

/** TxProof JSON {root_hash, data, proof{total, index, leaf_hash, aunts}} of tx `index` among a block's txs. */
export function txProofJson(blockTxs: readonly Uint8Array[], index: number): GoJsonValue {
  const { root, proof } = merkleProof(blockTxs.map(sha256Bytes), index);
  // merkle.Proof's aunts are `omitempty`, but FlattenAunts returns a non-nil slice, so even a
  // single-tx block prints `"aunts":[]`
  const proofJson: GoJsonValue = {
    total: proof.total.toString(),
    index: proof.index.toString(),
    leaf_hash: base64(proof.leafHash),
    aunts: proof.aunts.map(base64),
  };
  return { root_hash: Buffer.from(root).toString('hex').toUpperCase(), data: base64(blockTxs[index]!), proof: proofJson };
}
