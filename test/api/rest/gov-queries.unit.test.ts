/**
 * The gov v1 and v1beta1 query handlers (reference/sdk-modules.md §3.1, §3.2, §1.4) on a gov slice
 * built here, each answer printed as the REST gateway prints it (proto binary round trip, then
 * `protoReply`): exact JSON, the v1beta1 conversions and their quirks, the handlers' errors
 * (gRPC code and text), the filtered pagination of /proposals.
 */
import { describe, expect, it } from 'vitest';
import { protoReply } from '../../../src/api/rest/grpc-gateway.ts';
import { createCodec } from '../../../src/codec/registry.ts';
import { GrpcCode, QueryError } from '../../../src/errors.ts';
import { govQueries } from '../../../src/modules/gov/queries.ts';
import { DEFAULT_GOV_PARAMS } from '../../../src/modules/gov/params.ts';
import { addressFromBech32 } from '../../../src/crypto/address.ts';
import type { GovState, ProposalRecord, VoteRecord, DepositRecord } from '../../../src/modules/gov/state.ts';
import { EMPTY_TALLY } from '../../../src/modules/gov/state.ts';
import type { AppState } from '../../../src/state/app-state.ts';
import { parseTimeNs } from '../../../src/state/block-info.ts';
import { testKey } from '../../helpers/fixture.ts';
import { DEFAULT_GOV_PARAMS_JSON } from '../../helpers/gov-params.ts';

const codec = createCodec();
const [a, b, c] = [testKey(0), testKey(1), testKey(2)];
const hex = (addr: string) => Buffer.from(addressFromBech32(addr)).toString('hex');
const GOV = 'st10d07y265gmmuvt4z0w9aw880jnsr700jx08hhw';
const STOS = 10n ** 18n;
const t = (s: string) => parseTimeNs(s);

const text = (title: string, description: string) => ({
  type_name: 'sdk.gov.v1.MsgExecLegacyContent',
  value: Buffer.from(codec.encode('sdk.gov.v1.MsgExecLegacyContent', { content: codec.packAny('sdk.gov.v1beta1.TextProposal', { title, description }), authority: GOV })).toString('base64'),
});
const send = (amount: bigint) => ({
  type_name: 'sdk.bank.v1beta1.MsgSend',
  value: Buffer.from(codec.encode('sdk.bank.v1beta1.MsgSend', { from_address: GOV, to_address: a.address, amount: [{ denom: 'wei', amount: amount.toString() }] })).toString('base64'),
});

function proposal(id: bigint, over: Partial<ProposalRecord>): ProposalRecord {
  return {
    id,
    messages: [text(`T${id}`, `D${id}`)],
    status: 'PROPOSAL_STATUS_VOTING_PERIOD',
    final_tally_result: EMPTY_TALLY,
    submit_time: t('2024-05-01T10:00:00.123456789Z'),
    deposit_end_time: t('2024-05-15T10:00:00.123456789Z'),
    total_deposit: [{ denom: 'wei', amount: 100n * STOS }],
    voting_start_time: t('2024-05-01T10:00:00.123456789Z'),
    voting_end_time: t('2024-05-08T10:00:00.123456789Z'),
    metadata: '',
    title: `T${id}`,
    summary: `D${id}`,
    proposer: a.address,
    ...over,
  };
}

const deposit = (depositor: string, amount: bigint): DepositRecord => ({ depositor, amount: [{ denom: 'wei', amount }] });
const vote = (voter: string, options: VoteRecord['options']): VoteRecord => ({ voter, options, metadata: '' });

const proposals: ProposalRecord[] = [
  proposal(1n, { status: 'PROPOSAL_STATUS_DEPOSIT_PERIOD', voting_start_time: null, voting_end_time: null, total_deposit: [{ denom: 'wei', amount: 5n * STOS }] }),
  proposal(2n, {}),
  proposal(3n, { messages: [send(7n)], status: 'PROPOSAL_STATUS_PASSED', final_tally_result: { yes_count: '300', abstain_count: '0', no_count: '10', no_with_veto_count: '0' }, title: 'send', summary: 'pay' }),
  proposal(4n, { messages: [send(1n), send(2n)], status: 'PROPOSAL_STATUS_REJECTED', final_tally_result: { yes_count: '1', abstain_count: '2', no_count: '3', no_with_veto_count: '4' } }),
];

