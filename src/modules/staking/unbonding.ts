/**
 * Undelegate and the completion of unbonding delegations (reference/sdk-modules.md §2.4
 * "Undelegate", "Completing unbondings").
 */
import type { Draft } from 'immer';
import type { Coins } from '../../math/coins.ts';
import { shardValues } from '../../state/sharded.ts';
import type { AppState } from '../../state/app-state.ts';
import type { Ctx } from '../../state/module.ts';
import { undelegateCoinsFromModuleToAccount } from '../bank/state.ts';
import { unbond } from './delegation.ts';
import { StakingErrors } from './errors.ts';
import { StakingEvents } from './events.ts';
import { bondCoins, bondedTokensToNotBonded, NOT_BONDED_POOL } from './pools.ts';
import type { UnbondingDelegationEntry, UnbondingDelegationRecord } from './state.ts';
import { accHexOf, accountOfHex, ADDR_HEX_LEN, dequeueMature, isBonded, nextUnbondingId, operatorOfHex, pushQueue, setUnbondingDelegation, unbondingDelegationAt, validatorAt, valHexOf } from './store.ts';

/** `Undelegate`: returns the completion time and the unbonded amount. */
export function undelegate(draft: Draft<AppState>, delegator: string, valHex: string, shares: bigint, ctx: Ctx): { completionNs: bigint; amount: bigint } {
  const validator = validatorAt(draft as AppState, valHex);
  if (!validator) throw StakingErrors.NoDelegatorForAddress.error();
  const delHex = accHexOf(delegator);
  const existing = unbondingDelegationAt(draft as AppState, delHex, valHex);
  if (existing && existing.entries.length >= draft.staking.params.max_entries) throw StakingErrors.MaxUnbondingDelegationEntries.error();
  const amount = unbond(draft, delegator, valHex, shares, ctx);
  if (isBonded(validator)) bondedTokensToNotBonded(draft, amount, ctx);
  const completionNs = ctx.block.timeNs + draft.staking.params.unbonding_time;
  setUnbondingDelegationEntry(draft, delegator, validator.operator_address, ctx.block.height, completionNs, amount);
  pushQueue(draft.staking.unbonding_queue, completionNs, delHex + valHex);
  return { completionNs, amount };
}

/**
 * `SetUnbondingDelegationEntry`: a new entry with the next unbonding id, or ([QUIRK]) merged into
 * an entry of the same creation height and completion time (the new id is consumed all the same).
 */
export function setUnbondingDelegationEntry(draft: Draft<AppState>, delegator: string, validator: string, height: bigint, completionNs: bigint, balance: bigint): void {
  const id = nextUnbondingId(draft);
  const found = unbondingDelegationAt(draft as AppState, accHexOf(delegator), valHexOf(validator));
  const entries = found ? [...found.entries] : [];
  const at = entries.findIndex((e) => e.creation_height === height && e.completion_time === completionNs);
  if (at >= 0) {
    const e = entries[at]!;
    entries[at] = { ...e, balance: e.balance + balance, initial_balance: e.initial_balance + balance };
  } else {
    entries.push({ creation_height: height, completion_time: completionNs, initial_balance: balance, balance, unbonding_id: id, unbonding_on_hold_ref_count: 0n });
  }
  setUnbondingDelegation(draft, { delegator_address: delegator, validator_address: validator, entries });
}

/** `CompleteUnbonding`: pays every mature entry's balance from the not-bonded pool; the paid coins. */
export function completeUnbonding(draft: Draft<AppState>, delHex: string, valHex: string, ctx: Ctx): Coins | undefined {
  const ubd = unbondingDelegationAt(draft as AppState, delHex, valHex);
  if (!ubd) return undefined;
  const now = ctx.block.timeNs;
  const kept: UnbondingDelegationEntry[] = [];
  let paid = 0n;
  for (const entry of ubd.entries) {
    if (entry.completion_time <= now && entry.unbonding_on_hold_ref_count === 0n) {
      if (entry.balance !== 0n) {
        undelegateCoinsFromModuleToAccount(draft, NOT_BONDED_POOL, ubd.delegator_address, bondCoins(draft, entry.balance), ctx);
        paid += entry.balance;
      }
    } else kept.push(entry);
  }
  setUnbondingDelegation(draft, { ...ubd, entries: kept } as UnbondingDelegationRecord);
  return bondCoins(draft, paid);
}

/** EndBlock: the mature unbonding queue slots, each pair completed with its event (missing records skipped). */
export function completeMatureUnbondings(draft: Draft<AppState>, ctx: Ctx): void {
  for (const key of dequeueMature(draft.staking.unbonding_queue, ctx.block.timeNs)) {
    const delHex = key.slice(0, ADDR_HEX_LEN);
    const valHex = key.slice(ADDR_HEX_LEN);
    const balances = completeUnbonding(draft, delHex, valHex, ctx);
    if (balances === undefined) continue;
    ctx.emit(StakingEvents.completeUnbonding(balances, operatorOfHex(valHex), accountOfHex(delHex)));
  }
}

/** Σ of every unbonding entry's balance (pot's Metrics `total_unbonding_delegation`). */
export function totalUnbondingDelegation(state: AppState): bigint {
  let total = 0n;
  for (const u of shardValues(state.staking.unbonding_delegations)) for (const e of u.entries) total += e.balance;
  return total;
}
