import { coin, validateDenom, type Coin } from './coin.ts';
import { coinsAdd, newCoins, sortByDenom, type Coins } from './coins.ts';
import { Dec } from './dec.ts';

/** `sdk.DecCoin`: an amount with 18 decimals, e.g. a reward share before truncation. */
export interface DecCoin {
  readonly denom: string;
  readonly amount: Dec;
}

/** `sdk.DecCoins`; valid sets are sorted by denom, unique and positive, like `Coins`. */
export type DecCoins = readonly DecCoin[];

/** SDK `NewDecCoinFromDec`: a valid denom and a non-negative amount. */
export function decCoin(amount: Dec, denom: string): DecCoin {
  validateDenom(denom);
  if (amount.isNegative()) throw new Error(`negative decimal coin amount: ${amount.toString()}`);
  return { denom, amount };
}

export function decCoinFromCoin(c: Coin): DecCoin {
  const valid = coin(c.amount, c.denom);
  return { denom: valid.denom, amount: Dec.fromInt(valid.amount) };
}

/** SDK `NewDecCoinsFromCoins`: the coins go through `newCoins` first (sorted, zeros dropped, validated). */
export function decCoinsFromCoins(cs: readonly Coin[]): DecCoins {
  return newCoins(cs).map(decCoinFromCoin);
}

/** SDK `DecCoin.String()`: `12.500000000000000000wei`. */
export function formatDecCoin(c: DecCoin): string {
  return `${c.amount.toString()}${c.denom}`;
}

/** SDK `DecCoins.String()`: comma-joined, `""` when empty. */
export function formatDecCoins(cs: DecCoins): string {
  return cs.map(formatDecCoin).join(',');
}

/** SDK `DecCoins.Validate`: error text, or `undefined` when the set is valid. */
export function validateDecCoins(cs: DecCoins): string | undefined {
  if (cs.length === 0) return undefined;
  const [first, ...rest] = cs;
  try {
    validateDenom(first.denom);
  } catch (e) {
    return (e as Error).message;
  }
  if (!first.amount.isPositive()) return `coin ${formatDecCoin(first)} amount is not positive`;
  let low = first.denom;
  const seen = new Set([low]);
  for (const c of rest) {
    if (seen.has(c.denom)) return `duplicate denomination ${c.denom}`;
    try {
      validateDenom(c.denom);
    } catch (e) {
      return (e as Error).message;
    }
    if (c.denom <= low) return `denomination ${c.denom} is not sorted`;
    if (!c.amount.isPositive()) return `coin ${c.denom} amount is not positive`;
    low = c.denom;
    seen.add(c.denom);
  }
  return undefined;
}

/** SDK `NewDecCoins`: drops zeros, sorts, throws `invalid coin set <set>: <reason>` if invalid. */
export function newDecCoins(list: readonly DecCoin[]): DecCoins {
  const sanitized = sortByDenom(list.filter((c) => !c.amount.isZero()));
  const err = validateDecCoins(sanitized);
  if (err !== undefined) throw new Error(`invalid coin set ${formatDecCoins(sanitized)}: ${err}`);
  return sanitized;
}

/**
 * SDK `DecCoins.Add` (`safeAdd`): a merge walk over two sorted sets; equal denoms are added,
 * zero results and zero inputs dropped.
 */
export function decCoinsAdd(a: DecCoins, b: DecCoins): DecCoins {
  const sum: DecCoin[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i === a.length) {
      sum.push(...b.slice(j).filter((c) => !c.amount.isZero()));
      break;
    }
    if (j === b.length) {
      sum.push(...a.slice(i).filter((c) => !c.amount.isZero()));
      break;
    }
    const ca = a[i];
    const cb = b[j];
    if (ca.denom < cb.denom) {
      if (!ca.amount.isZero()) sum.push(ca);
      i++;
    } else if (ca.denom > cb.denom) {
      if (!cb.amount.isZero()) sum.push(cb);
      j++;
    } else {
      const res = ca.amount.add(cb.amount);
      if (!res.isZero()) sum.push({ denom: ca.denom, amount: res });
      i++;
      j++;
    }
  }
  return sum;
}

/** SDK `DecCoins.SafeSub`: `a + (−b)`, negative amounts kept and flagged. */
export function decCoinsSafeSub(a: DecCoins, b: DecCoins): { result: DecCoins; negative: boolean } {
  const result = decCoinsAdd(a, b.map((c) => ({ denom: c.denom, amount: c.amount.neg() })));
  return { result, negative: result.some((c) => c.amount.isNegative()) };
}

