/**
 * The thread in which `sdsim worker` runs one sweep job (src/sim/sweep/queue.ts): the run is
 * synchronous for long stretches, and the worker's main thread must stay free to renew the job's
 * lock in Redis, or the job would be taken for stalled and run twice. A thread of its own also
 * keeps each run's process-wide settings (pot node settings, the distribution observer) apart
 * when a worker runs several jobs at once.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { runSweepJob, type SweepJob } from './job.ts';

export type QueueRunReply = { readonly result: Awaited<ReturnType<typeof runSweepJob>> } | { readonly error: string };

const job = (workerData as { data: SweepJob }).data;
runSweepJob(job).then(
  (result) => parentPort!.postMessage({ result } satisfies QueueRunReply),
  (err: unknown) => parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err) } satisfies QueueRunReply),
);
