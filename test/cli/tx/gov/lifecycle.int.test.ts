/**
 * The gov CLI against a running node (reference/sdk-modules.md §3.6, §1.5): alice (the only
 * validator, by gentx) and bob submit, deposit and vote with `tx gov …`; every `query gov …`
 * prints what the SDK CLI prints, in text (YAML) and JSON, including the commands that rebuild a
 * finished proposal's votes and deposits from the tx index, and the node's errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { defaultGovGenesis } from '../../../../src/modules/gov/genesis.ts';
import { moduleAccountAddress } from '../../../../src/modules/auth/account.ts';
import { ALICE, BOB, deliver, nextBlock, queryOk, startStakingNode, type StakingNode } from '../staking/staking-node.ts';

const STOS = 10n ** 18n;
const GOV = moduleAccountAddress('gov');

let n: StakingNode;
beforeAll(async () => {
  const gov = defaultGovGenesis();
  const params = { ...gov.params!, min_deposit: [{ denom: 'wei', amount: (10n * STOS).toString() }], max_deposit_period: '10s', voting_period: '5s' };
  n = await startStakingNode('gov-cli', { gov: { ...gov, params } }, { aliceValidator: true });
}, 30_000);
afterAll(async () => {
  await n?.close();
});

const json = async (args: string[]) => JSON.parse(await queryOk(n, ['gov', ...args, '-o', 'json']));

/** exit 1 with `Error: <text>` and nothing on stdout */
async function fails(args: string[], text: string): Promise<void> {
  expect(await n.chaind(args), args.join(' ')).toEqual({ code: 1, stdout: '', stderr: `Error: ${text}\n` });
}

describe('query gov: params and the node errors', () => {
  it('params prints the whole response with the three legacy objects filled from params', async () => {
    expect(await queryOk(n, ['gov', 'params'])).toBe(
      [
        'deposit_params:',
        '  max_deposit_period: 10s',
        '  min_deposit:',
        '  - amount: "10000000000000000000"',
        '    denom: wei',
        'params:',
        '  burn_proposal_deposit_prevote: false',
        '  burn_vote_quorum: false',
        '  burn_vote_veto: true',
        '  max_deposit_period: 10s',
        '  min_deposit:',
        '  - amount: "10000000000000000000"',
        '    denom: wei',
        '  min_initial_deposit_ratio: "0.000000000000000000"',
        '  quorum: "0.334000000000000000"',
        '  threshold: "0.500000000000000000"',
        '  veto_threshold: "0.334000000000000000"',
        '  voting_period: 5s',
        'tally_params:',
        '  quorum: "0.334000000000000000"',
        '  threshold: "0.500000000000000000"',
        '  veto_threshold: "0.334000000000000000"',
        'voting_params:',
        '  voting_period: 5s',
        '',
      ].join('\n'),
    );
    expect(Object.keys(await json(['params']))).toEqual(['voting_params', 'deposit_params', 'tally_params', 'params']);
  });

  it('param prints the legacy object in amino JSON: durations in nanoseconds', async () => {
    expect(await queryOk(n, ['gov', 'param', 'voting'])).toBe('voting_period: "5000000000"\n');
    expect(await queryOk(n, ['gov', 'param', 'tallying'])).toBe('quorum: "0.334000000000000000"\nthreshold: "0.500000000000000000"\nveto_threshold: "0.334000000000000000"\n');
    expect(await queryOk(n, ['gov', 'param', 'deposit', '-o', 'json'])).toBe('{"min_deposit":[{"denom":"wei","amount":"10000000000000000000"}],"max_deposit_period":"10000000000"}\n');
    await fails(['q', 'gov', 'param', 'x'], 'rpc error: code = InvalidArgument desc = rpc error: code = InvalidArgument desc = x is not a valid parameter type: invalid request');
  });

  it('a missing proposal: the node error, or `failed to fetch proposal-id N` for the commands that fetch it first', async () => {
    await fails(['q', 'gov', 'proposal', '9'], "rpc error: code = NotFound desc = rpc error: code = NotFound desc = proposal 9 doesn't exist: key not found");
    const missing = "rpc error: code = NotFound desc = rpc error: code = NotFound desc = proposal 9 doesn't exist: key not found";
    await fails(['q', 'gov', 'vote', '9', ALICE], `failed to fetch proposal-id 9: ${missing}`);
    await fails(['q', 'gov', 'votes', '9'], `failed to fetch proposal-id 9: ${missing}`);
    await fails(['q', 'gov', 'deposit', '9', ALICE], `failed to fetch proposal-id 9: ${missing}`);
    await fails(['q', 'gov', 'deposits', '9'], `failed to fetch proposal-id 9: ${missing}`);
    await fails(['q', 'gov', 'tally', '9'], `failed to fetch proposal-id 9: ${missing}`);
    await fails(['q', 'gov', 'tally', '0'], 'failed to fetch proposal-id 0: rpc error: code = InvalidArgument desc = rpc error: code = InvalidArgument desc = proposal id can not be 0: invalid request');
    await fails(['q', 'gov', 'proposals'], 'no proposals found');
    await fails(['q', 'gov', 'proposer', '1'], 'failed to find the proposer for proposalID 1');
  });
});

