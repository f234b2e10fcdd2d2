import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../src/math/dec.ts';

/**
 * Dec against an exact rational model (reference/chain-semantics.md §0.2). The model works on
 * numerator/denominator bigints with floor division and a signed half-even rule, a different
 * route from the implementation's magnitude-based chopping.
 * Replay a failure with FC_SEED=<seed> (fast-check prints seed and path).
 */
const SEED = Number(process.env.FC_SEED ?? 20_240_601);
const RUNS = { seed: SEED, numRuns: 400 };

const E18 = 10n ** 18n;
const E36 = E18 * E18;

function floorDiv(n: bigint, d: bigint): bigint {
  const q = n / d;
  return n % d !== 0n && n < 0n !== d < 0n ? q - 1n : q;
}

/** trunc(n/d) toward zero, computed from floor. */
function truncQ(n: bigint, d: bigint): bigint {
  const f = floorDiv(n, d);
  return f < 0n && f * d !== n ? f + 1n : f;
}

/** ceil(n/d), d > 0. */
function ceilQ(n: bigint, d: bigint): bigint {
  return -floorDiv(-n, d);
}

/** Round half to even of the rational n/d (d > 0) on the signed value. */
function roundHalfEvenQ(n: bigint, d: bigint): bigint {
  const f = floorDiv(n, d);
  const twiceRem = 2n * (n - f * d);
  if (twiceRem < d) return f;
  if (twiceRem > d) return f + 1n;
  return f % 2n === 0n ? f : f + 1n;
}

/** Raw values: wide random, small (ties with 0.5), multiples of 0.5 and whole numbers. */
const rawArb = fc.oneof(
  fc.bigInt({ min: -(2n ** 180n), max: 2n ** 180n }),
  fc.bigInt({ min: -(10n ** 21n), max: 10n ** 21n }),
  fc.bigInt({ min: -200n, max: 200n }),
  fc.bigInt({ min: -1000n, max: 1000n }).map((k) => k * 5n * 10n ** 17n),
  fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }).map((k) => k * E18),
);
const decArb = rawArb.map((r) => Dec.fromRaw(r));
const nonZeroDecArb = decArb.filter((d) => !d.isZero());
const intArb = fc.oneof(fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }), fc.bigInt({ min: -10n, max: 10n }));