const gov: GovState = {
  params: DEFAULT_GOV_PARAMS,
  next_proposal_id: 5n,
  proposals: Object.fromEntries(proposals.map((p) => [p.id.toString(), p])),
  deposits: {
    '1': { [hex(a.address)]: deposit(a.address, 5n * STOS) },
    '2': { [hex(a.address)]: deposit(a.address, 60n * STOS), [hex(b.address)]: deposit(b.address, 40n * STOS) },
  },
  votes: {
    '2': {
      [hex(a.address)]: vote(a.address, [{ option: 'VOTE_OPTION_YES', weight: '1.000000000000000000' }]),
      [hex(b.address)]: vote(b.address, [
        { option: 'VOTE_OPTION_YES', weight: '0.6' },
        { option: 'VOTE_OPTION_NO', weight: '0.4' },
      ]),
    },
  },
  inactive_queue: { '1': t('2024-05-15T10:00:00.123456789Z') },
  active_queue: { '2': t('2024-05-08T10:00:00.123456789Z') },
};
const state = { gov } as unknown as AppState;
// the store's order by address bytes decides the order of votes and deposits
const [first, second] = hex(a.address) < hex(b.address) ? [a, b] : [b, a];

/** The gateway's JSON of method `m` (`v1/Proposal`, `v1beta1/Votes`, …) for request `req`. */
function query(m: string, req: Record<string, unknown> = {}): any {
  const [ver, name] = m.split('/') as [string, string];
  const spec = govQueries.find((s) => s.method === `sdk.gov.${ver}.Query/${name}`)!;
  const request = codec.decode(spec.requestType, codec.encode(spec.requestType, codec.create(spec.requestType, req as never)));
  const res = spec.run(state, request, { height: 10n, codec });
  const reply = protoReply(codec, spec.responseType, codec.decode(spec.responseType, codec.encode(spec.responseType, res)), 10n);
  return JSON.parse(String(reply.body));
}

function failure(m: string, req: Record<string, unknown> = {}): { code: number; message: string } {
  try {
    query(m, req);
  } catch (e) {
    if (e instanceof QueryError) return { code: e.grpcCode, message: e.message };
    throw e;
  }
  throw new Error(`${m} did not fail`);
}

const textContent = (id: number) => ({ '@type': '/sdk.gov.v1beta1.TextProposal', title: `T${id}`, description: `D${id}` });
const wei = (n: bigint) => [{ denom: 'wei', amount: n.toString() }];

