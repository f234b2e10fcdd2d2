/**
 * Prepay (reference/chain-semantics.md §1.4 "Prepay purchase", §2.4): X wei of the sds bond denom
 * buys `trunc(Lt·X / (St + Pt + X))` noz, with Pt the balance of `total_unissued_prepay` before
 * the X is added; the X moves sender → `total_unissued_prepay` and Lt drops by the purchase.
 * Errors here are the keeper's (unwrapped); the handler wraps them in ErrPrepayFailure.
 */
import type { Draft } from 'immer';
import { SdkErrors } from '../../errors.ts';
import { coinsAmountOf, type Coins } from '../../math/coins.ts';
import type { AppState } from '../../state/app-state.ts';
import type { Ctx } from '../../state/module.ts';
import { moduleAccountAddress } from '../auth/account.ts';
import { balanceOf, sendCoinsFromAccountToModule } from '../bank/state.ts';
import { calculatePurchaseAmount, effectiveTotalDeposit, remainingOzoneLimit, setRemainingOzoneLimit } from '../register/index.ts';
import { Dec } from '../../math/dec.ts';
import { SdsErrors } from './errors.ts';

export const TOTAL_UNISSUED_PREPAY = 'total_unissued_prepay';

/** Pt: the wei held by `total_unissued_prepay`. */
export function unissuedPrepay(state: AppState): bigint {
  return balanceOf(state, moduleAccountAddress(TOTAL_UNISSUED_PREPAY), state.sds.params.bond_denom);
}

/**
 * The noz `x` wei would buy now, the SimPrepay query: the purchase formula without the `> Lt` check
 * (which only a negative Lt can trip, §6 item 14). Division by a zero `St + Pt + X` is the
 * chain's panic [EDGE].
 */
export function simulatePurchase(state: AppState, x: bigint): bigint {
  const lt = remainingOzoneLimit(state);
  const st = effectiveTotalDeposit(state);
  return Dec.fromInt(lt).mul(Dec.fromInt(x)).quo(Dec.fromInt(st + unissuedPrepay(state) + x)).truncateInt();
}

/** `Keeper.Prepay`: returns the purchased noz. */
export function prepay(draft: Draft<AppState>, sender: string, amount: Coins, ctx: Ctx): bigint {
  const denom = draft.sds.params.bond_denom;
  // other denoms in the amount are ignored (§2.4 step 1)
  const x = coinsAmountOf(amount, denom);
  const have = balanceOf(draft, sender, denom);
  if (have < x) throw SdkErrors.InsufficientFunds.wrap(`spendable balance ${have > 0n ? `${have}${denom}` : ''} is smaller than ${x}${denom}`);
  const r = calculatePurchaseAmount(draft, x, unissuedPrepay(draft));
  // cannot happen with Lt ≥ 0 (the purchase is at most Lt); the chain fails the prepay, wrapped in 10
  if (r === undefined) throw SdsErrors.OzoneLimitNotEnough.error();
  sendCoinsFromAccountToModule(draft, sender, TOTAL_UNISSUED_PREPAY, x > 0n ? [{ denom, amount: x }] : [], ctx);
  setRemainingOzoneLimit(draft, r.remaining);
  return r.purchased;
}
