/** Redelegation (reference/sdk-modules.md §2.4 "BeginRedelegation"). */
import { describe, expect, it } from 'vitest';
import { BONDED_POOL, Chain, consKey, eventsOf, keys, M, NOT_BONDED_POOL, patchState, SEC, STOS, UNBONDING, valoper } from './harness.ts';
import { jail } from '../../../src/modules/staking/slash.ts';

const [a, b, d] = [keys[0]!, keys[1]!, keys[3]!];

function twoValidators() {
  const chain = new Chain();
  chain.ok(a, [M.createValidator(a, consKey(1), 10n * STOS)]);
  chain.ok(b, [M.createValidator(b, consKey(2), 10n * STOS)]);
  chain.ok(d, [M.delegate(d.address, valoper(a), 6n * STOS)]);
  return chain;
}

describe('redelegation', () => {
  it('between bonded validators: no pool move, an entry maturing after unbonding_time, complete_redelegation then', () => {
    const chain = twoValidators();
    const r = chain.ok(d, [M.redelegate(d.address, valoper(a), valoper(b), 2n * STOS)]);
    const completion = chain.timeNs + UNBONDING;
    expect(eventsOf(r.events, 'redelegate')).toEqual([
      { source_validator: valoper(a), destination_validator: valoper(b), amount: '2000000000000000000wei', completion_time: new Date(Number(completion / 1_000_000n)).toISOString().replace('.000', '') },
    ]);
    expect(eventsOf(r.events, 'transfer').filter((t) => t.sender === BONDED_POOL || t.sender === NOT_BONDED_POOL)).toEqual([]);
    const res = chain.query('Redelegations', { delegator_addr: d.address });
    expect(res.redelegation_responses).toHaveLength(1);
    expect(res.redelegation_responses[0].redelegation.entries).toEqual([]);
    expect(res.redelegation_responses[0].entries[0]).toMatchObject({ balance: '2000000000000000000', redelegation_entry: { initial_balance: '2000000000000000000', shares_dst: '2000000000000000000.000000000000000000', unbonding_id: 1n } });
    expect(chain.query('Delegation', { delegator_addr: d.address, validator_addr: valoper(b) }).delegation_response.balance.amount).toBe(String(2n * STOS));
    chain.emptyBlock(completion - chain.timeNs - SEC);
    expect(chain.query('Redelegations', { delegator_addr: d.address }).redelegation_responses).toHaveLength(1);
    const end = chain.emptyBlock(SEC);
    expect(eventsOf(end, 'complete_redelegation')).toEqual([{ amount: '2000000000000000000wei', delegator: d.address, source_validator: valoper(a), destination_validator: valoper(b) }]);
    expect(chain.query('Redelegations', { delegator_addr: d.address }).redelegation_responses).toEqual([]);
  });

  it('from an UNBONDED source completes at once (zero time, no record); to an unbonded destination moves bonded → not bonded', () => {
    const chain = twoValidators();
    // a becomes unbonded: jailed, then its unbonding completes
    patchState(chain, (draft, ctx) => jail(draft, consKey(1).consHex, ctx));
    chain.emptyBlock();
    chain.emptyBlock(UNBONDING);
    expect(chain.validator(a).status).toBe(1);
    const r = chain.ok(d, [M.redelegate(d.address, valoper(a), valoper(b), 2n * STOS)]);
    expect(eventsOf(r.events, 'redelegate')[0]!.completion_time).toBe('0001-01-01T00:00:00Z');
    expect(chain.query('Redelegations', { delegator_addr: d.address }).redelegation_responses).toEqual([]);
    // unbonded source, bonded destination: not bonded → bonded
    expect(eventsOf(r.events, 'transfer').at(-1)).toEqual({ recipient: BONDED_POOL, sender: NOT_BONDED_POOL, amount: '2000000000000000000wei' });

    // and back from bonded b to unbonded a: bonded → not bonded, entry kept (b is bonded)
    const back = twoValidators();
    patchState(back, (draft, ctx) => jail(draft, consKey(2).consHex, ctx));
    back.emptyBlock();
    const r2 = back.ok(d, [M.redelegate(d.address, valoper(a), valoper(b), STOS)]);
    expect(eventsOf(r2.events, 'transfer').at(-1)).toEqual({ recipient: NOT_BONDED_POOL, sender: BONDED_POOL, amount: '1000000000000000000wei' });
  });

  it('transitive redelegation is refused until the first one completes', () => {
    const chain = twoValidators();
    chain.ok(keys[2]!, [M.createValidator(keys[2]!, consKey(3), 10n * STOS)]);
    chain.ok(d, [M.redelegate(d.address, valoper(a), valoper(b), 2n * STOS)]);
    chain.fails(d, [M.redelegate(d.address, valoper(b), valoper(keys[2]!), STOS)], 'staking', 32);
    chain.emptyBlock(UNBONDING);
    chain.ok(d, [M.redelegate(d.address, valoper(b), valoper(keys[2]!), STOS)]);
  });
});
