import { Buffer } from 'node:buffer';
import { bitLength, checkInt256 } from './int.ts';

/**
 * `sdkmath.LegacyDec` of cosmossdk.io/math v1.3.0 (reference/chain-semantics.md §0.2): a fixed-point
 * decimal with 18 fractional digits, stored as the integer `raw = value × 10^18`.
 *
 * Rounding and range follow math v1.3.0 exactly (the version stratos-chain pins):
 * - `mul`, `quo` round half-even on the magnitude; `quo` first truncates `Va·10^36/Vb`.
 * - every arithmetic result whose raw value needs more than 315 bits (256 + 59) throws
 *   `Int overflow` where the SDK panics; v1.3.0 checks the bit length, not the later
 *   `2^256·10^18` bound of v1.4.
 * - division by zero throws where Go panics.
 * Instances are immutable.
 */
export class Dec {
  static readonly PRECISION = 18;
  /** `maxDecBitLen` = MaxBitLen (256) + decimalTruncateBits (59). */
  static readonly MAX_BIT_LEN = 315;

  static readonly ZERO: Dec = new Dec(0n);
  static readonly ONE: Dec = new Dec(10n ** 18n);
  /** 10^-18, `LegacySmallestDec`. */
  static readonly SMALLEST: Dec = new Dec(1n);

  /** value × 10^18 */
  readonly raw: bigint;

  private constructor(raw: bigint) {
    this.raw = raw;
  }

  /** `LegacyNewDecFromInt`: exact, raw = n·10^18. n must be an Int (≤ 256 bits); like the SDK, no Dec range check. */
  static fromInt(n: bigint): Dec {
    checkInt256(n, 'Dec.fromInt');
    return new Dec(n * SCALE);
  }

  /** `LegacyNewDecWithPrec(i, prec)`: i·10^-prec, prec in 0..18. */
  static withPrec(i: bigint, prec: number): Dec {
    if (!Number.isInteger(prec) || prec < 0 || prec > Dec.PRECISION) {
      throw new Error(`Dec.withPrec: precision must be an integer in 0..18, got ${prec}`);
    }
    return new Dec(i * 10n ** BigInt(Dec.PRECISION - prec));
  }

  /** A Dec from its raw scaled integer (the proto wire form). Throws if it needs more than 315 bits. */
  static fromRaw(raw: bigint): Dec {
    if (raw > MAX_RAW || raw < -MAX_RAW) {
      throw new Error(`decimal out of range; got: ${bitLength(raw)}, max: ${Dec.MAX_BIT_LEN}`);
    }
    return new Dec(raw);
  }

  /**
   * `LegacyDec.Unmarshal` of the proto form: the raw scaled integer as decimal text ("0.1" is
   * "100000000000000000"). Range error text as the SDK's.
   */
  static fromProtoString(s: string): Dec {
    if (!/^-?[0-9]+$/.test(s)) {
      throw new Error(`invalid decimal proto string '${s}': expected the scaled integer in decimal digits`);
    }
    return Dec.fromRaw(BigInt(s));
  }

  /**
   * `LegacyNewDecFromStr`, including its quirks: at most 18 decimals; ".5" and "5." are
   * "invalid decimal length"; the digits go through Go's `big.Int.SetString(_, 10)`, which
   * accepts one leading sign, so "+5" is 5 and "--5" is 5 (the first '-' is stripped before).
   * Error texts are the SDK's.
   */
  static fromString(input: string): Dec {
    let str = input;
    let neg = false;
    if (str.startsWith('-')) {
      neg = true;
      str = str.slice(1);
    }
    if (str.length === 0) throw new Error('decimal string cannot be empty');

    const parts = str.split('.');
    let lenDecs = 0;
    let combined = parts[0];
    if (parts.length === 2) {
      // Go measures string length in bytes.
      lenDecs = Buffer.byteLength(parts[1], 'utf8');
      if (lenDecs === 0 || combined.length === 0) throw new Error('invalid decimal length');
      combined += parts[1];
    } else if (parts.length > 2) {
      throw new Error('invalid decimal string');
    }
    if (lenDecs > Dec.PRECISION) {
      throw new Error(
        `value '${str}' exceeds max precision by ${Dec.PRECISION - lenDecs} decimal places: max precision ${Dec.PRECISION}`,
      );
    }
    combined += '0'.repeat(Dec.PRECISION - lenDecs);
    if (!GO_BASE10_INTEGER.test(combined)) {
      throw new Error(`failed to set decimal string with base 10: ${combined}`);
    }
    let raw = BigInt(combined.startsWith('+') ? combined.slice(1) : combined);
    const bits = bitLength(raw);
    if (bits > Dec.MAX_BIT_LEN) {
      throw new Error(`decimal '${str}' out of range; bitLen: got ${bits}, max ${Dec.MAX_BIT_LEN}`);
    }
    if (neg) raw = -raw;
    return new Dec(raw);
  }

