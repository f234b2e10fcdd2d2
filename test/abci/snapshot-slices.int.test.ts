/**
 * Snapshots made in slices (`ChainOptions.snapshotSliceMs`, as `chaind start` makes them): each
 * is written with a later block, with exactly the text the chain writes at once with the block of
 * its height, and a reopened chain restores from it to the same app hash.
 */
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Chain } from '../../src/abci/chain.ts';
import { appModules } from '../../src/abci/modules.ts';
import { accAddress } from '../../src/crypto/address.ts';
import { genesisWith, msgSend, signed, testKey } from '../helpers/fixture.ts';
import { tempDbs } from '../helpers/temp-db.ts';

const alice = testKey(0);
const FEE = [{ denom: 'wei', amount: '200000000000000' }];
const others = Array.from({ length: 400 }, () => accAddress(randomBytes(20)));
const genesis = genesisWith([[alice.address, 10n ** 21n], ...others.map((a) => [a, 1n] as [string, bigint])]);
const txOf = (seq: bigint) => signed(alice, 0n, seq, { messages: [msgSend(alice.address, others[Number(seq)]!, 1n + seq)], fee: FEE });

const dbPath = tempDbs('snapshot-slices-');
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('snapshots in slices', () => {
  it('writes each snapshot with a later block, the same text as at once, and restores from it', () => {
    const whole = Chain.open({ ...appModules, dbPath: dbPath(), genesis, snapshotInterval: 3 });
    const slicedPath = dbPath();
    // a budget this small stops each slice at its first look at the clock: a snapshot takes several blocks
    const sliced = Chain.open({ ...appModules, dbPath: slicedPath, genesis, snapshotInterval: 3, snapshotSliceMs: 1e-9 });
    const seen: bigint[][] = [];
    for (let h = 0n; h < 12n; h++) {
      whole.commitBlock([txOf(h)], 1_000_000_000n * (h + 1n));
      sliced.commitBlock([txOf(h)], 1_000_000_000n * (h + 1n));
      seen.push(sliced.store.snapshotHeights());
    }
    expect(hex(sliced.app.info().lastBlockAppHash)).toBe(hex(whole.app.info().lastBlockAppHash));
    expect(whole.store.snapshotHeights()).toEqual([0n, 3n, 6n, 9n, 12n]);
    // block 3's snapshot is not written with block 3, and a snapshot due while one is unfinished finishes it first
    expect(seen[2]).toEqual([0n]);
    const sliceHeights = sliced.store.snapshotHeights();
    expect(sliceHeights.slice(0, 3)).toEqual([0n, 3n, 6n]);
    for (const h of sliceHeights) expect(sliced.store.latestSnapshot(h)!.texts).toEqual(whole.store.latestSnapshot(h)!.texts);
    const appHash = hex(sliced.app.info().lastBlockAppHash);
    sliced.close();
    whole.close();

    const reopened = Chain.open({ ...appModules, dbPath: slicedPath, snapshotInterval: 3, snapshotSliceMs: 1e-9 });
    expect(reopened.lastReplay?.blocks).toBe(Number(12n - sliceHeights.at(-1)!)); // the blocks after the newest snapshot
    expect(hex(reopened.app.info().lastBlockAppHash)).toBe(appHash);
    reopened.close();
  });
});
