import { describe, expect, it } from 'vitest';
import { getRegistrationVotePool } from '../../../src/modules/register/state.ts';
import { Chain, DAY, genesisMetaNode, GOV, M, nodeKeyOf, owners, patchState, SEC, STOS, typedEvents } from './harness.ts';
import { msgUpdateMetaNodeDeposit } from '../../../src/modules/register/msgs.ts';
import { decreaseMetaNodeDeposit } from '../../../src/modules/register/unbonding.ts';
import { getMetaNode } from '../../../src/modules/register/state.ts';

const [o0, o1, o2, o3, o4] = owners as [typeof owners[0], typeof owners[0], typeof owners[0], typeof owners[0], typeof owners[0]];
const [m0, m1, m2] = [nodeKeyOf(10), nodeKeyOf(11), nodeKeyOf(12)];
const cand = nodeKeyOf(20);
const FAIL = 'failed to execute message; message index: 0: ';
const TEN = 10n * STOS;

/** Given: three active meta nodes of 10 stos each (owners 0, 1, 2): St = 30 stos, Lt = 30e18 / 1e6. */
function threeMetaNodes(extra: Record<string, unknown> = {}) {
  return new Chain(1000n * STOS, { meta_nodes: [genesisMetaNode(m0, o0.address, TEN), genesisMetaNode(m1, o1.address, TEN), genesisMetaNode(m2, o2.address, TEN)], ...extra });
}

const reg = (c: Chain) => c.app.state.register;

describe('genesis with active meta nodes', () => {
  it('funds the bonded pool from the owners on a fresh start; St = Σ tokens; Lt = trunc(St / rate)', () => {
    const c = threeMetaNodes();
    expect(c.pool('meta_node_bonded_pool')).toBe(3n * TEN);
    expect(c.balance(o0.address)).toBe(1000n * STOS - TEN);
    expect(reg(c).effective_total_deposit).toBe(30n * STOS);
    expect(reg(c).remaining_ozone_limit).toBe(30_000_000_000_000n);
    expect(c.query('BondedMetaNodeCount').number).toBe(3n);
    expect(c.query('RemainingOzoneLimit').ozone_limit).toBe('30000000000000');
  });
});

describe('MsgCreateMetaNode', () => {
  it('deposit goes to the not-bonded pool; pending (Unbonded, suspended); vote pool opens for voting_period', () => {
    const c = threeMetaNodes();
    const r = c.ok(o3, [M.createMetaNode(o3.address, cand, 5n)]);
    expect(typedEvents(r.events)).toEqual([{ type: 'EventCreateMetaNode', attrs: { network_address: cand.address, sender: o3.address } }]);
    const n = c.query('MetaNode', { network_addr: cand.address }).node;
    expect([n.status, n.suspend, n.tokens]).toEqual([1, true, '5']);
    expect(c.pool('meta_node_not_bonded_pool')).toBe(5n);
    // no minimum deposit; St and Lt untouched
    expect(reg(c).effective_total_deposit).toBe(30n * STOS);
    const pool = Object.values(reg(c).reg_vote_pools).length;
    expect(pool).toBeGreaterThan(0);
    const dep = c.query('DepositByNode', { network_addr: cand.address, query_type: 1 }).deposit_info;
    expect(dep.un_bonded_deposit).toEqual({ denom: 'wei', amount: '5' });
    expect(dep.node_type).toBe(0);
    // query type 2 (resource only) does not see a meta node: empty info, no error
    expect(c.query('DepositByNode', { network_addr: cand.address, query_type: 2 }).deposit_info.network_address).toBe('');
    expect(c.query('DepositByNode', { network_addr: cand.address, query_type: 7 }).deposit_info.network_address).toBe('');
  });

  it('errors: 31 (VB beneficiary required); 13 / 12 / 10 / 17 wrapped in 50', () => {
    const c = threeMetaNodes();
    c.fails(o3, [M.createMetaNode(o3.address, cand, 5n, { beneficiary_address: '' })], 'register', 31, 'invalid beneficiary address');
    c.fails(o3, [M.createMetaNode(o3.address, m0, 5n)], 'register', 50, `${FAIL}meta node already exist for this pubkey; must use new meta node pubkey: failed to register meta node`);
    c.fails(o3, [M.createMetaNode(o3.address, cand, 5n, { value: { denom: 'gwei', amount: '5' } })], 'register', 50, `${FAIL}invalid coin denomination: failed to register meta node`);
    c.fails(o3, [M.createMetaNode(o3.address, cand, 10_000n * STOS)], 'register', 50, `${FAIL}insufficient balance: failed to register meta node`);
    c.ok(o3, [M.createResourceNode(o3.address, cand, STOS)]);
    c.fails(o3, [M.createMetaNode(o3.address, cand, 5n)], 'register', 50, `${FAIL}resource node already exist for this pubkey; must use new resource node pubkey: failed to register meta node`);
  });
});

