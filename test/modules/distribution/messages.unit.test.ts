/**
 * The distribution messages (reference/sdk-modules.md §4.4): given/when/then per message and per
 * error code, with exact codes, logs, events and responses. Gov-authority messages run their
 * handler directly for the success paths (gov executes them on the real chain).
 */
import { describe, expect, it } from 'vitest';
import { ChainError } from '../../../src/errors.ts';
import { toAbciEvent, type ChainEvent } from '../../../src/events/event.ts';
import { msgCommunityPoolSpend, msgFundCommunityPool, msgSetWithdrawAddress, msgUpdateParams, msgWithdrawDelegatorReward, msgWithdrawValidatorCommission } from '../../../src/modules/distribution/msgs.ts';
import { defaultDistributionGenesis } from '../../../src/modules/distribution/genesis.ts';
import { DISTR, FAIL, GOV, M, STOS, World, createValidator, dec, delegate, eventsOf, keys, msgEvents, valOf, vote } from './harness.ts';

const V = valOf(0);
const D = keys[1]!;
const W = keys[2]!;
const wei = (amount: string) => [{ denom: 'wei', amount }];

function codeOf(f: () => void): [string, number, string] | 'ok' {
  try {
    f();
    return 'ok';
  } catch (e) {
    const c = e as ChainError;
    return [c.codespace, c.code, c.message];
  }
}

/** One validator (commission 0.1) with a 1 STOS delegation of D; `fee` wei allocated to it at height 3. */
function world(fee = 1001n, distribution: Record<string, unknown> = {}) {
  const g = defaultDistributionGenesis();
  const w = new World({ distribution: { ...g, ...distribution } });
  w.patch((d, ctx) => {
    createValidator(d, V, 9n * STOS, dec('0.1'), ctx);
    delegate(d, D.address, V, 1n * STOS, ctx);
  }, 0n);
  w.block();
  const k = keys[5]!;
  w.ok(k, [{ typeName: 'sdk.bank.v1beta1.MsgSend', value: { from_address: k.address, to_address: keys[4]!.address, amount: wei('1') } }], { fee, votes: [vote(V, 10_000n)] });
  w.block({ votes: [vote(V, 10_000n)] });
  return w;
}

const votes = () => [vote(V, 10_000n)];

describe('MsgSetWithdrawAddress', () => {
  it('Given a delegator, when it sets a withdraw address, then set_withdraw_address is emitted, the query shows it and rewards are paid there', () => {
    const w = world(1_000_000n);
    expect(w.query('DelegatorWithdrawAddress', { delegator_address: D.address })).toEqual({ withdraw_address: D.address });
    const r = w.ok(D, [M.setWithdrawAddress(D.address, W.address)], { votes: votes(), fee: 0n });
    expect(msgEvents(r.events)).toEqual([
      ['message', { action: '/sdk.distribution.v1beta1.MsgSetWithdrawAddress', sender: D.address, module: 'distribution' }],
      ['set_withdraw_address', { withdraw_address: W.address }],
    ]);
    expect(w.query('DelegatorWithdrawAddress', { delegator_address: D.address })).toEqual({ withdraw_address: W.address });
    const before = w.balance(W.address);
    w.ok(D, [M.withdrawReward(D.address, V.operator)], { votes: votes(), fee: 0n });
    // 1e6 × 0.9 shared over 10 STOS: 90000 per STOS
    expect(w.balance(W.address) - before).toBe(90_000n);
  });

  it('the distribution and fee_collector accounts are valid withdraw addresses (not blocked)', () => {
    const w = world();
    w.ok(D, [M.setWithdrawAddress(D.address, DISTR)], { fee: 0n });
    expect(w.query('DelegatorWithdrawAddress', { delegator_address: D.address })).toEqual({ withdraw_address: DISTR });
  });

  it('a blocked module account is refused: sdk 4', () => {
    const w = world();
    w.fails(D, [M.setWithdrawAddress(D.address, GOV)], 'sdk', 4, `${FAIL}${GOV} is not allowed to receive external funds: unauthorized`);
  });

  it('with withdraw_addr_enabled false: distribution 8', () => {
    const g = defaultDistributionGenesis();
    const w = world(1n, { params: { ...g.params, withdraw_addr_enabled: false } });
    w.fails(D, [M.setWithdrawAddress(D.address, W.address)], 'distribution', 8, `${FAIL}set withdraw address disabled`);
  });

  it('ValidateBasic: both addresses must parse (sdk 7)', () => {
    expect(codeOf(() => msgSetWithdrawAddress.validateBasic!({ delegator_address: D.address, withdraw_address: '' }))).toEqual([
      'sdk',
      7,
      'invalid withdraw address: empty address string is not allowed: invalid address',
    ]);
    expect(codeOf(() => msgSetWithdrawAddress.validateBasic!({ delegator_address: '', withdraw_address: W.address }))).toEqual([
      'sdk',
      7,
      'invalid delegator address: empty address string is not allowed: invalid address',
    ]);
  });
});

