import { describe, expect, it } from 'vitest';
import { Chain, M, nodeKeyOf, owners, STOS, typedEvents } from './harness.ts';

const [alice, bob] = [owners[0]!, owners[1]!];
const rn = nodeKeyOf(1);
const other = nodeKeyOf(2);
const FAIL = 'failed to execute message; message index: 0: ';

function withNode() {
  const chain = new Chain();
  chain.ok(alice, [M.createResourceNode(alice.address, rn, STOS)]);
  return chain;
}

describe('MsgCreateResourceNode', () => {
  it('ValidateBasic: each field, in the reference order', () => {
    const chain = new Chain();
    // network address does not match the pubkey → 3
    chain.fails(alice, [M.createResourceNode(alice.address, rn, STOS, 4, { network_address: other.address })], 'register', 3, 'invalid network address');
    chain.fails(alice, [M.createResourceNode(alice.address, rn, STOS, 4, { network_address: 'stsds1xyz' })], 'register', 3, 'invalid network address');
    chain.fails(alice, [M.createResourceNode(alice.address, rn, STOS, 4, { pubkey: null })], 'register', 38, 'missing public key');
    chain.fails(alice, [M.createResourceNode(alice.address, rn, 0n)], 'register', 5, 'value must be positive');
    chain.fails(alice, [M.createResourceNode(alice.address, rn, STOS, 4, { description: { moniker: '' } })], 'register', 7, 'moniker must be not empty');
    chain.fails(alice, [M.createResourceNode(alice.address, rn, STOS, 0)], 'register', 45, 'invalid node type');
    chain.fails(alice, [M.createResourceNode(alice.address, rn, STOS, 8)], 'register', 45, 'invalid node type');
  });

  it('handler errors are wrapped in ErrRegisterResourceNode (49)', () => {
    const chain = withNode();
    chain.fails(alice, [M.createResourceNode(alice.address, rn, STOS)], 'register', 49, `${FAIL}resource node already exist for this pubkey; must use new resource node pubkey: failed to register resource node`);
    chain.fails(alice, [M.createResourceNode(alice.address, other, STOS, 4, { value: { denom: 'gwei', amount: '1000000000000000000' } })], 'register', 49, `${FAIL}invalid coin denomination: failed to register resource node`);
    chain.fails(alice, [M.createResourceNode(alice.address, other, STOS - 1n)], 'register', 49, `${FAIL}insufficient deposit: failed to register resource node`);
    chain.fails(alice, [M.createResourceNode(alice.address, other, 10_000n * STOS)], 'register', 49, `${FAIL}insufficient balance: failed to register resource node`);
    // a bad beneficiary is wrapped in 31 (before the keeper)
    const r = chain.fails(alice, [M.createResourceNode(alice.address, other, STOS, 4, { beneficiary_address: 'st1bad' })], 'register', 31);
    expect(r.log).toMatch(/: invalid beneficiary address$/);
  });

  it('a meta node with the same address → 13 wrapped in 49', () => {
    const chain = new Chain();
    chain.ok(alice, [M.createMetaNode(alice.address, rn, STOS)]);
    chain.fails(alice, [M.createResourceNode(alice.address, rn, STOS)], 'register', 49, `${FAIL}meta node already exist for this pubkey; must use new meta node pubkey: failed to register resource node`);
  });

  it('registration disabled → 58 unwrapped', () => {
    const chain = new Chain(undefined, { params: { resource_node_reg_enabled: false } });
    chain.fails(alice, [M.createResourceNode(alice.address, rn, STOS)], 'register', 58, `${FAIL}resource node registration is disabled`);
  });

  it('beneficiary: empty means the owner; given one is kept', () => {
    const chain = new Chain();
    chain.ok(alice, [M.createResourceNode(alice.address, rn, STOS)]);
    chain.ok(alice, [M.createResourceNode(alice.address, other, STOS, 1, { beneficiary_address: bob.address })]);
    expect(chain.query('ResourceNode', { network_addr: rn.address }).node.beneficiary_address).toBe(alice.address);
    expect(chain.query('ResourceNode', { network_addr: other.address }).node.beneficiary_address).toBe(bob.address);
    expect(chain.query('BondedResourceNodeCount').number).toBe(2n);
    expect(chain.pool('resource_node_bonded_pool')).toBe(2n * STOS);
  });
});

