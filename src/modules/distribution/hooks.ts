/**
 * Distribution's staking hooks (reference/sdk-modules.md §4.2 "hooks"): staking calls these, in the
 * real app's order (distribution's hook before slashing's), from `src/modules/staking/hooks.ts`.
 * CONTRACT STUBS: the distribution work fills the bodies; the signatures are what staking calls.
 */
import type { Draft } from 'immer';
import type { AppState } from '../../state/app-state.ts';
import type { Ctx } from '../../state/module.ts';
import type { ValidatorRecord } from '../staking/state.ts';

/** A new validator: its reward records (historical rewards period 0, current rewards period 1, zero commission and outstanding). */
export function afterValidatorCreated(_draft: Draft<AppState>, _validator: ValidatorRecord, _ctx: Ctx): void {}

/** Before a new delegation: the validator's period is incremented. */
export function beforeDelegationCreated(_draft: Draft<AppState>, _delegator: string, _validator: string, _ctx: Ctx): void {}

/** Before an existing delegation's shares change: the delegator's rewards are withdrawn (events, bank send). */
export function beforeDelegationSharesModified(_draft: Draft<AppState>, _delegator: string, _validator: string, _ctx: Ctx): void {}

/** After a delegation was created or changed: new starting info (previous period, stake, height). */
export function afterDelegationModified(_draft: Draft<AppState>, _delegator: string, _validator: string, _ctx: Ctx): void {}

/** Before a validator is slashed by `fraction` (Dec raw, the effective fraction): a slash event record. */
export function beforeValidatorSlashed(_draft: Draft<AppState>, _validator: string, _fraction: bigint, _ctx: Ctx): void {}

/** After a validator was removed: commission to the operator, the rest to the community pool, records deleted. */
export function afterValidatorRemoved(_draft: Draft<AppState>, _validator: ValidatorRecord, _ctx: Ctx): void {}
