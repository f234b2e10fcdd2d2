/**
 * The staking hooks with effects (reference/sdk-modules.md §9.4 "Hooks"): distribution's first,
 * then slashing's, as the real app's MultiStakingHooks. The others (BeforeValidatorModified,
 * AfterValidatorBeginUnbonding, BeforeDelegationRemoved, AfterUnbondingInitiated) do nothing on
 * this chain and are not called.
 */
import type { Draft } from 'immer';
import type { AppState } from '../../state/app-state.ts';
import type { Ctx } from '../../state/module.ts';
import * as distribution from '../distribution/hooks.ts';
import * as slashing from '../slashing/hooks.ts';
import type { ValidatorRecord } from './state.ts';

export function afterValidatorCreated(draft: Draft<AppState>, v: ValidatorRecord, ctx: Ctx): void {
  distribution.afterValidatorCreated(draft, v, ctx);
  slashing.afterValidatorCreated(draft, v, ctx);
}

export function afterValidatorBonded(draft: Draft<AppState>, v: ValidatorRecord, ctx: Ctx): void {
  slashing.afterValidatorBonded(draft, v, ctx);
}

export function afterValidatorRemoved(draft: Draft<AppState>, v: ValidatorRecord, ctx: Ctx): void {
  distribution.afterValidatorRemoved(draft, v, ctx);
  slashing.afterValidatorRemoved(draft, v, ctx);
}

export function beforeDelegationCreated(draft: Draft<AppState>, delegator: string, validator: string, ctx: Ctx): void {
  distribution.beforeDelegationCreated(draft, delegator, validator, ctx);
}

export function beforeDelegationSharesModified(draft: Draft<AppState>, delegator: string, validator: string, ctx: Ctx): void {
  distribution.beforeDelegationSharesModified(draft, delegator, validator, ctx);
}

export function afterDelegationModified(draft: Draft<AppState>, delegator: string, validator: string, ctx: Ctx): void {
  distribution.afterDelegationModified(draft, delegator, validator, ctx);
}

export function beforeValidatorSlashed(draft: Draft<AppState>, validator: string, fraction: bigint, ctx: Ctx): void {
  distribution.beforeValidatorSlashed(draft, validator, fraction, ctx);
}
