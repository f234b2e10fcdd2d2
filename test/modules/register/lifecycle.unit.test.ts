import { describe, expect, it } from 'vitest';
import { Chain, DAY, FEE, FEE_AMOUNT, M, nodeKeyOf, owners, SEC, STOS, typedEvents } from './harness.ts';
import { signed } from '../../helpers/fixture.ts';
import { protoJsonValue } from '../../../src/codec/proto-json.ts';

const alice = owners[0]!;
const rn = nodeKeyOf(1);

describe('resource node lifecycle (spec part 3)', () => {
  it('create → BONDED, suspend true, bonded_deposit = amount → remove → UNBONDING → completion returns the deposit', () => {
    const chain = new Chain();
    const start = chain.balance(alice.address);

    // when: create-resource-node with 1 stos
    const created = chain.ok(alice, [M.createResourceNode(alice.address, rn, STOS)]);
    expect(typedEvents(created.events)).toEqual([
      {
        type: 'EventCreateResourceNode',
        attrs: { initial_deposit: '1000000000000000000wei', network_address: rn.address, ozone_limit_changes: '0', pubkey: Buffer.from(rn.pub).toString('hex'), sender: alice.address },
      },
    ]);
    const createdAt = chain.timeNs;
    // then: BONDED, suspended, deposit in the bonded pool
    const info = chain.query('DepositByNode', { network_addr: rn.address, query_type: 2 }).deposit_info;
    expect(info.status).toBe(3);
    expect(info.suspend).toBe(true);
    expect(info.tokens).toBe(STOS.toString());
    expect(info.bonded_deposit).toEqual({ denom: 'wei', amount: STOS.toString() });
    expect(info.un_bonding_deposit).toEqual({ denom: 'wei', amount: '0' });
    expect(info.node_type).toBe(4);
    expect(chain.pool('resource_node_bonded_pool')).toBe(STOS);
    expect(chain.pool('resource_node_not_bonded_pool')).toBe(0n);
    expect(chain.balance(alice.address)).toBe(start - STOS - FEE_AMOUNT);
    expect(chain.query('BondedResourceNodeCount').number).toBe(1n);
    // the ozone limit does not move for resource nodes
    expect(chain.query('RemainingOzoneLimit').ozone_limit).toBe('0');

    // when: remove-resource-node
    const removed = chain.ok(alice, [M.removeResourceNode(alice.address, rn.address)]);
    // created less than 180 days ago: mature at creation + 180 d + 14 d
    const mature = createdAt + 194n * DAY;
    expect(typedEvents(removed.events)).toEqual([
      {
        type: 'EventUnBondingResourceNode',
        attrs: { deposit_to_remove: '1000000000000000000wei', resource_node: rn.address, sender: alice.address, unbonding_mature_time: new Date(Number(mature / 1_000_000n)).toISOString().replace('.000', '') },
      },
    ]);
    const after = chain.query('DepositByNode', { network_addr: rn.address, query_type: 0 }).deposit_info;
    expect(after.status).toBe(2);
    expect(after.tokens).toBe(STOS.toString());
    expect(after.bonded_deposit.amount).toBe('0');
    expect(after.un_bonding_deposit).toEqual({ denom: 'wei', amount: STOS.toString() });
    expect(chain.pool('resource_node_bonded_pool')).toBe(0n);
    expect(chain.pool('resource_node_not_bonded_pool')).toBe(STOS);
    expect(chain.query('BondedResourceNodeCount').number).toBe(0n);
    expect(chain.query('DepositTotal')).toMatchObject({ total_unbonding_deposit: { amount: STOS.toString() }, total_unbonded_deposit: { amount: '0' } });

    // then: one second before maturity nothing happens
    chain.emptyBlock(mature - chain.timeNs - SEC);
    expect(chain.query('ResourceNode', { network_addr: rn.address }).node.status).toBe(2);
    // at maturity the deposit returns to the owner and the record is deleted
    const end = chain.emptyBlock(SEC);
    expect(typedEvents(end)).toEqual([]); // [QUIRK] the completion event is never emitted
    expect(chain.balance(alice.address)).toBe(start - 2n * FEE_AMOUNT);
    expect(chain.pool('resource_node_not_bonded_pool')).toBe(0n);
    expect(chain.query('ResourceNode', { network_addr: rn.address }).error).toEqual({ code: 22, log: expect.stringContaining(`network address ${rn.address} not found`) });
    expect(chain.query('DepositByNode', { network_addr: rn.address, query_type: 0 }).deposit_info.status).toBe(0);
  });
});

describe('register over the protobuf / JSON edges', () => {
  it('a create signed in amino-JSON mode is accepted', () => {
    const chain = new Chain();
    const tx = signed(alice, 0n, 0n, { messages: [M.createResourceNode(alice.address, rn, STOS)], fee: FEE, gasLimit: 2_000_000n }, { mode: 'amino-json' });
    const res = chain.app.finalizeBlock({ height: chain.app.height + 1n, timeNs: chain.timeNs + SEC, proposer: '' , txs: [tx] });
    chain.app.commit();
    expect([res.txResults[0]!.code, res.txResults[0]!.log.startsWith('[')]).toEqual([0, true]);
  });

  it('DepositByNode prints in proto-JSON with the status name, RFC 3339 creation time and the pubkey Any', () => {
    const chain = new Chain();
    chain.ok(alice, [M.createResourceNode(alice.address, rn, STOS)]);
    const res = chain.query('DepositByNode', { network_addr: rn.address, query_type: 0 });
    const json = protoJsonValue('chain.register.v1.QueryDepositByNodeResponse', res, { codec: chain.app.codec }) as any;
    expect(json.deposit_info).toMatchObject({
      network_address: rn.address,
      pubkey: { '@type': '/sdk.crypto.ed25519.PubKey', key: Buffer.from(rn.pub).toString('base64') },
      suspend: true,
      status: 'BOND_STATUS_BONDED',
      tokens: STOS.toString(),
      creation_time: '2024-01-01T00:00:05Z',
      node_type: 4,
      bonded_deposit: { denom: 'wei', amount: STOS.toString() },
    });
  });
});
