/**
 * Properties of the core: supply is conserved by any sequence of sends and fees; replaying the
 * stored log reproduces every app hash; corrupted tx bytes are rejected without a state change.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { App } from '../src/abci/app.ts';
import { Chain } from '../src/abci/chain.ts';
import { appModules } from '../src/abci/modules.ts';
import { shardValues } from '../src/state/sharded.ts';
import type { AppState } from '../src/state/app-state.ts';
import { genesisWith, msgSend, signed, testKey } from '../test/helpers/fixture.ts';

const SEED = Number(process.env.FC_SEED ?? 20261122);
const keys = Array.from({ length: 4 }, (_, i) => testKey(i));
const genesis = genesisWith(keys.map((k, i) => [k.address, 10n ** 15n * BigInt(i + 1)]));

function sumOfBalances(state: AppState): bigint {
  let total = 0n;
  for (const b of shardValues(state.bank.balances)) total += b.wei ?? 0n;
  return total;
}

const txArb = fc.record({
  from: fc.nat({ max: keys.length - 1 }),
  to: fc.nat({ max: keys.length - 1 }),
  amount: fc.bigInt({ min: 0n, max: 3n * 10n ** 15n }),
  fee: fc.bigInt({ min: 0n, max: 10n ** 14n }),
  seqSkew: fc.constantFrom(0n, 0n, 0n, 1n),
});
type TxSpec = typeof txArb extends fc.Arbitrary<infer T> ? T : never;

/** Signs txs with the sender's expected sequence (plus a skew that makes some fail). */
function signAll(blocks: TxSpec[][]): Uint8Array[][] {
  const seq = keys.map(() => 0n);
  return blocks.map((block) =>
    block.map((t) => {
      const tx = signed(keys[t.from]!, BigInt(t.from), seq[t.from]! + t.seqSkew, {
        messages: [msgSend(keys[t.from]!.address, keys[t.to]!.address, t.amount)],
        fee: t.fee === 0n ? [] : [{ denom: 'wei', amount: t.fee.toString() }],
      });
      if (t.seqSkew === 0n) seq[t.from]! += 1n; // a failing ante leaves the sequence alone
      return tx;
    }),
  );
}

describe('chain properties', () => {
  it('total supply equals the sum of balances and never changes, whatever sends and fees succeed or fail', () => {
    fc.assert(
      fc.property(fc.array(fc.array(txArb, { maxLength: 6 }), { minLength: 1, maxLength: 5 }), (blocks) => {
        const app = new App(appModules);
        app.initChain(genesis);
        const supply = app.state.bank.supply.wei!;
        for (const txs of signAll(blocks)) {
          app.finalizeBlock({ height: app.height + 1n, timeNs: 1n, proposer: '', txs });
          app.commit();
          expect(app.state.bank.supply.wei).toBe(supply);
          expect(sumOfBalances(app.state)).toBe(supply);
        }
      }),
      { seed: SEED, numRuns: 40 },
    );
  });

  it('replaying the stored blocks reproduces every app hash', () => {
    const dir = mkdtempSync(join(tmpdir(), 'prop-replay-'));
    let run = 0;
    try {
      fc.assert(
        fc.property(fc.array(fc.array(txArb, { maxLength: 5 }), { minLength: 1, maxLength: 4 }), fc.nat({ max: 3 }), (blocks, interval) => {
          const dbPath = join(dir, `chain-${run++}.sqlite`);
          const chain = Chain.open({ ...appModules, dbPath, genesis, snapshotInterval: interval });
          const hashes = signAll(blocks).map((txs) => Buffer.from(chain.commitBlock(txs).appHash).toString('hex'));
          chain.close();
          const reopened = Chain.open({ ...appModules, dbPath });
          expect(Buffer.from(reopened.app.info().lastBlockAppHash).toString('hex')).toBe(hashes[hashes.length - 1]);
          for (let h = 1; h <= hashes.length; h++) expect(Buffer.from(reopened.store.getBlock(BigInt(h))!.appHash).toString('hex')).toBe(hashes[h - 1]);
          reopened.close();
        }),
        { seed: SEED, numRuns: 15 },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a tx with any corrupted byte is rejected and changes nothing', () => {
    const app = new App(appModules);
    app.initChain(genesis);
    const tx = signed(keys[3]!, 3n, 0n, { messages: [msgSend(keys[3]!.address, keys[0]!.address, 5n)], fee: [{ denom: 'wei', amount: '1000' }] });
    fc.assert(
      fc.property(fc.nat({ max: tx.length - 1 }), fc.integer({ min: 1, max: 255 }), (pos, xor) => {
        const bad = Uint8Array.from(tx);
        bad[pos]! ^= xor;
        const before = app.state;
        const res = app.finalizeBlock({ height: app.height + 1n, timeNs: 1n, proposer: '', txs: [bad] });
        expect(res.txResults[0]!.code).not.toBe(0);
        app.abandonPending();
        expect(app.state).toBe(before);
        // the pending state of the rejected block holds the same balances and accounts
        const check = app.finalizeBlock({ height: app.height + 1n, timeNs: 1n, proposer: '', txs: [bad] });
        expect(check.appHash).toEqual(app.finalizeBlock({ height: app.height + 1n, timeNs: 1n, proposer: '', txs: [] }).appHash);
        app.abandonPending();
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});
