import { DENOM_PATTERN, type Coin } from './coin.ts';
import { Dec } from './dec.ts';
import { sortByDenom } from './coins.ts';
import { decCoin, truncateDecCoin, validateDecCoins, type DecCoin, type DecCoins } from './dec-coins.ts';
import { normalizeDecCoin } from './denoms.ts';

/**
 * Coin text as the CLI and `SimPrepay` take it (SDK `types/coin.go`, `types/dec_coin.go`):
 * `<amount><spaces?><denom>`, the amount a decimal (`1`, `1.5`, `.5` passes the pattern but
 * is then refused by the Dec parser), and registered units normalised to `wei`
 * (reference/chain-semantics.md §0.1). Error texts are the SDK's.
 */

/** SDK `reDecAmt` `reSpc` `reDnm`; Go `[[:space:]]` is ASCII whitespace. */
const DEC_COIN = new RegExp(`^([0-9]+(?:\\.[0-9]+)?|\\.[0-9]+)[\\t\\n\\v\\f\\r ]*(${DENOM_PATTERN})$`);

/** Go `strings.TrimSpace` trims Unicode White_Space (U+0085 included, U+FEFF not, unlike JS `trim`). */
const GO_SPACE = '[\\t\\n\\v\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]';
const GO_TRIM = new RegExp(`^${GO_SPACE}+|${GO_SPACE}+$`, 'g');

export function goTrimSpace(s: string): string {
  return s.replace(GO_TRIM, '');
}

/** SDK `ParseDecCoin`: `1.5stos` → 1.5 stos (no unit conversion). */
export function parseDecCoin(input: string): DecCoin {
  const s = goTrimSpace(input);
  const m = DEC_COIN.exec(s);
  if (m === null) throw new Error(`invalid decimal coin expression: ${s}`);
  const [, amountText, denom] = m;
  let amount: Dec;
  try {
    amount = Dec.fromString(amountText);
  } catch (e) {
    throw new Error(`failed to parse decimal coin amount: ${amountText}: ${(e as Error).message}`);
  }
  return decCoin(amount, denom);
}

/**
 * SDK `ParseDecCoins`: comma-separated coins; zero coins dropped, sorted, then validated, so a
 * denom given twice fails with `duplicate denomination <denom>`. Blank text → empty set.
 */
export function parseDecCoins(input: string): DecCoins {
  const s = goTrimSpace(input);
  if (s.length === 0) return [];
  const parsed = s.split(',').map(parseDecCoin);
  const sanitized = sortByDenom(parsed.filter((c) => !c.amount.isZero()));
  // ParseDecCoins returns the bare validation error (no "invalid coin set" prefix as in NewDecCoins).
  const err = validateDecCoins(sanitized);
  if (err !== undefined) throw new Error(err);
  return sanitized;
}

/**
 * SDK `ParseCoinNormalized`: parse a decimal coin, convert a registered unit to `wei`, then
 * truncate what is left of a fraction. `1.5stos` → 1500000000000000000wei, `2gwei` →
 * 2000000000wei, `1.5wei` → 1wei, `0.0000000005gwei` → 0wei (half-even in the conversion),
 * `3.7foo` → 3foo (unregistered denoms keep their name). Nothing is rejected for losing a
 * fraction: this is the SDK's behaviour.
 */
export function parseCoinNormalized(s: string): Coin {
  return truncateDecCoin(normalizeDecCoin(parseDecCoin(s))).truncated;
}

/**
 * SDK `ParseCoinsNormalized`: `parseDecCoins` (sorted by the denoms as written, duplicates
 * refused), then each coin normalised and truncated. Like the SDK, the result is not
 * re-sorted or merged and may hold zero coins: `1stos,5gwei` gives
 * `[5000000000wei, 1000000000000000000wei]`, which `validateCoins` rejects with
 * `duplicate denomination wei` exactly as a message's `ValidateBasic` does on the real chain.
 * Merge with `sumCoins` where a summed set is wanted.
 */
export function parseCoinsNormalized(s: string): readonly Coin[] {
  return parseDecCoins(s).map((c) => truncateDecCoin(normalizeDecCoin(c)).truncated);
}
