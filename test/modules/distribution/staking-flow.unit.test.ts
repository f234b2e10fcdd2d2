/**
 * Distribution through staking's real messages: MsgCreateValidator initialises the records,
 * MsgDelegate on an existing delegation withdraws the rewards first (bank send and
 * `withdraw_rewards` inside the delegate tx), MsgUndelegate of everything ends the starting info.
 */
import { describe, expect, it } from 'vitest';
import type { TxMessage } from '../../../src/client/sign-tx.ts';
import { ed25519KeyPairFromSeed } from '../../../src/crypto/ed25519.ts';
import { distributionModule } from '../../../src/modules/distribution/index.ts';
import { DISTR, STOS, World, keys, msgEvents, valOf, vote } from './harness.ts';

const T = 'sdk.staking.v1beta1';
const V = valOf(0);
const D = keys[1]!;
const coin = (amount: bigint) => ({ denom: 'wei', amount: amount.toString() });

function createValidatorMsg(selfBond: bigint): TxMessage {
  const pair = ed25519KeyPairFromSeed(new Uint8Array(32).fill(0x50));
  return {
    typeName: `${T}.MsgCreateValidator`,
    value: {
      description: { moniker: 'v', identity: '', website: '', security_contact: '', details: '' },
      commission: { rate: '0.100000000000000000', max_rate: '0.200000000000000000', max_change_rate: '0.010000000000000000' },
      min_self_delegation: '1',
      delegator_address: V.key.address,
      validator_address: V.operator,
      pubkey: { type_url: '/sdk.crypto.ed25519.PubKey', value: new Uint8Array([0x0a, 32, ...pair.publicKey]) },
      value: coin(selfBond),
    },
  };
}

const delegateMsg = (amount: bigint): TxMessage => ({ typeName: `${T}.MsgDelegate`, value: { delegator_address: D.address, validator_address: V.operator, amount: coin(amount) } });
const undelegateMsg = (amount: bigint): TxMessage => ({ typeName: `${T}.MsgUndelegate`, value: { delegator_address: D.address, validator_address: V.operator, amount: coin(amount) } });

describe('distribution through staking messages', () => {
  it('Given a validator and a delegation made by messages, when the delegator delegates again, then its rewards are withdrawn inside the delegate tx', () => {
    const w = new World();
    w.block();
    w.ok(V.key, [createValidatorMsg(10n * STOS)], { fee: 0n });
    const opRecords = distributionModule.exportGenesis(w.app.state);
    expect(opRecords.validator_current_rewards).toEqual([{ validator_address: V.operator, rewards: { rewards: [], period: '2' } }]);
    w.ok(D, [delegateMsg(10n * STOS)], { fee: 0n });
    // the consensus key of valOf(0) is not the one in the message: vote with the staking record's address
    const consHex = w.validator(V).cons_address;
    const votes = [{ address: consHex, power: 20_000n, signed: true }];
    w.ok(keys[5]!, [{ typeName: 'sdk.bank.v1beta1.MsgSend', value: { from_address: keys[5]!.address, to_address: keys[4]!.address, amount: [coin(1n)] } }], { fee: 2000n, votes });
    w.block({ votes }); // 2000 allocated: commission 200, 1800 shared over 20 STOS
    expect(w.query('DelegationRewards', { delegator_address: D.address, validator_address: V.operator })).toEqual({
      rewards: [{ denom: 'wei', amount: '900.000000000000000000' }],
    });
    const r = w.ok(D, [delegateMsg(STOS)], { fee: 0n, votes });
    const events = msgEvents(r.events);
    const i = events.findIndex(([t]) => t === 'withdraw_rewards');
    expect(events.slice(i - 4, i + 1)).toEqual([
      ['coin_spent', { spender: DISTR, amount: '900wei' }],
      ['coin_received', { receiver: D.address, amount: '900wei' }],
      ['transfer', { recipient: D.address, sender: DISTR, amount: '900wei' }],
      ['message', { sender: DISTR }],
      ['withdraw_rewards', { amount: '900wei', validator: V.operator, delegator: D.address }],
    ]);
    expect(events.findIndex(([t]) => t === 'delegate')).toBeGreaterThan(i);
    expect(w.query('DelegationRewards', { delegator_address: D.address, validator_address: V.operator })).toEqual({ rewards: [] });

    // undelegating everything withdraws (nothing new: 0wei) and ends the starting info
    const u = w.ok(D, [undelegateMsg(11n * STOS)], { fee: 0n, votes });
    expect(msgEvents(u.events).filter(([t]) => t === 'withdraw_rewards')).toEqual([['withdraw_rewards', { amount: '0wei', validator: V.operator, delegator: D.address }]]);
    const g = distributionModule.exportGenesis(w.app.state);
    expect(g.delegator_starting_infos.map((s) => s.delegator_address)).toEqual([V.key.address]);
    expect(w.query('DelegatorValidators', { delegator_address: D.address })).toEqual({ validators: [] });
  });
});
