/**
 * The replay decoder's thread (src/abci/replay-decoder.ts): reads blocks [from, to] from the store
 * with its own connection and posts each with its txs decoded, at most DECODE_AHEAD blocks ahead
 * of the one the main thread is applying, and never behind it.
 */
import { workerData } from 'node:worker_threads';
import { BlockStore } from '../events/block-store.ts';
import { createCodec } from '../codec/registry.ts';
import { PROFILES } from '../naming.ts';
import { MODULES } from './modules.ts';
import { msgSpecsOf } from '../state/module.ts';
import { decodeTxParts, type TxParts } from './tx-view.ts';
import { DECODE_AHEAD, packParts, packTxs, POSTED, TAKEN, type ReplayDecoderInput, type WorkerMessage } from './replay-decoder.ts';

const { dbPath, from, to, profile, control, port } = (workerData as { data: ReplayDecoderInput }).data;
const post = (m: WorkerMessage) => {
  port.postMessage(m, 'txBytes' in m ? [m.txBytes.buffer as ArrayBuffer, m.txEnds.buffer as ArrayBuffer] : []);
  Atomics.add(control, POSTED, 1n);
  Atomics.notify(control, POSTED);
};

try {
  const codec = createCodec(PROFILES[profile as keyof typeof PROFILES]);
  const specs = msgSpecsOf(MODULES);
  const store = new BlockStore(dbPath);
  let h = from;
  while (h <= to) {
    const taken = Atomics.load(control, TAKEN);
    if (h <= taken) h = taken + 1n; // the main thread went ahead on its own: continue from there
    if (h > to) break;
    if (h - taken > DECODE_AHEAD) {
      Atomics.wait(control, TAKEN, taken, 1000);
      continue;
    }
    const block = store.getBlock(h);
    if (!block) throw new Error(`block ${h} is missing from the store`);
    const parts = block.txs.map((tx): TxParts | null => {
      try {
        return decodeTxParts(codec, tx, specs);
      } catch {
        return null; // the main thread decodes it again for the exact error
      }
    });
    const { txs, ...record } = block;
    post({ height: h, block: record, ...packTxs(txs), parts: packParts(parts) });
    h++;
  }
  store.close();
} catch (e) {
  post({ failed: e instanceof Error ? e.message : String(e) });
}