describe('v1 answers', () => {
  it('proposal in deposit period: messages as Any, voting times null, tally zeros', () => {
    expect(query('v1/Proposal', { proposal_id: 1n })).toEqual({
      proposal: {
        id: '1',
        messages: [{ '@type': '/sdk.gov.v1.MsgExecLegacyContent', content: textContent(1), authority: GOV }],
        status: 'PROPOSAL_STATUS_DEPOSIT_PERIOD',
        final_tally_result: { yes_count: '0', abstain_count: '0', no_count: '0', no_with_veto_count: '0' },
        submit_time: '2024-05-01T10:00:00.123456789Z',
        deposit_end_time: '2024-05-15T10:00:00.123456789Z',
        total_deposit: wei(5n * STOS),
        voting_start_time: null,
        voting_end_time: null,
        metadata: '',
        title: 'T1',
        summary: 'D1',
        proposer: a.address,
      },
    });
  });

  it('proposal with any messages: a MsgSend is shown expanded', () => {
    const p = query('v1/Proposal', { proposal_id: 3n }).proposal;
    expect(p.messages).toEqual([{ '@type': '/sdk.bank.v1beta1.MsgSend', from_address: GOV, to_address: a.address, amount: wei(7n) }]);
    expect([p.status, p.final_tally_result, p.voting_start_time]).toEqual([
      'PROPOSAL_STATUS_PASSED',
      { yes_count: '300', abstain_count: '0', no_count: '10', no_with_veto_count: '0' },
      '2024-05-01T10:00:00.123456789Z',
    ]);
  });

  it('votes keep weights verbatim (§1.2), in voter address-byte order', () => {
    const votes = query('v1/Votes', { proposal_id: 2n });
    expect(votes.pagination).toEqual({ next_key: null, total: '2' });
    expect(votes.votes.map((v: any) => v.voter)).toEqual([first.address, second.address]);
    expect(query('v1/Vote', { proposal_id: 2n, voter: b.address })).toEqual({
      vote: {
        proposal_id: '2',
        voter: b.address,
        options: [
          { option: 'VOTE_OPTION_YES', weight: '0.6' },
          { option: 'VOTE_OPTION_NO', weight: '0.4' },
        ],
        metadata: '',
      },
    });
  });

  it('votes page by address: next_key is len‖address of the next voter', () => {
    const p1 = query('v1/Votes', { proposal_id: 2n, pagination: { limit: 1n } });
    const key = Buffer.concat([Buffer.from([20]), Buffer.from(hex(second.address), 'hex')]).toString('base64');
    expect(p1.pagination).toEqual({ next_key: key, total: '0' });
    const p2 = query('v1/Votes', { proposal_id: 2n, pagination: { key: Buffer.from(key, 'base64') } });
    expect(p2.votes.map((v: any) => v.voter)).toEqual([second.address]);
  });

  it('an unknown proposal has no votes and no deposits (no 404)', () => {
    expect(query('v1/Votes', { proposal_id: 99n })).toEqual({ votes: [], pagination: { next_key: null, total: '0' } });
    expect(query('v1/Deposits', { proposal_id: 99n })).toEqual({ deposits: [], pagination: { next_key: null, total: '0' } });
  });

  it('deposit and deposits', () => {
    expect(query('v1/Deposit', { proposal_id: 2n, depositor: b.address })).toEqual({ deposit: { proposal_id: '2', depositor: b.address, amount: wei(40n * STOS) } });
    expect(query('v1/Deposits', { proposal_id: 2n }).deposits.map((d: any) => d.depositor)).toEqual([first.address, second.address]);
  });

  it('tally: zeros in deposit period, the stored result once passed or rejected', () => {
    expect(query('v1/TallyResult', { proposal_id: 1n })).toEqual({ tally: { yes_count: '0', abstain_count: '0', no_count: '0', no_with_veto_count: '0' } });
    expect(query('v1/TallyResult', { proposal_id: 4n })).toEqual({ tally: { yes_count: '1', abstain_count: '2', no_count: '3', no_with_veto_count: '4' } });
  });

  it('params by type: the asked legacy object and params, the other two null', () => {
    const params = DEFAULT_GOV_PARAMS_JSON;
    expect(query('v1/Params', { params_type: 'deposit' })).toEqual({ voting_params: null, deposit_params: { min_deposit: wei(100n * STOS), max_deposit_period: '1209600s' }, tally_params: null, params });
    expect(query('v1/Params', { params_type: 'voting' })).toEqual({ voting_params: { voting_period: '604800s' }, deposit_params: null, tally_params: null, params });
    expect(query('v1/Params', { params_type: 'tallying' })).toEqual({
      voting_params: null,
      deposit_params: null,
      tally_params: { quorum: '0.334000000000000000', threshold: '0.500000000000000000', veto_threshold: '0.334000000000000000' },
      params,
    });
  });
});

