import { describe, expect, it } from 'vitest';
import { advanceTo, eventsOf, expectCode, GOV, govChain, keys, M, MIN_DEPOSIT, NO, proposal, STOS, textContent, YES } from './harness.ts';
import { decodeMessageRecord } from '../../../src/modules/gov/router.ts';

const [alice, bob, carol] = keys as [(typeof keys)[0], (typeof keys)[0], (typeof keys)[0]];

describe('gov v1beta1 messages', () => {
  it('a legacy text proposal becomes one MsgExecLegacyContent with title and summary from the content', () => {
    const chain = govChain();
    const r = chain.ok(bob, [M.legacySubmit(bob.address, textContent('Title', 'Description'), MIN_DEPOSIT)]);
    expect(eventsOf(r.events, 'message').find((e) => 'action' in e)).toMatchObject({ action: '/sdk.gov.v1beta1.MsgSubmitProposal', module: 'gov' });
    expect(eventsOf(r.events, 'submit_proposal')).toEqual([{ proposal_id: '1', proposal_messages: ',/sdk.gov.v1.MsgExecLegacyContent' }, { voting_period_start: '1' }]);
    const p = proposal(chain, 1n)!;
    expect(p).toMatchObject({ title: 'Title', summary: 'Description', metadata: '', proposer: bob.address });
    expect(p.messages.map((m) => m.type_name)).toEqual(['sdk.gov.v1.MsgExecLegacyContent']);
    const exec = decodeMessageRecord(p.messages[0]!) as { authority: string; content: { type_url: string } };
    expect(exec.authority).toBe(GOV);
    expect(exec.content.type_url).toBe('/sdk.gov.v1beta1.TextProposal');

    // legacy votes and deposits go through the v1 handlers
    const v = chain.ok(alice, [M.legacyVote(alice.address, 1n, YES)]);
    expect(eventsOf(v.events, 'proposal_vote')).toEqual([{ voter: alice.address, option: 'option:VOTE_OPTION_YES weight:"1.000000000000000000"', proposal_id: '1' }]);
    chain.ok(alice, [M.legacyWeighted(alice.address, 1n, [{ option: YES, weight: '0.7' }, { option: NO, weight: '0.3' }])]);
    expect(Object.values(chain.app.state.gov.votes['1']!)[0]!.options).toEqual([
      { option: 'VOTE_OPTION_YES', weight: '0.700000000000000000' },
      { option: 'VOTE_OPTION_NO', weight: '0.300000000000000000' },
    ]);
    chain.ok(carol, [M.legacyDeposit(carol.address, 1n, STOS)]);
    expect(proposal(chain, 1n)!.total_deposit).toEqual([{ denom: 'wei', amount: MIN_DEPOSIT + STOS }]);
    advanceTo(chain, proposal(chain, 1n)!.voting_end_time!);
    expect(proposal(chain, 1n)!.status).toBe('PROPOSAL_STATUS_PASSED');
  });

  it('TextProposal checks (gov 5) and the 255-byte cap on the description as summary (gov 15)', () => {
    const chain = govChain();
    expectCode(chain.deliver(bob, [M.legacySubmit(bob.address, textContent(' ', 'D'), 0n)]), 'gov', 5, 'proposal title cannot be blank: invalid proposal content');
    expectCode(chain.deliver(bob, [M.legacySubmit(bob.address, textContent('T', ''), 0n)]), 'gov', 5, 'proposal description cannot be blank: invalid proposal content');
    expectCode(chain.deliver(bob, [M.legacySubmit(bob.address, textContent('x'.repeat(141), 'D'), 0n)]), 'gov', 5, 'proposal title is longer than max length of 140: invalid proposal content');
    expectCode(chain.deliver(bob, [M.legacySubmit(bob.address, textContent('T', 'd'.repeat(256)), 0n)]), 'gov', 15);
    expect(chain.app.state.gov.next_proposal_id).toBe(1n);
  });

  it('ValidateAbstract measures in bytes (Go len) and trims as strings.TrimSpace', () => {
    const chain = govChain();
    // 47 three-byte characters: 141 bytes
    expectCode(chain.deliver(bob, [M.legacySubmit(bob.address, textContent('提'.repeat(47), 'D'), 0n)]), 'gov', 5, 'proposal title is longer than max length of 140: invalid proposal content');
    // 3334 three-byte characters: 10002 bytes, refused by ValidateBasic before the keeper's 255-byte cap
    expectCode(chain.deliver(bob, [M.legacySubmit(bob.address, textContent('T', '案'.repeat(3334)), 0n)]), 'gov', 5, 'proposal description is longer than max length of 10000: invalid proposal content');
    // U+0085 (NEL) is white space to Go's TrimSpace (not to JS trim)
    expectCode(chain.deliver(bob, [M.legacySubmit(bob.address, textContent('\u0085', 'D'), 0n)]), 'gov', 5, 'proposal title cannot be blank: invalid proposal content');
    expect(chain.app.state.gov.next_proposal_id).toBe(1n);
    // 46 of them (138 bytes) pass
    chain.ok(bob, [M.legacySubmit(bob.address, textContent('提'.repeat(46), 'D'), 0n)]);
    expect(chain.app.state.gov.next_proposal_id).toBe(2n);
  });

  it('legacy vote option checks (gov 7)', () => {
    const chain = govChain();
    expectCode(chain.deliver(alice, [M.legacyVote(alice.address, 1n, 0)]), 'gov', 7, 'VOTE_OPTION_UNSPECIFIED: invalid vote option');
    expectCode(chain.deliver(alice, [M.legacyWeighted(alice.address, 1n, [{ option: YES, weight: '0.5' }])]), 'gov', 7, 'Total weight lower than 1.00: invalid vote option');
  });
});
