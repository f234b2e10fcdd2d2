/**
 * A sweep over a job queue (docs/sweep-queue.md): BullMQ on Redis. `sdsim worker --queue <url>`
 * on each machine takes sweep jobs and runs them (`runQueueWorker`); `sdsim sweep … --queue <url>`
 * enqueues a sweep's jobs and collects their results (`runQueueSweep`). A job carries the scenario
 * text, so workers need no files; its result is the run's identity and summary (no timings), so
 * the table is the same whoever ran each job, and the same as the local mode's.
 *
 * A worker that dies mid-job (killed, machine lost) stops renewing the job's lock; after
 * `lockDurationMs` another worker's stalled-job check (every `stalledIntervalMs`) puts the job back
 * in the queue, and it runs again, up to MAX_STALLED times. A job whose run throws (a bad setting)
 * fails once with the run's message: attempts are 1, a scenario error is not transient.
 *
 * The Redis client is ioredis: `connectRedis` makes one ready connection per call, given to BullMQ,
 * which duplicates it for its blocking reads.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import type { Worker as Thread } from 'node:worker_threads';
import { Queue, QueueEvents, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { spawnTsWorker } from '../../threads/spawn.ts';
import type { SweepJob, SweepRunResult } from './job.ts';
import { parseSweepJob } from './parse-job.ts';
import type { QueueRunReply } from './queue-run.worker.ts';

export const DEFAULT_QUEUE = 'sdsim-sweep';
/** How long a worker's lock on its job lasts without renewal (renewed every half of it). */
export const DEFAULT_LOCK_DURATION_MS = 10_000;
/** How often each worker looks for jobs whose worker died. */
export const DEFAULT_STALLED_INTERVAL_MS = 5_000;
/** A job whose worker died this many times more is failed ("job stalled more than allowable limit"). */
export const MAX_STALLED = 2;

export interface QueueWorkerOptions {
  /** redis://host:port[/db] */
  readonly url: string;
  readonly queue?: string;
  /** jobs run at once by this worker, each in its own thread (default 1) */
  readonly concurrency?: number;
  readonly log?: (line: string) => void;
  /** the worker stops taking jobs when this settles, finishes its current ones and returns */
  readonly stopSignal?: Promise<void>;
  readonly lockDurationMs?: number;
  readonly stalledIntervalMs?: number;
}

export interface QueueSweepOptions {
  readonly url: string;
  readonly queue?: string;
  /** called with 0 first, then after each finished job */
  readonly onProgress?: (done: number, total: number) => void;
  /** the sweep's id in the queue's job ids (default: `sweepIdOf(jobs)`, sweep.ts; `queueJobId` adds each kept home) */
  readonly sweep?: string;
}

/**
 * The queue's job id of a sweep job (BullMQ ids may not contain `:`): `<sweep id>-<job id>`, and
 * for a job that keeps its home, `-<8 hex digits of sha256 of the home path>` after it. The sweep
 * id leaves out where homes are kept (`sweepIdOf`), but the queue must not hand back a result
 * whose home went elsewhere (or was not kept) for a job asked to keep it at `home`.
 */
export function queueJobId(sweep: string, job: SweepJob): string {
  return job.home === undefined ? `${sweep}-${job.id}` : `${sweep}-${job.id}-${createHash('sha256').update(job.home).digest('hex').slice(0, 8)}`;
}

/** Where a `redis://[user:password@]host[:port][/db]` URL points. */
export interface RedisTarget {
  readonly host: string;
  readonly port: number;
  readonly username?: string;
  readonly password?: string;
  readonly db?: number;
}

