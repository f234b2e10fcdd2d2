/**
 * Query services `sdk.gov.v1.Query` and `sdk.gov.v1beta1.Query` (reference/sdk-modules.md §3.1,
 * §3.2; pagination §1.4), as the SDK v0.47 keeper's gRPC handlers answer:
 * - v1 serves the stored records: Dec-like strings verbatim (§1.2), the messages as Any, the
 *   voting times null while in deposit period;
 * - v1beta1 (the legacy query server) calls the v1 handler and converts each answer
 *   (`ConvertToLegacyProposal` / `…Vote` / `…Deposit` / `…TallyResult`): the content is the inner
 *   legacy Content of a lone MsgExecLegacyContent, else the lone message itself; a proposal with
 *   0 or ≥2 messages cannot be shown (sdk code 29, which breaks a whole list); vote weights become
 *   18-decimal Decs and `option` stays UNSPECIFIED; coin lists pass through `NewCoins`;
 * - errors are the handlers' gRPC statuses: registered SDK errors as Unknown
 *   `codespace <cs> code <n>: …`, plain Go errors (bech32) as Unknown with the Go text, the
 *   paginators' and the proposals filter's errors wrapped as Internal.
 * The tally of a proposal in voting period is computed live (tally.ts `tallyProposal`, votes left in place);
 * [QUIRK] as in the SDK handler, only DEPOSIT_PERIOD (zeros), PASSED and REJECTED (stored result)
 * are special: a FAILED proposal's tally is recomputed live, and its votes are gone (all zeros).
 */
import { bytesToHex } from '@noble/hashes/utils.js';
import { GrpcCode, QueryError, SdkErrors } from '../../errors.ts';
import type { Codec } from '../../codec/registry.ts';
import { Hrp, sdkAddressFromBech32 } from '../../crypto/address.ts';
import { coinsToProto, type Coins } from '../../math/coins.ts';
import { Dec } from '../../math/dec.ts';
import type { AppState } from '../../state/app-state.ts';
import { timeNsToTimestamp } from '../../state/block-info.ts';
import { filteredPaginate } from '../../state/filtered-pagination.ts';
import type { QuerySpec } from '../../state/module.ts';
import { paginateInternal, type PageRequest } from '../../state/pagination.ts';
import { durationToProto, govParamsToProto, type GovParams } from './params.ts';
import { proposalToProto } from './proposal-proto.ts';
import { messageAny } from './router.ts';
import { tallyProposal } from './tally.ts';
import {
  EMPTY_TALLY,
  getProposal,
  PROPOSAL_STATUSES,
  proposalKey,
  proposalsInOrder,
  VOTE_OPTIONS,
  type DepositRecord,
  type ProposalRecord,
  type TallyRecord,
  type VoteRecord,
} from './state.ts';

const V1 = 'sdk.gov.v1';
const V1B1 = 'sdk.gov.v1beta1';
const EXEC_LEGACY_CONTENT = `${V1}.MsgExecLegacyContent`;
/** Go's zero `time.Time` as a Timestamp: the non-nullable v1beta1 voting times of a deposit-period proposal */
const GO_ZERO_TIMESTAMP = { seconds: -62_135_596_800n, nanos: 0 };
const ZERO_DEC = Dec.ZERO.toString();

type Paged = { pagination?: PageRequest | null };
type Any = { type_url: string; value: Uint8Array };

// ---------------------------------------------------------------- errors and arguments

function proposalIdOf(req: { proposal_id?: bigint | number | string }): bigint {
  const id = BigInt(req.proposal_id ?? 0n);
  if (id === 0n) throw QueryError.invalidArgument('proposal id can not be 0');
  return id;
}

/** `sdk.AccAddressFromBech32`: hex of the account bytes; a plain Go error (`code` Unknown unless wrapped). */
function accountKey(text: string, code: number = GrpcCode.Unknown): string {
  try {
    return bytesToHex(sdkAddressFromBech32(text, Hrp.account));
  } catch (e) {
    throw new QueryError(code, (e as Error).message);
  }
}

/** `len‖addr` of an account given as hex: the store key of a vote or deposit under its proposal. */
const lenPrefixed = (hex: string): Uint8Array => Buffer.concat([Buffer.from([hex.length / 2]), Buffer.from(hex, 'hex')]);

/** 8-byte big-endian id: the store key of a proposal. */
function idKey(id: bigint): Uint8Array {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(id);
  return b;
}

const page = paginateInternal;

