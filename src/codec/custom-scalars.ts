/**
 * The two gogoproto custom scalars of the SDK (proto/README.md, "Options"):
 * - Int: a big integer, carried as its decimal text both on the wire and in JSON;
 * - LegacyDec: 18-decimal fixed point. On the wire it is the text of the scaled integer
 *   ("0.02" → "20000000000000000", reference/wire-formats.md §2.1); in objects, proto-JSON and
 *   amino JSON it is the decimal text with exactly 18 places ("0.020000000000000000").
 */
import { MalformedProtoError } from './wire.ts';

export const DEC_PRECISION = 18;
const SCALE = 10n ** BigInt(DEC_PRECISION);

/** Canonical Int text of a caller value (bigint, safe integer, or decimal text). */
export function intText(value: unknown, where: string): string {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string' && /^[-+]?\d+$/.test(value)) return BigInt(value).toString();
  throw new Error(`${where}: expected an integer (bigint, safe integer or decimal string), got ${describe(value)}`);
}

/** Scaled-integer text (the wire form) of a decimal value such as "0.02", "-1.5", "3". */
export function decToWire(value: unknown, where: string): string {
  if (typeof value === 'bigint' || (typeof value === 'number' && Number.isSafeInteger(value))) {
    return (BigInt(value) * SCALE).toString();
  }
  const m = typeof value === 'string' ? /^([-+]?)(\d*)(?:\.(\d*))?$/.exec(value) : null;
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) {
    throw new Error(`${where}: expected a decimal string such as "0.02", got ${describe(value)}`);
  }
  const frac = m[3] ?? '';
  if (frac.length > DEC_PRECISION) {
    throw new Error(`${where}: ${String(value)} has more than ${DEC_PRECISION} decimal places`);
  }
  const scaled = BigInt((m[2] || '0') + frac.padEnd(DEC_PRECISION, '0'));
  return (m[1] === '-' ? -scaled : scaled).toString();
}

/** Decimal text with 18 places (Go LegacyDec.String) of a wire scaled-integer text. */
export function decFromWire(wire: string): string {
  if (!/^-?\d+$/.test(wire)) throw new MalformedProtoError(`failed to unmarshal Dec: invalid text ${JSON.stringify(wire)}`);
  const v = BigInt(wire);
  const abs = v < 0n ? -v : v;
  const text = `${abs / SCALE}.${(abs % SCALE).toString().padStart(DEC_PRECISION, '0')}`;
  return v < 0n ? `-${text}` : text;
}

/** Canonical Int text read from the wire. */
export function intFromWire(wire: string): string {
  if (!/^-?\d+$/.test(wire)) throw new MalformedProtoError(`failed to unmarshal Int: invalid text ${JSON.stringify(wire)}`);
  return BigInt(wire).toString();
}

/** The canonical 18-place text of a decimal value (what decode returns for it). */
export function decText(value: unknown, where: string): string {
  return decFromWire(decToWire(value, where));
}

export const ZERO_DEC = decFromWire('0');

function describe(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : typeof value === 'bigint' ? `${value}n` : String(value);
}
