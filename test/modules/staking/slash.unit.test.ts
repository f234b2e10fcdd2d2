/** Slash of a validator and of the unbonding and redelegation entries begun since the infraction (reference/sdk-modules.md §2.4 "Slash"). */
import { describe, expect, it } from 'vitest';
import { slash } from '../../../src/modules/staking/slash.ts';
import type { ChainEvent } from '../../../src/events/event.ts';
import { BONDED_POOL, Chain, consKey, keys, M, NOT_BONDED_POOL, patchState, STOS, valoper } from './harness.ts';

const [a, b, d] = [keys[0]!, keys[1]!, keys[3]!];
const TENTH = 100_000_000_000_000_000n;

describe('slash', () => {
  it('cuts unbonding and redelegation entries begun since the infraction, then burns the rest from the validator', () => {
    const chain = new Chain();
    chain.ok(a, [M.createValidator(a, consKey(1), 10n * STOS)]);
    chain.ok(b, [M.createValidator(b, consKey(2), 10n * STOS)]);
    chain.ok(d, [M.delegate(d.address, valoper(a), 6n * STOS)]);
    const before = chain.ok(d, [M.undelegate(d.address, valoper(a), STOS)]); // before the infraction: untouched
    void before;
    const infraction = chain.app.height + 1n;
    chain.ok(d, [M.undelegate(d.address, valoper(a), 2n * STOS)]);
    chain.ok(d, [M.redelegate(d.address, valoper(a), valoper(b), 2n * STOS)]);
    chain.emptyBlock();
    const supply = chain.app.state.bank.supply.wei!;
    const bonded = chain.balance(BONDED_POOL);
    const notBonded = chain.balance(NOT_BONDED_POOL);
    let burned = 0n;
    const events: ChainEvent[] = patchState(chain, (draft, ctx) => {
      burned = slash(draft, consKey(1).consHex, infraction, 16_000n, TENTH, ctx);
    });
    // 16 STOS × 0.1 = 1.6 STOS due: 0.2 from the unbonding entry, 0.2 from the redelegation, 1.2 from a's tokens
    expect(burned).toBe(1_200_000_000_000_000_000n);
    expect(chain.validator(a).tokens).toBe(String(11n * STOS - 1_200_000_000_000_000_000n));
    const entries = chain.query('UnbondingDelegation', { delegator_addr: d.address, validator_addr: valoper(a) }).unbond.entries;
    expect(entries.map((e: any) => [e.initial_balance, e.balance])).toEqual([
      [String(STOS), String(STOS)],
      [String(2n * STOS), '1800000000000000000'],
    ]);
    expect(chain.query('Delegation', { delegator_addr: d.address, validator_addr: valoper(b) }).delegation_response.balance.amount).toBe('1800000000000000000');
    expect(chain.validator(b).tokens).toBe('11800000000000000000');
    expect(chain.balance(NOT_BONDED_POOL)).toBe(notBonded - 200_000_000_000_000_000n);
    expect(chain.balance(BONDED_POOL)).toBe(bonded - 1_400_000_000_000_000_000n);
    expect(chain.app.state.bank.supply.wei).toBe(supply - 1_600_000_000_000_000_000n);
    expect(events.filter((e) => e.type === 'burn').length).toBe(3);
  });

  it('at the current height only the validator tokens are cut; an unknown consensus address burns nothing', () => {
    const chain = new Chain();
    chain.ok(a, [M.createValidator(a, consKey(1), 10n * STOS)]);
    chain.ok(d, [M.delegate(d.address, valoper(a), 6n * STOS)]);
    chain.ok(d, [M.undelegate(d.address, valoper(a), 2n * STOS)]);
    let burned = -1n;
    patchState(chain, (draft, ctx) => {
      burned = slash(draft, consKey(1).consHex, ctx.block.height, 14_000n, TENTH * 5n, ctx);
    });
    expect(burned).toBe(7n * STOS);
    expect(chain.query('UnbondingDelegation', { delegator_addr: d.address, validator_addr: valoper(a) }).unbond.entries[0].balance).toBe(String(2n * STOS));
    patchState(chain, (draft, ctx) => {
      burned = slash(draft, consKey(9).consHex, ctx.block.height, 14_000n, TENTH, ctx);
    });
    expect(burned).toBe(0n);
    // the shares keep their number; the exchange rate fell by half
    expect(chain.query('Delegation', { delegator_addr: d.address, validator_addr: valoper(a) }).delegation_response.balance.amount).toBe(String(2n * STOS));
  });
});
