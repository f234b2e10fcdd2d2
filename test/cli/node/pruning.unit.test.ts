/**
 * Pruning: the strategies, which snapshots survive, the SDK's block-retention arithmetic, and a
 * real chain pruned block by block that still restarts and exports what it kept.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Chain } from '../../../src/abci/chain.ts';
import { appModules } from '../../../src/abci/modules.ts';
import { blockRetentionHeight, keepSnapshot, pruningOptions, Pruner, statesInMemory } from '../../../src/node/pruning.ts';
import { initHome } from '../../../src/node/init.ts';
import { exportGenesis } from '../../../src/node/export.ts';
import { genesisDocOf, readGenesisJson } from '../../../src/node/genesis-file.ts';
import { chainDbPath, homeLayout } from '../../../src/node/home.ts';
import { genesisWith } from '../../helpers/fixture.ts';

const none = { keepRecent: 0n, keepEvery: 0n, interval: 0n };

describe('pruning strategies', () => {
  it('default, nothing and everything as spec §4.5 describes them', () => {
    expect(pruningOptions('default', none)).toEqual({ strategy: 'default', keepRecent: 100n, keepEvery: 500n, interval: 10n });
    expect(pruningOptions('NOTHING', none)).toEqual({ strategy: 'nothing', keepRecent: 0n, keepEvery: 0n, interval: 0n });
    expect(pruningOptions('everything', none)).toEqual({ strategy: 'everything', keepRecent: 2n, keepEvery: 0n, interval: 10n });
    expect(pruningOptions('custom', { keepRecent: 3n, keepEvery: 7n, interval: 11n })).toEqual({ strategy: 'custom', keepRecent: 3n, keepEvery: 7n, interval: 11n });
    expect(statesInMemory(pruningOptions('nothing', none))).toBe(Number.MAX_SAFE_INTEGER);
    expect(statesInMemory(pruningOptions('everything', none))).toBe(2);
  });

  it('snapshots kept: recent ones, multiples of keep-every, and always the newest', () => {
    const def = pruningOptions('default', none);
    // at height 1000: recent means above 900
    expect([0n, 500n, 800n, 900n, 901n, 1000n].filter((h) => keepSnapshot(def, 1000n, h, 1000n))).toEqual([0n, 500n, 901n, 1000n]);
    const everything = pruningOptions('everything', none);
    expect([0n, 100n, 200n].filter((h) => keepSnapshot(everything, 250n, h, 200n))).toEqual([200n]);
    const nothing = pruningOptions('nothing', none);
    expect([0n, 100n, 200n].filter((h) => keepSnapshot(nothing, 250n, h, 200n))).toEqual([0n, 100n, 200n]);
  });

  it('block retention follows the SDK: the smallest non-zero bound, 0 when min-retain-blocks is 0', () => {
    expect(blockRetentionHeight({ commitHeight: 1000n, minRetainBlocks: 0n, maxAgeNumBlocks: 100n, newestSnapshot: 900n })).toBe(0n);
    // min-retain 100 → 900; evidence age 100000 → negative, so nothing is pruned yet
    expect(blockRetentionHeight({ commitHeight: 1000n, minRetainBlocks: 100n, maxAgeNumBlocks: 100000n, newestSnapshot: 1000n })).toBe(0n);
    expect(blockRetentionHeight({ commitHeight: 1000n, minRetainBlocks: 100n, maxAgeNumBlocks: 50n, newestSnapshot: 1000n })).toBe(900n);
    expect(blockRetentionHeight({ commitHeight: 1000n, minRetainBlocks: 100n, maxAgeNumBlocks: 500n, newestSnapshot: 1000n })).toBe(500n);
    // the blocks after the newest snapshot are needed to rebuild the state
    expect(blockRetentionHeight({ commitHeight: 1000n, minRetainBlocks: 10n, maxAgeNumBlocks: 0n, newestSnapshot: 700n })).toBe(701n);
  });
});

describe('a pruned chain', () => {
  it('keeps the newest snapshot and the recent blocks, restarts from them, and exports what remains', () => {
    const home = mkdtempSync(join(tmpdir(), 'chaind-prune-'));
    initHome(home, { moniker: 'p', chainId: 'prune-1', nowNs: 1_700_000_000_000_000_000n });
    const layout = homeLayout(home);
    const genesis = genesisDocOf(readGenesisJson(layout.genesisFile), layout.genesisFile);
    const dbPath = chainDbPath(layout);
    const chain = Chain.open({ ...appModules, dbPath, genesis, snapshotInterval: 5 });
    const pruned: unknown[] = [];
    const pruner = new Pruner(chain.store, { pruning: pruningOptions('everything', none), minRetainBlocks: 3n, maxAgeNumBlocks: 0n, onPruned: (p) => pruned.push(p) });
    for (let i = 0; i < 40; i++) {
      const block = chain.commitBlock([]);
      pruner.afterCommit(block.height);
    }
    expect(chain.store.snapshotHeights()).toEqual([40n]);
    expect(chain.store.earliestHeight()).toBe(37n);
    expect(pruned[0]).toEqual({ snapshots: 0, retainHeight: 2n, blocks: 1n });
    expect(pruned[pruned.length - 1]).toEqual({ snapshots: 2, retainHeight: 37n, blocks: 1n });
    const appHash = Buffer.from(chain.app.info().lastBlockAppHash).toString('hex');
    chain.close();

    const reopened = Chain.open({ ...appModules, dbPath });
    expect(reopened.height).toBe(40n);
    expect(Buffer.from(reopened.app.info().lastBlockAppHash).toString('hex')).toBe(appHash);
    reopened.close();

    expect(exportGenesis(home, { height: -1n, forZeroHeight: false, jailAllowedAddrs: [] }).initial_height).toBe('41');
    expect(() => exportGenesis(home, { height: 20n, forZeroHeight: false, jailAllowedAddrs: [] })).toThrow(
      'cannot export at height 20: its state was pruned (the nearest state snapshot below it is at none and blocks before 37 were pruned)',
    );
  });

  it('a kept delta snapshot keeps the snapshots it is a delta from, and the chain restarts from them', () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'chaind-prune-deltas-')), 'chain.db');
    const chain = Chain.open({ ...appModules, dbPath, genesis: genesisWith([]), snapshotInterval: 5, snapshotDeltas: 2 });
    const pruner = new Pruner(chain.store, { pruning: pruningOptions('everything', none), minRetainBlocks: 0n, maxAgeNumBlocks: 0n });
    for (let i = 0; i < 30; i++) pruner.afterCommit(chain.commitBlock([]).height);
    // 0 whole, 5 and 10 deltas, 15 whole, 20 and 25 deltas, 30 whole
    expect(chain.store.snapshotHeights()).toEqual([30n]);
    for (let i = 0; i < 10; i++) pruner.afterCommit(chain.commitBlock([]).height);
    // at 40 the newest (a delta from 35, a delta from 30) keeps both
    expect(chain.store.snapshotBases()).toEqual([[30n, undefined], [35n, 30n], [40n, 35n]]);
    const appHash = Buffer.from(chain.app.info().lastBlockAppHash).toString('hex');
    chain.close();

    const reopened = Chain.open({ ...appModules, dbPath });
    expect(reopened.lastReplay?.blocks ?? 0).toBe(0);
    expect(Buffer.from(reopened.app.info().lastBlockAppHash).toString('hex')).toBe(appHash);
    reopened.close();
  });

  it('nothing keeps every snapshot and block', () => {
    const chain = Chain.open({ ...appModules, dbPath: ':memory:', genesis: genesisWith([]), snapshotInterval: 5 });
    const pruner = new Pruner(chain.store, { pruning: pruningOptions('nothing', none), minRetainBlocks: 0n, maxAgeNumBlocks: 100000n });
    for (let i = 0; i < 20; i++) pruner.afterCommit(chain.commitBlock([]).height);
    expect(chain.store.snapshotHeights()).toEqual([0n, 5n, 10n, 15n, 20n]);
    expect(chain.store.earliestHeight()).toBe(1n);
    chain.close();
  });
});
