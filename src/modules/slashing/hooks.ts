/**
 * Slashing's staking hooks (reference/sdk-modules.md §6): staking calls these after distribution's,
 * from `src/modules/staking/hooks.ts`.
 * CONTRACT STUBS: the slashing work fills the bodies; the signatures are what staking calls.
 */
import type { Draft } from 'immer';
import type { AppState } from '../../state/app-state.ts';
import type { Ctx } from '../../state/module.ts';
import type { ValidatorRecord } from '../staking/state.ts';

/** A new validator: the consensus pubkey relation is stored. */
export function afterValidatorCreated(_draft: Draft<AppState>, _validator: ValidatorRecord, _ctx: Ctx): void {}

/** A validator became bonded: its signing info is created (or its start height refreshed). */
export function afterValidatorBonded(_draft: Draft<AppState>, _validator: ValidatorRecord, _ctx: Ctx): void {}

/** A validator was removed: the pubkey relation is deleted. */
export function afterValidatorRemoved(_draft: Draft<AppState>, _validator: ValidatorRecord, _ctx: Ctx): void {}
