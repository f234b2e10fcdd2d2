/**
 * One coin given to a tx command (`--amount`, `--deposit-delta`, `prepay`'s coins), read as the
 * chain's module CLIs read it while building the message: SDK `ParseCoinNormalized`, so `1stos` and
 * `5gwei` become wei, and its error as it is (`invalid decimal coin expression: abc`).
 */
import { parseCoinNormalized } from '../../math/coin-parse.ts';
import type { ProtoCoin } from '../../math/coins.ts';

export function coinArg(text: string): ProtoCoin {
  const c = parseCoinNormalized(text);
  return { denom: c.denom, amount: c.amount.toString() };
}
