/**
 * `chaind query gov …` (SDK v0.47 x/gov client/cli/query.go; reference/sdk-modules.md §3.6, §1.5):
 * proposal, proposals (`--status`, `--voter`, `--depositor`, pagination; an empty answer is the
 * error `no proposals found`), vote, votes, deposit, deposits, tally, params, param, proposer.
 * Arguments are checked in the SDK's order with its texts; vote, votes, deposit, deposits and
 * tally first fetch the proposal (`failed to fetch proposal-id N: <err>`). `votes` of a finished
 * proposal is rebuilt from the tx index and printed as amino JSON (as `param` and `proposer`), its
 * `deposits` too; `deposit` of a finished proposal comes from the tx index as well.
 */
import { Command } from 'commander';
import { aminoStruct } from '../../../codec/amino-json.ts';
import { responseJsonValue } from '../../../codec/go-encoding-json.ts';
import type { GoJsonValue } from '../../../codec/go-json.ts';
import type { ProtoObject } from '../../../codec/registry.ts';
import type { CliContext } from '../../context.ts';
import { accAddressArg } from '../../tx/staking/args.ts';
import { GOV_V1, parseUint64, PROPOSAL_STATUSES, proposalIdArg, proposalStatusArg, VOTE_OPTIONS } from '../../tx/gov/args.ts';
import { QueryContext, readPageRequest } from '../context.ts';
import { printSdkJson } from '../sdk-output.ts';
import { queryCommand as query, runSdkQuery, sdkQuery } from '../staking/run.ts';
import { type FoundMsg, GOV_SEARCH_LIMIT, searchPageMessages } from './tx-search.ts';

const PROPOSAL_ID: [string, string] = ['proposal-id', 'the id of the proposal'];
const pick = (typeName: string, field: string) => ({ typeName: `${GOV_V1}.${typeName}`, of: (r: ProtoObject) => r[field] });

/** The enum name of a decoded enum value (number or name). */
function enumName(table: Readonly<Record<string, number>>, v: unknown): string {
  if (typeof v === 'string') return v;
  return Object.keys(table).find((k) => table[k] === v) ?? String(v);
}

/** The proposal, as the commands that check it first fetch it: `failed to fetch proposal-id N: <err>`. */
async function fetchProposal(qc: QueryContext, id: bigint): Promise<ProtoObject> {
  try {
    const res = await sdkQuery(qc, { pkg: GOV_V1, method: 'Proposal', request: { proposal_id: id } });
    return res.proposal as ProtoObject;
  } catch (err) {
    throw new Error(`failed to fetch proposal-id ${id}: ${(err as Error).message}`);
  }
}

function isActive(proposal: ProtoObject): boolean {
  const status = enumName(PROPOSAL_STATUSES, proposal.status);
  return status === 'PROPOSAL_STATUS_VOTING_PERIOD' || status === 'PROPOSAL_STATUS_DEPOSIT_PERIOD';
}

/** `PrintObjectLegacy`: the amino JSON of a value, as JSON or YAML. */
function printAmino(qc: QueryContext, value: GoJsonValue): void {
  printSdkJson(qc.cli.out, value, qc.output);
}

/** v1 `Vote` of a vote message found in the tx index (`QueryVotesByTxQuery`). */
function voteOfMsg(m: FoundMsg, proposalId: bigint): ProtoObject | undefined {
  const one = (option: unknown) => [{ option: enumName(VOTE_OPTIONS, option), weight: '1.000000000000000000' }];
  switch (m.typeName) {
    case 'sdk.gov.v1beta1.MsgVote':
    case 'sdk.gov.v1.MsgVote':
      return { proposal_id: proposalId, voter: m.value.voter, options: one(m.value.option), metadata: '' };
    case 'sdk.gov.v1beta1.MsgVoteWeighted':
    case 'sdk.gov.v1.MsgVoteWeighted': {
      const options = (m.value.options as { option: unknown; weight: string }[]).map((o) => ({ option: enumName(VOTE_OPTIONS, o.option), weight: o.weight }));
      return { proposal_id: proposalId, voter: m.value.voter, options, metadata: '' };
    }
    default:
      return undefined;
  }
}

