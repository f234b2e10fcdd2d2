import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/sim/random/prng.ts';
import * as D from '../../../src/sim/random/distributions.ts';

const mean = (f: (r: Rng) => number): number => {
  const r = Rng.fromSeed(7);
  let s = 0;
  for (let i = 0; i < 100_000; i++) s += f(r);
  return s / 100_000;
};

describe('exact statistics over 100,000 draws, seed 7', () => {
  it('normal(10, 2)', () => expect(mean((r) => D.normal(r, 10, 2))).toBe(10.010572100249446));
  it('exponential(3)', () => expect(mean((r) => D.exponential(r, 3))).toBe(3.001815801206075));
  it('lognormal(0, 0.5)', () => expect(mean((r) => D.lognormal(r, 0, 0.5))).toBe(1.1346580377013313));
  it('zipf(1.1, 10) histogram', () => {
    const r = Rng.fromSeed(7);
    const c = new Array<number>(11).fill(0);
    for (let i = 0; i < 100_000; i++) c[D.zipf(r, 1.1, 10)]++;
    expect(c).toEqual([0, 37530, 17345, 11030, 8098, 6360, 5222, 4277, 3749, 3344, 3045]);
  });
  it('choice with weights 1:2:7', () => {
    const r = Rng.fromSeed(7);
    const c = [0, 0, 0];
    for (let i = 0; i < 100_000; i++) c[D.choice(r, [0, 1, 2], [1, 2, 7])]++;
    expect(c).toEqual([9971, 20273, 69756]);
  });
});

describe('amounts', () => {
  it('scaleExact is the exact floor of x * scale', () => {
    expect(D.scaleExact(0.1, 10n ** 18n)).toBe(100000000000000005n);
    expect(D.scaleExact(-0.1, 10n ** 18n)).toBe(-100000000000000006n);
    expect(D.scaleExact(1.5, 10n ** 18n)).toBe(1500000000000000000n);
    expect(D.scaleExact(0, 10n ** 18n)).toBe(0n);
    expect(D.scaleExact(2 ** 70, 1n)).toBe(1n << 70n);
    expect(D.scaleExact(Number.MIN_VALUE, 1n)).toBe(0n);
  });
  it('sampleAmount golden', () => {
    const r = Rng.fromSeed(7);
    const d: D.Distribution = { uniform: { min: 1, max: 2 } };
    expect([0, 1, 2].map(() => D.sampleAmount(d, r, 10n ** 18n))).toEqual([
      1700576482179689596n, 1278751229473784167n, 1839627461876419900n,
    ]);
  });
});

describe('sample and errors', () => {
  it('constant and clamped normal', () => {
    const r = Rng.fromSeed(3);
    expect(D.sample({ constant: 5 }, r)).toBe(5);
    for (let i = 0; i < 1000; i++) {
      const x = D.sample({ normal: { mean: 0, sd: 10, min: -1, max: 1 } }, r);
      expect(x >= -1 && x <= 1).toBe(true);
    }
  });
  it('error texts', () => {
    const r = Rng.fromSeed(3);
    expect(() => D.uniform(r, 2, 1)).toThrow('uniform: min 2 > max 1');
    expect(() => D.normal(r, 0, -1)).toThrow('normal: sd must be >= 0, got -1');
    expect(() => D.exponential(r, 0)).toThrow('exponential: mean must be > 0, got 0');
    expect(() => D.zipf(r, 1, 0)).toThrow('zipf: n must be an integer in [1, 1000000], got 0');
    expect(() => D.choice(r, [])).toThrow('choice: values must not be empty');
    expect(() => D.choice(r, [1, 2], [1])).toThrow('choice: 2 values but 1 weights');
    expect(() => D.choice(r, [1], [0])).toThrow('choice: weights must have a positive sum');
    expect(() => D.sample({ constant: NaN }, r)).toThrow('constant must be a finite number, got NaN');
    expect(() => D.scaleExact(1, 0n)).toThrow('scale must be >= 1, got 0');
  });
});
