/**
 * Sds invariants under random sequences of prepay and upload (issue 6 "Done when"):
 * - no wei is created or destroyed: the sum over all accounts and module accounts is constant and
 *   equals the bank supply; `total_unissued_prepay` holds exactly the prepaid wei;
 * - the noz supply follows the formula: each purchase equals `trunc(Lt·X / (St + Pt + X))` computed
 *   by an independent bigint model of the Dec steps (reference §0.2, §1.4), and Lt + Σ purchased is
 *   constant; St never changes;
 * - uploads accumulate reporter bits and never move coins.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moduleAccountAddress } from '../src/modules/auth/account.ts';
import { balanceOf } from '../src/modules/bank/state.ts';
import { shardValues } from '../src/state/sharded.ts';
import type { AppState } from '../src/state/app-state.ts';
import { META_A, META_B, owners, S, sdsChain, STOS, V05_HASH, HEX_HASH, typedEvents } from '../test/modules/sds/harness.ts';

const SEED = 20240606;
const E18 = 10n ** 18n;
const POOL = moduleAccountAddress('total_unissued_prepay');

/** Go's banker's rounding of q / 10^18 (q ≥ 0). */
function roundHalfEven18(q: bigint): bigint {
  const base = q / E18;
  const rem = q % E18;
  const half = E18 / 2n;
  return rem > half || (rem === half && base % 2n === 1n) ? base + 1n : base;
}

/** trunc(quo(mul(fromInt(Lt), fromInt(X)), fromInt(D))) for Lt, X ≥ 0, D > 0, with the Dec steps spelled out. */
function modelPurchase(lt: bigint, x: bigint, d: bigint): bigint {
  const va = lt * x * E18; // mul of two integers is exact
  const vb = d * E18;
  const q = (va * E18 * E18) / vb; // quo: truncate at 36 digits…
  return roundHalfEven18(q) / E18; // …round half-even at 18, then truncateInt
}

function totalWei(state: AppState): bigint {
  let sum = 0n;
  for (const b of shardValues(state.bank.balances)) sum += b.wei ?? 0n;
  return sum;
}

type Step = { kind: 'prepay' | 'upload'; who: number; amount: bigint; hash: number };

const stepArb: fc.Arbitrary<Step> = fc.record({
  kind: fc.constantFrom('prepay', 'prepay', 'upload'),
  who: fc.integer({ min: 0, max: 4 }),
  // from 1 wei to more than an owner holds (1000 stos): some prepays fail for insufficient funds
  amount: fc.oneof(fc.bigInt({ min: 1n, max: 10n ** 6n }), fc.bigInt({ min: 1n, max: 1200n * STOS })),
  hash: fc.integer({ min: 0, max: 1 }),
});

describe('sds properties', () => {
  it('prepay conserves wei and follows the noz formula; uploads move no coins', () => {
    const seen = { bought: 0, refused: 0, uploaded: 0, zeroNoz: 0 };
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 1, maxLength: 8 }), (steps) => {
        const chain = sdsChain();
        const s0 = chain.app.state;
        const wei0 = totalWei(s0);
        const lt0 = s0.register.remaining_ozone_limit;
        const st = s0.register.effective_total_deposit;
        let purchasedSum = 0n;
        let prepaid = 0n;
        for (const step of steps) {
          const key = owners[step.who]!;
          const before = chain.app.state;
          if (step.kind === 'prepay') {
            const lt = before.register.remaining_ozone_limit;
            const pt = balanceOf(before, POOL, 'wei');
            const r = chain.deliver(key, [S.prepay(key.address, step.amount)]);
            if (r.code === 0) {
              const bought = BigInt(typedEvents(r.events, 'chain.sds.v1.')[0]!.attrs.purchased_noz as string);
              expect(bought).toBe(modelPurchase(lt, step.amount, st + pt + step.amount));
              expect(chain.app.state.register.remaining_ozone_limit).toBe(lt - bought);
              purchasedSum += bought;
              seen.bought++;
              if (bought === 0n) seen.zeroNoz++;
              prepaid += step.amount;
            } else {
              expect({ codespace: r.codespace, code: r.code }).toEqual({ codespace: 'sds', code: 10 });
              expect(chain.app.state.register.remaining_ozone_limit).toBe(lt);
              seen.refused++;
            }
          } else {
            // owners 0 and 1 own meta nodes A and B; the others are refused with sds 11
            const reporter = step.who === 1 ? META_B.address : META_A.address;
            const r = chain.deliver(key, [S.upload(key.address, reporter, owners[3]!.address, step.hash === 0 ? V05_HASH : HEX_HASH)]);
            expect(r.code === 0 ? 'ok' : `${r.codespace}/${r.code}`).toBe(step.who <= 1 ? 'ok' : 'sds/11');
            if (r.code === 0) seen.uploaded++;
            expect(chain.app.state.register.remaining_ozone_limit).toBe(before.register.remaining_ozone_limit);
          }
          const now = chain.app.state;
          expect(totalWei(now)).toBe(wei0);
          expect(now.bank.supply.wei ?? 0n).toBe(wei0);
          expect(now.register.effective_total_deposit).toBe(st);
          expect(now.register.remaining_ozone_limit + purchasedSum).toBe(lt0);
          expect(balanceOf(now, POOL, 'wei')).toBe(prepaid);
        }
      }),
      { seed: SEED, numRuns: 100 },
    );
    // the generators reach every branch: purchases (some too small to buy a noz), refusals, uploads
    expect(Object.values(seen).every((n) => n > 0)).toBe(true);
  });

  it('the model agrees with the chain on the half-even carry (1 − 5·10^-19 buys 1 noz)', () => {
    expect(modelPurchase(2n * E18 - 1n, 1n, 2n * E18)).toBe(1n);
    expect(modelPurchase(2n * E18 - 1n, 1n, 2n * E18) === ((2n * E18 - 1n) * 1n) / (2n * E18)).toBe(false);
  });
});
