/**
 * Gov genesis in the SDK's v1 JSON shape (`app_state.gov`, v0.47): starting_proposal_id,
 * deposits, votes, proposals (proto-JSON, messages as Any with `@type`), the deprecated
 * deposit_params / voting_params / tally_params (exported as null, as v0.47 does) and params.
 * InitGenesis puts proposals in deposit or voting period on their queue and, as the SDK panics,
 * refuses a gov account balance that differs from the sum of the deposits.
 */
import { castDraft, type Draft } from 'immer';
import { createCodec, type Any } from '../../codec/registry.ts';
import { parseProtoJson, protoJsonValue } from '../../codec/proto-json.ts';
import { coinsAdd, coinsEqual, coinsFromProto, coinsToProto, formatCoins, type Coins, type ProtoCoin } from '../../math/coins.ts';
import { NEUTRAL } from '../../naming.ts';
import type { AppState } from '../../state/app-state.ts';
import type { Ctx } from '../../state/module.ts';
import { moduleAccountAddress } from '../auth/account.ts';
import { ensureModuleAccount } from '../auth/state.ts';
import { balancesOf } from '../bank/state.ts';
import { DEFAULT_GOV_PARAMS, govParamsFromJson, govParamsToJson, validateGovParams, type JsonGovParams } from './params.ts';
import { proposalToProto } from './proposal-proto.ts';
import { messageRecord, typeNameOfUrl } from './router.ts';
import {
  depositsOf,
  emptyGovState,
  govAddressKey,
  proposalKey,
  proposalsInOrder,
  PROPOSAL_STATUSES,
  VOTE_OPTIONS,
  votesOf,
  type DepositRecord,
  type GovState,
  type ProposalRecord,
  type VoteRecord,
} from './state.ts';

export interface GovGenesis {
  readonly starting_proposal_id: string;
  readonly deposits: readonly unknown[];
  readonly votes: readonly unknown[];
  readonly proposals: readonly unknown[];
  readonly deposit_params: unknown;
  readonly voting_params: unknown;
  readonly tally_params: unknown;
  readonly params: JsonGovParams | null;
}

export function defaultGovGenesis(): GovGenesis {
  return {
    starting_proposal_id: '1',
    deposits: [],
    votes: [],
    proposals: [],
    deposit_params: null,
    voting_params: null,
    tally_params: null,
    params: govParamsToJson(DEFAULT_GOV_PARAMS),
  };
}

function startingId(g: GovGenesis): bigint {
  const t = String(g.starting_proposal_id ?? '1');
  if (!/^[0-9]+$/.test(t)) throw new Error(`gov genesis: starting_proposal_id must be an unsigned integer string, got ${JSON.stringify(g.starting_proposal_id)}`);
  return BigInt(t);
}

const NS_PER_S = 1_000_000_000n;
type ProtoTime = { seconds: bigint; nanos: number } | null;
const timeNs = (t: ProtoTime): bigint | null => (t ? BigInt(t.seconds) * NS_PER_S + BigInt(t.nanos ?? 0) : null);

function coinsAt(list: readonly ProtoCoin[] | undefined, where: string): Coins {
  try {
    return coinsFromProto(list ?? []);
  } catch (e) {
    throw new Error(`gov genesis: ${where}: ${(e as Error).message}`);
  }
}

function parseAt<T>(typeName: string, json: unknown, where: string): T {
  try {
    return parseProtoJson(typeName, json) as unknown as T;
  } catch (e) {
    throw new Error(`gov genesis: ${where}: ${(e as Error).message}`);
  }
}

interface ParsedProposal {
  id: bigint;
  messages: Any[];
  status: number;
  final_tally_result: { yes_count: string; abstain_count: string; no_count: string; no_with_veto_count: string } | null;
  submit_time: ProtoTime;
  deposit_end_time: ProtoTime;
  total_deposit: ProtoCoin[];
  voting_start_time: ProtoTime;
  voting_end_time: ProtoTime;
  metadata: string;
  title: string;
  summary: string;
  proposer: string;
}

function proposalFrom(json: unknown, i: number): ProposalRecord {
  const p = parseAt<ParsedProposal>('sdk.gov.v1.Proposal', json, `proposals[${i}]`);
  const status = PROPOSAL_STATUSES[Number(p.status)];
  if (!status) throw new Error(`gov genesis: proposals[${i}].status: unknown status ${p.status}`);
  return {
    id: BigInt(p.id),
    messages: p.messages.map((m, j) => {
      const name = typeNameOfUrl(m.type_url);
      if (name === null) throw new Error(`gov genesis: proposals[${i}].messages[${j}]: unable to resolve type URL ${m.type_url}`);
      return messageRecord(name, m.value);
    }),
    status,
    final_tally_result: p.final_tally_result ?? { yes_count: '0', abstain_count: '0', no_count: '0', no_with_veto_count: '0' },
    submit_time: timeNs(p.submit_time) ?? 0n,
    deposit_end_time: timeNs(p.deposit_end_time) ?? 0n,
    total_deposit: coinsAt(p.total_deposit, `proposals[${i}].total_deposit`),
    voting_start_time: timeNs(p.voting_start_time),
    voting_end_time: timeNs(p.voting_end_time),
    metadata: p.metadata,
    title: p.title,
    summary: p.summary,
    proposer: p.proposer,
  };
}

