/**
 * Distribution's staking hooks (reference/sdk-modules.md §4.2 "hooks"): staking calls these, in the
 * real app's order (distribution's hook before slashing's), from `src/modules/staking/hooks.ts`.
 * Addresses are bech32: delegators `st1…`, validators `stvaloper1…`.
 */
import type { Draft } from 'immer';
import { decCoinsIsZero, decCoinsSub, truncateDecCoins } from '../../math/dec-coins.ts';
import type { AppState } from '../../state/app-state.ts';
import type { Ctx } from '../../state/module.ts';
import { sendCoinsFromModuleToAccount } from '../bank/state.ts';
import type { ValidatorRecord } from '../staking/state.ts';
import { addToCommunityPool } from './community-pool.ts';
import { initializeDelegation, withdrawDelegationRewards } from './delegation.ts';
import { accBech32, accHexOf, deleteHistorical, getCommission, getCurrentRewards, getOutstanding, slashEventsOf, valHexOf, withdrawAddressOf } from './state.ts';
import { incrementValidatorPeriod, initializeValidator, updateValidatorSlashFraction } from './validator.ts';

function validatorAt(draft: Draft<AppState>, validator: string): { valHex: string; record: ValidatorRecord } {
  const valHex = valHexOf(validator);
  const record = (draft as AppState).staking.validators[valHex];
  if (!record) throw new Error(`distribution hook: validator ${validator} does not exist`);
  return { valHex, record };
}

/** A new validator: its reward records (historical rewards period 0, current rewards period 1, zero commission and outstanding). */
export function afterValidatorCreated(draft: Draft<AppState>, validator: ValidatorRecord, _ctx: Ctx): void {
  initializeValidator(draft, valHexOf(validator.operator_address));
}

/** Before a new delegation: the validator's period is incremented. */
export function beforeDelegationCreated(draft: Draft<AppState>, _delegator: string, validator: string, _ctx: Ctx): void {
  const { valHex, record } = validatorAt(draft, validator);
  incrementValidatorPeriod(draft, valHex, record);
}

/** Before an existing delegation's shares change: the delegator's rewards are withdrawn (events, bank send). */
export function beforeDelegationSharesModified(draft: Draft<AppState>, delegator: string, validator: string, ctx: Ctx): void {
  const { valHex } = validatorAt(draft, validator);
  withdrawDelegationRewards(draft, valHex, accHexOf(delegator), ctx);
}

/** After a delegation was created or changed: new starting info (previous period, stake, height). */
export function afterDelegationModified(draft: Draft<AppState>, delegator: string, validator: string, ctx: Ctx): void {
  initializeDelegation(draft, valHexOf(validator), accHexOf(delegator), ctx.block.height);
}

/** Before a validator is slashed by `fraction` (Dec raw, the effective fraction): a slash event record. */
export function beforeValidatorSlashed(draft: Draft<AppState>, validator: string, fraction: bigint, ctx: Ctx): void {
  const { valHex, record } = validatorAt(draft, validator);
  updateValidatorSlashFraction(draft, valHex, record, fraction, ctx.block.height);
}

/** After a validator was removed: commission to the operator, the rest to the community pool, records deleted. */
export function afterValidatorRemoved(draft: Draft<AppState>, validator: ValidatorRecord, ctx: Ctx): void {
  const valHex = valHexOf(validator.operator_address);
  const state = draft as AppState;
  let outstanding = getOutstanding(state, valHex);
  const commission = getCommission(state, valHex);
  if (!decCoinsIsZero(commission)) {
    outstanding = decCoinsSub(outstanding, commission);
    const { truncated: coins, change: remainder } = truncateDecCoins(commission);
    addToCommunityPool(draft, remainder);
    if (coins.length > 0) {
      sendCoinsFromModuleToAccount(draft, 'distribution', withdrawAddressOf(state, accBech32(valHex)), coins, ctx);
    }
  }
  // the validator is removed only once it has no delegations: what is left is dust
  addToCommunityPool(draft, outstanding);
  const d = draft.distribution as unknown as {
    outstanding_rewards: Record<string, unknown>;
    accumulated_commission: Record<string, unknown>;
    current_rewards: Record<string, unknown>;
    slash_events: Record<string, unknown>;
  };
  // historical records still held: the current period's predecessor and those the slash events reference
  const periods = new Set<bigint>([getCurrentRewards(state, valHex).period - 1n]);
  for (const [, e] of slashEventsOf(state, valHex)) periods.add(e.validator_period);
  for (const p of periods) deleteHistorical(draft, valHex, p);
  delete d.outstanding_rewards[valHex];
  delete d.accumulated_commission[valHex];
  delete d.slash_events[valHex];
  delete d.current_rewards[valHex];
}
