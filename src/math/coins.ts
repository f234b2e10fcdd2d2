import { SdkErrors } from '../errors.ts';
import { coin, formatCoin, isValidDenom, validateDenom, type Coin } from './coin.ts';
import { checkInt256, parseInt256 } from './int.ts';

/**
 * A coin set (`sdk.Coins`). A valid set is sorted by denom (byte order), has unique denoms and
 * only positive amounts (SDK `Coins.Validate`). Every function here returns a fresh array and
 * never mutates its arguments.
 */
export type Coins = readonly Coin[];

/** Proto/JSON shape of a Coin (`{"denom":"wei","amount":"1000"}`). */
export interface ProtoCoin {
  readonly denom: string;
  readonly amount: string;
}

/** Go compares strings by bytes; JS `<` compares UTF-16 units, which agrees for the ASCII denoms the regex allows. */
function byDenom(a: { denom: string }, b: { denom: string }): number {
  return a.denom < b.denom ? -1 : a.denom > b.denom ? 1 : 0;
}

export function sortByDenom<T extends { denom: string }>(list: readonly T[]): T[] {
  return [...list].sort(byDenom);
}

function isSorted(cs: Coins): boolean {
  for (let i = 1; i < cs.length; i++) if (cs[i - 1].denom > cs[i].denom) return false;
  return true;
}

/** SDK `Coins.String()`: comma-joined, `""` for the empty set. */
export function formatCoins(cs: Coins): string {
  return cs.length === 1 ? formatCoin(cs[0]!) : cs.map(formatCoin).join(',');
}

/**
 * SDK `Coins.Validate`: the error text for an invalid set, or `undefined` when valid.
 * Handlers wrap it the SDK way, e.g. `SdkErrors.InvalidCoins.wrap(formatCoins(cs))`.
 */
export function validateCoins(cs: Coins): string | undefined {
  if (cs.length === 0) return undefined;
  const first = cs[0];
  if (!isValidDenom(first.denom)) return `invalid denom: ${first.denom}`;
  if (first.amount <= 0n) return `coin ${formatCoin(first)} amount is not positive`;
  let low = first.denom;
  for (const c of cs.slice(1)) {
    if (!isValidDenom(c.denom)) return `invalid denom: ${c.denom}`;
    if (c.denom < low) return `denomination ${c.denom} is not sorted`;
    if (c.denom === low) return `duplicate denomination ${c.denom}`;
    // The SDK names only the denom here, unlike for the first coin.
    if (c.amount <= 0n) return `coin ${c.denom} amount is not positive`;
    low = c.denom;
  }
  return undefined;
}

/** SDK `NewCoins`: drops zero coins, sorts, then throws `invalid coin set <set>: <reason>` if the set is not valid. */
export function newCoins(list: readonly Coin[]): Coins {
  const sanitized = sortByDenom(list.filter((c) => c.amount !== 0n));
  const err = validateCoins(sanitized);
  if (err !== undefined) throw new Error(`invalid coin set ${formatCoins(sanitized)}: ${err}`);
  return sanitized;
}

/**
 * Sum of a list of coins in any order, duplicates merged, zeros dropped, sorted. Each coin must
 * be a valid non-negative coin. Use it where several amounts of one denom are collected
 * (e.g. the result of `parseCoinsNormalized('1stos,5gwei')`).
 */
export function sumCoins(list: readonly Coin[]): Coins {
  const totals = new Map<string, bigint>();
  for (const c of list) {
    coin(c.amount, c.denom);
    totals.set(c.denom, checkInt256((totals.get(c.denom) ?? 0n) + c.amount, `sum of ${c.denom}`));
  }
  return sortByDenom([...totals].filter(([, amount]) => amount !== 0n).map(([denom, amount]) => ({ denom, amount })));
}

/**
 * SDK `Coins.Add` (`safeAdd`): both sets must be sorted; amounts of equal denoms are added,
 * zero results dropped, the result sorted. `{2A} + {0B} = {2A}`.
 */
export function coinsAdd(a: Coins, b: Coins): Coins {
  if (!isSorted(a)) throw new Error('Coins (self) must be sorted');
  if (!isSorted(b)) throw new Error('Wrong argument: coins must be sorted');
  const totals = new Map<string, bigint>();
  for (const c of [...a, ...b]) {
    totals.set(c.denom, checkInt256((totals.get(c.denom) ?? 0n) + c.amount, `coin ${c.denom}`));
  }
  return sortByDenom([...totals].filter(([, amount]) => amount !== 0n).map(([denom, amount]) => ({ denom, amount })));
}

