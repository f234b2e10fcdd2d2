/**
 * `sdsim worker --stdio`: the local pool's worker (local-pool.ts). Reads one SweepJob per line on
 * stdin, runs them one after the other, and writes one answer per line on stdout: `{id, result}` or
 * `{id, error}` (a line that is not a job, `not a job: "id" is missing (a non-empty string)`; a run
 * that throws: a bad scenario, a full disk). Ends when stdin ends.
 */
import { createInterface } from 'node:readline';
import { runSweepJob, type SweepJob } from './job.ts';
import { parseSweepJob } from './parse-job.ts';
import type { WorkerAnswer } from './local-pool.ts';

export async function runStdioWorker(input: NodeJS.ReadableStream = process.stdin, write: (line: string) => void = (l) => void process.stdout.write(l)): Promise<void> {
  for await (const line of createInterface({ input })) {
    if (line.trim() === '') continue;
    let job: SweepJob;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
      job = parseSweepJob(parsed);
    } catch (e) {
      // the answer names the job when its id could be read
      const id = typeof parsed === 'object' && parsed !== null && typeof (parsed as { id?: unknown }).id === 'string' ? (parsed as { id: string }).id : '';
      const message = (e as Error).message;
      write(JSON.stringify({ id, error: message.startsWith('not a job: ') ? message : `not a job: ${message}` } satisfies WorkerAnswer) + '\n');
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