  static min(a: Dec, b: Dec): Dec {
    return a.lt(b) ? a : b;
  }

  static max(a: Dec, b: Dec): Dec {
    return a.lt(b) ? b : a;
  }

  add(other: Dec): Dec {
    return checked(this.raw + other.raw, 'add');
  }

  sub(other: Dec): Dec {
    return checked(this.raw - other.raw, 'sub');
  }

  /** Round half-even of Va·Vb / 10^18. */
  mul(other: Dec): Dec {
    return checked(chopRoundHalfEven(this.raw * other.raw), 'mul');
  }

  /** Truncation toward zero of Va·Vb / 10^18. */
  mulTruncate(other: Dec): Dec {
    return checked(this.raw * other.raw / SCALE, 'mulTruncate');
  }

  /** `MulRoundUp`: ceiling of Va·Vb / 10^18 for positive products, truncation for negative ones. */
  mulRoundUp(other: Dec): Dec {
    return checked(chopRoundUp(this.raw * other.raw), 'mulRoundUp');
  }

  /** Exact: raw·i (i is an Int). */
  mulInt(i: bigint): Dec {
    checkInt256(i, 'Dec.mulInt');
    return checked(this.raw * i, 'mulInt');
  }

  /** Q = trunc(Va·10^36 / Vb), then round half-even of Q / 10^18. */
  quo(other: Dec): Dec {
    return checked(chopRoundHalfEven(this.quoScaled(other, 'quo')), 'quo');
  }

  /** trunc(trunc(Va·10^36 / Vb) / 10^18), i.e. truncation toward zero at the 18th decimal. */
  quoTruncate(other: Dec): Dec {
    return checked(this.quoScaled(other, 'quoTruncate') / SCALE, 'quoTruncate');
  }

  /**
   * math v1.3.0 `QuoRoundUp`: Q = trunc(Va·10^36 / Vb); positive Q is rounded up at the 18th
   * decimal, negative Q truncated (towards +∞ in both cases). The rounding looks only at Q, so a
   * quotient exceeding a multiple of 10^-18 by less than 10^-36 is not rounded up.
   */
  quoRoundUp(other: Dec): Dec {
    return checked(chopRoundUp(this.quoScaled(other, 'quoRoundUp')), 'quoRoundUp');
  }

  /** Truncation toward zero of raw / i (i is an Int). */
  quoInt(i: bigint): Dec {
    checkInt256(i, 'Dec.quoInt');
    if (i === 0n) throw new Error('Dec.quoInt: division by zero');
    return new Dec(this.raw / i);
  }

  neg(): Dec {
    return new Dec(-this.raw);
  }

  abs(): Dec {
    return this.raw < 0n ? new Dec(-this.raw) : this;
  }

  cmp(other: Dec): -1 | 0 | 1 {
    return this.raw < other.raw ? -1 : this.raw > other.raw ? 1 : 0;
  }

  eq(other: Dec): boolean {
    return this.raw === other.raw;
  }

  lt(other: Dec): boolean {
    return this.raw < other.raw;
  }

  lte(other: Dec): boolean {
    return this.raw <= other.raw;
  }

  gt(other: Dec): boolean {
    return this.raw > other.raw;
  }

