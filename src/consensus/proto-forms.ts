/**
 * The CometBFT JSON forms of types.ts as `consensus.*` proto objects for the codec, and back.
 * HexBytes are uppercase hex in JSON; an empty one is Go's nil slice, which proto3 omits on the
 * wire and gogo jsonpb prints as null, so it becomes `null` here (reference/wire-formats.md §4.3).
 */
import { base64 } from '../codec/go-json.ts';
import type { ProtoObject } from '../codec/index.ts';
import { timestampFromText, type TimestampValue } from '../codec/time-text.ts';
import { bytesToHex, parseHex } from '../crypto/hex.ts';
import { formatTimeNs } from '../state/block-info.ts';
import type { BlockIdJson, CommitJson, CommitSigJson, HeaderJson } from './types.ts';

/** HexBytes text → bytes; '' → null (Go nil). */
export function hexBytes(text: string, what: string): Uint8Array | null {
  if (text === '') return null;
  return parseHex(text, what);
}

/** Bytes → HexBytes text (uppercase; nil and empty → ''). */
export function hexText(bytes: Uint8Array | null | undefined): string {
  return bytes && bytes.length > 0 ? bytesToHex(bytes).toUpperCase() : '';
}

/** A Go time.Time JSON value (RFC 3339) → google.protobuf.Timestamp. */
export function timestampOf(text: string): TimestampValue {
  return timestampFromText(text);
}

/** Block time in nanoseconds → the RFC 3339 text CometBFT prints (Go RFC3339Nano, UTC). */
export function timeText(timeNs: bigint): string {
  return formatTimeNs(timeNs);
}

/** An int64 carried as a JSON string → bigint, with an error naming the field. */
export function int64Of(text: string, what: string): bigint {
  if (!/^-?\d+$/.test(text)) throw new Error(`invalid ${what} ${JSON.stringify(text)}: expected a decimal integer string`);
  return BigInt(text);
}

export function blockIdProto(id: BlockIdJson): ProtoObject {
  return {
    hash: hexBytes(id.hash, 'block id hash'),
    part_set_header: { total: id.parts.total, hash: hexBytes(id.parts.hash, 'part set hash') },
  };
}

export function commitSigProto(sig: CommitSigJson): ProtoObject {
  return {
    block_id_flag: sig.block_id_flag,
    validator_address: hexBytes(sig.validator_address, 'validator address'),
    timestamp: timestampOf(sig.timestamp),
    signature: sig.signature === null || sig.signature === '' ? null : Uint8Array.from(Buffer.from(sig.signature, 'base64')),
  };
}

export function commitProto(commit: CommitJson): ProtoObject {
  return {
    height: int64Of(commit.height, 'commit height'),
    round: commit.round,
    block_id: blockIdProto(commit.block_id),
    signatures: commit.signatures.map(commitSigProto),
  };
}

export function headerProto(h: HeaderJson): ProtoObject {
  return {
    version: { block: int64Of(h.version.block, 'version.block'), app: int64Of(h.version.app, 'version.app') },
    chain_id: h.chain_id,
    height: int64Of(h.height, 'height'),
    time: timestampOf(h.time),
    last_block_id: blockIdProto(h.last_block_id),
    last_commit_hash: hexBytes(h.last_commit_hash, 'last_commit_hash'),
    data_hash: hexBytes(h.data_hash, 'data_hash'),
    validators_hash: hexBytes(h.validators_hash, 'validators_hash'),
    next_validators_hash: hexBytes(h.next_validators_hash, 'next_validators_hash'),
    consensus_hash: hexBytes(h.consensus_hash, 'consensus_hash'),
    app_hash: hexBytes(h.app_hash, 'app_hash'),
    last_results_hash: hexBytes(h.last_results_hash, 'last_results_hash'),
    evidence_hash: hexBytes(h.evidence_hash, 'evidence_hash'),
    proposer_address: hexBytes(h.proposer_address, 'proposer_address'),
  };
}

/** Signature bytes → the CommitSig JSON value (base64; absent → null). */
export function signatureText(signature: Uint8Array | null): string | null {
  return signature && signature.length > 0 ? base64(signature) : null;
}
