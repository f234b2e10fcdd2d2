/**
 * OpenPGP ASCII armor (RFC 4880 §6.2) as golang.org/x/crypto/openpgp/armor writes it, which CometBFT
 * `crypto/armor` and the Cosmos SDK use for exported keys: BEGIN line, `key: value` headers, a blank
 * line, base64 in 64-character lines, `=` + base64 CRC-24, END line (no trailing newline).
 */

export interface Armored {
  readonly blockType: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly data: Uint8Array;
}

const LINE_LENGTH = 64;

/** CRC-24 of RFC 4880 §6.1 (init 0xB704CE, generator 0x1864CFB). */
export function crc24(data: Uint8Array): number {
  let crc = 0xb704ce;
  for (const byte of data) {
    crc ^= byte << 16;
    for (let i = 0; i < 8; i++) {
      crc <<= 1;
      if (crc & 0x1000000) crc ^= 0x1864cfb;
    }
  }
  return crc & 0xffffff;
}

function crcText(data: Uint8Array): string {
  const crc = crc24(data);
  return Buffer.from([crc >> 16, (crc >> 8) & 0xff, crc & 0xff]).toString('base64');
}

/** Headers are written in the given object order (Go writes its map in random order; readers do not care). */
export function encodeArmor(blockType: string, headers: Readonly<Record<string, string>>, data: Uint8Array): string {
  const lines = [`-----BEGIN ${blockType}-----`];
  for (const [key, value] of Object.entries(headers)) lines.push(`${key}: ${value}`);
  lines.push('');
  const body = Buffer.from(data).toString('base64');
  for (let i = 0; i < body.length; i += LINE_LENGTH) lines.push(body.slice(i, i + LINE_LENGTH));
  lines.push(`=${crcText(data)}`, `-----END ${blockType}-----`);
  return lines.join('\n');
}

/** Reads the first armored block of `text`; text around it is ignored, the CRC is checked when present. */
export function decodeArmor(text: string): Armored {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const begin = lines.findIndex((l) => /^-----BEGIN (.+)-----$/.test(l));
  if (begin < 0) throw new Error('not an ASCII-armored block: no "-----BEGIN …-----" line');
  const blockType = /^-----BEGIN (.+)-----$/.exec(lines[begin])![1];
  const end = lines.indexOf(`-----END ${blockType}-----`, begin + 1);
  if (end < 0) throw new Error(`armored block "${blockType}" has no "-----END ${blockType}-----" line`);

  const headers: Record<string, string> = {};
  let i = begin + 1;
  for (; i < end && lines[i] !== ''; i++) {
    const sep = lines[i].indexOf(':');
    if (sep <= 0) {
      // no blank line after the BEGIN line: the body starts here (headers are optional)
      if (Object.keys(headers).length === 0) break;
      throw new Error(`armored block "${blockType}": bad header line "${lines[i]}"`);
    }
    headers[lines[i].slice(0, sep).trim()] = lines[i].slice(sep + 1).trim();
  }
  let body = '';
  let checksum: string | undefined;
  for (; i < end; i++) {
    const line = lines[i];
    if (line === '') continue;
    if (line.startsWith('=')) checksum = line.slice(1);
    else body += line;
  }
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body) || body.length % 4 !== 0) {
    throw new Error(`armored block "${blockType}": body is not valid base64`);
  }
  const data = Uint8Array.from(Buffer.from(body, 'base64'));
  if (checksum !== undefined && checksum !== crcText(data)) {
    throw new Error(`armored block "${blockType}": CRC-24 checksum mismatch (the text was altered or truncated)`);
  }
  return { blockType, headers, data };
}
