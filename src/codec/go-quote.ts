/**
 * Go's quoting of text inside error messages, so that error texts (the consensus RPC's, Go's hex
 * decoding's) read as Go's do: `strconv.Quote` (the `%q` verb), the scanner's `quoteChar` and `%#U`.
 */

/** Go's `unicode.IsPrint` for the characters that reach error texts (Latin-1 and common BMP text). */
function isPrint(cp: number): boolean {
  if (cp < 0x20 || cp === 0x7f) return false;
  if (cp >= 0x80 && cp <= 0xa0) return false;
  if (cp === 0xad) return false;
  // format characters, separators and surrogates that Go does not print
  if ((cp >= 0x2000 && cp <= 0x200f) || (cp >= 0x2028 && cp <= 0x202f) || (cp >= 0x205f && cp <= 0x206f)) return false;
  if (cp >= 0xd800 && cp <= 0xdfff) return false;
  if (cp === 0xfeff || cp === 0xfffe || cp === 0xffff) return false;
  return true;
}

const SHORT_ESCAPES: Record<number, string> = { 7: '\\a', 8: '\\b', 12: '\\f', 10: '\\n', 13: '\\r', 9: '\\t', 11: '\\v' };

function escapeRune(cp: number, quote: string): string {
  const ch = String.fromCodePoint(cp);
  if (ch === quote || ch === '\\') return '\\' + ch;
  if (isPrint(cp)) return ch;
  const short = SHORT_ESCAPES[cp];
  if (short) return short;
  if (cp < 0x80) return '\\x' + cp.toString(16).padStart(2, '0');
  if (cp <= 0xffff) return '\\u' + cp.toString(16).padStart(4, '0');
  return '\\U' + cp.toString(16).padStart(8, '0');
}

/** `strconv.Quote(s)`: double-quoted with Go escapes (what `%q` prints for a string). */
export function goQuoteString(text: string): string {
  let out = '"';
  for (const ch of text) out += escapeRune(ch.codePointAt(0)!, '"');
  return out + '"';
}

/**
 * The JSON scanner's `quoteChar(c)` for one input byte: `'x'`, `'\''`, `'"'`, or an escape such as
 * `'\x01'`. The byte is taken as the rune of the same number, as Go's `string(c)` does.
 */
export function goQuoteChar(byte: number): string {
  if (byte === 0x27) return "'\\''";
  if (byte === 0x22) return "'\"'";
  return "'" + escapeRune(byte, '"') + "'";
}

/** `fmt.Sprintf("%#U", r)`: `U+0067 'g'`, or just `U+000A` for a character that does not print. */
export function goUnicodeVerb(cp: number): string {
  const hex = 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
  return isPrint(cp) ? `${hex} '${String.fromCodePoint(cp)}'` : hex;
}
