/**
 * The two staking pools are the bank balances of `bonded_tokens_pool` and `not_bonded_tokens_pool`
 * (reference/sdk-modules.md §2.1 "Pool"): moves between them are bank sends with events (even for
 * zero), burns only for positive amounts.
 */
import type { Draft } from 'immer';
import type { Coins } from '../../math/coins.ts';
import type { AppState } from '../../state/app-state.ts';
import type { Ctx } from '../../state/module.ts';
import { moduleAccountAddress } from '../auth/account.ts';
import { balanceOf, burnCoins, sendCoinsFromModuleToModule } from '../bank/state.ts';

export const BONDED_POOL = 'bonded_tokens_pool';
export const NOT_BONDED_POOL = 'not_bonded_tokens_pool';

/** `sdk.NewCoins(sdk.NewCoin(bondDenom, amount))`: a zero amount is the empty set. */
export function bondCoins(draft: Draft<AppState> | AppState, amount: bigint): Coins {
  return amount > 0n ? [{ denom: draft.staking.params.bond_denom, amount }] : [];
}

export function notBondedTokensToBonded(draft: Draft<AppState>, amount: bigint, ctx: Ctx): void {
  sendCoinsFromModuleToModule(draft, NOT_BONDED_POOL, BONDED_POOL, bondCoins(draft, amount), ctx);
}

export function bondedTokensToNotBonded(draft: Draft<AppState>, amount: bigint, ctx: Ctx): void {
  sendCoinsFromModuleToModule(draft, BONDED_POOL, NOT_BONDED_POOL, bondCoins(draft, amount), ctx);
}

export function burnBondedTokens(draft: Draft<AppState>, amount: bigint, ctx: Ctx): void {
  if (amount > 0n) burnCoins(draft, BONDED_POOL, bondCoins(draft, amount), ctx);
}

export function burnNotBondedTokens(draft: Draft<AppState>, amount: bigint, ctx: Ctx): void {
  if (amount > 0n) burnCoins(draft, NOT_BONDED_POOL, bondCoins(draft, amount), ctx);
}

/** A pool's balance in the bond denom. */
export function poolBalance(state: AppState, pool: typeof BONDED_POOL | typeof NOT_BONDED_POOL): bigint {
  return balanceOf(state, moduleAccountAddress(pool), state.staking.params.bond_denom);
}
