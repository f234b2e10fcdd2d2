/**
 * The epoch settlement (src/sds/settlement.ts, docs/storage-network.md "Settlement"): the wallets
 * making up the top share of the epoch's traffic are reported, largest first, ties by address;
 * the rest carries over. Exact outputs for each rule.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTLE_BASIS_POINTS, settleEpoch } from '../../src/sds/settlement.ts';

const vols = (o: Record<string, number | bigint>): Map<string, bigint> => new Map(Object.entries(o).map(([k, v]) => [k, BigInt(v)]));

describe('settleEpoch', () => {
  it('defaults to the top 80 %', () => {
    expect(DEFAULT_SETTLE_BASIS_POINTS).toBe(8000);
  });

  it('takes wallets, largest first, until the taken volume reaches at least 80 % of the total; the rest carries over', () => {
    // given 50 + 30 + 15 + 5 = 100: 50 < 80, 50 + 30 = 80 ≥ 80 → stop
    const s = settleEpoch(vols({ st1c: 15, st1a: 50, st1d: 5, st1b: 30 }));
    expect(s).toEqual({
      reported: [
        { wallet_address: 'st1a', volume: 50n },
        { wallet_address: 'st1b', volume: 30n },
      ],
      carried: vols({ st1c: 15, st1d: 5 }),
      total: 100n,
    });
  });

  it('takes one more wallet when the share is just missed (79.99 % is not enough)', () => {
    // 7999 + 1 + 2000 = 10000: 7999 < 8000 → take the 2000 too; the 1 carries
    const s = settleEpoch(vols({ big: 7999, mid: 2000, tiny: 1 }));
    expect(s.reported).toEqual([
      { wallet_address: 'big', volume: 7999n },
      { wallet_address: 'mid', volume: 2000n },
    ]);
    expect(s.carried).toEqual(vols({ tiny: 1 }));
    expect(s.total).toBe(10000n);
    // exactly 80 % with the first wallet: only it is reported
    expect(settleEpoch(vols({ a: 8000, b: 1999, c: 1 })).reported).toEqual([{ wallet_address: 'a', volume: 8000n }]);
  });

  it('orders equal volumes by wallet address, ascending, and takes them in that order', () => {
    const s = settleEpoch(vols({ st1z: 30, st1m: 30, st1a: 30, st1q: 10 }));
    expect(s.reported.map((v) => v.wallet_address)).toEqual(['st1a', 'st1m', 'st1z']);
    expect(s.carried).toEqual(vols({ st1q: 10 }));
    // a tie cut by the share: the smaller address is reported, the other carried
    const t = settleEpoch(vols({ st1y: 40, st1x: 40, st1w: 20 }), 5000);
    expect(t.reported).toEqual([
      { wallet_address: 'st1x', volume: 40n },
      { wallet_address: 'st1y', volume: 40n },
    ]);
    const u = settleEpoch(vols({ st1y: 45, st1x: 45, st1w: 10 }), 4000);
    expect(u.reported).toEqual([{ wallet_address: 'st1x', volume: 45n }]);
    expect(u.carried).toEqual(vols({ st1y: 45, st1w: 10 }));
  });

  it('never reports nor carries a zero volume', () => {
    const s = settleEpoch(vols({ st1zero: 0, st1one: 10, st1other: 0 }), 10000);
    expect(s).toEqual({ reported: [{ wallet_address: 'st1one', volume: 10n }], carried: new Map(), total: 10n });
    expect(settleEpoch(vols({ st1zero: 0 }))).toEqual({ reported: [], carried: new Map(), total: 0n });
    expect(settleEpoch(new Map())).toEqual({ reported: [], carried: new Map(), total: 0n });
  });

  it('reports a single wallet whole', () => {
    expect(settleEpoch(vols({ st1only: 123456789012345678901234567890n }))).toEqual({
      reported: [{ wallet_address: 'st1only', volume: 123456789012345678901234567890n }],
      carried: new Map(),
      total: 123456789012345678901234567890n,
    });
  });

  it('10000 basis points report everything, largest first; 1 basis point only the largest', () => {
    const input = vols({ a: 1, b: 100, c: 10, d: 1000 });
    const all = settleEpoch(input, 10000);
    expect(all.reported).toEqual([
      { wallet_address: 'd', volume: 1000n },
      { wallet_address: 'b', volume: 100n },
      { wallet_address: 'c', volume: 10n },
      { wallet_address: 'a', volume: 1n },
    ]);
    expect(all.carried.size).toBe(0);
    expect(all.total).toBe(1111n);
    const one = settleEpoch(input, 1);
    expect(one.reported).toEqual([{ wallet_address: 'd', volume: 1000n }]);
    expect(one.carried).toEqual(vols({ b: 100, c: 10, a: 1 }));
  });

  it('does not change its input', () => {
    const input = vols({ a: 5, b: 0, c: 3 });
    settleEpoch(input);
    expect(input).toEqual(vols({ a: 5, b: 0, c: 3 }));
  });

  it('refuses a share that is not an integer in 1..10000', () => {
    const m = vols({ a: 1 });
    expect(() => settleEpoch(m, 0)).toThrow(new Error('settle share of 0 basis points: expected an integer in 1..10000'));
    expect(() => settleEpoch(m, 10001)).toThrow(new Error('settle share of 10001 basis points: expected an integer in 1..10000'));
    expect(() => settleEpoch(m, -8000)).toThrow(new Error('settle share of -8000 basis points: expected an integer in 1..10000'));
    expect(() => settleEpoch(m, 79.5)).toThrow(new Error('settle share of 79.5 basis points: expected an integer in 1..10000'));
    expect(() => settleEpoch(m, Number.NaN)).toThrow(new Error('settle share of NaN basis points: expected an integer in 1..10000'));
  });

  it('refuses a negative volume, naming the wallet', () => {
    expect(() => settleEpoch(vols({ st1good: 10, st1bad: -5 }))).toThrow(new Error('negative unsettled volume -5 for st1bad'));
  });
});