export function parseRedisUrl(url: string): RedisTarget {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error(`invalid queue URL ${JSON.stringify(url)}: expected redis://host:port (e.g. redis://127.0.0.1:6379)`);
  }
  if (u.protocol !== 'redis:') throw new Error(`invalid queue URL ${JSON.stringify(url)}: only redis:// is supported (no TLS)`);
  const db = u.pathname.replace(/^\//, '');
  if (db !== '' && !/^\d+$/.test(db)) throw new Error(`invalid queue URL ${JSON.stringify(url)}: the path is a database number`);
  return {
    host: u.hostname === '' ? '127.0.0.1' : u.hostname.replace(/^\[|\]$/g, ''),
    port: u.port === '' ? 6379 : Number(u.port),
    ...(u.username !== '' ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password !== '' ? { password: decodeURIComponent(u.password) } : {}),
    ...(db !== '' ? { db: Number(db) } : {}),
  };
}

/**
 * An ioredis connection to `url`, ready (it answered), for BullMQ's `connection` option. BullMQ
 * uses it as is for a Queue and a Worker's commands, and makes its own duplicates (closed by
 * BullMQ) for what blocks: QueueEvents' stream reads and a Worker's wait for jobs. The caller
 * closes this one (`quit`) after the BullMQ objects that use it.
 *
 * ioredis retries a connection forever; here a server that does not answer the first time fails
 * at once: `cannot reach Redis at <host>:<port>: <why>`. Once connected, a lost connection is
 * reconnected by ioredis (its default back-off), and commands wait for it
 * (`maxRetriesPerRequest: null`, which BullMQ requires for its blocking connections).
 */
export async function connectRedis(url: string): Promise<Redis> {
  const target = parseRedisUrl(url);
  const state = { stopping: false };
  const redis = new Redis({
    host: target.host,
    port: target.port,
    ...(target.username !== undefined ? { username: target.username } : {}),
    ...(target.password !== undefined ? { password: target.password } : {}),
    ...(target.db !== undefined ? { db: target.db } : {}),
    maxRetriesPerRequest: null,
    // ioredis' default back-off, until `stopReconnecting`: then the next failed attempt ends the
    // connection and rejects the commands waiting for it. BullMQ's duplicates share this option,
    // so they stop too.
    retryStrategy: (times) => (state.stopping ? null : Math.min(times * 50, 2000)),
  });
  reconnecting.set(redis, state);
  // later errors reach BullMQ's own listeners (the worker logs them); without a listener of its
  // own ioredis would print each one ("Unhandled error event")
  redis.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    const onReady = () => {
      redis.off('error', onError);
      resolve();
    };
    const onError = (err: Error) => {
      redis.off('ready', onReady);
      redis.disconnect();
      reject(new Error(`cannot reach Redis at ${target.host}:${target.port}: ${err.message}`));
    };
    redis.once('ready', onReady);
    redis.once('error', onError);
  });
  return redis;
}

const reconnecting = new WeakMap<Redis, { stopping: boolean }>();

/**
 * No more reconnects for `redis` (from `connectRedis`) and BullMQ's duplicates of it: a worker that
 * stops while Redis is down would otherwise wait forever, its commands queued in ioredis for a
 * server that may never come back.
 */
function stopReconnecting(redis: Redis): void {
  const state = reconnecting.get(redis);
  if (state) state.stopping = true;
}

/**
 * Closes a connection from `connectRedis`: QUIT when it is up; at once when it is not (QUIT
 * would wait in ioredis' offline queue for a server that may never come back).
 */
async function closeRedis(redis: Redis): Promise<void> {
  stopReconnecting(redis);
  if (redis.status !== 'ready') {
    redis.disconnect();
    return;
  }
  await redis.quit().catch(() => redis.disconnect());
}

/**
 * Threads that run jobs (queue-run.worker.ts), one job at a time each, at most as many as the
 * worker's concurrency (BullMQ hands out no more jobs than that). A thread whose run crashed it is
 * dropped and replaced by the next job.
 */
class RunThreads {
  private readonly idle: Thread[] = [];
  private readonly all = new Set<Thread>();

