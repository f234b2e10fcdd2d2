/** Exact money math: Int helpers, the 18-decimal Dec, coins and coin sets, denominations, coin text. */
export { MAX_INT256_BITS, MAX_INT256, bitLength, checkInt256, parseInt256, intToString } from './int.ts';
export { Dec } from './dec.ts';
export { type Coin, DENOM_PATTERN, isValidDenom, validateDenom, coin, formatCoin, parseCoin } from './coin.ts';
export {
  type Coins,
  type ProtoCoin,
  sortByDenom,
  formatCoins,
  validateCoins,
  newCoins,
  sumCoins,
  coinsAdd,
  coinsSafeSub,
  coinsSub,
  coinsIsAllGte,
  coinsIsZero,
  coinsIsAllPositive,
  coinsAmountOf,
  coinsEqual,
  coinsFromProto,
  coinsToProto,
} from './coins.ts';
export {
  type DecCoin,
  type DecCoins,
  decCoin,
  decCoinFromCoin,
  decCoinsFromCoins,
  formatDecCoin,
  formatDecCoins,
  validateDecCoins,
  newDecCoins,
  decCoinsAdd,
  decCoinsSafeSub,
  decCoinsSub,
  decCoinsAmountOf,
  decCoinsIsZero,
  decCoinsIsAnyNegative,
  decCoinsEqual,
  decCoinsMulDec,
  decCoinsMulDecTruncate,
  decCoinsQuoDec,
  decCoinsQuoDecTruncate,
  decCoinsIntersect,
  truncateDecCoin,
  truncateDecCoins,
} from './dec-coins.ts';
export { WEI, GWEI, STOS, BASE_DENOM, type DenomUnit, DENOM_UNITS, normalizeDecCoin } from './denoms.ts';
export { parseDecCoin, parseDecCoins, parseCoinNormalized, parseCoinsNormalized } from './coin-parse.ts';
