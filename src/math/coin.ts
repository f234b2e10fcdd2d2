import { checkInt256, parseInt256 } from './int.ts';

/**
 * One amount of one denomination (`sdk.Coin`). A coin built with `coin()` has a valid denom
 * and an amount in 0..2^256−1; intermediate results of `coinsSafeSub` may be negative.
 */
export interface Coin {
  readonly denom: string;
  readonly amount: bigint;
}

/** SDK `reDnmString`: 3–128 characters, a letter first, then letters, digits or `/:._-`. */
export const DENOM_PATTERN = '[a-zA-Z][a-zA-Z0-9/:._-]{2,127}';
const DENOM_REGEX = new RegExp(`^${DENOM_PATTERN}$`);

export function isValidDenom(denom: string): boolean {
  return DENOM_REGEX.test(denom);
}

/** SDK `ValidateDenom`; throws `invalid denom: <denom>`. */
export function validateDenom(denom: string): void {
  if (!isValidDenom(denom)) throw new Error(`invalid denom: ${denom}`);
}

/** SDK `NewCoin`: a valid denom and a non-negative amount that fits an Int. */
export function coin(amount: bigint, denom: string): Coin {
  validateDenom(denom);
  checkInt256(amount, `coin amount ${amount}${denom}`);
  if (amount < 0n) throw new Error(`negative coin amount: ${amount}`);
  return { denom, amount };
}

/** SDK `Coin.String()`: `1000wei`. */
export function formatCoin(c: Coin): string {
  return `${c.amount}${c.denom}`;
}

const INTEGER_COIN = new RegExp(`^([0-9]+)(${DENOM_PATTERN})$`);

/**
 * Strict `<integer><denom>` (e.g. `1000wei`): no sign, no whitespace, no decimals, no unit
 * conversion. Errors as the SDK's former `ParseCoin`. For CLI amounts use `parseCoinNormalized`.
 */
export function parseCoin(s: string): Coin {
  const m = INTEGER_COIN.exec(s);
  if (m === null) throw new Error(`invalid coin expression: ${s}`);
  const [, amountText, denom] = m;
  let amount: bigint;
  try {
    amount = parseInt256(amountText);
  } catch {
    throw new Error(`failed to parse coin amount: ${amountText}`);
  }
  return coin(amount, denom);
}
