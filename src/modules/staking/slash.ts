/**
 * What slashing and evidence ask of staking (reference/sdk-modules.md §2.4 "Slash", "Jailing"; SDK
 * `x/staking/keeper/slash.go`).
 */
import type { Draft } from 'immer';
import { Dec } from '../../math/dec.ts';
import type { AppState } from '../../state/app-state.ts';
import type { Ctx } from '../../state/module.ts';
import { shardValues } from '../../state/sharded.ts';
import { jailValidator, unbond, unjailValidator } from './delegation.ts';
import * as hooks from './hooks.ts';
import { burnBondedTokens, burnNotBondedTokens } from './pools.ts';
import { POWER_REDUCTION, validatorByConsAddr, type RedelegationRecord, type UnbondingDelegationRecord, type ValidatorRecord } from './state.ts';
import { accHexOf, delegationAt, isBonded, isUnbonded, mustValidator, setUnbondingDelegation, setValidator, unbondingDelegationAt, valHexOf } from './store.ts';

const isMature = (completionNs: bigint, onHold: bigint, nowNs: bigint) => completionNs <= nowNs && onHold === 0n;

/** `SlashUnbondingDelegation`: entries created at or after the infraction and not mature; returns the amount due (before capping at balances). */
function slashUnbondingDelegation(draft: Draft<AppState>, ubd: UnbondingDelegationRecord, infractionHeight: bigint, fraction: Dec, ctx: Ctx): bigint {
  let total = 0n;
  let burned = 0n;
  const entries = [...ubd.entries];
  entries.forEach((entry, i) => {
    if (entry.creation_height < infractionHeight) return;
    if (isMature(entry.completion_time, entry.unbonding_on_hold_ref_count, ctx.block.timeNs)) return;
    const due = fraction.mulInt(entry.initial_balance).truncateInt();
    total += due;
    const cut = due < entry.balance ? due : entry.balance;
    if (cut === 0n) return;
    burned += cut;
    entries[i] = { ...entry, balance: entry.balance - cut };
  });
  if (burned > 0n) setUnbondingDelegation(draft, { ...ubd, entries });
  burnNotBondedTokens(draft, burned, ctx);
  return total;
}

/**
 * `SlashRedelegation`: entries from the slashed source created at or after the infraction and not
 * mature. The delegator's unbonding entries at the destination are cut first, then
 * fraction × shares_dst is unbonded from the destination delegation and burned from the pool of the
 * destination's status. Returns the amount due.
 */
function slashRedelegation(draft: Draft<AppState>, red: RedelegationRecord, infractionHeight: bigint, fraction: Dec, ctx: Ctx): bigint {
  let total = 0n;
  let bondedBurned = 0n;
  let notBondedBurned = 0n;
  const delHex = accHexOf(red.delegator_address);
  const dstHex = valHexOf(red.validator_dst_address);
  for (const entry of red.entries) {
    if (entry.creation_height < infractionHeight) continue;
    if (isMature(entry.completion_time, entry.unbonding_on_hold_ref_count, ctx.block.timeNs)) continue;
    let due = fraction.mulInt(entry.initial_balance).truncateInt();
    total += due;
    const ubd = unbondingDelegationAt(draft as AppState, delHex, dstHex);
    if (ubd) {
      const entries = [...ubd.entries];
      let changed = false;
      entries.forEach((u, i) => {
        const cut = due < u.balance ? due : u.balance;
        if (cut === 0n || u.creation_height < infractionHeight || isMature(u.completion_time, u.unbonding_on_hold_ref_count, ctx.block.timeNs)) return;
        due -= cut;
        notBondedBurned += cut;
        entries[i] = { ...u, balance: u.balance - cut };
        changed = true;
      });
      if (changed) setUnbondingDelegation(draft, { ...ubd, entries });
    }
    let shares = fraction.mul(Dec.fromRaw(entry.shares_dst)).raw;
    if (shares === 0n || due === 0n) continue;
    const delegation = delegationAt(draft as AppState, delHex, dstHex);
    if (!delegation) continue;
    if (shares > delegation.shares) shares = delegation.shares;
    const tokens = unbond(draft, red.delegator_address, dstHex, shares, ctx);
    const dst = mustValidator(draft as AppState, dstHex);
    if (isBonded(dst)) bondedBurned += tokens;
    else notBondedBurned += tokens;
  }
  burnBondedTokens(draft, bondedBurned, ctx);
  burnNotBondedTokens(draft, notBondedBurned, ctx);
  return total;
}