describe('MsgMetaNodeRegistrationVote', () => {
  it('approval needs floor(2A/3)+1 = 3 of A = 3; approval bonds, moves the deposit and raises St / Lt by hand-computed amounts', () => {
    const c = threeMetaNodes();
    const tokens = 5n * STOS + 1_500_000n; // x = tokens / 1e6 = 5e12 + 1.5
    c.ok(o3, [M.createMetaNode(o3.address, cand, tokens)]);
    const v1 = c.ok(o0, [M.regVote(o0.address, m0.address, cand.address, o3.address)]);
    expect(typedEvents(v1.events)).toEqual([
      { type: 'EventMetaNodeRegistrationVote', attrs: { candidate_network_address: cand.address, candidate_status: 'BOND_STATUS_UNBONDED', ozone_limit_changes: '0', sender: o0.address, voter_network_address: m0.address } },
    ]);
    c.ok(o1, [M.regVote(o1.address, m1.address, cand.address, o3.address, false)]);
    c.ok(o2, [M.regVote(o2.address, m2.address, cand.address, o3.address)]);
    // two approvals of three needed: still pending (rejections have no effect)
    expect(c.query('MetaNode', { network_addr: cand.address }).node.status).toBe(1);
    // [QUIRK] any account may vote under any voter address
    const stranger = nodeKeyOf(99);
    const v3 = c.ok(o4, [M.regVote(o4.address, stranger.address, cand.address, o3.address)]);
    expect(typedEvents(v3.events)[0]!.attrs).toMatchObject({ candidate_status: 'BOND_STATUS_BONDED', ozone_limit_changes: '5000000000001' });
    const n = c.query('MetaNode', { network_addr: cand.address }).node;
    expect([n.status, n.suspend]).toEqual([3, false]);
    expect(reg(c).effective_total_deposit).toBe(35n * STOS + 1_500_000n);
    expect(reg(c).remaining_ozone_limit).toBe(30_000_000_000_000n + 5_000_000_000_001n);
    expect(c.pool('meta_node_not_bonded_pool')).toBe(0n);
    expect(c.pool('meta_node_bonded_pool')).toBe(35n * STOS + 1_500_000n);
    expect(c.query('BondedMetaNodeCount').number).toBe(4n);
    // a later vote on a passed pool succeeds and changes nothing
    const late = c.ok(o1, [M.regVote(o1.address, nodeKeyOf(98).address, cand.address, o3.address)]);
    expect(typedEvents(late.events)[0]!.attrs).toMatchObject({ candidate_status: 'BOND_STATUS_BONDED', ozone_limit_changes: '0' });

    // remove: Decrease(x = 5e12 + 1.5): Lt = trunc(35000000000001 − 5000000000001.5) → drops by ceil(x); event carries −trunc(x)
    const rm = c.ok(o3, [M.removeMetaNode(o3.address, cand.address)]);
    const ev = typedEvents(rm.events)[0]!;
    expect(ev.type).toBe('EventUnBondingMetaNode');
    expect(ev.attrs).toMatchObject({ ozone_limit_changes: '-5000000000001', deposit_to_remove: `${tokens}wei`, meta_node: cand.address, sender: o3.address });
    expect(reg(c).remaining_ozone_limit).toBe(29_999_999_999_999n);
    expect(reg(c).effective_total_deposit).toBe(30n * STOS);
    expect(c.pool('meta_node_not_bonded_pool')).toBe(tokens);
    expect(c.query('BondedMetaNodeCount').number).toBe(3n);
    expect(c.query('DepositByNode', { network_addr: cand.address, query_type: 0 }).deposit_info.un_bonding_deposit.amount).toBe(tokens.toString());
  });

  it('errors: VB 23 / 26 / 24 / 27 / 29; handler 25 / 24 / 35 / 34 wrapped in 57', () => {
    const c = threeMetaNodes();
    c.ok(o3, [M.createMetaNode(o3.address, cand, 5n)]);
    const createdAt = c.timeNs;
    c.fails(o0, [M.regVote(o0.address, m0.address, 'stsds1bad', o3.address)], 'register', 23, 'invalid candidate network address');
    c.fails(o0, [M.regVote(o0.address, 'bad', cand.address, o3.address)], 'register', 26, 'invalid voter network address');
    c.fails(o0, [M.regVote(o0.address, m0.address, cand.address, 'st1bad')], 'register', 24, 'invalid candidate owner address');
    c.fails(o0, [M.regVote(o0.address, cand.address, cand.address, o3.address)], 'register', 29, 'node address should not same as the voter address');
    c.fails(o0, [M.regVote(o0.address, m0.address, nodeKeyOf(50).address, o3.address)], 'register', 57, `${FAIL}candidate meta node does not exist: failed to vote meta node`);
    c.fails(o0, [M.regVote(o0.address, m0.address, cand.address, o1.address)], 'register', 57, `${FAIL}invalid candidate owner address: failed to vote meta node`);
    c.ok(o0, [M.regVote(o0.address, m0.address, cand.address, o3.address)]);
    c.fails(o0, [M.regVote(o0.address, m0.address, cand.address, o3.address, false)], 'register', 57, `${FAIL}duplicate voting: failed to vote meta node`);
    // exactly at expire_time a vote is accepted; after it, 35
    const expire = getRegistrationVotePool(c.app.state, cand.address)!.expire_time;
    expect(expire).toBe(createdAt + 7n * DAY);
    c.emptyBlock(expire - c.timeNs - 5n * SEC);
    c.ok(o1, [M.regVote(o1.address, m1.address, cand.address, o3.address)]); // lands exactly at expire_time
    c.fails(o2, [M.regVote(o2.address, m2.address, cand.address, o3.address)], 'register', 57, `${FAIL}vote expired: failed to vote meta node`);
  });
});

