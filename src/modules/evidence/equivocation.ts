/**
 * `Equivocation` (x/evidence v0.47, proto/sdk/evidence/v1beta1/evidence.proto): its proto bytes
 * (gogoproto: zero scalars left out, the non-nullable stdtime always written) and hash = sha256 of
 * them (`tmhash`), the key it is stored under.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { codec } from '../../codec/registry.ts';
import { timeNsToTimestamp } from '../../state/block-info.ts';
import type { EquivocationRecord } from './state.ts';

/** The proto object of a record (the Any the queries answer packs it). */
export function equivocationProto(e: EquivocationRecord): Record<string, unknown> {
  return { height: e.height, time: timeNsToTimestamp(e.time), power: e.power, consensus_address: e.consensus_address };
}

export function equivocationBytes(e: EquivocationRecord): Uint8Array {
  return codec.encode('sdk.evidence.v1beta1.Equivocation', equivocationProto(e));
}

/** `Equivocation.Hash()`: uppercase hex of sha256 of the proto bytes. */
export function equivocationHash(e: EquivocationRecord): string {
  return bytesToHex(sha256(equivocationBytes(e))).toUpperCase();
}
