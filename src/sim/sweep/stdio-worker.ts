/**
 * `sdsim worker --stdio`: the local pool's worker (local-pool.ts). Reads one SweepJob per line on
 * stdin, runs them one after the other, and writes one answer per line on stdout: `{id, result}` or
 * `{id, error}` (a run that throws: a bad scenario, a full disk). Ends when stdin ends.
 */
import { createInterface } from 'node:readline';
import { runSweepJob, type SweepJob } from './job.ts';
import type { WorkerAnswer } from './local-pool.ts';

export async function runStdioWorker(input: NodeJS.ReadableStream = process.stdin, write: (line: string) => void = (l) => void process.stdout.write(l)): Promise<void> {
  for await (const line of createInterface({ input })) {
    if (line.trim() === '') continue;
    let job: SweepJob;
    try {
      job = JSON.parse(line) as SweepJob;
    } catch (e) {
      write(JSON.stringify({ id: '', error: `not a job: ${(e as Error).message}` } satisfies WorkerAnswer) + '\n');
      continue;
    }
    let answer: WorkerAnswer;
    try {
      answer = { id: job.id, result: await runSweepJob(job) };
    } catch (e) {
      answer = { id: job.id, error: (e as Error).message };
    }
    write(JSON.stringify(answer) + '\n');
  }
}