// ---------------------------------------------------------------- v1 objects

const statusNumber = (p: ProposalRecord): number => PROPOSAL_STATUSES.indexOf(p.status);
const optionNumber = (o: string): number => VOTE_OPTIONS.indexOf(o as (typeof VOTE_OPTIONS)[number]);

const voteV1 = (proposalId: bigint, v: VoteRecord) => ({
  proposal_id: proposalId,
  voter: v.voter,
  options: v.options.map((o) => ({ option: optionNumber(o.option), weight: o.weight })),
  metadata: v.metadata,
});

const depositV1 = (proposalId: bigint, d: DepositRecord) => ({ proposal_id: proposalId, depositor: d.depositor, amount: coinsToProto(d.amount) });

/** The tally the TallyResult handler reports (see the header). */
function tallyOf(state: AppState, p: ProposalRecord): TallyRecord {
  switch (p.status) {
    case 'PROPOSAL_STATUS_DEPOSIT_PERIOD':
      return EMPTY_TALLY;
    case 'PROPOSAL_STATUS_PASSED':
    case 'PROPOSAL_STATUS_REJECTED':
      return p.final_tally_result;
    default:
      return tallyProposal(state, p).tally;
  }
}

function requireProposal(state: AppState, id: bigint): ProposalRecord {
  const p = getProposal(state, id);
  if (!p) throw QueryError.notFound(`proposal ${id} doesn't exist`);
  return p;
}

/** v1 `Proposals`: the status / voter / depositor filter over ids ascending, filtered pagination. */
function proposalsPage(state: AppState, req: { proposal_status?: number | string; voter?: string; depositor?: string } & Paged) {
  const status = typeof req.proposal_status === 'string' ? PROPOSAL_STATUSES.indexOf(req.proposal_status as never) : (req.proposal_status ?? 0);
  const voter = req.voter ?? '';
  const depositor = req.depositor ?? '';
  try {
    return filteredPaginate(
      proposalsInOrder(state),
      (p) => idKey(p.id),
      (p) => {
        // as the SDK's filter: the status, then the voter and the depositor (each parsed for every proposal reached)
        const matchStatus = !(status >= 1 && status <= 5) || statusNumber(p) === status;
        const voterKey = voter === '' ? undefined : accountKey(voter);
        const depositorKey = depositor === '' ? undefined : accountKey(depositor);
        const matchVoter = voterKey === undefined || (state.gov.votes[proposalKey(p.id)] ?? {})[voterKey] !== undefined;
        const matchDepositor = depositorKey === undefined || (state.gov.deposits[proposalKey(p.id)] ?? {})[depositorKey] !== undefined;
        if (!(matchStatus && matchVoter && matchDepositor)) return undefined;
        return p;
      },
      req.pagination,
    );
  } catch (e) {
    if (e instanceof QueryError) throw new QueryError(GrpcCode.Internal, e.message);
    throw e;
  }
}

function paramsV1(params: GovParams, type: string) {
  const p = govParamsToProto(params);
  const out = { voting_params: null as unknown, deposit_params: null as unknown, tally_params: null as unknown, params: p };
  switch (type) {
    case 'deposit':
      out.deposit_params = { min_deposit: p.min_deposit, max_deposit_period: p.max_deposit_period };
      break;
    case 'voting':
      out.voting_params = { voting_period: p.voting_period };
      break;
    case 'tallying':
      out.tally_params = { quorum: p.quorum, threshold: p.threshold, veto_threshold: p.veto_threshold };
      break;
    default:
      throw QueryError.invalidArgument(`${type} is not a valid parameter type`);
  }
  return out;
}

// ---------------------------------------------------------------- v1beta1 conversions

/** `sdk.NewCoins`: zero coins dropped, sorted by denom. */
const newCoinsProto = (cs: Coins) => coinsToProto([...cs].filter((c) => c.amount !== 0n).sort((a, b) => (a.denom < b.denom ? -1 : a.denom > b.denom ? 1 : 0)));

/** `sdk.NewDecFromStr`: a plain Go error on bad text (Unknown). */
function legacyDec(text: string): string {
  try {
    return Dec.fromString(text).toString();
  } catch (e) {
    throw new QueryError(GrpcCode.Unknown, (e as Error).message);
  }
}

function legacyInt(text: string, what: string): string {
  if (!/^[-+]?\d+$/.test(text)) throw new QueryError(GrpcCode.Unknown, `unable to convert ${what} tally string (${text}) to int`);
  return BigInt(text).toString();
}

