import { describe, expect, it } from 'vitest';
import { produce } from 'immer';
import { infiniteGasMeter } from '../../../src/abci/gas.ts';
import { defaultGovGenesis, exportGovGenesis, initGovGenesis, validateGovGenesis } from '../../../src/modules/gov/genesis.ts';
import type { AppState } from '../../../src/state/app-state.ts';
import type { Ctx } from '../../../src/state/module.ts';
import { execLegacy, govChain, keys, M, MIN_DEPOSIT, sendFromGov, STOS, YES } from './harness.ts';
import { DEFAULT_GOV_PARAMS_JSON } from '../../helpers/gov-params.ts';

const [alice, bob, carol] = keys as [(typeof keys)[0], (typeof keys)[0], (typeof keys)[0]];

describe('gov genesis', () => {
  it('the default genesis has the Stratos params, null legacy params and starting_proposal_id 1', () => {
    expect(defaultGovGenesis()).toEqual({
      starting_proposal_id: '1',
      deposits: [],
      votes: [],
      proposals: [],
      deposit_params: null,
      voting_params: null,
      tally_params: null,
      params: DEFAULT_GOV_PARAMS_JSON,
    });
  });

  it('export then import gives back the same gov slice (proposals in both periods, deposits, votes)', () => {
    const chain = govChain();
    chain.ok(bob, [M.submit(bob.address, [execLegacy(), sendFromGov(carol.address, 1n)], MIN_DEPOSIT)]);
    chain.ok(carol, [M.submit(carol.address, [execLegacy()], STOS, { metadata: 'm' })]);
    chain.ok(alice, [M.weighted(alice.address, 1n, [{ option: YES, weight: '1' }])]);
    const g = exportGovGenesis(chain.app.state);
    expect(g.starting_proposal_id).toBe('3');
    expect(g.proposals).toHaveLength(2);
    expect((g.proposals[0] as any).messages[0]['@type']).toBe('/sdk.gov.v1.MsgExecLegacyContent');
    expect((g.proposals[0] as any).status).toBe('PROPOSAL_STATUS_VOTING_PERIOD');
    expect((g.proposals[1] as any).voting_start_time).toBeNull();
    expect(g.votes).toEqual([{ proposal_id: '1', voter: alice.address, options: [{ option: 'VOTE_OPTION_YES', weight: '1' }], metadata: '' }]);
    expect(g.deposits).toEqual([
      { proposal_id: '1', depositor: bob.address, amount: [{ denom: 'wei', amount: MIN_DEPOSIT.toString() }] },
      { proposal_id: '2', depositor: carol.address, amount: [{ denom: 'wei', amount: STOS.toString() }] },
    ]);
    validateGovGenesis(JSON.parse(JSON.stringify(g)));
    const ctx: Ctx = { block: { height: 0n, timeNs: 0n } as Ctx['block'], gas: infiniteGasMeter(), emit: () => {} };
    const reimported = produce(chain.app.state, (d) => void initGovGenesis(d, JSON.parse(JSON.stringify(g)), ctx)) as AppState;
    expect(reimported.gov).toEqual(chain.app.state.gov);
  });

  it('refuses a gov account balance that differs from the deposits', () => {
    const chain = govChain();
    chain.ok(bob, [M.submit(bob.address, [execLegacy()], STOS)]);
    const g = exportGovGenesis(chain.app.state);
    const ctx: Ctx = { block: { height: 0n, timeNs: 0n } as Ctx['block'], gas: infiniteGasMeter(), emit: () => {} };
    expect(() => produce(chain.app.state, (d) => void initGovGenesis(d, { ...g, deposits: [] }, ctx))).toThrow('expected module account was 1000000000000000000wei but we got ');
  });
});
