/**
 * Write-behind persistence: blocks are written by a thread of their own (its own SQLite
 * connection to the same WAL database), so that SQLite's work for block N overlaps the node's work
 * on block N+1 (docs/architecture.md "Performance").
 *
 * What stays true:
 * - one SQLite transaction per block, in height order: a crash leaves the last written block whole
 *   (its tx index, written behind, is completed when the store is opened next);
 * - a block is reported (`onDurable`, then `blocks$` and the RPC) only after its transaction
 *   committed, so nothing a client was told about is lost by a crash;
 * - every read waits for the pending writes first (`settle`, a blocking wait on a shared counter),
 *   so a read never misses a block the node already saved; a read of given blocks waits only for
 *   the writes up to their height (`settleThrough`); a read of the tx index (tx search, a tx by
 *   hash, pruning) also waits for the index rows the writer holds to be written (`settleIndex`);
 * - a failed write is fatal: the state machine has moved on past a block that is not on disk, so
 *   every later call throws and the node must restart (it resumes from the last written block).
 */
import type { Worker } from 'node:worker_threads';
import { spawnTsWorker } from '../threads/spawn.ts';
import type { BlockWrite } from './block-store.ts';

/** The shared words' places: blocks written, 1 after a failed write, 1 once the writer has closed, the last index request answered. */
export const WORDS = { written: 0, failed: 1, closed: 2, indexed: 3 } as const;
/** How long a read waits for the writer before deciding it is gone. */
const WAIT_LIMIT_MS = 120_000;
/** How long closing waits for the writer to close its connection. */
const CLOSE_LIMIT_MS = 10_000;

export interface WriterData {
  readonly path: string;
  readonly signal: SharedArrayBuffer;
  readonly error: SharedArrayBuffer;
}

/** Asks the writer to write the index rows it holds, then to answer with this number. */
export interface IndexRequest {
  readonly index: number;
}

export class WriteBehind {
  private readonly worker: Worker;
  private readonly signal = new Int32Array(new SharedArrayBuffer(16));
  private indexRequests = 0;
  private readonly error = new SharedArrayBuffer(4096);
  private posted = 0;
  private readonly waiting: { seq: number; onDurable: () => void }[] = [];
  /** the posted writes not yet seen written, by height */
  private readonly pending: { seq: number; height: number }[] = [];
  private closed = false;
  private exited = false;

  constructor(path: string) {
    const data: WriterData = { path, signal: this.signal.buffer as SharedArrayBuffer, error: this.error };
    this.worker = spawnTsWorker(new URL('./block-writer.worker.ts', import.meta.url), data);
    this.worker.on('message', () => this.report());
    // a writer thread that dies (out of memory, a bug) fails the store like a failed write
    this.worker.on('error', (e) => this.fail(`the writer thread failed: ${e.message}`));
    this.worker.on('exit', (code) => {
      this.exited = true;
      if (!this.closed) this.fail(`the writer thread exited with code ${code}`);
    });
  }

  private fail(text: string): void {
    if (Atomics.load(this.signal, WORDS.failed) !== 0) return;
    new Uint8Array(this.error).set(new TextEncoder().encode(text).slice(0, this.error.byteLength - 1));
    Atomics.store(this.signal, WORDS.failed, 1);
  }

  /** Queues a block write; `onDurable` runs after its transaction committed. */
  post(write: BlockWrite, onDurable?: () => void): void {
    this.check();
    // the writer's message may wait behind a busy thread: what has been written is reported here too
    this.report();
    this.posted++;
    this.pending.push({ seq: this.posted, height: write.block[0] as number });
    if (onDurable) this.waiting.push({ seq: this.posted, onDurable });
    this.worker.postMessage(write);
  }

  /** Blocks until every posted write has committed; throws if one failed. */
  settle(): void {
    this.waitFor(WORDS.written, this.posted, (written) => `commit block write ${written + 1}`);
    this.report();
  }

  /**
   * Blocks until the posted writes of the blocks up to `height` have committed: a read of those
   * blocks needs no more, and one of blocks already written does not wait at all. Throws if a
   * write failed.
   */
  settleThrough(height: number): void {
    this.report();
    let seq = 0;
    for (const p of this.pending) {
      if (p.height > height) break;
      seq = p.seq;
    }
    if (seq === 0) this.check();
    else this.waitFor(WORDS.written, seq, (seen) => `commit block write ${seen + 1}`);
    this.report();
  }

  /**
   * Blocks until every posted write has committed and the tx index holds every written block (the
   * writer writes it behind the blocks: `block-writer.worker.ts`); throws if a write failed.
   */
  settleIndex(): void {
    this.settle();
    const request: IndexRequest = { index: ++this.indexRequests };
    this.worker.postMessage(request);
    this.waitFor(WORDS.indexed, request.index, () => 'write the tx index');
  }

  /** Blocks until the shared word reaches `target`; throws if a write failed or the writer does not get there in time. */
  private waitFor(word: number, target: number, what: (seen: number) => string): void {
    for (;;) {
      this.check();
      const seen = Atomics.load(this.signal, word);
      if (seen >= target) return;
      if (Atomics.wait(this.signal, word, seen, WAIT_LIMIT_MS) === 'timed-out') {
        throw new Error(`block store: the writer thread did not ${what(seen)} within ${WAIT_LIMIT_MS / 1000} s`);
      }
    }
  }

  /** Waits for the pending writes, then closes the writer's connection. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.settle();
    } finally {
      if (!this.exited) {
        this.worker.postMessage('close');
        Atomics.wait(this.signal, WORDS.closed, 0, CLOSE_LIMIT_MS);
      }
      void this.worker.terminate();
    }
  }

  /** Runs the `onDurable` callbacks of the writes that have committed, in order, and forgets those writes. */
  private report(): void {
    const written = Atomics.load(this.signal, WORDS.written);
    while (this.pending.length > 0 && this.pending[0]!.seq <= written) this.pending.shift();
    while (this.waiting.length > 0 && this.waiting[0]!.seq <= written) this.waiting.shift()!.onDurable();
  }

  private check(): void {
    if (Atomics.load(this.signal, WORDS.failed) === 0) return;
    const bytes = new Uint8Array(this.error);
    const end = bytes.indexOf(0);
    const text = new TextDecoder().decode(bytes.slice(0, end < 0 ? bytes.length : end));
    throw new Error(`block store: writing block failed, the node must restart (it resumes from the last written block): ${text}`);
  }
}
