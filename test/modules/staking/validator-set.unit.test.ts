/** EndBlock set updates (reference/sdk-modules.md §2.4 "Validator set update", §9.4). */
import { describe, expect, it } from 'vitest';
import { jail, unjail } from '../../../src/modules/staking/slash.ts';
import { BONDED_POOL, Chain, consKey, eventsOf, keys, M, NOT_BONDED_POOL, patchState, SEC, STOS, UNBONDING, valoper } from './harness.ts';
import { hexOf } from '../../../src/modules/staking/state.ts';

const opHex = (i: number) => hexOf(valoper(keys[i]!), 'stvaloper');
/** key indexes sorted by operator bytes ascending */
const byOperator = [0, 1, 2, 3].sort((a, b) => (opHex(a) < opHex(b) ? -1 : 1));

describe('validator set update', () => {
  it('max_validators cuts the set; ties go to the lower operator bytes; the cut validator unbonds with a power-0 update', () => {
    const chain = new Chain();
    patchState(chain, (d) => {
      d.staking.params = { ...d.staking.params, max_validators: 2 };
    });
    const [low, mid, high] = byOperator as [number, number, number];
    // high creates first with 2 STOS: bonded alone
    chain.ok(keys[high]!, [M.createValidator(keys[high]!, consKey(high + 1), 2n * STOS)]);
    expect(chain.updates).toEqual([{ pubKey: consKey(high + 1).base64, power: 2000n }]);
    chain.ok(keys[mid]!, [M.createValidator(keys[mid]!, consKey(mid + 1), 2n * STOS)]);
    expect(chain.updates).toEqual([{ pubKey: consKey(mid + 1).base64, power: 2000n }]);
    // low ties at 2 STOS: it outranks high (lower operator bytes), which leaves the set
    const r = chain.ok(keys[low]!, [M.createValidator(keys[low]!, consKey(low + 1), 2n * STOS)]);
    expect(chain.updates).toEqual([
      { pubKey: consKey(low + 1).base64, power: 2000n },
      { pubKey: consKey(high + 1).base64, power: 0n },
    ]);
    const v = chain.validator(keys[high]!);
    expect(v.status).toBe(2);
    expect(v.unbonding_height).toBe(chain.app.height);
    expect(v.unbonding_ids).toEqual([1n]);
    // equal amounts in and out: no pool transfer
    expect(eventsOf(r.endEvents, 'transfer')).toEqual([]);
    expect(chain.balance(BONDED_POOL)).toBe(4n * STOS);
    expect(chain.balance(NOT_BONDED_POOL)).toBe(2n * STOS);
    expect(chain.app.state.staking.last_total_power).toBe(4000n);
    expect(chain.query('Validators', { status: 'BOND_STATUS_BONDED' }).validators.map((x: any) => x.operator_address)).toEqual([valoper(keys[low]!), valoper(keys[mid]!)]);

    // when: high gets one more wei's worth of power, it re-enters and mid leaves; the net moves once
    const back = chain.ok(keys[high]!, [M.delegate(keys[high]!.address, valoper(keys[high]!), 10n ** 15n)]);
    expect(chain.updates).toEqual([
      { pubKey: consKey(high + 1).base64, power: 2001n },
      { pubKey: consKey(mid + 1).base64, power: 0n },
    ]);
    expect(eventsOf(back.endEvents, 'transfer')).toEqual([{ recipient: BONDED_POOL, sender: NOT_BONDED_POOL, amount: '1000000000000000wei' }]);
    expect(chain.validator(keys[high]!).status).toBe(3);
    // [QUIRK] a re-bonded validator keeps its unbonding height, time and ids
    expect(chain.validator(keys[high]!).unbonding_ids).toEqual([1n]);
  });

  it('power 0 (tokens below 10^15 wei) is never bonded', () => {
    const chain = new Chain();
    chain.ok(keys[0]!, [M.createValidator(keys[0]!, consKey(1), 10n ** 15n - 1n)]);
    expect(chain.updates).toEqual([]);
    expect(chain.validator(keys[0]!).status).toBe(1);
    expect(chain.balance(NOT_BONDED_POOL)).toBe(10n ** 15n - 1n);
    chain.ok(keys[1]!, [M.delegate(keys[1]!.address, valoper(keys[0]!), 1n)]);
    expect(chain.updates).toEqual([{ pubKey: consKey(1).base64, power: 1n }]);
  });

  it('a jailed validator leaves at EndBlock (power 0), unbonds after unbonding_time and is UNBONDED; unjailed it returns', () => {
    const chain = new Chain();
    chain.ok(keys[0]!, [M.createValidator(keys[0]!, consKey(1), 3n * STOS)]);
    chain.ok(keys[1]!, [M.createValidator(keys[1]!, consKey(2), 2n * STOS)]);
    patchState(chain, (d, ctx) => jail(d, consKey(1).consHex, ctx));
    chain.emptyBlock();
    expect(chain.updates).toEqual([{ pubKey: consKey(1).base64, power: 0n }]);
    expect(chain.validator(keys[0]!)).toMatchObject({ jailed: true, status: 2 });
    expect(chain.balance(BONDED_POOL)).toBe(2n * STOS);
    const unbondingAt = chain.timeNs + UNBONDING;
    chain.emptyBlock(unbondingAt - chain.timeNs - SEC);
    expect(chain.validator(keys[0]!).status).toBe(2);
    chain.emptyBlock(SEC);
    // [QUIRK] UNBONDED, with its unbonding ids still stored
    expect(chain.validator(keys[0]!)).toMatchObject({ status: 1, unbonding_ids: [1n] });
    patchState(chain, (d, ctx) => unjail(d, consKey(1).consHex, ctx));
    chain.emptyBlock();
    expect(chain.updates).toEqual([{ pubKey: consKey(1).base64, power: 3000n }]);
    expect(chain.validator(keys[0]!)).toMatchObject({ jailed: false, status: 3 });
  });

  it('the operator undelegating below min_self_delegation is jailed at once, without a slash', () => {
    const chain = new Chain();
    chain.ok(keys[0]!, [M.createValidator(keys[0]!, consKey(1), 3n * STOS, { min_self_delegation: String(2n * STOS) })]);
    chain.ok(keys[0]!, [M.undelegate(keys[0]!.address, valoper(keys[0]!), 2n * STOS)]);
    expect(chain.validator(keys[0]!)).toMatchObject({ jailed: true, status: 2, tokens: String(STOS) });
    expect(chain.updates).toEqual([{ pubKey: consKey(1).base64, power: 0n }]);
    expect(chain.balance(BONDED_POOL)).toBe(0n);
    expect(chain.balance(NOT_BONDED_POOL)).toBe(3n * STOS);
  });

  it('a validator unbonded with no shares left is removed when its unbonding completes', () => {
    const chain = new Chain();
    chain.ok(keys[0]!, [M.createValidator(keys[0]!, consKey(1), 3n * STOS)]);
    chain.ok(keys[0]!, [M.undelegate(keys[0]!.address, valoper(keys[0]!), 3n * STOS)]);
    expect(chain.validator(keys[0]!)).toMatchObject({ status: 2, tokens: '0', delegator_shares: '0.000000000000000000' });
    chain.emptyBlock(UNBONDING);
    expect(chain.query('Validator', { validator_addr: valoper(keys[0]!) }).error.code).toBe(22);
    expect(chain.app.state.staking.validator_by_cons).toEqual({});
  });
});
