import { describe, expect, it } from 'vitest';
import { advanceTo, Chain, DEPOSIT_PERIOD, eventsOf, execLegacy, GOV, govChain, keys, M, MIN_DEPOSIT, NO, potMatureEpoch, proposal, sendFromGov, STOS, VETO, VOTING_PERIOD, YES } from './harness.ts';

const [alice, bob, carol] = keys as [(typeof keys)[0], (typeof keys)[0], (typeof keys)[0]];

describe('gov lifecycle', () => {
  it('submit → deposit reaches min_deposit → vote → passed at voting end; votes and deposits deleted, deposit refunded', () => {
    const chain = govChain();
    // when: bob submits a text proposal with half the min deposit
    const r = chain.ok(bob, [M.submit(bob.address, [execLegacy()], MIN_DEPOSIT / 2n)]);
    const submitTime = chain.timeNs;
    expect(eventsOf(r.events, 'submit_proposal')).toEqual([{ proposal_id: '1', proposal_messages: ',/sdk.gov.v1.MsgExecLegacyContent' }]);
    expect(eventsOf(r.events, 'proposal_deposit')).toEqual([{ amount: '5000000000000000000wei', proposal_id: '1' }]);
    expect(proposal(chain, 1n)).toMatchObject({ status: 'PROPOSAL_STATUS_DEPOSIT_PERIOD', submit_time: submitTime, deposit_end_time: submitTime + DEPOSIT_PERIOD, voting_start_time: null, voting_end_time: null, title: 'title', summary: 'summary', proposer: bob.address });
    expect(chain.app.state.gov.next_proposal_id).toBe(2n);
    expect(chain.balance(GOV)).toBe(MIN_DEPOSIT / 2n);

    // when: carol deposits the rest → voting starts
    const d = chain.ok(carol, [M.deposit(carol.address, 1n, MIN_DEPOSIT / 2n)]);
    const start = chain.timeNs;
    expect(eventsOf(d.events, 'proposal_deposit')).toEqual([{ amount: '5000000000000000000wei', proposal_id: '1' }, { voting_period_start: '1' }]);
    expect(proposal(chain, 1n)).toMatchObject({ status: 'PROPOSAL_STATUS_VOTING_PERIOD', voting_start_time: start, voting_end_time: start + VOTING_PERIOD, total_deposit: [{ denom: 'wei', amount: MIN_DEPOSIT }] });

    // when: the validator votes yes
    const v = chain.ok(alice, [M.vote(alice.address, 1n, YES)]);
    expect(eventsOf(v.events, 'proposal_vote')).toEqual([{ voter: alice.address, option: 'option:VOTE_OPTION_YES weight:"1.000000000000000000"', proposal_id: '1' }]);
    const bobBefore = chain.balance(bob.address);
    const carolBefore = chain.balance(carol.address);

    // then: at voting end it passes, deposits are refunded, votes deleted
    const end = advanceTo(chain, start + VOTING_PERIOD);
    expect(eventsOf(end, 'active_proposal')).toEqual([{ proposal_id: '1', proposal_result: 'proposal_passed' }]);
    expect(proposal(chain, 1n)).toMatchObject({ status: 'PROPOSAL_STATUS_PASSED', final_tally_result: { yes_count: '10000000000000000000', abstain_count: '0', no_count: '0', no_with_veto_count: '0' } });
    expect(chain.balance(bob.address)).toBe(bobBefore + MIN_DEPOSIT / 2n);
    expect(chain.balance(carol.address)).toBe(carolBefore + MIN_DEPOSIT / 2n);
    expect(chain.balance(GOV)).toBe(0n);
    expect(chain.app.state.gov.votes['1']).toBeUndefined();
    expect(chain.app.state.gov.deposits['1']).toBeUndefined();
    expect(chain.app.state.gov.active_queue).toEqual({});
  });

  it('a deposit period that ends short of min_deposit deletes the proposal and refunds (burn_proposal_deposit_prevote false)', () => {
    const chain = govChain();
    chain.ok(bob, [M.submit(bob.address, [execLegacy()], STOS)]);
    const end = proposal(chain, 1n)!.deposit_end_time;
    const before = chain.balance(bob.address);
    expect(eventsOf(advanceTo(chain, end - 1n), 'inactive_proposal')).toEqual([]);
    const events = advanceTo(chain, end);
    expect(eventsOf(events, 'inactive_proposal')).toEqual([{ proposal_id: '1', proposal_result: 'proposal_dropped' }]);
    expect(eventsOf(events, 'transfer')).toEqual([{ recipient: bob.address, sender: GOV, amount: '1000000000000000000wei' }]);
    expect(proposal(chain, 1n)).toBeUndefined();
    expect(chain.balance(bob.address)).toBe(before + STOS);
    expect(chain.app.state.gov.inactive_queue).toEqual({});
  });

  it('with burn_proposal_deposit_prevote the expired deposits are burned', () => {
    const chain = govChain({ params: { burn_proposal_deposit_prevote: true } });
    chain.ok(bob, [M.submit(bob.address, [execLegacy()], STOS)]);
    const supply = chain.app.state.bank.supply.wei;
    const events = advanceTo(chain, proposal(chain, 1n)!.deposit_end_time);
    expect(eventsOf(events, 'burn')).toEqual([{ burner: GOV, amount: '1000000000000000000wei' }]);
    expect(chain.app.state.bank.supply.wei).toBe(supply! - STOS);
    expect(chain.balance(GOV)).toBe(0n);
  });

  it('a veto above veto_threshold rejects and burns the deposits (burn_vote_veto true)', () => {
    const chain = govChain();
    chain.ok(bob, [M.submit(bob.address, [execLegacy()], MIN_DEPOSIT)]);
    chain.ok(alice, [M.vote(alice.address, 1n, VETO)]);
    const supply = chain.app.state.bank.supply.wei!;
    const events = advanceTo(chain, proposal(chain, 1n)!.voting_end_time!);
    expect(eventsOf(events, 'burn')).toEqual([{ burner: GOV, amount: '10000000000000000000wei' }]);
    expect(eventsOf(events, 'active_proposal')).toEqual([{ proposal_id: '1', proposal_result: 'proposal_rejected' }]);
    expect(proposal(chain, 1n)).toMatchObject({ status: 'PROPOSAL_STATUS_REJECTED', final_tally_result: { yes_count: '0', abstain_count: '0', no_count: '0', no_with_veto_count: '10000000000000000000' } });
    expect(chain.app.state.bank.supply.wei).toBe(supply - MIN_DEPOSIT);
  });

  it('without quorum the proposal is rejected and the deposit refunded (burn_vote_quorum false)', () => {
    const chain = govChain();
    chain.ok(bob, [M.submit(bob.address, [execLegacy()], MIN_DEPOSIT)]);
    const before = chain.balance(bob.address);
    const events = advanceTo(chain, proposal(chain, 1n)!.voting_end_time!);
    expect(eventsOf(events, 'active_proposal')).toEqual([{ proposal_id: '1', proposal_result: 'proposal_rejected' }]);
    expect(eventsOf(events, 'burn')).toEqual([]);
    expect(chain.balance(bob.address)).toBe(before + MIN_DEPOSIT);
    expect(proposal(chain, 1n)!.final_tally_result).toEqual({ yes_count: '0', abstain_count: '0', no_count: '0', no_with_veto_count: '0' });
  });

  it('with burn_vote_quorum a proposal short of quorum burns its deposit', () => {
    const chain = govChain({ params: { burn_vote_quorum: true } });
    chain.ok(bob, [M.submit(bob.address, [execLegacy()], MIN_DEPOSIT)]);
    const events = advanceTo(chain, proposal(chain, 1n)!.voting_end_time!);
    expect(eventsOf(events, 'burn')).toEqual([{ burner: GOV, amount: '10000000000000000000wei' }]);
  });

  it('a passed MsgUpdateParams of pot changes mature_epoch at the end of the voting period', () => {
    const chain = govChain();
    const old = chain.app.state.pot.params.mature_epoch;
    chain.ok(bob, [M.submit(bob.address, [potMatureEpoch(chain, old + 7n)], MIN_DEPOSIT)]);
    chain.ok(alice, [M.vote(alice.address, 1n, YES)]);
    const end = proposal(chain, 1n)!.voting_end_time!;
    advanceTo(chain, end - 1n);
    expect(chain.app.state.pot.params.mature_epoch).toBe(old);
    const events = advanceTo(chain, end);
    expect(eventsOf(events, 'active_proposal')).toEqual([{ proposal_id: '1', proposal_result: 'proposal_passed' }]);
    expect(chain.app.state.pot.params.mature_epoch).toBe(old + 7n);
  });

  it('a passed proposal whose second message fails is FAILED and its first message is not applied', () => {
    const chain = govChain();
    const old = chain.app.state.pot.params.mature_epoch;
    // the gov account holds only the deposit (refunded before execution), so the send fails
    chain.ok(bob, [M.submit(bob.address, [potMatureEpoch(chain, old + 7n), sendFromGov(carol.address, STOS)], MIN_DEPOSIT)]);
    expect(eventsOf(chain.ok(alice, [M.vote(alice.address, 1n, YES)]).events, 'proposal_vote')).toHaveLength(1);
    const carolBefore = chain.balance(carol.address);
    const events = advanceTo(chain, proposal(chain, 1n)!.voting_end_time!);
    expect(eventsOf(events, 'active_proposal')).toEqual([{ proposal_id: '1', proposal_result: 'proposal_failed' }]);
    expect(proposal(chain, 1n)!.status).toBe('PROPOSAL_STATUS_FAILED');
    expect(chain.app.state.pot.params.mature_epoch).toBe(old);
    expect(chain.balance(carol.address)).toBe(carolBefore);
    // the deposit was refunded before execution
    expect(chain.balance(GOV)).toBe(0n);
  });

  it('a passed MsgSend from the gov account pays out of its balance (here: the held deposit of another proposal)', () => {
    const chain = govChain();
    // proposal 1 stays in its deposit period with 3 STOS held by the gov account
    chain.ok(carol, [M.submit(carol.address, [execLegacy()], 3n * STOS)]);
    chain.ok(bob, [M.submit(bob.address, [sendFromGov(carol.address, 2n * STOS)], MIN_DEPOSIT)]);
    chain.ok(alice, [M.vote(alice.address, 2n, YES)]);
    const carolBefore = chain.balance(carol.address);
    const events = advanceTo(chain, proposal(chain, 2n)!.voting_end_time!);
    expect(eventsOf(events, 'transfer').at(-1)).toEqual({ recipient: carol.address, sender: GOV, amount: '2000000000000000000wei' });
    expect(chain.balance(carol.address)).toBe(carolBefore + 2n * STOS);
    expect(chain.balance(GOV)).toBe(STOS);
  });

  it('a no majority rejects with refund', () => {
    const chain = govChain();
    chain.ok(bob, [M.submit(bob.address, [execLegacy()], MIN_DEPOSIT)]);
    chain.ok(alice, [M.vote(alice.address, 1n, NO)]);
    const events = advanceTo(chain, proposal(chain, 1n)!.voting_end_time!);
    expect(eventsOf(events, 'active_proposal')).toEqual([{ proposal_id: '1', proposal_result: 'proposal_rejected' }]);
    expect(eventsOf(events, 'burn')).toEqual([]);
  });
});

export type { Chain };