/** SDK `client.Paginate`. */
function paginate(count: number, page: number, limit: number, defLimit: number): [number, number] {
  if (page <= 0) return [-1, -1];
  const l = limit === 0 ? defLimit : limit;
  const start = (page - 1) * l;
  const end = Math.min(l + start, count);
  if (start >= count) return [-1, -1];
  return [start, end];
}

/** `QueryVotesByTxQuery`: the vote messages of the txs with `proposal_vote.proposal_id='N'`, then one page of them. */
async function votesByTxQuery(qc: QueryContext, proposalId: bigint, page: number, limit: number): Promise<GoJsonValue> {
  const votes: ProtoObject[] = [];
  const total = limit * page;
  for (let txPage = 1; votes.length < total; txPage++) {
    const { msgs, txs } = await searchPageMessages(qc.client, `proposal_vote.proposal_id='${proposalId}'`, txPage, qc.codec);
    for (const m of msgs) {
      const vote = voteOfMsg(m, proposalId);
      if (vote) votes.push(vote);
    }
    if (txs !== GOV_SEARCH_LIMIT) break;
  }
  const [start, end] = paginate(votes.length, page, limit, 100);
  const shown = start < 0 ? [] : votes.slice(start, end);
  return shown.map((v) => aminoStruct(qc.codec, qc.codec.lookupType(`${GOV_V1}.Vote`), v));
}

/** `QueryProposerByTxQuery`: the proposer of the submit message of the txs with `submit_proposal.proposal_id='N'`. */
async function proposerByTxQuery(qc: QueryContext, proposalId: bigint): Promise<GoJsonValue> {
  const { msgs } = await searchPageMessages(qc.client, `submit_proposal.proposal_id='${proposalId}'`, 1, qc.codec);
  for (const m of msgs) {
    if (m.typeName === 'sdk.gov.v1beta1.MsgSubmitProposal' || m.typeName === 'sdk.gov.v1.MsgSubmitProposal') {
      return { proposal_id: proposalId.toString(), proposer: m.value.proposer as string };
    }
  }
  throw new Error(`failed to find the proposer for proposalID ${proposalId}`);
}

/** v1 `Deposit` of the initial deposit in the proposal's submit tx (`queryInitialDepositByTxQuery`). */
async function initialDepositByTxQuery(qc: QueryContext, proposalId: bigint): Promise<ProtoObject> {
  const { msgs } = await searchPageMessages(qc.client, `submit_proposal.proposal_id='${proposalId}'`, 1, qc.codec);
  for (const m of msgs) {
    if (m.typeName === 'sdk.gov.v1beta1.MsgSubmitProposal' || m.typeName === 'sdk.gov.v1.MsgSubmitProposal') {
      return { proposal_id: proposalId, depositor: m.value.proposer, amount: m.value.initial_deposit };
    }
  }
  throw new Error(`failed to find the initial deposit for proposalID ${proposalId}: not found`);
}

const isDepositMsg = (m: FoundMsg) => m.typeName === 'sdk.gov.v1beta1.MsgDeposit' || m.typeName === 'sdk.gov.v1.MsgDeposit';
const hasCoins = (d: ProtoObject) => ((d.amount as unknown[] | undefined) ?? []).length > 0;

/** `QueryDepositsByTxQuery`: the initial deposit (when not empty), then the MsgDeposits of the txs with `proposal_deposit.proposal_id='N'`. */
async function depositsByTxQuery(qc: QueryContext, proposalId: bigint): Promise<GoJsonValue> {
  const deposits: ProtoObject[] = [];
  const initial = await initialDepositByTxQuery(qc, proposalId);
  if (hasCoins(initial)) deposits.push(initial);
  const { msgs } = await searchPageMessages(qc.client, `proposal_deposit.proposal_id='${proposalId}'`, 1, qc.codec);
  for (const m of msgs.filter(isDepositMsg)) deposits.push({ proposal_id: proposalId, depositor: m.value.depositor, amount: m.value.amount });
  // LegacyAmino.MarshalJSON of a nil slice
  if (deposits.length === 0) return null;
  return deposits.map((d) => aminoStruct(qc.codec, qc.codec.lookupType(`${GOV_V1}.Deposit`), d));
}

