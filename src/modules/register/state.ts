/**
 * The register slice (reference/chain-semantics.md §1.1–1.2): node collections are Sharded tries
 * keyed by the lowercase hex of the 20 address bytes; the singletons (St, Lt, rate, counters) are
 * plain fields. Records are JSON-like: pubkeys as base64, times as bigint ns, amounts as bigint.
 */
import type { Draft } from 'immer';
import { bytesToHex } from '@noble/hashes/utils.js';
import { addressFromBech32, Hrp } from '../../crypto/address.ts';
import { shardDelete, shardGet, shardSet, type Sharded } from '../../state/sharded.ts';
import { DEFAULT_REGISTER_PARAMS, type RegisterParams } from './params.ts';

/** `sdk.staking.v1beta1.BondStatus` numbers (spec part 3). */
export const BondStatus = { UNSPECIFIED: 0, UNBONDED: 1, UNBONDING: 2, BONDED: 3 } as const;
export type BondStatusNumber = (typeof BondStatus)[keyof typeof BondStatus];

export const BOND_STATUS_NAMES: Readonly<Record<number, string>> = {
  0: 'BOND_STATUS_UNSPECIFIED',
  1: 'BOND_STATUS_UNBONDED',
  2: 'BOND_STATUS_UNBONDING',
  3: 'BOND_STATUS_BONDED',
};

export interface Description {
  readonly moniker: string;
  readonly identity: string;
  readonly website: string;
  readonly security_contact: string;
  readonly details: string;
}

/** A node pubkey: its (neutral) type URL and the raw key bytes in base64. */
export interface NodePubKey {
  readonly type_url: string;
  readonly key: string;
}

interface NodeCommon {
  readonly network_address: string;
  readonly pubkey: NodePubKey;
  readonly suspend: boolean;
  readonly status: number;
  readonly tokens: bigint;
  readonly owner_address: string;
  readonly description: Description;
  /** block time at creation, ns */
  readonly creation_time: bigint;
  readonly beneficiary_address: string;
}

export interface ResourceNodeRecord extends NodeCommon {
  /** bit set 1..7: computation 1, database 2, storage 4 */
  readonly node_type: number;
  readonly effective_tokens: bigint;
}

export type MetaNodeRecord = NodeCommon;

/** MetaNodeRegistrationVotePool / KickMetaNodeVotePool. */
export interface VotePool {
  /** candidate (registration) or target (kick) network address */
  readonly network_address: string;
  readonly approve_list: readonly string[];
  readonly reject_list: readonly string[];
  /** ns */
  readonly expire_time: bigint;
  readonly is_vote_passed: boolean;
}

export interface UnbondingEntry {
  readonly creation_height: bigint;
  /** ns */
  readonly completion_time: bigint;
  readonly initial_balance: bigint;
  readonly balance: bigint;
}

export interface UnbondingNodeRecord {
  readonly network_addr: string;
  readonly is_meta_node: boolean;
  readonly entries: readonly UnbondingEntry[];
}

export interface RegisterState {
  readonly params: RegisterParams;
  readonly resource_nodes: Sharded<ResourceNodeRecord>;
  readonly meta_nodes: Sharded<MetaNodeRecord>;
  readonly reg_vote_pools: Sharded<VotePool>;
  readonly kick_vote_pools: Sharded<VotePool>;
  readonly unbonding_nodes: Sharded<UnbondingNodeRecord>;
  /**
   * Unbonding queue: completion time (ns, as a 20-digit zero-padded decimal so that keys sort in time
   * order) → network addresses in insertion order (§1.2 prefix 0x12).
   */
  readonly unbonding_queue: Readonly<Record<string, readonly string[]>>;
  /** Lt: RemainingOzoneLimit */
  readonly remaining_ozone_limit: bigint;
  /** St: EffectiveTotalDeposit */
  readonly effective_total_deposit: bigint;
  /** DepositNozRate as the Dec raw value (value × 10^18) */
  readonly deposit_noz_rate: bigint;
  readonly bonded_resource_node_count: bigint;
  readonly bonded_meta_node_count: bigint;
  /** deprecated, written only at genesis */
  readonly initial_genesis_deposit_total: bigint;
  /** Slashing[wallet] in wei, keyed by account hex */
  readonly slashing: Sharded<bigint>;
}

export const DEFAULT_DEPOSIT_NOZ_RATE_RAW = 1_000_000n * 10n ** 18n;

export function emptyRegisterState(): RegisterState {
  return {
    params: DEFAULT_REGISTER_PARAMS,
    resource_nodes: {},
    meta_nodes: {},
    reg_vote_pools: {},
    kick_vote_pools: {},
    unbonding_nodes: {},
    unbonding_queue: {},
    remaining_ozone_limit: 0n,
    effective_total_deposit: 0n,
    deposit_noz_rate: DEFAULT_DEPOSIT_NOZ_RATE_RAW,
    bonded_resource_node_count: 0n,
    bonded_meta_node_count: 0n,
    initial_genesis_deposit_total: 0n,
    slashing: {},
  };
}

export interface HasRegister {
  readonly register: RegisterState;
}

/** Store key of a node: hex of the 20 bytes of its `stsds1…` address. Throws a plain Error if it does not parse. */
export function nodeKey(networkAddress: string): string {
  return bytesToHex(addressFromBech32(networkAddress, Hrp.sds));
}