describe('MsgRemoveMetaNode', () => {
  it('errors: VB 3; handler 15 / 30 / 59 / 17 wrapped in 52; an unapproved node fails with the panic code [EDGE]', () => {
    const chain = new Chain(1000n * STOS, {
      meta_nodes: [genesisMetaNode(m0, o0.address, TEN), genesisMetaNode(m1, o1.address, TEN, { suspend: true })],
    });
    chain.fails(o0, [M.removeMetaNode(o0.address, 'stsds1bad')], 'register', 3, 'invalid network address');
    chain.fails(o0, [M.removeMetaNode(o0.address, nodeKeyOf(50).address)], 'register', 52, `${FAIL}meta node does not exist: failed to unbond meta node`);
    chain.fails(o1, [M.removeMetaNode(o1.address, m0.address)], 'register', 52, `${FAIL}invalid owner address: failed to unbond meta node`);
    chain.fails(o1, [M.removeMetaNode(o1.address, m1.address)], 'register', 52, `${FAIL}cannot unbond a suspended node: failed to unbond meta node`);
    chain.ok(o3, [M.createMetaNode(o3.address, cand, 5n)]);
    const r = chain.fails(o3, [M.removeMetaNode(o3.address, cand.address)], 'undefined', 111222);
    expect(r.log).toContain('was never approved and cannot be removed');
    chain.ok(o0, [M.removeMetaNode(o0.address, m0.address)]);
    chain.fails(o0, [M.removeMetaNode(o0.address, m0.address)], 'register', 52, `${FAIL}insufficient balance: failed to unbond meta node`);
  });

  it('not unbondable (Lt < available / rate) → 17; Unbonding → 48 (both wrapped in 52)', () => {
    const chain = threeMetaNodes();
    patchState(chain, (d) => {
      d.register.remaining_ozone_limit = 9_999_999_999_999n; // one short of 10 stos / 1e6
    });
    chain.fails(o0, [M.removeMetaNode(o0.address, m0.address)], 'register', 52, `${FAIL}insufficient balance: failed to unbond meta node`);
    patchState(chain, (d) => {
      d.register.remaining_ozone_limit = 10_000_000_000_000n;
    });
    chain.ok(o0, [M.removeMetaNode(o0.address, m0.address)]);
    expect(reg(chain).remaining_ozone_limit).toBe(0n);
    // a second entry would need available > 0: 17 comes first; with a fresh deposit impossible (41) the status check is unreachable
    chain.fails(o0, [M.removeMetaNode(o0.address, m0.address)], 'register', 52, `${FAIL}insufficient balance: failed to unbond meta node`);
  });

  it('max_entries: a node at the cap fails with 40', () => {
    const chain = threeMetaNodes();
    patchState(chain, (d) => {
      d.register.params = { ...d.register.params, max_entries: 1 };
    });
    patchState(chain, (d, ctx) => {
      decreaseMetaNodeDeposit(d, getMetaNode(d, m0.address)!, 1n, ctx);
    });
    chain.fails(o0, [M.removeMetaNode(o0.address, m0.address)], 'register', 52, `${FAIL}too many unbonding node entries for networkAddr tuple: failed to unbond meta node`);
  });
});

