/**
 * File-hash validation of MsgFileUpload (reference/chain-semantics.md §2.3): the hash must decode
 * as an IPFS CID (go-cid `Decode`), which covers the storage network's `v05…` form (multibase
 * base32hex, CIDv1). Spec part 2 also shows a 64-hex-digit hash in `tx sds upload`; that form is
 * accepted as well (it is not a CID: the real chain's check would refuse most of them).
 */
import { base58btc, multibaseDecode } from './multibase.ts';

const SHA2_256 = 0x12;
const HEX_HASH = /^[0-9a-fA-F]{64}$/;

/** go-varint `FromUvarint`: at most 9 bytes, minimally encoded. Returns [value, bytes read]. */
function uvarint(buf: Uint8Array, at: number): [bigint, number] {
  let value = 0n;
  for (let i = 0; i < 9; i++) {
    const b = buf[at + i];
    if (b === undefined) throw new Error('varints malformed, could not reach the end');
    value |= BigInt(b & 0x7f) << BigInt(7 * i);
    if ((b & 0x80) === 0) {
      if (b === 0 && i > 0) throw new Error('varint not minimally encoded');
      return [value, i + 1];
    }
  }
  throw new Error('varints larger than uint63 not supported');
}

/** A multihash at `at`: code, length, digest; returns the bytes read. */
function multihashLength(buf: Uint8Array, at: number): number {
  const [, n1] = uvarint(buf, at);
  const [length, n2] = uvarint(buf, at + n1);
  const end = at + n1 + n2 + Number(length);
  if (length > BigInt(buf.length) || end > buf.length) throw new Error('length greater than remaining number of bytes in buffer');
  return end - at;
}

/** go-cid `CidFromBytes` + the trailing-bytes check of `Cast`. */
function castCid(data: Uint8Array): void {
  if (data.length > 2 && data[0] === SHA2_256 && data[1] === 32) {
    if (data.length !== 34) throw new Error('not enough bytes for cid v0 or trailing bytes');
    return;
  }
  const [version, n] = uvarint(data, 0);
  if (version !== 1n) throw new Error(`expected 1 as the cid version number, got: ${version}`);
  const [, m] = uvarint(data, n);
  const read = n + m + multihashLength(data, n + m);
  if (read !== data.length) throw new Error('trailing bytes in data buffer passed to cid Cast');
}

/** Why `text` is not a CID, or undefined when it is one (go-cid `Decode`). */
export function cidProblem(text: string): string | undefined {
  try {
    if (text.length < 2) throw new Error('cid too short');
    if (text.length === 46 && text.startsWith('Qm')) castCid(base58btc(text));
    else castCid(multibaseDecode(text));
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

/** True for a CID or a 64-hex-digit hash. */
export function isValidFileHash(text: string): boolean {
  return HEX_HASH.test(text) || cidProblem(text) === undefined;
}

/** Why the hash is refused (the CID decoder's reason), or undefined when valid. */
export function fileHashProblem(text: string): string | undefined {
  if (HEX_HASH.test(text)) return undefined;
  return cidProblem(text);
}
