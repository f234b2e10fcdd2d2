/**
 * The writer thread of `WriteBehind`: applies each posted `BlockWrite` in its own SQLite
 * transaction, then bumps the shared "written" counter and wakes the waiting thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { BlockStore, type BlockWrite } from './block-store.ts';
import type { WriterData } from './write-behind.ts';

const { path, signal, error } = (workerData as { data: WriterData }).data;
const words = new Int32Array(signal);
const store = new BlockStore(path);

parentPort!.on('message', (msg: BlockWrite | 'close') => {
  if (msg === 'close') {
    store.close();
    Atomics.store(words, 2, 1);
    Atomics.notify(words, 2);
    return;
  }
  try {
    store.writeBlock(msg);
    Atomics.add(words, 0, 1);
  } catch (e) {
    const text = new TextEncoder().encode(`height ${msg.block[0]}: ${e instanceof Error ? e.message : String(e)}`).slice(0, error.byteLength - 1);
    new Uint8Array(error).set(text);
    Atomics.store(words, 1, 1);
  }
  Atomics.notify(words, 0);
  parentPort!.postMessage(0);
});
