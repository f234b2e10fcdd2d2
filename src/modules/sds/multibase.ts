/**
 * Multibase decoding (the prefix character names the base), for the file-hash check of
 * MsgFileUpload, which decodes the hash as an IPFS CID (reference/chain-semantics.md §2.3). Only
 * the RFC 4648 bases, base16 and base58btc are known; any other prefix is refused.
 */

const B32 = 'abcdefghijklmnopqrstuvwxyz234567';
const B32HEX = '0123456789abcdefghijklmnopqrstuv';
const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** RFC 4648 decoding of `bits`-bit groups (5 or 6); `padded` requires `=` to a full block, else none allowed. Trailing bits are dropped (Go's decoders). */
function rfc4648(text: string, alphabet: string, bits: 5 | 6, padded: boolean): Uint8Array {
  const block = bits === 5 ? 8 : 4;
  let body = text;
  if (padded) {
    if (text.length % block !== 0) throw new Error(`illegal data length ${text.length} for padded base${1 << bits}`);
    body = text.replace(/=+$/, '');
  }
  if (body.includes('=')) throw new Error('illegal padding character');
  // the lengths a block can end at: base32 0,2,4,5,7; base64 0,2,3
  const valid = bits === 5 ? [0, 2, 4, 5, 7] : [0, 2, 3];
  if (!valid.includes(body.length % block)) throw new Error(`illegal data length ${body.length} for base${1 << bits}`);
  const out: number[] = [];
  let acc = 0;
  let have = 0;
  for (const ch of body) {
    const v = alphabet.indexOf(ch);
    if (v < 0) throw new Error(`illegal character ${JSON.stringify(ch)}`);
    acc = ((acc << bits) | v) & 0xffff;
    have += bits;
    if (have >= 8) {
      have -= 8;
      out.push((acc >> have) & 0xff);
    }
  }
  return Uint8Array.from(out);
}

function base16(text: string): Uint8Array {
  if (text.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(text)) throw new Error('invalid base16 data');
  return Uint8Array.from(Buffer.from(text, 'hex'));
}

function base58btc(text: string): Uint8Array {
  let n = 0n;
  for (const ch of text) {
    const v = B58.indexOf(ch);
    if (v < 0) throw new Error(`illegal base58 character ${JSON.stringify(ch)}`);
    n = n * 58n + BigInt(v);
  }
  const body: number[] = [];
  while (n > 0n) {
    body.unshift(Number(n & 0xffn));
    n >>= 8n;
  }
  let zeros = 0;
  while (zeros < text.length && text[zeros] === '1') zeros++;
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...body]);
}

/** Decodes a multibase string; throws Error naming the problem. */
export function multibaseDecode(text: string): Uint8Array {
  if (text.length === 0) throw new Error('cannot decode multibase for zero length string');
  const prefix = text[0]!;
  const data = text.slice(1);
  switch (prefix) {
    case 'f':
    case 'F':
      return base16(data);
    case 'b':
      return rfc4648(data, B32, 5, false);
    case 'B':
      return rfc4648(data, B32.toUpperCase(), 5, false);
    case 'c':
      return rfc4648(data, B32, 5, true);
    case 'C':
      return rfc4648(data, B32.toUpperCase(), 5, true);
    case 'v':
      return rfc4648(data, B32HEX, 5, false);
    case 'V':
      return rfc4648(data, B32HEX.toUpperCase(), 5, false);
    case 't':
      return rfc4648(data, B32HEX, 5, true);
    case 'T':
      return rfc4648(data, B32HEX.toUpperCase(), 5, true);
    case 'z':
      return base58btc(data);
    case 'm':
      return rfc4648(data, B64, 6, false);
    case 'M':
      return rfc4648(data, B64, 6, true);
    case 'u':
      return rfc4648(data, B64URL, 6, false);
    case 'U':
      return rfc4648(data, B64URL, 6, true);
    default:
      throw new Error(`selected encoding not supported: ${JSON.stringify(prefix)}`);
  }
}

export { base58btc };