describe('v1 proposals: filters and filtered pagination', () => {
  const ids = (r: any) => r.proposals.map((p: any) => p.id);
  it('all, ascending id, total counted', () => {
    const r = query('v1/Proposals');
    expect([ids(r), r.pagination]).toEqual([['1', '2', '3', '4'], { next_key: null, total: '4' }]);
  });
  it('by status number; 0 means no filter', () => {
    expect(ids(query('v1/Proposals', { proposal_status: 2 }))).toEqual(['2']);
    expect(ids(query('v1/Proposals', { proposal_status: 0 }))).toEqual(['1', '2', '3', '4']);
  });
  it('by voter and depositor', () => {
    expect(ids(query('v1/Proposals', { voter: b.address }))).toEqual(['2']);
    expect(ids(query('v1/Proposals', { depositor: a.address }))).toEqual(['1', '2']);
    expect(ids(query('v1/Proposals', { depositor: c.address }))).toEqual([]);
  });
  it('offset mode counts matches only; next_key is the next match', () => {
    const r = query('v1/Proposals', { proposal_status: 0, depositor: a.address, pagination: { limit: 1n, count_total: true } });
    expect([ids(r), r.pagination]).toEqual([['1'], { next_key: Buffer.from([0, 0, 0, 0, 0, 0, 0, 2]).toString('base64'), total: '2' }]);
  });
  it('key mode: next_key is the next record in store order, matching or not', () => {
    const r = query('v1/Proposals', { depositor: a.address, pagination: { key: Buffer.from([0, 0, 0, 0, 0, 0, 0, 1]), limit: 2n } });
    expect([ids(r), r.pagination]).toEqual([['1', '2'], { next_key: Buffer.from([0, 0, 0, 0, 0, 0, 0, 3]).toString('base64'), total: '0' }]);
  });
  it('reverse', () => {
    expect(ids(query('v1/Proposals', { pagination: { reverse: true } }))).toEqual(['4', '3', '2', '1']);
  });
});

describe('v1beta1 conversions', () => {
  it('a TextProposal shows as content; deposit-period voting times are Go zero time', () => {
    expect(query('v1beta1/Proposal', { proposal_id: 1n })).toEqual({
      proposal: {
        proposal_id: '1',
        content: textContent(1),
        status: 'PROPOSAL_STATUS_DEPOSIT_PERIOD',
        final_tally_result: { yes: '0', abstain: '0', no: '0', no_with_veto: '0' },
        submit_time: '2024-05-01T10:00:00.123456789Z',
        deposit_end_time: '2024-05-15T10:00:00.123456789Z',
        total_deposit: wei(5n * STOS),
        voting_start_time: '0001-01-01T00:00:00Z',
        voting_end_time: '0001-01-01T00:00:00Z',
      },
    });
  });

  it('a lone other message shows as the content itself', () => {
    expect(query('v1beta1/Proposal', { proposal_id: 3n }).proposal.content).toEqual({ '@type': '/sdk.bank.v1beta1.MsgSend', from_address: GOV, to_address: a.address, amount: wei(7n) });
  });

  it('[QUIRK] two messages cannot be converted: sdk code 29, and the whole list fails', () => {
    const err = { code: GrpcCode.Unknown, message: "codespace sdk code 29: invalid type: can't convert a gov/v1 Proposal to gov/v1beta1 Proposal when amount of proposal messages not exactly one" };
    expect(failure('v1beta1/Proposal', { proposal_id: 4n })).toEqual(err);
    expect(failure('v1beta1/Proposals')).toEqual(err);
    expect(query('v1beta1/Proposals', { proposal_status: 2 }).proposals.map((p: any) => p.proposal_id)).toEqual(['2']);
  });

  it('[QUIRK] votes: option UNSPECIFIED, weights as 18-decimal Decs', () => {
    expect(query('v1beta1/Vote', { proposal_id: 2n, voter: b.address })).toEqual({
      vote: {
        proposal_id: '2',
        voter: b.address,
        option: 'VOTE_OPTION_UNSPECIFIED',
        options: [
          { option: 'VOTE_OPTION_YES', weight: '0.600000000000000000' },
          { option: 'VOTE_OPTION_NO', weight: '0.400000000000000000' },
        ],
      },
    });
    expect(query('v1beta1/Votes', { proposal_id: 2n }).votes).toHaveLength(2);
  });

  it('deposits and tally', () => {
    expect(query('v1beta1/Deposit', { proposal_id: 2n, depositor: a.address })).toEqual({ deposit: { proposal_id: '2', depositor: a.address, amount: wei(60n * STOS) } });
    expect(query('v1beta1/TallyResult', { proposal_id: 3n })).toEqual({ tally: { yes: '300', abstain: '0', no: '10', no_with_veto: '0' } });
  });

  it('params: all three objects, those not asked for zero-filled', () => {
    expect(query('v1beta1/Params', { params_type: 'voting' })).toEqual({
      voting_params: { voting_period: '604800s' },
      deposit_params: { min_deposit: [], max_deposit_period: '0s' },
      tally_params: { quorum: '0.000000000000000000', threshold: '0.000000000000000000', veto_threshold: '0.000000000000000000' },
    });
    expect(query('v1beta1/Params', { params_type: 'tallying' }).tally_params).toEqual({ quorum: '0.334000000000000000', threshold: '0.500000000000000000', veto_threshold: '0.334000000000000000' });
    expect(query('v1beta1/Params', { params_type: 'deposit' }).deposit_params).toEqual({ min_deposit: wei(100n * STOS), max_deposit_period: '1209600s' });
  });
});

