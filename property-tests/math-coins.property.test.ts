import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  coin,
  coinsAdd,
  coinsFromProto,
  coinsIsAllGte,
  coinsSafeSub,
  coinsSub,
  coinsToProto,
  Dec,
  decCoinFromCoin,
  decCoinsAdd,
  formatCoin,
  formatCoins,
  formatDecCoins,
  newCoins,
  parseCoin,
  parseCoinNormalized,
  parseCoinsNormalized,
  sumCoins,
  truncateDecCoins,
  validateCoins,
  type Coin,
  type DecCoin,
} from '../src/math/index.ts';

/** Replay a failure with FC_SEED=<seed> (fast-check prints seed and path). */
const SEED = Number(process.env.FC_SEED ?? 20_240_602);
const RUNS = { seed: SEED, numRuns: 300 };

/** Denoms that ParseCoinNormalized leaves as they are (wei is the base; gwei and stos convert). */
const plainDenomArb = fc.oneof(
  fc.constantFrom('wei', 'abc', 'utros', 'ibc/27394FB0', 'a:b', 'x.y_z-w', 'e9wei', 'Zzz'),
  fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9/:._-]{2,12}$/),
).filter((d) => d !== 'gwei' && d !== 'stos');

/** Up to 2^255: the largest amounts whose Dec form (×10^18) stays within 315 bits. */
const amountArb = fc.oneof(
  fc.bigInt({ min: 0n, max: 2n ** 255n }),
  fc.bigInt({ min: 0n, max: 1000n }),
);
const coinArb = fc.tuple(amountArb, plainDenomArb).map(([a, d]) => coin(a, d));
const coinListArb = fc.array(coinArb, { maxLength: 6 });
/** Valid sets: unique denoms, zeros dropped, sorted. */
const coinSetArb = fc
  .uniqueArray(coinArb, { selector: (c) => c.denom, maxLength: 6 })
  .map((cs) => newCoins(cs));

function isSortedUniqueNonZero(cs: readonly Coin[]): boolean {
  return cs.every((c, i) => c.amount !== 0n && (i === 0 || cs[i - 1].denom < c.denom));
}

describe('coin text', () => {
  it('parseCoin ∘ formatCoin = id, also for 256-bit amounts', () => {
    const wideCoin = fc.tuple(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), plainDenomArb).map(([a, d]) => coin(a, d));
    fc.assert(
      fc.property(wideCoin, (c) => {
        expect(parseCoin(formatCoin(c))).toEqual(c);
      }),
      RUNS,
    );
  });

  it('parseCoinNormalized ∘ formatCoin = id for denoms without a conversion', () => {
    fc.assert(
      fc.property(coinArb, (c) => {
        expect(parseCoinNormalized(formatCoin(c))).toEqual(c);
      }),
      RUNS,
    );
  });

  it('parseCoinsNormalized ∘ formatCoins = id for coin sets', () => {
    fc.assert(
      fc.property(coinSetArb, (cs) => {
        expect(parseCoinsNormalized(formatCoins(cs))).toEqual(cs);
      }),
      RUNS,
    );
  });

  it('stos and gwei amounts become exact wei', () => {
    const stosDec = fc.bigInt({ min: 0n, max: 2n ** 190n }).map((r) => Dec.fromRaw(r));
    fc.assert(
      fc.property(stosDec, fc.bigInt({ min: 0n, max: 2n ** 200n }), (stos, gwei) => {
        expect(parseCoinNormalized(`${stos.toString()}stos`)).toEqual({ denom: 'wei', amount: stos.raw });
        expect(parseCoinNormalized(`${gwei}gwei`)).toEqual({ denom: 'wei', amount: gwei * 10n ** 9n });
      }),
      RUNS,
    );
  });
});

describe('coin sets', () => {
  it('normalisation is idempotent and keeps sets sorted and zero-free', () => {
    fc.assert(
      fc.property(coinListArb, (list) => {
        const summed = sumCoins(list);
        expect(isSortedUniqueNonZero(summed)).toBe(true);
        expect(sumCoins(summed)).toEqual(summed);
        expect(newCoins(summed)).toEqual(summed);
        expect(validateCoins(summed)).toBeUndefined();
        const total = list.reduce((s, c) => s + c.amount, 0n);
        expect(summed.reduce((s, c) => s + c.amount, 0n)).toBe(total);
      }),
      RUNS,
    );
  });

  it('coinsSub(coinsAdd(a, b), b) = a, and the sum covers b', () => {
    fc.assert(
      fc.property(coinSetArb, coinSetArb, (a, b) => {
        const sum = coinsAdd(a, b);
        expect(validateCoins(sum)).toBeUndefined();
        expect(coinsAdd(b, a)).toEqual(sum);
        expect(coinsIsAllGte(sum, b)).toBe(true);
        expect(coinsSub(sum, b)).toEqual(a);
        expect(coinsSafeSub(sum, b)).toEqual({ result: a, negative: false });
      }),
      RUNS,
    );
  });

  it('coinsSafeSub stays sorted and zero-free and flags exactly the short denoms', () => {
    fc.assert(
      fc.property(coinSetArb, coinSetArb, (a, b) => {
        const { result, negative } = coinsSafeSub(a, b);
        expect(isSortedUniqueNonZero(result)).toBe(true);
        expect(negative).toBe(!coinsIsAllGte(a, b) && b.length > 0);
        if (negative) expect(() => coinsSub(a, b)).toThrow('insufficient funds');
      }),
      RUNS,
    );
  });

  it('proto round trip', () => {
    fc.assert(
      fc.property(coinSetArb, (cs) => {
        expect(coinsFromProto(coinsToProto(cs))).toEqual(cs);
      }),
      RUNS,
    );
  });

  it('truncateDecCoins splits into whole coins plus change that sum back to the input', () => {
    const fractionArb = fc.bigInt({ min: 0n, max: 10n ** 18n - 1n });
    const decSetArb = fc
      .uniqueArray(fc.tuple(coinArb, fractionArb), { selector: ([c]) => c.denom, maxLength: 5 })
      .map((pairs) =>
        [...pairs]
          .sort(([x], [y]) => (x.denom < y.denom ? -1 : 1))
          .map(([c, f]): DecCoin => ({ denom: c.denom, amount: decCoinFromCoin(c).amount.add(Dec.fromRaw(f)) }))
          .filter((c) => !c.amount.isZero()),
      );
    fc.assert(
      fc.property(decSetArb, (cs) => {
        const { truncated, change } = truncateDecCoins(cs);
        expect(isSortedUniqueNonZero(truncated)).toBe(true);
        expect(change.every((c) => c.amount.isPositive() && c.amount.lt(Dec.ONE))).toBe(true);
        const back = decCoinsAdd(truncated.map(decCoinFromCoin), change);
        expect(formatDecCoins(back)).toBe(formatDecCoins(cs));
      }),
      RUNS,
    );
  });
});
