/**
 * Votes and commits (types/vote.go `VoteSignBytes`, types/canonical.go, types/block.go `Commit`,
 * types/validation.go `VerifyCommit`). A validator signs the length-delimited CanonicalVote
 * {type, height and round as sfixed64, CanonicalBlockID (absent for a nil block), timestamp,
 * chain_id}; a commit carries one CommitSig per validator of the set, in the set's order.
 */
import { codec } from '../codec/index.ts';
import { WireWriter } from '../codec/wire.ts';
import { ed25519Verify } from '../crypto/ed25519.ts';
import { validatorSign } from './validator-signer.ts';
import type { PrivValidatorKey } from './keys.ts';
import { hexBytes, hexText, int64Of, signatureText, timeText, timestampOf } from './proto-forms.ts';
import { totalVotingPower, validatorPubKey, votingPower } from './validator-set.ts';
import { EMPTY_BLOCK_ID, type BlockIdJson, type CommitJson, type CommitSigJson, type ValidatorJson } from './types.ts';

/** `SignedMsgType` of tendermint/types/types.proto. */
export const SignedMsgType = Object.freeze({ PREVOTE: 1, PRECOMMIT: 2, PROPOSAL: 32 } as const);

/** `BlockIDFlag` of tendermint/types/types.proto. */
export const BlockIdFlag = Object.freeze({ ABSENT: 1, COMMIT: 2, NIL: 3 } as const);

/** Go's zero time.Time, the timestamp of an absent CommitSig. */
export const ZERO_TIME = '0001-01-01T00:00:00Z';

/** The commit a block at the first height carries (`Commit{}`; height 0, no signatures). */
export const EMPTY_COMMIT: CommitJson = Object.freeze({ height: '0', round: 0, block_id: EMPTY_BLOCK_ID, signatures: Object.freeze([]) as readonly CommitSigJson[] });

export interface VoteToSign {
  readonly type: number;
  readonly height: bigint;
  readonly round: number;
  readonly blockId: BlockIdJson;
  /** RFC 3339 */
  readonly timestamp: string;
}

/** A vote as `Vote.String()` prints it. */
export interface VoteForText {
  readonly type: number;
  readonly height: bigint;
  readonly round: number;
  readonly validatorIndex: number;
  readonly validatorAddress: Uint8Array;
  readonly blockHash: Uint8Array;
  readonly signature: Uint8Array;
  readonly timeNs: bigint;
}

/** cmtbytes.Fingerprint: the first 6 bytes, upper-case hex. */
export const fingerprint = (bytes: Uint8Array): string => Buffer.from(bytes.subarray(0, 6)).toString('hex').toUpperCase();

/** SignedMsgType's proto enum names. */
export const SIGNED_MSG_TYPE_NAMES: Readonly<Record<number, string>> = { 0: 'SIGNED_MSG_TYPE_UNKNOWN', 1: 'SIGNED_MSG_TYPE_PREVOTE', 2: 'SIGNED_MSG_TYPE_PRECOMMIT', 32: 'SIGNED_MSG_TYPE_PROPOSAL' };

/** `Vote.String()`: `Vote{0:1B2C3D4E5F60 5/00/SIGNED_MSG_TYPE_PRECOMMIT(Precommit) A1B2C3D4E5F6 0F1E2D3C4B5A @ 2026-…Z}`. */
export function voteText(v: VoteForText): string {
  const kind = v.type === SignedMsgType.PREVOTE ? 'Prevote' : 'Precommit';
  const type = SIGNED_MSG_TYPE_NAMES[v.type] ?? String(v.type);
  return `Vote{${v.validatorIndex}:${fingerprint(v.validatorAddress)} ${v.height}/${String(v.round).padStart(2, '0')}/${type}(${kind}) ${fingerprint(v.blockHash)} ${fingerprint(v.signature)} @ ${timeText(v.timeNs)}}`;
}

export function isZeroBlockId(id: BlockIdJson): boolean {
  return id.hash === '' && id.parts.total === 0 && id.parts.hash === '';
}

/** `VoteSignBytes(chainID, vote)`: uvarint length ‖ CanonicalVote proto. */
export function voteSignBytes(chainId: string, vote: VoteToSign): Uint8Array {
  const blockId = isZeroBlockId(vote.blockId)
    ? null
    : {
        hash: hexBytes(vote.blockId.hash, 'block id hash'),
        part_set_header: { total: vote.blockId.parts.total, hash: hexBytes(vote.blockId.parts.hash, 'part set hash') },
      };
  const canonical = codec.encode('consensus.types.CanonicalVote', {
    type: vote.type,
    height: vote.height,
    round: BigInt(vote.round),
    block_id: blockId,
    timestamp: timestampOf(vote.timestamp),
    chain_id: chainId,
  });
  return new WireWriter().bytes(canonical).finish();
}

