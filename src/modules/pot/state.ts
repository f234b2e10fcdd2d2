/**
 * The pot slice (reference/chain-semantics.md §3.1). Per-wallet totals are Sharded tries keyed by
 * the lowercase hex of the 20 account bytes (so iteration is raw wallet-bytes order); per-epoch
 * records are keyed by the epoch's decimal text. Coin sets are kept as denom → amount records with
 * only positive amounts (`Amounts`).
 */
import { current, isDraft, type Draft } from 'immer';
import { bytesToHex } from '@noble/hashes/utils.js';
import { addressFromBech32, Hrp } from '../../crypto/address.ts';
import { shardDelete, shardEntries, shardGet, shardSet, type Sharded } from '../../state/sharded.ts';
import { DEFAULT_POT_PARAMS, type PotParams } from './params.ts';

/** A coin set as denom → positive amount. */
export type Amounts = Readonly<Record<string, bigint>>;

/** IndividualReward (`Reward` proto). */
export interface RewardRecord {
  readonly wallet_address: string;
  readonly reward_from_mining_pool: Amounts;
  readonly reward_from_traffic_pool: Amounts;
}

export interface VolumeReportRecord {
  readonly reporter: string;
  readonly report_reference: string;
  readonly tx_hash: string;
}

export interface TotalRewardRecord {
  readonly mining_reward: Amounts;
  readonly traffic_reward: Amounts;
}

export interface PotState {
  readonly params: PotParams;
  /** TotalMinedTokens, in reward denom */
  readonly total_mined_tokens: bigint;
  readonly last_distributed_epoch: bigint;
  readonly matured_epoch: bigint;
  /** mature epoch (decimal) → wallet hex → record (prefix 0x03) */
  readonly individual_rewards: Readonly<Record<string, Readonly<Record<string, RewardRecord>>>>;
  /** wallet hex → MatureTotal (0x04) */
  readonly mature_total: Sharded<Amounts>;
  /** wallet hex → ImmatureTotal (0x05) */
  readonly immature_total: Sharded<Amounts>;
  /** report epoch (`epochKey`) → record (0x06) */
  readonly volume_reports: Sharded<VolumeReportRecord>;
  /** report epoch (`epochKey`) → TotalReward (0x08) */
  readonly total_rewards: Sharded<TotalRewardRecord>;
}

/**
 * The store key of a report epoch: its 16 hex digits with the last four, reversed, in front. One
 * record is added per report for as long as the chain runs; consecutive epochs then fall in
 * different leaves of the trie (state format 4), and `epochOfKey` reads the epoch back.
 */
export function epochKey(epoch: bigint): string {
  const hex = epoch.toString(16).padStart(16, '0');
  return hex[15]! + hex[14]! + hex[13]! + hex[12]! + hex;
}

export function epochOfKey(key: string): bigint {
  return BigInt('0x' + key.slice(4));
}

export function getVolumeReport(state: HasPot, epoch: bigint): VolumeReportRecord | undefined {
  return shardGet(state.pot.volume_reports, epochKey(epoch));
}

export function setVolumeReport(draft: Draft<HasPot>, epoch: bigint, record: VolumeReportRecord): void {
  shardSet(draft.pot.volume_reports as Sharded<VolumeReportRecord>, epochKey(epoch), record);
}

export function getTotalReward(state: HasPot, epoch: bigint): TotalRewardRecord | undefined {
  return shardGet(state.pot.total_rewards, epochKey(epoch));
}

export function setTotalReward(draft: Draft<HasPot>, epoch: bigint, record: TotalRewardRecord): void {
  shardSet(draft.pot.total_rewards as Sharded<TotalRewardRecord>, epochKey(epoch), record);
}