/**
 * `QueryDepositByTxQuery`: the initial deposit when it is not empty (whoever the depositor asked
 * for, as the SDK), else the first MsgDeposit of that depositor.
 */
async function depositByTxQuery(qc: QueryContext, proposalId: bigint, depositor: string): Promise<ProtoObject> {
  const initial = await initialDepositByTxQuery(qc, proposalId);
  if (hasCoins(initial)) return initial;
  const { msgs } = await searchPageMessages(qc.client, `proposal_deposit.proposal_id='${proposalId}' AND message.sender='${depositor}'`, 1, qc.codec);
  const m = msgs.find(isDepositMsg);
  if (m) return { proposal_id: proposalId, depositor: m.value.depositor, amount: m.value.amount };
  throw new Error(`address '${depositor}' did not deposit to proposalID ${proposalId}`);
}

const QUERY_EXAMPLES: readonly [string, string][] = [
  ['proposal', 'proposal 1'],
  ['proposals', 'proposals --depositor st1... --voter st1... --status voting_period'],
  ['vote', 'vote 1 st1...'],
  ['votes', 'votes 1 --page=2 --limit=100'],
  ['param', 'param voting'],
  ['params', 'params'],
  ['proposer', 'proposer 1'],
  ['deposit', 'deposit 1 st1...'],
  ['deposits', 'deposits 1'],
  ['tally', 'tally 1'],
];

