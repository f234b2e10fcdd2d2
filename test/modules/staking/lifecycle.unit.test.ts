import { describe, expect, it } from 'vitest';
import { BONDED_POOL, Chain, consKey, eventsOf, FEE_AMOUNT, keys, M, NOT_BONDED_POOL, SEC, STOS, UNBONDING, valoper } from './harness.ts';

const [alice, bob] = keys as [typeof keys[0], typeof keys[0]];

describe('staking lifecycle', () => {
  it('create-validator → bonded at EndBlock; delegate; undelegate → paid back after unbonding_time', () => {
    const chain = new Chain();
    const start = chain.balance(alice.address);
    // when: alice creates a validator with 10 STOS
    const created = chain.ok(alice, [M.createValidator(alice, consKey(1), 10n * STOS)]);
    expect(eventsOf(created.events, 'create_validator')).toEqual([{ validator: valoper(alice), amount: '10000000000000000000wei' }]);
    expect(eventsOf(created.events, 'coin_received').at(-1)).toEqual({ receiver: NOT_BONDED_POOL, amount: '10000000000000000000wei' });
    // then: bonded in the same block's EndBlock, tokens moved to the bonded pool
    const v = chain.validator(alice);
    expect(v.status).toBe(3);
    expect(v.tokens).toBe('10000000000000000000');
    expect(v.delegator_shares).toBe('10000000000000000000.000000000000000000');
    expect(chain.balance(BONDED_POOL)).toBe(10n * STOS);
    expect(chain.balance(NOT_BONDED_POOL)).toBe(0n);
    expect(chain.balance(alice.address)).toBe(start - 10n * STOS - FEE_AMOUNT);
    expect(eventsOf(created.endEvents, 'transfer')).toEqual([{ recipient: BONDED_POOL, sender: NOT_BONDED_POOL, amount: '10000000000000000000wei' }]);

    // when: bob delegates 5 STOS
    const d = chain.ok(bob, [M.delegate(bob.address, valoper(alice), 5n * STOS)]);
    expect(eventsOf(d.events, 'delegate')).toEqual([{ validator: valoper(alice), delegator: bob.address, amount: '5000000000000000000wei', new_shares: '5000000000000000000.000000000000000000' }]);
    expect(chain.balance(BONDED_POOL)).toBe(15n * STOS);
    expect(chain.query('Delegation', { delegator_addr: bob.address, validator_addr: valoper(alice) }).delegation_response).toEqual({
      delegation: { delegator_address: bob.address, validator_address: valoper(alice), shares: '5000000000000000000.000000000000000000' },
      balance: { denom: 'wei', amount: '5000000000000000000' },
    });

    // when: bob undelegates 2 STOS
    const u = chain.ok(bob, [M.undelegate(bob.address, valoper(alice), 2n * STOS)]);
    const completion = chain.timeNs + UNBONDING;
    expect(eventsOf(u.events, 'unbond')).toEqual([
      { validator: valoper(alice), amount: '2000000000000000000wei', delegator: bob.address, completion_time: new Date(Number(completion / 1_000_000n)).toISOString().replace('.000', '') },
    ]);
    expect(chain.balance(BONDED_POOL)).toBe(13n * STOS);
    expect(chain.balance(NOT_BONDED_POOL)).toBe(2n * STOS);
    const ubd = chain.query('UnbondingDelegation', { delegator_addr: bob.address, validator_addr: valoper(alice) }).unbond;
    expect(ubd.entries).toHaveLength(1);
    expect(ubd.entries[0].balance).toBe('2000000000000000000');
    expect(ubd.entries[0].unbonding_id).toBe(1n);

    // then: one second before completion nothing happens; at completion bob is paid
    const bobBefore = chain.balance(bob.address);
    chain.emptyBlock(completion - chain.timeNs - SEC);
    expect(chain.balance(bob.address)).toBe(bobBefore);
    const end = chain.emptyBlock(SEC);
    expect(eventsOf(end, 'complete_unbonding')).toEqual([{ amount: '2000000000000000000wei', validator: valoper(alice), delegator: bob.address }]);
    expect(chain.balance(bob.address)).toBe(bobBefore + 2n * STOS);
    expect(chain.balance(NOT_BONDED_POOL)).toBe(0n);
    expect(chain.query('UnbondingDelegation', { delegator_addr: bob.address, validator_addr: valoper(alice) }).error.code).toBe(22);
  });
});
