/**
 * Pruning (spec/interfaces.md §4.5, docs/node.md "Pruning"). The block log is the source of truth
 * and states are derived from it, so pruning works on three things:
 * - states kept in memory for queries at a past height (the App's `keepRecent`);
 * - state snapshots on disk (restart and `export --height` start from one and replay the blocks
 *   after it): every `interval` blocks, snapshots that the strategy does not keep are deleted (a delta kept keeps the snapshots it is a delta from);
 * - blocks (`--min-retain-blocks`, CometBFT block pruning): blocks below the retention height
 *   that the SDK's `GetBlockRetentionHeight` computes are deleted, never the blocks that a restart
 *   needs to replay from the newest snapshot.
 */
import type { BlockStore } from '../events/block-store.ts';

export type PruningStrategy = 'default' | 'nothing' | 'everything' | 'custom';
export const PRUNING_STRATEGIES: readonly PruningStrategy[] = ['default', 'nothing', 'everything', 'custom'];

export interface PruningOptions {
  readonly strategy: PruningStrategy;
  /** recent states to keep (0 with `nothing`: all) */
  readonly keepRecent: bigint;
  /** also keep every state whose height is a multiple of this (0: none) */
  readonly keepEvery: bigint;
  /** prune every this many blocks (0: never) */
  readonly interval: bigint;
}

/** SDK `pruneEverythingKeepRecent` / `pruneEverythingInterval`: the most aggressive settings. */
const MIN_KEEP_RECENT = 2n;
const MIN_INTERVAL = 10n;

/**
 * Options of a strategy, with the SDK's validation texts for `custom`. `default` is the spec's
 * "last 100 states plus every 500th, prune every 10 blocks" (SDK v0.47 itself keeps 362880).
 */
export function pruningOptions(strategy: string, custom: { keepRecent: bigint; keepEvery: bigint; interval: bigint }): PruningOptions {
  switch (strategy.toLowerCase()) {
    case 'default':
      return { strategy: 'default', keepRecent: 100n, keepEvery: 500n, interval: 10n };
    case 'nothing':
      return { strategy: 'nothing', keepRecent: 0n, keepEvery: 0n, interval: 0n };
    case 'everything':
      return { strategy: 'everything', keepRecent: MIN_KEEP_RECENT, keepEvery: 0n, interval: MIN_INTERVAL };
    case 'custom': {
      const { keepRecent, keepEvery, interval } = custom;
      const bad = (why: string) => new Error(`invalid custom pruning options: ${why}`);
      if (interval === 0n) throw bad(`'pruning-interval' must not be 0. If you want to disable pruning, select pruning = "nothing"`);
      if (interval < MIN_INTERVAL) throw bad(`'pruning-interval' must not be less than ${MIN_INTERVAL}. For the most aggressive pruning, select pruning = "everything"`);
      if (keepRecent < MIN_KEEP_RECENT) throw bad(`'pruning-keep-recent' must not be less than ${MIN_KEEP_RECENT}. For the most aggressive pruning, select pruning = "everything"`);
      return { strategy: 'custom', keepRecent, keepEvery, interval };
    }
    default:
      throw new Error(`unknown pruning strategy ${strategy}`);
  }
}

/** How many past states the App keeps in memory for `--height` queries. */
export function statesInMemory(opts: PruningOptions): number {
  return opts.strategy === 'nothing' ? Number.MAX_SAFE_INTEGER : Number(opts.keepRecent);
}

/** Whether a snapshot at `snapshot` survives pruning at `height`; the newest one always does (restart needs it). */
export function keepSnapshot(opts: PruningOptions, height: bigint, snapshot: bigint, newest: bigint): boolean {
  if (opts.strategy === 'nothing' || snapshot === newest) return true;
  if (snapshot > height - opts.keepRecent) return true;
  return opts.keepEvery > 0n && snapshot % opts.keepEvery === 0n;
}

export interface RetentionInput {
  readonly commitHeight: bigint;
  readonly minRetainBlocks: bigint;
  /** consensus_params.evidence.max_age_num_blocks: light clients need this many blocks */
  readonly maxAgeNumBlocks: bigint;
  /** the newest state snapshot: the blocks after it rebuild the state on restart */
  readonly newestSnapshot: bigint;
}

/** SDK `BaseApp.GetBlockRetentionHeight`, with the newest snapshot in place of the persisted-state offset. 0 = prune nothing. */
export function blockRetentionHeight(input: RetentionInput): bigint {
  if (input.minRetainBlocks === 0n) return 0n;
  const minNonZero = (x: bigint, y: bigint) => (x === 0n ? y : y === 0n || x < y ? x : y);
  let retention = 0n;
  if (input.maxAgeNumBlocks > 0n) retention = input.commitHeight - input.maxAgeNumBlocks;
  retention = minNonZero(retention, input.newestSnapshot + 1n);
  retention = minNonZero(retention, input.commitHeight - input.minRetainBlocks);
  return retention > 0n ? retention : 0n;
}

export interface PrunerOptions {
  readonly pruning: PruningOptions;
  readonly minRetainBlocks: bigint;
  readonly maxAgeNumBlocks: bigint;
  /** told what was pruned (for the node's log) */
  readonly onPruned?: (what: { readonly snapshots: number; readonly retainHeight: bigint; readonly blocks: bigint }) => void;
}

/** Applies pruning to the block store after each commit. */
export class Pruner {
  constructor(
    private readonly store: BlockStore,
    private readonly opts: PrunerOptions,
  ) {}

  afterCommit(height: bigint): void {
    let snapshots = 0;
    const { pruning } = this.opts;
    const links = this.store.snapshotBases();
    const heights = links.map(([h]) => h);
    const newest = heights.length ? heights[heights.length - 1]! : 0n;
    if (pruning.interval > 0n && height % pruning.interval === 0n) {
      const kept = new Set(heights.filter((h) => keepSnapshot(pruning, height, h, newest)));
      // a delta kept keeps the snapshots it is a delta from
      const baseOf = new Map(links);
      for (const h of [...kept]) for (let b = baseOf.get(h); b !== undefined && !kept.has(b); b = baseOf.get(b)) kept.add(b);
      const doomed = heights.filter((h) => !kept.has(h));
      if (doomed.length > 0) {
        const drop = new Set(doomed);
        this.store.deleteSnapshotsExcept((h) => !drop.has(h));
        snapshots = doomed.length;
      }
    }
    let blocks = 0n;
    const retainHeight = blockRetentionHeight({ commitHeight: height, minRetainBlocks: this.opts.minRetainBlocks, maxAgeNumBlocks: this.opts.maxAgeNumBlocks, newestSnapshot: newest });
    const earliest = this.store.earliestHeight();
    if (retainHeight > earliest) {
      this.store.pruneBlocksBelow(retainHeight);
      blocks = retainHeight - earliest;
    }
    if (snapshots > 0 || blocks > 0n) this.opts.onPruned?.({ snapshots, retainHeight, blocks });
  }
}