/** The messages of a `--generate-only` tx. */
async function generated(args: string[]): Promise<unknown[]> {
  const r = await n.chaind([...args, '--generate-only']);
  expect([r.code, r.stderr], args.join(' ')).toEqual([0, '']);
  return JSON.parse(r.stdout).body.messages;
}

describe('tx gov and the queries of active proposals', { timeout: 60_000 }, () => {
  it('--generate-only: the messages each command builds', async () => {
    expect(await generated(['tx', 'gov', 'submit-legacy-proposal', '--title', 'T', '--description', 'D', '--type', 'Text', '--deposit', '10stos', '--from', 'alice'])).toEqual([
      {
        '@type': '/sdk.gov.v1beta1.MsgSubmitProposal',
        content: { '@type': '/sdk.gov.v1beta1.TextProposal', title: 'T', description: 'D' },
        initial_deposit: [{ denom: 'wei', amount: (10n * STOS).toString() }],
        proposer: ALICE,
      },
    ]);
    const file = join(n.home, 'spend.json');
    const send = { '@type': '/sdk.bank.v1beta1.MsgSend', from_address: GOV, to_address: BOB, amount: [{ denom: 'wei', amount: '10' }] };
    await writeFile(file, JSON.stringify({ messages: [send], metadata: 'ipfs://CID', deposit: '1stos', title: 'Pay bob', summary: 'ten wei' }));
    expect(await generated(['tx', 'gov', 'submit-proposal', file, '--from', 'alice'])).toEqual([
      {
        '@type': '/sdk.gov.v1.MsgSubmitProposal',
        messages: [send],
        initial_deposit: [{ denom: 'wei', amount: STOS.toString() }],
        proposer: ALICE,
        metadata: 'ipfs://CID',
        title: 'Pay bob',
        summary: 'ten wei',
      },
    ]);
    expect(await generated(['tx', 'gov', 'deposit', '7', '1stos', '--from', 'bob'])).toEqual([
      { '@type': '/sdk.gov.v1.MsgDeposit', proposal_id: '7', depositor: BOB, amount: [{ denom: 'wei', amount: STOS.toString() }] },
    ]);
    expect(await generated(['tx', 'gov', 'vote', '7', 'NoWithVeto', '--metadata', 'why', '--from', 'bob'])).toEqual([
      { '@type': '/sdk.gov.v1.MsgVote', proposal_id: '7', voter: BOB, option: 'VOTE_OPTION_NO_WITH_VETO', metadata: 'why' },
    ]);
    expect(await generated(['tx', 'gov', 'weighted-vote', '7', 'yes=0.25,abstain=0.75', '--from', 'bob'])).toEqual([
      {
        '@type': '/sdk.gov.v1.MsgVoteWeighted',
        proposal_id: '7',
        voter: BOB,
        options: [
          { option: 'VOTE_OPTION_YES', weight: '0.250000000000000000' },
          { option: 'VOTE_OPTION_ABSTAIN', weight: '0.750000000000000000' },
        ],
        metadata: '',
      },
    ]);
  });

  it("the messages' ValidateBasic refuses a bad vote before anything is sent", async () => {
    await fails(['tx', 'gov', 'weighted-vote', '1', 'yes=0.6,no=0.6', '--from', 'bob', '--generate-only'], 'Total weight overflow 1.00: invalid vote option');
    await fails(['tx', 'gov', 'weighted-vote', '1', 'yes=0.5,no=0.4', '--from', 'bob', '--generate-only'], 'Total weight lower than 1.00: invalid vote option');
  });

  it('submit, deposit and vote; proposal, proposals, vote, votes, deposit, deposits', async () => {
    expect(await deliver(n, 'alice', ['tx', 'gov', 'submit-legacy-proposal', '--title', 'T', '--description', 'D', '--type', 'Text', '--deposit', '10stos'])).toEqual({ code: 0, log: '' });
    const file = join(n.home, 'meta.json');
    await writeFile(file, JSON.stringify({ metadata: 'ipfs://CID', deposit: '1stos', title: 'Meta', summary: 'only metadata' }));
    expect(await deliver(n, 'alice', ['tx', 'gov', 'submit-proposal', file])).toEqual({ code: 0, log: '' });
    expect(await queryOk(n, ['gov', 'proposal', '1'])).toBe(
      [
        'deposit_end_time: "2024-01-01T00:00:11Z"',
        'final_tally_result:',
        '  abstain_count: "0"',
        '  no_count: "0"',
        '  no_with_veto_count: "0"',
        '  yes_count: "0"',
        'id: "1"',
        'messages:',
        "- '@type': /sdk.gov.v1.MsgExecLegacyContent",
        `  authority: ${GOV}`,
        '  content:',
        "    '@type': /sdk.gov.v1beta1.TextProposal",
        '    description: D',
        '    title: T',
        'metadata: ""',
        `proposer: ${ALICE}`,
        'status: PROPOSAL_STATUS_VOTING_PERIOD',
        'submit_time: "2024-01-01T00:00:01Z"',
        'summary: D',
        'title: T',
        'total_deposit:',
        '- amount: "10000000000000000000"',
        '  denom: wei',
        'voting_end_time: "2024-01-01T00:00:06Z"',
        'voting_start_time: "2024-01-01T00:00:01Z"',
        '',
      ].join('\n'),
    );
    const ids = async (args: string[]) => (await json(['proposals', ...args])).proposals.map((p: { id: string }) => p.id);
    expect(await ids(['--status', 'voting_period'])).toEqual(['1']);
    expect(await ids(['--status', 'DepositPeriod'])).toEqual(['2']);
    expect(await ids(['--status', 'PROPOSAL_STATUS_UNSPECIFIED'])).toEqual(['1', '2']);
    expect(await json(['proposals', '--limit', '1', '--count-total'])).toMatchObject({ pagination: { next_key: 'AAAAAAAAAAI=', total: '2' } });
    await fails(['q', 'gov', 'proposals', '--status', 'passed'], 'no proposals found');

    expect(await deliver(n, 'bob', ['tx', 'gov', 'deposit', '2', '9stos'])).toEqual({ code: 0, log: '' });
    expect(await deliver(n, 'alice', ['tx', 'gov', 'vote', '1', 'yes', '--metadata', 'm'])).toEqual({ code: 0, log: '' });
    expect(await deliver(n, 'bob', ['tx', 'gov', 'weighted-vote', '1', 'yes=0.6,no=0.4'])).toEqual({ code: 0, log: '' });
    expect(await ids(['--depositor', BOB])).toEqual(['2']);
    expect(await ids(['--voter', BOB])).toEqual(['1']);

    expect(await queryOk(n, ['gov', 'vote', '1', BOB])).toBe(
      `metadata: ""\noptions:\n- option: VOTE_OPTION_YES\n  weight: "0.600000000000000000"\n- option: VOTE_OPTION_NO\n  weight: "0.400000000000000000"\nproposal_id: "1"\nvoter: ${BOB}\n`,
    );
    expect(await json(['votes', '1'])).toEqual({
      votes: [
        { proposal_id: '1', voter: ALICE, options: [{ option: 'VOTE_OPTION_YES', weight: '1.000000000000000000' }], metadata: 'm' },
        {
          proposal_id: '1',
          voter: BOB,
          options: [
            { option: 'VOTE_OPTION_YES', weight: '0.600000000000000000' },
            { option: 'VOTE_OPTION_NO', weight: '0.400000000000000000' },
          ],
          metadata: '',
        },
      ],
      pagination: { next_key: null, total: '0' },
    });
    expect(await queryOk(n, ['gov', 'deposits', '2'])).toBe(
      [
        'deposits:',
        '- amount:',
        '  - amount: "1000000000000000000"',
        '    denom: wei',
        `  depositor: ${ALICE}`,
        '  proposal_id: "2"',
        '- amount:',
        '  - amount: "9000000000000000000"',
        '    denom: wei',
        `  depositor: ${BOB}`,
        '  proposal_id: "2"',
        'pagination:',
        '  next_key: null',
        '  total: "0"',
        '',
      ].join('\n'),
    );
    expect(await queryOk(n, ['gov', 'deposit', '2', BOB, '-o', 'json'])).toBe(`{"proposal_id":"2","depositor":"${BOB}","amount":[{"denom":"wei","amount":"9000000000000000000"}]}\n`);
    // the live tally: alice's validator (10 stos) voted yes; bob has no delegation
    expect(await queryOk(n, ['gov', 'tally', '1'])).toBe('abstain_count: "0"\nno_count: "0"\nno_with_veto_count: "0"\nyes_count: "10000000000000000000"\n');
    await fails(['q', 'gov', 'vote', '1', 'st1x'], 'decoding bech32 failed: invalid bech32 string length 4');
  });

  it('a finished proposal: votes, deposits and the proposer from the tx index', async () => {
    for (let i = 0; i < 6; i++) nextBlock(n);
    expect((await json(['proposal', '1'])).status).toBe('PROPOSAL_STATUS_PASSED');
    // the chain deleted the votes: the CLI rebuilds them from the vote txs (amino JSON, option numbers)
    expect(await queryOk(n, ['gov', 'votes', '1'])).toBe(
      [
        '- options:',
        '  - option: 1',
        '    weight: "1.000000000000000000"',
        '  proposal_id: "1"',
        `  voter: ${ALICE}`,
        '- options:',
        '  - option: 1',
        '    weight: "0.600000000000000000"',
        '  - option: 3',
        '    weight: "0.400000000000000000"',
        '  proposal_id: "1"',
        `  voter: ${BOB}`,
        '',
      ].join('\n'),
    );
    expect(await queryOk(n, ['gov', 'votes', '1', '--page', '2', '--limit', '1', '-o', 'json'])).toBe(
      `[{"proposal_id":"1","voter":"${BOB}","options":[{"option":1,"weight":"0.600000000000000000"},{"option":3,"weight":"0.400000000000000000"}]}]\n`,
    );
    expect(await queryOk(n, ['gov', 'votes', '1', '--page', '3', '--limit', '1', '-o', 'json'])).toBe('[]\n');
    expect(await queryOk(n, ['gov', 'proposer', '1'])).toBe(`proposal_id: "1"\nproposer: ${ALICE}\n`);
    expect(await queryOk(n, ['gov', 'deposits', '1', '-o', 'json'])).toBe(`[{"proposal_id":"1","depositor":"${ALICE}","amount":[{"denom":"wei","amount":"10000000000000000000"}]}]\n`);
    // [QUIRK] the initial deposit answers for any depositor
    expect(await queryOk(n, ['gov', 'deposit', '1', BOB, '-o', 'json'])).toBe(`{"proposal_id":"1","depositor":"${ALICE}","amount":[{"denom":"wei","amount":"10000000000000000000"}]}\n`);
    expect(await json(['tally', '1'])).toEqual({ yes_count: (10n * STOS).toString(), abstain_count: '0', no_count: '0', no_with_veto_count: '0' });
  });
});

