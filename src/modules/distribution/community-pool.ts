/**
 * The community pool: FeePool.community_pool (a DecCoins record) backed by coins in the
 * `distribution` module account (reference/sdk-modules.md §4.1). `fundCommunityPool` is the
 * SDK's `FundCommunityPool`: the bank move and the record together.
 */
import type { Draft } from 'immer';
import { decCoinsAdd, decCoinsFromCoins, decCoinsSafeSub, type DecCoins } from '../../math/dec-coins.ts';
import type { Coins } from '../../math/coins.ts';
import type { AppState } from '../../state/app-state.ts';
import type { Ctx } from '../../state/module.ts';
import type { ModuleAccountName } from '../auth/account.ts';
import { sendCoinsFromAccountToModule, sendCoinsFromModuleToAccount, sendCoinsFromModuleToModule } from '../bank/state.ts';
import { DistributionErrors } from './errors.ts';
import { communityPool, setCommunityPool } from './state.ts';

/** FeePool.community_pool += amount (no coins move). */
export function addToCommunityPool(draft: Draft<AppState>, amount: DecCoins): void {
  if (amount.length === 0) return;
  setCommunityPool(draft, decCoinsAdd(communityPool(draft as AppState), amount));
}

/** `FundCommunityPool(amount, sender)`: sender → `distribution` (bank events even when empty), then the record. */
export function fundCommunityPool(draft: Draft<AppState>, amount: Coins, sender: string, ctx: Ctx): void {
  sendCoinsFromAccountToModule(draft, sender, 'distribution', amount, ctx);
  addToCommunityPool(draft, decCoinsFromCoins(amount));
}

/**
 * `FundCommunityPool` called by a module with its own account as sender (pot, register): the
 * same bank send as a module-to-module move (which also makes sure the sender's module account
 * exists), then the record.
 */
export function fundCommunityPoolFromModule(draft: Draft<AppState>, module: ModuleAccountName, amount: Coins, ctx: Ctx): void {
  sendCoinsFromModuleToModule(draft, module, 'distribution', amount, ctx);
  addToCommunityPool(draft, decCoinsFromCoins(amount));
}

/** `DistributeFromFeePool`: the pool must cover `amount` (distribution 9), then `distribution` → recipient. */
export function distributeFromFeePool(draft: Draft<AppState>, amount: Coins, recipient: string, ctx: Ctx): void {
  const { result, negative } = decCoinsSafeSub(communityPool(draft as AppState), decCoinsFromCoins(amount));
  if (negative) throw DistributionErrors.BadDistribution.error();
  sendCoinsFromModuleToAccount(draft, 'distribution', recipient, amount, ctx);
  setCommunityPool(draft, result);
}