describe('MsgWithdrawDelegatorReward', () => {
  it('Given a delegation started at this height, when it withdraws, then nothing is paid: no bank send, withdraw_rewards amount 0wei, response [0wei]', () => {
    const w = world();
    const tx = w.signedTx(W, [M.withdrawReward(W.address, V.operator)], 0n);
    w.patch((d, ctx) => delegate(d, W.address, V, STOS, ctx), w.app.height + 1n);
    const { txResults } = w.block({ txs: [tx], votes: votes() });
    const r = txResults[0]!;
    expect(r.code).toBe(0);
    expect(msgEvents(r.events)).toEqual([
      ['message', { action: '/sdk.distribution.v1beta1.MsgWithdrawDelegatorReward', sender: W.address, module: 'distribution' }],
      ['withdraw_rewards', { amount: '0wei', validator: V.operator, delegator: W.address }],
    ]);
    const c = w.app.codec;
    const data = c.decode('sdk.base.abci.v1beta1.TxMsgData', r.data) as { msg_responses: { value: Uint8Array }[] };
    expect(c.decode('sdk.distribution.v1beta1.MsgWithdrawDelegatorRewardResponse', data.msg_responses[0]!.value)).toEqual({ amount: wei('0') });
  });

  it('an unknown validator: distribution 6; no delegation: distribution 5', () => {
    const w = world();
    w.fails(D, [M.withdrawReward(D.address, valOf(3).operator)], 'distribution', 6, `${FAIL}no validator distribution info`);
    w.fails(W, [M.withdrawReward(W.address, V.operator)], 'distribution', 5, `${FAIL}no delegation distribution info`);
  });

  it('ValidateBasic: a bad validator address is sdk 7', () => {
    expect(codeOf(() => msgWithdrawDelegatorReward.validateBasic!({ delegator_address: D.address, validator_address: D.address }))).toEqual([
      'sdk',
      7,
      `invalid validator address: invalid Bech32 prefix; expected stvaloper, got st: invalid address`,
    ]);
  });
});

describe('MsgWithdrawValidatorCommission', () => {
  it('Given commission 100.1 wei, when withdrawn, then 100 wei go to the operator, 0.1 stays; a second withdrawal pays nothing and emits amount ""', () => {
    const w = world(1001n);
    expect(w.query('ValidatorCommission', { validator_address: V.operator })).toEqual({ commission: { commission: wei('100.100000000000000000') } });
    const before = w.balance(V.key.address);
    const r = w.ok(V.key, [M.withdrawCommission(V.operator)], { fee: 0n });
    expect(w.balance(V.key.address) - before).toBe(100n);
    expect(msgEvents(r.events).slice(-1)).toEqual([['withdraw_commission', { amount: '100wei' }]]);
    expect(w.query('ValidatorCommission', { validator_address: V.operator })).toEqual({ commission: { commission: wei('0.100000000000000000') } });
    expect(w.query('ValidatorOutstandingRewards', { validator_address: V.operator })).toEqual({ rewards: { rewards: wei('901.000000000000000000') } });
    const r2 = w.ok(V.key, [M.withdrawCommission(V.operator)], { fee: 0n });
    expect(msgEvents(r2.events)).toEqual([
      ['message', { action: '/sdk.distribution.v1beta1.MsgWithdrawValidatorCommission', sender: V.key.address, module: 'distribution' }],
      ['withdraw_commission', { amount: '' }],
    ]);
    expect(w.query('ValidatorCommission', { validator_address: V.operator })).toEqual({ commission: { commission: wei('0.100000000000000000') } });
  });

  it('no accumulated commission (or no validator): distribution 7', () => {
    const w = world(0n);
    w.fails(V.key, [M.withdrawCommission(V.operator)], 'distribution', 7, `${FAIL}no validator commission to withdraw`);
    w.fails(keys[3]!, [M.withdrawCommission(valOf(3).operator)], 'distribution', 7, `${FAIL}no validator commission to withdraw`);
  });

  it('ValidateBasic: the validator address must parse (sdk 7)', () => {
    expect(codeOf(() => msgWithdrawValidatorCommission.validateBasic!({ validator_address: '' }))).toEqual([
      'sdk',
      7,
      'invalid validator address: empty address string is not allowed: invalid address',
    ]);
  });
});

