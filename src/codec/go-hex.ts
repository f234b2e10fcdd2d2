/**
 * Go's `hex.DecodeString` with its error texts and order: the text's UTF-8 bytes two by two, a
 * pair's bad byte first (`encoding/hex: invalid byte: U+0067 'g'`), then an odd length (`encoding/hex:
 * odd length hex string`, after checking the last byte). Either case of the digits.
 */
import { goUnicodeVerb } from './go-quote.ts';

const hexValue = (c: number): number => {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x61 + 10;
  if (c >= 0x41 && c <= 0x46) return c - 0x41 + 10;
  return -1;
};

const invalidByte = (c: number) => new Error(`encoding/hex: invalid byte: ${goUnicodeVerb(c)}`);

export function decodeGoHex(text: string): Uint8Array {
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
    if (hexValue(src[j - 1]!) < 0) throw invalidByte(src[j - 1]!);
    throw new Error('encoding/hex: odd length hex string');
  }
  return out;
}
