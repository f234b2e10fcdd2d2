/**
 * AllocateTokens at BeginBlock (reference/sdk-modules.md §4.2, §8): several validators with
 * different powers and commission rates, community tax, an absent vote still sharing, the dust to
 * the community pool; and the simulator's departures (no lastCommit; no staking validator among
 * the votes).
 */
import { describe, expect, it } from 'vitest';
import { distributionModule } from '../../../src/modules/distribution/index.ts';
import { DISTR, FEE_COLLECTOR, STOS, World, allocationEvents, createValidator, dec, keys, valOf, vote, type Val } from './harness.ts';
import { defaultDistributionGenesis } from '../../../src/modules/distribution/genesis.ts';

const FEES = 1_000_000_000_000_007n;
const [A, B, C] = [valOf(0), valOf(1), valOf(2)];

function world(tax = '0.020000000000000000') {
  const g = defaultDistributionGenesis();
  const w = new World({ distribution: { ...g, params: { ...g.params, community_tax: tax } } });
  w.patch((d, ctx) => {
    createValidator(d, A, 100n * STOS, dec('0.1'), ctx);
    createValidator(d, B, 50n * STOS, dec('0.05'), ctx);
    createValidator(d, C, 30n * STOS, 0n, ctx);
  }, 0n);
  return w;
}

const votes = () => [vote(A, 100_000n), vote(B, 50_000n), vote(C, 30_000n, false)];

/** A tx paying `fee` at the next height (its block allocates what was there before). */
function payFee(w: World, fee: bigint, o: { votes?: ReturnType<typeof votes> } = {}) {
  const k = keys[5]!;
  return w.ok(k, [{ typeName: 'sdk.bank.v1beta1.MsgSend', value: { from_address: k.address, to_address: keys[4]!.address, amount: [{ denom: 'wei', amount: '1' }] } }], { ...o, fee });
}

const outstanding = (w: World, v: Val) => w.query('ValidatorOutstandingRewards', { validator_address: v.operator }).rewards.rewards;
const commission = (w: World, v: Val) => w.query('ValidatorCommission', { validator_address: v.operator }).commission.commission;
const wei = (amount: string) => [{ denom: 'wei', amount }];