describe('Dec vs exact rationals', () => {
  it('add and sub are exact', () => {
    fc.assert(
      fc.property(decArb, decArb, (a, b) => {
        expect(a.add(b).raw).toBe(a.raw + b.raw);
        expect(a.sub(b).raw).toBe(a.raw - b.raw);
      }),
      RUNS,
    );
  });

  it('add is commutative and associative; mul is commutative', () => {
    fc.assert(
      fc.property(decArb, decArb, decArb, (a, b, c) => {
        expect(a.add(b).eq(b.add(a))).toBe(true);
        expect(a.add(b).add(c).eq(a.add(b.add(c)))).toBe(true);
        expect(a.mul(b).eq(b.mul(a))).toBe(true);
      }),
      RUNS,
    );
  });

  it('mul = round half-even of Va·Vb / 10^18, symmetric in sign', () => {
    fc.assert(
      fc.property(decArb, decArb, (a, b) => {
        expect(a.mul(b).raw).toBe(roundHalfEvenQ(a.raw * b.raw, E18));
        expect(a.neg().mul(b).raw).toBe(-a.mul(b).raw);
      }),
      RUNS,
    );
  });

  it('mulTruncate truncates and mulRoundUp rounds toward +∞ for positive products', () => {
    fc.assert(
      fc.property(decArb, decArb, (a, b) => {
        const p = a.raw * b.raw;
        expect(a.mulTruncate(b).raw).toBe(truncQ(p, E18));
        expect(a.mulRoundUp(b).raw).toBe(p < 0n ? truncQ(p, E18) : ceilQ(p, E18));
      }),
      RUNS,
    );
  });

  it('quo = round half-even of trunc(Va·10^36 / Vb) / 10^18, within one unit of the exact rounding', () => {
    fc.assert(
      fc.property(decArb, nonZeroDecArb, (a, b) => {
        const q = a.quo(b).raw;
        expect(q).toBe(roundHalfEvenQ(truncQ(a.raw * E36, b.raw), E18));
        // Rounding the exact value Va·10^18/Vb differs only when the truncation hit a tie.
        const exact = roundHalfEvenQ(a.raw * E18 * (b.raw < 0n ? -1n : 1n), b.raw < 0n ? -b.raw : b.raw);
        expect(q - exact <= 1n && exact - q <= 1n).toBe(true);
        expect(a.neg().quo(b).raw).toBe(-q);
      }),
      RUNS,
    );
  });

  it('quo matches the exact rounding whenever the divisor divides Va·10^36', () => {
    // Divisors 2^i·5^j (i, j ≤ 36) divide 10^36, so the first truncation is exact.
    const divisorArb = fc
      .tuple(fc.integer({ min: 0, max: 36 }), fc.integer({ min: 0, max: 36 }), fc.boolean())
      .map(([i, j, neg]) => Dec.fromRaw((neg ? -1n : 1n) * 2n ** BigInt(i) * 5n ** BigInt(j)));
    fc.assert(
      fc.property(decArb, divisorArb, (a, b) => {
        const sign = b.raw < 0n ? -1n : 1n;
        expect(a.quo(b).raw).toBe(roundHalfEvenQ(sign * a.raw * E18, sign * b.raw));
      }),
      RUNS,
    );
  });

  it('quoTruncate truncates and quoRoundUp follows math v1.3.0', () => {
    fc.assert(
      fc.property(decArb, nonZeroDecArb, (a, b) => {
        expect(a.quoTruncate(b).raw).toBe(truncQ(a.raw * E18, b.raw));
        const big = truncQ(a.raw * E36, b.raw);
        expect(a.quoRoundUp(b).raw).toBe(big < 0n ? truncQ(big, E18) : ceilQ(big, E18));
      }),
      RUNS,
    );
  });

  it('mulInt is exact and quoInt truncates toward zero', () => {
    fc.assert(
      fc.property(decArb, intArb, (a, i) => {
        expect(a.mulInt(i).raw).toBe(a.raw * i);
        if (i !== 0n) expect(a.quoInt(i).raw).toBe(truncQ(a.raw, i));
      }),
      RUNS,
    );
  });

  it('truncateInt truncates toward zero and roundInt rounds half-even', () => {
    fc.assert(
      fc.property(decArb, (a) => {
        expect(a.truncateInt()).toBe(truncQ(a.raw, E18));
        expect(a.roundInt()).toBe(roundHalfEvenQ(a.raw, E18));
        expect(a.ceil().raw).toBe(ceilQ(a.raw, E18) * E18);
        expect(a.truncateDec().raw).toBe(truncQ(a.raw, E18) * E18);
      }),
      RUNS,
    );
  });

  it('fromString(toString(x)) = x, and the text has exactly 18 decimals', () => {
    fc.assert(
      fc.property(decArb, (a) => {
        const s = a.toString();
        expect(s).toMatch(/^-?[0-9]+\.[0-9]{18}$/);
        expect(Dec.fromString(s).raw).toBe(a.raw);
        expect(Dec.fromProtoString(a.toProtoString()).raw).toBe(a.raw);
      }),
      RUNS,
    );
  });

  it('results beyond 315 bits throw instead of losing precision', () => {
    const wide = fc.bigInt({ min: -(2n ** 315n - 1n), max: 2n ** 315n - 1n }).map((r) => Dec.fromRaw(r));
    fc.assert(
      fc.property(wide, wide, (a, b) => {
        const limit = 2n ** 315n;
        const sum = a.raw + b.raw;
        if (sum >= limit || sum <= -limit) expect(() => a.add(b)).toThrow('Dec.add: Int overflow');
        else expect(a.add(b).raw).toBe(sum);
        const prod = roundHalfEvenQ(a.raw * b.raw, E18);
        if (prod >= limit || prod <= -limit) expect(() => a.mul(b)).toThrow('Dec.mul: Int overflow');
        else expect(a.mul(b).raw).toBe(prod);
      }),
      RUNS,
    );
  });
});
