/**
 * Register params (reference/chain-semantics.md §1.3). Durations are kept as bigint nanoseconds;
 * the proto form converts at the edges (`paramsToProto`, `paramsFromProto`, `paramsFromJson`).
 */
import { plainError } from '../../errors.ts';
import { isValidDenom } from '../../math/coin.ts';
import { formatDurationNs, parseDurationNs } from '../../state/block-info.ts';

const NS_PER_S = 1_000_000_000n;
const DAY_NS = 86_400n * NS_PER_S;

export interface RegisterParams {
  readonly bond_denom: string;
  /** `unbonding_threashold_time` (sic), ns */
  readonly unbonding_threashold_time: bigint;
  /** ns */
  readonly unbonding_completion_time: bigint;
  readonly max_entries: number;
  readonly resource_node_reg_enabled: boolean;
  readonly resource_node_min_deposit: { readonly denom: string; readonly amount: bigint };
  /** ns */
  readonly voting_period: bigint;
}

export const DEFAULT_REGISTER_PARAMS: RegisterParams = Object.freeze({
  bond_denom: 'wei',
  unbonding_threashold_time: 180n * DAY_NS,
  unbonding_completion_time: 14n * DAY_NS,
  max_entries: 16,
  resource_node_reg_enabled: true,
  resource_node_min_deposit: Object.freeze({ denom: 'wei', amount: 10n ** 18n }),
  voting_period: 7n * DAY_NS,
});

/**
 * `Params.Validate`: failures are plain Go errors (codespace `undefined`, code 1). Texts follow the
 * x/register param validators; there is no check on the min-deposit coin.
 */
export function validateRegisterParams(p: RegisterParams): void {
  if (p.bond_denom.trim() === '') throw plainError('bond denom cannot be blank');
  if (!isValidDenom(p.bond_denom)) throw plainError(`invalid denom: ${p.bond_denom}`);
  if (p.unbonding_threashold_time <= 0n) throw plainError(`unbonding threshold time must be positive: ${formatDurationNs(p.unbonding_threashold_time)}`);
  if (p.unbonding_completion_time <= 0n) throw plainError(`unbonding completion time must be positive: ${formatDurationNs(p.unbonding_completion_time)}`);
  if (!(p.max_entries > 0)) throw plainError(`max entries must be positive: ${p.max_entries}`);
  if (p.voting_period <= 0n) throw plainError(`voting period must be positive: ${formatDurationNs(p.voting_period)}`);
}

/** Decoded proto Duration `{seconds, nanos}`. */
export interface ProtoDuration {
  readonly seconds: bigint;
  readonly nanos: number;
}

function durationToNs(d: ProtoDuration | null | undefined): bigint {
  if (!d) return 0n;
  return BigInt(d.seconds) * NS_PER_S + BigInt(d.nanos ?? 0);
}

function nsToDuration(ns: bigint): ProtoDuration {
  return { seconds: ns / NS_PER_S, nanos: Number(ns % NS_PER_S) };
}

/** The decoded proto message `chain.register.v1.Params`. */
export interface ProtoRegisterParams {
  readonly bond_denom: string;
  readonly unbonding_threashold_time: ProtoDuration | null;
  readonly unbonding_completion_time: ProtoDuration | null;
  readonly max_entries: number;
  readonly resource_node_reg_enabled: boolean;
  readonly resource_node_min_deposit: { readonly denom: string; readonly amount: string } | null;
  readonly voting_period: ProtoDuration | null;
}

export function paramsToProto(p: RegisterParams): ProtoRegisterParams {
  return {
    bond_denom: p.bond_denom,
    unbonding_threashold_time: nsToDuration(p.unbonding_threashold_time),
    unbonding_completion_time: nsToDuration(p.unbonding_completion_time),
    max_entries: p.max_entries,
    resource_node_reg_enabled: p.resource_node_reg_enabled,
    resource_node_min_deposit: { denom: p.resource_node_min_deposit.denom, amount: p.resource_node_min_deposit.amount.toString() },
    voting_period: nsToDuration(p.voting_period),
  };
}

