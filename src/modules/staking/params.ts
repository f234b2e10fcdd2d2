/**
 * Staking params (reference/sdk-modules.md §2.1, Stratos values §0.2): the JSON form of genesis and
 * REST, the decoded proto form of MsgUpdateParams and queries, and `Params.Validate` with the SDK's
 * texts (plain Go errors: codespace `undefined`, code 1, in a tx).
 */
import { plainError } from '../../errors.ts';
import { isValidDenom } from '../../math/coin.ts';
import { Dec } from '../../math/dec.ts';
import { formatDurationNs, parseDurationNs } from '../../state/block-info.ts';
import { DEFAULT_STAKING_PARAMS, type StakingParams } from './state.ts';

export { DEFAULT_STAKING_PARAMS };

const NS_PER_S = 1_000_000_000n;

/** `app_state.staking.params` and the REST params. */
export interface JsonStakingParams {
  readonly unbonding_time: string;
  readonly max_validators: number;
  readonly max_entries: number;
  readonly historical_entries: number;
  readonly bond_denom: string;
  readonly min_commission_rate: string;
}

/** The decoded proto `sdk.staking.v1beta1.Params` (Duration as {seconds, nanos}, Dec as 18-place text). */
export interface ProtoStakingParams {
  readonly unbonding_time: { readonly seconds: bigint; readonly nanos: number } | null;
  readonly max_validators: number;
  readonly max_entries: number;
  readonly historical_entries: number;
  readonly bond_denom: string;
  readonly min_commission_rate: string;
}

export function paramsToJson(p: StakingParams): JsonStakingParams {
  return {
    unbonding_time: formatDurationNs(p.unbonding_time),
    max_validators: p.max_validators,
    max_entries: p.max_entries,
    historical_entries: p.historical_entries,
    bond_denom: p.bond_denom,
    min_commission_rate: Dec.fromRaw(p.min_commission_rate).toString(),
  };
}

function uint32At(v: unknown, where: string): number {
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n >= 2 ** 32) throw new Error(`${where}: expected an unsigned 32-bit integer, got ${JSON.stringify(v)}`);
  return n;
}

function decAt(v: unknown, where: string): bigint {
  try {
    return Dec.fromString(String(v)).raw;
  } catch (e) {
    throw new Error(`${where}: ${(e as Error).message}`);
  }
}

/** Reads the JSON form; throws naming the bad field (under `where`). */
export function paramsFromJson(j: Partial<JsonStakingParams> | undefined, where = 'app_state.staking.params'): StakingParams {
  const d = paramsToJson(DEFAULT_STAKING_PARAMS);
  const g = { ...d, ...(j ?? {}) };
  let unbonding: bigint;
  try {
    unbonding = parseDurationNs(String(g.unbonding_time));
  } catch (e) {
    throw new Error(`${where}.unbonding_time: ${(e as Error).message}`);
  }
  return {
    unbonding_time: unbonding,
    max_validators: uint32At(g.max_validators, `${where}.max_validators`),
    max_entries: uint32At(g.max_entries, `${where}.max_entries`),
    historical_entries: uint32At(g.historical_entries, `${where}.historical_entries`),
    bond_denom: String(g.bond_denom),
    min_commission_rate: decAt(g.min_commission_rate, `${where}.min_commission_rate`),
  };
}

export function paramsToProto(p: StakingParams): ProtoStakingParams {
  return {
    unbonding_time: { seconds: p.unbonding_time / NS_PER_S, nanos: Number(p.unbonding_time % NS_PER_S) },
    max_validators: p.max_validators,
    max_entries: p.max_entries,
    historical_entries: p.historical_entries,
    bond_denom: p.bond_denom,
    min_commission_rate: Dec.fromRaw(p.min_commission_rate).toString(),
  };
}

export function paramsFromProto(p: ProtoStakingParams | null | undefined): StakingParams {
  const t = p?.unbonding_time;
  return {
    unbonding_time: t ? BigInt(t.seconds) * NS_PER_S + BigInt(t.nanos ?? 0) : 0n,
    max_validators: p?.max_validators ?? 0,
    max_entries: p?.max_entries ?? 0,
    historical_entries: p?.historical_entries ?? 0,
    bond_denom: p?.bond_denom ?? '',
    min_commission_rate: Dec.fromString(p?.min_commission_rate || '0').raw,
  };
}

/** `Params.Validate` in the SDK's order and texts (a Go Duration prints with %d as nanoseconds). */
export function validateStakingParams(p: StakingParams): void {
  if (p.unbonding_time <= 0n) throw plainError(`unbonding time must be positive: ${p.unbonding_time}`);
  if (p.max_validators === 0) throw plainError('max validators must be positive');
  if (p.max_entries === 0) throw plainError('max entries must be positive');
  if (p.bond_denom.trim() === '') throw plainError('bond denom cannot be blank');
  if (!isValidDenom(p.bond_denom)) throw plainError(`invalid denom: ${p.bond_denom}`);
  const rate = Dec.fromRaw(p.min_commission_rate);
  if (rate.isNegative()) throw plainError(`minimum commission rate cannot be negative: ${rate}`);
  if (rate.gt(Dec.ONE)) throw plainError(`minimum commission rate cannot be greater than 100%: ${rate}`);
}
