/**
 * Slashing params (reference/sdk-modules.md §6.1, §0.2). State: the window as bigint, Decs raw
 * (value × 10^18), the jail duration in ns. Proto object form: Decs as 18-place text (bytes fields
 * with (scalar) = "dec"), the duration as {seconds, nanos}; genesis JSON: the window as a string and
 * the duration as `"21600s"`.
 */
import { Dec } from '../../math/dec.ts';
import { formatDurationNs, parseDurationNs } from '../../state/block-info.ts';
import { goDurationString } from './go-duration.ts';

export interface SlashingParams {
  readonly signed_blocks_window: bigint;
  /** Dec raw */
  readonly min_signed_per_window: bigint;
  /** ns */
  readonly downtime_jail_duration: bigint;
  /** Dec raw */
  readonly slash_fraction_double_sign: bigint;
  /** Dec raw */
  readonly slash_fraction_downtime: bigint;
}

const NS_PER_S = 1_000_000_000n;

/** `stratos-1` genesis values (§0.2). */
export const DEFAULT_SLASHING_PARAMS: SlashingParams = Object.freeze({
  signed_blocks_window: 10_000n,
  min_signed_per_window: Dec.fromString('0.05').raw,
  downtime_jail_duration: 21_600n * NS_PER_S,
  slash_fraction_double_sign: Dec.fromString('0.05').raw,
  slash_fraction_downtime: Dec.fromString('0.0002').raw,
});

const dec = (raw: bigint) => Dec.fromRaw(raw).toString();
const ONE = Dec.ONE.raw;

/** `Params.Validate` of x/slashing v0.47 (plain Go errors, SDK texts). Throws Error. */
export function validateSlashingParams(p: SlashingParams): void {
  if (p.signed_blocks_window <= 0n) throw new Error(`signed blocks window must be positive: ${p.signed_blocks_window}`);
  if (p.min_signed_per_window < 0n) throw new Error(`min signed per window cannot be negative: ${dec(p.min_signed_per_window)}`);
  if (p.min_signed_per_window > ONE) throw new Error(`min signed per window too large: ${dec(p.min_signed_per_window)}`);
  if (p.downtime_jail_duration <= 0n) throw new Error(`downtime jail duration must be positive: ${goDurationString(p.downtime_jail_duration)}`);
  if (p.slash_fraction_double_sign < 0n) throw new Error(`double sign slash fraction cannot be negative: ${dec(p.slash_fraction_double_sign)}`);
  if (p.slash_fraction_double_sign > ONE) throw new Error(`double sign slash fraction too large: ${dec(p.slash_fraction_double_sign)}`);
  if (p.slash_fraction_downtime < 0n) throw new Error(`downtime slash fraction cannot be negative: ${dec(p.slash_fraction_downtime)}`);
  if (p.slash_fraction_downtime > ONE) throw new Error(`downtime slash fraction too large: ${dec(p.slash_fraction_downtime)}`);
}

/** `MinSignedPerWindow` of the keeper: round(min_signed_per_window × window) (Dec MulInt, then RoundInt). */
export function minSignedPerWindow(p: SlashingParams): bigint {
  return Dec.fromRaw(p.min_signed_per_window).mulInt(p.signed_blocks_window).roundInt();
}

export function slashingParamsToProto(p: SlashingParams): Record<string, unknown> {
  return {
    signed_blocks_window: p.signed_blocks_window,
    min_signed_per_window: dec(p.min_signed_per_window),
    downtime_jail_duration: { seconds: p.downtime_jail_duration / NS_PER_S, nanos: Number(p.downtime_jail_duration % NS_PER_S) },
    slash_fraction_double_sign: dec(p.slash_fraction_double_sign),
    slash_fraction_downtime: dec(p.slash_fraction_downtime),
  };
}

export function slashingParamsToJson(p: SlashingParams): Record<string, unknown> {
  return {
    signed_blocks_window: p.signed_blocks_window.toString(),
    min_signed_per_window: dec(p.min_signed_per_window),
    downtime_jail_duration: formatDurationNs(p.downtime_jail_duration),
    slash_fraction_double_sign: dec(p.slash_fraction_double_sign),
    slash_fraction_downtime: dec(p.slash_fraction_downtime),
  };
}

function decAt(v: unknown, field: string): bigint {
  try {
    return Dec.fromString(v === undefined || v === null || v === '' ? '0' : String(v)).raw;
  } catch (e) {
    throw new Error(`slashing params: ${field}: ${(e as Error).message}`);
  }
}

function durationAt(v: unknown, field: string): bigint {
  if (v === undefined || v === null) return 0n;
  if (typeof v === 'string') {
    try {
      return parseDurationNs(v);
    } catch (e) {
      throw new Error(`slashing params: ${field}: ${(e as Error).message}`);
    }
  }
  const d = v as { seconds?: bigint | number | string; nanos?: number };
  return BigInt(d.seconds ?? 0) * NS_PER_S + BigInt(d.nanos ?? 0);
}

/** From the proto object (MsgUpdateParams) or genesis JSON. Throws Error naming the field. */
export function slashingParamsFromProto(p: Record<string, unknown> | null | undefined): SlashingParams {
  const o = p ?? {};
  const w = String(o.signed_blocks_window ?? '0');
  if (!/^-?[0-9]+$/.test(w)) throw new Error(`slashing params: signed_blocks_window must be an integer, got ${JSON.stringify(o.signed_blocks_window)}`);
  return {
    signed_blocks_window: BigInt(w),
    min_signed_per_window: decAt(o.min_signed_per_window, 'min_signed_per_window'),
    downtime_jail_duration: durationAt(o.downtime_jail_duration, 'downtime_jail_duration'),
    slash_fraction_double_sign: decAt(o.slash_fraction_double_sign, 'slash_fraction_double_sign'),
    slash_fraction_downtime: decAt(o.slash_fraction_downtime, 'slash_fraction_downtime'),
  };
}
