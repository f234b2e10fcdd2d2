/**
 * The consensus engine's round state as CometBFT 0.37 prints it (consensus/types/round_state.go,
 * height_vote_set.go, types/vote_set.go, types/vote.go `String`), for the RPC's `consensus_state`
 * and `dump_consensus_state`. This engine decides a block in one step when its timer fires, so
 * between blocks it is where a CometBFT node waits out `timeout_commit`: the step NewHeight (1) of
 * the next height, round 0, no proposal or lock, no votes yet for the height, the precommits of the
 * latest block as its last commit, and the round starting `timeout_commit` after that commit.
 */
import type { GoJsonValue } from '../codec/go-json.ts';
import { proposerOf } from './block-meta.ts';
import { timeText } from './proto-forms.ts';
import type { CommitJson, ValidatorJson } from './types.ts';
import { BlockIdFlag, SignedMsgType, voteText, ZERO_TIME } from './vote.ts';
import { totalVotingPower, votingPower } from './validator-set.ts';
import { parseTimeNs } from '../state/block-info.ts';

/** `RoundStepNewHeight`: waiting out timeout_commit after the last commit. */
export const ROUND_STEP_NEW_HEIGHT = 1;

/** `nilVoteStr`: a validator's slot with no vote. */
const NIL_VOTE = 'nil-Vote';

export interface RoundStateInput {
  /** the height being worked on: the latest block's + 1 */
  readonly height: bigint;
  /** its validator set, in CometBFT order */
  readonly validators: readonly ValidatorJson[];
  /** the latest block's set and the commit this node saw for it (absent before the first block) */
  readonly last?: { readonly validators: readonly ValidatorJson[]; readonly commit: CommitJson; readonly blockTimeNs: bigint };
  /** `timeout_commit`, in ms */
  readonly timeoutCommitMs: number;
}

/** BitArray.String() with no indent: `BA{3:x_x}`. */
function bitArrayText(bits: readonly boolean[]): string {
  return `BA{${bits.length}:${bits.map((b) => (b ? 'x' : '_')).join('')}}`;
}

/** VoteSet.BitArrayString(): the bits, the power that voted and the share, `BA{1:x} 100/100 = 1.00`. */
function voteSetBits(set: readonly ValidatorJson[], voted: readonly boolean[]): string {
  const total = totalVotingPower(set);
  const power = set.reduce((sum, v, i) => (voted[i] ? sum + votingPower(v) : sum), 0n);
  const share = total === 0n ? 0 : Number(power) / Number(total);
  return `${bitArrayText(voted)} ${power}/${total} = ${share.toFixed(2)}`;
}

/** Vote.String() of the precommit behind signature `index` of a commit. */
function precommitText(index: number, commit: CommitJson, sig: CommitJson['signatures'][number]): string {
  return voteText({
    type: SignedMsgType.PRECOMMIT,
    height: BigInt(commit.height),
    round: commit.round,
    validatorIndex: index,
    validatorAddress: Buffer.from(sig.validator_address, 'hex'),
    blockHash: Buffer.from(commit.block_id.hash, 'hex'),
    signature: Buffer.from(sig.signature ?? '', 'base64'),
    timeNs: parseTimeNs(sig.timestamp),
  });
}

/** HeightVoteSet's JSON at a new height: round 0 with no prevotes or precommits. */
function heightVoteSet(validators: readonly ValidatorJson[]): GoJsonValue {
  const none = validators.map(() => NIL_VOTE);
  const bits = voteSetBits(validators, validators.map(() => false));
  return [{ round: 0, prevotes: none, prevotes_bit_array: bits, precommits: none, precommits_bit_array: bits }];
}

/** The commit time: the latest precommit of the last commit (the block's time when none). */
function commitTimeNs(last: NonNullable<RoundStateInput['last']>): bigint {
  let latest = last.blockTimeNs;
  for (const s of last.commit.signatures) if (s.block_id_flag === BlockIdFlag.COMMIT) latest = parseTimeNs(s.timestamp) > latest ? parseTimeNs(s.timestamp) : latest;
  return latest;
}

/** The round's start: timeout_commit after the commit (Go's zero time before the first block). */
function startTime(input: RoundStateInput): string {
  return input.last ? timeText(commitTimeNs(input.last) + BigInt(input.timeoutCommitMs) * 1_000_000n) : ZERO_TIME;
}

function proposerInfo(input: RoundStateInput): { address: string; index: number } {
  const proposer = proposerOf(input.validators, input.height);
  return { address: proposer.address, index: input.validators.indexOf(proposer) };
}

/** `consensus_state`'s `round_state` (RoundStateSimple). */
export function roundStateSimple(input: RoundStateInput): GoJsonValue {
  return {
    'height/round/step': `${input.height}/0/${ROUND_STEP_NEW_HEIGHT}`,
    start_time: startTime(input),
    proposal_block_hash: '',
    locked_block_hash: '',
    valid_block_hash: '',
    height_vote_set: heightVoteSet(input.validators),
    proposer: proposerInfo(input),
  };
}

/** A ValidatorSet as cmtjson prints it: the validators and the proposer of the round. */
function validatorSetJson(validators: readonly ValidatorJson[], height: bigint): GoJsonValue {
  if (validators.length === 0) return { validators: [], proposer: null };
  return { validators: validators.map((v) => ({ ...v })), proposer: { ...proposerOf(validators, height) } };
}

/** `dump_consensus_state`'s `round_state` (the whole RoundState). */
export function roundState(input: RoundStateInput): GoJsonValue {
  const last = input.last;
  const lastCommit = last
    ? {
        votes: last.validators.map((_, i) => {
          const sig = last.commit.signatures[i];
          return sig && sig.block_id_flag === BlockIdFlag.COMMIT ? precommitText(i, last.commit, sig) : NIL_VOTE;
        }),
        votes_bit_array: voteSetBits(
          last.validators,
          last.validators.map((_, i) => last.commit.signatures[i]?.block_id_flag === BlockIdFlag.COMMIT),
        ),
        peer_maj_23s: {},
      }
    : null;
  return {
    height: input.height.toString(),
    round: 0,
    step: ROUND_STEP_NEW_HEIGHT,
    start_time: startTime(input),
    commit_time: last ? timeText(commitTimeNs(last)) : ZERO_TIME,
    validators: validatorSetJson(input.validators, input.height),
    proposal: null,
    proposal_block: null,
    proposal_block_parts: null,
    locked_round: -1,
    locked_block: null,
    locked_block_parts: null,
    valid_round: -1,
    valid_block: null,
    valid_block_parts: null,
    votes: heightVoteSet(input.validators),
    commit_round: -1,
    last_commit: lastCommit,
    last_validators: validatorSetJson(last?.validators ?? [], input.height - 1n),
    triggered_timeout_precommit: false,
  };
}
