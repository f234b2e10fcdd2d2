/**
 * Ozone-limit bookkeeping (reference/chain-semantics.md §1.4), exact Dec arithmetic:
 * St = EffectiveTotalDeposit, Lt = RemainingOzoneLimit, rate = DepositNozRate.
 * The sds and pot modules call these to price prepay and to return consumed ozone.
 */
import type { Draft } from 'immer';
import { Dec } from '../../math/dec.ts';
import type { HasRegister } from './state.ts';

export function depositNozRate(state: HasRegister): Dec {
  return Dec.fromRaw(state.register.deposit_noz_rate);
}

export function remainingOzoneLimit(state: HasRegister): bigint {
  return state.register.remaining_ozone_limit;
}

export function effectiveTotalDeposit(state: HasRegister): bigint {
  return state.register.effective_total_deposit;
}

export function setRemainingOzoneLimit(draft: Draft<HasRegister>, lt: bigint): void {
  draft.register.remaining_ozone_limit = lt;
}

export function setEffectiveTotalDeposit(draft: Draft<HasRegister>, st: bigint): void {
  draft.register.effective_total_deposit = st;
}

/**
 * `IncreaseOzoneLimitByAddDeposit(d)`: St += d always; if St was 0 nothing else happens and the
 * change is 0 ([QUIRK] the very first deposit creates no ozone); otherwise Lt += trunc(d / rate).
 * Returns the reported change.
 */
export function increaseOzoneLimitByAddDeposit(draft: Draft<HasRegister>, d: bigint): bigint {
  const before = draft.register.effective_total_deposit;
  draft.register.effective_total_deposit = before + d;
  if (before === 0n) return 0n;
  const x = Dec.fromInt(d).quo(depositNozRate(draft));
  draft.register.remaining_ozone_limit = Dec.fromInt(draft.register.remaining_ozone_limit).add(x).truncateInt();
  return x.truncateInt();
}

/**
 * `DecreaseOzoneLimitBySubtractDeposit(d)`: St −= d always; if St was 0, Lt is unchanged and 0 is
 * returned; otherwise Lt = trunc(Lt − d/rate) (toward zero: Lt drops by ceil(x) while it stays
 * positive) and trunc(d/rate) is returned. Lt may go negative.
 */
export function decreaseOzoneLimitBySubtractDeposit(draft: Draft<HasRegister>, d: bigint): bigint {
  const before = draft.register.effective_total_deposit;
  draft.register.effective_total_deposit = before - d;
  if (before === 0n) return 0n;
  const x = Dec.fromInt(d).quo(depositNozRate(draft));
  draft.register.remaining_ozone_limit = Dec.fromInt(draft.register.remaining_ozone_limit).sub(x).truncateInt();
  return x.truncateInt();
}

/** `IsUnbondable(d)`: Lt ≥ d / rate, compared as Dec. */
export function isUnbondable(state: HasRegister, d: bigint): boolean {
  return Dec.fromInt(state.register.remaining_ozone_limit).gte(Dec.fromInt(d).quo(depositNozRate(state)));
}

/**
 * `CalculatePurchaseAmount`: noz bought for `x` wei, `trunc(Lt·X / (St + Pt + X))`, with `pt` the
 * balance of `total_unissued_prepay` before X is added. Returns the purchase and the new Lt, or
 * undefined when the purchase would exceed Lt (cannot happen mathematically; the caller fails).
 */
export function calculatePurchaseAmount(state: HasRegister, x: bigint, pt: bigint): { purchased: bigint; remaining: bigint } | undefined {
  const lt = state.register.remaining_ozone_limit;
  const st = state.register.effective_total_deposit;
  const purchased = Dec.fromInt(lt).mul(Dec.fromInt(x)).quo(Dec.fromInt(st + pt + x)).truncateInt();
  if (purchased > lt) return undefined;
  return { purchased, remaining: lt - purchased };
}