/**
 * Slashes the validator with consensus address `consHex` (uppercase hex) for an infraction at
 * `infractionHeight` when it had consensus power `power`, by `fraction` (Dec raw): unbonding and
 * redelegation entries begun since the infraction first, the rest from the validator's tokens.
 * Returns the tokens burned from the validator itself (what the SDK's Slash returns and slashing's
 * `slash` event prints as burned_coins); 0 when no such validator exists.
 */
export function slash(draft: Draft<AppState>, consHex: string, infractionHeight: bigint, power: bigint, fraction: bigint, ctx: Ctx): bigint {
  if (fraction < 0n) throw new Error(`attempted to slash with a negative slash factor: ${Dec.fromRaw(fraction)}`);
  const factor = Dec.fromRaw(fraction);
  const slashAmount = Dec.fromInt(power * POWER_REDUCTION).mul(factor).truncateInt();
  const found = validatorByConsAddr(draft as AppState, consHex);
  if (!found) return 0n;
  if (isUnbonded(found)) throw new Error(`should not be slashing unbonded validator: ${found.operator_address}`);
  const valHex = valHexOf(found.operator_address);
  let remaining = slashAmount;
  if (infractionHeight > ctx.block.height) {
    throw new Error(`impossible attempt to slash future infraction at height ${infractionHeight} but we are at height ${ctx.block.height}`);
  }
  if (infractionHeight < ctx.block.height) {
    const state = draft as AppState;
    const ubds = [...shardValues(state.staking.unbonding_delegations)].filter((u) => u.validator_address === found.operator_address);
    for (const ubd of ubds) remaining -= slashUnbondingDelegation(draft, ubd, infractionHeight, factor, ctx);
    const reds = [...shardValues(state.staking.redelegations)].filter((r) => r.validator_src_address === found.operator_address);
    for (const red of reds) remaining -= slashRedelegation(draft, red, infractionHeight, factor, ctx);
  }
  let validator: ValidatorRecord = mustValidator(draft as AppState, valHex);
  let burn = remaining < validator.tokens ? remaining : validator.tokens;
  if (burn < 0n) burn = 0n;
  if (validator.tokens > 0n) {
    let effective = Dec.fromInt(burn).quoRoundUp(Dec.fromInt(validator.tokens));
    if (effective.gt(Dec.ONE)) effective = Dec.ONE;
    hooks.beforeValidatorSlashed(draft, validator.operator_address, effective.raw, ctx);
    validator = mustValidator(draft as AppState, valHex);
  }
  if (burn > validator.tokens) throw new Error('attempting to remove more tokens than available in validator');
  setValidator(draft, { ...validator, tokens: validator.tokens - burn });
  if (isBonded(validator)) burnBondedTokens(draft, burn, ctx);
  else burnNotBondedTokens(draft, burn, ctx);
  return burn;
}

/** Jails the validator: it leaves the power index and is unbonded at this block's EndBlock. */
export function jail(draft: Draft<AppState>, consHex: string, _ctx: Ctx): void {
  const v = validatorByConsAddr(draft as AppState, consHex);
  if (!v) throw new Error(`validator with consensus-Address ${consHex} not found`);
  jailValidator(draft, v);
}

/** Unjails the validator: back in the power index, re-bonded at EndBlock if it ranks. */
export function unjail(draft: Draft<AppState>, consHex: string, _ctx: Ctx): void {
  const v = validatorByConsAddr(draft as AppState, consHex);
  if (!v) throw new Error(`validator with consensus-Address ${consHex} not found`);
  unjailValidator(draft, v);
}
