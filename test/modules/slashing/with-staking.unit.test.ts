/**
 * Slashing and evidence with the real staking module: validators made by MsgCreateValidator and
 * bonded at EndBlock (signing info created by the bonded hook), downtime slashing to the wei
 * (validator tokens, bonded pool, supply), jail and unbonding, MsgUnjail after jailed_until and the
 * self-delegation minimum after a slash, and double signing that also slashes an unbonding entry
 * begun after the infraction.
 */
import { describe, expect, it } from 'vitest';
import type { TxMessage } from '../../../src/client/sign-tx.ts';
import { moduleAccountAddress } from '../../../src/modules/auth/account.ts';
import { BondStatus } from '../../../src/modules/staking/state.ts';
import { shardValues } from '../../../src/state/sharded.ts';
import { eventsOf, FAIL, keys, SEC, STOS, valOf, vote, WINDOW_20, World, type Val } from './harness.ts';

const V0 = valOf(0);
const V1 = valOf(1);
const BONDED_POOL = moduleAccountAddress('bonded_tokens_pool');
const NOT_BONDED_POOL = moduleAccountAddress('not_bonded_tokens_pool');


const coin = (amount: bigint) => ({ denom: 'wei', amount: amount.toString() });

function createValidator(v: Val, amount: bigint, minSelf: bigint): TxMessage {
  return {
    typeName: 'sdk.staking.v1beta1.MsgCreateValidator',
    value: {
      description: { moniker: `v-${v.key.address.slice(-4)}`, identity: '', website: '', security_contact: '', details: '' },
      commission: { rate: '0.100000000000000000', max_rate: '0.200000000000000000', max_change_rate: '0.010000000000000000' },
      min_self_delegation: minSelf.toString(),
      delegator_address: v.key.address,
      validator_address: v.operator,
      pubkey: { type_url: '/sdk.crypto.ed25519.PubKey', value: new Uint8Array([0x0a, 32, ...Buffer.from(v.pubKey, 'base64')]) },
      value: coin(amount),
    },
  };
}

const delegate = (from: string, v: Val, amount: bigint): TxMessage => ({
  typeName: 'sdk.staking.v1beta1.MsgDelegate',
  value: { delegator_address: from, validator_address: v.operator, amount: coin(amount) },
});
const undelegate = (from: string, v: Val, amount: bigint): TxMessage => ({
  typeName: 'sdk.staking.v1beta1.MsgUndelegate',
  value: { delegator_address: from, validator_address: v.operator, amount: coin(amount) },
});
const unjail = (v: Val): TxMessage => ({ typeName: 'sdk.slashing.v1beta1.MsgUnjail', value: { validator_addr: v.operator } });

/** Block 1: V0 (10 STOS, min self 10 STOS) and V1 (20 STOS) created and bonded at its EndBlock. */
function world(): World {
  const w = new World(WINDOW_20);
  w.block({ txs: [w.signedTx(V0.key, [createValidator(V0, 10n * STOS, 10n * STOS)]), w.signedTx(V1.key, [createValidator(V1, 20n * STOS, 1n)])] });
  return w;
}

const info = (w: World, v = V0) => w.app.state.slashing.signing_infos[v.consHex]!;

