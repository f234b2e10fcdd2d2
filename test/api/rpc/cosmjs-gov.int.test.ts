/**
 * CosmJS 0.39 `setupGovExtension` against a running node (the gov scenario of
 * test/api/rest/gov-node.ts over its consensus RPC): every method, exact values. The extension asks
 * the v1beta1 service (`/cosmos.gov.v1beta1.Query/…`), so it sees the legacy views: the content Any
 * (TextProposal, or the lone message), Go zero voting times in deposit period, vote `option`
 * UNSPECIFIED with 18-decimal weights (as protobuf carries a Dec: the scaled integer text), tally
 * params as the Dec's wire text in bytes, and the conversion error of the two-message proposal.
 */
import { QueryClient, setupGovExtension } from '@cosmjs/stargate';
import { Tendermint37Client } from '@cosmjs/tendermint-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCodec } from '../../../src/codec/registry.ts';
import { dev, GOV_ADDRESS, k0, k1, k2, k4, runGovScenario, startGovNode, STOS } from '../rest/gov-node.ts';
import type { StakingNode } from '../rest/staking-family-node.ts';

let n: StakingNode;
let tm: Tendermint37Client;
let q: ReturnType<typeof makeClient>;
const makeClient = (c: Tendermint37Client) => QueryClient.withExtensions(c, setupGovExtension);
const codec = createCodec();

const GENESIS_S = 1_704_067_200n;
const QUARTER = 250_000_000;
/** block n's time as a Timestamp */
const at = (block: bigint) => ({ seconds: GENESIS_S + block, nanos: QUARTER });
const GO_ZERO = { seconds: -62_135_596_800n, nanos: 0 };
const wei = (n: bigint) => [{ denom: 'wei', amount: n.toString() }];
const tally = (yes: bigint, abstain: bigint, no: bigint, veto: bigint) => ({ yes: yes.toString(), abstain: abstain.toString(), no: no.toString(), noWithVeto: veto.toString() });
const textAny = (title: string, description: string) => ({ typeUrl: '/sdk.gov.v1beta1.TextProposal', value: codec.encode('sdk.gov.v1beta1.TextProposal', { title, description }) });
const emptyPage = (total: bigint) => ({ nextKey: new Uint8Array(), total });

beforeAll(async () => {
  n = await startGovNode();
  await runGovScenario(n);
  tm = await Tendermint37Client.connect(n.rpcUrl);
  q = makeClient(tm);
}, 60_000);
afterAll(async () => {
  tm?.disconnect();
  await n?.close();
});

const passed = () => ({
  proposalId: 1n,
  content: textAny('Passes', 'A text proposal that passes'),
  status: 3,
  finalTallyResult: tally(410n * STOS, 0n, 0n, 0n),
  submitTime: at(3n),
  depositEndTime: { seconds: GENESIS_S + 15n, nanos: QUARTER },
  totalDeposit: wei(10n * STOS),
  votingStartTime: at(3n),
  votingEndTime: { seconds: GENESIS_S + 11n, nanos: QUARTER },
});

