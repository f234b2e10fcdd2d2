/**
 * Evidence of a double sign as a client hands it to the consensus RPC's `broadcast_evidence`
 * (CometBFT 0.37 types/evidence.go `DuplicateVoteEvidence`, evidence/pool.go `AddEvidence`,
 * evidence/verify.go `VerifyDuplicateVote`; decoded by src/api/rpc/evidence-param.ts): checked by
 * `ValidateBasic`, verified against the chain (the block at the evidence height, its time, its
 * validator set and the votes' ed25519 signatures), hashed as CometBFT hashes it. Every refusal is
 * CometBFT's text.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { codec } from '../codec/index.ts';
import { timestampFromText } from '../codec/time-text.ts';
import { ed25519Verify } from '../crypto/ed25519.ts';
import { consensusAddressOf } from './block-meta.ts';
import { timeText } from './proto-forms.ts';
import type { ValidatorJson } from './types.ts';
import { totalVotingPower, validatorPubKey, votingPower } from './validator-set.ts';
import { fingerprint, SIGNED_MSG_TYPE_NAMES, SignedMsgType, voteSignBytes, voteText } from './vote.ts';

export const DUPLICATE_VOTE_EVIDENCE = 'tendermint/DuplicateVoteEvidence';
export const LIGHT_CLIENT_ATTACK_EVIDENCE = 'tendermint/LightClientAttackEvidence';

/** types.Vote. */
export interface Vote {
  readonly type: number;
  readonly height: bigint;
  readonly round: number;
  readonly blockHash: Uint8Array;
  readonly partsTotal: number;
  readonly partsHash: Uint8Array;
  readonly timeNs: bigint;
  readonly validatorAddress: Uint8Array;
  readonly validatorIndex: number;
  readonly signature: Uint8Array;
}

export interface DuplicateVoteEvidence {
  readonly voteA: Vote | null;
  readonly voteB: Vote | null;
  readonly totalVotingPower: bigint;
  readonly validatorPower: bigint;
  readonly timeNs: bigint;
}

export const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex').toUpperCase();
const textOf = (v: Vote | null): string =>
  v === null
    ? 'nil-Vote'
    : voteText({ type: v.type, height: v.height, round: v.round, validatorIndex: v.validatorIndex, validatorAddress: v.validatorAddress, blockHash: v.blockHash, signature: v.signature, timeNs: v.timeNs });

/** `DuplicateVoteEvidence.String()`. */
export function evidenceText(ev: DuplicateVoteEvidence): string {
  return `DuplicateVoteEvidence{VoteA: ${textOf(ev.voteA)}, VoteB: ${textOf(ev.voteB)}}`;
}

/** `BlockID.String()`: `HASH:total:PARTSFP`. */
const blockIdText = (v: Vote): string => `${hex(v.blockHash)}:${v.partsTotal}:${fingerprint(v.partsHash)}`;

/** `BlockID.Key()`: the hash, then the part set header's proto bytes (compared as Go strings). */
const blockIdKey = (v: Vote): Buffer =>
  Buffer.concat([v.blockHash, codec.encode('consensus.types.PartSetHeader', { total: v.partsTotal, hash: v.partsHash.length ? v.partsHash : null })]);

/** ValidateHash: empty or 32 bytes. */
const hashProblem = (h: Uint8Array): string | undefined => (h.length > 0 && h.length !== 32 ? `expected size to be 32 bytes, got ${h.length} bytes` : undefined);

function voteProblem(v: Vote): string | undefined {
  if (v.type !== SignedMsgType.PREVOTE && v.type !== SignedMsgType.PRECOMMIT) return 'invalid Type';
  if (v.height <= 0n) return 'negative or zero Height';
  if (v.round < 0) return 'negative Round';
  if (hashProblem(v.blockHash)) return 'wrong BlockID: wrong Hash';
  const parts = hashProblem(v.partsHash);
  if (parts) return `wrong BlockID: wrong PartSetHeader: wrong Hash: ${parts}`;
  const zero = v.blockHash.length === 0 && v.partsTotal === 0 && v.partsHash.length === 0;
  const complete = v.blockHash.length === 32 && v.partsTotal > 0 && v.partsHash.length === 32;
  if (!zero && !complete) return `blockID must be either empty or complete, got: ${blockIdText(v)}`;
  if (v.validatorAddress.length !== 20) return `expected ValidatorAddress size to be 20 bytes, got ${v.validatorAddress.length} bytes`;
  if (v.validatorIndex < 0) return 'negative ValidatorIndex';
  if (v.signature.length === 0) return 'signature is missing';
  if (v.signature.length > 64) return 'signature is too big (max: 64)';
  return undefined;
}

