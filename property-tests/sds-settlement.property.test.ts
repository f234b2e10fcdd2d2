/**
 * The epoch settlement (src/sds/settlement.ts) for any traffic and any share: nothing is lost or
 * invented, the reported volume reaches the share, no reported wallet is superfluous, and the
 * report runs largest first (ties by address).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { settleEpoch } from '../src/sds/settlement.ts';

const SEED = 20261125;

const trafficArb = fc
  .uniqueArray(
    fc.record({
      wallet: fc.stringMatching(/^st1[a-z0-9]{1,6}$/),
      volume: fc.oneof(fc.constant(0n), fc.bigInt({ min: 0n, max: 1000n }), fc.bigInt({ min: 0n, max: 10n ** 30n })),
    }),
    { selector: (e) => e.wallet, maxLength: 30 },
  )
  .map((es) => new Map(es.map((e) => [e.wallet, e.volume])));

const bpArb = fc.oneof(fc.integer({ min: 1, max: 10000 }), fc.constantFrom(1, 5000, 8000, 9999, 10000));

describe('settleEpoch, for any traffic', () => {
  it('reported + carried = the non-zero volumes of the input, exactly; total = their sum', () => {
    fc.assert(
      fc.property(trafficArb, bpArb, (traffic, bp) => {
        const s = settleEpoch(traffic, bp);
        const nonZero = new Map([...traffic].filter(([, v]) => v > 0n));
        const back = new Map<string, bigint>(s.carried);
        for (const r of s.reported) {
          expect(back.has(r.wallet_address)).toBe(false);
          back.set(r.wallet_address, r.volume);
        }
        expect(back).toEqual(nonZero);
        expect(s.total).toBe([...nonZero.values()].reduce((a, b) => a + b, 0n));
        for (const v of s.carried.values()) expect(v > 0n).toBe(true);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  it('the reported sum reaches share × total; without the smallest reported wallet it would not', () => {
    fc.assert(
      fc.property(trafficArb, bpArb, (traffic, bp) => {
        const s = settleEpoch(traffic, bp);
        const sum = s.reported.reduce((a, r) => a + r.volume, 0n);
        const need = s.total * BigInt(bp);
        expect(sum * 10000n >= need).toBe(true);
        if (s.reported.length > 0) {
          const smallest = s.reported[s.reported.length - 1]!.volume;
          expect((sum - smallest) * 10000n < need).toBe(true);
        } else {
          expect(s.total).toBe(0n);
        }
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  it('reports by volume, largest first, ties by address; every carried volume ≤ the smallest reported', () => {
    fc.assert(
      fc.property(trafficArb, bpArb, (traffic, bp) => {
        const s = settleEpoch(traffic, bp);
        for (let i = 1; i < s.reported.length; i++) {
          const [a, b] = [s.reported[i - 1]!, s.reported[i]!];
          expect(a.volume > b.volume || (a.volume === b.volume && a.wallet_address < b.wallet_address)).toBe(true);
        }
        const last = s.reported[s.reported.length - 1];
        for (const [w, v] of s.carried) {
          expect(last !== undefined && (v < last.volume || (v === last.volume && w > last.wallet_address))).toBe(true);
        }
      }),
      { seed: SEED, numRuns: 500 },
    );
  });
});
