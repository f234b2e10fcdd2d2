/**
 * A sweep through the queue (src/sim/sweep/queue.ts) against a real Redis server: two worker
 * processes (`sdsim worker --queue`, the compiled build), one SIGKILLed while it runs a job. Every
 * job completes, the killed one on the other worker, and the results equal `runSweepJob` run here
 * for the same jobs. A job with a bad setting fails once, with the scenario's own error text.
 * End to end: `sdsim sweep --queue` with two `sdsim worker --queue` gives the same results.csv as
 * the local sweep. Without /usr/bin/redis-server the tests fail on CI and are skipped elsewhere.
 * The executables' tests use the default queue name (the CLI has no option for it), each in its
 * own Redis database (`/1`, `/2`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSweepJob, type SweepJob, type SweepRunResult } from '../../../src/sim/sweep/job.ts';
import { connectRedis, DEFAULT_QUEUE, queueJobId, runQueueSweep, runQueueWorker } from '../../../src/sim/sweep/queue.ts';
import { sweepIdOf } from '../../../src/sim/sweep/sweep.ts';
import { runBin } from '../../cli/run-chaind.ts';
import { redisAvailable, startRedis, type RedisServer } from '../../helpers/redis-server.ts';

const ROOT = new URL('../../..', import.meta.url).pathname;
const SDSIM = join(ROOT, 'bin', 'sdsim');
// short enough that the killed worker's job is back in the queue within seconds
const LOCK_MS = 3000;
const STALLED_MS = 1000;

const SCENARIO = `name: queue-tiny
seed: 7
bls: trusted
genesis:
  pot:
    params:
      mature_epoch: "2"
clock:
  epoch: 10m
  block_interval: 5s
  duration: {epochs: 3}
population:
  validators: {count: 1, self_delegation: 1000stos}
  meta_nodes: {count: 3, deposit: 1000stos}
  resource_nodes: {count: 4, deposit: 150stos, node_type: 7, join: 0}
  users:
    count: 6
    prepay: 1stos
    upload_size: 64KiB
    uploads_per_epoch: 2
    downloads_per_epoch: 2
settlement:
  replicas: 3
  noz_per_byte: 1
  traffic_noz_per_byte: 1
  settle_basis_points: 8000
`;

function job(taxIndex: number, tax: string, seed: number, extra: Partial<SweepJob> = {}): SweepJob {
  return {
    id: `${taxIndex}-${seed}`,
    scenarioFile: 'queue-tiny.yaml',
    scenarioText: SCENARIO,
    settings: [{ path: 'genesis.pot.params.community_tax', value: tax }],
    seed,
    epochs: 3,
    ...extra,
  };
}

const JOBS: SweepJob[] = [job(0, '0.02', 1), job(0, '0.02', 2), job(1, '0.05', 1), job(1, '0.05', 2)];

interface WorkerProcess {
  readonly child: ChildProcess;
  readonly output: () => string;
  waitFor(pattern: RegExp): Promise<RegExpMatchArray>;
}

/** `sdsim worker --queue <url>` with the short lock; its log lines (on stderr) start with a timestamp. */
function startWorker(url: string): WorkerProcess {
  const child = spawn(process.execPath, [SDSIM, 'worker', '--queue', url, '--lock-ms', String(LOCK_MS), '--stalled-ms', String(STALLED_MS)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters: { pattern: RegExp; resolve: (m: RegExpMatchArray) => void; reject: (e: Error) => void }[] = [];
  const check = () => {
    for (const w of [...waiters]) {
      const m = output.match(w.pattern);
      if (m) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  };
  const read = (d: Buffer) => {
    output += d.toString('utf8');
    check();
  };
  child.stdout!.on('data', read);
  child.stderr!.on('data', read);
  child.once('exit', () => {
    for (const w of waiters.splice(0)) w.reject(new Error(`worker exited before ${w.pattern}:\n${output}`));
  });
  return {
    child,
    output: () => output,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        waiters.push({ pattern, resolve, reject });
        check();
      }),
  };
}

/** SIGTERM (the worker finishes its current job and exits); resolves with the exit code. */
function stopWorker(w: WorkerProcess): Promise<number | null> {
  if (w.child.exitCode !== null || w.child.signalCode !== null) return Promise.resolve(w.child.exitCode);
  const exited = new Promise<number | null>((resolve) => w.child.once('exit', (code) => resolve(code)));
  w.child.kill('SIGTERM');
  return exited;
}

describe.skipIf(!redisAvailable())('sdsim sweep --queue (BullMQ on a real Redis)', () => {
  let redis: RedisServer;
  const workers: WorkerProcess[] = [];
  let local: SweepRunResult[];

  beforeAll(async () => {
    redis = await startRedis();
    local = [];
    for (const j of JOBS) local.push(await runSweepJob(j));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(workers.map(stopWorker));
    await redis?.stop();
  });

  it('two workers, one killed mid-job: every job completes, the killed one again on the other worker, with the local results', { timeout: 180_000 }, async () => {
    const url = `${redis.url}/1`;
    const a = startWorker(url);
    const b = startWorker(url);
    workers.push(a, b);
    await Promise.all([a.waitFor(/^\S+ worker ready: queue sdsim-sweep at redis:\/\/127\.0\.0\.1:\d+\/1, 1 job\(s\) at a time$/m), b.waitFor(/^\S+ worker ready/m)]);

    const progress: string[] = [];
    const sweep = runQueueSweep(JOBS, { url, onProgress: (done, total) => progress.push(`${done}/${total}`) });
    // whichever worker starts a job first is killed while it runs it
    const [killed, other, [, killedJobId]] = await Promise.race([
      a.waitFor(/^\S+ job (\S+) started/m).then((m) => [a, b, m] as const),
      b.waitFor(/^\S+ job (\S+) started/m).then((m) => [b, a, m] as const),
    ]);
    killed.child.kill('SIGKILL');

    const results = await sweep;
    expect(results).toStrictEqual(local);
    expect(progress).toEqual(['0/4', '1/4', '2/4', '3/4', '4/4']);

    const id = sweepIdOf(JOBS);
    expect(JOBS.map((j) => queueJobId(id, j))).toContain(killedJobId);
    // the other worker ran the killed worker's job after BullMQ found it stalled, once
    expect(other.output()).toContain(`job ${killedJobId} stalled (its worker stopped): queued again`);
    expect(other.output()).toContain(`job ${killedJobId} started`);
    const connection = await connectRedis(url);
    const q = new Queue(DEFAULT_QUEUE, { connection });
    try {
      const killed = (await q.getJob(killedJobId))!;
      expect(killed.stalledCounter).toBe(1);
      expect(killed.returnvalue).toStrictEqual(local[JOBS.findIndex((j) => queueJobId(id, j) === killedJobId)]);
      expect(await q.getJobCounts('completed', 'failed', 'wait', 'active')).toEqual({ completed: 4, failed: 0, wait: 0, active: 0 });

      // the same sweep again: no new job, the same results read back
      expect(await runQueueSweep(JOBS, { url })).toStrictEqual(local);
      expect(await q.getJobCounts('completed', 'failed', 'wait', 'active')).toEqual({ completed: 4, failed: 0, wait: 0, active: 0 });
    } finally {
      await q.close();
      await connection.quit();
    }
  });

  it('a job with a bad setting fails with the scenario error text, once per enqueueing of the sweep', { timeout: 120_000 }, async () => {
    const queue = 'sweep-bad';
    const bad: SweepJob = { ...job(0, '0.02', 1), id: 'bad-1', settings: [{ path: 'population.users.count', value: 'many' }] };
    const localError = await runSweepJob(bad).then(
      () => 'no error',
      (e: Error) => e.message,
    );
    // the location's form is job.ts's (file:line:col or the --set); the queue must give the same text
    expect(localError).toMatch(/: population\.users\.count: expected an integer from 0 to 1000000, got string "many"$/);

    let stop!: () => void;
    const lines: string[] = [];
    const worker = runQueueWorker({ url: redis.url, queue, log: (l) => lines.push(l), stopSignal: new Promise<void>((r) => (stop = r)) });
    try {
      await expect(runQueueSweep([bad], { url: redis.url, queue })).rejects.toThrow(`sweep job bad-1 failed: ${localError}`);
      // the same sweep again retries the failed job (a fixed scenario file would be a new sweep)
      await expect(runQueueSweep([bad], { url: redis.url, queue })).rejects.toThrow(`sweep job bad-1 failed: ${localError}`);
    } finally {
      stop();
      await worker;
    }
    const jobId = queueJobId(sweepIdOf([bad]), bad);
    const run = [`job ${jobId} started (bad-1, seed 1)`, `job ${jobId} failed: ${localError}`];
    expect(lines.filter((l) => l.startsWith('job '))).toEqual([...run, ...run]);
    const connection = await connectRedis(redis.url);
    const q = new Queue(queue, { connection });
    try {
      const failed = (await q.getJob(jobId))!;
      expect(await failed.getState()).toBe('failed');
      // one attempt per enqueueing: a throwing run is never retried by the queue itself
      expect(failed.attemptsMade).toBe(2);
      expect(failed.failedReason).toBe(localError);
    } finally {
      await q.close();
      await connection.quit();
    }
  });

  it('homes: a job with a home keeps it on the worker, the same files as a local run; a home already there fails the job', { timeout: 120_000 }, async () => {
    const queue = 'sweep-homes';
    const dir = mkdtempSync(join(tmpdir(), 'sdsim-queue-homes-'));
    try {
      const withHome = (root: string) => JOBS.slice(0, 2).map((j) => ({ ...j, home: join(root, j.id) }));
      const localJobs = withHome(join(dir, 'local'));
      const queuedJobs = withHome(join(dir, 'queued'));
      const expected: SweepRunResult[] = [];
      for (const j of localJobs) expected.push(await runSweepJob(j));

      let stop!: () => void;
      const worker = runQueueWorker({ url: redis.url, queue, stopSignal: new Promise<void>((r) => (stop = r)) });
      try {
        const results = await runQueueSweep(queuedJobs, { url: redis.url, queue });
        expect(results).toStrictEqual(expected.map((r, i) => ({ ...r, home: queuedJobs[i]!.home })));
        expect(readdirSync(join(dir, 'queued')).sort()).toEqual(['0-1', '0-2']);
        for (const j of JOBS.slice(0, 2)) {
          expect(readFileSync(join(dir, 'queued', j.id, 'metrics.csv'), 'utf8')).toBe(readFileSync(join(dir, 'local', j.id, 'metrics.csv'), 'utf8'));
        }

        const taken = { ...JOBS[2]!, home: join(dir, 'taken') };
        mkdirSync(join(taken.home, 'data'), { recursive: true });
        await expect(runQueueSweep([taken], { url: redis.url, queue })).rejects.toThrow(`sweep job 1-1 failed: ${taken.home} is not empty: a sweep keeps each run's home in a new or empty folder`);
      } finally {
        stop();
        await worker;
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sdsim sweep --queue with two sdsim worker --queue processes writes the same results.csv as the local sweep', { timeout: 240_000 }, async () => {
    const url = `${redis.url}/2`;
    const dir = mkdtempSync(join(tmpdir(), 'sdsim-queue-e2e-'));
    try {
      const file = join(dir, 'queue-tiny.yaml');
      writeFileSync(file, SCENARIO);
      const args = [file, '--set', 'genesis.pot.params.community_tax=0.02,0.05', '--seeds', '1..2'];
      const a = startWorker(url);
      const b = startWorker(url);
      workers.push(a, b);
      await Promise.all([a.waitFor(/^\S+ worker ready/m), b.waitFor(/^\S+ worker ready/m)]);
      const [queued, localSweep] = await Promise.all([
        runBin('sdsim', ['sweep', ...args, '--queue', url, '--out', join(dir, 'queued')]),
        runBin('sdsim', ['sweep', ...args, '--workers', '2', '--out', join(dir, 'local')]),
      ]);
      expect([queued.code, queued.stderr]).toStrictEqual([0, '']);
      expect([localSweep.code, localSweep.stderr]).toStrictEqual([0, '']);
      expect(JSON.parse(queued.stdout)).toMatchObject({ runs: 4, queue: url, failed_txs: 0 });
      const csv = readFileSync(join(dir, 'queued', 'results.csv'), 'utf8');
      expect(csv.trim().split('\n')).toHaveLength(5);
      expect(csv).toBe(readFileSync(join(dir, 'local', 'results.csv'), 'utf8'));
      expect(readFileSync(join(dir, 'queued', 'results.json'), 'utf8')).toBe(readFileSync(join(dir, 'local', 'results.json'), 'utf8'));
      // the workers ran the 4 jobs between them, and stop on SIGTERM with exit code 0
      expect((a.output() + b.output()).match(/^\S+ job \S+ done: /gm)).toHaveLength(4);
      expect(await Promise.all([stopWorker(a), stopWorker(b)])).toEqual([0, 0]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('Redis restarted under a worker: the worker reconnects and runs the next sweep; stopped while Redis is down, it returns at once', { timeout: 120_000 }, async () => {
    const own = await startRedis();
    let again: RedisServer | undefined;
    try {
      const queue = 'sweep-restart';
      const lines: string[] = [];
      let stop!: () => void;
      const worker = runQueueWorker({ url: own.url, queue, log: (l) => lines.push(l), stopSignal: new Promise<void>((r) => (stop = r)) });
      expect(await runQueueSweep([JOBS[0]!], { url: own.url, queue })).toStrictEqual([local[0]]);
      await own.stop();
      again = await startRedis({ port: own.port });
      // an empty server (no persistence): the sweep is enqueued afresh and run by the same worker
      expect(await runQueueSweep([JOBS[1]!], { url: own.url, queue })).toStrictEqual([local[1]]);
      expect(lines.filter((l) => / started \(/.test(l))).toHaveLength(2);
      await again.stop();
      const started = performance.now();
      stop();
      await worker;
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      await again?.stop();
      await own.stop();
    }
  });
});
