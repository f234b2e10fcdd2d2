/**
 * Compact JSON text as Go's encoding/json writes it (Go 1.20, the toolchain of stratos-chain):
 * strings escape `<`, `>`, `&`, U+2028 and U+2029 as \u00XX / \u20XX, control characters other than
 * \n \r \t as \u00XX. Both jsonpb (proto-JSON) and legacy amino JSON (sign bytes) go through it.
 */

/** A JSON value tree; object key order is kept unless `sortKeys` is asked for. */
export type GoJsonValue = null | boolean | number | string | GoJsonValue[] | { [key: string]: GoJsonValue };

const HEX = '0123456789abcdef';

/** Characters Go writes otherwise than as themselves (and surrogates, checked in pairs). */
const NEEDS_ESCAPE = /[\u0000-\u001f"\\<>&\u2028\u2029\ud800-\udfff]/;

export function goQuote(text: string): string {
  // most strings (addresses, hashes, base64, numbers as text) have none: as they are
  if (!NEEDS_ESCAPE.test(text)) return '"' + text + '"';
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x22) out += '\\"';
    else if (ch === 0x5c) out += '\\\\';
    else if (ch === 0x0a) out += '\\n';
    else if (ch === 0x0d) out += '\\r';
    else if (ch === 0x09) out += '\\t';
    else if (ch < 0x20 || ch === 0x3c || ch === 0x3e || ch === 0x26) out += '\\u00' + HEX[ch >> 4] + HEX[ch & 15];
    else if (ch === 0x2028 || ch === 0x2029) out += '\\u202' + HEX[ch & 15];
    else if (ch >= 0xd800 && ch <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += text[i] + text[i + 1];
        i++;
      } else out += '\ufffd'; // a lone surrogate is not UTF-8; Go writes the replacement character
    } else if (ch >= 0xdc00 && ch <= 0xdfff) out += '\ufffd';
    else out += text[i];
  }
  return out + '"';
}

/** Go's float64 formatting in JSON (strconv 'f' or 'e' with the shortest digits). */
function goNumber(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`JSON cannot hold ${n}`);
  if (Object.is(n, -0)) return '-0';
  const abs = Math.abs(n);
  if (abs !== 0 && (abs < 1e-6 || abs >= 1e21)) {
    // Go: 1e+21, 1e-07 (at least two exponent digits)
    const [mant, exp] = n.toExponential().split('e');
    const sign = exp.startsWith('-') ? '-' : '+';
    const digits = exp.replace(/^[-+]/, '').padStart(2, '0');
    return `${mant}e${sign}${digits}`;
  }
  return String(n);
}

export function goJson(value: GoJsonValue, sortKeys = false): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return goNumber(value);
  if (typeof value === 'string') return goQuote(value);
  if (Array.isArray(value)) return `[${value.map((v) => goJson(v, sortKeys)).join(',')}]`;
  let keys = Object.keys(value);
  if (sortKeys) keys = keys.sort(compareUtf8);
  return `{${keys.map((k) => `${goQuote(k)}:${goJson(value[k], sortKeys)}`).join(',')}}`;
}

/** Go sorts map keys by their UTF-8 bytes; for UTF-16 code units that differs only above U+FFFF vs U+E000–U+FFFF. */
function compareUtf8(a: string, b: string): number {
  const ea = new TextEncoder().encode(a);
  const eb = new TextEncoder().encode(b);
  const n = Math.min(ea.length, eb.length);
  for (let i = 0; i < n; i++) if (ea[i] !== eb[i]) return ea[i] - eb[i];
  return ea.length - eb.length;
}

/** `sdk.MustSortJSON`: the same JSON with object keys sorted at every level, compact. */
export function sortedGoJson(value: GoJsonValue): string {
  return goJson(value, true);
}

export function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}
