/**
 * A sweep's runs on this machine: N worker processes (`sdsim worker --stdio`, the same executable),
 * each taking one job at a time as a JSON line on its stdin and answering with a JSON line on its
 * stdout. Results come back in the jobs' order whatever finished first. A worker that exits while it
 * runs a job fails the sweep with its stderr.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { SweepJob, SweepRunResult } from './job.ts';

const BIN = fileURLToPath(new URL('../../../bin/sdsim', import.meta.url));

export interface PoolOptions {
  readonly workers: number;
  readonly onProgress?: (done: number, total: number) => void;
}

export type WorkerAnswer = { readonly id: string; readonly result: SweepRunResult } | { readonly id: string; readonly error: string };

export function runLocalSweep(jobs: readonly SweepJob[], o: PoolOptions): Promise<SweepRunResult[]> {
  const results = new Array<SweepRunResult | undefined>(jobs.length);
  const index = new Map<string, number>();
  for (const [i, j] of jobs.entries()) {
    // an answer names its job by id: two jobs of one id would leave a hole in the results
    if (index.has(j.id)) return Promise.reject(new Error(`sweep job ${j.id} appears twice: a sweep's job ids are unique`));
    index.set(j.id, i);
  }
  let next = 0;
  let done = 0;
  const children: ChildProcess[] = [];
  return new Promise<SweepRunResult[]>((resolve, reject) => {
    let failed = false;
    const fail = (e: Error) => {
      if (failed) return;
      failed = true;
      for (const c of children) c.kill('SIGKILL');
      reject(e);
    };
    const inFlight = new Set<ChildProcess>();
    const feed = (child: ChildProcess) => {
      if (next < jobs.length) {
        inFlight.add(child);
        child.stdin!.write(JSON.stringify(jobs[next++]) + '\n');
      } else child.stdin!.end();
    };
    const count = Math.max(1, Math.min(o.workers, jobs.length));
    if (jobs.length === 0) return resolve([]);
    for (let w = 0; w < count; w++) {
      // the young generation bin/sdsim's shebang asks for
      const child = spawn(process.execPath, ['--max-semi-space-size=64', BIN, 'worker', '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
      children.push(child);
      let stderr = '';
      child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      createInterface({ input: child.stdout! }).on('line', (line) => {
        let answer: WorkerAnswer;
        try {
          answer = JSON.parse(line) as WorkerAnswer;
        } catch {
          return fail(new Error(`sweep worker ${w}: unexpected output ${JSON.stringify(line.slice(0, 200))}`));
        }
        inFlight.delete(child);
        if ('error' in answer) return fail(new Error(`run ${answer.id}: ${answer.error}`));
        const at = index.get(answer.id);
        if (at === undefined || results[at] !== undefined) return fail(new Error(`sweep worker ${w}: an answer for ${at === undefined ? 'no job of this sweep' : 'a job answered already'} (${JSON.stringify(answer.id)})`));
        results[at] = answer.result;
        done++;
        o.onProgress?.(done, jobs.length);
        if (done === jobs.length) {
          for (const c of children) c.stdin!.end();
          resolve(results as SweepRunResult[]);
        } else feed(child);
      });
      child.on('exit', (code, signal) => {
        if (inFlight.has(child) && !failed) fail(new Error(`sweep worker ${w} exited (${signal ?? `code ${code}`}) before the sweep ended${stderr ? `: ${stderr.trim()}` : ''}`));
      });
      feed(child);
    }
  });
}
