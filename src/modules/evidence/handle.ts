/**
 * Evidence BeginBlock: `HandleEquivocationEvidence` for each misbehavior of the block
 * (reference/sdk-modules.md §6.3; SDK v0.47 `x/evidence/keeper/infraction.go`). v0.47 handles
 * DUPLICATE_VOTE and LIGHT_CLIENT_ATTACK alike.
 *
 * Ignored: an unknown or unbonded validator, an unknown pubkey, evidence too old in BOTH time
 * (> max_age_duration) and blocks (> max_age_num_blocks), a tombstoned validator. Otherwise: slash
 * with slash_fraction_double_sign at distribution height = infraction height − 1 and the evidence's
 * power (event `slash{address, power, reason: double_sign, burned_coins}`), jail if not jailed
 * (`slash{jailed}`), jailed_until = 9999-12-31T23:59:59Z, tombstone, store the evidence.
 * A validator with no signing info (the SDK panics) is skipped (docs/slashing.md).
 */
import type { Draft } from 'immer';
import type { AppState } from '../../state/app-state.ts';
import type { Misbehavior } from '../../state/block-info.ts';
import type { Ctx } from '../../state/module.ts';
import { getSigningInfo, consBech32 } from '../slashing/state.ts';
import { jailUntil, jailWithEvent, slashWithReason, tombstone } from '../slashing/keeper.ts';
import { BondStatus, validatorByConsAddr } from '../staking/state.ts';
import { equivocationHash } from './equivocation.ts';
import type { EquivocationRecord } from './state.ts';

/** CometBFT's default evidence params: 100000 blocks, 48 h. */
export const DEFAULT_EVIDENCE_MAX_AGE = Object.freeze({ maxAgeNumBlocks: 100_000n, maxAgeDurationNs: 48n * 3600n * 1_000_000_000n });

/** `types.DoubleSignJailEndTime`: 9999-12-31T23:59:59Z. */
export const DOUBLE_SIGN_JAIL_END_NS = 253_402_300_799n * 1_000_000_000n;

const VALIDATOR_UPDATE_DELAY = 1n;

export function handleEquivocation(draft: Draft<AppState>, m: Misbehavior, ctx: Ctx): void {
  const state = draft as AppState;
  const consHex = m.address.toUpperCase();
  const validator = validatorByConsAddr(state, consHex);
  if (!validator || validator.status === BondStatus.UNBONDED) return;
  if (!state.slashing.pubkeys[consHex]) return;

  const ageNs = ctx.block.timeNs - m.timeNs;
  const ageBlocks = ctx.block.height - m.height;
  const maxAge = ctx.block.evidenceParams ?? DEFAULT_EVIDENCE_MAX_AGE;
  if (ageNs > maxAge.maxAgeDurationNs && ageBlocks > maxAge.maxAgeNumBlocks) return;

  const info = getSigningInfo(state, consHex);
  if (!info) return; // the SDK panics; skipped (documented)
  if (info.tombstoned) return;

  const params = state.slashing.params;
  slashWithReason(draft, consHex, params.slash_fraction_double_sign, m.power, m.height - VALIDATOR_UPDATE_DELAY, 'double_sign', ctx);
  if (!validator.jailed) jailWithEvent(draft, consHex, ctx);
  jailUntil(draft, consHex, DOUBLE_SIGN_JAIL_END_NS);
  tombstone(draft, consHex);

  const evidence: EquivocationRecord = { height: m.height, time: m.timeNs, power: m.power, consensus_address: consBech32(consHex) };
  (draft.evidence.evidence as Record<string, EquivocationRecord>)[equivocationHash(evidence)] = evidence;
}

export function evidenceBeginBlock(draft: Draft<AppState>, ctx: Ctx): void {
  for (const m of ctx.block.misbehavior ?? []) {
    if (m.type === 'DUPLICATE_VOTE' || m.type === 'LIGHT_CLIENT_ATTACK') handleEquivocation(draft, m, ctx);
  }
}
