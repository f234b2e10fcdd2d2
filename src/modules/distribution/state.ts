/**
 * The distribution slice (reference/sdk-modules.md §4.1): F1 fee distribution records.
 *
 * Keys are lowercase hex of address bytes. Per-validator records (outstanding rewards, accumulated
 * commission, current rewards, slash events) are plain records keyed by the operator hex; what
 * grows with delegators (withdraw addresses, starting infos, historical rewards — one period per
 * delegation change) are Sharded tries. DecCoins are stored as denom → raw Dec (value × 10^18,
 * positive only); Decs as raw bigint; periods and heights as bigint.
 *
 * Key layout of the tries. A Sharded trie spreads entries by their LEADING hex digits (four levels
 * of 16, src/state/sharded.ts), so a collection keyed by the operator first would put all of a
 * validator's entries (about delegators / validators of them) in one leaf, which every write scans
 * and copies and every block re-hashes. The keys therefore lead with digits that spread:
 * - withdraw addresses: `delHex` (the store's own order);
 * - starting infos: `startingInfoKey` = delegator hex, then operator hex (20 bytes, as staking's
 *   keys): a delegator's few starting infos share a leaf, as its delegations do in staking's trie,
 *   and `shardEntriesWithPrefix(…, delHex)` walks them;
 * - historical rewards: `historicalKey` = 4 spread digits, then operator hex, then the period as
 *   its 8 little-endian bytes (the store key's suffix). The spread digits are the period's low 16
 *   bits XOR the operator's first 2 bytes, in hex: consecutive periods of one validator and the same
 *   period of different validators land in different leaves (no hashing, and the digits follow
 *   from the rest of the key, which alone names the entry).
 * Every read and write is a point lookup (nothing needs all entries of a validator: removal
 * deletes the periods it knows are left, hooks.ts). The tries' order is thus not the store's:
 * genesis export sorts by the SDK's store key without its prefix byte (length-prefixed addresses,
 * `lengthPrefixedHex`; the period little-endian), which is the order the SDK exports in.
 */
import type { Draft } from 'immer';
import { bytesToHex } from '@noble/hashes/utils.js';
import { addressFromBech32, hexToBech32, Hrp } from '../../crypto/address.ts';
import { Dec } from '../../math/dec.ts';
import type { DecCoins } from '../../math/dec-coins.ts';
import { emptySharded, shardDelete, shardGet, shardSet, type Sharded } from '../../state/sharded.ts';
import { DEFAULT_DISTRIBUTION_PARAMS, type DistributionParams } from './params.ts';

/** A DecCoins set as denom → raw Dec (positive). */
export type DecAmounts = Readonly<Record<string, bigint>>;

export interface CurrentRewardsRecord {
  readonly rewards: DecAmounts;
  readonly period: bigint;
}

export interface HistoricalRewardsRecord {
  readonly cumulative_reward_ratio: DecAmounts;
  readonly reference_count: number;
}

export interface StartingInfoRecord {
  readonly previous_period: bigint;
  /** Dec raw */
  readonly stake: bigint;
  readonly height: bigint;
}

export interface SlashEventRecord {
  readonly validator_period: bigint;
  /** Dec raw */
  readonly fraction: bigint;
}

export interface DistributionState {
  readonly params: DistributionParams;
  /** FeePool.community_pool */
  readonly community_pool: DecAmounts;
  /** uppercase hex consensus address of the last block's proposer ('' before the first block) */
  readonly previous_proposer: string;
  /** delegator hex → withdraw address (`st1…`); absent = the delegator itself */
  readonly withdraw_addrs: Sharded<string>;
  /** operator hex → ValidatorOutstandingRewards.rewards */
  readonly outstanding_rewards: Readonly<Record<string, DecAmounts>>;
  /** operator hex → ValidatorAccumulatedCommission.commission */
  readonly accumulated_commission: Readonly<Record<string, DecAmounts>>;
  /** operator hex → ValidatorCurrentRewards */
  readonly current_rewards: Readonly<Record<string, CurrentRewardsRecord>>;
  /** `historicalKey(operator hex, period)` → ValidatorHistoricalRewards */
  readonly historical_rewards: Sharded<HistoricalRewardsRecord>;
  /** `startingInfoKey(operator hex, delegator hex)` → DelegatorStartingInfo */
  readonly starting_infos: Sharded<StartingInfoRecord>;
  /** operator hex → `slashKey(height, period)` → ValidatorSlashEvent */
  readonly slash_events: Readonly<Record<string, Readonly<Record<string, SlashEventRecord>>>>;
}

