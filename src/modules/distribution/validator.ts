/**
 * Validator-side F1 records (reference/sdk-modules.md §4.2; cosmos-sdk x/distribution/keeper
 * validator.go): initialisation, IncrementValidatorPeriod, historical reference counts and slash
 * events. The SDK panics on broken invariants; these throw plain Errors.
 */
import type { Draft } from 'immer';
import { Dec } from '../../math/dec.ts';
import { decCoinsAdd, decCoinsQuoDecTruncate, decCoinsSub, type DecCoins } from '../../math/dec-coins.ts';
import type { AppState } from '../../state/app-state.ts';
import type { ValidatorRecord } from '../staking/state.ts';
import { addToCommunityPool } from './community-pool.ts';
import {
  deleteHistorical,
  getCurrentRewards,
  getHistorical,
  getOutstanding,
  setCommission,
  setCurrentRewards,
  setHistorical,
  setOutstanding,
  slashKey,
  toDecCoins,
  type SlashEventRecord,
} from './state.ts';

/** `initializeValidator` (hook AfterValidatorCreated). */
export function initializeValidator(draft: Draft<AppState>, valHex: string): void {
  setHistorical(draft, valHex, 0n, [], 1);
  setCurrentRewards(draft, valHex, [], 1n);
  setCommission(draft, valHex, []);
  setOutstanding(draft, valHex, []);
}

/** The cumulative reward ratio of a stored period ([] when absent, as the store's zero value). */
export function historicalRatio(state: AppState, valHex: string, period: bigint): DecCoins {
  return toDecCoins(getHistorical(state, valHex, period)?.cumulative_reward_ratio);
}

/** What `IncrementValidatorPeriod` adds to the ratio: current rewards per token (truncated), [] at zero tokens. */
export function currentRatioIncrement(current: DecCoins, tokens: bigint): DecCoins {
  return tokens === 0n ? [] : decCoinsQuoDecTruncate(current, Dec.fromInt(tokens));
}

/** `IncrementValidatorPeriod`: closes the current period and returns it. */
export function incrementValidatorPeriod(draft: Draft<AppState>, valHex: string, validator: ValidatorRecord): bigint {
  const state = draft as AppState;
  const { rewards, period } = getCurrentRewards(state, valHex);
  if (validator.tokens === 0n) {
    // rewards of a validator without tokens cannot be claimed: community pool
    addToCommunityPool(draft, rewards);
    setOutstanding(draft, valHex, decCoinsSub(getOutstanding(state, valHex), rewards));
  }
  const ratio = decCoinsAdd(historicalRatio(state, valHex, period - 1n), currentRatioIncrement(rewards, validator.tokens));
  setHistorical(draft, valHex, period, ratio, 1);
  decrementReferenceCount(draft, valHex, period - 1n);
  setCurrentRewards(draft, valHex, [], period + 1n);
  return period;
}

export function incrementReferenceCount(draft: Draft<AppState>, valHex: string, period: bigint): void {
  const h = getHistorical(draft as AppState, valHex, period);
  const count = h?.reference_count ?? 0;
  if (count > 2) throw new Error(`reference count for validator ${valHex} period ${period} should never go above 2`);
  setHistorical(draft, valHex, period, toDecCoins(h?.cumulative_reward_ratio), count + 1);
}

export function decrementReferenceCount(draft: Draft<AppState>, valHex: string, period: bigint): void {
  const h = getHistorical(draft as AppState, valHex, period);
  const count = h?.reference_count ?? 0;
  if (count === 0) throw new Error(`cannot set negative reference count for validator ${valHex} period ${period}`);
  if (count === 1) deleteHistorical(draft, valHex, period);
  else setHistorical(draft, valHex, period, toDecCoins(h!.cumulative_reward_ratio), count - 1);
}

/** `updateValidatorSlashFraction` (hook BeforeValidatorSlashed): a slash event at (height, new period). */
export function updateValidatorSlashFraction(draft: Draft<AppState>, valHex: string, validator: ValidatorRecord, fraction: bigint, height: bigint): void {
  if (fraction > Dec.ONE.raw || fraction < 0n) throw new Error(`fraction must be >=0 and <=1, current fraction: ${Dec.fromRaw(fraction).toString()}`);
  const newPeriod = incrementValidatorPeriod(draft, valHex, validator);
  incrementReferenceCount(draft, valHex, newPeriod);
  const all = draft.distribution.slash_events as Record<string, Record<string, SlashEventRecord>>;
  all[valHex] = { ...(all[valHex] ?? {}), [slashKey(height, newPeriod)]: { validator_period: newPeriod, fraction } };
}