const legacyTally = (t: TallyRecord) => ({
  yes: legacyInt(t.yes_count, 'yes'),
  abstain: legacyInt(t.abstain_count, 'abstain'),
  no: legacyInt(t.no_count, 'no'),
  no_with_veto: legacyInt(t.no_with_veto_count, 'no with veto'),
});

/** `v3.ConvertToLegacyProposal` (§3.1). */
export function proposalV1beta1(codec: Codec, p: ProposalRecord) {
  const tally = legacyTally(p.final_tally_result);
  if (p.messages.length !== 1) {
    throw QueryError.sdk(SdkErrors.InvalidType, "can't convert a gov/v1 Proposal to gov/v1beta1 Proposal when amount of proposal messages not exactly one");
  }
  const msg = p.messages[0]!;
  const content =
    msg.type_name === EXEC_LEGACY_CONTENT ? ((codec.decode(EXEC_LEGACY_CONTENT, Buffer.from(msg.value, 'base64')) as { content: Any }).content as Any) : messageAny(codec, msg);
  return {
    proposal_id: p.id,
    content,
    status: statusNumber(p),
    final_tally_result: tally,
    submit_time: timeNsToTimestamp(p.submit_time),
    deposit_end_time: timeNsToTimestamp(p.deposit_end_time),
    total_deposit: newCoinsProto(p.total_deposit),
    voting_start_time: p.voting_start_time === null ? GO_ZERO_TIMESTAMP : timeNsToTimestamp(p.voting_start_time),
    voting_end_time: p.voting_end_time === null ? GO_ZERO_TIMESTAMP : timeNsToTimestamp(p.voting_end_time),
  };
}

/** `v3.ConvertToLegacyVote`: `option` left UNSPECIFIED ([QUIRK] §3.1), weights as 18-decimal Decs. */
const voteV1beta1 = (proposalId: bigint, v: VoteRecord) => ({
  proposal_id: proposalId,
  voter: v.voter,
  option: 0,
  options: v.options.map((o) => ({ option: optionNumber(o.option), weight: legacyDec(o.weight) })),
});

const depositV1beta1 = (proposalId: bigint, d: DepositRecord) => ({ proposal_id: proposalId, depositor: d.depositor, amount: newCoinsProto(d.amount) });

/** The legacy Params handler: every object present, the ones not asked for zero-filled. */
function paramsV1beta1(params: GovParams, type: string) {
  const v1 = paramsV1(params, type);
  const zero = durationToProto(0n);
  const t = v1.tally_params as { quorum: string; threshold: string; veto_threshold: string } | null;
  const d = v1.deposit_params as { min_deposit: unknown[]; max_deposit_period: unknown } | null;
  const v = v1.voting_params as { voting_period: unknown } | null;
  return {
    voting_params: v ?? { voting_period: zero },
    deposit_params: d ?? { min_deposit: [], max_deposit_period: zero },
    tally_params: t ? { quorum: legacyDec(t.quorum), threshold: legacyDec(t.threshold), veto_threshold: legacyDec(t.veto_threshold) } : { quorum: ZERO_DEC, threshold: ZERO_DEC, veto_threshold: ZERO_DEC },
  };
}

// ---------------------------------------------------------------- the services

const spec = <Req, Res>(service: string, name: string, run: QuerySpec<Req, Res>['run']): QuerySpec<Req, Res> => ({
  method: `${service}.Query/${name}`,
  requestType: `${service}.Query${name}Request`,
  responseType: `${service}.Query${name}Response`,
  run,
});

type IdReq = { proposal_id?: bigint };
type VoteReq = IdReq & { voter?: string };
type DepositReq = IdReq & { depositor?: string };
type ProposalsReq = { proposal_status?: number; voter?: string; depositor?: string } & Paged;

/** v1 handlers: the record asked for, or the handler's error. */
function voteRecord(state: AppState, req: VoteReq): [bigint, VoteRecord] {
  const id = proposalIdOf(req);
  const voter = req.voter ?? '';
  if (voter === '') throw QueryError.invalidArgument('empty voter address');
  const key = accountKey(voter);
  const v = state.gov.votes[proposalKey(id)]?.[key];
  if (!v) throw QueryError.invalidArgument(`voter: ${voter} not found for proposal: ${id}`);
  return [id, v];
}

