/** The reference's [QUIRK] / [EDGE] cases not covered by the per-message tests (listed in docs/quirks.md). */
import { describe, expect, it } from 'vitest';
import { accountKey } from '../../../src/modules/auth/account.ts';
import { setSlashing } from '../../../src/modules/register/state.ts';
import { Chain, genesisMetaNode, M, nodeKeyOf, owners, patchState, STOS, typedEvents } from './harness.ts';

const [o0, o1, o4] = [owners[0]!, owners[1]!, owners[4]!];
const TEN = 10n * STOS;
const metas = [nodeKeyOf(10), nodeKeyOf(11), nodeKeyOf(12), nodeKeyOf(13)];

describe('register quirks', () => {
  it('[QUIRK] removing a resource node leaves its effective tokens in St (and Lt untouched)', () => {
    const c = new Chain(1000n * STOS, { meta_nodes: [genesisMetaNode(metas[0]!, o0.address, TEN)] });
    const rn = nodeKeyOf(1);
    c.ok(o1, [M.createResourceNode(o1.address, rn, STOS)]);
    c.ok(o1, [M.updateEffectiveDeposit([o1.address], [metas[0]!.address], rn.address, 4_000_000n)]);
    const st = c.app.state.register.effective_total_deposit;
    const lt = c.app.state.register.remaining_ozone_limit;
    expect([st, lt]).toEqual([TEN + 4_000_000n, 10_000_000_000_004n]);
    c.ok(o1, [M.removeResourceNode(o1.address, rn.address)]);
    expect([c.app.state.register.effective_total_deposit, c.app.state.register.remaining_ozone_limit]).toEqual([st, lt]);
    expect(c.query('ResourceNode', { network_addr: rn.address }).node.effective_tokens).toBe('4000000');
  });

  it('[QUIRK] a kick vote from a non-active voter fails (67) unless it is the vote that kicks the target', () => {
    const c = new Chain(1000n * STOS, { meta_nodes: metas.map((m, i) => genesisMetaNode(m, owners[i]!.address, TEN)) });
    const target = metas[3]!.address;
    c.ok(o0, [M.kickVote(o0.address, metas[0]!.address, target)]);
    c.ok(o1, [M.kickVote(o1.address, metas[1]!.address, target)]);
    // A = 4 → 3 approvals; the third comes from an account with no meta node under a made-up voter address
    const r = c.ok(o4, [M.kickVote(o4.address, nodeKeyOf(77).address, target)]);
    expect(typedEvents(r.events)[0]!.attrs.target_status).toBe('BOND_STATUS_UNBONDING');
    expect(c.query('MetaNode', { network_addr: target }).node.status).toBe(2);
  });

  it('[QUIRK] genesis: an Unbonding node deposits into the bonded pool on a fresh start', () => {
    const c = new Chain(1000n * STOS, { meta_nodes: [genesisMetaNode(metas[0]!, o0.address, TEN, { status: 'BOND_STATUS_UNBONDING' })] });
    expect(c.pool('meta_node_bonded_pool')).toBe(TEN);
    expect(c.pool('meta_node_not_bonded_pool')).toBe(0n);
    // not Bonded: not counted, no St
    expect(c.app.state.register.effective_total_deposit).toBe(0n);
    expect(c.query('BondedMetaNodeCount').number).toBe(0n);
  });

  it('[QUIRK] genesis unbonding entries: the amino spelling creation_time is read as the completion time', () => {
    const m = metas[0]!;
    const c = new Chain(1000n * STOS, {
      meta_nodes: [genesisMetaNode(m, o0.address, TEN, { status: 'BOND_STATUS_UNBONDING' })],
      unbonding_nodes: [{ network_addr: m.address, is_meta_node: true, entries: [{ creation_height: '1', creation_time: '2024-01-02T00:00:00Z', initial_balance: '5', balance: '5' }] }],
    });
    expect(Object.keys(c.app.state.register.unbonding_queue)).toEqual([String(1_704_153_600_000_000_000n).padStart(20, '0')]);
  });

  it('[EDGE] export of a slashing debt above 2^63−1 wei fails with a clear error instead of panicking', () => {
    const c = new Chain();
    patchState(c, (d) => setSlashing(d, accountKey(o0.address), 1n << 63n));
    expect(() => c.app.exportGenesis()).toThrow(`app_state.register.slashing: the debt of ${o0.address} (9223372036854775808wei) does not fit int64; the real chain panics exporting it`);
    patchState(c, (d) => setSlashing(d, accountKey(o0.address), (1n << 63n) - 1n));
    expect((c.app.exportGenesis() as any).register.slashing).toEqual([{ wallet_address: o0.address, value: '9223372036854775807' }]);
  });
});
