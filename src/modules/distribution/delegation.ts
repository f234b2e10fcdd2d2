/**
 * Delegator-side F1 (reference/sdk-modules.md §4.2; cosmos-sdk x/distribution/keeper
 * delegation.go and keeper.go): starting infos, CalculateDelegationRewards with slash events,
 * the reward withdrawal and the commission withdrawal.
 */
import type { Draft } from 'immer';
import { plainEvent } from '../../events/event.ts';
import { BASE_DENOM } from '../../math/denoms.ts';
import { Dec } from '../../math/dec.ts';
import {
  decCoinsAdd,
  decCoinsFromCoins,
  decCoinsIntersect,
  decCoinsIsAnyNegative,
  decCoinsIsZero,
  decCoinsMulDecTruncate,
  decCoinsSub,
  truncateDecCoins,
  type DecCoins,
} from '../../math/dec-coins.ts';
import { formatCoins, type Coins } from '../../math/coins.ts';
import type { AppState } from '../../state/app-state.ts';
import type { Ctx } from '../../state/module.ts';
import { shardGet } from '../../state/sharded.ts';
import { sendCoinsFromModuleToAccount } from '../bank/state.ts';
import { tokensFromShares, tokensFromSharesTruncated } from '../staking/shares.ts';
import type { DelegationRecord } from '../staking/state.ts';
import { addToCommunityPool } from './community-pool.ts';
import { DistributionErrors } from './errors.ts';
import {
  accBech32,
  deleteStartingInfo,
  getCommission,
  getCurrentRewards,
  getOutstanding,
  getStartingInfo,
  setCommission,
  setOutstanding,
  setStartingInfo,
  slashEventsOf,
  u64Hex,
  withdrawAddressOf,
} from './state.ts';
import { currentRatioIncrement, decrementReferenceCount, historicalRatio, incrementReferenceCount, incrementValidatorPeriod } from './validator.ts';

export function delegationOf(state: AppState, valHex: string, delHex: string): DelegationRecord | undefined {
  return shardGet(state.staking.delegations, delHex + valHex);
}

/** `initializeDelegation`: starting info at the period just ended, with the stake in tokens (truncated). */
export function initializeDelegation(draft: Draft<AppState>, valHex: string, delHex: string, height: bigint): void {
  const state = draft as AppState;
  const previousPeriod = getCurrentRewards(state, valHex).period - 1n;
  incrementReferenceCount(draft, valHex, previousPeriod);
  const validator = state.staking.validators[valHex];
  const delegation = delegationOf(state, valHex, delHex);
  if (!validator || !delegation) throw new Error(`initializeDelegation: no validator ${valHex} or delegation of ${delHex}`);
  const stake = Dec.fromRaw(tokensFromSharesTruncated(validator, delegation.shares));
  setStartingInfo(draft, valHex, delHex, { previous_period: previousPeriod, stake: stake.raw, height });
}

/**
 * `CalculateDelegationRewards` up to `endingPeriod`. `ratioAt(period)` gives the cumulative ratio
 * of a period (the store's, or the query's not-persisted ending period).
 */
export function calculateDelegationRewards(
  state: AppState,
  valHex: string,
  delHex: string,
  endingPeriod: bigint,
  height: bigint,
  ratioAt: (period: bigint) => DecCoins = (p) => historicalRatio(state, valHex, p),
): DecCoins {
  const info = getStartingInfo(state, valHex, delHex);
  if (!info) throw new Error(`no starting info for delegation of ${delHex} to ${valHex}`);
  if (info.height === height) return [];
  const validator = state.staking.validators[valHex]!;
  const delegation = delegationOf(state, valHex, delHex)!;
  const between = (start: bigint, end: bigint, stake: Dec): DecCoins => {
    if (start > end) throw new Error('startingPeriod cannot be greater than endingPeriod');
    if (stake.isNegative()) throw new Error('stake should not be negative');
    const difference = decCoinsSub(ratioAt(end), ratioAt(start));
    if (decCoinsIsAnyNegative(difference)) throw new Error('negative rewards should not be possible');
    return decCoinsMulDecTruncate(difference, stake);
  };
  let rewards: DecCoins = [];
  let startingPeriod = info.previous_period;
  let stake = Dec.fromRaw(info.stake);
  if (height > info.height) {
    // slash events with height in [starting height, current height], in key order
    const lo = u64Hex(info.height);
    const hi = u64Hex(height + 1n);
    for (const [key, event] of slashEventsOf(state, valHex)) {
      if (key < lo || key >= hi) continue;
      if (event.validator_period > startingPeriod) {
        rewards = decCoinsAdd(rewards, between(startingPeriod, event.validator_period, stake));
        stake = stake.mulTruncate(Dec.ONE.sub(Dec.fromRaw(event.fraction)));
        startingPeriod = event.validator_period;
      }
    }
  }
  const currentStake = Dec.fromRaw(tokensFromShares(validator, delegation.shares));
  if (stake.gt(currentStake)) {
    const marginOfErr = Dec.SMALLEST.mulInt(3n);
    if (stake.lte(currentStake.add(marginOfErr))) stake = currentStake;
    else {
      throw new Error(
        `calculated final stake for delegator ${accBech32(delHex)} greater than current stake\n\tfinal stake:\t${stake.toString()}\n\tcurrent stake:\t${currentStake.toString()}`,
      );
    }
  }
  return decCoinsAdd(rewards, between(startingPeriod, endingPeriod, stake));
}

