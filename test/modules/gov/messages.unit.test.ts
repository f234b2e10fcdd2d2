import { describe, expect, it } from 'vitest';
import { ABSTAIN, advanceTo, eventsOf, execLegacy, expectCode, GOV, govChain, keys, M, MIN_DEPOSIT, NO, pack, proposal, sendFromGov, STOS, textContent, valoper, VETO, YES } from './harness.ts';
import type { TxMessage } from '../../../src/client/sign-tx.ts';

const [alice, bob, carol] = keys as [(typeof keys)[0], (typeof keys)[0], (typeof keys)[0]];
const long = 'x'.repeat(256);

describe('MsgSubmitProposal (v1)', () => {
  it('an empty deposit still records a Deposit with no coins; metadata-only proposals are allowed', () => {
    const chain = govChain();
    const r = chain.ok(bob, [M.submit(bob.address, [], 0n, { metadata: 'ipfs://x' })]);
    expect(eventsOf(r.events, 'submit_proposal')).toEqual([{ proposal_id: '1', proposal_messages: '' }]);
    expect(eventsOf(r.events, 'proposal_deposit')).toEqual([{ amount: '', proposal_id: '1' }]);
    expect(chain.app.state.gov.deposits['1']).toEqual({ [Object.keys(chain.app.state.gov.deposits['1']!)[0]!]: { depositor: bob.address, amount: [] } });
  });

  it('a deposit with a zero coin (or unsorted coins) passes ValidateBasic (NewCoins sanitizes) but the send refuses it: sdk 10, nothing recorded', () => {
    const chain = govChain();
    const zero = [{ denom: 'wei', amount: '0' }];
    expectCode(chain.deliver(bob, [M.submit(bob.address, [], 0n, { metadata: 'm', initial_deposit: zero })]), 'sdk', 10, 'failed to execute message; message index: 0: 0wei: invalid coins');
    expect(chain.app.state.gov.next_proposal_id).toBe(1n);
    chain.ok(bob, [M.submit(bob.address, [], 0n, { metadata: 'm' })]);
    const deposit = (amount: { denom: string; amount: string }[]): TxMessage => ({ typeName: 'sdk.gov.v1.MsgDeposit', value: { proposal_id: 1n, depositor: carol.address, amount } });
    expectCode(chain.deliver(carol, [deposit(zero)]), 'sdk', 10, 'failed to execute message; message index: 0: 0wei: invalid coins');
    expectCode(chain.deliver(carol, [deposit([{ denom: 'xyz', amount: '5' }, { denom: 'wei', amount: '1' }])]), 'sdk', 10, 'failed to execute message; message index: 0: 5xyz,1wei: invalid coins');
    expect(Object.values(chain.app.state.gov.deposits['1']!).map((d) => d.depositor)).toEqual([bob.address]);
  });

  it('an initial deposit reaching min_deposit starts voting at once (second submit_proposal event); several messages', () => {
    const chain = govChain();
    const r = chain.ok(bob, [M.submit(bob.address, [execLegacy(), sendFromGov(carol.address, 1n)], MIN_DEPOSIT)]);
    expect(eventsOf(r.events, 'submit_proposal')).toEqual([
      { proposal_id: '1', proposal_messages: ',/sdk.gov.v1.MsgExecLegacyContent,/sdk.bank.v1beta1.MsgSend' },
      { voting_period_start: '1' },
    ]);
    expect(proposal(chain, 1n)!.status).toBe('PROPOSAL_STATUS_VOTING_PERIOD');
    expect(proposal(chain, 1n)!.messages.map((m) => m.type_name)).toEqual(['sdk.gov.v1.MsgExecLegacyContent', 'sdk.bank.v1beta1.MsgSend']);
  });

  it('ValidateBasic: empty title / summary (sdk 18), no messages and no metadata (gov 11), a bad inner message (gov 12), bad proposer (sdk 7)', () => {
    const chain = govChain();
    expectCode(chain.deliver(bob, [M.submit(bob.address, [execLegacy()], 0n, { title: '' })]), 'sdk', 18, 'proposal title cannot be empty: invalid request');
    expectCode(chain.deliver(bob, [M.submit(bob.address, [execLegacy()], 0n, { summary: '' })]), 'sdk', 18, 'proposal summary cannot be empty: invalid request');
    expectCode(chain.deliver(bob, [M.submit(bob.address, [], 0n)]), 'gov', 11, 'either metadata or Msgs length must be non-nil: no messages proposed');
    expectCode(chain.deliver(bob, [M.submit(bob.address, [sendFromGov(carol.address, 0n)], 0n)]), 'gov', 12);
    expect(chain.deliver(bob, [M.submit(bob.address, [sendFromGov(carol.address, 0n)], 0n)]).log).toMatch(/^msg: 0, err: .*: invalid proposal message$/);
    expect(chain.app.state.gov.next_proposal_id).toBe(1n);
  });

  it('metadata, title or summary over 255 bytes (gov 15)', () => {
    const chain = govChain();
    expectCode(chain.deliver(bob, [M.submit(bob.address, [execLegacy()], 0n, { metadata: long })]), 'gov', 15, 'failed to execute message; message index: 0: got metadata with length 256: metadata too long');
    expectCode(chain.deliver(bob, [M.submit(bob.address, [execLegacy()], 0n, { summary: long })]), 'gov', 15);
    expectCode(chain.deliver(bob, [M.submit(bob.address, [execLegacy()], 0n, { title: long })]), 'gov', 15);
    chain.ok(bob, [M.submit(bob.address, [execLegacy()], 0n, { metadata: 'y'.repeat(255) })]);
  });

  it('a message not signed by the gov account (gov 13), a message gov does not route (gov 10)', () => {
    const chain = govChain();
    const fromBob = pack('sdk.bank.v1beta1.MsgSend', { from_address: bob.address, to_address: carol.address, amount: [{ denom: 'wei', amount: '1' }] });
    expectCode(chain.deliver(bob, [M.submit(bob.address, [fromBob], 0n)]), 'gov', 13, `failed to execute message; message index: 0: ${bob.address}: expected gov account as only signer for proposal message`);
    const delegate = pack('sdk.staking.v1beta1.MsgDelegate', { delegator_address: GOV, validator_address: valoper(alice), amount: { denom: 'wei', amount: '1' } });
    expectCode(chain.deliver(bob, [M.submit(bob.address, [delegate], 0n)]), 'gov', 10, 'failed to execute message; message index: 0: /sdk.staking.v1beta1.MsgDelegate: proposal message not recognized by router');
    const execByBob = execLegacy(textContent(), bob.address);
    expectCode(chain.deliver(bob, [M.submit(bob.address, [execByBob], 0n)]), 'gov', 13);
  });

  it('min_initial_deposit_ratio: an initial deposit below round(min_deposit × ratio) fails (gov 16)', () => {
    const chain = govChain({ params: { min_initial_deposit_ratio: '0.25' } });
    expectCode(
      chain.deliver(bob, [M.submit(bob.address, [execLegacy()], STOS)]),
      'gov',
      16,
      'failed to execute message; message index: 0: was (1000000000000000000wei), need (2500000000000000000wei): minimum deposit is too small',
    );
    chain.ok(bob, [M.submit(bob.address, [execLegacy()], (5n * STOS) / 2n)]);
  });

  it('a submit charges 3 × 30 gas per byte of the proposal', () => {
    const chain = govChain();
    chain.ok(bob, [M.submit(bob.address, [execLegacy()], STOS, { summary: 's' })]);
    const small = chain.ok(bob, [M.submit(bob.address, [execLegacy()], STOS, { summary: 's' })]);
    const big = chain.ok(bob, [M.submit(bob.address, [execLegacy()], STOS, { summary: 's'.repeat(101) })]);
    // 100 more bytes: 3 × 30 × 100 for the proposal, plus the ante's 10 per tx byte
    expect(big.gas_used - small.gas_used).toBe(9000n + 1000n);
  });
});