describe('AllocateTokens', () => {
  it('Given three validators (commission 0.10, 0.05, 0) and community tax 0.02, when fees are allocated, then each gets its power share, commission first, the tax and dust go to the community pool; the absent vote shares too', () => {
    const w = world();
    w.block();
    payFee(w, FEES, { votes: votes() });
    const { begin } = w.block({ votes: votes() });
    const amount = `${FEES}wei`;
    expect(allocationEvents(begin, 3)).toEqual([
      ['coin_spent', { spender: FEE_COLLECTOR, amount }],
      ['coin_received', { receiver: DISTR, amount }],
      ['transfer', { recipient: DISTR, sender: FEE_COLLECTOR, amount }],
      ['message', { sender: FEE_COLLECTOR }],
      ['commission', { amount: '54444444444444.825501111111111111wei', validator: A.operator }],
      ['rewards', { amount: '544444444444448.255011111111111107wei', validator: A.operator }],
      ['commission', { amount: '13611111111111.206350777777777778wei', validator: B.operator }],
      ['rewards', { amount: '272222222222224.127015555555555550wei', validator: B.operator }],
      ['commission', { amount: '', validator: C.operator }],
      ['rewards', { amount: '163333333333334.476013333333333328wei', validator: C.operator }],
    ]);
    expect(outstanding(w, A)).toEqual(wei('544444444444448.255011111111111107'));
    expect(outstanding(w, B)).toEqual(wei('272222222222224.127015555555555550'));
    expect(outstanding(w, C)).toEqual(wei('163333333333334.476013333333333328'));
    expect(commission(w, A)).toEqual(wei('54444444444444.825501111111111111'));
    expect(commission(w, B)).toEqual(wei('13611111111111.206350777777777778'));
    expect(commission(w, C)).toEqual([]);
    expect(w.query('CommunityPool')).toEqual({ pool: wei('20000000000000.141960000000000015') });
    expect(w.balance(DISTR)).toBe(FEES);
    expect(w.balance(FEE_COLLECTOR)).toBe(0n);
    // the self-delegation's rewards: QuoTruncate(shared, tokens) = 0.000005444444444444 per token, × 30e18
    expect(w.query('DelegationRewards', { delegator_address: C.key.address, validator_address: C.operator })).toEqual({
      rewards: wei('163333333333320.000000000000000000'),
    });
  });

  it('Given an empty fee collector, every block from height 2 still moves the empty balance and emits empty commission and rewards events', () => {
    const w = world();
    const first = w.block({ votes: votes() });
    expect(allocationEvents(first.begin, 3)).toEqual([]); // height 1: no allocation
    const { begin } = w.block({ votes: votes() });
    expect(allocationEvents(begin, 3)).toEqual([
      ['coin_spent', { spender: FEE_COLLECTOR, amount: '' }],
      ['coin_received', { receiver: DISTR, amount: '' }],
      ['transfer', { recipient: DISTR, sender: FEE_COLLECTOR, amount: '' }],
      ['message', { sender: FEE_COLLECTOR }],
      ['commission', { amount: '', validator: A.operator }],
      ['rewards', { amount: '', validator: A.operator }],
      ['commission', { amount: '', validator: B.operator }],
      ['rewards', { amount: '', validator: B.operator }],
      ['commission', { amount: '', validator: C.operator }],
      ['rewards', { amount: '', validator: C.operator }],
    ]);
  });

  it('Given votes of total power 0, when fees are allocated, then all of them go to the community pool', () => {
    const w = world('0');
    w.block();
    payFee(w, FEES, { votes: [vote(A, 0n)] });
    const { begin } = w.block({ votes: [vote(A, 0n)] });
    expect(allocationEvents(begin, 0)).toEqual([
      ['coin_spent', { spender: FEE_COLLECTOR, amount: `${FEES}wei` }],
      ['coin_received', { receiver: DISTR, amount: `${FEES}wei` }],
      ['transfer', { recipient: DISTR, sender: FEE_COLLECTOR, amount: `${FEES}wei` }],
      ['message', { sender: FEE_COLLECTOR }],
    ]);
    expect(begin.some((e) => e.type === 'rewards' || e.type === 'commission')).toBe(false);
    expect(w.query('CommunityPool')).toEqual({ pool: wei(`${FEES}.000000000000000000`) });
    expect(outstanding(w, A)).toEqual([]);
  });

  it('Given no lastCommit (no consensus modelled), when a block runs, then nothing is allocated and the fees stay in fee_collector', () => {
    const w = world();
    w.block();
    payFee(w, FEES);
    const { begin } = w.block();
    expect(allocationEvents(begin, 3)).toEqual([]);
    expect(w.balance(FEE_COLLECTOR)).toBe(FEES);
    expect(w.query('CommunityPool')).toEqual({ pool: [] });
  });

  it('Given votes of consensus validators none of which is a staking validator, then nothing moves: fees stay in fee_collector (departure)', () => {
    const w = world();
    const stranger = valOf(5);
    w.block();
    payFee(w, FEES, { votes: [vote(stranger, 10n)] });
    const { begin } = w.block({ votes: [vote(stranger, 10n)] });
    expect(allocationEvents(begin, 0)).toEqual([]);
    expect(w.balance(FEE_COLLECTOR)).toBe(FEES);
    expect(w.query('CommunityPool')).toEqual({ pool: [] });
  });

  it('Given a vote of an unknown validator among staking ones, then it gets no share and its part goes to the community pool (departure: the SDK panics)', () => {
    const w = world('0');
    const stranger = valOf(5);
    w.block();
    payFee(w, 1000n);
    const { begin } = w.block({ votes: [vote(A, 3n), vote(stranger, 1n)] });
    expect(allocationEvents(begin, 1).slice(4)).toEqual([
      ['commission', { amount: '75.000000000000000000wei', validator: A.operator }],
      ['rewards', { amount: '750.000000000000000000wei', validator: A.operator }],
    ]);
    expect(w.query('CommunityPool')).toEqual({ pool: wei('250.000000000000000000') });
  });

  it('records the block proposer as the previous proposer', () => {
    const w = world();
    w.block({ proposer: A.consHex });
    expect(distributionModule.exportGenesis(w.app.state).previous_proposer).toBe(A.consAddr);
  });
});
