/**
 * A sweep worker process for the queue tests (until `sdsim worker --queue <url>` exists):
 * `node --import tsx test/sim/sweep/queue-worker.entry.ts <url> <queue> <lockDurationMs> <stalledIntervalMs>`.
 * Log lines go to stdout; SIGTERM stops it after its current job.
 */
import { runQueueWorker } from '../../../src/sim/sweep/queue.ts';

const [url, queue, lockDurationMs, stalledIntervalMs] = process.argv.slice(2);
const stopSignal = new Promise<void>((resolve) => process.once('SIGTERM', () => resolve()));
await runQueueWorker({
  url: url!,
  queue: queue!,
  lockDurationMs: Number(lockDurationMs),
  stalledIntervalMs: Number(stalledIntervalMs),
  log: (line) => process.stdout.write(`${line}\n`),
  stopSignal,
});
