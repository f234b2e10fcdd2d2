/**
 * The tx index written behind the blocks (the writer thread's, `block-writer.worker.ts`): the
 * index rows of written blocks gather here; once `flushRows` have gathered they are sorted by
 * attribute and value and written in transactions of `sliceRows` rows, paced by the blocks that
 * follow (each block written brings twice its own rows of the sorted batch to SQLite), so the
 * index's work is spread over the blocks instead of falling on one. `flush` writes everything held
 * at once, for a reader of the index, a pause in the blocks, or the close.
 *
 * Why: a transfer's rows include values at random places of the index's B-trees (its hash, its
 * signature, a fresh recipient), so as the index grows, each such row written with its own block
 * dirties a page of its own, and each dirty page is a WAL frame at commit. Sorted, many blocks'
 * rows reach each page together, and a slice of them is a run of neighbouring pages (`npm run
 * bench -- block-store`: at 100,000 txs, about 200 µs a tx with the index in each block's
 * transaction, about 110 µs here).
 */
import type { BlockStore } from './block-store.ts';

/** Index rows (about 23 a transfer) gathered before they are sorted and written: about 10,000 transfers. */
export const FLUSH_ROWS = 250_000;
/** Index rows a transaction of the index writes. */
export const SLICE_ROWS = 10_000;
/** Rows of the sorted batch written for each row a new block brings. */
const PACE = 2;

export interface TxIndexLimits {
  /** rows gathered before they are sorted and written */
  readonly flushRows: number;
  /** rows a transaction writes */
  readonly sliceRows: number;
}

/** A sorted batch being written: its rows (flat key, value, tx_id…), how far, and the last height it covers. */
interface Batch {
  readonly rows: unknown[];
  at: number;
  readonly height: number;
}

export class TxIndexBuffer {
  private gathering: (readonly unknown[])[] = [];
  private gathered = 0;
  private height = 0;
  private writing: Batch | undefined;
  /** rows the blocks so far have earned the sorted batch */
  private credit = 0;
  private flushing = false;

  /**
   * `between` runs between a full flush's slices: the writer thread writes the blocks that arrived
   * meanwhile (their rows are held for a later batch).
   */
  constructor(
    private readonly store: BlockStore,
    private readonly between: () => void = () => {},
    private readonly limits: TxIndexLimits = { flushRows: FLUSH_ROWS, sliceRows: SLICE_ROWS },
  ) {}

  get empty(): boolean {
    return this.gathering.length === 0 && this.writing === undefined;
  }

  /**
   * Holds the index rows (flat key, value, tx_id…) of the written block `height`, and writes the
   * slices of the sorted batch they pay for; once enough have gathered, they become the next batch.
   */
  add(rows: readonly unknown[], height: number): void {
    this.gathering.push(rows);
    this.gathered += rows.length / 3;
    this.height = height;
    // blocks written between the slices of a batch being finished only gather
    if (this.flushing) return;
    this.flushing = true;
    try {
      if (this.writing) {
        this.credit += (PACE * rows.length) / 3;
        while (this.writing && this.credit >= this.limits.sliceRows) {
          this.credit -= this.limits.sliceRows;
          this.writeSlice(this.writing);
        }
      }
      if (this.gathered >= this.limits.flushRows) {
        // a batch not yet done by now is finished first: batches are written in height order
        if (this.writing) this.writeAll(this.writing);
        this.writing = this.nextBatch();
        this.credit = 0;
      }
    } finally {
      this.flushing = false;
    }
  }

  /**
   * Writes every held row. The indexed height is recorded with a batch's last slice: a crash before
   * it leaves the height where it was, and the next open writes those blocks' rows again (they are
   * ignored where present).
   */
  flush(): void {
    if (this.flushing) return;
    this.flushing = true;
    try {
      if (this.writing) this.writeAll(this.writing);
      // blocks that arrive between the slices wait for the next batch, unless they are already a batch's worth
      for (let first = true; this.gathering.length > 0 && (first || this.gathered >= this.limits.flushRows); first = false) {
        this.writing = this.nextBatch();
        this.writeAll(this.writing);
      }
    } finally {
      this.flushing = false;
    }
  }

  private nextBatch(): Batch {
    const batch = { rows: sortedRows(this.gathering), at: 0, height: this.height };
    this.gathering = [];
    this.gathered = 0;
    return batch;
  }

  private writeAll(batch: Batch): void {
    while (this.writing === batch) {
      this.writeSlice(batch);
      if (this.writing === batch) this.between();
    }
  }

  private writeSlice(batch: Batch): void {
    const end = Math.min(batch.rows.length, batch.at + this.limits.sliceRows * 3);
    const last = end === batch.rows.length;
    this.store.writeIndex(batch.rows.slice(batch.at, end), last ? batch.height : undefined);
    batch.at = end;
    if (last) this.writing = undefined;
  }
}

/**
 * The rows of all blocks in (key, value) order, tx ids ascending within each (the blocks' order).
 * The rows are grouped by key (a few dozen attribute names), then by value, in arrival order, and
 * only the distinct keys and values are sorted, by the built-in sort, which compares strings
 * natively: a comparator called for every pair of rows was about a fifth of the writer's busy time.
 * A row a tx has twice (a transfer's `message.sender` three times, its `coin_spent.spender` and
 * `transfer.sender` twice: 4 of its 23 rows) is kept once: the index's primary key would ignore
 * the copy, after looking it up.
 */
function sortedRows(blocks: readonly (readonly unknown[])[]): unknown[] {
  const byKey = new Map<string, Map<string, unknown[]>>();
  let total = 0;
  for (const rows of blocks) {
    total += rows.length;
    for (let i = 0; i < rows.length; i += 3) {
      const key = rows[i] as string;
      const value = rows[i + 1] as string;
      let byValue = byKey.get(key);
      if (byValue === undefined) byKey.set(key, (byValue = new Map()));
      const id = rows[i + 2];
      const ids = byValue.get(value);
      if (ids === undefined) byValue.set(value, [id]);
      else if (ids[ids.length - 1] !== id) ids.push(id); // a tx's rows arrive together
      else total -= 3;
    }
  }
  const out = new Array<unknown>(total);
  let j = 0;
  for (const key of [...byKey.keys()].sort()) {
    const byValue = byKey.get(key)!;
    for (const value of [...byValue.keys()].sort()) {
      for (const id of byValue.get(value)!) {
        out[j++] = key;
        out[j++] = value;
        out[j++] = id;
      }
    }
  }
  return out;
}