export interface SignCommitInput {
  readonly chainId: string;
  readonly height: bigint;
  readonly round?: number;
  readonly blockId: BlockIdJson;
  /** the precommit time (RFC 3339) */
  readonly timestamp: string;
  /** the validator set in CometBFT order (validator-set.ts `sortValidators`) */
  readonly validators: readonly ValidatorJson[];
  /** the keys that sign (each must be in the set); the other validators are absent */
  readonly privValidatorKeys: readonly PrivValidatorKey[];
}

/**
 * The commit this node makes for a block: the precommits of the validators whose keys sign (the
 * ones this node holds and an operator has not switched offline), and every other validator of the
 * set absent (this in-process engine has no peers to collect from).
 */
export function signCommit(input: SignCommitInput): CommitJson {
  const { chainId, height, blockId, timestamp, validators, privValidatorKeys } = input;
  const round = input.round ?? 0;
  const keys = new Map(privValidatorKeys.map((k) => [k.address, k]));
  for (const key of privValidatorKeys) {
    if (!validators.some((v) => v.address === key.address)) {
      throw new Error(`priv validator ${key.address} is not in the validator set (${validators.map((v) => v.address).join(', ') || 'empty'})`);
    }
  }
  const signBytes = voteSignBytes(chainId, { type: SignedMsgType.PRECOMMIT, height, round, blockId, timestamp });
  const signatures = validators.map((v): CommitSigJson => {
    const key = keys.get(v.address);
    return key
      ? { block_id_flag: BlockIdFlag.COMMIT, validator_address: v.address, timestamp, signature: signatureText(validatorSign(key.privKey, signBytes)) }
      : { block_id_flag: BlockIdFlag.ABSENT, validator_address: '', timestamp: ZERO_TIME, signature: null };
  });
  return { height: height.toString(), round, block_id: blockId, signatures };
}

/** The sign bytes of the vote behind signature `index` of a commit (`Commit.VoteSignBytes`). */
export function commitVoteSignBytes(chainId: string, commit: CommitJson, index: number): Uint8Array {
  const sig = commit.signatures[index];
  if (!sig) throw new Error(`commit at height ${commit.height} has no signature #${index}`);
  return voteSignBytes(chainId, {
    type: SignedMsgType.PRECOMMIT,
    height: int64Of(commit.height, 'commit height'),
    round: commit.round,
    blockId: sig.block_id_flag === BlockIdFlag.COMMIT ? commit.block_id : EMPTY_BLOCK_ID,
    timestamp: sig.timestamp,
  });
}

export interface ExpectedCommit {
  readonly blockId: BlockIdJson;
  readonly height: bigint;
}

/**
 * `ValidatorSet.VerifyCommit`: one signature slot per validator, every COMMIT and NIL signature
 * valid for the validator at its index, and the COMMIT signers holding more than 2/3 of the
 * voting power. Throws an Error naming the first fault.
 */
export function verifyCommit(chainId: string, validators: readonly ValidatorJson[], commit: CommitJson, expected?: ExpectedCommit): void {
  if (expected) {
    if (int64Of(commit.height, 'commit height') !== expected.height) {
      throw new Error(`invalid commit: height ${commit.height}, expected ${expected.height}`);
    }
    if (!sameBlockId(commit.block_id, expected.blockId)) {
      throw new Error(`invalid commit: block id ${commit.block_id.hash}, expected ${expected.blockId.hash}`);
    }
  }
  if (commit.signatures.length !== validators.length) {
    throw new Error(`invalid commit: ${commit.signatures.length} signatures for ${validators.length} validators`);
  }
  let tallied = 0n;
  commit.signatures.forEach((sig, i) => {
    if (sig.block_id_flag === BlockIdFlag.ABSENT) return;
    if (sig.block_id_flag !== BlockIdFlag.COMMIT && sig.block_id_flag !== BlockIdFlag.NIL) {
      throw new Error(`invalid commit: signature #${i} has unknown block_id_flag ${sig.block_id_flag}`);
    }
    const val = validators[i]!;
    if (sig.validator_address !== val.address) {
      throw new Error(`invalid commit: signature #${i} is by ${sig.validator_address || '(none)'}, expected validator ${val.address}`);
    }
    const signature = sig.signature === null ? new Uint8Array(0) : Uint8Array.from(Buffer.from(sig.signature, 'base64'));
    if (!ed25519Verify(validatorPubKey(val), commitVoteSignBytes(chainId, commit, i), signature)) {
      throw new Error(`invalid commit: wrong signature (#${i}): ${hexText(signature)}`);
    }
    if (sig.block_id_flag === BlockIdFlag.COMMIT) tallied += votingPower(val);
  });
  const needed = (totalVotingPower(validators) * 2n) / 3n;
  if (tallied <= needed) {
    throw new Error(`invalid commit: not enough voting power signed: got ${tallied}, needed more than ${needed}`);
  }
}

function sameBlockId(a: BlockIdJson, b: BlockIdJson): boolean {
  return a.hash === b.hash && a.parts.total === b.parts.total && a.parts.hash === b.parts.hash;
}