describe('MsgFundCommunityPool', () => {
  it('Given a depositor, when it funds the pool, then only the bank send is emitted and the pool grows by the amount', () => {
    const w = world(0n);
    const r = w.ok(D, [M.fundCommunityPool(D.address, wei('123'))], { fee: 0n });
    expect(msgEvents(r.events)).toEqual([
      ['message', { action: '/sdk.distribution.v1beta1.MsgFundCommunityPool', sender: D.address, module: 'distribution' }],
      ['coin_spent', { spender: D.address, amount: '123wei' }],
      ['coin_received', { receiver: DISTR, amount: '123wei' }],
      ['transfer', { recipient: DISTR, sender: D.address, amount: '123wei' }],
      ['message', { sender: D.address }],
    ]);
    expect(w.query('CommunityPool')).toEqual({ pool: wei('123.000000000000000000') });
  });

  it('an empty amount passes and moves nothing (bank events with empty amounts)', () => {
    const w = world(0n);
    const r = w.ok(D, [M.fundCommunityPool(D.address, [])], { fee: 0n });
    expect(msgEvents(r.events).slice(1, 2)).toEqual([['coin_spent', { spender: D.address, amount: '' }]]);
    expect(w.query('CommunityPool')).toEqual({ pool: [] });
  });

  it('a zero coin is sdk 10; more than the balance is sdk 5', () => {
    const w = world(0n);
    w.fails(D, [M.fundCommunityPool(D.address, wei('0'))], 'sdk', 10, '0wei: invalid coins');
    const r = w.deliver(D, [M.fundCommunityPool(D.address, wei((10_000n * STOS).toString()))], { fee: 0n });
    expect({ codespace: r.codespace, code: r.code }).toEqual({ codespace: 'sdk', code: 5 });
    expect(w.query('CommunityPool')).toEqual({ pool: [] });
  });

  it('ValidateBasic: the depositor must parse', () => {
    expect(codeOf(() => msgFundCommunityPool.validateBasic!({ amount: [], depositor: '' }))).toEqual([
      'sdk',
      7,
      'invalid depositor address: empty address string is not allowed: invalid address',
    ]);
  });
});

function runHandler(w: World, f: (d: any, ctx: any) => unknown): { result: unknown; events: [string, Record<string, string>][] } | [string, number, string] {
  let result: unknown;
  let out: [string, number, string] | undefined;
  const events = w.patch((d, ctx) => {
    try {
      result = f(d, ctx);
    } catch (e) {
      const c = e as ChainError;
      out = [c.codespace, c.code, c.message];
    }
  });
  return out ?? { result, events };
}

describe('MsgUpdateParams (gov authority)', () => {
  const params = { community_tax: '0.050000000000000000', base_proposer_reward: '0', bonus_proposer_reward: '0', withdraw_addr_enabled: false };

  it('Given the gov authority, when executed, then the params change', () => {
    const w = world(0n);
    const r = runHandler(w, (d, ctx) => msgUpdateParams.handle(d, { authority: GOV, params }, ctx));
    expect(r).toEqual({ result: {}, events: [] });
    expect(w.query('Params')).toEqual({ params: { ...params, base_proposer_reward: '0.000000000000000000', bonus_proposer_reward: '0.000000000000000000' } });
  });

  it('another authority: gov 13', () => {
    const w = world(0n);
    w.fails(D, [M.updateParams(D.address, params)], 'gov', 13, `${FAIL}invalid authority; expected ${GOV}, got ${D.address}: expected gov account as only signer for proposal message`);
  });

  it('a non-zero deprecated proposer reward: sdk 18', () => {
    const w = world(0n);
    expect(runHandler(w, (d, ctx) => msgUpdateParams.handle(d, { authority: GOV, params: { ...params, bonus_proposer_reward: '0.01' } }, ctx))).toEqual([
      'sdk',
      18,
      'cannot update base or bonus proposer reward because these are deprecated fields: invalid request',
    ]);
  });

  it('ValidateBasic: community tax outside [0, 1] and a bad authority are plain errors (undefined 1)', () => {
    expect(codeOf(() => msgUpdateParams.validateBasic!({ authority: GOV, params: { ...params, community_tax: '1.5' } }))).toEqual([
      'undefined',
      1,
      'community tax too large: 1.500000000000000000',
    ]);
    expect(codeOf(() => msgUpdateParams.validateBasic!({ authority: GOV, params: { ...params, community_tax: '-0.1' } }))).toEqual([
      'undefined',
      1,
      'community tax must be positive: -0.100000000000000000',
    ]);
    expect(codeOf(() => msgUpdateParams.validateBasic!({ authority: '', params }))).toEqual(['undefined', 1, 'invalid authority address: empty address string is not allowed']);
  });
});

