/**
 * The writer thread of `WriteBehind`: applies each posted `BlockWrite` in its own SQLite
 * transaction, then bumps the shared "written" counter and wakes the waiting thread.
 *
 * The tx index is written behind the blocks, as CometBFT's indexer service indexes after the block
 * is committed (`TxIndexBuffer`: sorted batches, written slice by slice as the following blocks pay
 * for them), and all that is held after `IDLE_MS` without a new block, when the node reads the
 * index (an `IndexRequest`: tx search, a tx by hash, pruning) and before closing. Between a
 * flush's slices the blocks that have arrived are written first. A crash loses nothing: the store
 * indexes the blocks above its recorded indexed height when it is opened next.
 */
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { BlockStore, type BlockWrite } from './block-store.ts';
import { TxIndexBuffer } from './tx-index-buffer.ts';
import { type IndexRequest, WORDS, type WriterData } from './write-behind.ts';

type Message = BlockWrite | IndexRequest | 'close';

/** How long the held index rows wait for another block before they are written. */
const IDLE_MS = 3_000;

const { path, signal, error } = (workerData as { data: WriterData }).data;
const port = parentPort!;
const words = new Int32Array(signal);
const store = new BlockStore(path);
/** Messages taken between a flush's slices that must wait for the flush (anything but a block). */
const held: Message[] = [];
const index = new TxIndexBuffer(store, takeArrivedBlocks);
let idle: NodeJS.Timeout | undefined;

function fail(what: string, e: unknown): void {
  const text = new TextEncoder().encode(`${what}: ${e instanceof Error ? e.message : String(e)}`).slice(0, error.byteLength - 1);
  new Uint8Array(error).set(text);
  Atomics.store(words, WORDS.failed, 1);
}

function writeBlock(msg: BlockWrite): void {
  let rows: readonly unknown[] | undefined;
  try {
    rows = store.writeBlockDeferringIndex(msg);
    Atomics.add(words, WORDS.written, 1);
  } catch (e) {
    fail(`height ${msg.block[0]}`, e);
  }
  Atomics.notify(words, WORDS.written);
  port.postMessage(0);
  if (rows === undefined) return;
  try {
    index.add(rows, msg.block[0]);
  } catch (e) {
    fail('writing the tx index', e);
  }
}

/** Between a flush's slices: writes the blocks posted meanwhile, up to the first other message. */
function takeArrivedBlocks(): void {
  while (held.length === 0) {
    const arrived = receiveMessageOnPort(port) as { message: Message } | undefined;
    if (arrived === undefined) return;
    if (arrived.message === 'close' || 'index' in arrived.message) held.push(arrived.message);
    else writeBlock(arrived.message);
  }
}

function flushIndex(): void {
  try {
    index.flush();
  } catch (e) {
    fail('writing the tx index', e);
  }
}

function handle(msg: Message): void {
  if (msg === 'close') {
    flushIndex();
    store.close();
    Atomics.store(words, WORDS.closed, 1);
    Atomics.notify(words, WORDS.closed);
    return;
  }
  if ('index' in msg) {
    flushIndex();
    Atomics.store(words, WORDS.indexed, msg.index);
    Atomics.notify(words, WORDS.indexed);
  } else writeBlock(msg);
  afterwards();
}

/** Handles what a flush held back, then waits `IDLE_MS` for the next block before writing the held index rows. */
function afterwards(): void {
  while (held.length > 0) handle(held.shift()!);
  if (idle) clearTimeout(idle);
  idle = index.empty
    ? undefined
    : setTimeout(() => {
        flushIndex();
        afterwards();
      }, IDLE_MS).unref();
}

port.on('message', handle);
