/**
 * Bytes from text the way Go's standard library decodes them for the consensus RPC, with Go's
 * error texts: `base64.StdEncoding` (JSON `[]byte` params such as `tx` and `hash`) and
 * `hex.DecodeString` (`HexBytes` params and `0x…` URI arguments).
 */
import { decodeGoBase64 } from '../../codec/go-base64.ts';
import { goUnicodeVerb } from './go-quote.ts';

/** A decoding failure; the message is Go's error text. */
export class GoDecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GoDecodeError';
  }
}

/**
 * `base64.StdEncoding.Decode`: padded, newlines skipped, error offsets as Go's decodeQuantum
 * reports them (`illegal base64 data at input byte N`; src/codec/go-base64.ts).
 */
export function goBase64Decode(src: Uint8Array): Uint8Array {
  try {
    return decodeGoBase64(src, 'std');
  } catch (e) {
    throw new GoDecodeError((e as Error).message);
  }
}

const hexValue = (c: number): number => {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x61 + 10;
  if (c >= 0x41 && c <= 0x46) return c - 0x41 + 10;
  return -1;
};

const invalidByte = (c: number) => new GoDecodeError(`encoding/hex: invalid byte: ${goUnicodeVerb(c)}`);

/** `hex.DecodeString` over the bytes of `text` (either case), with Go's error order and texts. */
export function goHexDecode(text: string): Uint8Array {
  const src = new TextEncoder().encode(text);
  const out = new Uint8Array(src.length >> 1);
  let j = 1;
  for (; j < src.length; j += 2) {
    const a = hexValue(src[j - 1]!);
    const b = hexValue(src[j]!);
    if (a < 0) throw invalidByte(src[j - 1]!);
    if (b < 0) throw invalidByte(src[j]!);
    out[(j - 1) >> 1] = (a << 4) | b;
  }
  if (src.length % 2 === 1) {
    // Go reports an invalid last character before the odd length
    if (hexValue(src[j - 1]!) < 0) throw invalidByte(src[j - 1]!);
    throw new GoDecodeError('encoding/hex: odd length hex string');
  }
  return out;
}
