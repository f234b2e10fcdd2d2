/**
 * The tx index written behind the blocks (the writer thread's, `block-writer.worker.ts`): the
 * index rows of written blocks gather here, grouped by attribute and value as they arrive; once
 * `flushRows` have gathered they become a batch, written in (attribute, value) order in
 * transactions of `sliceRows` rows, paced by the blocks that follow (each block written brings
 * twice its own rows of the batch to SQLite), so the index's work is spread over the blocks instead
 * of falling on one. Blocks that arrive while slices are written are written between them: no step
 * of the index keeps the next block waiting for more than one slice. `flush` writes everything held
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

/** Distinct index rows (20 a transfer) gathered before they are written as a batch: 10,000 transfers. */
export const FLUSH_ROWS = 200_000;
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

/**
 * Index rows grouped by key (a few dozen attribute names), then by value, the tx ids of each in
 * arrival order, which is (height, index) order. Rows are grouped as their blocks arrive, so that a
 * batch's sort is only of the distinct keys and values, key by key as it is written. A row a tx has
 * twice (a transfer's `message.sender` three times, its `coin_spent.spender` and `transfer.sender`
 * twice: 4 of its 23 rows) is kept once: the index's primary key would ignore the copy, after
 * looking it up.
 */
class Groups {
  readonly byKey = new Map<string, Map<string, unknown[]>>();
  /** distinct rows held */
  rows = 0;

  add(rows: readonly unknown[]): void {
    for (let i = 0; i < rows.length; i += 3) {
      const key = rows[i] as string;
      const value = rows[i + 1] as string;
      let byValue = this.byKey.get(key);
      if (byValue === undefined) this.byKey.set(key, (byValue = new Map()));
      const id = rows[i + 2];
      const ids = byValue.get(value);
      if (ids === undefined) byValue.set(value, [id]);
      else if (ids[ids.length - 1] !== id) ids.push(id); // a tx's rows arrive together
      else continue;
      this.rows++;
    }
  }
}

/**
 * A batch being written: its rows taken in (key, value, tx id) order, a key's values sorted when
 * the batch reaches that key (by the built-in sort, which compares strings natively: a comparator
 * called for every pair of rows was about a fifth of the writer's busy time), so that no step of
 * the batch sorts more than one key's values.
 */
class Batch {
  private readonly keys: string[];
  private k = 0;
  private values: string[] = [];
  private v = 0;
  private i = 0;
  private left: number;

  constructor(
    private readonly groups: Groups,
    /** the last height whose rows the batch holds */
    readonly height: number,
    /** the part of the index the batch is written to (`BlockStore.indexPart`) */
    readonly part: number,
  ) {
    this.keys = [...groups.byKey.keys()].sort();
    this.left = groups.rows;
  }

  get done(): boolean {
    return this.left === 0;
  }

  /** The next `n` rows or fewer, flat (key, value, tx id…). */
  take(n: number): unknown[] {
    const out = new Array<unknown>(Math.min(n, this.left) * 3);
    let j = 0;
    while (j < out.length) {
      const key = this.keys[this.k]!;
      const byValue = this.groups.byKey.get(key)!;
      if (this.v === 0 && this.i === 0) this.values = [...byValue.keys()].sort();
      const value = this.values[this.v]!;
      const ids = byValue.get(value)!;
      for (; this.i < ids.length && j < out.length; this.i++) {
        out[j++] = key;
        out[j++] = value;
        out[j++] = ids[this.i];
      }
      if (this.i < ids.length) break;
      this.i = 0;
      if (++this.v === this.values.length) {
        this.v = 0;
        this.k++;
      }
    }
    this.left -= j / 3;
    return out;
  }
}

export class TxIndexBuffer {
  private gathering = new Groups();
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
    return this.gathering.rows === 0 && this.writing === undefined;
  }

  /**
   * Holds the index rows (flat key, value, tx_id…) of the written block `height`, and writes the
   * slices of the sorted batch they pay for; once enough have gathered, they become the next batch.
   */
  add(rows: readonly unknown[], height: number): void {
    this.gathering.add(rows);
    this.height = height;
    // blocks written between the slices of a batch being finished only gather
    if (this.flushing) return;
    this.flushing = true;
    try {
      if (this.writing) {
        this.credit += (PACE * rows.length) / 3;
        // the blocks that arrive meanwhile are written between the slices, as in a flush
        for (let first = true; this.writing && this.credit >= this.limits.sliceRows; first = false) {
          if (!first) this.between();
          this.credit -= this.limits.sliceRows;
          this.writeSlice(this.writing);
        }
      }
      if (this.gathering.rows >= this.limits.flushRows) {
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
      for (let first = true; this.gathering.rows > 0 && (first || this.gathering.rows >= this.limits.flushRows); first = false) {
        this.writing = this.nextBatch();
        this.writeAll(this.writing);
      }
    } finally {
      this.flushing = false;
    }
  }

  private nextBatch(): Batch {
    const batch = new Batch(this.gathering, this.height, this.store.indexPart());
    this.gathering = new Groups();
    return batch;
  }

  private writeAll(batch: Batch): void {
    while (this.writing === batch) {
      this.writeSlice(batch);
      if (this.writing === batch) this.between();
    }
  }

  private writeSlice(batch: Batch): void {
    const rows = batch.take(this.limits.sliceRows);
    this.store.writeIndex(rows, batch.part, batch.done ? batch.height : undefined);
    if (batch.done) this.writing = undefined;
  }
}
