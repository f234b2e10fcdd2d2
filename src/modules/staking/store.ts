/**
 * Reads and writes of the staking slice: keys (lowercase hex of address bytes, see state.ts),
 * records and the time queues. Records are replaced whole.
 */
import type { Draft } from 'immer';
import { Hrp, hexToBech32 } from '../../crypto/address.ts';
import type { AppState } from '../../state/app-state.ts';
import { shardDelete, shardGet, shardSet, type Sharded } from '../../state/sharded.ts';
import { BondStatus, hexOf, type DelegationRecord, type HasStaking, type RedelegationRecord, type UnbondingDelegationRecord, type ValidatorRecord } from './state.ts';

export const valHexOf = (operator: string): string => hexOf(operator, Hrp.validator);
export const accHexOf = (address: string): string => hexOf(address, Hrp.account);
export const operatorOfHex = (hex: string): string => hexToBech32(hex, Hrp.validator);
export const accountOfHex = (hex: string): string => hexToBech32(hex, Hrp.account);

/** Hex key length of one address (20 bytes). */
export const ADDR_HEX_LEN = 40;

export function validatorAt(state: HasStaking, valHex: string): ValidatorRecord | undefined {
  return state.staking.validators[valHex];
}

export function mustValidator(state: HasStaking, valHex: string): ValidatorRecord {
  const v = state.staking.validators[valHex];
  if (!v) throw new Error(`staking: validator ${operatorOfHex(valHex)} does not exist`);
  return v;
}

export function setValidator(draft: Draft<AppState>, v: ValidatorRecord): void {
  (draft.staking.validators as Record<string, ValidatorRecord>)[valHexOf(v.operator_address)] = v;
}

export const isBonded = (v: ValidatorRecord): boolean => v.status === BondStatus.BONDED;
export const isUnbonded = (v: ValidatorRecord): boolean => v.status === BondStatus.UNBONDED;
export const isUnbonding = (v: ValidatorRecord): boolean => v.status === BondStatus.UNBONDING;

export function delegationAt(state: HasStaking, delHex: string, valHex: string): DelegationRecord | undefined {
  return shardGet(state.staking.delegations, delHex + valHex);
}

export function setDelegation(draft: Draft<AppState>, d: DelegationRecord): void {
  shardSet(draft.staking.delegations as Sharded<DelegationRecord>, accHexOf(d.delegator_address) + valHexOf(d.validator_address), d);
}

export function removeDelegation(draft: Draft<AppState>, d: DelegationRecord): void {
  shardDelete(draft.staking.delegations as Sharded<DelegationRecord>, accHexOf(d.delegator_address) + valHexOf(d.validator_address));
}

export function unbondingDelegationAt(state: HasStaking, delHex: string, valHex: string): UnbondingDelegationRecord | undefined {
  return shardGet(state.staking.unbonding_delegations, delHex + valHex);
}

/** Stores the record, or deletes it when it has no entries left. */
export function setUnbondingDelegation(draft: Draft<AppState>, u: UnbondingDelegationRecord): void {
  const key = accHexOf(u.delegator_address) + valHexOf(u.validator_address);
  const s = draft.staking.unbonding_delegations as Sharded<UnbondingDelegationRecord>;
  if (u.entries.length === 0) shardDelete(s, key);
  else shardSet(s, key, u);
}

export function redelegationAt(state: HasStaking, delHex: string, srcHex: string, dstHex: string): RedelegationRecord | undefined {
  return shardGet(state.staking.redelegations, delHex + srcHex + dstHex);
}

/** Stores the record, or deletes it when it has no entries left. */
export function setRedelegation(draft: Draft<AppState>, r: RedelegationRecord): void {
  const key = accHexOf(r.delegator_address) + valHexOf(r.validator_src_address) + valHexOf(r.validator_dst_address);
  const s = draft.staking.redelegations as Sharded<RedelegationRecord>;
  if (r.entries.length === 0) shardDelete(s, key);
  else shardSet(s, key, r);
}

/** Appends `key` to the queue slot of `timeNs` (a pair may appear twice, as in the SDK's queue). */
export function pushQueue(queue: Draft<Record<string, readonly string[]>>, timeNs: bigint, key: string): void {
  const slot = timeNs.toString();
  const list = (queue as Record<string, string[]>)[slot];
  if (list) list.push(key);
  else (queue as Record<string, string[]>)[slot] = [key];
}

/** Removes and returns every key of the slots with time ≤ `nowNs`, slots in time order. */
export function dequeueMature(queue: Draft<Record<string, readonly string[]>>, nowNs: bigint): string[] {
  const q = queue as Record<string, string[]>;
  const slots = Object.keys(q)
    .filter((t) => BigInt(t) <= nowNs)
    .sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0));
  const out: string[] = [];
  for (const t of slots) {
    out.push(...q[t]!);
    delete q[t];
  }
  return out;
}

/** The next unbonding id (the counter starts at 0 and hands out 1, 2, …). */
export function nextUnbondingId(draft: Draft<AppState>): bigint {
  const id = draft.staking.unbonding_id + 1n;
  draft.staking.unbonding_id = id;
  return id;
}
