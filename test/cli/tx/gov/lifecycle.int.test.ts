/**
 * The gov CLI against a running node (reference/sdk-modules.md §3.6, §1.5): alice (the only
 * validator, by gentx) and bob submit, deposit and vote with `tx gov …`; every `query gov …`
 * prints what the SDK CLI prints, in text (YAML) and JSON, including the commands that rebuild a
 * finished proposal's votes and deposits from the tx index, and the node's errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultGovGenesis } from '../../../../src/modules/gov/genesis.ts';
import { ALICE, queryOk, startStakingNode, type StakingNode } from '../staking/staking-node.ts';

const STOS = 10n ** 18n;

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
