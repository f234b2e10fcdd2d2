/**
 * Delta snapshots (`ChainOptions.snapshotDeltas`, as `chaind start` writes them): up to N
 * snapshots in a row are the changes since the one before, then a whole one. Each restores the
 * same state as a whole snapshot of its height, made at once or in slices; a reopened chain
 * restores from them to the same app hash and goes on counting its deltas from the restored one.
 */
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { Chain } from '../../src/abci/chain.ts';
import { appModules } from '../../src/abci/modules.ts';
import { accAddress } from '../../src/crypto/address.ts';
import { reviveAppState, type AppState } from '../../src/state/app-state.ts';
import { serializeState } from '../../src/state/canonical.ts';
import { restoreSnapshot } from '../../src/state/snapshot-delta.ts';
import { genesisWith, msgSend, signed, testKey } from '../helpers/fixture.ts';
import { tempDbs } from '../helpers/temp-db.ts';

const alice = testKey(0);
const FEE = [{ denom: 'wei', amount: '200000000000000' }];
const others = Array.from({ length: 300 }, () => accAddress(randomBytes(20)));
const genesis = genesisWith([[alice.address, 10n ** 21n], ...others.map((a) => [a, 1n] as [string, bigint])]);
/** block h: a transfer to a genesis account (an entry replaced) and one to a fresh address (an entry added) */
const fresh = Array.from({ length: 18 }, () => accAddress(randomBytes(20)));
const blockTxs = (h: bigint) => [0n, 1n].map((i) => signed(alice, 0n, 2n * h + i, { messages: [msgSend(alice.address, i === 0n ? others[Number(h)]! : fresh[Number(h)]!, 1n + h)], fee: FEE }));
const timeOf = (h: bigint) => 1_000_000_000n * (h + 1n);

const dbPath = tempDbs('snapshot-deltas-');
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
/** the state a snapshot restores, as one text (trie nodes rebuilt in slot and key order) */
const restored = (chain: Chain, h: bigint) => serializeState(reviveAppState(restoreSnapshot(chain.store.latestSnapshot(h)!.texts) as AppState));

describe('delta snapshots', () => {
  it('restore the states whole snapshots hold, made at once or in slices, and a reopened chain goes on from them', () => {
    const wholePath = dbPath();
    const deltasPath = dbPath();
    const whole = Chain.open({ ...appModules, dbPath: wholePath, genesis, snapshotInterval: 3 });
    const deltas = Chain.open({ ...appModules, dbPath: deltasPath, genesis, snapshotInterval: 3, snapshotDeltas: 2 });
    const sliced = Chain.open({ ...appModules, dbPath: dbPath(), genesis, snapshotInterval: 3, snapshotDeltas: 2, snapshotSliceMs: 1e-9 });
    for (let h = 0n; h < 12n; h++) for (const c of [whole, deltas, sliced]) c.commitBlock(blockTxs(h), timeOf(h));
    expect(hex(deltas.app.info().lastBlockAppHash)).toBe(hex(whole.app.info().lastBlockAppHash));
    expect(hex(sliced.app.info().lastBlockAppHash)).toBe(hex(whole.app.info().lastBlockAppHash));

    expect(whole.store.snapshotBases()).toEqual([0n, 3n, 6n, 9n, 12n].map((h) => [h, undefined]));
    // two deltas, then a whole one
    expect(deltas.store.snapshotBases()).toEqual([[0n, undefined], [3n, 0n], [6n, 3n], [9n, undefined], [12n, 9n]]);
    // in slices a snapshot is written with a later block; the last is still being made
    expect(sliced.store.snapshotBases()).toEqual([[0n, undefined], [3n, 0n], [6n, 3n], [9n, undefined]]);
    for (const h of [0n, 3n, 6n, 9n, 12n]) {
      const want = restored(whole, h);
      expect(restored(deltas, h)).toBe(want);
      if (h < 12n) expect(restored(sliced, h)).toBe(want);
    }
    // a delta holds the changes: far smaller than a whole snapshot
    const texts = deltas.store.latestSnapshot(6n)!.texts;
    expect(texts).toHaveLength(3);
    expect(texts[2]!.length * 20).toBeLessThan(texts[0]!.length);
    deltas.close();
    sliced.close();

    // a past height, as `chaind export --height` opens it: the delta at 6 (after the one at 3), then block 7
    const past = Chain.open({ ...appModules, dbPath: deltasPath, replayUpTo: 7n });
    expect(past.lastReplay?.blocks).toBe(1);
    expect(hex(past.app.info().lastBlockAppHash)).toBe(hex(whole.store.getBlock(7n)!.appHash));
    past.close();

    const reopened = Chain.open({ ...appModules, dbPath: deltasPath, snapshotInterval: 3, snapshotDeltas: 2 });
    expect(reopened.lastReplay?.blocks ?? 0).toBe(0);
    expect(hex(reopened.app.info().lastBlockAppHash)).toBe(hex(whole.app.info().lastBlockAppHash));
    for (let h = 12n; h < 18n; h++) for (const c of [whole, reopened]) c.commitBlock(blockTxs(h), timeOf(h));
    expect(hex(reopened.app.info().lastBlockAppHash)).toBe(hex(whole.app.info().lastBlockAppHash));
    // 12 was the first delta after 9: 15 is the second, 18 whole again
    expect(reopened.store.snapshotBases().slice(-3)).toEqual([[12n, 9n], [15n, 12n], [18n, undefined]]);
    for (const h of [15n, 18n]) expect(restored(reopened, h)).toBe(restored(whole, h));
    reopened.close();
    whole.close();

    // a delta whose base is gone is refused, naming both heights (15 is then the newest)
    const db = new Database(deltasPath);
    db.prepare('DELETE FROM snapshots WHERE height IN (12, 18)').run();
    db.close();
    expect(() => Chain.open({ ...appModules, dbPath: deltasPath })).toThrow(`${deltasPath}: the state snapshot at height 15 is a delta from the one at 12, which is missing`);
  });
});
