/**
 * The client side of the RPC benchmark (bench/rpc.bench.ts): JSON-RPC over HTTP on keep-alive
 * connections, the driver shapes of issue 20 (batches of 100, concurrent single requests, one
 * request at a time), a watcher that counts committed txs by polling, and the processes the
 * bench starts (killed on every exit path, so no port stays bound).
 *
 * Request bodies are JSON text made before the timed part, as the txs are signed before it: the
 * timed part is sending, the server's work and waiting for the commit.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpPool, type HttpAnswer } from './http-client.ts';

// ------------------------------------------------------------------ processes

const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();
function killAll(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}

/** A new directory under the system's temporary one, removed when the bench exits, however it exits. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}
process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    killAll();
    process.exit(130);
  });
}

/** Starts a process that is killed when the bench exits, however it exits. */
export function startProcess(command: string, args: readonly string[], opts: SpawnOptions = {}): ChildProcess {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], ...opts });
  children.add(child);
  child.once('exit', () => children.delete(child));
  // keep the last lines of stderr (when piped) for the error message of a failed start
  const tail: string[] = [];
  child.stderr?.setEncoding('utf8').on('data', (s: string) => {
    tail.push(s);
    if (tail.length > 20) tail.shift();
  });
  (child as ChildProcess & { stderrTail: () => string }).stderrTail = () => tail.join('');
  return child;
}