function depositFrom(json: unknown, i: number): { id: bigint; record: DepositRecord } {
  const d = parseAt<{ proposal_id: bigint; depositor: string; amount: ProtoCoin[] }>('sdk.gov.v1.Deposit', json, `deposits[${i}]`);
  return { id: BigInt(d.proposal_id), record: { depositor: d.depositor, amount: coinsAt(d.amount, `deposits[${i}].amount`) } };
}

function voteFrom(json: unknown, i: number): { id: bigint; record: VoteRecord } {
  const v = parseAt<{ proposal_id: bigint; voter: string; options: { option: number; weight: string }[]; metadata: string }>('sdk.gov.v1.Vote', json, `votes[${i}]`);
  return {
    id: BigInt(v.proposal_id),
    record: { voter: v.voter, options: v.options.map((o) => ({ option: VOTE_OPTIONS[Number(o.option)] ?? 'VOTE_OPTION_UNSPECIFIED', weight: o.weight })), metadata: v.metadata },
  };
}

function addressKeyAt(address: string, where: string): string {
  try {
    return govAddressKey(address);
  } catch (e) {
    throw new Error(`gov genesis: ${where}: ${(e as Error).message}`);
  }
}

/** The gov slice a genesis document describes, and the sum of its deposits. */
function stateOf(g: GovGenesis): { state: GovState; totalDeposits: Coins } {
  const proposals: Record<string, ProposalRecord> = {};
  const inactive: Record<string, bigint> = {};
  const active: Record<string, bigint> = {};
  (g.proposals ?? []).forEach((json, i) => {
    const p = proposalFrom(json, i);
    const key = proposalKey(p.id);
    if (p.status === 'PROPOSAL_STATUS_DEPOSIT_PERIOD') inactive[key] = p.deposit_end_time;
    if (p.status === 'PROPOSAL_STATUS_VOTING_PERIOD') active[key] = p.voting_end_time ?? 0n;
    proposals[key] = p;
  });
  const deposits: Record<string, Record<string, DepositRecord>> = {};
  let totalDeposits: Coins = [];
  (g.deposits ?? []).forEach((json, i) => {
    const { id, record } = depositFrom(json, i);
    (deposits[proposalKey(id)] ??= {})[addressKeyAt(record.depositor, `deposits[${i}].depositor`)] = record;
    totalDeposits = coinsAdd(totalDeposits, record.amount);
  });
  const votes: Record<string, Record<string, VoteRecord>> = {};
  (g.votes ?? []).forEach((json, i) => {
    const { id, record } = voteFrom(json, i);
    (votes[proposalKey(id)] ??= {})[addressKeyAt(record.voter, `votes[${i}].voter`)] = record;
  });
  const state: GovState = {
    ...emptyGovState(),
    params: govParamsFromJson(g.params ?? undefined),
    next_proposal_id: startingId(g),
    proposals,
    deposits,
    votes,
    inactive_queue: inactive,
    active_queue: active,
  };
  return { state, totalDeposits };
}

export function validateGovGenesis(g: GovGenesis): void {
  startingId(g);
  const { state } = stateOf(g);
  try {
    validateGovParams(state.params);
  } catch (e) {
    throw new Error(`gov genesis: params: ${(e as Error).message}`);
  }
}

export function initGovGenesis(draft: Draft<AppState>, g: GovGenesis, ctx: Ctx): void {
  const { state, totalDeposits } = stateOf(g);
  draft.gov = castDraft(state);
  // the SDK's InitGenesis fetches (so creates) the gov module account
  ensureModuleAccount(draft, 'gov', ctx);
  const balance = balancesOf(draft as AppState, moduleAccountAddress('gov'));
  if (!coinsEqual(balance, totalDeposits)) throw new Error(`expected module account was ${formatCoins(balance)} but we got ${formatCoins(totalDeposits)}`);
}

export function exportGovGenesis(state: AppState): GovGenesis {
  const codec = createCodec(NEUTRAL);
  const proposals = proposalsInOrder(state);
  return {
    starting_proposal_id: state.gov.next_proposal_id.toString(),
    deposits: proposals.flatMap((p) => depositsOf(state, p.id).map((d) => protoJsonValue('sdk.gov.v1.Deposit', { proposal_id: p.id, depositor: d.depositor, amount: coinsToProto(d.amount) }))),
    votes: proposals.flatMap((p) =>
      votesOf(state, p.id).map((v) =>
        protoJsonValue('sdk.gov.v1.Vote', { proposal_id: p.id, voter: v.voter, options: v.options.map((o) => ({ option: VOTE_OPTIONS.indexOf(o.option), weight: o.weight })), metadata: v.metadata }),
      ),
    ),
    proposals: proposals.map((p) => protoJsonValue('sdk.gov.v1.Proposal', proposalToProto(codec, p))),
    deposit_params: null,
    voting_params: null,
    tally_params: null,
    params: govParamsToJson(state.gov.params),
  };
}