/**
 * The rewards a query shows (DelegationRewards, DelegationTotalRewards, ValidatorDistributionInfo):
 * IncrementValidatorPeriod then Calculate in a context that is not kept. Only the ending period's
 * ratio changes, so it is computed without writing.
 */
export function pendingDelegationRewards(state: AppState, valHex: string, delHex: string, height: bigint): DecCoins {
  const validator = state.staking.validators[valHex]!;
  const { rewards, period } = getCurrentRewards(state, valHex);
  const ending = decCoinsAdd(historicalRatio(state, valHex, period - 1n), currentRatioIncrement(rewards, validator.tokens));
  return calculateDelegationRewards(state, valHex, delHex, period, height, (p) => (p === period ? ending : historicalRatio(state, valHex, p)));
}

/**
 * `withdrawDelegationRewards`: pays the whole coins to the withdraw address, the fraction to the
 * community pool, removes the starting info, emits `withdraw_rewards` (amount `0wei` when nothing
 * was paid). The caller re-creates the starting info.
 */
export function withdrawDelegationRewards(draft: Draft<AppState>, valHex: string, delHex: string, ctx: Ctx): Coins {
  const state = draft as AppState;
  const info = getStartingInfo(state, valHex, delHex);
  if (!info) throw DistributionErrors.EmptyDelegationDistInfo.error();
  const validator = state.staking.validators[valHex]!;
  const delegation = delegationOf(state, valHex, delHex)!;
  const endingPeriod = incrementValidatorPeriod(draft, valHex, validator);
  const rewardsRaw = calculateDelegationRewards(state, valHex, delHex, endingPeriod, ctx.block.height);
  const outstanding = getOutstanding(state, valHex);
  // defensive: clip to what the validator holds (the SDK only logs a difference)
  const rewards = decCoinsIntersect(rewardsRaw, outstanding);
  const { truncated: finalRewards, change: remainder } = truncateDecCoins(rewards);
  if (finalRewards.length > 0) {
    sendCoinsFromModuleToAccount(draft, 'distribution', withdrawAddressOf(state, delegation.delegator_address), finalRewards, ctx);
  }
  setOutstanding(draft, valHex, decCoinsSub(outstanding, rewards));
  addToCommunityPool(draft, remainder);
  decrementReferenceCount(draft, valHex, info.previous_period);
  deleteStartingInfo(draft, valHex, delHex);
  const paid: Coins = finalRewards.length > 0 ? finalRewards : [{ denom: BASE_DENOM, amount: 0n }];
  ctx.emit(plainEvent('withdraw_rewards', { amount: formatCoins(paid), validator: validator.operator_address, delegator: delegation.delegator_address }));
  return paid;
}

/** `WithdrawValidatorCommission`: the whole coins to the operator's withdraw address; the fraction stays. */
export function withdrawValidatorCommission(draft: Draft<AppState>, valHex: string, operatorAccount: string, ctx: Ctx): Coins {
  const state = draft as AppState;
  const accumulated = getCommission(state, valHex);
  if (decCoinsIsZero(accumulated)) throw DistributionErrors.NoValidatorCommission.error();
  const { truncated: commission, change: remainder } = truncateDecCoins(accumulated);
  setCommission(draft, valHex, remainder);
  setOutstanding(draft, valHex, decCoinsSub(getOutstanding(state, valHex), decCoinsFromCoins(commission)));
  if (commission.length > 0) {
    sendCoinsFromModuleToAccount(draft, 'distribution', withdrawAddressOf(state, operatorAccount), commission, ctx);
  }
  ctx.emit(plainEvent('withdraw_commission', { amount: formatCoins(commission) }));
  return commission;
}