/** From the decoded proto message (MsgUpdateParams). An amount that is not an integer fails as a plain error. */
export function paramsFromProto(p: ProtoRegisterParams): RegisterParams {
  const amount = p.resource_node_min_deposit?.amount ?? '0';
  if (!/^-?\d+$/.test(amount)) throw plainError(`invalid resource_node_min_deposit amount ${JSON.stringify(amount)}`);
  return {
    bond_denom: p.bond_denom ?? '',
    unbonding_threashold_time: durationToNs(p.unbonding_threashold_time),
    unbonding_completion_time: durationToNs(p.unbonding_completion_time),
    max_entries: Number(p.max_entries ?? 0),
    resource_node_reg_enabled: p.resource_node_reg_enabled ?? false,
    resource_node_min_deposit: { denom: p.resource_node_min_deposit?.denom ?? '', amount: BigInt(amount) },
    voting_period: durationToNs(p.voting_period),
  };
}

/** The proto-JSON form used in genesis.json (`"1209600s"`, `max_entries` as a number). */
export interface JsonRegisterParams {
  bond_denom: string;
  unbonding_threashold_time: string;
  unbonding_completion_time: string;
  max_entries: number;
  resource_node_reg_enabled: boolean;
  resource_node_min_deposit: { denom: string; amount: string };
  voting_period: string;
}

export function paramsToJson(p: RegisterParams): JsonRegisterParams {
  return {
    bond_denom: p.bond_denom,
    unbonding_threashold_time: formatDurationNs(p.unbonding_threashold_time),
    unbonding_completion_time: formatDurationNs(p.unbonding_completion_time),
    max_entries: p.max_entries,
    resource_node_reg_enabled: p.resource_node_reg_enabled,
    resource_node_min_deposit: { denom: p.resource_node_min_deposit.denom, amount: p.resource_node_min_deposit.amount.toString() },
    voting_period: formatDurationNs(p.voting_period),
  };
}

/** Parses the genesis JSON form; throws Error naming the bad field under `where`. */
export function paramsFromJson(j: Partial<JsonRegisterParams> | undefined, where: string): RegisterParams {
  if (j === undefined || j === null) return DEFAULT_REGISTER_PARAMS;
  const dur = (v: unknown, name: string, dflt: bigint): bigint => {
    if (v === undefined) return dflt;
    try {
      return parseDurationNs(String(v));
    } catch (e) {
      throw new Error(`${where}.${name}: ${(e as Error).message}`);
    }
  };
  const maxEntries = j.max_entries === undefined ? DEFAULT_REGISTER_PARAMS.max_entries : Number(j.max_entries);
  if (!Number.isInteger(maxEntries) || maxEntries < 0 || maxEntries > 0xffffffff) {
    throw new Error(`${where}.max_entries: expected a uint32, got ${JSON.stringify(j.max_entries)}`);
  }
  const md = j.resource_node_min_deposit ?? { denom: 'wei', amount: (10n ** 18n).toString() };
  if (!/^-?\d+$/.test(String(md.amount))) throw new Error(`${where}.resource_node_min_deposit.amount: expected an integer string, got ${JSON.stringify(md.amount)}`);
  return {
    bond_denom: j.bond_denom ?? DEFAULT_REGISTER_PARAMS.bond_denom,
    unbonding_threashold_time: dur(j.unbonding_threashold_time, 'unbonding_threashold_time', DEFAULT_REGISTER_PARAMS.unbonding_threashold_time),
    unbonding_completion_time: dur(j.unbonding_completion_time, 'unbonding_completion_time', DEFAULT_REGISTER_PARAMS.unbonding_completion_time),
    max_entries: maxEntries,
    resource_node_reg_enabled: j.resource_node_reg_enabled ?? DEFAULT_REGISTER_PARAMS.resource_node_reg_enabled,
    resource_node_min_deposit: { denom: md.denom, amount: BigInt(md.amount) },
    voting_period: dur(j.voting_period, 'voting_period', DEFAULT_REGISTER_PARAMS.voting_period),
  };
}
