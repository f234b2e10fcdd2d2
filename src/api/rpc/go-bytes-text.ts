/**
 * Bytes from text the way Go's standard library decodes them for the consensus RPC, with Go's
 * error texts: `base64.StdEncoding` (JSON `[]byte` params such as `tx` and `hash`) and
 * `hex.DecodeString` (`HexBytes` params and `0x…` URI arguments).
 */
import { goUnicodeVerb } from './go-quote.ts';

/** A decoding failure; the message is Go's error text. */
export class GoDecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GoDecodeError';
  }
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DECODE = new Int16Array(256).fill(-1);
for (let k = 0; k < ALPHABET.length; k++) DECODE[ALPHABET.charCodeAt(k)] = k;

const corrupt = (offset: number) => new GoDecodeError(`illegal base64 data at input byte ${offset}`);
const isNewline = (c: number | undefined) => c === 0x0a || c === 0x0d;

/**
 * `base64.StdEncoding.Decode`: padded, newlines skipped, error offsets as Go's decodeQuantum
 * reports them (`illegal base64 data at input byte N`).
 */
export function goBase64Decode(src: Uint8Array): Uint8Array {
  const out: number[] = [];
  let si = 0;
  while (si < src.length) {
    const quad = [0, 0, 0, 0];
    let dlen = 4;
    let trailingError: GoDecodeError | undefined;
    for (let j = 0; j < 4; j++) {
      if (si === src.length) {
        if (j === 0) return Uint8Array.from(out);
        // StdEncoding pads, so a short final quantum is an error at its start
        throw corrupt(si - j);
      }
      const ch = src[si]!;
      si++;
      const v = DECODE[ch]!;
      if (v >= 0) {
        quad[j] = v;
        continue;
      }
      if (isNewline(ch)) {
        j--;
        continue;
      }
      if (ch !== 0x3d) throw corrupt(si - 1);
      // padding: only after two or three symbols
      if (j === 0 || j === 1) throw corrupt(si - 1);
      if (j === 2) {
        while (si < src.length && isNewline(src[si])) si++;
        if (si === src.length) throw corrupt(src.length);
        if (src[si] !== 0x3d) throw corrupt(si - 1);
        si++;
      }
      while (si < src.length && isNewline(src[si])) si++;
      if (si < src.length) trailingError = corrupt(si);
      dlen = j;
      break;
    }
    const val = (quad[0]! << 18) | (quad[1]! << 12) | (quad[2]! << 6) | quad[3]!;
    const bytes = [(val >> 16) & 0xff, (val >> 8) & 0xff, val & 0xff];
    out.push(...bytes.slice(0, dlen - 1));
    if (trailingError) throw trailingError;
  }
  return Uint8Array.from(out);
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
