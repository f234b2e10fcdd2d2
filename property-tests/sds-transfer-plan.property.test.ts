/**
 * Upload packets and download pieces (reference/storage-network.md §1.4.2–1.4.3) for any file size:
 * they cover [0, size) exactly, in order, each within its limit and inside one 32 MiB slice.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SliceRange } from '../src/sds/protocol/transfer-plan.ts';
import { downloadPieces, FILE_DATA_SAFE_SIZE, MAX_DOWNLOAD_PIECE, MAX_SLICE_SIZE, slicesOf, uploadPackets } from '../src/sds/protocol/transfer-plan.ts';

const SEED = 20261125;

function checkPlan(size: number, plan: SliceRange[], limit: number): void {
  let at = 0;
  for (const r of plan) {
    expect(r.start).toBe(at);
    expect(r.end).toBeGreaterThan(r.start);
    expect(r.end - r.start).toBeLessThanOrEqual(limit);
    expect(r.sliceNumber).toBe(Math.floor(r.start / MAX_SLICE_SIZE) + 1);
    expect(Math.floor((r.end - 1) / MAX_SLICE_SIZE) + 1).toBe(r.sliceNumber);
    at = r.end;
  }
  expect(at).toBe(size);
  // only a range that ends a slice (or the file) may be short
  for (const r of plan) {
    if (r.end - r.start < limit) expect(r.end === size || r.end % MAX_SLICE_SIZE === 0).toBe(true);
  }
}

const sizeArb = fc.oneof(
  fc.integer({ min: 0, max: 10 * MAX_SLICE_SIZE }),
  fc.integer({ min: 1, max: 12 }).chain((k) => fc.integer({ min: -3, max: 3 }).map((d) => Math.max(0, k * MAX_SLICE_SIZE + d))),
  fc.integer({ min: 0, max: 40 }).map((k) => k * FILE_DATA_SAFE_SIZE),
);

describe('transfer plans', () => {
  it('packets cover [0, size) exactly, in order, within limits, never across a slice', () => {
    fc.assert(
      fc.property(sizeArb, (size) => {
        checkPlan(size, uploadPackets(size), FILE_DATA_SAFE_SIZE);
        checkPlan(size, downloadPieces(size), MAX_DOWNLOAD_PIECE);
        checkPlan(size, slicesOf(size), MAX_SLICE_SIZE);
        expect(slicesOf(size)).toHaveLength(Math.ceil(size / MAX_SLICE_SIZE));
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});