/** `DuplicateVoteEvidence.ValidateBasic()`'s error, or undefined. */
export function validateBasic(ev: DuplicateVoteEvidence): string | undefined {
  if (ev.voteA === null || ev.voteB === null) return `one or both of the votes are empty ${textOf(ev.voteA)}, ${textOf(ev.voteB)}`;
  const a = voteProblem(ev.voteA);
  if (a) return `invalid VoteA: ${a}`;
  const b = voteProblem(ev.voteB);
  if (b) return `invalid VoteB: ${b}`;
  if (Buffer.compare(blockIdKey(ev.voteA), blockIdKey(ev.voteB)) >= 0) return 'duplicate votes in invalid order';
  return undefined;
}

/** Go's `time.Time.String()` of a UTC time: `2024-01-01 00:00:03.25 +0000 UTC`. */
export function goTimeString(ns: bigint): string {
  const text = timeText(ns);
  return `${text.slice(0, 10)} ${text.slice(11, -1)} +0000 UTC`;
}

/** What the verification reads of the chain. */
export interface EvidenceChain {
  readonly chainId: string;
  readonly lastHeight: bigint;
  readonly lastBlockTimeNs: bigint;
  /** the time of the stored block at a height, if stored */
  blockTimeNs(height: bigint): bigint | undefined;
  /** the validator set of a height, in CometBFT order */
  validators(height: bigint): readonly ValidatorJson[];
  readonly maxAgeNumBlocks: bigint;
  readonly maxAgeDurationNs: bigint;
}

const signBytesOf = (chainId: string, v: Vote): Uint8Array =>
  voteSignBytes(chainId, {
    type: v.type,
    height: v.height,
    round: v.round,
    blockId: { hash: hex(v.blockHash), parts: { total: v.partsTotal, hash: hex(v.partsHash) } },
    timestamp: timeText(v.timeNs),
  });

/**
 * The pool's `verify` of evidence that passed ValidateBasic: its error, or undefined and the
 * validator it convicts (`VerifyDuplicateVote`).
 */
export function verifyDuplicateVote(ev: DuplicateVoteEvidence, chain: EvidenceChain): { error: string } | { validator: ValidatorJson } {
  const a = ev.voteA!;
  const b = ev.voteB!;
  const height = a.height;
  const blockTime = chain.blockTimeNs(height);
  if (blockTime === undefined) return { error: `don't have header #${height}` };
  if (ev.timeNs !== blockTime) return { error: `evidence has a different time to the block it is associated with (${goTimeString(ev.timeNs)} != ${goTimeString(blockTime)})` };
  if (chain.lastBlockTimeNs - blockTime > chain.maxAgeDurationNs && chain.lastHeight - height > chain.maxAgeNumBlocks) {
    return {
      error: `evidence from height ${height} (created at: ${goTimeString(blockTime)}) is too old; min height is ${chain.lastHeight - chain.maxAgeNumBlocks} and evidence can not be older than ${goTimeString(chain.lastBlockTimeNs + chain.maxAgeDurationNs)}`,
    };
  }
  const set = chain.validators(height);
  const validator = set.find((v) => v.address === hex(a.validatorAddress));
  if (!validator) return { error: `address ${hex(a.validatorAddress)} was not a validator at height ${height}` };
  const typeName = (v: Vote) => SIGNED_MSG_TYPE_NAMES[v.type] ?? String(v.type);
  if (a.height !== b.height || a.round !== b.round || a.type !== b.type) {
    return { error: `h/r/s does not match: ${a.height}/${a.round}/${typeName(a)} vs ${b.height}/${b.round}/${typeName(b)}` };
  }
  if (!Buffer.from(a.validatorAddress).equals(b.validatorAddress)) return { error: `validator addresses do not match: ${hex(a.validatorAddress)} vs ${hex(b.validatorAddress)}` };
  if (blockIdKey(a).equals(blockIdKey(b))) return { error: `block IDs are the same (${blockIdText(a)}) - not a real duplicate vote` };
  const pubKey = validatorPubKey(validator);
  if (consensusAddressOf(pubKey) !== hex(a.validatorAddress)) {
    return { error: `address (${hex(a.validatorAddress)}) doesn't match pubkey (PubKeyEd25519{${hex(pubKey)}} - ${consensusAddressOf(pubKey)})` };
  }
  if (votingPower(validator) !== ev.validatorPower) return { error: `validator power from evidence and our validator set does not match (${ev.validatorPower} != ${votingPower(validator)})` };
  const total = totalVotingPower(set);
  if (total !== ev.totalVotingPower) return { error: `total voting power from the evidence and our validator set does not match (${ev.totalVotingPower} != ${total})` };
  if (!ed25519Verify(pubKey, signBytesOf(chain.chainId, a), a.signature)) return { error: 'verifying VoteA: invalid signature' };
  if (!ed25519Verify(pubKey, signBytesOf(chain.chainId, b), b.signature)) return { error: 'verifying VoteB: invalid signature' };
  return { validator };
}