describe('MsgDeposit', () => {
  it('unknown proposal (gov 2), finished proposal (gov 3), deposits during voting are accepted', () => {
    const chain = govChain();
    expectCode(chain.deliver(carol, [M.deposit(carol.address, 9n, STOS)]), 'gov', 2, 'failed to execute message; message index: 0: 9: unknown proposal');
    chain.ok(bob, [M.submit(bob.address, [execLegacy()], MIN_DEPOSIT)]);
    const r = chain.ok(carol, [M.deposit(carol.address, 1n, STOS)]);
    expect(eventsOf(r.events, 'proposal_deposit')).toEqual([{ amount: '1000000000000000000wei', proposal_id: '1' }]);
    expect(proposal(chain, 1n)!.total_deposit).toEqual([{ denom: 'wei', amount: MIN_DEPOSIT + STOS }]);
    advanceTo(chain, proposal(chain, 1n)!.voting_end_time!);
    expectCode(chain.deliver(carol, [M.deposit(carol.address, 1n, STOS)]), 'gov', 3, 'failed to execute message; message index: 0: 1: inactive proposal');
  });

  it('a depositor adding twice accumulates one Deposit record', () => {
    const chain = govChain();
    chain.ok(bob, [M.submit(bob.address, [execLegacy()], STOS)]);
    chain.ok(bob, [M.deposit(bob.address, 1n, 2n * STOS)]);
    expect(Object.values(chain.app.state.gov.deposits['1']!)).toEqual([{ depositor: bob.address, amount: [{ denom: 'wei', amount: 3n * STOS }] }]);
  });

  it('ValidateBasic: a negative amount (sdk 10); the signer must be the depositor', () => {
    const chain = govChain();
    expectCode(chain.deliver(bob, [{ typeName: 'sdk.gov.v1.MsgDeposit', value: { proposal_id: 1n, depositor: bob.address, amount: [{ denom: 'wei', amount: '-1' }] } }]), 'sdk', 10, '-1wei: invalid coins');
    expect(chain.deliver(bob, [M.deposit(carol.address, 1n, STOS)]).code).not.toBe(0);
  });

  it('ValidateBasic of MsgVote: a bad voter address (sdk 7)', () => {
    const chain = govChain();
    const r = chain.deliver(bob, [M.vote('st1bad', 1n, YES)]);
    expect({ codespace: r.codespace, code: r.code }).toEqual({ codespace: 'sdk', code: 7 });
    expect(r.log).toMatch(/^invalid voter address: .*: invalid address$/);
  });
});