describe('with staking', () => {
  it('bonding at EndBlock 1 creates the signing info with start height 1 and records the pubkey', () => {
    const w = world();
    expect(w.validator(V0).status).toBe(BondStatus.BONDED);
    expect(info(w)).toEqual({ address: V0.consAddr, start_height: 1n, index_offset: 0n, jailed_until: 0n, tombstoned: false, missed_blocks_counter: 0n });
    expect(w.app.state.slashing.pubkeys[V0.consHex]).toEqual({ type_url: expect.stringMatching(/ed25519\.PubKey$/), key: V0.pubKey });
  });

  it('downtime: missing from block 2, V0 is slashed 0.02 % of its power at block 22, jailed and unbonded', () => {
    const w = world();
    const supply = w.app.state.bank.supply.wei!;
    const bonded = w.balance(BONDED_POOL);
    let jailedAt = 0n;
    for (let h = 2n; h <= 22n; h++) {
      const r = w.block({ votes: [vote(V0, 10_000n, false), vote(V1, 20_000n, true)] });
      if (eventsOf(r.begin, 'slash').length > 0) {
        jailedAt = h;
        // power 10000 → 10^19 wei × 0.0002 = 2·10^15 burned
        expect(eventsOf(r.begin, 'liveness', 'slash')).toEqual([
          ['liveness', { address: V0.consAddr, missed_blocks: '20', height: '22' }],
          ['slash', { address: V0.consAddr, power: '10000', reason: 'missing_signature', jailed: V0.consAddr, burned_coins: '2000000000000000' }],
        ]);
      }
    }
    expect(jailedAt).toBe(22n); // past start 1 + window 20, with 20 > 10 misses in the window (21 missed votes, index 0 twice)
    const v = w.validator(V0);
    expect({ jailed: v.jailed, status: v.status, tokens: v.tokens }).toEqual({ jailed: true, status: BondStatus.UNBONDING, tokens: 10n * STOS - 2_000_000_000_000_000n });
    expect(w.app.state.bank.supply.wei).toBe(supply - 2_000_000_000_000_000n);
    // the jailed validator's remaining tokens moved to the not-bonded pool at EndBlock
    expect(w.balance(BONDED_POOL)).toBe(bonded - 10n * STOS);
    expect(w.balance(NOT_BONDED_POOL)).toBe(10n * STOS - 2_000_000_000_000_000n);
    expect(info(w)).toMatchObject({ index_offset: 0n, missed_blocks_counter: 0n, jailed_until: w.timeNs + 600n * SEC });
    // later votes of the jailed validator are not counted
    w.block({ votes: [vote(V0, 10_000n, false)] });
    expect(info(w).index_offset).toBe(0n);
  });

  it('after a downtime slash the self-delegation is below min_self_delegation: unjail fails with slashing 7 even after jailed_until', () => {
    const w = world();
    for (let h = 2; h <= 22; h++) w.block({ votes: [vote(V0, 10_000n, false)] });
    w.block({ advanceNs: 700n * SEC });
    w.fails(V0.key, [unjail(V0)], 'slashing', 7, FAIL + `9998000000000000000 less than 10000000000000000000: validator's self delegation less than minimum; cannot be unjailed`);
  });

  it('unjail: too early → slashing 4; after topping up the self-delegation and waiting out jailed_until, the validator is unjailed and bonded again', () => {
    const w = world();
    for (let h = 2; h <= 22; h++) w.block({ votes: [vote(V0, 10_000n, false)] });
    w.ok(V0.key, [delegate(V0.key.address, V0, 2n * STOS)]);
    w.fails(V0.key, [unjail(V0)], 'slashing', 4, FAIL + 'validator still jailed; cannot be unjailed');
    w.block({ advanceNs: 600n * SEC });
    w.ok(V0.key, [unjail(V0)]);
    const v = w.validator(V0);
    expect({ jailed: v.jailed, status: v.status }).toEqual({ jailed: false, status: BondStatus.BONDED });
    // re-bonded at that EndBlock: only start_height changes
    expect(info(w)).toMatchObject({ start_height: w.app.height, index_offset: 0n, missed_blocks_counter: 0n });
  });

  it('double sign: slashes the unbonding entry begun after the infraction (not the one before) and the validator, tombstones, and unjail is refused forever', () => {
    const w = world();
    const d = keys[2]!;
    w.ok(d, [delegate(d.address, V1, 10n * STOS)]); // block 2
    w.ok(d, [undelegate(d.address, V1, 1n * STOS)]); // block 3: entry created before the infraction's distribution height
    w.block(); // block 4
    w.block(); // block 5: the infraction height (distribution height 4)
    const infractionTime = w.timeNs;
    w.ok(d, [undelegate(d.address, V1, 4n * STOS)]); // block 6: entry created after it
    const supply = w.app.state.bank.supply.wei!;

    // evidence of block 5 with V1's power then (29 STOS → 29000)
    const r = w.block({ misbehavior: [{ type: 'DUPLICATE_VOTE', address: V1.consHex, power: 29_000n, height: 5n, timeNs: infractionTime, totalVotingPower: 39_000n }] });
    // 29000 × 10^15 × 0.05 = 1.45 STOS due: 0.2 STOS from the block-6 entry (5 % of 4 STOS), 1.25 STOS from the validator
    expect(eventsOf(r.begin, 'slash')).toEqual([
      ['slash', { address: V1.consAddr, power: '29000', reason: 'double_sign', burned_coins: '1250000000000000000' }],
      ['slash', { jailed: V1.consAddr }],
    ]);
    const ubd = [...shardValues(w.app.state.staking.unbonding_delegations)][0]!;
    expect(ubd.entries.map((e) => [e.creation_height, e.initial_balance, e.balance])).toEqual([
      [3n, 1n * STOS, 1n * STOS],
      [6n, 4n * STOS, 38n * 10n ** 17n],
    ]);
    expect(w.validator(V1)).toMatchObject({ jailed: true, tokens: 25n * STOS - 125n * 10n ** 16n });
    expect(w.app.state.bank.supply.wei).toBe(supply - 145n * 10n ** 16n);
    expect(info(w, V1)).toMatchObject({ tombstoned: true, jailed_until: 253_402_300_799n * SEC });
    w.block({ advanceNs: 3600n * SEC });
    w.fails(V1.key, [unjail(V1)], 'slashing', 4, FAIL + 'validator still jailed; cannot be unjailed');
  });
});
