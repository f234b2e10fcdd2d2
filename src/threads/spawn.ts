/**
 * Worker threads that run this project's TypeScript modules (`src/threads/ts-worker.mjs` loads
 * the entry through tsx). The simulator uses threads only where the work is pure or owns its own
 * resource: persisting blocks (`src/events/write-behind.ts`) and checking signatures
 * (`src/crypto/verify-pool.ts`); the state machine itself stays on one thread.
 */
import { Worker } from 'node:worker_threads';

const BOOT = new URL('./ts-worker.mjs', import.meta.url);

/** Starts `entry` (a module URL) in a worker; `data` is its `workerData.data`. The worker does not keep the process alive. */
export function spawnTsWorker(entry: URL, data: unknown): Worker {
  const worker = new Worker(BOOT, { workerData: { entry: entry.href, data } });
  worker.unref();
  return worker;
}