/**
 * SDK `Coins.SafeSub`: `a + (−newCoins(b))`. `b` must be a valid set once zeros are dropped.
 * The result keeps negative amounts; `negative` tells whether there is one.
 */
export function coinsSafeSub(a: Coins, b: Coins): { result: Coins; negative: boolean } {
  const negated = newCoins(b).map((c) => ({ denom: c.denom, amount: -c.amount }));
  const result = coinsAdd(a, negated);
  return { result, negative: result.some((c) => c.amount < 0n) };
}

/**
 * `a − b` (SDK `Coins.Sub`), throwing the bank module's error when `a` lacks funds instead of
 * panicking: SDK code 5, log `spendable balance <have> is smaller than <need>: insufficient funds`
 * for the first short denom of `b`, where `<have>` is the one-coin set of `a` in that denom
 * (empty text when `a` has none). This is `x/bank` `subUnlockedCoins` for an account without
 * locked (vesting) coins; the bank module checks `validateCoins(amt)` before, as the SDK does.
 */
export function coinsSub(a: Coins, b: Coins): Coins {
  const { result, negative } = coinsSafeSub(a, b);
  if (negative) {
    for (const need of newCoins(b)) {
      const have = coinsAmountOf(a, need.denom);
      if (have < need.amount) {
        const spendable = have === 0n ? '' : formatCoin({ denom: need.denom, amount: have });
        throw SdkErrors.InsufficientFunds.wrap(`spendable balance ${spendable} is smaller than ${formatCoin(need)}`);
      }
    }
  }
  return result;
}

/** SDK `Coins.IsAllGTE`: for every coin of `b`, `a` holds at least as much. `{}` ≥ `{}`; `{}` ≱ any non-empty `b`. */
export function coinsIsAllGte(a: Coins, b: Coins): boolean {
  if (b.length === 0) return true;
  if (a.length === 0) return false;
  return b.every((c) => c.amount <= coinsAmountOf(a, c.denom));
}

/** SDK `Coins.IsZero`: true for the empty set and for sets of zero coins. */
export function coinsIsZero(cs: Coins): boolean {
  return cs.every((c) => c.amount === 0n);
}

/** SDK `Coins.IsAllPositive`: non-empty and every amount > 0. */
export function coinsIsAllPositive(cs: Coins): boolean {
  return cs.length > 0 && cs.every((c) => c.amount > 0n);
}

/** SDK `Coins.AmountOf`: the amount of `denom`, 0 when absent. Throws `invalid denom: …` for an invalid denom. */
export function coinsAmountOf(cs: Coins, denom: string): bigint {
  validateDenom(denom);
  return cs.find((c) => c.denom === denom)?.amount ?? 0n;
}

/**
 * SDK `Coins.IsEqual`: same length and, after sorting, same denoms and amounts. (The SDK
 * panics on a denom mismatch at equal length; this returns false.)
 */
export function coinsEqual(a: Coins, b: Coins): boolean {
  if (a.length !== b.length) return false;
  const sa = sortByDenom(a);
  const sb = sortByDenom(b);
  return sa.every((c, i) => c.denom === sb[i].denom && c.amount === sb[i].amount);
}

/**
 * Decodes proto/JSON coins the way the SDK decoder does: each amount must be an Int in
 * decimal (sign allowed, ≤ 256 bits); order, denoms and zero or negative amounts are kept so
 * that `ValidateBasic` can reject them with the SDK's own error (`validateCoins`).
 */
export function coinsFromProto(list: readonly ProtoCoin[]): readonly Coin[] {
  return list.map(({ denom, amount }) => {
    let value: bigint;
    try {
      value = parseInt256(amount);
    } catch (e) {
      throw new Error(`invalid amount '${amount}' of coin denom '${denom}': ${(e as Error).message}`);
    }
    return { denom, amount: value };
  });
}

export function coinsToProto(cs: readonly Coin[]): ProtoCoin[] {
  return cs.map((c) => ({ denom: c.denom, amount: c.amount.toString(10) }));
}