  gte(other: Dec): boolean {
    return this.raw >= other.raw;
  }

  isZero(): boolean {
    return this.raw === 0n;
  }

  isNegative(): boolean {
    return this.raw < 0n;
  }

  isPositive(): boolean {
    return this.raw > 0n;
  }

  isInteger(): boolean {
    return this.raw % SCALE === 0n;
  }

  /** Truncation toward zero to an Int (floor for positive values). */
  truncateInt(): bigint {
    return checkInt256(this.raw / SCALE, 'Dec.truncateInt');
  }

  /** Round half-even (on the magnitude) to an Int. */
  roundInt(): bigint {
    return checkInt256(chopRoundHalfEven(this.raw), 'Dec.roundInt');
  }

  /** Truncation toward zero, kept as a Dec. */
  truncateDec(): Dec {
    return new Dec((this.raw / SCALE) * SCALE);
  }

  /** Smallest integer ≥ this. Like v1.3.0, the overflow check applies only when rounding up. */
  ceil(): Dec {
    const quo = this.raw / SCALE;
    const rem = this.raw % SCALE;
    if (rem <= 0n) return new Dec(quo * SCALE);
    if (bitLength(this.raw) >= Dec.MAX_BIT_LEN) {
      throw new Error(`Dec.ceil: Int overflow (operand bit length ${bitLength(this.raw)} >= ${Dec.MAX_BIT_LEN})`);
    }
    return new Dec((quo + 1n) * SCALE);
  }

  /** SDK form, always 18 decimals: "0.020000000000000000", "-1.500000000000000000". */
  toString(): string {
    const neg = this.raw < 0n;
    const digits = (neg ? -this.raw : this.raw).toString(10).padStart(Dec.PRECISION + 1, '0');
    const cut = digits.length - Dec.PRECISION;
    return `${neg ? '-' : ''}${digits.slice(0, cut)}.${digits.slice(cut)}`;
  }

  toJSON(): string {
    return this.toString();
  }

  /** Proto/amino wire form: the raw scaled integer in decimal ("0.1" → "100000000000000000"). */
  toProtoString(): string {
    return this.raw.toString(10);
  }

  private quoScaled(other: Dec, op: string): bigint {
    if (other.raw === 0n) throw new Error(`Dec.${op}: division by zero`);
    return (this.raw * SCALE_SQUARED) / other.raw;
  }
}

const SCALE = 10n ** 18n;
const SCALE_SQUARED = SCALE * SCALE;
const HALF_SCALE = SCALE / 2n;
const MAX_RAW = (1n << BigInt(Dec.MAX_BIT_LEN)) - 1n;
/** What Go's `big.Int.SetString(s, 10)` accepts: one optional sign, then decimal digits. */
const GO_BASE10_INTEGER = /^[+-]?[0-9]+$/;

/** `chopPrecisionAndRound`: drop 18 digits with banker's rounding on the magnitude. */
function chopRoundHalfEven(x: bigint): bigint {
  if (x < 0n) return -chopRoundHalfEven(-x);
  const quo = x / SCALE;
  const rem = x % SCALE;
  if (rem < HALF_SCALE) return quo;
  if (rem > HALF_SCALE) return quo + 1n;
  return quo % 2n === 0n ? quo : quo + 1n;
}

/** `chopPrecisionAndRoundUp`: ceiling for positive x, truncation for negative x. */
function chopRoundUp(x: bigint): bigint {
  if (x < 0n) return x / SCALE;
  const quo = x / SCALE;
  return x % SCALE === 0n ? quo : quo + 1n;
}

/** The SDK's post-operation check: a raw result above 315 bits panics with "Int overflow". */
function checked(raw: bigint, op: string): Dec {
  if (raw > MAX_RAW || raw < -MAX_RAW) throw overflow(op, bitLength(raw));
  return Dec.fromRaw(raw);
}

function overflow(op: string, bits: number): Error {
  return new Error(`Dec.${op}: Int overflow (bit length ${bits} > ${Dec.MAX_BIT_LEN})`);
}
