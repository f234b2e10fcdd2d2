/**
 * The distribution queries (reference/sdk-modules.md §4.3): shapes, defaults and the errors of
 * each route as the ABCI query path reports them (InvalidArgument → 18, NotFound → 22, others → 6).
 */
import { describe, expect, it } from 'vitest';
import { shardDelete, type Sharded } from '../../../src/state/sharded.ts';
import { appQuery } from '../../helpers/app-query.ts';
import { DISTR, STOS, World, createValidator, dec, delegate, hexOf as hex, keys, valOf } from './harness.ts';

const V = valOf(0);
const V2 = valOf(1);
const D = keys[2]!;
const unknown = (desc: string) => ({ error: { code: 6, codespace: 'sdk', log: `rpc error: code = Unknown desc = ${desc}: unknown request` } });
/** a registered SDK error: baseapp's gRPCErrorToSDKError wraps its Error(), `[<wrap>: ]<description>` */
const registered = (goText: string) => ({ error: { code: 6, codespace: 'sdk', log: `${goText}: unknown request` } });
const invalid = (desc: string) => ({ error: { code: 18, codespace: 'sdk', log: `rpc error: code = InvalidArgument desc = ${desc}: invalid request` } });

function world() {
  const w = new World();
  w.patch((d, ctx) => {
    createValidator(d, V, 10n * STOS, dec('0.1'), ctx);
    createValidator(d, V2, 10n * STOS, 0n, ctx);
    delegate(d, D.address, V2, STOS, ctx);
    delegate(d, D.address, V, STOS, ctx);
  }, 0n);
  w.block();
  return w;
}

describe('distribution queries', () => {
  it('Params: the Stratos defaults', () => {
    expect(world().query('Params')).toEqual({
      params: { community_tax: '0.000000000000000000', base_proposer_reward: '0.000000000000000000', bonus_proposer_reward: '0.000000000000000000', withdraw_addr_enabled: true },
    });
  });

  it('DelegatorValidators and DelegationTotalRewards list the delegations in validator-address order', () => {
    const w = world();
    const order = [V, V2].map((v) => v.operator).sort((a, b) => Buffer.compare(Buffer.from(hex(a), 'hex'), Buffer.from(hex(b), 'hex')));
    expect(w.query('DelegatorValidators', { delegator_address: D.address })).toEqual({ validators: order });
    expect(w.query('DelegationTotalRewards', { delegator_address: D.address })).toEqual({
      rewards: order.map((validator_address) => ({ validator_address, reward: [] })),
      total: [],
    });
    expect(w.query('DelegationTotalRewards', { delegator_address: keys[4]!.address })).toEqual({ rewards: [], total: [] });
  });

  it('unknown validator: outstanding and commission are empty (no error); rewards and distribution info are distribution 12', () => {
    const w = world();
    const x = valOf(4).operator;
    expect(w.query('ValidatorOutstandingRewards', { validator_address: x })).toEqual({ rewards: { rewards: [] } });
    expect(w.query('ValidatorCommission', { validator_address: x })).toEqual({ commission: { commission: [] } });
    expect(w.query('DelegationRewards', { delegator_address: D.address, validator_address: x })).toEqual(registered(`${x}: validator does not exist`));
    expect(w.query('ValidatorDistributionInfo', { validator_address: x })).toEqual(registered(`${x}: validator does not exist`));
  });

  it('no delegation: DelegationRewards is distribution 13; a validator without self-delegation too', () => {
    const w = world();
    expect(w.query('DelegationRewards', { delegator_address: keys[4]!.address, validator_address: V.operator })).toEqual(
      registered('delegation does not exist'),
    );
    expect(w.query('ValidatorDistributionInfo', { validator_address: V2.operator })).toEqual({ operator_address: V2.key.address, self_bond_rewards: [], commission: [] });
    // the operator's self-delegation gone (as after unbonding all of it)
    w.patch((d) => void shardDelete(d.staking.delegations as Sharded<unknown>, hex(V2.key.address) + hex(V2.operator)));
    expect(w.query('ValidatorDistributionInfo', { validator_address: V2.operator })).toEqual(registered('delegation does not exist'));
  });

  it('empty and malformed addresses', () => {
    const w = world();
    expect(w.query('DelegationRewards', { validator_address: V.operator })).toEqual(invalid('empty delegator address'));
    expect(w.query('DelegationRewards', { delegator_address: D.address })).toEqual(invalid('empty validator address'));
    expect(w.query('ValidatorOutstandingRewards', {})).toEqual(invalid('empty validator address'));
    expect(w.query('ValidatorCommission', {})).toEqual(invalid('empty validator address'));
    expect(w.query('ValidatorDistributionInfo', {})).toEqual(invalid('empty validator address'));
    expect(w.query('DelegationTotalRewards', {})).toEqual(invalid('empty delegator address'));
    expect(w.query('DelegatorValidators', {})).toEqual(invalid('empty delegator address'));
    expect(w.query('DelegatorWithdrawAddress', {})).toEqual(invalid('empty delegator address'));
    // a plain Go error: baseapp's gRPCErrorToSDKError wraps it in ErrInvalidRequest (18)
    const plain = (text: string) => ({ error: { code: 18, codespace: 'sdk', log: `${text}: invalid request` } });
    expect(w.query('ValidatorOutstandingRewards', { validator_address: D.address })).toEqual(plain('invalid Bech32 prefix; expected stvaloper, got st'));
    expect(w.query('DelegatorWithdrawAddress', { delegator_address: V.operator })).toEqual(plain('invalid Bech32 prefix; expected st, got stvaloper'));
    // staking's handlers return the same plain error
    expect(appQuery(w.app, 'sdk.staking.v1beta1', 'Validator', { validator_addr: D.address })).toEqual(plain('invalid Bech32 prefix; expected stvaloper, got st'));
    expect(appQuery(w.app, 'sdk.staking.v1beta1', 'DelegatorDelegations', { delegator_addr: V.operator })).toEqual(plain('invalid Bech32 prefix; expected st, got stvaloper'));
  });

  it('CommunityPool: empty, then the DecCoins of the pool', () => {
    const w = world();
    expect(w.query('CommunityPool')).toEqual({ pool: [] });
    w.ok(D, [{ typeName: 'sdk.distribution.v1beta1.MsgFundCommunityPool', value: { amount: [{ denom: 'wei', amount: '7' }], depositor: D.address } }], { fee: 0n });
    expect(w.query('CommunityPool')).toEqual({ pool: [{ denom: 'wei', amount: '7.000000000000000000' }] });
    expect(w.balance(DISTR)).toBe(7n);
  });
});