function depositRecord(state: AppState, req: DepositReq): [bigint, DepositRecord] {
  const id = proposalIdOf(req);
  const depositor = req.depositor ?? '';
  if (depositor === '') throw QueryError.invalidArgument('empty depositor address');
  const key = accountKey(depositor);
  const d = state.gov.deposits[proposalKey(id)]?.[key];
  if (!d) throw QueryError.invalidArgument(`depositer: ${depositor} not found for proposal: ${id}`);
  return [id, d];
}

function votesPage(state: AppState, req: IdReq & Paged) {
  const id = proposalIdOf(req);
  const keyed = Object.entries(state.gov.votes[proposalKey(id)] ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const { page: items, pagination } = page(keyed, ([hex]) => lenPrefixed(hex), req.pagination);
  return { id, votes: items.map(([, v]) => v), pagination };
}

function depositsPage(state: AppState, req: IdReq & Paged) {
  const id = proposalIdOf(req);
  const keyed = Object.entries(state.gov.deposits[proposalKey(id)] ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const { page: items, pagination } = page(keyed, ([hex]) => lenPrefixed(hex), req.pagination);
  return { id, deposits: items.map(([, d]) => d), pagination };
}

export const govV1Queries: QuerySpec[] = [
  spec(V1, 'Proposal', (state, req: IdReq, { codec }) => ({ proposal: proposalToProto(codec, requireProposal(state, proposalIdOf(req))) })),
  spec(V1, 'Proposals', (state, req: ProposalsReq, { codec }) => {
    const { page: ps, pagination } = proposalsPage(state, req);
    return { proposals: ps.map((p) => proposalToProto(codec, p)), pagination };
  }),
  spec(V1, 'Vote', (state, req: VoteReq) => {
    const [id, v] = voteRecord(state, req);
    return { vote: voteV1(id, v) };
  }),
  spec(V1, 'Votes', (state, req: IdReq & Paged) => {
    const { id, votes, pagination } = votesPage(state, req);
    return { votes: votes.map((v) => voteV1(id, v)), pagination };
  }),
  spec(V1, 'Params', (state, req: { params_type?: string }) => paramsV1(state.gov.params, req.params_type ?? '')),
  spec(V1, 'Deposit', (state, req: DepositReq) => {
    const [id, d] = depositRecord(state, req);
    return { deposit: depositV1(id, d) };
  }),
  spec(V1, 'Deposits', (state, req: IdReq & Paged) => {
    const { id, deposits, pagination } = depositsPage(state, req);
    return { deposits: deposits.map((d) => depositV1(id, d)), pagination };
  }),
  spec(V1, 'TallyResult', (state, req: IdReq) => ({ tally: { ...tallyOf(state, requireProposal(state, proposalIdOf(req))) } })),
];

export const govV1beta1Queries: QuerySpec[] = [
  spec(V1B1, 'Proposal', (state, req: IdReq, { codec }) => ({ proposal: proposalV1beta1(codec, requireProposal(state, proposalIdOf(req))) })),
  spec(V1B1, 'Proposals', (state, req: ProposalsReq, { codec }) => {
    const { page: ps, pagination } = proposalsPage(state, req);
    return { proposals: ps.map((p) => proposalV1beta1(codec, p)), pagination };
  }),
  spec(V1B1, 'Vote', (state, req: VoteReq) => {
    const [id, v] = voteRecord(state, req);
    return { vote: voteV1beta1(id, v) };
  }),
  spec(V1B1, 'Votes', (state, req: IdReq & Paged) => {
    const { id, votes, pagination } = votesPage(state, req);
    return { votes: votes.map((v) => voteV1beta1(id, v)), pagination };
  }),
  spec(V1B1, 'Params', (state, req: { params_type?: string }) => paramsV1beta1(state.gov.params, req.params_type ?? '')),
  spec(V1B1, 'Deposit', (state, req: DepositReq) => {
    const [id, d] = depositRecord(state, req);
    return { deposit: depositV1beta1(id, d) };
  }),
  spec(V1B1, 'Deposits', (state, req: IdReq & Paged) => {
    const { id, deposits, pagination } = depositsPage(state, req);
    return { deposits: deposits.map((d) => depositV1beta1(id, d)), pagination };
  }),
  spec(V1B1, 'TallyResult', (state, req: IdReq) => ({ tally: legacyTally(tallyOf(state, requireProposal(state, proposalIdOf(req)))) })),
];

export const govQueries: QuerySpec[] = [...govV1Queries, ...govV1beta1Queries];
