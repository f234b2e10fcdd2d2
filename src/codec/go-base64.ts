/**
 * Go's padded base64 (`base64.StdEncoding` / `URLEncoding`'s `Decode`), with its error text
 * `illegal base64 data at input byte N` (N a byte offset of the input): what Go's encoding/json
 * gives for a `[]byte` field (gogo jsonpb's bytes, the consensus RPC's `tx`), and grpc-gateway for
 * a bytes parameter. One implementation for all of them.
 */

const alphabets = {
  std: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/',
  url: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_',
} as const;

const decodeTables = Object.fromEntries(
  Object.entries(alphabets).map(([name, alphabet]) => {
    const table = new Int16Array(256).fill(-1);
    for (let k = 0; k < alphabet.length; k++) table[alphabet.charCodeAt(k)] = k;
    return [name, table];
  }),
) as Record<keyof typeof alphabets, Int16Array>;

const corrupt = (offset: number) => new Error(`illegal base64 data at input byte ${offset}`);
const isNewline = (c: number | undefined) => c === 0x0a || c === 0x0d;

/**
 * Decodes quantum by quantum as Go's decodeQuantum does: padded, `\r` and `\n` skipped, an error at
 * the offset Go reports. `src` is text (its UTF-8 bytes are decoded) or bytes.
 */
export function decodeGoBase64(input: string | Uint8Array, alphabet: keyof typeof alphabets): Uint8Array {
  const src = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  const decode = decodeTables[alphabet];
  const out: number[] = [];
  let si = 0;
  while (si < src.length) {
    const quad = [0, 0, 0, 0];
    let dlen = 4;
    for (let j = 0; j < 4; j++) {
      if (si === src.length) {
        if (j === 0) return Uint8Array.from(out);
        // padded encodings: a short final quantum is an error at its start
        throw corrupt(si - j);
      }
      const ch = src[si]!;
      si++;
      const v = decode[ch]!;
      if (v >= 0) {
        quad[j] = v;
        continue;
      }
      if (isNewline(ch)) {
        j--;
        continue;
      }
      if (ch !== 0x3d) throw corrupt(si - 1);
      // padding: only after two or three symbols, and nothing but newlines after it
      if (j === 0 || j === 1) throw corrupt(si - 1);
      if (j === 2) {
        while (si < src.length && isNewline(src[si])) si++;
        if (si === src.length) throw corrupt(src.length);
        if (src[si] !== 0x3d) throw corrupt(si - 1);
        si++;
      }
      while (si < src.length && isNewline(src[si])) si++;
      if (si < src.length) throw corrupt(si);
      dlen = j;
      break;
    }
    const val = (quad[0]! << 18) | (quad[1]! << 12) | (quad[2]! << 6) | quad[3]!;
    out.push(...[(val >> 16) & 0xff, (val >> 8) & 0xff, val & 0xff].slice(0, dlen - 1));
    if (dlen < 4) return Uint8Array.from(out);
  }
  return Uint8Array.from(out);
}
