/**
 * The staking slice (reference/sdk-modules.md §2.1): validators, delegations, unbonding
 * delegations and redelegations, the time queues, the last bonded set and historical info.
 *
 * Keys are lowercase hex of address bytes (20 bytes each), so that a collection's key order is the
 * store's iteration order: validators by operator bytes; delegations and unbonding delegations by
 * delegator then validator (`delHex + valHex`); redelegations by delegator, source, destination
 * (`delHex + srcHex + dstHex`). Records keep the bech32 spellings the queries print. Decs are
 * raw bigint (value × 10^18), times are bigint ns since the Unix epoch, heights bigint.
 *
 * Other modules (distribution, slashing, evidence, pot, gov) read staking through the getters here.
 */
import { bytesToHex } from '@noble/hashes/utils.js';
import { addressFromBech32, Hrp } from '../../crypto/address.ts';
import { emptySharded, shardGet, type Sharded } from '../../state/sharded.ts';

/** `sdk.staking.v1beta1.BondStatus` numbers. */
export const BondStatus = { UNSPECIFIED: 0, UNBONDED: 1, UNBONDING: 2, BONDED: 3 } as const;

/** Consensus power = floor(tokens / 10^15) on this chain (reference/sdk-modules.md §0.1). */
export const POWER_REDUCTION = 10n ** 15n;

export interface StakingParams {
  /** ns */
  readonly unbonding_time: bigint;
  readonly max_validators: number;
  readonly max_entries: number;
  readonly historical_entries: number;
  readonly bond_denom: string;
  /** Dec raw */
  readonly min_commission_rate: bigint;
}

export interface ValidatorDescription {
  readonly moniker: string;
  readonly identity: string;
  readonly website: string;
  readonly security_contact: string;
  readonly details: string;
}

export interface ValidatorRecord {
  /** `stvaloper1…` */
  readonly operator_address: string;
  /** the consensus key: neutral type URL (`/sdk.crypto.ed25519.PubKey`) and the raw key in base64 */
  readonly consensus_pubkey: { readonly type_url: string; readonly key: string };
  /** uppercase hex of the consensus address (sha256(key)[0:20]), the key of votes and signing infos */
  readonly cons_address: string;
  readonly jailed: boolean;
  readonly status: number;
  readonly tokens: bigint;
  /** Dec raw */
  readonly delegator_shares: bigint;
  readonly description: ValidatorDescription;
  readonly unbonding_height: bigint;
  /** ns; Unix 0 at creation */
  readonly unbonding_time: bigint;
  readonly commission: {
    /** Dec raw */
    readonly rate: bigint;
    readonly max_rate: bigint;
    readonly max_change_rate: bigint;
    /** ns */
    readonly update_time: bigint;
  };
  readonly min_self_delegation: bigint;
  readonly unbonding_on_hold_ref_count: bigint;
  readonly unbonding_ids: readonly bigint[];
}

export interface DelegationRecord {
  readonly delegator_address: string;
  readonly validator_address: string;
  /** Dec raw */
  readonly shares: bigint;
}

export interface UnbondingDelegationEntry {
  readonly creation_height: bigint;
  /** ns */
  readonly completion_time: bigint;
  readonly initial_balance: bigint;
  readonly balance: bigint;
  readonly unbonding_id: bigint;
  readonly unbonding_on_hold_ref_count: bigint;
}

export interface UnbondingDelegationRecord {
  readonly delegator_address: string;
  readonly validator_address: string;
  readonly entries: readonly UnbondingDelegationEntry[];
}

export interface RedelegationEntry {
  readonly creation_height: bigint;
  /** ns */
  readonly completion_time: bigint;
  readonly initial_balance: bigint;
  /** Dec raw */
  readonly shares_dst: bigint;
  readonly unbonding_id: bigint;
  readonly unbonding_on_hold_ref_count: bigint;
}

export interface RedelegationRecord {
  readonly delegator_address: string;
  readonly validator_src_address: string;
  readonly validator_dst_address: string;
  readonly entries: readonly RedelegationEntry[];
}