/** Every total reward, by epoch ascending. */
export function totalRewardsByEpoch(state: HasPot): [bigint, TotalRewardRecord][] {
  return [...shardEntries(state.pot.total_rewards)].map(([k, v]): [bigint, TotalRewardRecord] => [epochOfKey(k), v]).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

export function emptyPotState(): PotState {
  return {
    params: DEFAULT_POT_PARAMS,
    total_mined_tokens: 0n,
    last_distributed_epoch: 0n,
    matured_epoch: 0n,
    individual_rewards: {},
    mature_total: {},
    immature_total: {},
    volume_reports: {},
    total_rewards: {},
  };
}

export interface HasPot {
  readonly pot: PotState;
}

/** Wallet key: hex of the account bytes; throws a plain Error if `wallet` is not an `st1…` address. */
export function walletKey(wallet: string): string {
  return bytesToHex(addressFromBech32(wallet, Hrp.account));
}

export function tryWalletKey(wallet: string): string | undefined {
  try {
    return walletKey(wallet);
  } catch {
    return undefined;
  }
}

// ------------------------------------------------------------------ coin-set arithmetic

export function amountsAdd(a: Amounts, b: Amounts): Amounts {
  const out: Record<string, bigint> = { ...a };
  for (const [d, v] of Object.entries(b)) {
    const n = (out[d] ?? 0n) + v;
    if (n === 0n) delete out[d];
    else out[d] = n;
  }
  return out;
}

/** a − b; amounts that reach zero are dropped (callers check `amountsGte` first). */
export function amountsSub(a: Amounts, b: Amounts): Amounts {
  const out: Record<string, bigint> = { ...a };
  for (const [d, v] of Object.entries(b)) {
    const n = (out[d] ?? 0n) - v;
    if (n === 0n) delete out[d];
    else out[d] = n;
  }
  return out;
}

/** `IsAllGTE`: a ≥ b for every denom of b. */
export function amountsGte(a: Amounts, b: Amounts): boolean {
  return Object.entries(b).every(([d, v]) => (a[d] ?? 0n) >= v);
}

/** A one-denom set; a zero amount gives the empty set (Coins drop zero coins, §0.2). */
export function single(denom: string, amount: bigint): Amounts {
  return amount === 0n ? {} : { [denom]: amount };
}

/** Sorted proto coin list. */
export function amountsToProto(a: Amounts): { denom: string; amount: string }[] {
  return Object.keys(a)
    .sort()
    .map((denom) => ({ denom, amount: a[denom]!.toString() }));
}

/** Sorted coin list with bigint amounts (bank keeper input). */
export function amountsToCoins(a: Amounts): { denom: string; amount: bigint }[] {
  return Object.keys(a)
    .sort()
    .map((denom) => ({ denom, amount: a[denom]! }));
}

// ------------------------------------------------------------------ per-wallet totals

export function matureTotalOf(state: HasPot, wallet: string): Amounts {
  const k = tryWalletKey(wallet);
  return (k && shardGet(state.pot.mature_total, k)) || {};
}

export function immatureTotalOf(state: HasPot, wallet: string): Amounts {
  const k = tryWalletKey(wallet);
  return (k && shardGet(state.pot.immature_total, k)) || {};
}

function setTotal(s: Sharded<Amounts>, key: string, value: Amounts): void {
  if (Object.keys(value).length === 0) shardDelete(s, key);
  else shardSet(s, key, value);
}

export function setMatureTotal(draft: Draft<HasPot>, key: string, value: Amounts): void {
  setTotal(draft.pot.mature_total as Sharded<Amounts>, key, value);
}

export function setImmatureTotal(draft: Draft<HasPot>, key: string, value: Amounts): void {
  setTotal(draft.pot.immature_total as Sharded<Amounts>, key, value);
}

export function getMatureTotalByKey(state: HasPot, key: string): Amounts {
  return shardGet(state.pot.mature_total, key) ?? {};
}

export function getImmatureTotalByKey(state: HasPot, key: string): Amounts {
  return shardGet(state.pot.immature_total, key) ?? {};
}

/** The IndividualReward records stored under `matureEpoch`, in wallet-bytes order. */
export function rewardsAtEpoch(state: HasPot, matureEpoch: bigint): [string, RewardRecord][] {
  const stored = state.pot.individual_rewards[matureEpoch.toString()] ?? {};
  // on a draft (EndBlock's maturation), read a plain copy: a proxy per record costs more than the copy
  const bucket = isDraft(stored) ? current(stored) : stored;
  return Object.keys(bucket)
    .sort()
    .map((k) => [k, bucket[k]!]);
}
