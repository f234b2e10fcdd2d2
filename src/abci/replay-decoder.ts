/**
 * Decoding a replay's blocks on a worker thread. Replay (a restart, `chaind export`, the bench)
 * re-applies stored blocks; decoding and checking their txs (the same strict ADR-027 and
 * unknown-field checks as CheckTx, ValidateBasic, signers) is pure work on the bytes, so a worker
 * reads the blocks from the store with its own connection and decodes them while this thread
 * applies earlier ones (docs/architecture.md "Performance"). The state machine stays here.
 *
 * The interface is synchronous (replay runs inside `Chain.open`): `take(height)` receives the
 * worker's message with `receiveMessageOnPort` and sleeps on a shared counter until it is there.
 * Whatever the worker does not deliver — before it has started, after it failed or fell silent,
 * a tx it could not decode — the caller decodes itself, so results never depend on the worker.
 */
import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads';
import type { BlockRecord } from '../events/block-store.ts';
import { spawnTsWorker } from '../threads/spawn.ts';
import type { TxParts } from './tx-view.ts';

/** A block as the worker sends it: the stored record and its txs' parts (null: did not decode there). */
export interface DecodedBlock {
  readonly block: BlockRecord;
  readonly parts: readonly (TxParts | null)[];
}

export interface ReplayDecoderInput {
  readonly dbPath: string;
  readonly from: bigint;
  readonly to: bigint;
  /** naming profile of the codec (`neutral` or `real`) */
  readonly profile: string;
  /** `[0]`: blocks posted (worker), `[1]`: last height taken (main) */
  readonly control: BigInt64Array;
  readonly port: MessagePort;
}

/** How many blocks the worker may decode ahead of the one being applied. */
export const DECODE_AHEAD = 4;
const POSTED = 0;
const TAKEN = 1;
/** A worker that has answered before but is silent this long is given up on. */
const SILENCE_MS = 10_000;
/** How long `take(…, waitForStart)` waits for the first block. */
const BOOT_MS = 30_000;

/**
 * A block as posted: the record by structured clone except its txs, which travel as one buffer
 * (transferred, not copied) with their end offsets, the parts as text (`packParts`).
 */
type WorkerMessage = { height: bigint; block: Omit<BlockRecord, 'txs'>; txBytes: Uint8Array; txEnds: Uint32Array; parts: string } | { failed: string };

/** The txs of a block in one buffer and their end offsets (`WorkerMessage`). */
export function packTxs(txs: readonly Uint8Array[]): { txBytes: Uint8Array; txEnds: Uint32Array } {
  const txEnds = new Uint32Array(txs.length);
  let end = 0;
  txs.forEach((tx, i) => (txEnds[i] = end += tx.length));
  const txBytes = new Uint8Array(end);
  txs.forEach((tx, i) => txBytes.set(tx, txEnds[i]! - tx.length));
  return { txBytes, txEnds };
}

function unpackTxs(txBytes: Uint8Array, txEnds: Uint32Array): Uint8Array[] {
  const txs: Uint8Array[] = new Array(txEnds.length);
  let start = 0;
  for (let i = 0; i < txEnds.length; i++) {
    txs[i] = txBytes.subarray(start, txEnds[i]);
    start = txEnds[i]!;
  }
  return txs;
}

/**
 * The parts of a block's txs as JSON text. Values JSON cannot hold become strings marked by a
 * leading U+0001: `\u0001n<digits>` a bigint, `\u0001b<base64>` bytes, `\u0001f<text>` a number
 * such as NaN or -0; a string that itself starts with U+0001 is sent as `\u0001s<string>`. Parsing
 * this text and reviving the marked strings (`unpackParts`) takes about a third of the time the
 * structured clone of the same objects took on the receiving thread, the one applying the blocks.
 */
export function packParts(parts: readonly (TxParts | null)[]): string {
  return JSON.stringify(parts, (_key, v: unknown) => {
    if (typeof v === 'bigint') return MARK + 'n' + v.toString();
    if (v instanceof Uint8Array) return MARK + 'b' + Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64');
    if (typeof v === 'number' && (!Number.isFinite(v) || Object.is(v, -0))) return MARK + 'f' + (Object.is(v, -0) ? '-0' : String(v));
    if (typeof v === 'string' && v.charCodeAt(0) === 1) return MARK + 's' + v;
    return v;
  });
}

const MARK = '\u0001';

export function unpackParts(text: string): (TxParts | null)[] {
  return revive(JSON.parse(text)) as (TxParts | null)[];
}

function revive(v: unknown): unknown {
  if (typeof v === 'string') return v.charCodeAt(0) === 1 ? marked(v) : v;
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = revive(v[i]);
    return v;
  }
  const o = v as Record<string, unknown>;
  for (const k in o) {
    const x = o[k];
    if (typeof x === 'object' ? x !== null : typeof x === 'string' && x.charCodeAt(0) === 1) o[k] = revive(x);
  }
  return o;
}

function marked(text: string): unknown {
  const rest = text.slice(2);
  switch (text[1]) {
    case 'n':
      return BigInt(rest);
    case 'b':
      return new Uint8Array(Buffer.from(rest, 'base64'));
    case 'f':
      return Number(rest);
    default:
      return rest;
  }
}

export class ReplayDecoder {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly control = new BigInt64Array(new SharedArrayBuffer(16));
  private started = false;
  private gaveUp = false;

  constructor(dbPath: string, from: bigint, to: bigint, profile: string) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.control[TAKEN] = from - 1n;
    const input: ReplayDecoderInput = { dbPath, from, to, profile, control: this.control, port: port2 };
    this.worker = spawnTsWorker(new URL('./replay-decoder.worker.ts', import.meta.url), input, [port2]);
    this.worker.on('error', () => (this.gaveUp = true));
  }

  /**
   * The block at `height` decoded by the worker, or undefined when the caller should read and
   * decode it itself: the worker has not started yet (it then skips to where the caller is; with
   * `waitForStart` this waits for it instead), or it failed.
   */
  take(height: bigint, waitForStart = false): DecodedBlock | undefined {
    const found = this.receive(height, waitForStart);
    Atomics.store(this.control, TAKEN, height);
    Atomics.notify(this.control, TAKEN);
    return found;
  }

  private receive(height: bigint, waitForStart: boolean): DecodedBlock | undefined {
    for (;;) {
      if (this.gaveUp) return undefined;
      const posted = Atomics.load(this.control, POSTED);
      let msg: { message: WorkerMessage } | undefined;
      while ((msg = receiveMessageOnPort(this.port) as { message: WorkerMessage } | undefined)) {
        const m = msg.message;
        if ('failed' in m) {
          this.gaveUp = true;
          return undefined;
        }
        this.started = true;
        if (m.height === height) return { block: { ...m.block, txs: unpackTxs(m.txBytes, m.txEnds) }, parts: unpackParts(m.parts) };
        if (m.height > height) {
          this.gaveUp = true; // the worker skipped a block we need: decode the rest here
          return undefined;
        }
      }
      if (!this.started && !waitForStart) return undefined;
      if (Atomics.wait(this.control, POSTED, posted, this.started ? SILENCE_MS : BOOT_MS) === 'timed-out') {
        this.gaveUp = true;
        return undefined;
      }
    }
  }

  close(): void {
    this.port.close();
    void this.worker.terminate();
  }
}

export { POSTED, TAKEN, type WorkerMessage };