/** `{header, valset}` stored at BeginBlock (header: the block's CometBFT header in proto-JSON). */
export interface HistoricalInfoRecord {
  readonly header: Readonly<Record<string, unknown>>;
  /** the last bonded set's records, in CometBFT order (power desc, then consensus address asc) */
  readonly valset: readonly ValidatorRecord[];
}

export interface StakingState {
  readonly params: StakingParams;
  /** by operator hex */
  readonly validators: Readonly<Record<string, ValidatorRecord>>;
  /** consensus address (uppercase hex) → operator hex */
  readonly validator_by_cons: Readonly<Record<string, string>>;
  /** by delegator hex + validator hex */
  readonly delegations: Sharded<DelegationRecord>;
  /** by delegator hex + validator hex */
  readonly unbonding_delegations: Sharded<UnbondingDelegationRecord>;
  /** by delegator hex + source hex + destination hex */
  readonly redelegations: Sharded<RedelegationRecord>;
  /** completion time (decimal ns text) → [delegator hex + validator hex] in insertion order */
  readonly unbonding_queue: Readonly<Record<string, readonly string[]>>;
  /** completion time (decimal ns text) → [delegator hex + source hex + destination hex] */
  readonly redelegation_queue: Readonly<Record<string, readonly string[]>>;
  /** unbonding validators: operator hex → true (maturity from the record's unbonding time and height) */
  readonly unbonding_validators: Readonly<Record<string, true>>;
  /** the bonded set after the last EndBlock: operator hex → consensus power */
  readonly last_validator_powers: Readonly<Record<string, bigint>>;
  readonly last_total_power: bigint;
  /** the last unbonding id handed out (the next is +1) */
  readonly unbonding_id: bigint;
  /**
   * by `historicalInfoKey(height)` (historical-info.ts): the height's 16 hex digits reversed, so that
   * the trie path (the leading digits) is the fast-changing low digits and consecutive heights
   * spread over the trie; a block's write and prune copy a few small nodes, not the kept entries
   */
  readonly historical_info: Sharded<HistoricalInfoRecord>;
}

export type HasStaking = { readonly staking: StakingState };

export const DEFAULT_STAKING_PARAMS: StakingParams = Object.freeze({
  unbonding_time: 1_814_400n * 1_000_000_000n,
  max_validators: 100,
  max_entries: 7,
  historical_entries: 10_000,
  bond_denom: 'wei',
  min_commission_rate: 0n,
});

export function emptyStakingState(): StakingState {
  return {
    params: DEFAULT_STAKING_PARAMS,
    validators: {},
    validator_by_cons: {},
    delegations: emptySharded(),
    unbonding_delegations: emptySharded(),
    redelegations: emptySharded(),
    unbonding_queue: {},
    redelegation_queue: {},
    unbonding_validators: {},
    last_validator_powers: {},
    last_total_power: 0n,
    unbonding_id: 0n,
    historical_info: emptySharded(),
  };
}

/** Lowercase hex of a bech32 address's bytes (any prefix given). */
export function hexOf(bech32: string, hrp: string): string {
  return bytesToHex(addressFromBech32(bech32, hrp));
}

export function getValidator(state: HasStaking, operator: string): ValidatorRecord | undefined {
  return state.staking.validators[hexOf(operator, Hrp.validator)];
}

/** The validator whose consensus address is `consHex` (uppercase hex), as votes and evidence name it. */
export function validatorByConsAddr(state: HasStaking, consHex: string): ValidatorRecord | undefined {
  const op = state.staking.validator_by_cons[consHex.toUpperCase()];
  return op === undefined ? undefined : state.staking.validators[op];
}

export function getDelegation(state: HasStaking, delegator: string, validator: string): DelegationRecord | undefined {
  return shardGet(state.staking.delegations, hexOf(delegator, Hrp.account) + hexOf(validator, Hrp.validator));
}

export function consensusPower(tokens: bigint): bigint {
  return tokens / POWER_REDUCTION;
}
