/**
 * Properties of F1 distribution (reference/sdk-modules.md §4.2) over random sequences of
 * delegations, partial undelegations, fees, slashes, reward and commission withdrawals, each
 * followed by a block whose last commit holds every validator at its current power:
 * - each validator's outstanding rewards cover the sum of its delegators' pending rewards plus its
 *   accumulated commission (per denom);
 * - the `distribution` account holds exactly the community pool plus all outstanding rewards (as
 *   decimals, so the truncated parts are within the dust the SDK allows: less than one wei per
 *   record);
 * - no wei is created or destroyed: the sum over all balances equals the bank supply, which changes
 *   only by what the slashes burn.
 *
 * And of `chaind export --for-zero-height` after such a sequence (src/abci/zero-height.ts): each
 * account receives exactly the whole wei its pending rewards and commission came to; afterwards the
 * `distribution` account holds exactly the community pool's whole wei and nothing is outstanding;
 * the supply is unchanged; and the document starts a chain.
 */
import fc from 'fast-check';
import { App } from '../src/abci/app.ts';
import { appModules } from '../src/abci/modules.ts';
import { describe, expect, it } from 'vitest';
import { moduleAccountAddress } from '../src/modules/auth/account.ts';
import { sendCoins } from '../src/modules/bank/state.ts';
import { initializeDelegation, pendingDelegationRewards, withdrawDelegationRewards, withdrawValidatorCommission } from '../src/modules/distribution/delegation.ts';
import { communityPool, getCommission, getOutstanding } from '../src/modules/distribution/state.ts';
import { Dec } from '../src/math/dec.ts';
import { decCoinsAdd, decCoinsAmountOf, decCoinsIsZero, type DecCoins } from '../src/math/dec-coins.ts';
import type { AppState } from '../src/state/app-state.ts';
import { shardEntries, shardValues } from '../src/state/sharded.ts';
import { genesisWith } from '../test/helpers/fixture.ts';
import { DEC, STOS, World, createValidator, delegate, hexOf, keys, slashValidator, undelegate, valOf, vote } from '../test/modules/distribution/harness.ts';

const SEED = Number(process.env.FC_SEED ?? 20261124);
const VALS = [valOf(0), valOf(1), valOf(2)];
const DELEGATORS = [keys[0]!, keys[1]!, keys[2]!, keys[3]!];
const FUNDER = keys[5]!;
const FEE_COLLECTOR = moduleAccountAddress('fee_collector');
const DISTR = moduleAccountAddress('distribution');

const opArb = fc.oneof(
  fc.record({ kind: fc.constant('delegate' as const), d: fc.nat({ max: 3 }), v: fc.nat({ max: 2 }), amount: fc.bigInt({ min: 10n ** 15n, max: 50n * STOS }) }),
  fc.record({ kind: fc.constant('undelegate' as const), d: fc.nat({ max: 3 }), v: fc.nat({ max: 2 }), percent: fc.bigInt({ min: 1n, max: 100n }) }),
  fc.record({ kind: fc.constant('fee' as const), amount: fc.bigInt({ min: 0n, max: 10n ** 18n }) }),
  fc.record({ kind: fc.constant('fee' as const), amount: fc.bigInt({ min: 0n, max: 1000n }) }),
  fc.record({ kind: fc.constant('slash' as const), v: fc.nat({ max: 2 }), fraction: fc.bigInt({ min: 0n, max: DEC / 2n }) }),
  fc.record({ kind: fc.constant('withdraw' as const), d: fc.nat({ max: 3 }), v: fc.nat({ max: 2 }) }),
  fc.record({ kind: fc.constant('commission' as const), v: fc.nat({ max: 2 }) }),
);
type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;

