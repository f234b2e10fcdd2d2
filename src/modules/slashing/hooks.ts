/**
 * Slashing's staking hooks (reference/sdk-modules.md §6): staking calls these after distribution's,
 * from `src/modules/staking/hooks.ts`. SDK v0.47 `x/slashing/keeper/hooks.go`.
 */
import type { Draft } from 'immer';
import type { AppState } from '../../state/app-state.ts';
import type { Ctx } from '../../state/module.ts';
import type { ValidatorRecord } from '../staking/state.ts';
import { setSigningInfo } from './keeper.ts';
import { consBech32, getSigningInfo } from './state.ts';

type PubkeyRelation = Record<string, { type_url: string; key: string }>;

/** A new validator: the consensus pubkey relation is stored (`AddPubkey`). */
export function afterValidatorCreated(draft: Draft<AppState>, validator: ValidatorRecord, _ctx: Ctx): void {
  (draft.slashing.pubkeys as PubkeyRelation)[validator.cons_address.toUpperCase()] = {
    type_url: validator.consensus_pubkey.type_url,
    key: validator.consensus_pubkey.key,
  };
}

/**
 * A validator became bonded: its signing info is created `{start_height: this height, index_offset
 * 0, jailed_until 1970-01-01T00:00:00Z, tombstoned false, counter 0}`, or, when one exists, only
 * its start height is set to this height.
 */
export function afterValidatorBonded(draft: Draft<AppState>, validator: ValidatorRecord, ctx: Ctx): void {
  const consHex = validator.cons_address.toUpperCase();
  const found = getSigningInfo(draft as AppState, consHex);
  setSigningInfo(
    draft,
    consHex,
    found
      ? { ...found, start_height: ctx.block.height }
      : { address: consBech32(consHex), start_height: ctx.block.height, index_offset: 0n, jailed_until: 0n, tombstoned: false, missed_blocks_counter: 0n },
  );
}

/** A validator was removed: the pubkey relation is deleted (the signing info stays). */
export function afterValidatorRemoved(draft: Draft<AppState>, validator: ValidatorRecord, _ctx: Ctx): void {
  delete (draft.slashing.pubkeys as PubkeyRelation)[validator.cons_address.toUpperCase()];
}
