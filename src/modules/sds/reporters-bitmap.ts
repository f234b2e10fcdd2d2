/**
 * The `reporters` bitmap of a FileInfo (reference/chain-semantics.md §2.3, kelindar/bitmap): little-
 * endian uint64 words; bit i is byte i/8, bit i%8 (LSB first); the length is 8 × the number of
 * words, grown to hold the highest bit set.
 */

/** `bitmap | (1 << index)` as bytes; `bytes` is not modified. A trailing partial word is dropped, as the Go cast does. */
export function setReporterBit(bytes: Uint8Array, index: number): Uint8Array {
  if (!Number.isInteger(index) || index < 0) throw new Error(`reporter index must be a non-negative integer, got ${index}`);
  const words = Math.floor(bytes.length / 8);
  const needWords = Math.max(words, Math.floor(index / 64) + 1);
  const out = new Uint8Array(needWords * 8);
  out.set(bytes.subarray(0, words * 8));
  out[index >> 3]! |= 1 << (index & 7);
  return out;
}

/** The indexes of the bits set, ascending. */
export function reporterBits(bytes: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < bytes.length * 8; i++) if ((bytes[i >> 3]! >> (i & 7)) & 1) out.push(i);
  return out;
}
