/**
 * A stand-in for staking's slash / jail / unjail contract (src/modules/staking/slash.ts) for tests
 * that pin what slashing and evidence ask of staking (validator, infraction height, power,
 * fraction) independently of staking's own slashing of unbonding entries: the validator's tokens
 * lose TruncateInt(power × 10^15 × fraction), capped at its tokens, and that amount is returned.
 */
import type { Draft } from 'immer';
import { Dec } from '../../../src/math/dec.ts';
import type { AppState } from '../../../src/state/app-state.ts';
import type { Ctx } from '../../../src/state/module.ts';
import { POWER_REDUCTION, type ValidatorRecord } from '../../../src/modules/staking/state.ts';

export interface SlashCall {
  readonly consHex: string;
  readonly infractionHeight: bigint;
  readonly power: bigint;
  readonly fraction: string;
}

export const calls: { slash: SlashCall[]; jail: string[]; unjail: string[] } = { slash: [], jail: [], unjail: [] };

export function resetCalls(): void {
  calls.slash.length = 0;
  calls.jail.length = 0;
  calls.unjail.length = 0;
}

function update(draft: Draft<AppState>, consHex: string, f: (v: ValidatorRecord) => ValidatorRecord): void {
  const op = draft.staking.validator_by_cons[consHex]!;
  const validators = draft.staking.validators as Record<string, ValidatorRecord>;
  validators[op] = f(validators[op]!);
}

export function slash(draft: Draft<AppState>, consHex: string, infractionHeight: bigint, power: bigint, fraction: bigint, _ctx: Ctx): bigint {
  calls.slash.push({ consHex, infractionHeight, power, fraction: Dec.fromRaw(fraction).toString() });
  const want = Dec.fromInt(power * POWER_REDUCTION).mul(Dec.fromRaw(fraction)).truncateInt();
  let burned = 0n;
  update(draft, consHex, (v) => {
    burned = want < v.tokens ? want : v.tokens;
    return { ...v, tokens: v.tokens - burned };
  });
  return burned;
}

export function jail(draft: Draft<AppState>, consHex: string, _ctx: Ctx): void {
  calls.jail.push(consHex);
  update(draft, consHex, (v) => ({ ...v, jailed: true }));
}

export function unjail(draft: Draft<AppState>, consHex: string, _ctx: Ctx): void {
  calls.unjail.push(consHex);
  update(draft, consHex, (v) => ({ ...v, jailed: false }));
}