/** The key, or undefined when the address does not parse (lookups of unknown addresses). */
export function tryNodeKey(networkAddress: string): string | undefined {
  try {
    return nodeKey(networkAddress);
  } catch {
    return undefined;
  }
}

export function getResourceNode(state: HasRegister, networkAddress: string): ResourceNodeRecord | undefined {
  const k = tryNodeKey(networkAddress);
  return k === undefined ? undefined : shardGet(state.register.resource_nodes, k);
}

export function getMetaNode(state: HasRegister, networkAddress: string): MetaNodeRecord | undefined {
  const k = tryNodeKey(networkAddress);
  return k === undefined ? undefined : shardGet(state.register.meta_nodes, k);
}

export function setResourceNode(draft: Draft<HasRegister>, node: ResourceNodeRecord): void {
  shardSet(draft.register.resource_nodes as Sharded<ResourceNodeRecord>, nodeKey(node.network_address), node);
}

export function setMetaNode(draft: Draft<HasRegister>, node: MetaNodeRecord): void {
  shardSet(draft.register.meta_nodes as Sharded<MetaNodeRecord>, nodeKey(node.network_address), node);
}

export function deleteResourceNode(draft: Draft<HasRegister>, networkAddress: string): void {
  shardDelete(draft.register.resource_nodes as Sharded<ResourceNodeRecord>, nodeKey(networkAddress));
}

export function deleteMetaNode(draft: Draft<HasRegister>, networkAddress: string): void {
  shardDelete(draft.register.meta_nodes as Sharded<MetaNodeRecord>, nodeKey(networkAddress));
}

/** "Active" meta node: Bonded and not suspended (§1.1). */
export function isActiveMetaNode(node: MetaNodeRecord | undefined): boolean {
  return node !== undefined && node.status === BondStatus.BONDED && !node.suspend;
}

export function getRegistrationVotePool(state: HasRegister, networkAddress: string): VotePool | undefined {
  const k = tryNodeKey(networkAddress);
  return k === undefined ? undefined : shardGet(state.register.reg_vote_pools, k);
}

export function setRegistrationVotePool(draft: Draft<HasRegister>, pool: VotePool): void {
  shardSet(draft.register.reg_vote_pools as Sharded<VotePool>, nodeKey(pool.network_address), pool);
}

export function deleteRegistrationVotePool(draft: Draft<HasRegister>, networkAddress: string): void {
  shardDelete(draft.register.reg_vote_pools as Sharded<VotePool>, nodeKey(networkAddress));
}

export function getKickVotePool(state: HasRegister, networkAddress: string): VotePool | undefined {
  const k = tryNodeKey(networkAddress);
  return k === undefined ? undefined : shardGet(state.register.kick_vote_pools, k);
}

export function setKickVotePool(draft: Draft<HasRegister>, pool: VotePool): void {
  shardSet(draft.register.kick_vote_pools as Sharded<VotePool>, nodeKey(pool.network_address), pool);
}

export function deleteKickVotePool(draft: Draft<HasRegister>, networkAddress: string): void {
  shardDelete(draft.register.kick_vote_pools as Sharded<VotePool>, nodeKey(networkAddress));
}

export function getUnbondingNode(state: HasRegister, networkAddress: string): UnbondingNodeRecord | undefined {
  const k = tryNodeKey(networkAddress);
  return k === undefined ? undefined : shardGet(state.register.unbonding_nodes, k);
}

/** Σ of the balances of a node's unbonding entries. */
export function unbondingTotal(state: HasRegister, networkAddress: string): bigint {
  let sum = 0n;
  for (const e of getUnbondingNode(state, networkAddress)?.entries ?? []) sum += e.balance;
  return sum;
}

/** Slashing owed by a wallet, keyed by the account bytes. */
export function getSlashing(state: HasRegister, walletKey: string): bigint {
  return shardGet(state.register.slashing, walletKey) ?? 0n;
}

export function setSlashing(draft: Draft<HasRegister>, walletKey: string, amount: bigint): void {
  if (amount === 0n) shardDelete(draft.register.slashing as Sharded<bigint>, walletKey);
  else shardSet(draft.register.slashing as Sharded<bigint>, walletKey, amount);
}

/** node_type strings used in events (§1.1). */
export const NODE_TYPE_NAMES: Readonly<Record<number, string>> = {
  7: 'storage/database/computation',
  6: 'database/storage',
  5: 'computation/storage',
  4: 'storage',
  3: 'computation/database',
  2: 'database',
  1: 'computation',
};

export function isValidNodeType(t: number): boolean {
  return Number.isInteger(t) && t >= 1 && t <= 7;
}

/** Slashing owed by a wallet (`st1…`), in wei (§1.8). */
export function slashingOf(state: HasRegister, wallet: string): bigint {
  return getSlashing(state, bytesToHex(addressFromBech32(wallet, Hrp.account)));
}

/** `Slashing[wallet] += amount` (pot `SlashingResourceNode`, §3.9 step 4.4). */
export function addSlashing(draft: Draft<HasRegister>, wallet: string, amount: bigint): void {
  const key = bytesToHex(addressFromBech32(wallet, Hrp.account));
  setSlashing(draft, key, getSlashing(draft, key) + amount);
}

/** True when `reporter` is a meta node of any status owned by `owner` (pot reporter checks). */
export function ownsMetaNode(state: HasRegister, owner: string, reporter: string): boolean {
  return getMetaNode(state, reporter)?.owner_address === owner;
}
