/**
 * go-ethereum's `hexutil` conventions of the Ethereum JSON-RPC: quantities are `0x`-prefixed hex
 * without leading zeros (`0x0` for zero), data is `0x`-prefixed hex of the bytes, and decoding
 * fails with hexutil's texts (`hex string without 0x prefix`, `invalid hex string`, …).
 */

/** hexutil's decoding errors (their `Error()` texts). */
export const HexErrors = Object.freeze({
  empty: 'empty hex string',
  missingPrefix: 'hex string without 0x prefix',
  syntax: 'invalid hex string',
  leadingZero: 'hex number with leading zero digits',
  emptyNumber: 'hex string "0x"',
  uint64Range: 'hex number > 64 bits',
  big256Range: 'hex number > 256 bits',
  oddLength: 'hex string of odd length',
});

export class HexError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HexError';
  }
}

/** A quantity: `0x` + hex digits without leading zeros. */
export function quantity(n: bigint | number): string {
  return `0x${BigInt(n).toString(16)}`;
}

/** Data: `0x` + the bytes in lowercase hex (`0x` for none). */
export function data(bytes: Uint8Array): string {
  return `0x${Buffer.from(bytes).toString('hex')}`;
}

/** A 32-byte hash of zeros. */
export const ZERO_HASH = `0x${'00'.repeat(32)}`;
/** A 20-byte address of zeros. */
export const ZERO_ADDRESS = `0x${'00'.repeat(20)}`;

/** hexutil.DecodeBig / DecodeUint64: `0x`-prefixed, no leading zeros, within `bits`. */
export function decodeQuantity(text: string, bits: 64 | 256): bigint {
  if (text.length === 0) throw new HexError(HexErrors.empty);
  if (!text.startsWith('0x') && !text.startsWith('0X')) throw new HexError(HexErrors.missingPrefix);
  const digits = text.slice(2);
  if (digits.length === 0) throw new HexError(HexErrors.emptyNumber);
  if (digits.length > 1 && digits[0] === '0') throw new HexError(HexErrors.leadingZero);
  if (!/^[0-9a-fA-F]+$/.test(digits)) throw new HexError(HexErrors.syntax);
  if (digits.length > bits / 4) throw new HexError(bits === 64 ? HexErrors.uint64Range : HexErrors.big256Range);
  return BigInt(`0x${digits}`);
}

/** hexutil.Decode: `0x`-prefixed bytes of even length. */
export function decodeData(text: string): Uint8Array {
  if (text.length === 0) throw new HexError(HexErrors.empty);
  if (!text.startsWith('0x') && !text.startsWith('0X')) throw new HexError(HexErrors.missingPrefix);
  const digits = text.slice(2);
  if (!/^[0-9a-fA-F]*$/.test(digits)) throw new HexError(HexErrors.syntax);
  if (digits.length % 2 !== 0) throw new HexError(HexErrors.oddLength);
  return new Uint8Array(Buffer.from(digits, 'hex'));
}

/**
 * hexutil.UnmarshalFixedJSON for a JSON string: `0x` + exactly `length` bytes (`common.Address`,
 * `common.Hash`). Errors read as encoding/json's `json: cannot unmarshal … into Go value of type …`.
 */
export function decodeFixed(text: string, length: number, goType: string): Uint8Array {
  const fail = (why: string) => new HexError(`json: cannot unmarshal ${why} into Go value of type ${goType}`);
  let digits = text;
  if (text.startsWith('0x') || text.startsWith('0X')) digits = text.slice(2);
  else if (text.length > 0) throw fail(HexErrors.missingPrefix);
  if (digits.length % 2 !== 0) throw fail(HexErrors.oddLength);
  if (digits.length !== length * 2) throw new HexError(`hex string has length ${digits.length}, want ${length * 2} for ${goType}`);
  if (!/^[0-9a-fA-F]*$/.test(digits)) throw fail(HexErrors.syntax);
  return new Uint8Array(Buffer.from(digits, 'hex'));
}
