/**
 * Go's padded base64 (`base64.StdEncoding` / `URLEncoding`'s `DecodeString`), with its error text
 * `illegal base64 data at input byte N`: what Go's encoding/json gives for a `[]byte` field (gogo
 * jsonpb's bytes) and grpc-gateway for a bytes parameter.
 */

const STD = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function corrupt(at: number): Error {
  return new Error(`illegal base64 data at input byte ${at}`);
}

function decodePadded(s: string, alphabet: string): Uint8Array {
  const out: number[] = [];
  const newline = (c: string | undefined) => c === '\n' || c === '\r';
  let si = 0;
  while (si < s.length) {
    const dbuf = [0, 0, 0, 0];
    let dlen = 4;
    let j = 0;
    for (; j < 4; j++) {
      if (si === s.length) {
        if (j === 0) return new Uint8Array(out);
        throw corrupt(si - j);
      }
      const c = s[si]!;
      si++;
      const v = alphabet.indexOf(c);
      if (v >= 0) {
        dbuf[j] = v;
        continue;
      }
      if (newline(c)) {
        j--;
        continue;
      }
      if (c !== '=') throw corrupt(si - 1);
      // padding: only in the last two places of a quantum, and nothing may follow it
      if (j === 0 || j === 1) throw corrupt(si - 1);
      if (j === 2) {
        while (si < s.length && newline(s[si])) si++;
        if (si === s.length) throw corrupt(s.length);
        if (s[si] !== '=') throw corrupt(si - 1);
        si++;
      }
      while (si < s.length && newline(s[si])) si++;
      if (si < s.length) throw corrupt(si);
      dlen = j;
      break;
    }
    const val = (dbuf[0]! << 18) | (dbuf[1]! << 12) | (dbuf[2]! << 6) | dbuf[3]!;
    const bytes = [(val >> 16) & 0xff, (val >> 8) & 0xff, val & 0xff];
    out.push(...bytes.slice(0, dlen - 1));
    if (dlen < 4) return new Uint8Array(out);
  }
  return new Uint8Array(out);
}

/** Decodes quantum by quantum as Go does (`\r` and `\n` are skipped); throws Go's `CorruptInputError` text. */
export function decodeGoBase64(s: string, alphabet: 'std' | 'url'): Uint8Array {
  return decodePadded(s, alphabet === 'std' ? STD : URL_SAFE);
}
