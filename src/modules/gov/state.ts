/**
 * The gov slice (reference/sdk-modules.md §3.1). Gov holds few records, so they are plain records
 * (no Sharded tries):
 * - proposals by id (decimal text of the uint64 id);
 * - deposits and votes by proposal id, then by the lowercase hex of the depositor's / voter's 20
 *   account bytes (so sorting the keys gives the store's order: address bytes, §1.4);
 * - the two queues as proposal id → end time (inactive: deposit_end_time, active: voting_end_time);
 *   EndBlock walks them in (time, id) order, as the store's queue keys iterate.
 * Times are bigint nanoseconds since the Unix epoch; coin sets are `Coins` (sorted, bigint
 * amounts). v1's Dec-like fields (quorum, threshold, veto_threshold, min_initial_deposit_ratio,
 * vote weights) are plain strings stored verbatim (§1.2); tally counts are integer strings.
 * A proposal's messages are kept as their neutral proto type name and base64 proto bytes: a query
 * packs them as Any in its codec's words (`codec.typeUrl(type_name)`), execution decodes them.
 */
import { bytesToHex } from '@noble/hashes/utils.js';
import { addressFromBech32, Hrp } from '../../crypto/address.ts';
import type { Coins } from '../../math/coins.ts';
import { DEFAULT_GOV_PARAMS, type GovParams } from './params.ts';

export type ProposalStatus =
  | 'PROPOSAL_STATUS_UNSPECIFIED'
  | 'PROPOSAL_STATUS_DEPOSIT_PERIOD'
  | 'PROPOSAL_STATUS_VOTING_PERIOD'
  | 'PROPOSAL_STATUS_PASSED'
  | 'PROPOSAL_STATUS_REJECTED'
  | 'PROPOSAL_STATUS_FAILED';

export const PROPOSAL_STATUSES: readonly ProposalStatus[] = [
  'PROPOSAL_STATUS_UNSPECIFIED',
  'PROPOSAL_STATUS_DEPOSIT_PERIOD',
  'PROPOSAL_STATUS_VOTING_PERIOD',
  'PROPOSAL_STATUS_PASSED',
  'PROPOSAL_STATUS_REJECTED',
  'PROPOSAL_STATUS_FAILED',
];

export type VoteOption = 'VOTE_OPTION_UNSPECIFIED' | 'VOTE_OPTION_YES' | 'VOTE_OPTION_ABSTAIN' | 'VOTE_OPTION_NO' | 'VOTE_OPTION_NO_WITH_VETO';

export const VOTE_OPTIONS: readonly VoteOption[] = ['VOTE_OPTION_UNSPECIFIED', 'VOTE_OPTION_YES', 'VOTE_OPTION_ABSTAIN', 'VOTE_OPTION_NO', 'VOTE_OPTION_NO_WITH_VETO'];

/** One message of a proposal: neutral type name (`sdk.bank.v1beta1.MsgSend`) and base64 of its proto bytes. */
export interface ProposalMessageRecord {
  readonly type_name: string;
  readonly value: string;
}

/** TallyResult: integer strings (truncated voting power). */
export interface TallyRecord {
  readonly yes_count: string;
  readonly abstain_count: string;
  readonly no_count: string;
  readonly no_with_veto_count: string;
}

export const EMPTY_TALLY: TallyRecord = Object.freeze({ yes_count: '0', abstain_count: '0', no_count: '0', no_with_veto_count: '0' });

export interface ProposalRecord {
  readonly id: bigint;
  readonly messages: readonly ProposalMessageRecord[];
  readonly status: ProposalStatus;
  readonly final_tally_result: TallyRecord;
  /** ns */
  readonly submit_time: bigint;
  /** ns */
  readonly deposit_end_time: bigint;
  readonly total_deposit: Coins;
  /** ns; null while in deposit period */
  readonly voting_start_time: bigint | null;
  /** ns; null while in deposit period */
  readonly voting_end_time: bigint | null;
  readonly metadata: string;
  readonly title: string;
  readonly summary: string;
  readonly proposer: string;
}

export interface DepositRecord {
  readonly depositor: string;
  readonly amount: Coins;
}

/** WeightedVoteOption: the weight is the string as given (§1.2). */
export interface WeightedVoteOptionRecord {
  readonly option: VoteOption;
  readonly weight: string;
}

export interface VoteRecord {
  readonly voter: string;
  readonly options: readonly WeightedVoteOptionRecord[];
  readonly metadata: string;
}

export interface GovState {
  readonly params: GovParams;
  /** the id the next proposal gets (genesis `starting_proposal_id`) */
  readonly next_proposal_id: bigint;
  /** proposal id (decimal) → proposal */
  readonly proposals: Readonly<Record<string, ProposalRecord>>;
  /** proposal id (decimal) → depositor hex → deposit */
  readonly deposits: Readonly<Record<string, Readonly<Record<string, DepositRecord>>>>;
  /** proposal id (decimal) → voter hex → vote */
  readonly votes: Readonly<Record<string, Readonly<Record<string, VoteRecord>>>>;
  /** proposals in deposit period: id (decimal) → deposit_end_time (ns) */
  readonly inactive_queue: Readonly<Record<string, bigint>>;
  /** proposals in voting period: id (decimal) → voting_end_time (ns) */
  readonly active_queue: Readonly<Record<string, bigint>>;
}

export function emptyGovState(): GovState {
  return { params: DEFAULT_GOV_PARAMS, next_proposal_id: 1n, proposals: {}, deposits: {}, votes: {}, inactive_queue: {}, active_queue: {} };
}

export interface HasGov {
  readonly gov: GovState;
}

/** Key of a proposal's records: the decimal text of its id. */
export const proposalKey = (id: bigint): string => id.toString();

/** Key of a depositor / voter: lowercase hex of its account bytes; throws a plain Error for a bad `st1…` address. */
export function govAddressKey(address: string): string {
  return bytesToHex(addressFromBech32(address, Hrp.account));
}

export function getProposal(state: HasGov, id: bigint): ProposalRecord | undefined {
  return state.gov.proposals[proposalKey(id)];
}

/** Every proposal, ascending id (the store's order). */
export function proposalsInOrder(state: HasGov): ProposalRecord[] {
  return Object.values(state.gov.proposals).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** A proposal's deposits in depositor address-byte order. */
export function depositsOf(state: HasGov, id: bigint): DepositRecord[] {
  const byAddr = state.gov.deposits[proposalKey(id)] ?? {};
  return Object.keys(byAddr).sort().map((k) => byAddr[k]!);
}

export function getDeposit(state: HasGov, id: bigint, depositor: string): DepositRecord | undefined {
  return state.gov.deposits[proposalKey(id)]?.[govAddressKey(depositor)];
}

/** A proposal's votes in voter address-byte order. */
export function votesOf(state: HasGov, id: bigint): VoteRecord[] {
  const byAddr = state.gov.votes[proposalKey(id)] ?? {};
  return Object.keys(byAddr).sort().map((k) => byAddr[k]!);
}

export function getVote(state: HasGov, id: bigint, voter: string): VoteRecord | undefined {
  return state.gov.votes[proposalKey(id)]?.[govAddressKey(voter)];
}
