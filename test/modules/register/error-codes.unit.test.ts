/** Error codes reachable only from particular states (set up through genesis). */
import { describe, expect, it } from 'vitest';
import { Chain, genesisMetaNode, M, nodeKeyOf, owners, STOS } from './harness.ts';

const [o0, o1, o2] = [owners[0]!, owners[1]!, owners[2]!];
const TEN = 10n * STOS;
const FAIL = 'failed to execute message; message index: 0: ';
const [m0, m1, m2, pending] = [nodeKeyOf(10), nodeKeyOf(11), nodeKeyOf(12), nodeKeyOf(13)];

describe('register error codes from genesis states', () => {
  it('33: a pending meta node without a registration pool (vote → wrapped in 57, remove → wrapped in 52)', () => {
    const c = new Chain(1000n * STOS, {
      meta_nodes: [genesisMetaNode(m0, o0.address, TEN), genesisMetaNode(pending, o1.address, TEN, { status: 'BOND_STATUS_UNBONDED', suspend: true })],
    });
    c.fails(o0, [M.regVote(o0.address, m0.address, pending.address, o1.address)], 'register', 57, `${FAIL}registration pool does not exist: failed to vote meta node`);
    c.fails(o1, [M.removeMetaNode(o1.address, pending.address)], 'register', 52, `${FAIL}registration pool does not exist: failed to unbond meta node`);
  });

  it('48: an Unbonded meta node whose pool already passed; an Unbonded resource node', () => {
    const c = new Chain(1000n * STOS, {
      meta_nodes: [genesisMetaNode(pending, o1.address, TEN, { status: 'BOND_STATUS_UNBONDED', suspend: true })],
      meta_node_reg_vote_pool: [{ network_address: pending.address, approve_list: [], reject_list: [], expire_time: '2030-01-01T00:00:00Z', is_vote_passed: true }],
      resource_nodes: [{ ...genesisMetaNode(nodeKeyOf(1), o2.address, STOS, { status: 'BOND_STATUS_UNBONDED' }), node_type: 4, effective_tokens: '0' }],
    });
    c.fails(o1, [M.removeMetaNode(o1.address, pending.address)], 'register', 52, `${FAIL}invalid node status: failed to unbond meta node`);
    c.fails(o2, [M.removeResourceNode(o2.address, nodeKeyOf(1).address)], 'register', 51, `${FAIL}invalid node status: failed to unbond resource node`);
    // an Unbonded resource node bonds again on a deposit: not-bonded → bonded pool, counter +1
    expect(c.pool('resource_node_not_bonded_pool')).toBe(STOS);
    c.ok(o2, [M.updateResourceNodeDeposit(o2.address, nodeKeyOf(1).address, 3n)]);
    expect([c.pool('resource_node_not_bonded_pool'), c.pool('resource_node_bonded_pool')]).toEqual([0n, STOS + 3n]);
    expect(c.query('ResourceNode', { network_addr: nodeKeyOf(1).address }).node.status).toBe(3);
    expect(c.query('BondedResourceNodeCount').number).toBe(1n);
  });

  it('35: a kick pool past its expire time; a pool that passed keeps accepting votes without effect', () => {
    const c = new Chain(1000n * STOS, {
      meta_nodes: [genesisMetaNode(m0, o0.address, TEN), genesisMetaNode(m1, o1.address, TEN), genesisMetaNode(m2, o2.address, TEN)],
      kick_meta_node_vote_pool: [{ target_network_address: m2.address, approve_list: [], reject_list: [], expire_time: '2023-12-31T00:00:00Z', is_vote_passed: false }],
    });
    c.fails(o0, [M.kickVote(o0.address, m0.address, m2.address)], 'register', 35, `${FAIL}vote expired`);
  });

  it('47: a node pubkey that is not ed25519 (ValidateBasic)', () => {
    const c = new Chain();
    const node = nodeKeyOf(1);
    c.fails(o0, [M.createResourceNode(o0.address, node, STOS, 4, { pubkey: { type_url: '/sdk.crypto.secp256k1.PubKey', value: new Uint8Array([0x0a, 33, ...new Uint8Array(33).fill(2)]) } })], 'register', 47, '/sdk.crypto.secp256k1.PubKey: unknown pubKey ');
  });
});

describe('register EndBlock housekeeping', () => {
  it('every 10000th block deletes expired kick pools (only those); registration pools stay', () => {
    const c = new Chain(
      1000n * STOS,
      {
        meta_nodes: [genesisMetaNode(m0, o0.address, TEN), genesisMetaNode(m1, o1.address, TEN), genesisMetaNode(m2, o2.address, TEN)],
        kick_meta_node_vote_pool: [
          { target_network_address: m1.address, approve_list: [], reject_list: [], expire_time: '2023-12-31T00:00:00Z', is_vote_passed: false },
          { target_network_address: m2.address, approve_list: [], reject_list: [], expire_time: '2030-01-01T00:00:00Z', is_vote_passed: false },
        ],
        meta_node_reg_vote_pool: [{ network_address: pending.address, approve_list: [], reject_list: [], expire_time: '2023-12-31T00:00:00Z', is_vote_passed: false }],
      },
      {},
      '9999',
    );
    const kicks = () => (c.app.exportGenesis() as any).register.kick_meta_node_vote_pool.map((p: any) => p.target_network_address);
    c.emptyBlock(1_000_000_000n); // height 9999
    expect(kicks()).toEqual(expect.arrayContaining([m1.address, m2.address]));
    c.emptyBlock(1_000_000_000n); // height 10000
    expect(kicks()).toEqual([m2.address]);
    expect((c.app.exportGenesis() as any).register.meta_node_reg_vote_pool).toHaveLength(1);
  });
});