  run(job: SweepJob): Promise<SweepRunResult> {
    const thread = this.idle.pop() ?? this.spawn();
    return new Promise<SweepRunResult>((resolve, reject) => {
      const done = () => {
        thread.off('message', onMessage);
        thread.off('error', onError);
        thread.off('exit', onExit);
      };
      const onMessage = (reply: QueueRunReply) => {
        done();
        this.idle.push(thread);
        if ('result' in reply) resolve(reply.result);
        else reject(new Error(reply.error));
      };
      const onError = (err: Error) => {
        done();
        this.drop(thread);
        reject(err);
      };
      const onExit = (code: number) => {
        done();
        this.drop(thread);
        reject(new Error(`the run's thread exited with code ${code} before it replied`));
      };
      thread.on('message', onMessage);
      thread.on('error', onError);
      thread.on('exit', onExit);
      thread.postMessage(job);
    });
  }

  async close(): Promise<void> {
    const threads = [...this.all];
    this.all.clear();
    this.idle.length = 0;
    await Promise.all(threads.map((t) => t.terminate()));
  }

  private spawn(): Thread {
    const thread = spawnTsWorker(new URL('./queue-run.worker.ts', import.meta.url), undefined);
    this.all.add(thread);
    return thread;
  }

  private drop(thread: Thread): void {
    this.all.delete(thread);
    void thread.terminate();
  }
}

/**
 * Runs one job; a job with a home runs in `<home>.partial-<random>` beside it, renamed to `home`
 * when the run succeeds. A run whose worker died leaves its partial folder (and no `home`), so the
 * job's next run, perhaps on the same machine, starts in a fresh folder; `home` itself appears only
 * complete.
 */
async function runKeepingHome(threads: RunThreads, job: SweepJob): Promise<SweepRunResult> {
  if (job.home === undefined) return threads.run(job);
  if (existsSync(job.home) && readdirSync(job.home).length > 0) throw new Error(`${job.home} is not empty: a sweep keeps each run's home in a new or empty folder`);
  const partial = `${job.home}.partial-${randomBytes(4).toString('hex')}`;
  let result: SweepRunResult;
  try {
    result = await threads.run({ ...job, home: partial });
  } catch (err) {
    rmSync(partial, { recursive: true, force: true });
    throw err;
  }
  try {
    renameSync(partial, job.home);
  } catch (err) {
    throw new Error(`cannot keep the run's home at ${job.home}: ${(err as Error).message} (the run is in ${partial})`);
  }
  return { ...result, home: job.home };
}

/** `sdsim worker --queue <url>`: runs sweep jobs until `stopSignal` settles. */
export async function runQueueWorker(opts: QueueWorkerOptions): Promise<void> {
  const name = opts.queue ?? DEFAULT_QUEUE;
  const log = opts.log ?? (() => undefined);
  const redis = await connectRedis(opts.url);
  const threads = new RunThreads();
  const worker = new Worker<SweepJob, SweepRunResult>(
    name,
    async (job: Job<SweepJob, SweepRunResult>) => {
      // a job enqueued by anything but runQueueSweep fails with what is wrong with it
      const data = parseSweepJob(job.data);
      log(`job ${job.id} started (${data.id}, seed ${data.seed})`);
      return runKeepingHome(threads, data);
    },
    {
      connection: redis,
      concurrency: opts.concurrency ?? 1,
      lockDuration: opts.lockDurationMs ?? DEFAULT_LOCK_DURATION_MS,
      stalledInterval: opts.stalledIntervalMs ?? DEFAULT_STALLED_INTERVAL_MS,
      maxStalledCount: MAX_STALLED,
      autorun: false,
    },
  );
  worker.on('completed', (job, result) => log(`job ${job.id} done: app hash ${result.appHash} at height ${result.height}`));
  worker.on('failed', (job, err) => log(`job ${job?.id ?? '?'} failed: ${err.message}`));
  worker.on('stalled', (id) => log(`job ${id} stalled (its worker stopped): queued again`));
  worker.on('error', (err) => log(`queue error: ${err.message}`));
  try {
    await worker.waitUntilReady();
  } catch (err) {
    worker.removeAllListeners('error');
    worker.on('error', () => undefined);
    await worker.close(true).catch(() => undefined);
    await threads.close();
    await closeRedis(redis);
    throw err;
  }
  log(`worker ready: queue ${name} at ${opts.url}, ${opts.concurrency ?? 1} job(s) at a time`);
  const running = worker.run();
  let finished: Promise<unknown> = running;
  if (opts.stopSignal) {
    const stop = async () => {
      stopReconnecting(redis);
      if (redis.status === 'ready') {
        // the current jobs finish and their results are stored
        await worker.close();
        await running;
      } else {
        // Redis is down: BullMQ's graceful close would wait forever for its fetch of the next job
        // (a blocking connection that no longer reconnects), so the worker closes at once. Its
        // jobs, whose results cannot be stored, go to another worker when their locks expire.
        await worker.close(true);
      }
    };
    finished = Promise.race([running, opts.stopSignal.then(stop, stop)]);
  }
  try {
    await finished;
    await worker.close();
  } finally {
    await threads.close();
    await closeRedis(redis);
  }
}

