import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Rng } from '../src/sim/random/prng.ts';
import * as D from '../src/sim/random/distributions.ts';

const seedArb = fc.bigInt({ min: 0n, max: (1n << 64n) - 1n });
const take = (r: Rng, n: number): bigint[] => Array.from({ length: n }, () => r.nextUint64());

describe('sim random properties', () => {
  it('same seed gives same values', () => {
    fc.assert(fc.property(seedArb, fc.string(), (s, l) => {
      expect(take(Rng.fromSeed(s), 8)).toEqual(take(Rng.fromSeed(s), 8));
      expect(take(Rng.fromSeed(s).fork(l), 8)).toEqual(take(Rng.fromSeed(s).fork(l), 8));
    }));
  });
  it('different labels give different streams; forks ignore parent draws', () => {
    fc.assert(fc.property(seedArb, fc.string(), fc.string(), (s, a, b) => {
      fc.pre(a !== b);
      expect(take(Rng.fromSeed(s).fork(a), 4)).not.toEqual(take(Rng.fromSeed(s).fork(b), 4));
      const p = Rng.fromSeed(s);
      p.nextUint64();
      expect(take(p.fork(a), 4)).toEqual(take(Rng.fromSeed(s).fork(a), 4));
    }));
  });
  it('int, bigint, float, uniform ranges', () => {
    fc.assert(fc.property(seedArb, fc.integer(), fc.integer(), fc.bigInt(), fc.bigInt(), (s, a, b, c, d) => {
      const r = Rng.fromSeed(s);
      const [lo, hi] = a <= b ? [a, b] : [b, a];
      const x = r.int(lo, hi);
      expect(x >= lo && x <= hi && Number.isInteger(x)).toBe(true);
      const [blo, bhi] = c <= d ? [c, d] : [d, c];
      const y = r.bigint(blo, bhi);
      expect(y >= blo && y <= bhi).toBe(true);
      const f = r.nextFloat();
      expect(f >= 0 && f < 1).toBe(true);
      const u = D.uniform(r, lo, hi);
      expect(u >= lo && (u < hi || lo === hi)).toBe(true);
      const z = D.zipf(r, 1.2, 50);
      expect(z >= 1 && z <= 50 && Number.isInteger(z)).toBe(true);
      expect(D.exponential(r, 2) >= 0).toBe(true);
    }));
  });
  it('shuffle is a permutation', () => {
    fc.assert(fc.property(seedArb, fc.array(fc.integer()), (s, arr) => {
      const out = Rng.fromSeed(s).shuffle([...arr]);
      expect([...out].sort((p, q) => p - q)).toEqual([...arr].sort((p, q) => p - q));
    }));
  });
});