describe('MsgUpdateResourceNode', () => {
  it('replaces the description wholesale, node type and beneficiary; event echoes the given beneficiary', () => {
    const chain = withNode();
    const r = chain.ok(alice, [M.updateResourceNode(alice.address, rn.address, { description: { moniker: 'x', details: 'd' }, node_type: 3 })]);
    expect(typedEvents(r.events)).toEqual([{ type: 'EventUpdateResourceNode', attrs: { beneficiary_address: '', network_address: rn.address, sender: alice.address } }]);
    const n = chain.query('ResourceNode', { network_addr: rn.address }).node;
    expect(n.description).toEqual({ moniker: 'x', identity: '', website: '', security_contact: '', details: 'd' });
    expect(n.node_type).toBe(3);
    expect(n.beneficiary_address).toBe(alice.address);
    chain.ok(alice, [M.updateResourceNode(alice.address, rn.address, { beneficiary_address: bob.address })]);
    expect(chain.query('ResourceNode', { network_addr: rn.address }).node.beneficiary_address).toBe(bob.address);
  });

  it('errors: 45 (VB), 14 / 30 wrapped in 53', () => {
    const chain = withNode();
    chain.fails(alice, [M.updateResourceNode(alice.address, rn.address, { node_type: 0 })], 'register', 45, 'invalid node type');
    chain.fails(alice, [M.updateResourceNode(alice.address, other.address)], 'register', 53, `${FAIL}resource node does not exist: failed to update resource node`);
    chain.fails(bob, [M.updateResourceNode(bob.address, rn.address)], 'register', 53, `${FAIL}invalid owner address: failed to update resource node`);
    chain.fails(alice, [M.updateResourceNode('st1bad', rn.address)], 'register', 30, 'invalid owner address');
  });
});

describe('MsgUpdateResourceNodeDeposit', () => {
  it('adds to a bonded node: owner → bonded pool; event current_deposit is the pre-update value [QUIRK]', () => {
    const chain = withNode();
    const r = chain.ok(alice, [M.updateResourceNodeDeposit(alice.address, rn.address, 5n)]);
    const ev = typedEvents(r.events)[0]!;
    expect(ev.type).toBe('EventUpdateResourceNodeDeposit');
    expect(ev.attrs).toMatchObject({
      current_deposit: '1000000000000000000wei',
      deposit_delta: '5wei',
      available_token_before: '1000000000000000000',
      available_token_after: '1000000000000000005',
      ozone_limit_changes: '0',
    });
    expect(chain.pool('resource_node_bonded_pool')).toBe(STOS + 5n);
    expect(chain.query('ResourceNode', { network_addr: rn.address }).node.tokens).toBe((STOS + 5n).toString());
  });

  it('errors: 44 (VB), 10 / 14 / 30 / 41 wrapped in 55', () => {
    const chain = withNode();
    chain.fails(alice, [M.updateResourceNodeDeposit(alice.address, rn.address, 0n)], 'register', 44, 'invalid change for deposit');
    chain.fails(alice, [M.updateResourceNodeDeposit(alice.address, rn.address, 5n, 'gwei')], 'register', 55, `${FAIL}invalid coin denomination: failed to update deposit for resource node`);
    chain.fails(alice, [M.updateResourceNodeDeposit(alice.address, other.address, 5n)], 'register', 55, `${FAIL}resource node does not exist: failed to update deposit for resource node`);
    chain.fails(bob, [M.updateResourceNodeDeposit(bob.address, rn.address, 5n)], 'register', 55, `${FAIL}invalid owner address: failed to update deposit for resource node`);
    chain.ok(alice, [M.removeResourceNode(alice.address, rn.address)]);
    chain.fails(alice, [M.updateResourceNodeDeposit(alice.address, rn.address, 5n)], 'register', 55, `${FAIL}changes cannot be made to an unbonding node: failed to update deposit for resource node`);
  });
});

describe('MsgRemoveResourceNode', () => {
  it('errors: 3 / 30 (VB); 14, 30, 17 wrapped in 51', () => {
    const chain = withNode();
    chain.fails(alice, [M.removeResourceNode(alice.address, 'stsds1bad')], 'register', 3, 'invalid network address');
    chain.fails(alice, [M.removeResourceNode(alice.address, other.address)], 'register', 51, `${FAIL}resource node does not exist: failed to unbond resource node`);
    chain.fails(bob, [M.removeResourceNode(bob.address, rn.address)], 'register', 51, `${FAIL}invalid owner address: failed to unbond resource node`);
    chain.ok(alice, [M.removeResourceNode(alice.address, rn.address)]);
    // everything available is already unbonding → 17
    chain.fails(alice, [M.removeResourceNode(alice.address, rn.address)], 'register', 51, `${FAIL}insufficient balance: failed to unbond resource node`);
  });
});

