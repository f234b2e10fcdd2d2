import { describe, expect, it } from 'vitest';
import { advanceTo, eventsOf, GOV, govChain, keys, M, MIN_DEPOSIT, pack, proposal, STOS, YES } from './harness.ts';
import { potParamsToProto } from '../../../src/modules/pot/params.ts';
import { DEFAULT_STAKING_PARAMS, paramsToProto as stakingParamsToProto } from '../../../src/modules/staking/params.ts';

const [alice, bob, carol] = keys as [(typeof keys)[0], (typeof keys)[0], (typeof keys)[0]];

/** Submit with min deposit, the validator votes yes, jump to the end of voting; returns the EndBlock events. */
function pass(chain: ReturnType<typeof govChain>, messages: ReturnType<typeof pack>[]) {
  const r = chain.ok(bob, [M.submit(bob.address, messages, MIN_DEPOSIT)]);
  const id = BigInt(eventsOf(r.events, 'submit_proposal')[0]!.proposal_id!);
  chain.ok(alice, [M.vote(alice.address, id, YES)]);
  return { id, events: advanceTo(chain, proposal(chain, id)!.voting_end_time!) };
}

describe('gov execution router', () => {
  it('MsgCommunityPoolSpend pays from the community pool', () => {
    const chain = govChain();
    chain.ok(carol, [{ typeName: 'sdk.distribution.v1beta1.MsgFundCommunityPool', value: { depositor: carol.address, amount: [{ denom: 'wei', amount: (5n * STOS).toString() }] } }]);
    const before = chain.balance(carol.address);
    const spend = pack('sdk.distribution.v1beta1.MsgCommunityPoolSpend', { authority: GOV, recipient: carol.address, amount: [{ denom: 'wei', amount: (2n * STOS).toString() }] });
    const { id, events } = pass(chain, [spend]);
    expect(proposal(chain, id)!.status).toBe('PROPOSAL_STATUS_PASSED');
    expect(eventsOf(events, 'transfer').at(-1)).toMatchObject({ recipient: carol.address, amount: '2000000000000000000wei' });
    expect(chain.balance(carol.address)).toBe(before + 2n * STOS);
  });

  it('MsgUpdateParams of staking and of pot in one proposal: both applied, in order', () => {
    const chain = govChain();
    const staking = pack('sdk.staking.v1beta1.MsgUpdateParams', { authority: GOV, params: { ...stakingParamsToProto(DEFAULT_STAKING_PARAMS), max_validators: 50 } });
    const pot = pack('chain.pot.v1.MsgUpdateParams', { authority: GOV, params: { ...potParamsToProto(chain.app.state.pot.params), mature_epoch: 99n } });
    const { id } = pass(chain, [staking, pot]);
    expect(proposal(chain, id)!.status).toBe('PROPOSAL_STATUS_PASSED');
    expect(chain.app.state.staking.params.max_validators).toBe(50);
    expect(chain.app.state.pot.params.mature_epoch).toBe(99n);
  });

  it('a message whose handler fails at execution (spend more than the pool) → FAILED, the other message not applied, no events of it', () => {
    const chain = govChain();
    const pot = pack('chain.pot.v1.MsgUpdateParams', { authority: GOV, params: { ...potParamsToProto(chain.app.state.pot.params), mature_epoch: 99n } });
    const spend = pack('sdk.distribution.v1beta1.MsgCommunityPoolSpend', { authority: GOV, recipient: carol.address, amount: [{ denom: 'wei', amount: '1' }] });
    const old = chain.app.state.pot.params.mature_epoch;
    const { id, events } = pass(chain, [pot, spend]);
    expect(proposal(chain, id)!.status).toBe('PROPOSAL_STATUS_FAILED');
    expect(chain.app.state.pot.params.mature_epoch).toBe(old);
    expect(eventsOf(events, 'active_proposal')).toEqual([{ proposal_id: '1', proposal_result: 'proposal_failed' }]);
  });

  it('proposals ending in the same block are processed in (end time, id) order', () => {
    const chain = govChain();
    chain.ok(bob, [M.submit(bob.address, [], MIN_DEPOSIT, { metadata: 'a' })]);
    chain.ok(bob, [M.submit(bob.address, [], MIN_DEPOSIT, { metadata: 'b' })]);
    const events = advanceTo(chain, proposal(chain, 2n)!.voting_end_time!);
    expect(eventsOf(events, 'active_proposal').map((e) => e.proposal_id)).toEqual(['1', '2']);
  });
});
