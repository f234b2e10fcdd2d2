/** EndBlock event order (reference/sdk-modules.md §8): the set change's pool transfer, then complete_unbonding with its bank events, then complete_redelegation. */
import { describe, expect, it } from 'vitest';
import { jail } from '../../../src/modules/staking/slash.ts';
import { Chain, consKey, keys, M, patchState, STOS, UNBONDING, valoper } from './harness.ts';

const [a, b, d] = [keys[0]!, keys[1]!, keys[3]!];

describe('EndBlock order', () => {
  it('transfer for the set change, then complete_unbonding, then complete_redelegation', () => {
    const chain = new Chain();
    chain.ok(a, [M.createValidator(a, consKey(1), 5n * STOS)]);
    chain.ok(b, [M.createValidator(b, consKey(2), 5n * STOS)]);
    chain.ok(d, [M.delegate(d.address, valoper(a), 4n * STOS)]);
    chain.ok(d, [M.undelegate(d.address, valoper(a), STOS), M.redelegate(d.address, valoper(a), valoper(b), STOS)], 0n);
    const completion = chain.timeNs + UNBONDING;
    chain.emptyBlock(completion - chain.timeNs - 5_000_000_000n);
    patchState(chain, (draft, ctx) => jail(draft, consKey(2).consHex, ctx));
    const end = chain.emptyBlock(5_000_000_000n);
    expect(end.map((e) => e.type)).toEqual([
      'coin_spent', 'coin_received', 'transfer', 'message', // bonded → not bonded for b leaving the set
      'coin_spent', 'coin_received', 'complete_unbonding',
      'complete_redelegation',
    ]);
    expect(end[2]!.attributes.find((x) => x.key === 'amount')!.value).toBe(String(6n * STOS) + 'wei');
  });
});