describe('MsgCommunityPoolSpend (gov authority)', () => {
  it('Given a funded pool, when gov spends from it, then the coins go to the recipient and the pool shrinks', () => {
    const w = world(0n);
    w.ok(D, [M.fundCommunityPool(D.address, wei('500'))], { fee: 0n });
    const before = w.balance(W.address);
    const r = runHandler(w, (d, ctx) => msgCommunityPoolSpend.handle(d, { authority: GOV, recipient: W.address, amount: wei('200') }, ctx));
    expect(r).toEqual({
      result: {},
      events: eventsOf(
        (
          [
            { type: 'coin_spent', data: { spender: DISTR, amount: [{ denom: 'wei', amount: 200n }] } },
            { type: 'coin_received', data: { receiver: W.address, amount: [{ denom: 'wei', amount: 200n }] } },
            { type: 'transfer', data: { recipient: W.address, sender: DISTR, amount: [{ denom: 'wei', amount: 200n }] } },
            { type: 'message', data: { sender: DISTR } },
          ] as ChainEvent[]
        ).map((e) => toAbciEvent(e)),
      ),
    });
    expect(w.balance(W.address) - before).toBe(200n);
    expect(w.query('CommunityPool')).toEqual({ pool: wei('300.000000000000000000') });
  });

  it('more than the pool: distribution 9; a blocked recipient: sdk 4; another authority: gov 13', () => {
    const w = world(0n);
    w.ok(D, [M.fundCommunityPool(D.address, wei('500'))], { fee: 0n });
    expect(runHandler(w, (d, ctx) => msgCommunityPoolSpend.handle(d, { authority: GOV, recipient: W.address, amount: wei('501') }, ctx))).toEqual([
      'distribution',
      9,
      'community pool does not have sufficient coins to distribute',
    ]);
    expect(runHandler(w, (d, ctx) => msgCommunityPoolSpend.handle(d, { authority: GOV, recipient: GOV, amount: wei('1') }, ctx))).toEqual([
      'sdk',
      4,
      `${GOV} is not allowed to receive external funds: unauthorized`,
    ]);
    w.fails(D, [M.communityPoolSpend(D.address, W.address, wei('1'))], 'gov', 13, `${FAIL}invalid authority; expected ${GOV}, got ${D.address}: expected gov account as only signer for proposal message`);
  });

  it('ValidateBasic: recipient address and coins (plain errors)', () => {
    expect(codeOf(() => msgCommunityPoolSpend.validateBasic!({ authority: GOV, recipient: 'st1x', amount: [] }))).toEqual([
      'undefined',
      1,
      expect.stringMatching(/^invalid recipient address: /) as unknown as string,
    ]);
    expect(codeOf(() => msgCommunityPoolSpend.validateBasic!({ authority: GOV, recipient: W.address, amount: wei('0') }))).toEqual(['undefined', 1, 'coin 0wei amount is not positive']);
  });
});

describe('amino JSON signing (legacy names)', () => {
  it('MsgWithdrawDelegatorReward, MsgSetWithdrawAddress and MsgFundCommunityPool signed in amino JSON mode are accepted', async () => {
    const { signed, CHAIN_ID } = await import('../../helpers/fixture.ts');
    const { getAccount } = await import('../../../src/modules/auth/state.ts');
    const w = world(1_000_000n);
    const acc = getAccount(w.app.state, D.address)!;
    const tx = signed(
      D,
      acc.account_number,
      acc.sequence,
      { messages: [M.setWithdrawAddress(D.address, W.address), M.withdrawReward(D.address, V.operator), M.fundCommunityPool(D.address, wei('1'))], fee: wei('0'), gasLimit: 2_000_000n },
      { chainId: CHAIN_ID, mode: 'amino-json' },
    );
    const r = w.block({ txs: [tx], votes: votes() }).txResults[0]!;
    expect({ code: r.code, log: r.code === 0 ? '' : r.log }).toEqual({ code: 0, log: '' });
  });
});