/** SDK `DecCoins.Sub`: throws `negative coin amount` where the SDK panics. */
export function decCoinsSub(a: DecCoins, b: DecCoins): DecCoins {
  const { result, negative } = decCoinsSafeSub(a, b);
  if (negative) {
    throw new Error(`negative coin amount: ${formatDecCoins(a)} - ${formatDecCoins(b)} = ${formatDecCoins(result)}`);
  }
  return result;
}

/** SDK `DecCoins.AmountOf`: Dec zero when absent; throws `invalid denom: …` for an invalid denom. */
export function decCoinsAmountOf(cs: DecCoins, denom: string): Dec {
  validateDenom(denom);
  return cs.find((c) => c.denom === denom)?.amount ?? Dec.ZERO;
}

/** SDK `DecCoins.IsZero`: every amount is zero (true when empty). */
export function decCoinsIsZero(cs: DecCoins): boolean {
  return cs.every((c) => c.amount.isZero());
}

/** SDK `DecCoins.IsAnyNegative`. */
export function decCoinsIsAnyNegative(cs: DecCoins): boolean {
  return cs.some((c) => c.amount.isNegative());
}

/** SDK `DecCoins.IsEqual` (false instead of the SDK's panic on a denom mismatch). */
export function decCoinsEqual(a: DecCoins, b: DecCoins): boolean {
  if (a.length !== b.length) return false;
  const sa = sortByDenom(a);
  const sb = sortByDenom(b);
  return sa.every((c, i) => c.denom === sb[i].denom && c.amount.eq(sb[i].amount));
}

function scaleEach(cs: DecCoins, op: (amount: Dec) => Dec): DecCoins {
  return cs.map((c) => ({ denom: c.denom, amount: op(c.amount) })).filter((c) => !c.amount.isZero());
}

/** SDK `DecCoins.MulDec`: each amount `.mul(d)` (half-even), zero products dropped. */
export function decCoinsMulDec(cs: DecCoins, d: Dec): DecCoins {
  return scaleEach(cs, (a) => a.mul(d));
}

/** SDK `DecCoins.MulDecTruncate`: each amount `.mulTruncate(d)`, zero products dropped. */
export function decCoinsMulDecTruncate(cs: DecCoins, d: Dec): DecCoins {
  if (d.isZero()) return [];
  return scaleEach(cs, (a) => a.mulTruncate(d));
}

/** SDK `DecCoins.QuoDec`: each amount `.quo(d)`; throws `invalid zero decimal` for d = 0. */
export function decCoinsQuoDec(cs: DecCoins, d: Dec): DecCoins {
  if (d.isZero()) throw new Error('invalid zero decimal');
  return scaleEach(cs, (a) => a.quo(d));
}

/** SDK `DecCoins.QuoDecTruncate`: each amount `.quoTruncate(d)`; throws `invalid zero decimal` for d = 0. */
export function decCoinsQuoDecTruncate(cs: DecCoins, d: Dec): DecCoins {
  if (d.isZero()) throw new Error('invalid zero decimal');
  return scaleEach(cs, (a) => a.quoTruncate(d));
}

/** SDK `DecCoins.Intersect`: per denom of `a`, the minimum of both amounts; zeros dropped. */
export function decCoinsIntersect(a: DecCoins, b: DecCoins): DecCoins {
  return a
    .map((c) => ({ denom: c.denom, amount: Dec.min(c.amount, decCoinsAmountOf(b, c.denom)) }))
    .filter((c) => !c.amount.isZero());
}

/** SDK `DecCoin.TruncateDecimal`: the whole part as a Coin and the fraction as a DecCoin (either may be zero). */
export function truncateDecCoin(c: DecCoin): { truncated: Coin; change: DecCoin } {
  const whole = c.amount.truncateInt();
  return {
    truncated: coin(whole, c.denom),
    change: decCoin(c.amount.sub(Dec.fromInt(whole)), c.denom),
  };
}

/**
 * SDK `DecCoins.TruncateDecimal`: whole parts as Coins and fractional change as DecCoins,
 * neither holding zero coins. The distribution module pays `truncated` and keeps `change`.
 */
export function truncateDecCoins(cs: DecCoins): { truncated: Coins; change: DecCoins } {
  let truncated: Coins = [];
  let change: DecCoins = [];
  for (const c of cs) {
    const t = truncateDecCoin(c);
    if (t.truncated.amount !== 0n) truncated = coinsAdd(truncated, [t.truncated]);
    if (!t.change.amount.isZero()) change = decCoinsAdd(change, [t.change]);
  }
  return { truncated, change };
}