describe('MsgVote / MsgVoteWeighted', () => {
  it('voting outside the voting period or on an unknown proposal (gov 3); invalid option (gov 7)', () => {
    const chain = govChain();
    chain.ok(bob, [M.submit(bob.address, [execLegacy()], STOS)]);
    expectCode(chain.deliver(alice, [M.vote(alice.address, 1n, YES)]), 'gov', 3, 'failed to execute message; message index: 0: 1: inactive proposal');
    expectCode(chain.deliver(alice, [M.vote(alice.address, 5n, YES)]), 'gov', 3);
    expectCode(chain.deliver(alice, [M.vote(alice.address, 1n, 0)]), 'gov', 7, 'VOTE_OPTION_UNSPECIFIED: invalid vote option');
  });

  it('vote metadata over 255 bytes (gov 15); a new vote replaces the old one', () => {
    const chain = govChain();
    chain.ok(bob, [M.submit(bob.address, [execLegacy()], MIN_DEPOSIT)]);
    expectCode(chain.deliver(alice, [M.vote(alice.address, 1n, YES, long)]), 'gov', 15);
    chain.ok(alice, [M.vote(alice.address, 1n, YES)]);
    chain.ok(alice, [M.vote(alice.address, 1n, NO, 'changed')]);
    expect(Object.values(chain.app.state.gov.votes['1']!)).toEqual([{ voter: alice.address, options: [{ option: 'VOTE_OPTION_NO', weight: '1.000000000000000000' }], metadata: 'changed' }]);
  });

  it('weighted: weights stored verbatim, event lists each option; sum ≠ 1, duplicates, bad weights (gov 7), no options (sdk 18)', () => {
    const chain = govChain();
    chain.ok(bob, [M.submit(bob.address, [execLegacy()], MIN_DEPOSIT)]);
    const r = chain.ok(alice, [M.weighted(alice.address, 1n, [{ option: YES, weight: '0.6' }, { option: NO, weight: '0.4' }])]);
    expect(eventsOf(r.events, 'proposal_vote')).toEqual([{ voter: alice.address, option: 'option:VOTE_OPTION_YES weight:"0.6"\noption:VOTE_OPTION_NO weight:"0.4"', proposal_id: '1' }]);
    expect(Object.values(chain.app.state.gov.votes['1']!)[0]!.options).toEqual([{ option: 'VOTE_OPTION_YES', weight: '0.6' }, { option: 'VOTE_OPTION_NO', weight: '0.4' }]);
    expectCode(chain.deliver(alice, [M.weighted(alice.address, 1n, [{ option: YES, weight: '0.6' }, { option: NO, weight: '0.5' }])]), 'gov', 7, 'Total weight overflow 1.00: invalid vote option');
    expectCode(chain.deliver(alice, [M.weighted(alice.address, 1n, [{ option: YES, weight: '0.5' }])]), 'gov', 7, 'Total weight lower than 1.00: invalid vote option');
    expectCode(chain.deliver(alice, [M.weighted(alice.address, 1n, [{ option: YES, weight: '0.5' }, { option: YES, weight: '0.5' }])]), 'gov', 7, 'Duplicated vote option: invalid vote option');
    expectCode(chain.deliver(alice, [M.weighted(alice.address, 1n, [{ option: YES, weight: '1.5' }])]), 'gov', 7, 'option:VOTE_OPTION_YES weight:"1.5": invalid vote option');
    expectCode(chain.deliver(alice, [M.weighted(alice.address, 1n, [{ option: ABSTAIN, weight: 'x' }])]), 'gov', 7);
    expectCode(chain.deliver(alice, [M.weighted(alice.address, 1n, [])]), 'sdk', 18, ': invalid request');
    expectCode(chain.deliver(alice, [M.weighted(alice.address, 1n, [{ option: VETO, weight: '1' }])]), '', 0);
  });
});