export type HasDistribution = { readonly distribution: DistributionState };

export function emptyDistributionState(): DistributionState {
  return {
    params: DEFAULT_DISTRIBUTION_PARAMS,
    community_pool: {},
    previous_proposer: '',
    withdraw_addrs: emptySharded(),
    outstanding_rewards: {},
    accumulated_commission: {},
    current_rewards: {},
    historical_rewards: emptySharded(),
    starting_infos: emptySharded(),
    slash_events: {},
  };
}

// ------------------------------------------------------------------ keys

/** 16 hex digits, big-endian: keys sort by the number as the store's 8-byte keys do. */
export const u64Hex = (n: bigint): string => n.toString(16).padStart(16, '0');

/** 16 hex digits of the 8 little-endian bytes of `n` (the SDK's historical-rewards key suffix); its own inverse on 16 digits. */
export const u64LeHex = (n: bigint): string => reverseBytes(u64Hex(n));
const reverseBytes = (hex: string): string => {
  let out = '';
  for (let i = hex.length - 2; i >= 0; i -= 2) out += hex.slice(i, i + 2);
  return out;
};

/** Hex length of an operator address (20 bytes; staking's keys assume the same). */
const VAL_HEX_LEN = 40;
/** Spread digits of a historical-rewards key: the period's low 16 bits XOR the operator's first 2 bytes. */
const SPREAD_LEN = 4;

/** Trie key of ValidatorHistoricalRewards (state.ts header): spread digits + operator hex + period LE. */
export const historicalKey = (valHex: string, period: bigint): string =>
  ((Number(period & 0xffffn) ^ parseInt(valHex.slice(0, SPREAD_LEN), 16)) & 0xffff).toString(16).padStart(SPREAD_LEN, '0') + valHex + u64LeHex(period);
/** The operator hex and period of a `historicalKey`. */
export const historicalKeyParts = (key: string): { valHex: string; period: bigint } => ({
  valHex: key.slice(SPREAD_LEN, -16),
  period: BigInt('0x' + reverseBytes(key.slice(-16))),
});

/** Trie key of DelegatorStartingInfo (state.ts header): delegator hex + operator hex. */
export const startingInfoKey = (valHex: string, delHex: string): string => delHex + valHex;
/** The operator and delegator hex of a `startingInfoKey`. */
export const startingInfoKeyParts = (key: string): { valHex: string; delHex: string } => ({
  valHex: key.slice(-VAL_HEX_LEN),
  delHex: key.slice(0, -VAL_HEX_LEN),
});

/** An address as the store's keys hold it: one length byte, then the bytes (`address.MustLengthPrefix`), in hex. */
export const lengthPrefixedHex = (hex: string): string => (hex.length / 2).toString(16).padStart(2, '0') + hex;
export const slashKey = (height: bigint, period: bigint): string => u64Hex(height) + u64Hex(period);

export const valHexOf = (operator: string): string => bytesToHex(addressFromBech32(operator, Hrp.validator));
export const accHexOf = (account: string): string => bytesToHex(addressFromBech32(account, Hrp.account));
export const valBech32 = (valHex: string): string => hexToBech32(valHex, Hrp.validator);
export const accBech32 = (hex: string): string => hexToBech32(hex, Hrp.account);

// ------------------------------------------------------------------ DecCoins ↔ stored form

export function toDecCoins(a: DecAmounts | undefined): DecCoins {
  if (!a) return [];
  return Object.keys(a)
    .sort()
    .map((denom) => ({ denom, amount: Dec.fromRaw(a[denom]!) }));
}

/** Stored form of a DecCoins set; zero amounts dropped. Negative amounts are a bug (the SDK panics). */
export function fromDecCoins(cs: DecCoins): DecAmounts {
  const out: Record<string, bigint> = {};
  for (const c of cs) {
    if (c.amount.isNegative()) throw new Error(`negative decimal coin amount: ${c.amount.toString()}${c.denom}`);
    if (!c.amount.isZero()) out[c.denom] = c.amount.raw;
  }
  return out;
}