/**
 * `sdsim sweep … --queue <url>`: enqueues `jobs` (again enqueuing the same sweep adds nothing: a
 * finished job's result is read back, a failed one is retried), waits for all of them and returns
 * their results in the jobs' order. A failed job rejects with its id and the run's message; the
 * sweep's other jobs stay in the queue.
 */
export async function runQueueSweep(jobs: readonly SweepJob[], opts: QueueSweepOptions): Promise<SweepRunResult[]> {
  const name = opts.queue ?? DEFAULT_QUEUE;
  const ids = new Set<string>();
  for (const job of jobs) {
    if (ids.has(job.id)) throw new Error(`sweep job ${job.id} appears twice: a sweep's job ids are unique`);
    ids.add(job.id);
  }
  const sweep = opts.sweep ?? (await import('./sweep.ts')).sweepIdOf(jobs);
  const connection = await connectRedis(opts.url);
  // the queue's commands go through `connection`; the events' blocking reads through BullMQ's duplicate of it
  const queue = new Queue<SweepJob, SweepRunResult>(name, { connection });
  const events = new QueueEvents(name, { connection });
  // later connection errors are reconnected by ioredis
  queue.on('error', () => undefined);
  events.on('error', () => undefined);
  // one waiter per queue job id, settled by the queue's events or by a look at the job (below)
  const waiters = new Map<string, { resolve: (r: SweepRunResult) => void; reject: (e: Error) => void }>();
  events.on('completed', ({ jobId, returnvalue }) => waiters.get(jobId)?.resolve(returnvalue as unknown as SweepRunResult));
  events.on('failed', ({ jobId, failedReason }) => waiters.get(jobId)?.reject(new Error(failedReason)));
  const lookups: Promise<unknown>[] = [];
  try {
    await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
    let done = 0;
    opts.onProgress?.(0, jobs.length);
    const finished = jobs.map(async (job) => {
      const jobId = queueJobId(sweep, job);
      const outcome = new Promise<SweepRunResult>((resolve, reject) => waiters.set(jobId, { resolve, reject }));
      const lookup = (async () => {
        const existing = await queue.getJob(jobId);
        if (!existing) await queue.add(job.id, job, { jobId, attempts: 1, removeOnComplete: false, removeOnFail: false });
        else if ((await existing.getState()) === 'failed') await existing.retry('failed');
        // a job that finished before the events' stream was read (or in an earlier run of the sweep)
        const state = await queue.getJobState(jobId);
        if (state === 'completed') waiters.get(jobId)!.resolve((await queue.getJob(jobId))!.returnvalue);
        if (state === 'failed') waiters.get(jobId)!.reject(new Error((await queue.getJob(jobId))!.failedReason));
      })().catch((err: Error) => waiters.get(jobId)!.reject(err));
      lookups.push(lookup);
      let result: SweepRunResult;
      try {
        result = await outcome;
      } catch (err) {
        throw new Error(`sweep job ${job.id} failed: ${err instanceof Error ? err.message : String(err)}`);
      }
      done++;
      opts.onProgress?.(done, jobs.length);
      return result;
    });
    return await Promise.all(finished);
  } finally {
    await Promise.allSettled(lookups);
    await events.close();
    await queue.close();
    await closeRedis(connection);
  }
}
