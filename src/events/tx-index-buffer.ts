/**
 * The tx index written behind the blocks (the writer thread's, `block-writer.worker.ts`): the
 * index rows of written blocks wait here and go to SQLite together once `flushRows` have gathered
 * or when `flush` is called, sorted by attribute, in transactions of `sliceRows` rows.
 *
 * Why: a transfer's rows include values at random places of the index's B-tree (its signature, a
 * fresh recipient), so as the index grows, each such row written with its own block dirties a page
 * of its own, and each dirty page is a WAL frame at commit. Sorted, many blocks' rows reach each
 * page together, and a slice of them is a run of neighbouring pages (`npm run bench --
 * block-store`: at 100,000 txs, 214 µs a tx with the index in each block's transaction against
 * about 130 here). Between slices the writer takes the blocks that have arrived, so a flush never
 * holds up a block for more than a slice.
 */
import type { BlockStore } from './block-store.ts';

/** Index rows (about 23 a transfer) gathered before they are written: about 10,000 transfers. */
export const FLUSH_ROWS = 250_000;
/** Index rows a transaction of a flush writes. */
export const SLICE_ROWS = 10_000;

export interface TxIndexLimits {
  /** rows gathered before they are written */
  readonly flushRows: number;
  /** rows a transaction of a flush writes */
  readonly sliceRows: number;
}

export class TxIndexBuffer {
  private pending: (readonly unknown[])[] = [];
  private rows = 0;
  private height = 0;
  private flushing = false;

  /**
   * `between` runs between a flush's slices: the writer thread writes the blocks that arrived
   * meanwhile (their rows are held for the next flush).
   */
  constructor(
    private readonly store: BlockStore,
    private readonly between: () => void = () => {},
    private readonly limits: TxIndexLimits = { flushRows: FLUSH_ROWS, sliceRows: SLICE_ROWS },
  ) {}

  get empty(): boolean {
    return this.pending.length === 0;
  }

  /** Holds the index rows (flat key, value, tx_id…) of the written block `height`; writes them all once enough have gathered. */
  add(rows: readonly unknown[], height: number): void {
    this.pending.push(rows);
    this.rows += rows.length / 3;
    this.height = height;
    if (this.rows >= this.limits.flushRows && !this.flushing) this.flush();
  }

  /**
   * Writes every held row. The indexed height is recorded with the last slice: a crash before it
   * leaves the height where it was, and the next open writes those blocks' rows again (they are
   * ignored where present).
   */
  flush(): void {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.pending.length > 0) {
        const rows = sortedRows(this.pending);
        const height = this.height;
        this.pending = [];
        this.rows = 0;
        const slice = this.limits.sliceRows * 3;
        for (let from = 0; from < rows.length; from += slice) {
          const last = from + slice >= rows.length;
          this.store.writeIndex(rows.slice(from, from + slice), last ? height : undefined);
          if (!last) this.between();
        }
        // rows that arrived during the flush wait for the next one, unless they are already enough
        if (this.rows < this.limits.flushRows) break;
      }
    } finally {
      this.flushing = false;
    }
  }
}

/** The rows of all blocks in (key, value) order, tx ids ascending within each (the blocks' order). */
function sortedRows(blocks: readonly (readonly unknown[])[]): unknown[] {
  const flat = blocks.length === 1 ? blocks[0]! : blocks.flat();
  const n = flat.length / 3;
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i * 3;
  // a stable sort of plain numbers by their rows' texts
  const sorted = Array.from(order).sort((a, b) => {
    const ka = flat[a] as string;
    const kb = flat[b] as string;
    if (ka !== kb) return ka < kb ? -1 : 1;
    const va = flat[a + 1] as string;
    const vb = flat[b + 1] as string;
    return va === vb ? 0 : va < vb ? -1 : 1;
  });
  const out = new Array<unknown>(flat.length);
  let j = 0;
  for (const i of sorted) {
    out[j++] = flat[i];
    out[j++] = flat[i + 1];
    out[j++] = flat[i + 2];
  }
  return out;
}
