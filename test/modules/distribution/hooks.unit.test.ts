/**
 * The staking hooks' effects (reference/sdk-modules.md §4.2): a validator's removal (commission to
 * the operator's withdraw address, fractions and leftovers to the community pool, every record
 * deleted), and rewards of a validator with no tokens going to the community pool when its period
 * closes.
 */
import { describe, expect, it } from 'vitest';
import * as hooks from '../../../src/modules/distribution/hooks.ts';
import { distributionModule } from '../../../src/modules/distribution/index.ts';
import type { ValidatorRecord } from '../../../src/modules/staking/state.ts';
import { DISTR, STOS, World, createValidator, dec, delegate, hexOf, keys, undelegate, valOf, vote } from './harness.ts';

const V = valOf(0);
const D = keys[1]!;
const wei = (amount: string) => [{ denom: 'wei', amount }];

/** V alone (commission 0.1, 10 STOS self-bond), 1001 wei allocated, then all of the self-bond undelegated. */
function world() {
  const w = new World();
  w.patch((d, ctx) => createValidator(d, V, 10n * STOS, dec('0.1'), ctx), 0n);
  w.block();
  const k = keys[5]!;
  w.ok(k, [{ typeName: 'sdk.bank.v1beta1.MsgSend', value: { from_address: k.address, to_address: keys[4]!.address, amount: wei('1') } }], { fee: 1001n, votes: [vote(V, 10_000n)] });
  w.block({ votes: [vote(V, 10_000n)] });
  const before = w.balance(V.key.address);
  const events = w.patch((d, ctx) => undelegate(d, V.key.address, V, 10n * STOS * 10n ** 18n, ctx), w.app.height + 1n);
  expect(events.filter(([t]) => t === 'withdraw_rewards')).toEqual([['withdraw_rewards', { amount: '900wei', validator: V.operator, delegator: V.key.address }]]);
  expect(w.balance(V.key.address) - before).toBe(10n * STOS + 900n); // the tokens back (no unbonding in the harness) and the rewards
  return w;
}

describe('distribution hooks', () => {
  it('Given an undelegated validator, then the withdrawal paid 900 (per token 0.000000000000000090, truncated) and the commission plus 0.9 wei of dust stay outstanding', () => {
    const w = world();
    expect(w.query('CommunityPool')).toEqual({ pool: [] });
    expect(w.query('ValidatorOutstandingRewards', { validator_address: V.operator })).toEqual({ rewards: { rewards: wei('101.000000000000000000') } });
  });

  it('When the validator is removed, then its whole commission coins go to the operator, the fraction (0.1) and the outstanding dust (0.9) to the community pool, and its records are deleted', () => {
    const w = world();
    const before = w.balance(V.key.address);
    const events = w.patch((d, ctx) => {
      const record = d.staking.validators[hexOf(V.operator)] as ValidatorRecord;
      hooks.afterValidatorRemoved(d, record, ctx);
      delete (d.staking.validators as Record<string, ValidatorRecord>)[hexOf(V.operator)];
    });
    expect(events).toEqual([
      ['coin_spent', { spender: DISTR, amount: '100wei' }],
      ['coin_received', { receiver: V.key.address, amount: '100wei' }],
      ['transfer', { recipient: V.key.address, sender: DISTR, amount: '100wei' }],
      ['message', { sender: DISTR }],
    ]);
    expect(w.balance(V.key.address) - before).toBe(100n);
    expect(w.query('CommunityPool')).toEqual({ pool: wei('1.000000000000000000') });
    expect(w.balance(DISTR)).toBe(1n);
    const g = distributionModule.exportGenesis(w.app.state);
    expect([g.outstanding_rewards, g.validator_accumulated_commissions, g.validator_current_rewards, g.validator_historical_rewards, g.delegator_starting_infos, g.validator_slash_events]).toEqual([
      [],
      [],
      [],
      [],
      [],
      [],
    ]);
  });

  it('Given rewards allocated to a validator with no tokens, when its period closes (a new delegation), then they go to the community pool', () => {
    const w = world();
    w.ok(keys[5]!, [{ typeName: 'sdk.bank.v1beta1.MsgSend', value: { from_address: keys[5]!.address, to_address: keys[4]!.address, amount: wei('1') } }], { fee: 500n, votes: [vote(V, 10_000n)] });
    w.block({ votes: [vote(V, 10_000n)] }); // 500: commission 50, 450 to the current rewards of a validator with 0 tokens
    expect(w.query('ValidatorOutstandingRewards', { validator_address: V.operator })).toEqual({ rewards: { rewards: wei('601.000000000000000000') } });
    w.patch((d, ctx) => delegate(d, D.address, V, STOS, ctx), w.app.height + 1n);
    expect(w.query('CommunityPool')).toEqual({ pool: wei('450.000000000000000000') });
    expect(w.query('ValidatorOutstandingRewards', { validator_address: V.operator })).toEqual({ rewards: { rewards: wei('151.000000000000000000') } });
    expect(w.query('ValidatorCommission', { validator_address: V.operator })).toEqual({ commission: { commission: wei('150.100000000000000000') } });
  });
});