describe('MsgExecLegacyContent and MsgUpdateParams outside a proposal', () => {
  it('MsgUpdateParams of gov through a proposal replaces the params, strings verbatim', () => {
    const chain = govChain();
    const params = { ...chain.app.state.gov.params };
    const update = pack('sdk.gov.v1.MsgUpdateParams', {
      authority: GOV,
      params: {
        min_deposit: [{ denom: 'wei', amount: '5' }],
        max_deposit_period: { seconds: 50n, nanos: 0 },
        voting_period: { seconds: 30n, nanos: 0 },
        quorum: '0.4',
        threshold: '0.5',
        veto_threshold: '0.334',
        min_initial_deposit_ratio: '0',
        burn_vote_quorum: true,
        burn_proposal_deposit_prevote: false,
        burn_vote_veto: true,
      },
    });
    chain.ok(bob, [M.submit(bob.address, [update], MIN_DEPOSIT)]);
    chain.ok(alice, [M.vote(alice.address, 1n, YES)]);
    advanceTo(chain, proposal(chain, 1n)!.voting_end_time!);
    expect(proposal(chain, 1n)!.status).toBe('PROPOSAL_STATUS_PASSED');
    expect(chain.app.state.gov.params).toEqual({
      ...params,
      min_deposit: [{ denom: 'wei', amount: 5n }],
      max_deposit_period: 50_000_000_000n,
      voting_period: 30_000_000_000n,
      quorum: '0.4',
      threshold: '0.5',
      veto_threshold: '0.334',
      min_initial_deposit_ratio: '0',
      burn_vote_quorum: true,
    });
  });

  it('an invalid gov MsgUpdateParams in a proposal fails its ValidateBasic at submit (gov 12)', () => {
    const chain = govChain();
    const update = pack('sdk.gov.v1.MsgUpdateParams', { authority: GOV, params: { min_deposit: [], max_deposit_period: { seconds: 1n, nanos: 0 }, voting_period: { seconds: 1n, nanos: 0 }, quorum: '0.4', threshold: '0.5', veto_threshold: '0.3', min_initial_deposit_ratio: '0' } });
    const r = chain.deliver(bob, [M.submit(bob.address, [update], 0n)]);
    expectCode(r, 'gov', 12, 'msg: 0, err: invalid minimum deposit: : invalid proposal message');
  });
});
