/**
 * The one bech32 helper of the project. Every address kind of the chain uses classic bech32
 * (BIP-173, not bech32m) — reference/wire-formats.md §1.5.
 */
import { bech32 } from 'bech32';

/**
 * Longest string accepted when decoding. BIP-173 says 90, but the Cosmos SDK decodes with a limit
 * of 1023 (types/bech32 `DecodeAndConvert`), so legacy pubkeys and 32-byte addresses fit.
 */
export const BECH32_MAX_LENGTH = 1023;

export type Bech32ErrorReason = 'format' | 'checksum' | 'prefix' | 'length';

/** A bech32 string that cannot be used; `reason` tells callers which rule it broke. */
export class Bech32Error extends Error {
  constructor(
    readonly reason: Bech32ErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'Bech32Error';
  }
}

export interface Bech32Data {
  readonly hrp: string;
  readonly bytes: Uint8Array;
}

/** Encodes bytes under a human-readable part: `toBech32('st', addr20)` → `st1…`. */
export function toBech32(hrp: string, bytes: Uint8Array): string {
  if (hrp.length === 0) throw new Error('bech32 human-readable part must not be empty');
  return bech32.encode(hrp, bech32.toWords(bytes), BECH32_MAX_LENGTH);
}

/**
 * Decodes a bech32 string. With `expectedHrp` the prefix must match; with `expectedLength` the
 * payload must have exactly that many bytes. Failures throw a Bech32Error whose message names the
 * input and, for a wrong prefix, the expected and the actual prefix.
 */
export function fromBech32(text: string, expectedHrp?: string, expectedLength?: number): Bech32Data {
  if (text.length === 0) throw new Bech32Error('format', 'invalid bech32 string: empty input');
  let decoded: { prefix: string; words: number[] };
  try {
    decoded = bech32.decode(text, BECH32_MAX_LENGTH);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    if (/checksum/i.test(why)) throw new Bech32Error('checksum', `invalid bech32 checksum in "${text}"`);
    throw new Bech32Error('format', `invalid bech32 string "${text}": ${describeDecodeFailure(why)}`);
  }
  if (expectedHrp !== undefined && decoded.prefix !== expectedHrp) {
    throw new Bech32Error(
      'prefix',
      `invalid bech32 prefix in "${text}": expected "${expectedHrp}", got "${decoded.prefix}"`,
    );
  }
  const bytes = bech32.fromWordsUnsafe(decoded.words);
  if (bytes === undefined) {
    throw new Bech32Error('format', `invalid bech32 string "${text}": data is not a whole number of bytes`);
  }
  if (expectedLength !== undefined && bytes.length !== expectedLength) {
    throw new Bech32Error(
      'length',
      `invalid bech32 data length in "${text}": expected ${expectedLength} bytes, got ${bytes.length}`,
    );
  }
  return { hrp: decoded.prefix, bytes: Uint8Array.from(bytes) };
}

/**
 * Why Go's bech32 decoder (btcutil, as the SDK's `bech32.DecodeAndConvert` calls it with a limit of
 * 1023) refuses `text`, in its words and order: length, characters, case, separator, charset,
 * checksum (`invalid checksum (expected <6 chars> got <6 chars>)`). Undefined when it decodes.
 */
export function goBech32DecodeError(text: string): string | undefined {
  if (text.length < 8 || text.length > BECH32_MAX_LENGTH) return `invalid bech32 string length ${text.length}`;
  for (const c of text) {
    const code = c.codePointAt(0)!;
    if (code < 33 || code > 126) return `invalid character in string: '${c}'`;
  }
  const lower = text.toLowerCase();
  if (lower !== text && text.toUpperCase() !== text) return 'string not all lowercase or all uppercase';
  const sep = lower.lastIndexOf('1');
  if (sep < 1 || sep + 7 > lower.length) return `invalid separator index ${sep}`;
  const data = lower.slice(sep + 1);
  for (const c of data) if (!CHARSET.includes(c)) return `invalid character not part of charset: ${c.codePointAt(0)}`;
  const words = [...data.slice(0, -6)].map((c) => CHARSET.indexOf(c));
  const expected = bech32.encode(lower.slice(0, sep), words, BECH32_MAX_LENGTH).slice(-6);
  if (expected !== data.slice(-6)) return `invalid checksum (expected ${expected} got ${data.slice(-6)})`;
  return undefined;
}

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

/** The `bech32` package words its errors for developers; say the same thing for users. */
function describeDecodeFailure(why: string): string {
  if (/exceeds length/i.test(why)) return `longer than ${BECH32_MAX_LENGTH} characters`;
  if (/too short/i.test(why)) return 'too short';
  if (/no separator/i.test(why)) return 'no "1" separator between prefix and data';
  if (/missing prefix/i.test(why)) return 'missing human-readable prefix before "1"';
  if (/mixed-case/i.test(why)) return 'mixes upper and lower case';
  if (/unknown character/i.test(why)) return `character not in the bech32 alphabet (${why.replace(/^.*Unknown character\s*/i, '')})`;
  return why;
}