describe('setupGovExtension', () => {
  it('proposal: passed (TextProposal content), failed (the lone MsgSend as content), deposit period (Go zero voting times)', async () => {
    expect(await q.gov.proposal(1)).toEqual({ proposal: passed() });
    const failed = (await q.gov.proposal(3)).proposal;
    expect(failed.status).toBe(5);
    expect(failed.content).toEqual({
      typeUrl: '/sdk.bank.v1beta1.MsgSend',
      value: codec.encode('sdk.bank.v1beta1.MsgSend', { from_address: GOV_ADDRESS, to_address: k4.address, amount: wei(1000n * STOS) }),
    });
    const waiting = (await q.gov.proposal(4)).proposal;
    expect([waiting.status, waiting.totalDeposit, waiting.votingStartTime, waiting.votingEndTime]).toEqual([1, wei(5n * STOS), GO_ZERO, GO_ZERO]);
  });

  it('proposal: the two-message proposal cannot be converted', async () => {
    await expect(q.gov.proposal(6)).rejects.toThrow(/can't convert a gov\/v1 Proposal to gov\/v1beta1 Proposal when amount of proposal messages not exactly one/);
  });

  it('proposals: by status, by depositor, by voter', async () => {
    expect(await q.gov.proposals(3, '', '')).toEqual({ proposals: [passed()], pagination: emptyPage(1n) });
    expect((await q.gov.proposals(4, '', '')).proposals.map((p) => p.proposalId)).toEqual([2n]);
    expect((await q.gov.proposals(1, dev.address, '')).proposals.map((p) => p.proposalId)).toEqual([4n]);
    expect((await q.gov.proposals(0, '', k2.address)).proposals.map((p) => p.proposalId)).toEqual([5n]);
    await expect(q.gov.proposals(0, '', '')).rejects.toThrow(/not exactly one/);
  });

  it('votes and vote: option UNSPECIFIED, weights as 18-decimal Decs', async () => {
    const weighted = {
      proposalId: 5n,
      voter: dev.address,
      option: 0,
      options: [
        { option: 1, weight: (6n * 10n ** 17n).toString() },
        { option: 3, weight: (4n * 10n ** 17n).toString() },
      ],
    };
    expect(await q.gov.vote(5, dev.address)).toEqual({ vote: weighted });
    const votes = await q.gov.votes(5);
    expect(votes.pagination).toEqual(emptyPage(3n));
    expect(votes.votes.map((v) => v.voter).sort()).toEqual([dev.address, k2.address, k4.address].sort());
    expect(votes.votes.find((v) => v.voter === k2.address)).toEqual({ proposalId: 5n, voter: k2.address, option: 0, options: [{ option: 2, weight: STOS.toString() }] });
    await expect(q.gov.vote(5, k0.address)).rejects.toThrow(`voter: ${k0.address} not found for proposal: 5`);
  });

  it('deposits and deposit', async () => {
    expect(await q.gov.deposit(5, dev.address)).toEqual({ deposit: { proposalId: 5n, depositor: dev.address, amount: wei(6n * STOS) } });
    const deposits = await q.gov.deposits(5);
    expect(deposits.pagination).toEqual(emptyPage(2n));
    expect(deposits.deposits.map((d) => [d.depositor, d.amount[0]!.amount]).sort()).toEqual(
      [
        [dev.address, (6n * STOS).toString()],
        [k1.address, (4n * STOS).toString()],
      ].sort(),
    );
    expect(await q.gov.deposits(1)).toEqual({ deposits: [], pagination: emptyPage(0n) });
    await expect(q.gov.deposit(5, k0.address)).rejects.toThrow(`depositer: ${k0.address} not found for proposal: 5`);
  });

  it('tally: final, live, zeros in deposit period', async () => {
    expect(await q.gov.tally(1)).toEqual({ tally: tally(410n * STOS, 0n, 0n, 0n) });
    expect(await q.gov.tally(2)).toEqual({ tally: tally(0n, 0n, 0n, 310n * STOS) });
    expect(await q.gov.tally(5)).toEqual({ tally: tally(6n * STOS, 100n * STOS, 4n * STOS, 0n) });
    expect(await q.gov.tally(4)).toEqual({ tally: tally(0n, 0n, 0n, 0n) });
    await expect(q.gov.tally(99)).rejects.toThrow("proposal 99 doesn't exist");
  });

  it('params: the asked object filled, the others zero (a zero Dec is its wire text "0")', async () => {
    const decBytes = (d: string) => new TextEncoder().encode(d);
    const zeroTally = { quorum: decBytes('0'), threshold: decBytes('0'), vetoThreshold: decBytes('0') };
    expect(await q.gov.params('voting')).toEqual({
      votingParams: { votingPeriod: { seconds: 8n, nanos: 0 } },
      depositParams: { minDeposit: [], maxDepositPeriod: { seconds: 0n, nanos: 0 } },
      tallyParams: zeroTally,
    });
    expect((await q.gov.params('deposit')).depositParams).toEqual({ minDeposit: wei(10n * STOS), maxDepositPeriod: { seconds: 12n, nanos: 0 } });
    expect((await q.gov.params('tallying')).tallyParams).toEqual({
      quorum: decBytes('334000000000000000'),
      threshold: decBytes('500000000000000000'),
      vetoThreshold: decBytes('334000000000000000'),
    });
  });
});