const voteProto = (v: Vote) => ({
  type: v.type,
  height: v.height,
  round: v.round,
  block_id: { hash: v.blockHash.length ? v.blockHash : null, part_set_header: { total: v.partsTotal, hash: v.partsHash.length ? v.partsHash : null } },
  timestamp: timestampFromText(timeText(v.timeNs)),
  validator_address: v.validatorAddress,
  validator_index: v.validatorIndex,
  signature: v.signature,
});

const DUPLICATE_VOTE_PROTO = 'consensus.types.DuplicateVoteEvidence';

/** `DuplicateVoteEvidence.Bytes()`: its proto bytes, what a block stores and its hashes are over. */
export function evidenceBytes(ev: DuplicateVoteEvidence): Uint8Array {
  return codec.encode(DUPLICATE_VOTE_PROTO, {
    vote_a: ev.voteA ? voteProto(ev.voteA) : null,
    vote_b: ev.voteB ? voteProto(ev.voteB) : null,
    total_voting_power: ev.totalVotingPower,
    validator_power: ev.validatorPower,
    timestamp: timestampFromText(timeText(ev.timeNs)),
  });
}

/** `DuplicateVoteEvidence.Hash()` from its proto bytes: their sha256, uppercase hex. */
export function evidenceHashText(bytes: Uint8Array): string {
  return hex(sha256(bytes));
}

/** A block's `EvidenceList` as its proto (`Block.evidence`) from each evidence's proto bytes. */
export function evidenceListProto(list: readonly Uint8Array[]): { evidence: { duplicate_vote_evidence: unknown }[] } {
  return { evidence: list.map((bytes) => ({ duplicate_vote_evidence: codec.decode(DUPLICATE_VOTE_PROTO, bytes) })) };
}

interface ProtoTimestamp {
  readonly seconds: bigint;
  readonly nanos: number;
}
interface ProtoVote {
  readonly type: number;
  readonly height: bigint;
  readonly round: number;
  readonly block_id: { readonly hash: Uint8Array | null; readonly part_set_header: { readonly total: number; readonly hash: Uint8Array | null } | null } | null;
  readonly timestamp: ProtoTimestamp | null;
  readonly validator_address: Uint8Array;
  readonly validator_index: number;
  readonly signature: Uint8Array;
}

const nsOf = (t: ProtoTimestamp | null) => (t === null ? 0n : BigInt(t.seconds) * 1_000_000_000n + BigInt(t.nanos));
const hexOrEmpty = (b: Uint8Array | null | undefined) => (b ? hex(b) : '');

/** cmtjson of a `types.Vote`: int64 as strings, int32 as numbers, HexBytes as hex, the signature base64. */
const voteJson = (v: ProtoVote) => ({
  type: v.type,
  height: BigInt(v.height).toString(),
  round: v.round,
  block_id: { hash: hexOrEmpty(v.block_id?.hash), parts: { total: v.block_id?.part_set_header?.total ?? 0, hash: hexOrEmpty(v.block_id?.part_set_header?.hash) } },
  timestamp: timeText(nsOf(v.timestamp)),
  validator_address: hex(v.validator_address),
  validator_index: v.validator_index,
  signature: Buffer.from(v.signature).toString('base64'),
});

/**
 * A block's evidence as the consensus RPC prints it (cmtjson of the `types.Evidence` interface):
 * `{"type": "tendermint/DuplicateVoteEvidence", "value": {vote_a, vote_b, TotalVotingPower,
 * ValidatorPower, Timestamp}}` — the last three have no json tags, so Go's own names.
 */
export function evidenceJson(bytes: Uint8Array): { type: string; value: Record<string, unknown> } {
  const ev = codec.decode(DUPLICATE_VOTE_PROTO, bytes) as unknown as {
    vote_a: ProtoVote | null;
    vote_b: ProtoVote | null;
    total_voting_power: bigint;
    validator_power: bigint;
    timestamp: ProtoTimestamp | null;
  };
  return {
    type: DUPLICATE_VOTE_EVIDENCE,
    value: {
      vote_a: ev.vote_a ? voteJson(ev.vote_a) : null,
      vote_b: ev.vote_b ? voteJson(ev.vote_b) : null,
      TotalVotingPower: BigInt(ev.total_voting_power).toString(),
      ValidatorPower: BigInt(ev.validator_power).toString(),
      Timestamp: timeText(nsOf(ev.timestamp)),
    },
  };
}
