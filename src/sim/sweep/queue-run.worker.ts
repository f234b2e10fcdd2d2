/**
 * A thread in which `sdsim worker` runs sweep jobs (src/sim/sweep/queue.ts), one at a time, for as
 * long as the worker lives: the run is synchronous for long stretches, and the worker's main thread
 * must stay free to renew the job's lock in Redis, or the job would be taken for stalled and run
 * twice. A thread per concurrent job also keeps each run's process-wide settings (pot node
 * settings, the distribution observer) apart. The thread is kept between jobs, as the local
 * pool's worker processes are, so that loading the simulator is paid once.
 */
import { parentPort } from 'node:worker_threads';
import { runSweepJob, type SweepJob, type SweepRunResult } from './job.ts';

export type QueueRunReply = { readonly result: SweepRunResult } | { readonly error: string };

parentPort!.on('message', (job: SweepJob) => {
  runSweepJob(job).then(
    (result) => parentPort!.postMessage({ result } satisfies QueueRunReply),
    (err: unknown) => parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err) } satisfies QueueRunReply),
  );
});
