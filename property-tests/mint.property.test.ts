/**
 * Properties of mint (reference/sdk-modules.md §5): inflation stays within [min, max] and moves
 * towards goal_bonded (up below it, down above it); a block mints exactly
 * TruncateInt(annual / blocks_per_year), which is the supply's growth and fee_collector's gain.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../src/math/dec.ts';
import { moduleAccountAddress } from '../src/modules/auth/account.ts';
import { creditGenesisBalance } from '../src/modules/bank/state.ts';
import { blockProvision, nextInflationRate } from '../src/modules/mint/begin-block.ts';
import type { MintParams } from '../src/modules/mint/params.ts';
import { STOS, World } from '../test/modules/slashing/harness.ts';

const SEED = Number(process.env.FC_SEED ?? 20261124);
const E18 = 10n ** 18n;

const paramsArb = fc
  .record({
    change: fc.bigInt({ min: 0n, max: E18 }),
    a: fc.bigInt({ min: 0n, max: E18 }),
    b: fc.bigInt({ min: 0n, max: E18 }),
    goal: fc.bigInt({ min: 1n, max: E18 }),
    bpy: fc.bigInt({ min: 1n, max: 10_000_000n }),
  })
  .map(
    ({ change, a, b, goal, bpy }): MintParams => ({
      mint_denom: 'wei',
      inflation_rate_change: change,
      inflation_max: a > b ? a : b,
      inflation_min: a > b ? b : a,
      goal_bonded: goal,
      blocks_per_year: bpy,
    }),
  );

describe('mint', () => {
  it('inflation stays within [min, max] and moves towards goal_bonded', () => {
    fc.assert(
      fc.property(paramsArb, fc.bigInt({ min: 0n, max: E18 }), fc.bigInt({ min: 0n, max: E18 }), (p, prev, ratio) => {
        const next = nextInflationRate({ inflation: prev, annual_provisions: 0n }, p, Dec.fromRaw(ratio)).raw;
        expect(next >= p.inflation_min && next <= p.inflation_max).toBe(true);
        const clamped = prev < p.inflation_min ? p.inflation_min : prev > p.inflation_max ? p.inflation_max : prev;
        if (ratio < p.goal_bonded) expect(next >= clamped).toBe(true);
        if (ratio > p.goal_bonded) expect(next <= clamped).toBe(true);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  it('a block mints TruncateInt(annual / blocks_per_year) into fee_collector and the supply', () => {
    const FEES = moduleAccountAddress('fee_collector');
    fc.assert(
      fc.property(paramsArb, fc.bigInt({ min: 0n, max: E18 }), fc.bigInt({ min: 0n, max: 5000n }), (p, inflation, bondedStos) => {
        const w = new World({
          mint: {
            minter: { inflation: Dec.fromRaw(inflation).toString(), annual_provisions: '0' },
            params: {
              mint_denom: 'wei',
              inflation_rate_change: Dec.fromRaw(p.inflation_rate_change).toString(),
              inflation_max: Dec.fromRaw(p.inflation_max).toString(),
              inflation_min: Dec.fromRaw(p.inflation_min).toString(),
              goal_bonded: Dec.fromRaw(p.goal_bonded).toString(),
              blocks_per_year: p.blocks_per_year.toString(),
            },
          },
        });
        w.patch((d) => {
          creditGenesisBalance(d, moduleAccountAddress('bonded_tokens_pool'), [{ denom: 'wei', amount: bondedStos * STOS }]);
          (d.bank.supply as Record<string, bigint>).wei = (d.bank.supply.wei ?? 0n) + bondedStos * STOS;
        });
        const supply = w.app.state.bank.supply.wei ?? 0n;
        const fees = w.balance(FEES);
        w.block();
        const minter = w.app.state.mint.minter;
        expect(minter.annual_provisions).toBe(minter.inflation * supply);
        const minted = blockProvision(minter, p);
        expect(minted).toBe(minter.annual_provisions / p.blocks_per_year / E18);
        expect((w.app.state.bank.supply.wei ?? 0n) - supply).toBe(minted);
        expect(w.balance(FEES) - fees).toBe(minted);
      }),
      { seed: SEED, numRuns: 25 },
    );
  });
});
