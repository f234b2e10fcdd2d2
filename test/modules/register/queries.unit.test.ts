import { describe, expect, it } from 'vitest';
import { moduleAccountAddress } from '../../../src/modules/auth/account.ts';
import { accountKey } from '../../../src/modules/auth/account.ts';
import { addSlashing, ownsMetaNode, setSlashing, slashingOf } from '../../../src/modules/register/state.ts';
import { Chain, DAY, genesisMetaNode, M, nodeKeyOf, owners, patchState, STOS } from './harness.ts';

const [o0, o1] = [owners[0]!, owners[1]!];

describe('register queries (reference §1.10)', () => {
  it('DepositByOwner: resource nodes then meta nodes of the owner; total = items returned; pagination by limit', () => {
    const c = new Chain(1000n * STOS, { meta_nodes: [genesisMetaNode(nodeKeyOf(10), o0.address, 3n)] });
    c.ok(o0, [M.createResourceNode(o0.address, nodeKeyOf(1), STOS)]);
    c.ok(o0, [M.createResourceNode(o0.address, nodeKeyOf(2), 2n * STOS)]);
    c.ok(o1, [M.createResourceNode(o1.address, nodeKeyOf(3), STOS)]);
    const all = c.query('DepositByOwner', { owner_addr: o0.address });
    expect(all.deposit_infos.map((d: any) => d.tokens).sort()).toEqual(['1000000000000000000', '2000000000000000000', '3']);
    expect(all.deposit_infos[2].network_address).toBe(nodeKeyOf(10).address); // meta nodes after resource nodes
    expect(all.pagination.total).toBe(3n);
    const page = c.query('DepositByOwner', { owner_addr: o0.address, pagination: { limit: 2n } });
    expect(page.deposit_infos).toHaveLength(2);
    expect(page.pagination.total).toBe(2n);
    expect(page.pagination.next_key.length).toBe(21);
    // reverse walks the store keys down: the meta node (0x02…) first, then the resource nodes
    const order = all.deposit_infos.map((d: any) => d.network_address);
    const reversed = c.query('DepositByOwner', { owner_addr: o0.address, pagination: { reverse: true } });
    expect(reversed.deposit_infos.map((d: any) => d.network_address)).toEqual([...order].reverse());
    const first = c.query('DepositByOwner', { owner_addr: o0.address, pagination: { reverse: true, limit: 1n } });
    expect(first.deposit_infos.map((d: any) => d.network_address)).toEqual([nodeKeyOf(10).address]);
    const next = c.query('DepositByOwner', { owner_addr: o0.address, pagination: { reverse: true, key: first.pagination.next_key } });
    expect(next.deposit_infos.map((d: any) => d.network_address)).toEqual([...order].reverse().slice(1));
  });

  it('DepositTotal: pool sums; unbonded = not-bonded pools − unbonding', () => {
    const c = new Chain(1000n * STOS, { meta_nodes: [genesisMetaNode(nodeKeyOf(10), o0.address, 3n)] });
    c.ok(o0, [M.createResourceNode(o0.address, nodeKeyOf(1), STOS)]);
    c.ok(o1, [M.createMetaNode(o1.address, nodeKeyOf(11), 7n)]);
    c.ok(o0, [M.removeResourceNode(o0.address, nodeKeyOf(1).address)]);
    expect(c.query('DepositTotal')).toEqual({
      resource_nodes_total_deposit: { denom: 'wei', amount: STOS.toString() },
      meta_nodes_total_deposit: { denom: 'wei', amount: '10' },
      total_bonded_deposit: { denom: 'wei', amount: '3' },
      total_unbonded_deposit: { denom: 'wei', amount: '7' },
      total_unbonding_deposit: { denom: 'wei', amount: STOS.toString() },
    });
  });

  it('ResourceNode / MetaNode: empty address → InvalidArgument (ABCI 18 in sdk), unknown → NotFound', () => {
    const c = new Chain();
    expect(c.query('ResourceNode', { network_addr: '' }).error.code).toBe(18);
    expect(c.query('MetaNode', { network_addr: nodeKeyOf(4).address }).error).toEqual({ code: 22, log: expect.stringContaining('not found') });
  });
});

describe('unbonding completion with slashing (reference §1.7, §1.8)', () => {
  it('owed slashing of the owner goes to the community pool, the rest to the owner, debt lowered', () => {
    const c = new Chain();
    c.ok(o0, [M.createResourceNode(o0.address, nodeKeyOf(1), STOS)]);
    c.ok(o0, [M.removeResourceNode(o0.address, nodeKeyOf(1).address)]);
    patchState(c, (d) => setSlashing(d, accountKey(o0.address), 400n));
    const before = c.balance(o0.address);
    const distBefore = c.balance(moduleAccountAddress('distribution'));
    c.emptyBlock(195n * DAY);
    expect(c.balance(o0.address)).toBe(before + STOS - 400n);
    expect(c.balance(moduleAccountAddress('distribution'))).toBe(distBefore + 400n);
    expect(c.app.state.register.slashing).toEqual({});
    expect(c.app.state.register.unbonding_queue).toEqual({});
    expect(c.app.state.register.unbonding_nodes).toEqual({});
  });
});

describe('helpers for pot', () => {
  it('addSlashing / slashingOf key the debt by the wallet; ownsMetaNode checks owner and reporter', () => {
    const c = new Chain(1000n * STOS, { meta_nodes: [genesisMetaNode(nodeKeyOf(10), o0.address, 3n)] });
    patchState(c, (d) => {
      addSlashing(d, o1.address, 5n);
      addSlashing(d, o1.address, 7n);
    });
    expect(slashingOf(c.app.state, o1.address)).toBe(12n);
    expect(slashingOf(c.app.state, o0.address)).toBe(0n);
    expect(ownsMetaNode(c.app.state, o0.address, nodeKeyOf(10).address)).toBe(true);
    expect(ownsMetaNode(c.app.state, o1.address, nodeKeyOf(10).address)).toBe(false);
  });
});