/** Proto-JSON DecCoins (`[{denom, amount: "1.500000000000000000"}]`), sorted by denom. */
export function decCoinsJson(cs: DecCoins): { denom: string; amount: string }[] {
  return cs.map((c) => ({ denom: c.denom, amount: c.amount.toString() }));
}

// ------------------------------------------------------------------ getters and setters

export function getOutstanding(state: HasDistribution, valHex: string): DecCoins {
  return toDecCoins(state.distribution.outstanding_rewards[valHex]);
}

export function setOutstanding(draft: Draft<HasDistribution>, valHex: string, rewards: DecCoins): void {
  (draft.distribution.outstanding_rewards as Record<string, DecAmounts>)[valHex] = fromDecCoins(rewards);
}

export function getCommission(state: HasDistribution, valHex: string): DecCoins {
  return toDecCoins(state.distribution.accumulated_commission[valHex]);
}

export function setCommission(draft: Draft<HasDistribution>, valHex: string, commission: DecCoins): void {
  (draft.distribution.accumulated_commission as Record<string, DecAmounts>)[valHex] = fromDecCoins(commission);
}

/** ValidatorCurrentRewards; the zero record (period 0) when absent, as the store's Get returns. */
export function getCurrentRewards(state: HasDistribution, valHex: string): { rewards: DecCoins; period: bigint } {
  const r = state.distribution.current_rewards[valHex];
  return { rewards: toDecCoins(r?.rewards), period: r?.period ?? 0n };
}

export function setCurrentRewards(draft: Draft<HasDistribution>, valHex: string, rewards: DecCoins, period: bigint): void {
  (draft.distribution.current_rewards as Record<string, CurrentRewardsRecord>)[valHex] = { rewards: fromDecCoins(rewards), period };
}

export function getHistorical(state: HasDistribution, valHex: string, period: bigint): HistoricalRewardsRecord | undefined {
  return shardGet(state.distribution.historical_rewards, historicalKey(valHex, period));
}

export function setHistorical(draft: Draft<HasDistribution>, valHex: string, period: bigint, ratio: DecCoins, referenceCount: number): void {
  shardSet(draft.distribution.historical_rewards as Sharded<HistoricalRewardsRecord>, historicalKey(valHex, period), {
    cumulative_reward_ratio: fromDecCoins(ratio),
    reference_count: referenceCount,
  });
}

export function deleteHistorical(draft: Draft<HasDistribution>, valHex: string, period: bigint): void {
  shardDelete(draft.distribution.historical_rewards as Sharded<HistoricalRewardsRecord>, historicalKey(valHex, period));
}

export function getStartingInfo(state: HasDistribution, valHex: string, delHex: string): StartingInfoRecord | undefined {
  return shardGet(state.distribution.starting_infos, startingInfoKey(valHex, delHex));
}

export function setStartingInfo(draft: Draft<HasDistribution>, valHex: string, delHex: string, info: StartingInfoRecord): void {
  shardSet(draft.distribution.starting_infos as Sharded<StartingInfoRecord>, startingInfoKey(valHex, delHex), info);
}

export function deleteStartingInfo(draft: Draft<HasDistribution>, valHex: string, delHex: string): void {
  shardDelete(draft.distribution.starting_infos as Sharded<StartingInfoRecord>, startingInfoKey(valHex, delHex));
}

/** The community pool as DecCoins. */
export function communityPool(state: HasDistribution): DecCoins {
  return toDecCoins(state.distribution.community_pool);
}

export function setCommunityPool(draft: Draft<HasDistribution>, pool: DecCoins): void {
  draft.distribution.community_pool = fromDecCoins(pool);
}

/** `GetDelegatorWithdrawAddr`: the stored withdraw address, else the delegator itself. */
export function withdrawAddressOf(state: HasDistribution, delegator: string): string {
  return shardGet(state.distribution.withdraw_addrs, accHexOf(delegator)) ?? delegator;
}

export function setWithdrawAddress(draft: Draft<HasDistribution>, delegator: string, withdraw: string): void {
  shardSet(draft.distribution.withdraw_addrs as Sharded<string>, accHexOf(delegator), withdraw);
}

/** A validator's slash events in key order (height, then period), as [key, event]. */
export function slashEventsOf(state: HasDistribution, valHex: string): [string, SlashEventRecord][] {
  const events = state.distribution.slash_events[valHex] ?? {};
  return Object.keys(events)
    .sort()
    .map((k) => [k, events[k]!]);
}
