/**
 * What slashing's keeper offers to itself and to evidence (SDK v0.47 `x/slashing/keeper`):
 * signing-info writes, `SlashWithInfractionReason` and `Jail` with their `slash` events,
 * `JailUntil`, `Tombstone`, `IsTombstoned`.
 */
import type { Draft } from 'immer';
import { plainEvent } from '../../events/event.ts';
import type { AppState } from '../../state/app-state.ts';
import type { Ctx } from '../../state/module.ts';
import { jail as stakingJail, slash as stakingSlash } from '../staking/slash.ts';
import { consBech32, getSigningInfo, type SigningInfoRecord } from './state.ts';

export type InfractionReason = 'double_sign' | 'missing_signature';

export function setSigningInfo(draft: Draft<AppState>, consHex: string, info: SigningInfoRecord): void {
  (draft.slashing.signing_infos as Record<string, SigningInfoRecord>)[consHex.toUpperCase()] = info;
}

/** Clears a validator's missed-block bit array (`clearValidatorMissedBlockBitArray`). */
export function clearMissedBlocks(draft: Draft<AppState>, consHex: string): void {
  delete (draft.slashing.missed_blocks as Record<string, unknown>)[consHex.toUpperCase()];
}

/**
 * Keeper `SlashWithInfractionReason` (used by evidence): staking's slash, then
 * `slash{address, power, reason, burned_coins}`. Returns the amount burned.
 */
export function slashWithReason(draft: Draft<AppState>, consHex: string, fraction: bigint, power: bigint, distributionHeight: bigint, reason: InfractionReason, ctx: Ctx): bigint {
  const burned = stakingSlash(draft, consHex, distributionHeight, power, fraction, ctx);
  ctx.emit(plainEvent('slash', { address: consBech32(consHex), power: power.toString(), reason, burned_coins: burned.toString() }));
  return burned;
}

/** Keeper `Jail`: staking's jail, then `slash{jailed: <consAddr>}`. */
export function jailWithEvent(draft: Draft<AppState>, consHex: string, ctx: Ctx): void {
  stakingJail(draft, consHex, ctx);
  ctx.emit(plainEvent('slash', { jailed: consBech32(consHex) }));
}

function requireInfo(draft: Draft<AppState>, consHex: string, what: string): SigningInfoRecord {
  const info = getSigningInfo(draft as AppState, consHex);
  if (!info) throw new Error(`cannot ${what} validator that does not have any signing information`);
  return info;
}

/** `JailUntil` (the SDK panics without a signing info). */
export function jailUntil(draft: Draft<AppState>, consHex: string, untilNs: bigint): void {
  const info = requireInfo(draft, consHex, 'jail');
  setSigningInfo(draft, consHex, { ...info, jailed_until: untilNs });
}

/** `Tombstone` (the SDK panics without a signing info or when already tombstoned). */
export function tombstone(draft: Draft<AppState>, consHex: string): void {
  const info = requireInfo(draft, consHex, 'tombstone');
  if (info.tombstoned) throw new Error('cannot tombstone validator that is already tombstoned');
  setSigningInfo(draft, consHex, { ...info, tombstoned: true });
}

export function isTombstoned(state: AppState, consHex: string): boolean {
  return getSigningInfo(state, consHex)?.tombstoned ?? false;
}