describe('MsgUpdateMetaNodeDeposit', () => {
  it('active node: bonded pool, St += delta, Lt += trunc(delta / rate); pending node: not-bonded pool, no ozone', () => {
    const c = threeMetaNodes();
    const r = c.ok(o0, [M.updateMetaNodeDeposit(o0.address, m0.address, 2_500_000n)]);
    expect(typedEvents(r.events)[0]!.attrs).toMatchObject({ ozone_limit_changes: '2', current_deposit: `${TEN}wei`, available_token_after: (TEN + 2_500_000n).toString() });
    expect(reg(c).remaining_ozone_limit).toBe(30_000_000_000_002n);
    expect(reg(c).effective_total_deposit).toBe(30n * STOS + 2_500_000n);
    expect(c.pool('meta_node_bonded_pool')).toBe(3n * TEN + 2_500_000n);
    c.ok(o3, [M.createMetaNode(o3.address, cand, 5n)]);
    const p = c.ok(o3, [M.updateMetaNodeDeposit(o3.address, cand.address, 7_000_000n)]);
    expect(typedEvents(p.events)[0]!.attrs.ozone_limit_changes).toBe('0');
    expect(c.pool('meta_node_not_bonded_pool')).toBe(7_000_005n);
    expect(reg(c).remaining_ozone_limit).toBe(30_000_000_000_002n);
  });

  it('spec §4.3: incr_deposit false decreases: bonded → not-bonded pool, St / Lt down, an unbonding entry that completes', () => {
    const c = threeMetaNodes();
    const msg = { ...M.updateMetaNodeDeposit(o0.address, m0.address, 2_500_000n).value, incr_deposit: false } as never;
    const events = patchState(c, (d, ctx) => {
      msgUpdateMetaNodeDeposit.handle(d, msg, ctx);
    });
    const ev = events.filter((e) => e.type === 'typed');
    expect(ev.length).toBe(1);
    expect((ev[0] as { data: Record<string, string> }).data).toMatchObject({ ozone_limit_changes: '-2', available_token_after: (TEN - 2_500_000n).toString() });
    // x = 2.5: Lt = trunc(3e13 − 2.5) drops by 3
    expect(reg(c).remaining_ozone_limit).toBe(29_999_999_999_997n);
    expect(reg(c).effective_total_deposit).toBe(30n * STOS - 2_500_000n);
    expect(c.pool('meta_node_not_bonded_pool')).toBe(2_500_000n);
    const n = c.query('MetaNode', { network_addr: m0.address }).node;
    expect([n.status, n.tokens]).toEqual([3, TEN.toString()]);
    // matures 194 days after creation (genesis creation time): the 2.5M go back to the owner; node stays Bonded
    const before = c.balance(o0.address);
    c.emptyBlock(194n * DAY);
    expect(c.balance(o0.address)).toBe(before + 2_500_000n);
    expect(c.pool('meta_node_not_bonded_pool')).toBe(0n);
    const after = c.query('MetaNode', { network_addr: m0.address }).node;
    expect([after.status, after.tokens]).toEqual([3, (TEN - 2_500_000n).toString()]);
  });

  it('a signed tx with a negative deposit_delta (what `--incr-deposit false` sends) decreases the deposit', () => {
    const c = threeMetaNodes();
    c.ok(o0, [M.updateMetaNodeDeposit(o0.address, m0.address, -2_500_000n)]);
    expect(reg(c).effective_total_deposit).toBe(30n * STOS - 2_500_000n);
    expect(c.pool('meta_node_not_bonded_pool')).toBe(2_500_000n);
  });

  it('errors: 44 (VB); 10 / 15 / 30 / 41 wrapped in 56', () => {
    const c = threeMetaNodes();
    c.fails(o0, [M.updateMetaNodeDeposit(o0.address, m0.address, 0n)], 'register', 44, 'invalid change for deposit');
    c.fails(o0, [M.updateMetaNodeDeposit(o0.address, m0.address, 1n, 'gwei')], 'register', 56, `${FAIL}invalid coin denomination: failed to update deposit for meta node`);
    c.fails(o0, [M.updateMetaNodeDeposit(o0.address, cand.address, 1n)], 'register', 56, `${FAIL}meta node does not exist: failed to update deposit for meta node`);
    c.fails(o1, [M.updateMetaNodeDeposit(o1.address, m0.address, 1n)], 'register', 56, `${FAIL}invalid owner address: failed to update deposit for meta node`);
    c.ok(o0, [M.removeMetaNode(o0.address, m0.address)]);
    c.fails(o0, [M.updateMetaNodeDeposit(o0.address, m0.address, 1n)], 'register', 56, `${FAIL}changes cannot be made to an unbonding node: failed to update deposit for meta node`);
  });
});