const setupArb = fc.record({
  tax: fc.constantFrom('0', '0.02', '0.5'),
  rates: fc.tuple(fc.constantFrom(0n, DEC / 20n, DEC / 10n, DEC), fc.constantFrom(0n, DEC / 20n), fc.constantFrom(0n, DEC / 3n)),
  selfBonds: fc.tuple(fc.bigInt({ min: 10n ** 15n, max: 100n * STOS }), fc.bigInt({ min: 10n ** 15n, max: 100n * STOS }), fc.bigInt({ min: 10n ** 15n, max: 100n * STOS })),
});

type Setup = typeof setupArb extends fc.Arbitrary<infer T> ? T : never;

function sumOfBalances(state: AppState): bigint {
  let total = 0n;
  for (const b of shardValues(state.bank.balances)) total += b.wei ?? 0n;
  return total;
}

const delegationOf = (state: AppState, d: string, v: string) => {
  for (const [k, rec] of shardEntries(state.staking.delegations)) if (k === hexOf(d) + hexOf(v)) return rec;
  return undefined;
};

/** Applies `op` in a block; returns the wei burned (slashes). */
function apply(w: World, op: Op): bigint {
  let burned = 0n;
  const h = w.app.height + 1n;
  w.patch((draft, ctx) => {
    const state = draft as AppState;
    if (op.kind === 'fee') {
      sendCoins(draft, FUNDER.address, FEE_COLLECTOR, op.amount === 0n ? [] : [{ denom: 'wei', amount: op.amount }], ctx);
      return;
    }
    const v = VALS[op.v]!;
    const record = state.staking.validators[hexOf(v.operator)]!;
    if (op.kind === 'commission') {
      if (!decCoinsIsZero(getCommission(state, hexOf(v.operator)))) withdrawValidatorCommission(draft, hexOf(v.operator), v.key.address, ctx);
      return;
    }
    if (op.kind === 'slash') {
      if (record.tokens > 0n) burned = slashValidator(draft, v, op.fraction, ctx);
      return;
    }
    const d = DELEGATORS[op.d]!;
    const del = delegationOf(state, d.address, v.operator);
    if (op.kind === 'delegate') {
      if (record.tokens === 0n && record.delegator_shares > 0n) return; // staking refuses (invalid exchange rate)
      delegate(draft, d.address, v, op.amount, ctx);
    } else if (op.kind === 'undelegate') {
      if (del) undelegate(draft, d.address, v, op.percent === 100n ? del.shares : (del.shares * op.percent) / 100n || del.shares, ctx);
    } else if (del) {
      withdrawDelegationRewards(draft, hexOf(v.operator), hexOf(d.address), ctx);
      initializeDelegation(draft, hexOf(v.operator), hexOf(d.address), ctx.block.height);
    }
  }, h);
  w.block({ votes: VALS.map((v) => vote(v, w.validator(v).tokens / 10n ** 15n)) });
  return burned;
}

function checkInvariants(w: World, supply: bigint): void {
  const state = w.app.state;
  let records: DecCoins = communityPool(state);
  for (const v of VALS) {
    const valHex = hexOf(v.operator);
    const outstanding = getOutstanding(state, valHex);
    records = decCoinsAdd(records, outstanding);
    let owed = getCommission(state, valHex);
    for (const d of DELEGATORS) {
      if (delegationOf(state, d.address, v.operator)) owed = decCoinsAdd(owed, pendingDelegationRewards(state, valHex, hexOf(d.address), w.app.height));
    }
    expect(decCoinsAmountOf(outstanding, 'wei').gte(decCoinsAmountOf(owed, 'wei'))).toBe(true);
  }
  const balance = w.balance(DISTR);
  // exact as decimals; hence the truncated records are short of the balance by less than one wei each
  expect(decCoinsAmountOf(records, 'wei').eq(Dec.fromInt(balance))).toBe(true);
  const truncatedSum = [communityPool(state), ...VALS.map((v) => getOutstanding(state, hexOf(v.operator)))].reduce((s, cs) => s + decCoinsAmountOf(cs, 'wei').truncateInt(), 0n);
  expect(balance - truncatedSum >= 0n && balance - truncatedSum <= BigInt(VALS.length)).toBe(true);
  expect(sumOfBalances(state)).toBe(supply);
  expect(state.bank.supply.wei).toBe(supply);
}

