/**
 * What slashing and evidence ask of staking (reference/sdk-modules.md §2.4 "Slash", "Jailing").
 * CONTRACT STUBS: the staking work fills the bodies; the signatures are what slashing and evidence call.
 */
import type { Draft } from 'immer';
import type { AppState } from '../../state/app-state.ts';
import type { Ctx } from '../../state/module.ts';

/**
 * Slashes the validator with consensus address `consHex` (uppercase hex) for an infraction at
 * `infractionHeight` when it had consensus power `power`, by `fraction` (Dec raw). Returns the
 * amount burned (validator tokens plus unbonding and redelegation entries).
 */
export function slash(_draft: Draft<AppState>, _consHex: string, _infractionHeight: bigint, _power: bigint, _fraction: bigint, _ctx: Ctx): bigint {
  throw new Error('staking slash: not implemented yet');
}

/** Jails the validator: it leaves the power index and is unbonded at this block's EndBlock. */
export function jail(_draft: Draft<AppState>, _consHex: string, _ctx: Ctx): void {
  throw new Error('staking jail: not implemented yet');
}

/** Unjails the validator: back in the power index, re-bonded at EndBlock if it ranks. */
export function unjail(_draft: Draft<AppState>, _consHex: string, _ctx: Ctx): void {
  throw new Error('staking unjail: not implemented yet');
}
