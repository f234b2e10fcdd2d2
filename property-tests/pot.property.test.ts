/**
 * Properties of pot (reference/chain-semantics.md §3.5–3.7) over random sequences of prepay,
 * volume report, maturation, slashing and withdraw on the §5 world:
 * - no wei is created or destroyed: the sum over all accounts (users and module accounts) equals
 *   the bank supply and never changes (these operations neither mint nor burn);
 * - the rewards owed to wallets (Σ immature + mature totals) equal the `total_reward_pool` balance,
 *   so no wallet's rewards can exceed the pools;
 * - TotalMinedTokens never decreases.
 */
import fc from 'fast-check';
import { produce, type Draft } from 'immer';
import { describe, expect, it } from 'vitest';
import { accAddress } from '../src/crypto/address.ts';
import { ChainError } from '../src/errors.ts';
import { moduleAccountAddress } from '../src/modules/auth/account.ts';
import { balanceOf, creditGenesisBalance, sendCoinsFromAccountToModule } from '../src/modules/bank/state.ts';
import { distributePotReward } from '../src/modules/pot/distribute.ts';
import { rewardMatureAndSubSlashing } from '../src/modules/pot/mature.ts';
import { msgWithdraw } from '../src/modules/pot/reward-msgs.ts';
import { matureTotalOf } from '../src/modules/pot/state.ts';
import { addSlashing, calculatePurchaseAmount } from '../src/modules/register/index.ts';
import type { AppState } from '../src/state/app-state.ts';
import { shardValues } from '../src/state/sharded.ts';
import { ctxAt, RN_WALLETS, STOS, workedExampleState } from '../test/modules/pot/world.ts';

const SEED = Number(process.env.FC_SEED ?? 20261122);
const USER = accAddress(new Uint8Array(20).fill(0x99));
const WALLETS = [...RN_WALLETS, accAddress(new Uint8Array(20).fill(0x14)), 'st1invalid'];

function sumOfBalances(state: AppState): bigint {
  let total = 0n;
  for (const b of shardValues(state.bank.balances)) total += b.wei ?? 0n;
  return total;
}

function owedRewards(state: AppState): bigint {
  let total = 0n;
  for (const a of shardValues(state.pot.immature_total)) total += a.wei ?? 0n;
  for (const a of shardValues(state.pot.mature_total)) total += a.wei ?? 0n;
  return total;
}

const opArb = fc.oneof(
  fc.record({ kind: fc.constant('prepay' as const), amount: fc.bigInt({ min: 1n, max: 100n * STOS }) }),
  fc.record({
    kind: fc.constant('report' as const),
    epochStep: fc.bigInt({ min: 1n, max: 1500n }),
    volumes: fc.array(fc.record({ w: fc.nat({ max: WALLETS.length - 1 }), v: fc.bigInt({ min: 0n, max: 10n ** 12n }) }), { minLength: 1, maxLength: 5 }),
  }),
  fc.record({ kind: fc.constant('slash' as const), w: fc.nat({ max: 3 }), amount: fc.bigInt({ min: 1n, max: 50n * STOS }) }),
  fc.record({ kind: fc.constant('withdraw' as const), w: fc.nat({ max: 3 }), part: fc.bigInt({ min: 0n, max: 100n }) }),
);
const stats = { reports: 0, withdrawals: 0 };
type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;

function apply(state: AppState, op: Op, height: bigint): AppState {
  const ctx = ctxAt(height);
  const step = (f: (d: Draft<AppState>) => void): AppState => {
    try {
      return produce(state, f);
    } catch (e) {
      if (e instanceof ChainError) return state; // a failed tx leaves no trace
      throw e;
    }
  };
  switch (op.kind) {
    case 'prepay':
      return step((d) => {
        const pt = balanceOfModule(d as AppState, 'total_unissued_prepay');
        const r = calculatePurchaseAmount(d, op.amount, pt)!;
        d.register.remaining_ozone_limit = r.remaining;
        sendCoinsFromAccountToModule(d, USER, 'total_unissued_prepay', [{ denom: 'wei', amount: op.amount }], ctx);
      });
    case 'report':
      return step((d) => {
        const vols = op.volumes.map((x) => ({ wallet_address: WALLETS[x.w]!, volume: x.v }));
        distributePotReward(d, vols, d.pot.last_distributed_epoch + op.epochStep, ctx);
        rewardMatureAndSubSlashing(d, ctx);
        stats.reports++;
      });
    case 'slash':
      return step((d) => addSlashing(d, WALLETS[op.w]!, op.amount));
    case 'withdraw':
      return step((d) => {
        const wallet = WALLETS[op.w]!;
        const mature = matureTotalOf(d as AppState, wallet).wei ?? 0n;
        const amount = (mature * op.part) / 100n;
        const msg = { amount: amount === 0n ? [] : [{ denom: 'wei', amount: amount.toString() }], wallet_address: wallet, target_address: USER };
        msgWithdraw.validateBasic!(msg);
        msgWithdraw.handle(d, msg, ctx);
        if (amount > 0n) stats.withdrawals++;
      });
  }
}

const balanceOfModule = (state: AppState, name: string) => balanceOf(state, moduleAccountAddress(name), 'wei');

describe('pot conservation properties', () => {
  it('no wei created or destroyed; owed rewards equal the reward pool; mined tokens never decrease', () => {
    const base = produce(workedExampleState().state, (d) => {
      creditGenesisBalance(d, USER, [{ denom: 'wei', amount: 10_000n * STOS }]);
      (d.bank.supply as Record<string, bigint>).wei = (d.bank.supply.wei ?? 0n) + 10_000n * STOS;
    });
    const supply = base.bank.supply.wei!;
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 25 }), (ops) => {
        let s = base;
        let mined = s.pot.total_mined_tokens;
        ops.forEach((op, i) => {
          s = apply(s, op, BigInt(i + 2));
          expect(sumOfBalances(s)).toBe(supply);
          expect(s.bank.supply.wei).toBe(supply);
          expect(owedRewards(s)).toBe(balanceOfModule(s, 'total_reward_pool'));
          expect(s.pot.total_mined_tokens).toBeGreaterThanOrEqual(mined);
          mined = s.pot.total_mined_tokens;
        });
      }),
      { seed: SEED, numRuns: 60 },
    );
    // the sequences exercised successful reports and non-empty withdrawals
    expect(stats.reports).toBeGreaterThan(0);
    expect(stats.withdrawals).toBeGreaterThan(0);
  });
});
