/**
 * Go's `strconv` parsers with their error texts, where a user reads them: the gRPC gateway
 * (grpc-gateway v1.16 `runtime/convert.go`) puts them into its 400 answers for path and query
 * parameters (reference/sdk-modules.md §1.3): `strconv.ParseUint: parsing "abc": invalid syntax`,
 * `illegal base64 data at input byte 3`; pflag's number flags put them after `invalid argument
 * "abc" for "--limit" flag: `. Integers use base 0 (`0x10`, `0o17`, `0b1`, `017`, `1_000` after a
 * prefix), as Go's `strconv.ParseInt(s, 0, bits)` and pflag do.
 */

import { decodeGoBase64 } from './go-base64.ts';

/** A Go `*strconv.NumError` / `base64.CorruptInputError` text, carried as the error message. */
export class GoParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GoParseError';
  }
}

function numError(fn: string, input: string, reason: 'invalid syntax' | 'value out of range'): GoParseError {
  return new GoParseError(`strconv.${fn}: parsing ${JSON.stringify(input)}: ${reason}`);
}

function lower(ch: string): string {
  return ch.toLowerCase();
}

/** Go's `underscoreOK`: underscores only between digits (or after a base prefix), never at an end. */
function underscoreOK(text: string): boolean {
  let s = text;
  let saw = '^';
  let i = 0;
  if (s.length >= 1 && (s[0] === '-' || s[0] === '+')) s = s.slice(1);
  let hex = false;
  if (s.length >= 2 && s[0] === '0' && 'box'.includes(lower(s[1]!))) {
    i = 2;
    saw = '0';
    hex = lower(s[1]!) === 'x';
  }
  for (; i < s.length; i++) {
    const c = s[i]!;
    if ((c >= '0' && c <= '9') || (hex && lower(c) >= 'a' && lower(c) <= 'f')) {
      saw = '0';
      continue;
    }
    if (c === '_') {
      if (saw !== '0') return false;
      saw = '_';
      continue;
    }
    if (saw === '_') return false;
    saw = '!';
  }
  return saw !== '_';
}

/** The magnitude of `s` in base 0, or the error kind; `fn` and `input` name the error. */
function parseMagnitude(s: string, bits: number, fn: string, input: string): bigint {
  if (s === '') throw numError(fn, input, 'invalid syntax');
  let base = 10n;
  let digits = s;
  if (s[0] === '0') {
    const p = s.length >= 3 ? lower(s[1]!) : '';
    if (p === 'b') [base, digits] = [2n, s.slice(2)];
    else if (p === 'o') [base, digits] = [8n, s.slice(2)];
    else if (p === 'x') [base, digits] = [16n, s.slice(2)];
    else [base, digits] = [8n, s.slice(1)];
  }
  const max = (1n << BigInt(bits)) - 1n;
  let n = 0n;
  let underscores = false;
  for (const c of digits) {
    if (c === '_') {
      underscores = true;
      continue;
    }
    const d = parseInt(c, 36);
    if (Number.isNaN(d) || BigInt(d) >= base) throw numError(fn, input, 'invalid syntax');
    n = n * base + BigInt(d);
    // Go returns at the first overflow, before looking at the remaining characters
    if (n > max) throw numError(fn, input, 'value out of range');
  }
  if (underscores && !underscoreOK(s)) throw numError(fn, input, 'invalid syntax');
  return n;
}

/** `strconv.ParseUint(s, 0, bits)`. */
export function parseGoUint(s: string, bits: 32 | 64 = 64): bigint {
  return parseMagnitude(s, bits, 'ParseUint', s);
}

/** `strconv.ParseInt(s, 0, bits)`. */
export function parseGoInt(s: string, bits: 32 | 64 = 64): bigint {
  if (s === '') throw numError('ParseInt', s, 'invalid syntax');
  const neg = s[0] === '-';
  const body = s[0] === '+' || s[0] === '-' ? s.slice(1) : s;
  const un = parseMagnitude(body, bits, 'ParseInt', s);
  const cutoff = 1n << BigInt(bits - 1);
  if (!neg && un >= cutoff) throw numError('ParseInt', s, 'value out of range');
  if (neg && un > cutoff) throw numError('ParseInt', s, 'value out of range');
  return neg ? -un : un;
}

/**
 * `new(big.Int).SetString(s, 0)` limited to `bits` bits of magnitude (cosmossdk.io/math
 * `NewIntFromString` allows 256): the same base-0 literal forms as above (`0x10`, `010` octal,
 * `1_000`, a sign); undefined where Go answers `ok == false`.
 */
export function parseGoBigInt(s: string, bits: number): bigint | undefined {
  const neg = s[0] === '-';
  const body = s[0] === '+' || s[0] === '-' ? s.slice(1) : s;
  try {
    const n = parseMagnitude(body, bits, 'SetString', s);
    return neg ? -n : n;
  } catch {
    return undefined;
  }
}

/** `strconv.ParseInt(s, 10, 64)`: what the SDK applies to the `x-cosmos-block-height` header. */
export function parseGoDecimalInt64(s: string): bigint {
  return decimalInt(s, 'ParseInt');
}

/** `strconv.Atoi` (64-bit int, base 10): pflag's int slices, positional heights. */
export function parseGoAtoi(s: string): bigint {
  return decimalInt(s, 'Atoi');
}

/** `strconv.ParseInt(s, 10, bits)`: `debug raw-bytes` reads each byte as an int8. */
export function parseGoDecimalInt(s: string, bits: 8 | 16 | 32 | 64): bigint {
  return decimalInt(s, 'ParseInt', bits);
}

/** A base-10 signed integer of `bits` (64 by default); the errors name `fn`. */
function decimalInt(s: string, fn: 'ParseInt' | 'Atoi', bits = 64): bigint {
  if (!/^[+-]?\d+$/.test(s)) throw numError(fn, s, 'invalid syntax');
  const n = BigInt(s);
  const cutoff = 1n << BigInt(bits - 1);
  if (n > cutoff - 1n || n < -cutoff) throw numError(fn, s, 'value out of range');
  return n;
}

/** `strconv.ParseBool`. */
export function parseGoBool(s: string): boolean {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(s)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(s)) return false;
  throw numError('ParseBool', s, 'invalid syntax');
}

/** `strconv.ParseFloat(s, 64)` for the plain decimal and exponent forms (and inf/nan spellings). */
export function parseGoFloat(s: string): number {
  if (/^[+-]?(inf|infinity)$/i.test(s)) return s.startsWith('-') ? -Infinity : Infinity;
  if (/^nan$/i.test(s)) return NaN;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s)) throw numError('ParseFloat', s, 'invalid syntax');
  const n = Number(s);
  if (!Number.isFinite(n)) throw numError('ParseFloat', s, 'value out of range');
  return n;
}

/** grpc-gateway's `runtime.Bytes`: standard base64, else URL-safe base64 (the second error wins). */
export function decodeGatewayBytes(s: string): Uint8Array {
  try {
    return decodeGoBase64(s, 'std');
  } catch {
    try {
      return decodeGoBase64(s, 'url');
    } catch (e) {
      throw new GoParseError((e as Error).message);
    }
  }
}