describe('errors (§3.2)', () => {
  for (const ver of ['v1', 'v1beta1']) {
    it(`${ver}: proposal id 0, unknown proposal, unknown vote / deposit, bad params type`, () => {
      const zero = { code: GrpcCode.InvalidArgument, message: 'proposal id can not be 0' };
      for (const m of ['Proposal', 'Votes', 'Deposits', 'TallyResult']) expect(failure(`${ver}/${m}`, { proposal_id: 0n })).toEqual(zero);
      expect(failure(`${ver}/Vote`, { proposal_id: 0n, voter: a.address })).toEqual(zero);
      expect(failure(`${ver}/Proposal`, { proposal_id: 9n })).toEqual({ code: GrpcCode.NotFound, message: "proposal 9 doesn't exist" });
      expect(failure(`${ver}/TallyResult`, { proposal_id: 9n })).toEqual({ code: GrpcCode.NotFound, message: "proposal 9 doesn't exist" });
      expect(failure(`${ver}/Vote`, { proposal_id: 2n, voter: c.address })).toEqual({ code: GrpcCode.InvalidArgument, message: `voter: ${c.address} not found for proposal: 2` });
      expect(failure(`${ver}/Vote`, { proposal_id: 2n, voter: '' })).toEqual({ code: GrpcCode.InvalidArgument, message: 'empty voter address' });
      expect(failure(`${ver}/Deposit`, { proposal_id: 2n, depositor: c.address })).toEqual({ code: GrpcCode.InvalidArgument, message: `depositer: ${c.address} not found for proposal: 2` });
      expect(failure(`${ver}/Deposit`, { proposal_id: 2n, depositor: '' })).toEqual({ code: GrpcCode.InvalidArgument, message: 'empty depositor address' });
      expect(failure(`${ver}/Params`, { params_type: 'foo' })).toEqual({ code: GrpcCode.InvalidArgument, message: 'foo is not a valid parameter type' });
    });

    it(`${ver}: bad bech32 — Unknown for vote/deposit, Internal in the proposals filter`, () => {
      const bad = `${a.address.slice(0, -1)}${a.address.endsWith('q') ? 'p' : 'q'}`;
      const vote = failure(`${ver}/Vote`, { proposal_id: 2n, voter: bad });
      expect(vote.code).toBe(GrpcCode.Unknown);
      expect(vote.message).toMatch(/^decoding bech32 failed: invalid checksum/);
      expect(failure(`${ver}/Proposals`, { voter: bad })).toEqual({ code: GrpcCode.Internal, message: vote.message });
      // parsed for every proposal, even one the status filter already rejects and one with no votes
      expect(failure(`${ver}/Proposals`, { proposal_status: 5, voter: bad })).toEqual({ code: GrpcCode.Internal, message: vote.message });
      expect(failure(`${ver}/Proposals`, { depositor: 'cosmos1xyz' }).code).toBe(GrpcCode.Internal);
    });

    it(`${ver}: key and offset together`, () => {
      const both = { code: GrpcCode.Internal, message: 'invalid request, either offset or key is expected, got both' };
      expect(failure(`${ver}/Proposals`, { pagination: { key: Buffer.from([1]), offset: 1n } })).toEqual(both);
      expect(failure(`${ver}/Votes`, { proposal_id: 2n, pagination: { key: Buffer.from([1]), offset: 1n } })).toEqual(both);
    });
  }
});
