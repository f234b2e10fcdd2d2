import { describe, expect, it } from 'vitest';
import { App } from '../../../src/abci/app.ts';
import { appModules } from '../../../src/abci/modules.ts';
import { defaultRegisterGenesis, validateRegisterGenesis } from '../../../src/modules/register/genesis.ts';
import { genesisWith } from '../../helpers/fixture.ts';
import { Chain, genesisMetaNode, M, nodeKeyOf, owners, STOS } from './harness.ts';

const [o0, o1] = [owners[0]!, owners[1]!];
const TEN = 10n * STOS;

describe('register genesis (reference §1.9)', () => {
  it('default genesis: default params, rate 1000000.000000000000000000, Lt 0', () => {
    expect(defaultRegisterGenesis()).toEqual({
      params: {
        bond_denom: 'wei',
        unbonding_threashold_time: '15552000s',
        unbonding_completion_time: '1209600s',
        max_entries: 16,
        resource_node_reg_enabled: true,
        resource_node_min_deposit: { denom: 'wei', amount: '1000000000000000000' },
        voting_period: '604800s',
      },
      resource_nodes: [],
      meta_nodes: [],
      remaining_noz_limit: '0',
      slashing: [],
      deposit_noz_rate: '1000000.000000000000000000',
      meta_node_reg_vote_pool: [],
      unbonding_nodes: [],
      kick_meta_node_vote_pool: [],
    });
  });

  it('validation names the bad field', () => {
    const g = defaultRegisterGenesis();
    expect(() => validateRegisterGenesis({ ...g, remaining_noz_limit: '-1' })).toThrow('app_state.register.remaining_noz_limit: remaining Noz Limit must be non-negative');
    expect(() => validateRegisterGenesis({ ...g, deposit_noz_rate: '0' })).toThrow('app_state.register.deposit_noz_rate: deposit noz rate must be positive');
    expect(() => validateRegisterGenesis({ ...g, params: { ...g.params, max_entries: 0 } })).toThrow('app_state.register.params: max entries must be positive: 0');
    expect(() => validateRegisterGenesis({ ...g, params: { ...g.params, voting_period: 'x' } })).toThrow(/^app_state\.register\.params\.voting_period: /);
    const bad = genesisMetaNode(nodeKeyOf(1), o0.address, 1n, { status: 'BONDED' });
    expect(() => validateRegisterGenesis({ ...g, meta_nodes: [bad as never] })).toThrow(/^app_state\.register\.meta_nodes\[0\]\.status: /);
    const badAddr = genesisMetaNode(nodeKeyOf(1), 'st1nope', 1n);
    expect(() => validateRegisterGenesis({ ...g, meta_nodes: [badAddr as never] })).toThrow(/^app_state\.register\.meta_nodes\[0\]\.owner_address: /);
    const rn = { ...genesisMetaNode(nodeKeyOf(2), o0.address, 1n), node_type: 9, effective_tokens: '0' };
    expect(() => validateRegisterGenesis({ ...g, resource_nodes: [rn as never] })).toThrow('app_state.register.resource_nodes[0].node_type: expected 1..7, got 9');
  });

  it('InitChain fails naming the node when its owner cannot fund the deposit', () => {
    const app = new App({ ...appModules });
    const g = genesisWith([[o0.address, STOS]]);
    (g.app_state as Record<string, unknown>).register = { meta_nodes: [genesisMetaNode(nodeKeyOf(1), o0.address, TEN)] };
    expect(() => app.initChain(g)).toThrow(`app_state.register.meta_nodes[0].tokens: owner ${o0.address} holds less than ${TEN}wei to deposit`);
  });

  it('export → import round trip keeps nodes, pools, unbonding queue, St and Lt', () => {
    const c = new Chain(1000n * STOS, { meta_nodes: [genesisMetaNode(nodeKeyOf(10), o0.address, TEN), genesisMetaNode(nodeKeyOf(11), o1.address, TEN)] });
    c.ok(o0, [M.createResourceNode(o0.address, nodeKeyOf(1), STOS)]);
    c.ok(o0, [M.removeResourceNode(o0.address, nodeKeyOf(1).address)]);
    c.ok(o1, [M.createMetaNode(o1.address, nodeKeyOf(12), 5n)]);
    const exported = c.app.exportGenesis() as Record<string, any>;
    const reg = exported.register;
    expect(reg.resource_nodes[0]).toMatchObject({ status: 'BOND_STATUS_UNBONDING', tokens: STOS.toString(), node_type: 4, effective_tokens: '0', suspend: true });
    expect(reg.unbonding_nodes[0].entries[0]).toMatchObject({ initial_balance: STOS.toString(), balance: STOS.toString() });
    expect(reg.meta_node_reg_vote_pool).toHaveLength(1);
    expect(reg.remaining_noz_limit).toBe('20000000000000');

    // import into a chain whose pools already hold the deposits (not a fresh start): Lt taken from the file
    const app2 = new App({ ...appModules });
    const g = genesisWith([]);
    g.app_state = { ...g.app_state, auth: exported.auth, bank: exported.bank, register: reg };
    app2.initChain(g);
    expect(app2.state.register).toEqual({ ...c.app.state.register, initial_genesis_deposit_total: 20n * STOS });
    // the re-queued unbonding completes at its time
    expect(Object.keys(app2.state.register.unbonding_queue)).toEqual(Object.keys(c.app.state.register.unbonding_queue));
  });
});