export function govQueryCommand(ctx: CliContext): Command {
  const run = (self: Command, method: string, request: ProtoObject, picked?: ReturnType<typeof pick>) => runSdkQuery(ctx, self, { pkg: GOV_V1, method, request, pick: picked });
  const cmd = new Command('gov').description('Querying commands for the governance module');
  const made = new Map<string, Command>();
  const add = (c: Command) => void made.set(c.name(), c);
  add(
    query('proposal', 'Query details of a single proposal', [PROPOSAL_ID], ([id], self) => {
      const proposalId = proposalIdArg(id, 'uint');
      return run(self, 'Proposal', { proposal_id: proposalId }, pick('Proposal', 'proposal'));
    }),
  );
  const proposals = query(
    'proposals',
    'Query proposals with optional filters',
    [],
    async (_a, self) => {
      const o = self.opts<{ depositor: string; voter: string; status: string }>();
      if (o.depositor !== '') accAddressArg(o.depositor);
      if (o.voter !== '') accAddressArg(o.voter);
      const status = o.status !== '' ? PROPOSAL_STATUSES[proposalStatusArg(o.status)] : 0;
      const qc = new QueryContext(ctx, self);
      const res = await sdkQuery(qc, { pkg: GOV_V1, method: 'Proposals', request: { proposal_status: status, voter: o.voter, depositor: o.depositor, pagination: readPageRequest(self) } });
      if (((res.proposals as unknown[] | undefined) ?? []).length === 0) throw new Error('no proposals found');
      printSdkJson(ctx.out, responseJsonValue(qc.codec, `${GOV_V1}.QueryProposalsResponse`, res), qc.output);
    },
    'proposals',
  );
  proposals
    .option('--depositor <address>', '(optional) filter by proposals deposited on by depositor', '')
    .option('--voter <address>', '(optional) filter by proposals voted on by voted', '')
    .option('--status <status>', '(optional) filter proposals by proposal status, status: deposit_period/voting_period/passed/rejected', '');
  add(proposals);
  add(
    query('vote', 'Query details of a single vote', [PROPOSAL_ID, ['voter-addr', 'st1… address of the voter']], async ([id, voter], self) => {
      const proposalId = proposalIdArg(id, 'int');
      await fetchProposal(new QueryContext(ctx, self), proposalId);
      accAddressArg(voter);
      await run(self, 'Vote', { proposal_id: proposalId, voter }, pick('Vote', 'vote'));
    }),
  );
  add(
    query(
      'votes',
      'Query votes on a proposal',
      [PROPOSAL_ID],
      async ([id], self) => {
        const proposalId = proposalIdArg(id, 'int');
        const qc = new QueryContext(ctx, self);
        const proposal = await fetchProposal(qc, proposalId);
        if (!isActive(proposal)) {
          const o = self.opts<{ page: bigint; limit: bigint }>();
          printAmino(qc, await votesByTxQuery(qc, proposalId, Number(o.page), Number(o.limit)));
          return;
        }
        await run(self, 'Votes', { proposal_id: proposalId, pagination: readPageRequest(self) });
      },
      'votes',
    ),
  );
  add(
    query('deposit', 'Query details of a deposit', [PROPOSAL_ID, ['depositer-addr', 'st1… address of the depositor']], async ([id, depositor], self) => {
      const proposalId = proposalIdArg(id, 'uint');
      const qc = new QueryContext(ctx, self);
      const proposal = await fetchProposal(qc, proposalId);
      accAddressArg(depositor);
      if (!isActive(proposal)) {
        printSdkJson(ctx.out, responseJsonValue(qc.codec, `${GOV_V1}.Deposit`, await depositByTxQuery(qc, proposalId, depositor)), qc.output);
        return;
      }
      await run(self, 'Deposit', { proposal_id: proposalId, depositor }, pick('Deposit', 'deposit'));
    }),
  );
  add(
    query(
      'deposits',
      'Query deposits on a proposal',
      [PROPOSAL_ID],
      async ([id], self) => {
        const proposalId = proposalIdArg(id, 'uint');
        const qc = new QueryContext(ctx, self);
        const proposal = await fetchProposal(qc, proposalId);
        if (!isActive(proposal)) {
          printAmino(qc, await depositsByTxQuery(qc, proposalId));
          return;
        }
        await run(self, 'Deposits', { proposal_id: proposalId, pagination: readPageRequest(self) });
      },
      'deposits',
    ),
  );
  add(
    query('tally', 'Get the tally of a proposal vote', [PROPOSAL_ID], async ([id], self) => {
      const proposalId = proposalIdArg(id, 'int');
      await fetchProposal(new QueryContext(ctx, self), proposalId);
      await run(self, 'TallyResult', { proposal_id: proposalId }, pick('TallyResult', 'tally'));
    }),
  );
  add(
    query('params', 'Query the parameters of the governance process', [], async (_a, self) => {
      const qc = new QueryContext(ctx, self);
      const res = await sdkQuery(qc, { pkg: GOV_V1, method: 'Params', request: { params_type: 'deposit' } });
      // the SDK fills the two other legacy objects from `params`
      const p = (res.params ?? {}) as ProtoObject;
      const filled = { ...res, voting_params: { voting_period: p.voting_period }, tally_params: { quorum: p.quorum, threshold: p.threshold, veto_threshold: p.veto_threshold } };
      printSdkJson(ctx.out, responseJsonValue(qc.codec, `${GOV_V1}.QueryParamsResponse`, filled), qc.output);
    }),
  );
  add(
    query('param', 'Query the parameters (voting|tallying|deposit) of the governance process', [['param-type', 'voting, tallying or deposit']], async ([type], self) => {
      const qc = new QueryContext(ctx, self);
      const res = await sdkQuery(qc, { pkg: GOV_V1, method: 'Params', request: { params_type: type } });
      const objects: Record<string, [string, string]> = { voting: ['voting_params', 'VotingParams'], tallying: ['tally_params', 'TallyParams'], deposit: ['deposit_params', 'DepositParams'] };
      const chosen = Object.hasOwn(objects, type) ? objects[type] : undefined;
      if (!chosen) throw new Error(`argument must be one of (voting|tallying|deposit), was ${type}`);
      const [field, typeName] = chosen;
      printAmino(qc, aminoStruct(qc.codec, qc.codec.lookupType(`${GOV_V1}.${typeName}`), (res[field] ?? {}) as ProtoObject));
    }),
  );
  add(
    query('proposer', 'Query the proposer of a governance proposal', [PROPOSAL_ID], async ([id], self) => {
      const proposalId = parseUint64(id);
      if (proposalId === undefined) throw new Error(`proposal-id ${id} is not a valid uint`);
      const qc = new QueryContext(ctx, self);
      printAmino(qc, await proposerByTxQuery(qc, proposalId));
    }),
  );
  // the SDK's order (x/gov client/cli GetQueryCmd), each with its example
  for (const [name, example] of QUERY_EXAMPLES) cmd.addCommand(made.get(name)!.addHelpText('after', `\nExample:\n$ chaind query gov ${example}`));
  return cmd;
}

