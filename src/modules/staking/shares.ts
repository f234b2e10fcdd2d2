/**
 * The exchange rate between a validator's tokens and its delegator shares (reference/sdk-modules.md
 * §2.4 "Exchange rate"; SDK `types/validator.go`). Shares are Dec raw (value × 10^18), tokens Int.
 */
import { Dec } from '../../math/dec.ts';
import { StakingErrors } from './errors.ts';

export interface ShareRate {
  readonly tokens: bigint;
  /** Dec raw */
  readonly delegator_shares: bigint;
}

/** tokens = 0 while shares > 0 (e.g. after a 100 % slash): delegating is refused (34). */
export function invalidExRate(v: ShareRate): boolean {
  return v.tokens === 0n && v.delegator_shares > 0n;
}

/** `SharesFromTokens`: shares × amount / tokens, the division truncated (`QuoInt`); zero tokens fail with 22. */
export function sharesFromTokens(v: ShareRate, amount: bigint): bigint {
  if (v.tokens === 0n) throw StakingErrors.InsufficientShares.error();
  return Dec.fromRaw(v.delegator_shares).mulInt(amount).quoInt(v.tokens).raw;
}

/** `SharesFromTokensTruncated`: shares × amount, `QuoTruncate` by tokens. */
export function sharesFromTokensTruncated(v: ShareRate, amount: bigint): bigint {
  if (v.tokens === 0n) throw StakingErrors.InsufficientShares.error();
  return Dec.fromRaw(v.delegator_shares).mulInt(amount).quoTruncate(Dec.fromInt(v.tokens)).raw;
}

/** `TokensFromShares`: shares × tokens / delegator_shares, rounded half-even (a Dec raw). */
export function tokensFromShares(v: ShareRate, shares: bigint): bigint {
  return Dec.fromRaw(shares).mulInt(v.tokens).quo(Dec.fromRaw(v.delegator_shares)).raw;
}

/** `TokensFromSharesTruncated` (a Dec raw). */
export function tokensFromSharesTruncated(v: ShareRate, shares: bigint): bigint {
  return Dec.fromRaw(shares).mulInt(v.tokens).quoTruncate(Dec.fromRaw(v.delegator_shares)).raw;
}

/** `TokensFromSharesRoundUp` (a Dec raw). */
export function tokensFromSharesRoundUp(v: ShareRate, shares: bigint): bigint {
  return Dec.fromRaw(shares).mulInt(v.tokens).quoRoundUp(Dec.fromRaw(v.delegator_shares)).raw;
}

/** `AddTokensFromDel`: the shares issued for `amount` (1:1 when the validator has no shares yet). */
export function issuedShares(v: ShareRate, amount: bigint): bigint {
  return v.delegator_shares === 0n ? Dec.fromInt(amount).raw : sharesFromTokens(v, amount);
}

/**
 * `RemoveDelShares`: the tokens handed out for `shares`. The last shares take every remaining token;
 * otherwise floor(TokensFromShares) and the dust stays with the validator.
 */
export function removeDelShares(v: ShareRate, shares: bigint): { tokens: bigint; delegator_shares: bigint; issued: bigint } {
  const remaining = v.delegator_shares - shares;
  if (remaining === 0n) return { tokens: 0n, delegator_shares: 0n, issued: v.tokens };
  const issued = Dec.fromRaw(tokensFromShares(v, shares)).truncateInt();
  if (issued > v.tokens) throw new Error('attempting to remove more tokens than available in validator');
  return { tokens: v.tokens - issued, delegator_shares: remaining, issued };
}
