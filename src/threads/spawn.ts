/**
 * Worker threads that run this project's modules. The simulator uses threads only where the work
 * is pure or owns its own resource: persisting blocks (`src/events/write-behind.ts`), checking
 * signatures (`src/crypto/verify-pool.ts`) and decoding a replay's blocks
 * (`src/abci/replay-decoder.ts`); the state machine itself stays on one thread.
 *
 * Callers name the entry by its source file (`new URL('./x.worker.ts', import.meta.url)`). Run
 * from the compiled build (dist/, what the executables use), this module is `spawn.js` and the
 * entry is the worker's bundle (dist/bundle/x.worker.js) or else the compiled `x.worker.js`
 * beside it. Run from the TypeScript sources (tests, the
 * benchmarks), a worker does not inherit the TypeScript loader of the thread that started it, so
 * it boots through `ts-worker.mjs`, which registers tsx and then imports the entry.
 */
import { existsSync } from 'node:fs';
import { Worker, type TransferListItem } from 'node:worker_threads';

const COMPILED = import.meta.url.endsWith('.js');
const BOOT = new URL('./ts-worker.mjs', import.meta.url);

/**
 * Starts `entry` (a module URL) in a worker; `data` is its `workerData.data` (with `transfer`, the
 * ports in it). The worker does not keep the process alive.
 */
export function spawnTsWorker(entry: URL, data: unknown, transfer: TransferListItem[] = []): Worker {
  const worker = COMPILED
    ? new Worker(compiledEntry(entry), { workerData: { entry: entry.href, data }, transferList: transfer })
    : new Worker(BOOT, { workerData: { entry: entry.href, data }, transferList: transfer });
  worker.unref();
  return worker;
}

/**
 * The compiled entry of a worker: its bundle (dist/bundle/x.worker.js, scripts/bundle.mjs), which
 * loads in a fraction of the time of its ~40 modules, else the compiled `x.worker.js` beside it.
 */
function compiledEntry(entry: URL): URL {
  const js = entry.href.replace(/\.ts$/, '.js');
  const bundled = new URL(`../bundle/${js.slice(js.lastIndexOf('/') + 1)}`, import.meta.url);
  return existsSync(bundled) ? bundled : new URL(js);
}
