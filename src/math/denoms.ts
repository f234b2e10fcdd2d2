import { Dec } from './dec.ts';
import { decCoin, type DecCoin } from './dec-coins.ts';

/**
 * The chain's registered denomination units (reference/chain-semantics.md §0.1;
 * stratos-chain `cmd/stchaind/main.go` `RegisterDenoms`): each unit is its value in stos
 * as a Dec, and the smallest registered unit, `wei`, is the base denom that
 * `ParseCoinNormalized` converts to.
 */
export const WEI = 'wei';
export const GWEI = 'gwei';
export const STOS = 'stos';
export const BASE_DENOM = WEI;

export interface DenomUnit {
  readonly denom: string;
  /** 10^exponent base units make one of this unit. */
  readonly exponent: number;
}

export const DENOM_UNITS: readonly DenomUnit[] = [
  { denom: WEI, exponent: 0 },
  { denom: GWEI, exponent: 9 },
  { denom: STOS, exponent: 18 },
];

/** `sdk.RegisterDenom` values: stos = 1, gwei = 10^-9, wei = 10^-18. */
const UNIT_VALUE: ReadonlyMap<string, Dec> = new Map(
  DENOM_UNITS.map((u) => [u.denom, Dec.withPrec(1n, 18 - u.exponent)]),
);

/**
 * SDK `NormalizeDecCoin` → `ConvertDecCoin(coin, base)`: `amount × srcUnit ÷ baseUnit` in Dec
 * arithmetic (so `gwei` amounts are rounded half-even at whole wei), the amount unchanged
 * when the denom already is the base; a coin of an unregistered denom is returned as it is.
 */
export function normalizeDecCoin(c: DecCoin): DecCoin {
  const src = UNIT_VALUE.get(c.denom);
  const dst = UNIT_VALUE.get(BASE_DENOM);
  if (src === undefined || dst === undefined) return c;
  if (src.eq(dst)) return decCoin(c.amount, BASE_DENOM);
  return decCoin(c.amount.mul(src).quo(dst), BASE_DENOM);
}