describe('MsgUpdateEffectiveDeposit', () => {
  it('ValidateBasic: 3, 60, 30, 61', () => {
    const chain = withNode();
    chain.fails(alice, [M.updateEffectiveDeposit([alice.address], [other.address], '', 1n)], 'register', 3, 'invalid network address');
    chain.fails(alice, [M.updateEffectiveDeposit([alice.address], [], rn.address, 1n)], 'register', 60);
    chain.fails(alice, [M.updateEffectiveDeposit([alice.address, alice.address], [other.address], rn.address, 1n)], 'register', 30);
    chain.fails(alice, [M.updateEffectiveDeposit([alice.address], [''], rn.address, 1n)], 'register', 60, 'invalid reporter address');
    chain.fails(alice, [M.updateEffectiveDeposit([alice.address], [other.address], rn.address, -1n)], 'register', 61, 'invalid amount');
  });

  it('handler: 63 for zero; 14 / 17 wrapped in 55; 3 wrapped for an unparsable address', () => {
    const chain = withNode();
    chain.fails(alice, [M.updateEffectiveDeposit([alice.address], [other.address], rn.address, 0n)], 'register', 63, `${FAIL}invalid effective token`);
    chain.fails(alice, [M.updateEffectiveDeposit([alice.address], [other.address], other.address, 1n)], 'register', 55, `${FAIL}resource node does not exist: failed to update deposit for resource node`);
    chain.fails(alice, [M.updateEffectiveDeposit([alice.address], [other.address], rn.address, STOS + 1n)], 'register', 55, `${FAIL}insufficient balance: failed to update deposit for resource node`);
    const r = chain.fails(alice, [M.updateEffectiveDeposit([alice.address], [other.address], 'stsds1bad', 1n)], 'register', 3);
    expect(r.log).toMatch(/: invalid network address$/);
  });

  it('[QUIRK] anyone listed as reporter owner sets it; unsuspends; St first deposit makes no ozone, the next does', () => {
    const chain = withNode();
    // bob owns no meta node at all
    const r = chain.ok(bob, [M.updateEffectiveDeposit([bob.address], [other.address], rn.address, 4_000_000n)]);
    expect(typedEvents(r.events)).toEqual([{ type: 'EventUpdateEffectiveDeposit', attrs: { effective_deposit_after: '4000000', is_unsuspended: 'true', network_address: rn.address } }]);
    const n = chain.query('ResourceNode', { network_addr: rn.address }).node;
    expect([n.suspend, n.effective_tokens]).toEqual([false, '4000000']);
    const s = chain.app.state.register;
    // St was 0: St grows, Lt does not [QUIRK]
    expect([s.effective_total_deposit, s.remaining_ozone_limit]).toEqual([4_000_000n, 0n]);
    // +3_500_000: Lt += trunc(3.5) = 3
    const r2 = chain.ok(bob, [M.updateEffectiveDeposit([bob.address], [other.address], rn.address, 7_500_000n)]);
    expect(typedEvents(r2.events)[0]!.attrs.is_unsuspended).toBe('false');
    expect([chain.app.state.register.effective_total_deposit, chain.app.state.register.remaining_ozone_limit]).toEqual([7_500_000n, 3n]);
    // −1_500_000: x = 1.5 > Lt? no, Lt = 3 ≥ 1.5 → Lt = trunc(3 − 1.5) = 1, St −= 1.5M
    chain.ok(bob, [M.updateEffectiveDeposit([bob.address], [other.address], rn.address, 6_000_000n)]);
    expect([chain.app.state.register.effective_total_deposit, chain.app.state.register.remaining_ozone_limit]).toEqual([6_000_000n, 1n]);
    // −5_000_000: x = 5 > Lt = 1 → not unbondable: St and Lt unchanged [QUIRK], effective tokens lowered
    chain.ok(bob, [M.updateEffectiveDeposit([bob.address], [other.address], rn.address, 1_000_000n)]);
    expect([chain.app.state.register.effective_total_deposit, chain.app.state.register.remaining_ozone_limit]).toEqual([6_000_000n, 1n]);
    expect(chain.query('ResourceNode', { network_addr: rn.address }).node.effective_tokens).toBe('1000000');
  });
});