/** A world of three validators after `ops`, each in a block; returns it and the supply (less what the slashes burned). */
function worldAfter(setup: Setup, ops: readonly Op[], check = false): { w: World; supply: bigint } {
  const w = new World({
    distribution: {
      params: { community_tax: setup.tax, base_proposer_reward: '0', bonus_proposer_reward: '0', withdraw_addr_enabled: true },
      fee_pool: { community_pool: [] },
    },
  });
  w.patch((d, ctx) => VALS.forEach((v, i) => createValidator(d, v, setup.selfBonds[i]!, setup.rates[i]!, ctx)), 0n);
  let supply = w.app.state.bank.supply.wei!;
  w.block();
  for (const op of ops) {
    supply -= apply(w, op);
    if (check) checkInvariants(w, supply);
  }
  return { w, supply };
}

describe('F1 distribution properties', () => {
  it('outstanding covers pending rewards + commission; the distribution account equals pool + outstanding; no wei created or destroyed', () => {
    fc.assert(
      fc.property(setupArb, fc.array(opArb, { minLength: 1, maxLength: 20 }), (setup, ops) => {
        worldAfter(setup, ops, true);
      }),
      { seed: SEED, numRuns: 40 },
    );
  });

  it('export for zero height pays each account the whole wei it was owed; the distribution account then holds the community pool; the document starts a chain', () => {
    fc.assert(
      fc.property(setupArb, fc.array(opArb, { minLength: 1, maxLength: 12 }), (setup, ops) => {
        const { w, supply } = worldAfter(setup, ops);
        const state = w.app.state;
        const owed = new Map<string, bigint>();
        const add = (address: string, amount: bigint) => owed.set(address, (owed.get(address) ?? 0n) + amount);
        for (const v of VALS) {
          const valHex = hexOf(v.operator);
          add(v.key.address, decCoinsAmountOf(getCommission(state, valHex), 'wei').truncateInt());
          for (const d of DELEGATORS) {
            if (delegationOf(state, d.address, v.operator)) add(d.address, decCoinsAmountOf(pendingDelegationRewards(state, valHex, hexOf(d.address), w.app.height), 'wei').truncateInt());
          }
        }

        const { appState } = w.app.exportAppStateAndValidators({ forZeroHeight: true });
        const bank = appState.bank as { balances: { address: string; coins: { denom: string; amount: string }[] }[] };
        const balance = (address: string) => BigInt(bank.balances.find((b) => b.address === address)?.coins.find((c) => c.denom === 'wei')?.amount ?? '0');
        for (const [address, amount] of owed) expect([address, balance(address) - w.balance(address)]).toEqual([address, amount]);
        const distr = appState.distribution as { fee_pool: { community_pool: { denom: string; amount: string }[] }; outstanding_rewards: { outstanding_rewards: unknown[] }[] };
        expect(distr.outstanding_rewards.every((o) => o.outstanding_rewards.length === 0)).toBe(true);
        const pool = distr.fee_pool.community_pool.find((c) => c.denom === 'wei')?.amount ?? '0';
        expect(balance(DISTR)).toBe(Dec.fromString(pool).truncateInt());
        expect(bank.balances.reduce((sum, b) => sum + BigInt(b.coins.find((c) => c.denom === 'wei')?.amount ?? '0'), 0n)).toBe(supply);

        const next = new App({ ...appModules });
        next.initChain({ ...genesisWith([]), initial_height: '1', app_state: { ...appState, genutil: { gen_txs: [] } } });
        expect(next.state.bank.supply.wei).toBe(supply);
      }),
      { seed: SEED, numRuns: 25 },
    );
  });
});
