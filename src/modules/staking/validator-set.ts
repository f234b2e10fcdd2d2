/**
 * The EndBlock validator set update and the unbonding of mature validators (reference/sdk-modules.md
 * §2.4 "Validator set update" steps 1–7). No power index is kept (§9.4): the non-jailed validators
 * are sorted by (consensus power desc, operator bytes asc) each EndBlock; the first max_validators
 * with power > 0 are the new bonded set, diffed against the last one.
 */
import type { Draft } from 'immer';
import type { AppState } from '../../state/app-state.ts';
import type { ValidatorUpdate } from '../../state/block-info.ts';
import type { Ctx } from '../../state/module.ts';
import * as hooks from './hooks.ts';
import { removeValidator } from './delegation.ts';
import { bondedTokensToNotBonded, notBondedTokensToBonded } from './pools.ts';
import { BondStatus, consensusPower, type ValidatorRecord } from './state.ts';
import { isBonded, mustValidator, nextUnbondingId, setValidator } from './store.ts';

/** The non-jailed validators in power-index order: power desc, then operator bytes asc. */
export function powerIndexOrder(state: AppState): { hex: string; power: bigint }[] {
  const out: { hex: string; power: bigint }[] = [];
  const validators = state.staking.validators;
  for (const hex of Object.keys(validators)) {
    const v = validators[hex]!;
    if (!v.jailed) out.push({ hex, power: consensusPower(v.tokens) });
  }
  return out.sort((a, b) => (a.power !== b.power ? (a.power > b.power ? -1 : 1) : a.hex < b.hex ? -1 : a.hex > b.hex ? 1 : 0));
}

/** `bondValidator`: BONDED, out of the unbonding queue, hook AfterValidatorBonded (unbonding height and time kept). */
function bondValidator(draft: Draft<AppState>, hex: string, v: ValidatorRecord, ctx: Ctx): ValidatorRecord {
  const bonded = { ...v, status: BondStatus.BONDED };
  setValidator(draft, bonded);
  delete (draft.staking.unbonding_validators as Record<string, true>)[hex];
  hooks.afterValidatorBonded(draft, bonded, ctx);
  return bonded;
}

/** `beginUnbondingValidator`: UNBONDING until block time + unbonding_time, a new unbonding id, onto the queue. */
function beginUnbondingValidator(draft: Draft<AppState>, hex: string, v: ValidatorRecord, ctx: Ctx): ValidatorRecord {
  if (!isBonded(v)) throw new Error(`bad state transition bondedToUnbonding, validator: ${v.operator_address}`);
  const id = nextUnbondingId(draft);
  const unbonding: ValidatorRecord = {
    ...v,
    status: BondStatus.UNBONDING,
    unbonding_time: ctx.block.timeNs + draft.staking.params.unbonding_time,
    unbonding_height: ctx.block.height,
    unbonding_ids: [...v.unbonding_ids, id],
  };
  setValidator(draft, unbonding);
  (draft.staking.unbonding_validators as Record<string, true>)[hex] = true;
  return unbonding;
}

/**
 * `ApplyAndReturnValidatorSetUpdates`: bonds the new set, starts unbonding those that left it
 * (in operator order), moves the net token difference between the pools, records the last powers
 * and, when anything changed, the last total power. Returns the CometBFT updates.
 */
export function applyAndReturnValidatorSetUpdates(draft: Draft<AppState>, ctx: Ctx): ValidatorUpdate[] {
  const state = draft as AppState;
  const max = state.staking.params.max_validators;
  const last = new Map<string, bigint>(Object.entries(state.staking.last_validator_powers));
  const lastPowers = draft.staking.last_validator_powers as Record<string, bigint>;
  const updates: ValidatorUpdate[] = [];
  let toBonded = 0n;
  let toNotBonded = 0n;
  let totalPower = 0n;
  let count = 0;
  for (const { hex, power } of powerIndexOrder(state)) {
    if (count >= max || power === 0n) break;
    let v = mustValidator(state, hex);
    if (!isBonded(v)) {
      v = bondValidator(draft, hex, v, ctx);
      toBonded += v.tokens;
    }
    if (last.get(hex) !== power) {
      updates.push({ pubKey: v.consensus_pubkey.key, power });
      lastPowers[hex] = power;
    }
    last.delete(hex);
    count++;
    totalPower += power;
  }
  for (const hex of [...last.keys()].sort()) {
    const v = beginUnbondingValidator(draft, hex, mustValidator(state, hex), ctx);
    toNotBonded += v.tokens;
    delete lastPowers[hex];
    updates.push({ pubKey: v.consensus_pubkey.key, power: 0n });
  }
  if (toBonded > toNotBonded) notBondedTokensToBonded(draft, toBonded - toNotBonded, ctx);
  else if (toBonded < toNotBonded) bondedTokensToNotBonded(draft, toNotBonded - toBonded, ctx);
  if (updates.length > 0) draft.staking.last_total_power = totalPower;
  return updates;
}

/**
 * `UnbondAllMatureValidators`: UNBONDING validators whose unbonding time ≤ block time and height ≤
 * block height become UNBONDED ([QUIRK] their stored unbonding_ids stay); one with no shares left
 * is removed. Taken in queue order: time, height, then operator bytes.
 */
export function unbondAllMatureValidators(draft: Draft<AppState>, ctx: Ctx): void {
  const state = draft as AppState;
  const mature = Object.keys(state.staking.unbonding_validators)
    .map((hex) => ({ hex, v: mustValidator(state, hex) }))
    .filter(({ v }) => v.unbonding_time <= ctx.block.timeNs && v.unbonding_height <= ctx.block.height)
    .sort((a, b) =>
      a.v.unbonding_time !== b.v.unbonding_time
        ? a.v.unbonding_time < b.v.unbonding_time ? -1 : 1
        : a.v.unbonding_height !== b.v.unbonding_height
          ? a.v.unbonding_height < b.v.unbonding_height ? -1 : 1
          : a.hex < b.hex ? -1 : 1,
    );
  for (const { hex, v } of mature) {
    if (v.status !== BondStatus.UNBONDING) throw new Error('unexpected validator in unbonding queue; status was not unbonding');
    if (v.unbonding_on_hold_ref_count !== 0n) continue;
    const unbonded = { ...v, status: BondStatus.UNBONDED };
    setValidator(draft, unbonded);
    delete (draft.staking.unbonding_validators as Record<string, true>)[hex];
    if (unbonded.delegator_shares === 0n) removeValidator(draft, hex, ctx);
  }
}
