/** Slices, upload packets and download pieces (reference/storage-network.md §1.4.2, §1.4.3, §7 items 4–5). */
import { describe, expect, it } from 'vitest';
import {
  downloadPieces,
  FILE_DATA_SAFE_SIZE,
  MAX_DOWNLOAD_PIECE,
  MAX_SLICE_SIZE,
  slicesOf,
  uploadPackets,
} from '../../../src/sds/protocol/transfer-plan.ts';

const pairs = (ranges: { start: number; end: number }[]) => ranges.map((r) => [r.start, r.end]);

describe('constants', () => {
  it('are the reference values', () => {
    expect(MAX_SLICE_SIZE).toBe(32 * 1024 * 1024);
    expect(FILE_DATA_SAFE_SIZE).toBe(3_500_000);
    expect(MAX_DOWNLOAD_PIECE).toBe(3 * 1024 * 1024);
  });
});

describe('slicesOf', () => {
  it('cuts 32 MiB slices, 1-based, the last one short', () => {
    expect(slicesOf(0)).toEqual([]);
    expect(slicesOf(1)).toEqual([{ sliceNumber: 1, start: 0, end: 1 }]);
    expect(slicesOf(MAX_SLICE_SIZE)).toEqual([{ sliceNumber: 1, start: 0, end: MAX_SLICE_SIZE }]);
    expect(slicesOf(100_000_000)).toEqual([
      { sliceNumber: 1, start: 0, end: 33_554_432 },
      { sliceNumber: 2, start: 33_554_432, end: 67_108_864 },
      { sliceNumber: 3, start: 67_108_864, end: 100_000_000 },
    ]);
  });

  it('refuses a size that is not a non-negative integer', () => {
    for (const bad of [-1, 1.5, Number.NaN, Infinity, 2 ** 53]) {
      expect(() => slicesOf(bad)).toThrow(`invalid file size ${bad}: expected a non-negative integer`);
      expect(() => uploadPackets(bad)).toThrow('invalid file size');
    }
  });
});

describe('uploadPackets (the packet-count table)', () => {
  it('10,485,760 bytes → 3 packets', () => {
    expect(pairs(uploadPackets(10_485_760))).toEqual([
      [0, 3_500_000],
      [3_500_000, 7_000_000],
      [7_000_000, 10_485_760],
    ]);
  });

  it('33,554,432 bytes → 10 packets, the last [31,500,000, 33,554,432)', () => {
    const p = uploadPackets(33_554_432);
    expect(p).toHaveLength(10);
    expect(p.at(-1)).toEqual({ sliceNumber: 1, start: 31_500_000, end: 33_554_432 });
  });

  it('33,554,433 bytes → 11 packets, the 11th [33554432, 33554433) in slice 2', () => {
    const p = uploadPackets(33_554_433);
    expect(p).toHaveLength(11);
    expect(p[10]).toEqual({ sliceNumber: 2, start: 33_554_432, end: 33_554_433 });
  });

  it('100,000,000 bytes → 30 packets (3 slices × 10), ending [98608864, 100000000)', () => {
    const p = uploadPackets(100_000_000);
    expect(p).toHaveLength(30);
    expect(p.at(-1)).toEqual({ sliceNumber: 3, start: 98_608_864, end: 100_000_000 });
    expect(p.filter((x) => x.sliceNumber === 2)).toHaveLength(10);
    expect(p[10]).toEqual({ sliceNumber: 2, start: 33_554_432, end: 37_054_432 });
  });

  it('the first packet is min(3,500,000, slice 1 end); 0 bytes → none', () => {
    expect(pairs(uploadPackets(1000))).toEqual([[0, 1000]]);
    expect(uploadPackets(0)).toEqual([]);
  });
});

describe('downloadPieces', () => {
  it('a full slice gives 11 pieces: 10 × 3 MiB and 2 MiB', () => {
    const p = downloadPieces(MAX_SLICE_SIZE);
    expect(p).toHaveLength(11);
    expect(p.slice(0, 10).every((x) => x.end - x.start === MAX_DOWNLOAD_PIECE)).toBe(true);
    expect(p[10]).toEqual({ sliceNumber: 1, start: 31_457_280, end: 33_554_432 });
  });

  it('never cross a slice; the docs 10 MB file starts [0, 3145728), [3145728, 6291456)', () => {
    expect(pairs(downloadPieces(10_000_000))).toEqual([
      [0, 3_145_728],
      [3_145_728, 6_291_456],
      [6_291_456, 9_437_184],
      [9_437_184, 10_000_000],
    ]);
    const p = downloadPieces(33_554_433);
    expect(p).toHaveLength(12);
    expect(p[11]).toEqual({ sliceNumber: 2, start: 33_554_432, end: 33_554_433 });
    expect(downloadPieces(0)).toEqual([]);
  });
});
