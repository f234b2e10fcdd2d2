/** RestoreTotalSupply (reference/chain-semantics.md §3.6, docs/quirks.md PC5). */
import { describe, expect, it, afterEach } from 'vitest';
import { produce } from 'immer';
import { potEndBlock, restoreTotalSupply, setSupplyRestoration } from '../../../src/modules/pot/mature.ts';
import { ctxAt, pool, STOS, workedExampleState } from './world.ts';
import { creditGenesisBalance } from '../../../src/modules/bank/state.ts';
import { moduleAccountAddress } from '../../../src/modules/auth/account.ts';
import type { AppState } from '../../../src/state/app-state.ts';

afterEach(() => {
  setSupplyRestoration(false);
});

describe('RestoreTotalSupply', () => {
  it('given a supply below initial_total_supply, then the gap is minted to pot and sent to the community pool', () => {
    const s = workedExampleState().state;
    const supply = s.bank.supply.wei!;
    const after = produce(s, (d) => restoreTotalSupply(d, ctxAt(1n)));
    expect(after.bank.supply.wei).toBe(400_000_000n * STOS);
    expect(pool(after, 'distribution')).toBe(400_000_000n * STOS - supply);
    expect(pool(after, 'pot')).toBe(0n);
  });

  it('given a surplus the community pool covers, then it is burned from the community pool; if it cannot, nothing happens', () => {
    const withInitial = (st: AppState, amount: bigint) =>
      produce(st, (d) => {
        (d.pot.params as { initial_total_supply: { denom: string; amount: bigint } }).initial_total_supply = { denom: 'wei', amount };
      });
    const base = workedExampleState().state;
    // the community pool is empty: a surplus of 5 cannot be burned
    const short = withInitial(base, base.bank.supply.wei! - 5n);
    expect(produce(short, (d) => restoreTotalSupply(d, ctxAt(1n)))).toEqual(short);
    // a community pool of 10 covers it
    const funded = produce(base, (d) => {
      creditGenesisBalance(d, moduleAccountAddress('distribution'), [{ denom: 'wei', amount: 10n }]);
      (d.bank.supply as Record<string, bigint>).wei = d.bank.supply.wei! + 10n;
    });
    const s = withInitial(funded, funded.bank.supply.wei! - 5n);
    const after = produce(s, (d) => restoreTotalSupply(d, ctxAt(1n)));
    expect(after.bank.supply.wei).toBe(s.bank.supply.wei! - 5n);
    expect(pool(after, 'distribution')).toBe(5n);
  });

  it('runs in EndBlock only when enabled and only at heights ≡ 1 (mod 10000)', () => {
    const s = workedExampleState().state;
    expect(produce(s, (d) => potEndBlock(d, ctxAt(1n))).bank.supply).toEqual(s.bank.supply);
    setSupplyRestoration(true);
    expect(produce(s, (d) => potEndBlock(d, ctxAt(2n))).bank.supply).toEqual(s.bank.supply);
    expect(produce(s, (d) => potEndBlock(d, ctxAt(10001n))).bank.supply.wei).toBe(400_000_000n * STOS);
  });
});