describe('MsgUpdateMetaNode', () => {
  it('replaces description and beneficiary; errors 7 (VB), 15 / 30 wrapped in 54', () => {
    const c = threeMetaNodes();
    const r = c.ok(o0, [M.updateMetaNode(o0.address, m0.address, { beneficiary_address: o4.address })]);
    expect(typedEvents(r.events)).toEqual([{ type: 'EventUpdateMetaNode', attrs: { network_address: m0.address, sender: o0.address } }]);
    const n = c.query('MetaNode', { network_addr: m0.address }).node;
    expect([n.description.moniker, n.beneficiary_address]).toEqual(['renamed', o4.address]);
    c.fails(o0, [M.updateMetaNode(o0.address, m0.address, { description: { moniker: '' } })], 'register', 7, 'moniker must be not empty');
    c.fails(o0, [M.updateMetaNode(o0.address, cand.address)], 'register', 54, `${FAIL}meta node does not exist: failed to update meta node`);
    c.fails(o1, [M.updateMetaNode(o1.address, m0.address)], 'register', 54, `${FAIL}invalid owner address: failed to update meta node`);
  });
});

describe('MsgKickMetaNodeVote', () => {
  it('A = 4: three approvals kick the target out (positive ozone change in the unbonding event)', () => {
    const c = new Chain(1000n * STOS, {
      meta_nodes: [genesisMetaNode(m0, o0.address, TEN), genesisMetaNode(m1, o1.address, TEN), genesisMetaNode(m2, o2.address, TEN), genesisMetaNode(cand, o3.address, TEN)],
    });
    const v1 = c.ok(o0, [M.kickVote(o0.address, m0.address, cand.address)]);
    expect(typedEvents(v1.events)).toEqual([{ type: 'EventKickMetaNodeVote', attrs: { sender: '', target_network_address: cand.address, target_status: 'BOND_STATUS_BONDED', voter_network_address: m0.address } }]);
    c.ok(o1, [M.kickVote(o1.address, m1.address, cand.address)]);
    const v3 = c.ok(o2, [M.kickVote(o2.address, m2.address, cand.address)]);
    expect(typedEvents(v3.events).map((e) => e.type)).toEqual(['EventKickMetaNodeVote', 'EventUnBondingMetaNode']);
    expect(typedEvents(v3.events)[1]!.attrs).toMatchObject({ ozone_limit_changes: '10000000000000', sender: o2.address, meta_node: cand.address });
    expect(c.query('MetaNode', { network_addr: cand.address }).node.status).toBe(2);
    expect(reg(c).remaining_ozone_limit).toBe(30_000_000_000_000n);
    expect(c.pool('meta_node_not_bonded_pool')).toBe(TEN);
  });

  it('errors: VB 65 / 26 / 27; 66 target not active; 67 voter not active (rolled back); 34 duplicate', () => {
    const c = new Chain(1000n * STOS, {
      meta_nodes: [genesisMetaNode(m0, o0.address, TEN), genesisMetaNode(m1, o1.address, TEN), genesisMetaNode(m2, o2.address, TEN), genesisMetaNode(cand, o3.address, TEN)],
    });
    c.fails(o0, [M.kickVote(o0.address, m0.address, '')], 'register', 65, 'invalid target network address');
    c.fails(o0, [M.kickVote(o0.address, 'x', cand.address)], 'register', 26, 'invalid voter network address');
    c.fails(o0, [M.kickVote('st1bad', m0.address, cand.address)], 'register', 27);
    c.fails(o0, [M.kickVote(o0.address, m0.address, nodeKeyOf(50).address)], 'register', 66, `${FAIL}active target meta node does not exist`);
    c.fails(o4, [M.kickVote(o4.address, nodeKeyOf(50).address, cand.address)], 'register', 67, `${FAIL}active voter meta node does not exist`);
    c.ok(o0, [M.kickVote(o0.address, m0.address, cand.address)]);
    c.fails(o0, [M.kickVote(o0.address, m0.address, cand.address)], 'register', 34, `${FAIL}duplicate voting`);
  });

  it('[QUIRK] A = 2: the pool is deleted after every vote (threshold floor(A/3) = 0), so a kick never passes', () => {
    const c = new Chain(1000n * STOS, { meta_nodes: [genesisMetaNode(m0, o0.address, TEN), genesisMetaNode(m1, o1.address, TEN)] });
    c.ok(o0, [M.kickVote(o0.address, m0.address, m1.address)]);
    expect(Object.keys(reg(c).kick_vote_pools)).toEqual([]);
    c.ok(o0, [M.kickVote(o0.address, m0.address, m1.address)]); // not a duplicate: the pool is gone
    expect(c.query('MetaNode', { network_addr: m1.address }).node.status).toBe(3);
  });
});

describe('MsgUpdateParams', () => {
  it('authority must be the gov module account (gov 13); params replaced after validation (plain error)', () => {
    const c = new Chain();
    const params = c.query('Params').params;
    expect(params.max_entries).toBe(16);
    expect(params.unbonding_completion_time).toEqual({ seconds: 1209600n, nanos: 0 });
    const upd = (authority: string, p: unknown) => ({ typeName: 'chain.register.v1.MsgUpdateParams', value: { authority, params: p } });
    const r = c.fails(o0, [upd(o0.address, { ...params, max_entries: 3 })], 'gov', 13);
    expect(r.log).toBe(`${FAIL}invalid authority; expected ${GOV}, got ${o0.address}: expected gov account as only signer for proposal message`);
  });
});
