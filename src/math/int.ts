/**
 * `sdkmath.Int` over bigint (cosmossdk.io/math v1.3.0, reference/chain-semantics.md §0.2).
 * An Int is any bigint whose magnitude fits in 256 bits; the SDK panics with
 * "integer overflow" when a result has a bit length above 256. Division truncates toward
 * zero, which is what bigint `/` already does.
 */

export const MAX_INT256_BITS = 256;

/** Largest magnitude an Int may hold: 2^256 − 1 (bit length 256). */
export const MAX_INT256 = (1n << BigInt(MAX_INT256_BITS)) - 1n;

/** Bit length of |x| (Go `big.Int.BitLen`): 0 for 0, 1 for ±1, 256 for 2^256 − 1. */
export function bitLength(x: bigint): number {
  if (x === 0n) return 0;
  return (x < 0n ? -x : x).toString(2).length;
}

/** Returns x, or throws `<what>: integer overflow` when |x| needs more than 256 bits (SDK `ErrIntOverflow`). */
export function checkInt256(x: bigint, what = 'Int'): bigint {
  if (x > MAX_INT256 || x < -MAX_INT256) {
    throw new Error(`${what}: integer overflow (bit length ${bitLength(x)} > ${MAX_INT256_BITS})`);
  }
  return x;
}

const DECIMAL_INTEGER = /^-?[0-9]+$/;

/**
 * Parses the decimal text of an Int: ASCII digits with an optional leading '-'. No '+', no
 * whitespace, no exponent, no base prefix (stricter than Go's `SetString(s, 0)` on purpose:
 * every Int this chain prints is plain decimal).
 */
export function parseInt256(s: string): bigint {
  if (!DECIMAL_INTEGER.test(s)) {
    throw new Error(`invalid integer '${s}': expected decimal digits with an optional leading '-'`);
  }
  return checkInt256(BigInt(s), `integer '${s}'`);
}

/** The SDK text form of an Int (`Int.String()`): plain decimal, '-' for negatives. */
export function intToString(x: bigint): string {
  return x.toString(10);
}