export function stderrTail(child: ChildProcess): string {
  return (child as ChildProcess & { stderrTail?: () => string }).stderrTail?.() ?? '';
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the process has exited. */
export async function stopProcess(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** CPU seconds of each thread of a process by thread id (`/proc/<pid>/task/<tid>/stat`, user + system; ticks of 1/100 s). */
export function threadCpuOf(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    out.set(Number(tid), (Number(fields[11]) + Number(fields[12])) / 100);
  }
  return out;
}

/**
 * The CPU seconds a process's threads used between two readings: its main thread (its tid is the
 * pid) and the others, largest first (the verify and writer threads, V8's GC helpers).
 */
export function threadCpuDelta(pid: number, before: Map<number, number>, after: Map<number, number>): { main: number; others: number[] } {
  const used = (tid: number) => (after.get(tid) ?? 0) - (before.get(tid) ?? 0);
  const others = [...after.keys()].filter((tid) => tid !== pid).map(used).filter((s) => s > 0).sort((a, b) => b - a);
  return { main: used(pid), others };
}

/** Resident set size of a process in bytes (`VmRSS` of /proc/<pid>/status). */
export function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

// ------------------------------------------------------------------ JSON-RPC over HTTP

export interface RpcAnswer {
  readonly id?: unknown;
  readonly result?: unknown;
  readonly error?: { code: number; message: string; data?: string };
}

export class JsonRpcHttp {
  private readonly pool: HttpPool;
  private nextId = 1;

  constructor(
    readonly url: string,
    maxSockets = 128,
  ) {
    this.pool = new HttpPool(url, maxSockets);
  }

  /** POSTs a body (one request or a batch) and parses the answer. */
  async post(body: string, timeoutMs = 20_000): Promise<RpcAnswer | RpcAnswer[]> {
    let answer: HttpAnswer;
    try {
      answer = await this.pool.post(body, timeoutMs);
    } catch (err) {
      throw new Error(`${this.url}: ${(err as Error).message}`);
    }
    const text = answer.body.toString('utf8');
    try {
      return JSON.parse(text) as RpcAnswer | RpcAnswer[];
    } catch {
      throw new Error(`${this.url}: HTTP ${answer.status}, not JSON: ${text.slice(0, 200)}`);
    }
  }

  /** One call; throws on a JSON-RPC error. */
  async call<T>(method: string, params: unknown = {}, timeoutMs?: number): Promise<T> {
    const answer = (await this.post(JSON.stringify({ jsonrpc: '2.0', id: this.nextId++, method, params }), timeoutMs)) as RpcAnswer;
    if (answer.error) throw new Error(`${method}: ${answer.error.message}${answer.error.data ? `: ${answer.error.data}` : ''}`);
    return answer.result as T;
  }

  /** A batch of calls; throws on the first JSON-RPC error. */
  async batch<T>(calls: readonly [string, unknown][]): Promise<T[]> {
    if (calls.length === 0) return [];
    const body = JSON.stringify(calls.map(([method, params], i) => ({ jsonrpc: '2.0', id: i, method, params })));
    const answer = await this.post(body);
    // CometBFT answers a batch of one with the bare response object
    const answers = Array.isArray(answer) ? answer : calls.length === 1 ? [answer] : undefined;
    if (!answers) throw new Error(`${calls[0]![0]}…: not a batch answer: ${JSON.stringify(answer).slice(0, 300)}`);
    const byId = new Map(answers.map((a) => [a.id, a]));
    return calls.map(([method], i) => {
      const a = byId.get(i);
      if (!a || a.error) throw new Error(`${method}: ${a?.error ? a.error.message + (a.error.data ? `: ${a.error.data}` : '') : 'no answer in the batch'}`);
      return a.result as T;
    });
  }

  close(): void {
    this.pool.close();
  }
}

/** Calls `probe` every `everyMs` until it answers true (a throw counts as false); throws after `limitMs`. */
export async function waitUntil(probe: () => Promise<boolean>, limitMs: number, everyMs = 5, what = 'condition'): Promise<void> {
  const end = performance.now() + limitMs;
  for (;;) {
    try {
      if (await probe()) return;
    } catch {
      // not answering yet
    }
    if (performance.now() > end) throw new Error(`${what}: not reached in ${limitMs} ms`);
    await sleep(everyMs);
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ------------------------------------------------------------------ committed txs

/** What the watcher reads from a server. */
export interface CommitSource {
  /** txs the drivers saw accepted so far (the drivers count them) */
  answered: number;
  /** cheap, from the server's memory: the latest height and the txs waiting for a block */
  poll(): Promise<{ height: number; pending: number }>;
  /** the number of txs in each block from `from` to `to`; may cost the server block reads */
  txCounts(from: number, to: number): Promise<number[]>;
}

/**
 * Watches a run's txs get committed, without reading blocks during it: every `everyMs` it reads
 * the height and the waiting txs (on the node, `abci_info` and `num_unconfirmed_txs`, both from
 * memory: reading blocks would make the node wait for its block writer), notes when each height
 * was first seen, and estimates the committed txs as accepted minus waiting. Once the estimate
 * reaches the run's count, the blocks' tx counts are read and the run ends at the first sight of
 * the height holding its last tx (polling on if the count is not there yet).
 */
export class CommitWatcher {
  /** accepted minus waiting (never decreasing): a lower bound while requests are in flight */
  estimate = 0;
  private stopped = false;
  private waiters: (() => void)[] = [];
  private failure: Error | undefined;
  private readonly answered0: number;
  private lastHeight: number;
  private lastGrowth = performance.now();
  /** first sight of each height after the base (index h - base - 1) */
  private readonly seen: number[] = [];
  /** tx counts of the heights read so far (same index) */
  private readonly counts: number[] = [];
  private loop: Promise<void> = Promise.resolve();

  private constructor(
    private readonly source: CommitSource,
    private readonly base: number,
    private readonly everyMs: number,
  ) {
    this.answered0 = source.answered;
    this.lastHeight = base;
  }

  static async start(source: CommitSource, everyMs = 10): Promise<CommitWatcher> {
    const { height } = await source.poll();
    const w = new CommitWatcher(source, height, everyMs);
    w.loop = w.run();
    return w;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      try {
        const { height, pending } = await this.source.poll();
        const now = performance.now();
        for (let h = this.lastHeight + 1; h <= height; h++) this.seen.push(now);
        this.lastHeight = Math.max(this.lastHeight, height);
        const estimate = this.source.answered - this.answered0 - pending;
        if (estimate > this.estimate) {
          this.estimate = estimate;
          this.lastGrowth = now;
        }
      } catch (e) {
        this.failure = e as Error;
        this.stopped = true;
      }
      for (const w of this.waiters.splice(0)) w();
      if (!this.stopped) await sleep(this.everyMs);
    }
  }

  private nextPoll(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private check(what: string, limitEnd: number, stallMs: number): void {
    if (this.failure) throw this.failure;
    const now = performance.now();
    if (now > limitEnd) throw new Error(`${what}: not reached in time (${this.estimate} txs committed)`);
    if (now - this.lastGrowth > stallMs) throw new Error(`stalled: ${this.estimate} txs committed, none for ${(stallMs / 1000).toFixed(0)} s`);
  }

  /** Waits until at least `n` txs are committed by the estimate (the sustained run's window). */
  async atLeast(n: number, limitMs = 300_000, stallMs = 15_000): Promise<void> {
    const end = performance.now() + limitMs;
    this.lastGrowth = Math.max(this.lastGrowth, performance.now() - this.everyMs);
    while (this.estimate < n) {
      this.check(`${n} txs committed`, end, stallMs);
      await this.nextPoll();
    }
  }

  /** The committed count of the heights seen, from the blocks' tx counts. */
  private async counted(): Promise<number> {
    const from = this.base + 1 + this.counts.length;
    const to = this.base + this.seen.length;
    if (to >= from) this.counts.push(...(await this.source.txCounts(from, to)));
    return this.counts.reduce((a, b) => a + b, 0);
  }

  /**
   * Resolves with the time (performance.now()) the height holding the `n`th tx was first seen;
   * throws after `limitMs`, or when the count has not grown for `stallMs`.
   */
  async until(n: number, limitMs = 300_000, stallMs = 15_000): Promise<number> {
    const end = performance.now() + limitMs;
    await this.atLeast(n, limitMs, stallMs);
    while ((await this.counted()) < n) {
      this.check(`${n} txs in blocks`, end, stallMs);
      await this.nextPoll();
    }
    let total = 0;
    for (let i = 0; i < this.counts.length; i++) {
      total += this.counts[i]!;
      if (total >= n) return this.seen[i]!;
    }
    throw new Error('unreachable');
  }

  /** Txs in the blocks seen (read after `until`). */
  get committed(): number {
    return this.counts.reduce((a, b) => a + b, 0);
  }

  /**
   * When the count reached each multiple of `every` (after `until`), on the line through the
   * blocks' first sights (from `t0`, count 0): a block of many txs spreads over the time since
   * the previous one rather than counting as instantaneous.
   */
  marks(t0: number, every = 1000): number[] {
    const out: number[] = [];
    let [pt, pc, c] = [t0, 0, 0];
    for (let i = 0; i < this.counts.length; i++) {
      if (this.counts[i] === 0) continue;
      c += this.counts[i]!;
      const t = this.seen[i]!;
      while ((out.length + 1) * every <= c) {
        const k = (out.length + 1) * every;
        out.push(pt + ((t - pt) * (k - pc)) / (c - pc));
      }
      [pt, pc] = [t, c];
    }
    return out;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.loop;
  }
}

// ------------------------------------------------------------------ driver shapes

/** What a driver needs from a server: the request bodies and the check of their answers. */
export interface TxServer {
  readonly rpc: JsonRpcHttp;
  /** txs accepted so far (the drivers add to it) */
  answered: number;
  /** the body of one request submitting `tx` (with id `id`) */
  single(tx: string, id: number): string;
  /** throws unless the answer accepted the tx */
  accepted(answer: RpcAnswer): void;
}

/** The body of a batch of `single` requests. */
export function batchBody(server: TxServer, txs: readonly string[], firstId: number): string {
  return `[${txs.map((tx, i) => server.single(tx, firstId + i)).join(',')}]`;
}

/**
 * Batches (bodies made beforehand) sent with at most `inflight` outstanding; before each send,
 * `gate` may hold it back (the sustained run's window).
 */
export async function sendBatches(server: TxServer, bodies: readonly string[], inflight = 2, gate?: (batch: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < bodies.length) {
      const b = next++;
      if (gate) await gate(b);
      const answers = await server.rpc.post(bodies[b]!);
      if (!Array.isArray(answers)) throw new Error(`batch ${b}: not a batch answer: ${JSON.stringify(answers).slice(0, 300)}`);
      for (const a of answers) server.accepted(a);
      server.answered += answers.length;
    }
  };
  await Promise.all(Array.from({ length: Math.min(inflight, bodies.length) }, lane));
}

/**
 * `lanes` concurrent single requests: lane w sends bodies w, w + lanes, w + 2·lanes… one after the
 * other (so each sender's txs, which the caller places in one lane, stay in sequence order).
 */
export async function sendConcurrent(server: TxServer, bodies: readonly string[], lanes = 100): Promise<void> {
  const lane = async (w: number) => {
    for (let i = w; i < bodies.length; i += lanes) {
      server.accepted((await server.rpc.post(bodies[i]!)) as RpcAnswer);
      server.answered++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, bodies.length) }, (_, w) => lane(w)));
}

/** One request at a time; returns each request's latency in ms. */
export async function sendSequential(server: TxServer, bodies: readonly string[], check: (answer: RpcAnswer) => void = (a) => server.accepted(a), timeoutMs?: number): Promise<number[]> {
  const lat: number[] = [];
  for (const body of bodies) {
    const t = performance.now();
    check((await server.rpc.post(body, timeoutMs)) as RpcAnswer);
    server.answered++;
    lat.push(performance.now() - t);
  }
  return lat;
}

// ------------------------------------------------------------------ figures

export function pct(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

export const rate = (txs: number, ms: number) => (txs / ms) * 1000;
export const fmtRate = (r: number) => Math.round(r).toLocaleString('en-US');
export const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
export const verdict = (ok: boolean) => (ok ? 'meets' : 'MISSES');
