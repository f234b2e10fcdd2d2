/** The remaining staking codes: negative rates (9, 13), jailed (7), tiny redelegation (30), invalid exchange rate (34), zero tokens (22). */
import { describe, expect, it } from 'vitest';
import { jail, slash } from '../../../src/modules/staking/slash.ts';
import { Chain, commission, consKey, keys, M, patchState, STOS, valoper } from './harness.ts';

const [a, b, d] = [keys[0]!, keys[1]!, keys[3]!];
const ONE = 10n ** 18n;

describe('more staking error codes', () => {
  it('negative commission rate (9) and negative max change rate (13) in ValidateBasic', () => {
    const chain = new Chain();
    chain.fails(a, [M.createValidator(a, consKey(1), STOS, { commission: commission('-0.100000000000000000') })], 'staking', 9, 'commission must be positive');
    chain.fails(a, [M.createValidator(a, consKey(1), STOS, { commission: commission('0.100000000000000000', '0.200000000000000000', '-0.010000000000000000') })], 'staking', 13, 'commission change rate must be positive');
  });

  it('cancel-unbond on a jailed validator (7)', () => {
    const chain = new Chain();
    chain.ok(a, [M.createValidator(a, consKey(1), 5n * STOS)]);
    chain.ok(d, [M.delegate(d.address, valoper(a), 2n * STOS)]);
    chain.ok(d, [M.undelegate(d.address, valoper(a), STOS)]);
    const h = chain.app.height;
    patchState(chain, (draft, ctx) => jail(draft, consKey(1).consHex, ctx));
    chain.emptyBlock();
    chain.fails(d, [M.cancelUnbond(d.address, valoper(a), STOS, h)], 'staking', 7, 'failed to execute message; message index: 0: validator for this address is currently jailed');
  });

  it('a redelegation whose shares are worth less than one token (30)', () => {
    const chain = new Chain();
    chain.ok(a, [M.createValidator(a, consKey(1), 100n * STOS)]);
    chain.ok(b, [M.createValidator(b, consKey(2), STOS)]);
    // 33 % slashed: tokens / shares = 0.67, so one token is 1.492537313432835820 shares (truncated)
    // and those shares are worth 0.999999999999999999 tokens, which truncate to 0
    patchState(chain, (draft, ctx) => void slash(draft, consKey(1).consHex, ctx.block.height, 100_000n, 330_000_000_000_000_000n, ctx));
    chain.emptyBlock();
    expect(chain.validator(a).tokens).toBe(String(67n * STOS));
    chain.ok(d, [M.delegate(d.address, valoper(a), 67n)]);
    chain.fails(d, [M.redelegate(d.address, valoper(a), valoper(b), 1n)], 'staking', 30, 'failed to execute message; message index: 0: too few tokens to redelegate (truncates to zero tokens)');
  });

  it('delegating to a validator slashed to zero tokens (34); undelegating from it (22)', () => {
    const chain = new Chain();
    chain.ok(a, [M.createValidator(a, consKey(1), 3n * STOS)]);
    chain.ok(d, [M.delegate(d.address, valoper(a), STOS)]);
    patchState(chain, (draft, ctx) => void slash(draft, consKey(1).consHex, ctx.block.height, 4000n, ONE, ctx));
    expect(chain.validator(a).tokens).toBe('0');
    chain.emptyBlock();
    chain.fails(d, [M.delegate(d.address, valoper(a), STOS)], 'staking', 34, 'failed to execute message; message index: 0: cannot delegate to validators with invalid (zero) ex-rate');
    chain.fails(d, [M.undelegate(d.address, valoper(a), STOS)], 'staking', 22, 'failed to execute message; message index: 0: insufficient delegation shares');
  });
});