describe('gov messages signed in LEGACY_AMINO_JSON, and a draft submitted as it is', { timeout: 60_000 }, () => {
  it('every gov message is accepted with --sign-mode amino-json', async () => {
    const file = join(n.home, 'spend-amino.json');
    const send = { '@type': '/sdk.bank.v1beta1.MsgSend', from_address: GOV, to_address: BOB, amount: [{ denom: 'wei', amount: '10' }] };
    await writeFile(file, JSON.stringify({ messages: [send], metadata: '', deposit: '10stos', title: 'Pay bob', summary: 'ten wei' }));
    const amino = ['--sign-mode', 'amino-json'];
    expect(await deliver(n, 'alice', ['tx', 'gov', 'submit-proposal', file, ...amino])).toEqual({ code: 0, log: '' });
    const id = (await json(['proposals', '--status', 'voting_period'])).proposals.at(-1).id as string;
    expect(await deliver(n, 'alice', ['tx', 'gov', 'submit-legacy-proposal', '--title', 'A', '--description', 'B', '--type', 'text', ...amino])).toEqual({ code: 0, log: '' });
    expect(await deliver(n, 'bob', ['tx', 'gov', 'deposit', id, '1gwei', ...amino])).toEqual({ code: 0, log: '' });
    expect(await deliver(n, 'bob', ['tx', 'gov', 'vote', id, 'abstain', ...amino])).toEqual({ code: 0, log: '' });
    expect(await deliver(n, 'alice', ['tx', 'gov', 'weighted-vote', id, 'yes=0.9,no_with_veto=0.1', ...amino])).toEqual({ code: 0, log: '' });
    expect((await json(['votes', id])).votes.map((v: { voter: string }) => v.voter).sort()).toEqual([ALICE, BOB].sort());
  });

  it('draft-proposal writes a file submit-proposal takes', async () => {
    const cwd = process.cwd();
    process.chdir(n.home);
    try {
      const r = await n.chaind(['tx', 'gov', 'draft-proposal', '--type', 'community-pool-spend', '--msg', `{"recipient":"${BOB}","amount":[{"denom":"wei","amount":"1"}]}`, '--title', 'Spend', '--summary', 'one wei', '--deposit', '10stos']);
      expect([r.code, r.stderr]).toEqual([0, '']);
    } finally {
      process.chdir(cwd);
    }
    expect(await generated(['tx', 'gov', 'submit-proposal', join(n.home, 'draft_proposal.json'), '--from', 'alice'])).toEqual([
      {
        '@type': '/sdk.gov.v1.MsgSubmitProposal',
        messages: [{ '@type': '/sdk.distribution.v1beta1.MsgCommunityPoolSpend', authority: GOV, recipient: BOB, amount: [{ denom: 'wei', amount: '1' }] }],
        initial_deposit: [{ denom: 'wei', amount: (10n * STOS).toString() }],
        proposer: ALICE,
        metadata: 'ipfs://CID',
        title: 'Spend',
        summary: 'one wei',
      },
    ]);
  });
});
