import { describe, expect, it } from 'vitest';
import { produce } from 'immer';
import { ABSTAIN, advanceTo, eventsOf, execLegacy, govChain, keys, M, MIN_DEPOSIT, NO, proposal, STOS, valoper, YES } from './harness.ts';
import { M as StakingM } from '../staking/harness.ts';
import { tallyProposal } from '../../../src/modules/gov/tally.ts';

const [alice, bob, carol, dave] = keys as [(typeof keys)[0], (typeof keys)[0], (typeof keys)[0], (typeof keys)[0]];

describe('gov tally', () => {
  it('a delegator voting itself overrides its validator for its shares; the validator keeps the rest', () => {
    // given: alice's validator with 10 STOS self-bond and 30 STOS from bob
    const chain = govChain();
    chain.ok(bob, [StakingM.delegate(bob.address, valoper(alice), 30n * STOS)]);
    chain.ok(dave, [M.submit(dave.address, [execLegacy()], MIN_DEPOSIT)]);
    // when: alice votes yes, bob votes no
    chain.ok(alice, [M.vote(alice.address, 1n, YES)]);
    chain.ok(bob, [M.vote(bob.address, 1n, NO)]);
    // then: the live tally (votes kept) and the final one agree: yes 10, no 30 → rejected
    expect(tallyProposal(chain.app.state, proposal(chain, 1n)!)).toEqual({
      passes: false,
      burnDeposits: false,
      tally: { yes_count: (10n * STOS).toString(), abstain_count: '0', no_count: (30n * STOS).toString(), no_with_veto_count: '0' },
    });
    expect(Object.keys(chain.app.state.gov.votes['1']!)).toHaveLength(2);
    const end = advanceTo(chain, proposal(chain, 1n)!.voting_end_time!);
    expect(eventsOf(end, 'active_proposal')).toEqual([{ proposal_id: '1', proposal_result: 'proposal_rejected' }]);
    expect(proposal(chain, 1n)!.final_tally_result).toEqual({ yes_count: (10n * STOS).toString(), abstain_count: '0', no_count: (30n * STOS).toString(), no_with_veto_count: '0' });
    expect(chain.app.state.gov.votes['1']).toBeUndefined();
  });

  it('a validator that does not vote adds nothing; a weighted delegator vote splits its power; abstain does not count toward the threshold', () => {
    // given: validators of alice and carol (10 STOS each); bob delegates 10 STOS to each
    const chain = govChain({ validators: 1 });
    chain.ok(carol, [StakingM.createValidator(carol, { ...consKeyOf(3) }, 10n * STOS)]);
    chain.ok(bob, [StakingM.delegate(bob.address, valoper(alice), 10n * STOS)]);
    chain.ok(bob, [StakingM.delegate(bob.address, valoper(carol), 10n * STOS)]);
    chain.ok(dave, [M.submit(dave.address, [execLegacy()], MIN_DEPOSIT)]);
    // when: bob votes 0.75 yes / 0.25 abstain; carol votes no; alice does not vote
    chain.ok(bob, [M.weighted(bob.address, 1n, [{ option: YES, weight: '0.75' }, { option: ABSTAIN, weight: '0.25' }])]);
    chain.ok(carol, [M.vote(carol.address, 1n, NO)]);
    // then: yes 15, abstain 5, no 10 (carol's own 10; bob's 10 with carol is his); total 30 of 40 bonded
    // quorum 0.75 ≥ 0.334; yes / (30 − 5) = 0.6 > 0.5 → passes
    const r = tallyProposal(chain.app.state, proposal(chain, 1n)!);
    expect(r).toEqual({ passes: true, burnDeposits: false, tally: { yes_count: (15n * STOS).toString(), abstain_count: (5n * STOS).toString(), no_count: (10n * STOS).toString(), no_with_veto_count: '0' } });
    advanceTo(chain, proposal(chain, 1n)!.voting_end_time!);
    expect(proposal(chain, 1n)!.status).toBe('PROPOSAL_STATUS_PASSED');
  });

  it('a jailed validator (still BONDED until staking EndBlock) is not counted: its vote and its delegators count nothing', () => {
    const chain = govChain();
    chain.ok(bob, [StakingM.delegate(bob.address, valoper(alice), 30n * STOS)]);
    chain.ok(dave, [M.submit(dave.address, [execLegacy()], MIN_DEPOSIT)]);
    chain.ok(alice, [M.vote(alice.address, 1n, YES)]);
    chain.ok(bob, [M.vote(bob.address, 1n, YES)]);
    const hex = Object.keys(chain.app.state.staking.validators)[0]!;
    const jailed = produce(chain.app.state, (d) => void (d.staking.validators[hex] = { ...d.staking.validators[hex]!, jailed: true }));
    expect(tallyProposal(jailed, proposal(chain, 1n)!)).toEqual({ passes: false, burnDeposits: false, tally: { yes_count: '0', abstain_count: '0', no_count: '0', no_with_veto_count: '0' } });
  });

  it('everyone abstaining rejects without burning', () => {
    const chain = govChain();
    chain.ok(dave, [M.submit(dave.address, [execLegacy()], MIN_DEPOSIT)]);
    chain.ok(alice, [M.vote(alice.address, 1n, ABSTAIN)]);
    const r = tallyProposal(chain.app.state, proposal(chain, 1n)!);
    expect(r.passes).toBe(false);
    expect(r.burnDeposits).toBe(false);
    expect(r.tally.abstain_count).toBe((10n * STOS).toString());
  });
});

import { consKey } from '../staking/harness.ts';
function consKeyOf(seed: number) {
  return consKey(seed);
}
