import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import {
  calculatePurchaseAmount,
  decreaseOzoneLimitBySubtractDeposit,
  increaseOzoneLimitByAddDeposit,
  isUnbondable,
} from '../../../src/modules/register/ozone.ts';
import { emptyRegisterState, type HasRegister } from '../../../src/modules/register/state.ts';

const E18 = 10n ** 18n;

function given(st: bigint, lt: bigint, rateRaw = 1_000_000n * E18): HasRegister {
  return { register: { ...emptyRegisterState(), effective_total_deposit: st, remaining_ozone_limit: lt, deposit_noz_rate: rateRaw } };
}

function run<T>(s: HasRegister, f: (d: HasRegister) => T): { state: HasRegister; out: T } {
  let out!: T;
  const state = produce(s, (d) => {
    out = f(d as HasRegister);
  });
  return { state, out };
}

describe('ozone limit (reference §1.4), numbers by hand', () => {
  it('Increase: St += d always; St was 0 → Lt unchanged and change 0 [QUIRK]', () => {
    const { state, out } = run(given(0n, 7n), (d) => increaseOzoneLimitByAddDeposit(d as never, 5_000_000n));
    expect([state.register.effective_total_deposit, state.register.remaining_ozone_limit, out]).toEqual([5_000_000n, 7n, 0n]);
  });

  it('Increase: Lt += trunc(d / rate), reported trunc(d / rate)', () => {
    const { state, out } = run(given(1n, 10n), (d) => increaseOzoneLimitByAddDeposit(d as never, 2_999_999n));
    expect([state.register.effective_total_deposit, state.register.remaining_ozone_limit, out]).toEqual([3_000_000n, 12n, 2n]);
  });

  it('Decrease: Lt = trunc(Lt − x) drops by ceil(x) while positive; reported floor(x)', () => {
    const { state, out } = run(given(10_000_000n, 10n), (d) => decreaseOzoneLimitBySubtractDeposit(d as never, 2_500_000n));
    expect([state.register.effective_total_deposit, state.register.remaining_ozone_limit, out]).toEqual([7_500_000n, 7n, 2n]);
  });

  it('Decrease: truncation toward zero when Lt − x < 0 (Lt may go negative)', () => {
    const { state } = run(given(10_000_000n, 1n), (d) => decreaseOzoneLimitBySubtractDeposit(d as never, 2_500_000n));
    // 1 − 2.5 = −1.5 → trunc toward zero = −1
    expect(state.register.remaining_ozone_limit).toBe(-1n);
  });

  it('Decrease with St 0: St goes negative, Lt unchanged, returns 0', () => {
    const { state, out } = run(given(0n, 4n), (d) => decreaseOzoneLimitBySubtractDeposit(d as never, 3_000_000n));
    expect([state.register.effective_total_deposit, state.register.remaining_ozone_limit, out]).toEqual([-3_000_000n, 4n, 0n]);
  });

  it('quo rounds half-even at the 18th decimal: x = 1/3 rate keeps 18 digits', () => {
    // rate 3: d = 2 → x = 0.666666666666666667 (rounded up at digit 18), trunc 0
    const { state, out } = run(given(1n, 0n, 3n * E18), (d) => increaseOzoneLimitByAddDeposit(d as never, 2n));
    expect([state.register.remaining_ozone_limit, out]).toEqual([0n, 0n]);
    expect(isUnbondable(given(0n, 1n, 3n * E18), 3n)).toBe(true);
    expect(isUnbondable(given(0n, 0n, 3n * E18), 2n)).toBe(false);
  });

  it('IsUnbondable compares Lt with the Dec d / rate', () => {
    expect(isUnbondable(given(0n, 2n), 2_000_000n)).toBe(true);
    expect(isUnbondable(given(0n, 2n), 2_000_001n)).toBe(false);
  });

  it('purchase = trunc(Lt·X / (St + Pt + X))', () => {
    // Lt 1000, X 300, St 600, Pt 100: 300000 / 1000 = 300
    expect(calculatePurchaseAmount(given(600n, 1000n), 300n, 100n)).toEqual({ purchased: 300n, remaining: 700n });
    // Lt 10, X 1, St 2, Pt 0: 10/3 = 3.333… → 3
    expect(calculatePurchaseAmount(given(2n, 10n), 1n, 0n)).toEqual({ purchased: 3n, remaining: 7n });
  });
});
