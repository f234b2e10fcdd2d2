/**
 * The worked F1 example of reference/sdk-modules.md §9.5 as a golden test of every number: one
 * validator self-bonded 99 STOS at genesis with commission 0.05, community tax 0, a fee of
 * 0.0002 STOS allocated at the next BeginBlock, the rewards query, the withdrawal and its events,
 * the commission and the 91 wei of dust left in outstanding.
 */
import { describe, expect, it } from 'vitest';
import { distributionModule } from '../../../src/modules/distribution/index.ts';
import { DISTR, FEE_COLLECTOR, M, STOS, World, allocationEvents, createValidator, dec, msgEvents, keys, valOf, vote } from './harness.ts';

const FEE = 200_000_000_000_000n;

describe('§9.5 worked example (one validator, community tax 0)', () => {
  const v = valOf(0);

  function world() {
    const w = new World();
    w.patch((d, ctx) => createValidator(d, v, 99n * STOS, dec('0.05'), ctx), 0n);
    return w;
  }

  it('Given the genesis validator, its records are period 2 and starting info {1, 99e18, 0}', () => {
    const w = world();
    const g = distributionModule.exportGenesis(w.app.state);
    expect(g.validator_current_rewards).toEqual([{ validator_address: v.operator, rewards: { rewards: [], period: '2' } }]);
    expect(g.delegator_starting_infos).toEqual([
      { delegator_address: v.key.address, validator_address: v.operator, starting_info: { previous_period: '1', stake: '99000000000000000000.000000000000000000', height: '0' } },
    ]);
    // period 0 was released by the first increment; period 1 is held by the period and the delegation
    expect(g.validator_historical_rewards).toEqual([{ validator_address: v.operator, period: '1', rewards: { cumulative_reward_ratio: [], reference_count: 2 } }]);
    const infos = w.query('DelegationRewards', { delegator_address: v.key.address, validator_address: v.operator });
    expect(infos).toEqual({ rewards: [] });
  });

  it('When a 0.0002 STOS fee is allocated, then outstanding, commission, rewards, withdrawal and dust are exact', () => {
    const w = world();
    w.block(); // height 1
    // height h = 2: the fee is paid into fee_collector
    const payer = keys[3]!;
    w.ok(payer, [{ typeName: 'sdk.bank.v1beta1.MsgSend', value: { from_address: payer.address, to_address: keys[4]!.address, amount: [{ denom: 'wei', amount: '1' }] } }], {
      votes: [vote(v, 99_000n)],
      fee: FEE,
    });
    expect(w.balance(FEE_COLLECTOR)).toBe(FEE);

    // h + 1: AllocateTokens
    const { begin } = w.block({ votes: [vote(v, 99_000n)] });
    expect(allocationEvents(begin, 1)).toEqual([
      ['coin_spent', { spender: FEE_COLLECTOR, amount: '200000000000000wei' }],
      ['coin_received', { receiver: DISTR, amount: '200000000000000wei' }],
      ['transfer', { recipient: DISTR, sender: FEE_COLLECTOR, amount: '200000000000000wei' }],
      ['message', { sender: FEE_COLLECTOR }],
      ['commission', { amount: '10000000000000.000000000000000000wei', validator: v.operator }],
      ['rewards', { amount: '200000000000000.000000000000000000wei', validator: v.operator }],
    ]);
    expect(w.balance(FEE_COLLECTOR)).toBe(0n);
    expect(w.balance(DISTR)).toBe(FEE);
    expect(w.query('ValidatorOutstandingRewards', { validator_address: v.operator })).toEqual({
      rewards: { rewards: [{ denom: 'wei', amount: '200000000000000.000000000000000000' }] },
    });
    expect(w.query('ValidatorCommission', { validator_address: v.operator })).toEqual({
      commission: { commission: [{ denom: 'wei', amount: '10000000000000.000000000000000000' }] },
    });
    // per-token = QuoTruncate(1.9e14, 9.9e19) = 0.000001919191919191; × 9.9e19 truncated
    expect(w.query('DelegationRewards', { delegator_address: v.key.address, validator_address: v.operator })).toEqual({
      rewards: [{ denom: 'wei', amount: '189999999999909.000000000000000000' }],
    });
    expect(w.query('ValidatorDistributionInfo', { validator_address: v.operator })).toEqual({
      operator_address: v.key.address,
      self_bond_rewards: [{ denom: 'wei', amount: '189999999999909.000000000000000000' }],
      commission: [{ denom: 'wei', amount: '10000000000000.000000000000000000' }],
    });
    expect(w.query('DelegationTotalRewards', { delegator_address: v.key.address })).toEqual({
      rewards: [{ validator_address: v.operator, reward: [{ denom: 'wei', amount: '189999999999909.000000000000000000' }] }],
      total: [{ denom: 'wei', amount: '189999999999909.000000000000000000' }],
    });

    // withdrawal
    const before = w.balance(v.key.address);
    const r = w.ok(v.key, [M.withdrawReward(v.key.address, v.operator)], { votes: [vote(v, 99_000n)], fee: 0n });
    expect(w.balance(v.key.address) - before).toBe(189_999_999_999_909n);
    expect(msgEvents(r.events)).toEqual([
      ['message', { action: '/sdk.distribution.v1beta1.MsgWithdrawDelegatorReward', sender: v.key.address, module: 'distribution' }],
      ['coin_spent', { spender: DISTR, amount: '189999999999909wei' }],
      ['coin_received', { receiver: v.key.address, amount: '189999999999909wei' }],
      ['transfer', { recipient: v.key.address, sender: DISTR, amount: '189999999999909wei' }],
      ['message', { sender: DISTR }],
      ['withdraw_rewards', { amount: '189999999999909wei', validator: v.operator, delegator: v.key.address }],
    ]);
    const c = w.app.codec;
    const data = c.decode('sdk.base.abci.v1beta1.TxMsgData', r.data) as { msg_responses: { value: Uint8Array }[] };
    expect(c.decode('sdk.distribution.v1beta1.MsgWithdrawDelegatorRewardResponse', data.msg_responses[0]!.value)).toEqual({
      amount: [{ denom: 'wei', amount: '189999999999909' }],
    });
    expect(w.query('ValidatorOutstandingRewards', { validator_address: v.operator })).toEqual({
      rewards: { rewards: [{ denom: 'wei', amount: '10000000000091.000000000000000000' }] },
    });
    expect(w.query('ValidatorCommission', { validator_address: v.operator })).toEqual({
      commission: { commission: [{ denom: 'wei', amount: '10000000000000.000000000000000000' }] },
    });
    expect(w.query('CommunityPool')).toEqual({ pool: [] });
    expect(w.query('DelegationRewards', { delegator_address: v.key.address, validator_address: v.operator })).toEqual({ rewards: [] });

    // the commission: 10000000000000 wei; the 91 wei of dust stays in outstanding
    const before2 = w.balance(v.key.address);
    const rc = w.ok(v.key, [M.withdrawCommission(v.operator)], { votes: [vote(v, 99_000n)], fee: 0n });
    expect(w.balance(v.key.address) - before2).toBe(10_000_000_000_000n);
    expect(msgEvents(rc.events)).toEqual([
      ['message', { action: '/sdk.distribution.v1beta1.MsgWithdrawValidatorCommission', sender: v.key.address, module: 'distribution' }],
      ['coin_spent', { spender: DISTR, amount: '10000000000000wei' }],
      ['coin_received', { receiver: v.key.address, amount: '10000000000000wei' }],
      ['transfer', { recipient: v.key.address, sender: DISTR, amount: '10000000000000wei' }],
      ['message', { sender: DISTR }],
      ['withdraw_commission', { amount: '10000000000000wei' }],
    ]);
    expect(w.query('ValidatorOutstandingRewards', { validator_address: v.operator })).toEqual({
      rewards: { rewards: [{ denom: 'wei', amount: '91.000000000000000000' }] },
    });
    expect(w.query('ValidatorCommission', { validator_address: v.operator })).toEqual({ commission: { commission: [] } });
    expect(w.balance(DISTR)).toBe(91n);
  });
});
