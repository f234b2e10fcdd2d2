/**
 * How a file moves through the resource-node RPC (reference/storage-network.md §1.4.2, §1.4.3):
 * 32 MiB slices; upload packets of at most 3,500,000 bytes and download pieces of at most 3 MiB,
 * neither ever crossing a slice boundary. Offsets are absolute positions in the file.
 */

/** `MaxSliceSize`: 32 MiB */
export const MAX_SLICE_SIZE = 33_554_432;
/** `FILE_DATA_SAFE_SIZE`: the most bytes one UPLOAD_DATA reply asks for (base64 stays under 5 MiB) */
export const FILE_DATA_SAFE_SIZE = 3_500_000;
/** `MaxData`: the most bytes one download piece carries (3 MiB) */
export const MAX_DOWNLOAD_PIECE = 3_145_728;
/** at most this many uploads at once on a node (`MAX_NUMBER_FILE_UPLOAD_AT_SAME_TIME`); a client keeps to it too */
export const MAX_CONCURRENT_UPLOADS = 20;

/** [start, end) absolute file offsets */
export interface Range {
  readonly start: number;
  readonly end: number;
}

export interface SliceRange extends Range {
  /** 1-based */
  readonly sliceNumber: number;
}

function checkSize(fileSize: number): void {
  if (!Number.isSafeInteger(fileSize) || fileSize < 0) {
    throw new Error(`invalid file size ${String(fileSize)}: expected a non-negative integer`);
  }
}

/** Slice i (1-based) covers [(i−1)·32 MiB, min(i·32 MiB, size)); a 0-byte file has none. */
export function slicesOf(fileSize: number): SliceRange[] {
  checkSize(fileSize);
  const out: SliceRange[] = [];
  for (let start = 0, n = 1; start < fileSize; start += MAX_SLICE_SIZE, n++) {
    out.push({ sliceNumber: n, start, end: Math.min(start + MAX_SLICE_SIZE, fileSize) });
  }
  return out;
}

function cut(fileSize: number, limit: number): SliceRange[] {
  const out: SliceRange[] = [];
  for (const slice of slicesOf(fileSize)) {
    for (let start = slice.start; start < slice.end; start += limit) {
      out.push({ sliceNumber: slice.sliceNumber, start, end: Math.min(start + limit, slice.end) });
    }
  }
  return out;
}

/** The UPLOAD_DATA requests in order: ≤ 3,500,000 bytes, never across a slice. */
export function uploadPackets(fileSize: number): SliceRange[] {
  return cut(fileSize, FILE_DATA_SAFE_SIZE);
}

/** The download pieces: ≤ 3 MiB, never across a slice (a full slice gives 11). */
export function downloadPieces(fileSize: number): SliceRange[] {
  return cut(fileSize, MAX_DOWNLOAD_PIECE);
}
