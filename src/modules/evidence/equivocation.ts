/**
 * `Equivocation` (x/evidence v0.47): its proto bytes (height 1, time 2, power 3,
 * consensus_address 4) and hash = sha256 of them (`tmhash`), the key it is stored under.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { timeNsToTimestamp } from '../../state/block-info.ts';
import type { EquivocationRecord } from './state.ts';

function varint(v: bigint): number[] {
  let u = BigInt.asUintN(64, v);
  const out: number[] = [];
  while (u >= 0x80n) {
    out.push(Number(u & 0x7fn) | 0x80);
    u >>= 7n;
  }
  out.push(Number(u));
  return out;
}

const tag = (field: number, wire: number) => varint(BigInt((field << 3) | wire));

function lengthDelimited(field: number, bytes: readonly number[] | Uint8Array): number[] {
  return [...tag(field, 2), ...varint(BigInt(bytes.length)), ...bytes];
}

/** gogoproto bytes: zero scalars omitted; the non-nullable stdtime always written. */
export function equivocationBytes(e: EquivocationRecord): Uint8Array {
  const ts = timeNsToTimestamp(e.time);
  const time: number[] = [];
  if (ts.seconds !== 0n) time.push(...tag(1, 0), ...varint(ts.seconds));
  if (ts.nanos !== 0) time.push(...tag(2, 0), ...varint(BigInt(ts.nanos)));
  const out: number[] = [];
  if (e.height !== 0n) out.push(...tag(1, 0), ...varint(e.height));
  out.push(...lengthDelimited(2, time));
  if (e.power !== 0n) out.push(...tag(3, 0), ...varint(e.power));
  if (e.consensus_address !== '') out.push(...lengthDelimited(4, utf8ToBytes(e.consensus_address)));
  return Uint8Array.from(out);
}

/** `Equivocation.Hash()`: uppercase hex of sha256 of the proto bytes. */
export function equivocationHash(e: EquivocationRecord): string {
  return bytesToHex(sha256(equivocationBytes(e))).toUpperCase();
}
