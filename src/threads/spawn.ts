/**
 * Worker threads that run this project's TypeScript modules (`src/threads/ts-worker.mjs` loads
 * the entry through tsx). The simulator uses threads only where the work is pure or owns its own
 * resource: persisting blocks (`src/events/write-behind.ts`), checking signatures
 * (`src/crypto/verify-pool.ts`) and decoding a replay's blocks (`src/abci/replay-decoder.ts`); the
 * state machine itself stays on one thread.
 */
import { Worker, type TransferListItem } from 'node:worker_threads';

const BOOT = new URL('./ts-worker.mjs', import.meta.url);

/**
 * Starts `entry` (a module URL) in a worker; `data` is its `workerData.data` (with `transfer`, the
 * ports in it). The worker does not keep the process alive.
 */
export function spawnTsWorker(entry: URL, data: unknown, transfer: TransferListItem[] = []): Worker {
  const worker = new Worker(BOOT, { workerData: { entry: entry.href, data }, transferList: transfer });
  worker.unref();
  return worker;
}
