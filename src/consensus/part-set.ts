/**
 * Block part sets (types/part_set.go `NewPartSetFromData`): the Block proto is cut into
 * 65536-byte parts (the last one shorter); the part set hash is the Merkle root of the raw parts.
 * The block ID is the header hash plus this {total, hash}.
 */
import { hashFromByteSlices } from './merkle.ts';

/** `types.BlockPartSizeBytes`. */
export const BLOCK_PART_SIZE_BYTES = 65536;

export interface PartSetHeader {
  readonly total: number;
  readonly hash: Uint8Array;
}

export function splitParts(data: Uint8Array, partSize: number = BLOCK_PART_SIZE_BYTES): Uint8Array[] {
  if (!Number.isInteger(partSize) || partSize <= 0) throw new Error(`part size must be a positive integer, got ${partSize}`);
  const parts: Uint8Array[] = [];
  for (let at = 0; at < data.length; at += partSize) parts.push(data.subarray(at, Math.min(data.length, at + partSize)));
  return parts;
}

export function partSetHeader(data: Uint8Array, partSize: number = BLOCK_PART_SIZE_BYTES): PartSetHeader {
  const parts = splitParts(data, partSize);
  return { total: parts.length, hash: hashFromByteSlices(parts) };
}
