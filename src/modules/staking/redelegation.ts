/**
 * BeginRedelegation and the completion of redelegations (reference/sdk-modules.md §2.4
 * "BeginRedelegation"; SDK `x/staking/keeper/delegation.go`).
 */
import type { Draft } from 'immer';
import type { Coins } from '../../math/coins.ts';
import type { AppState } from '../../state/app-state.ts';
import type { Ctx } from '../../state/module.ts';
import { shardEntriesWithPrefix } from '../../state/sharded.ts';
import { delegate, type TokenSource } from './delegation.ts';
import { StakingErrors } from './errors.ts';
import { StakingEvents } from './events.ts';
import { bondCoins } from './pools.ts';
import type { RedelegationEntry, RedelegationRecord } from './state.ts';
import { accHexOf, accountOfHex, ADDR_HEX_LEN, dequeueMature, isBonded, isUnbonded, nextUnbondingId, operatorOfHex, pushQueue, redelegationAt, setRedelegation, validatorAt } from './store.ts';
import { unbond } from './delegation.ts';

/** The Go zero time (0001-01-01T00:00:00Z) in ns since the Unix epoch: an immediate redelegation's completion. */
export const GO_ZERO_TIME_NS = -62_135_596_800n * 1_000_000_000n;

/** `HasReceivingRedelegation`: a redelegation of `delHex` whose destination is `valHex`. */
export function hasReceivingRedelegation(state: AppState, delHex: string, valHex: string): boolean {
  for (const [key] of shardEntriesWithPrefix(state.staking.redelegations, delHex)) if (key.slice(2 * ADDR_HEX_LEN) === valHex) return true;
  return false;
}

/**
 * `BeginRedelegation`: `shares` (Dec raw) of `delegator` from `srcHex` to `dstHex`. Returns the
 * completion time (the Go zero time when it completes at once: an UNBONDED source).
 */
export function beginRedelegation(draft: Draft<AppState>, delegator: string, srcHex: string, dstHex: string, shares: bigint, ctx: Ctx): bigint {
  if (srcHex === dstHex) throw StakingErrors.SelfRedelegation.error();
  const dst = validatorAt(draft as AppState, dstHex);
  if (!dst) throw StakingErrors.BadRedelegationDst.error();
  const src = validatorAt(draft as AppState, srcHex);
  if (!src) throw StakingErrors.BadRedelegationDst.error();
  const delHex = accHexOf(delegator);
  if (hasReceivingRedelegation(draft as AppState, delHex, srcHex)) throw StakingErrors.TransitiveRedelegation.error();
  const existing = redelegationAt(draft as AppState, delHex, srcHex, dstHex);
  if (existing && existing.entries.length >= draft.staking.params.max_entries) throw StakingErrors.MaxRedelegationEntries.error();
  const srcStatus = src.status as TokenSource;
  const returned = unbond(draft, delegator, srcHex, shares, ctx);
  if (returned === 0n) throw StakingErrors.TinyRedelegationAmount.error();
  const sharesCreated = delegate(draft, delegator, returned, srcStatus, dst, false, ctx);

  // getBeginInfo: the source as it is now (it may have been removed by the unbond)
  const now = validatorAt(draft as AppState, srcHex);
  let completionNs: bigint;
  let height: bigint;
  if (!now || isBonded(now)) {
    completionNs = ctx.block.timeNs + draft.staking.params.unbonding_time;
    height = ctx.block.height;
  } else if (isUnbonded(now)) {
    return GO_ZERO_TIME_NS;
  } else {
    completionNs = now.unbonding_time;
    height = now.unbonding_height;
  }
  const id = nextUnbondingId(draft);
  const entry: RedelegationEntry = { creation_height: height, completion_time: completionNs, initial_balance: returned, shares_dst: sharesCreated, unbonding_id: id, unbonding_on_hold_ref_count: 0n };
  const prior = redelegationAt(draft as AppState, delHex, srcHex, dstHex);
  setRedelegation(draft, {
    delegator_address: delegator,
    validator_src_address: src.operator_address,
    validator_dst_address: dst.operator_address,
    entries: [...(prior?.entries ?? []), entry],
  });
  pushQueue(draft.staking.redelegation_queue, completionNs, delHex + srcHex + dstHex);
  return completionNs;
}

/** `CompleteRedelegation`: removes the mature entries; the sum of their initial balances. */
export function completeRedelegation(draft: Draft<AppState>, delHex: string, srcHex: string, dstHex: string, ctx: Ctx): Coins | undefined {
  const red = redelegationAt(draft as AppState, delHex, srcHex, dstHex);
  if (!red) return undefined;
  let total = 0n;
  const kept: RedelegationEntry[] = [];
  for (const e of red.entries) {
    if (e.completion_time <= ctx.block.timeNs && e.unbonding_on_hold_ref_count === 0n) total += e.initial_balance;
    else kept.push(e);
  }
  setRedelegation(draft, { ...red, entries: kept } as RedelegationRecord);
  return bondCoins(draft, total);
}

/** EndBlock: the mature redelegation queue slots, each triplet completed with its event. */
export function completeMatureRedelegations(draft: Draft<AppState>, ctx: Ctx): void {
  for (const key of dequeueMature(draft.staking.redelegation_queue, ctx.block.timeNs)) {
    const delHex = key.slice(0, ADDR_HEX_LEN);
    const srcHex = key.slice(ADDR_HEX_LEN, 2 * ADDR_HEX_LEN);
    const dstHex = key.slice(2 * ADDR_HEX_LEN);
    const balances = completeRedelegation(draft, delHex, srcHex, dstHex, ctx);
    if (balances === undefined) continue;
    ctx.emit(StakingEvents.completeRedelegation(balances, accountOfHex(delHex), operatorOfHex(srcHex), operatorOfHex(dstHex)));
  }
}
