/**
 * Throughput as users drive the node (issue 20): a real `bin/chaind start` (compiled, built
 * first) on a free loopback port, 200 funded senders in genesis, MsgSend txs signed before the
 * timed parts, submitted over JSON-RPC over HTTP; the same driver shapes against Anvil side by
 * side. Each figure is "txs until committed": from the first request to the poll that sees the
 * last tx in a block. The driver speaks HTTP/1.1 itself (bench/http-client.ts), lean as load
 * generators are, since it shares the 2 cores with the node; each figure prints its CPU per tx.
 * A figure that follows another on the same node starts once the node has indexed the txs before
 * it (`indexed`), so that figures do not depend on their order.
 *
 *   npm run bench -- rpc
 *
 * Knobs (environment):
 *   SUSTAINED=100000        txs of each sustained run (SUSTAINED=20000 for a quicker run)
 *   SUSTAINED_AT=0s,50ms,1s the timeout_commit settings of the sustained runs
 *   REPEAT=3                runs of each short figure (1000 txs on a fresh node, 5000 in batches, 5000 as singles); the targets take their median
 *   SEQUENTIAL=500 COMMITS=100   txs sent one at a time with broadcast_tx_sync / _commit
 *   ANVIL=0                 skip Anvil;  ANVIL_SUSTAINED=10000  txs of Anvil's sustained run
 *   MAX_GAS=-1              consensus_params.block.max_gas of the bench's genesis
 *   MEDIUM_SHAPES=batches,singles   the 5000-tx figures run on the 50 ms node before its sustained run ('' for none)
 *   MEMPOOL_SIZE=10000      config.toml [mempool] size (the sustained runs keep this many minus a batch outstanding)
 *   POLL_MS=10              how often the committed count is polled
 *   SKIP_BUILD=1            use dist/ as it is (no `npm run build` first)
 *   START_FLAGS='--pruning everything'   more `chaind start` flags for every node
 *   NODE_PROFILE_DIR=dir    write each node's CPU profile there (chaind start --cpu-profile dir/node-<timeout_commit>.cpuprofile)
 *   CHAIND_ADMIT_SLICE=25   txs per slice of signature checks in the node's admission (passed on to chaind start)
 */
import { execFileSync } from 'node:child_process';
import { cpSync, openSync, closeSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import { parse as parseToml, stringify as stringifyToml } from 'smol-toml';
import { accAddress } from '../src/crypto/address.ts';
import { makePrivKey, pubKeyAddress, pubKeyOf } from '../src/crypto/keys.ts';
import { addGenesisAccount } from '../src/node/genesis-accounts.ts';
import { readGenesisJson, writeGenesisJson } from '../src/node/genesis-file.ts';
import { msgSend, signed, type TestKey } from '../test/helpers/fixture.ts';
import { freePort } from '../test/helpers/free-port.ts';
import { anvilInstalled, ethRecipient, ethSenders, signTransfer, startAnvil, type AnvilMode, type RunningAnvil } from './anvil-driver.ts';
import {
  CommitWatcher,
  JsonRpcHttp,
  batchBody,
  fmtRate,
  mib,
  pct,
  rate,
  rssOf,
  sendBatches,
  sendConcurrent,
  sendSequential,
  sleep,
  startProcess,
  stopProcess,
  tempDir,
  threadCpuDelta,
  threadCpuOf,
  verdict,
  waitUntil,
  type CommitSource,
  type RpcAnswer,
  type TxServer,
} from './rpc-driver.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHAIND = join(ROOT, 'bin/chaind');
const env = (name: string, dflt: number) => Number(process.env[name] ?? dflt);
const SUSTAINED = env('SUSTAINED', 100_000);
const SUSTAINED_AT = (process.env.SUSTAINED_AT ?? '0s,50ms,1s').split(',').map((s) => s.trim()).filter(Boolean);
const SEQUENTIAL = env('SEQUENTIAL', 500);
const COMMITS = env('COMMITS', 100);
const REPEAT = env('REPEAT', 3);
const MEDIUM_SHAPES = (process.env.MEDIUM_SHAPES ?? 'batches,singles').split(',').map((s) => s.trim()).filter(Boolean);
for (const shape of MEDIUM_SHAPES) if (shape !== 'batches' && shape !== 'singles') throw new Error(`MEDIUM_SHAPES: unknown shape ${JSON.stringify(shape)} (batches, singles)`);
for (const [name, n] of [['SEQUENTIAL', SEQUENTIAL], ['COMMITS', COMMITS], ['REPEAT', REPEAT]] as const) {
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of txs, at least 1 (got ${process.env[name]})`);
}
const ANVIL_SUSTAINED = env('ANVIL_SUSTAINED', 10_000);
const WITH_ANVIL = process.env.ANVIL !== '0';
const MAX_GAS = process.env.MAX_GAS ?? '-1';
const MEMPOOL_SIZE = env('MEMPOOL_SIZE', 10_000);
const POLL_MS = env('POLL_MS', 10);
const START_FLAGS = (process.env.START_FLAGS ?? '').split(' ').filter(Boolean);
const SENDERS = 200;
const BATCH = 100;
const CONCURRENT = 100;
/** batches in flight at once: two never hold the same sender (200 senders, 100 txs a batch) */
const BATCH_INFLIGHT = 2;
const SMALL = 1000;
const MEDIUM = 5000;
const CHAIN_ID = 'bench-rpc';
const FEE = [{ denom: 'wei', amount: '200000000000000' }]; // 200,000 gas at the default minimum-gas-prices 1 gwei
/** the figure of issue 20 for batches and concurrent submission */
const TARGET_TPS = 4000;

const timeoutMs = (s: string) => (s.endsWith('ms') ? Number(s.slice(0, -2)) : Number(s.replace(/s$/, '')) * 1000);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const line = (s = '') => console.log(s);

// ------------------------------------------------------------------ pre-signed txs

/** Sender keys from a hash (deriving 200 HD keys from the mnemonic takes seconds). */
function cosmosSenders(n: number): TestKey[] {
  return Array.from({ length: n }, (_, i) => {
    const priv = makePrivKey('eth_secp256k1', new Uint8Array(createHash('sha256').update(`rpc-bench sender ${i}`).digest()));
    return { priv, address: accAddress(pubKeyAddress(pubKeyOf(priv))) };
  });
}
const cosmosRecipient = (j: number) => accAddress(new Uint8Array(createHash('sha256').update(`rpc-bench recipient ${j}`).digest().subarray(0, 20)));

/**
 * Tx `j` of a stream: sender j mod 200 with sequence ⌊j / 200⌋, 1 wei to a fresh address. Every
 * server starts from the same genesis, so each one takes the stream from its start, scenario
 * after scenario.
 */
class TxStream {
  private next = 0;
  constructor(private readonly txs: readonly string[]) {}
  take(n: number): string[] {
    if (this.next + n > this.txs.length) throw new Error(`the stream holds ${this.txs.length} txs, ${this.next + n} asked`);
    const out = this.txs.slice(this.next, this.next + n);
    this.next += n;
    return out;
  }
}

function batchBodies(server: TxServer, txs: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < txs.length; i += BATCH) out.push(batchBody(server, txs.slice(i, i + BATCH), i));
  return out;
}

// ------------------------------------------------------------------ the node

interface RunningNode extends TxServer, CommitSource {
  readonly child: ChildProcess;
  readonly timeoutCommit: string;
  readonly firstAnswerMs: number;
  readonly firstBlockMs: number;
  readonly home: string;
  /** throws unless every tx in blocks (from, to] passed DeliverTx; returns their number */
  checkResults(from: number, to: number): Promise<number>;
  height(): Promise<number>;
  /**
   * Waits until the node has indexed every committed tx: a `tx_search` first writes the index rows
   * the node holds behind its blocks. Each figure after the first on a node starts so, so that no
   * figure pays for indexing the txs of the one before it (each leaves its own behind, as every
   * figure "until committed" does).
   */
  indexed(): Promise<void>;
}

interface BlockMeta {
  header: { height: string };
  num_txs: string;
}

function prepareHome(): { template: string; chosen: string } {
  const template = tempDir('bench-rpc-home-');
  execFileSync(CHAIND, ['init', 'bench', '--chain-id', CHAIN_ID, '--home', template], { stdio: 'ignore' });
  const genesisFile = join(template, 'config/genesis.json');
  let genesis = readGenesisJson(genesisFile);
  // the accounts as `chaind genesis add-genesis-account` writes them, without a process per account
  for (const key of cosmosSenders(SENDERS)) genesis = addGenesisAccount(genesis, key.address, [{ denom: 'wei', amount: 10n ** 24n }]);
  const params = genesis.consensus_params as { block: { max_bytes: string; max_gas: string } };
  params.block.max_gas = MAX_GAS;
  writeGenesisJson(genesisFile, genesis);
  const configFile = join(template, 'config/config.toml');
  const config = parseToml(readFileSync(configFile, 'utf8')) as { mempool: { size: number } };
  config.mempool.size = MEMPOOL_SIZE;
  writeFileSync(configFile, stringifyToml(config));
  const accounts = ((genesis.app_state as { auth: { accounts: { address: string; account_number: string }[] } }).auth.accounts);
  const numbers = new Map(accounts.map((a) => [a.address, BigInt(a.account_number)]));
  for (const key of cosmosSenders(SENDERS)) if (numbers.get(key.address) === undefined) throw new Error(`sender ${key.address} missing from genesis`);
  accountNumbers = numbers;
  return { template, chosen: `genesis: ${SENDERS} senders with 10^24 wei; consensus_params.block max_gas ${MAX_GAS}, max_bytes ${params.block.max_bytes}; config.toml [mempool] size ${MEMPOOL_SIZE}; minimum-gas-prices as chaind init writes them (txs pay 200,000 gas × 1 gwei)` };
}
let accountNumbers = new Map<string, bigint>();

function signCosmosStream(n: number): string[] {
  const keys = cosmosSenders(SENDERS);
  return Array.from({ length: n }, (_, j) => {
    const key = keys[j % SENDERS]!;
    const bytes = signed(key, accountNumbers.get(key.address)!, BigInt(Math.floor(j / SENDERS)), { messages: [msgSend(key.address, cosmosRecipient(j), 1n)], fee: FEE }, { chainId: CHAIN_ID });
    return Buffer.from(bytes).toString('base64');
  });
}

async function startNode(template: string, timeoutCommit: string): Promise<RunningNode> {
  const home = tempDir(`bench-rpc-node-${timeoutCommit}-`);
  cpSync(template, home, { recursive: true });
  const [port, grpcPort] = [await freePort(), await freePort()];
  const logFile = join(home, 'node.log');
  const log = openSync(logFile, 'w');
  const started = performance.now();
  const profile = process.env.NODE_PROFILE_DIR ? ['--cpu-profile', join(process.env.NODE_PROFILE_DIR, `node-${timeoutCommit}.cpuprofile`)] : [];
  const child = startProcess(CHAIND, ['start', '--home', home, '--rpc.laddr', `tcp://127.0.0.1:${port}`, '--grpc.address', `127.0.0.1:${grpcPort}`, '--json-rpc.enable=false', '--consensus.timeout_commit', timeoutCommit, ...profile, ...START_FLAGS], { stdio: ['ignore', 'ignore', log] });
  closeSync(log);
  const rpc = new JsonRpcHttp(`http://127.0.0.1:${port}/`);
  const logTail = () => readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n');
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`chaind start exited (${code}):\n${logTail()}`))));
  exited.catch(() => undefined);
  const height = async () => Number((await rpc.call<{ sync_info: { latest_block_height: string } }>('status')).sync_info.latest_block_height);
  await Promise.race([waitUntil(async () => (await height(), true), 30_000, 2, 'chaind answers status'), exited]);
  const firstAnswerMs = performance.now() - started;
  await Promise.race([waitUntil(async () => (await height()) >= 1, 30_000, 2, 'chaind makes its first block'), exited]);
  const firstBlockMs = performance.now() - started;
  const blockchain = (min?: number, max?: number) => rpc.call<{ last_height: string; block_metas: BlockMeta[] }>('blockchain', min === undefined ? {} : { minHeight: String(min), maxHeight: String(max) });
  return {
    child,
    home,
    timeoutCommit,
    firstAnswerMs,
    firstBlockMs,
    rpc,
    height,
    single: (tx, id) => `{"jsonrpc":"2.0","id":${id},"method":"broadcast_tx_sync","params":{"tx":"${tx}"}}`,
    accepted: (a: RpcAnswer) => {
      const r = a.result as { code?: number; log?: string } | undefined;
      if (a.error || r?.code !== 0) throw new Error(`the node refused a tx: ${JSON.stringify(a.error ?? r)}`);
    },
    answered: 0,
    // from memory: the app's last height and the mempool's size (no block reads during a run)
    async poll() {
      const [info, unconfirmed] = await rpc.batch<{ response?: { last_block_height?: string }; n_txs?: string }>([
        ['abci_info', {}],
        ['num_unconfirmed_txs', {}],
      ]);
      return { height: Number(info!.response?.last_block_height ?? 0), pending: Number(unconfirmed!.n_txs) };
    },
    async txCounts(from, to) {
      const calls: [string, unknown][] = [];
      for (let lo = from; lo <= to; lo += 20) calls.push(['blockchain', { minHeight: String(lo), maxHeight: String(Math.min(lo + 19, to)) }]);
      const byHeight = new Map<number, number>();
      for (let i = 0; i < calls.length; i += 50) {
        for (const r of await rpc.batch<{ block_metas: BlockMeta[] }>(calls.slice(i, i + 50))) for (const m of r.block_metas) byHeight.set(Number(m.header.height), Number(m.num_txs));
      }
      return Array.from({ length: to - from + 1 }, (_, i) => {
        const n = byHeight.get(from + i);
        if (n === undefined) throw new Error(`blockchain: no meta for height ${from + i}`);
        return n;
      });
    },
    async indexed() {
      await rpc.call('tx_search', { query: `tx.height=${await height()}`, per_page: '1' });
    },
    async checkResults(from, to) {
      let n = 0;
      for (let lo = from + 1; lo <= to; lo += 50) {
        const heights = Array.from({ length: Math.min(50, to - lo + 1) }, (_, i) => lo + i);
        const results = await rpc.batch<{ txs_results: { code: number; log: string }[] | null }>(heights.map((h) => ['block_results', { height: String(h) }]));
        for (const r of results) {
          for (const t of r.txs_results ?? []) if (t.code !== 0) throw new Error(`a tx failed in a block: ${t.log}`);
          n += r.txs_results?.length ?? 0;
        }
      }
      return n;
    },
  };
}

async function stopNode(node: RunningNode): Promise<void> {
  node.rpc.close();
  await stopProcess(node.child);
  rmSync(node.home, { recursive: true, force: true });
}

// ------------------------------------------------------------------ timed runs

type Counting = TxServer & CommitSource;

/** The bench's own CPU per tx in the last `untilCommitted` (sending, parsing answers, polling): it shares the cores with the node. */
let clientCpuPerTx = 0;
const clientCpu = () => `client ${clientCpuPerTx.toFixed(0)} µs CPU/tx`;

/** Sends `txs` in the given shape; ms from the first request to the poll that sees all committed. */
async function untilCommitted(server: Counting, txs: readonly string[], send: (bodies: string[]) => Promise<unknown>, bodies: string[], afterSend?: () => Promise<void>): Promise<number> {
  const watcher = await CommitWatcher.start(server, POLL_MS);
  try {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await send(bodies);
    if (afterSend) await afterSend();
    const end = await watcher.until(txs.length, Math.max(60_000, txs.length * 20));
    const cpu = process.cpuUsage(cpu0);
    clientCpuPerTx = (cpu.user + cpu.system) / txs.length;
    if (watcher.committed !== txs.length) throw new Error(`${watcher.committed} txs in blocks, ${txs.length} sent`);
    return end - t0;
  } finally {
    await watcher.stop().catch(() => undefined);
  }
}

/** The median of some runs' rates (the mean of the middle two for an even count). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** `4,210` for one run; `4,210 (3,950–4,400)` for several: the median and the range. */
const spread = (values: readonly number[]) =>
  values.length === 1 ? fmtRate(values[0]!) : `${fmtRate(median(values))} (${fmtRate(Math.min(...values))}–${fmtRate(Math.max(...values))})`;

/** `spread`, or a dash for a figure that did not run (`MEDIUM_SHAPES`). */
const spreadOrDash = (values: readonly number[]) => (values.length ? spread(values) : '—');

const batches = (server: Counting, txs: readonly string[]) => untilCommitted(server, txs, (b) => sendBatches(server, b, BATCH_INFLIGHT), batchBodies(server, txs));
const concurrent = (server: Counting, txs: readonly string[]) =>
  untilCommitted(server, txs, (b) => sendConcurrent(server, b, CONCURRENT), txs.map((tx, i) => server.single(tx, i)));

/** A fresh node's first SMALL txs in batches (the cold figure), as a rate; prints the run. */
async function freshBatches(node: RunningNode, stream: TxStream): Promise<number> {
  const from = await node.height();
  const ms = await batches(node, stream.take(SMALL));
  const checked = await node.checkResults(from, await node.height());
  line(`  ${SMALL} txs in batches of ${BATCH} until committed: ${fmtRate(rate(SMALL, ms))} tx/s (${ms.toFixed(0)} ms; ${checked} results checked; ${clientCpu()})`);
  return rate(SMALL, ms);
}

interface Sustained {
  readonly txs: number;
  readonly ms: number;
  /** tx/s of each successive 1,000 */
  readonly perThousand: number[];
  /** how many of those thousands were committed before the last batch was sent (the rest is the drain: the last blocks, partial, each still paying a whole block interval) */
  readonly whileSending: number;
  /** [committed txs, RSS bytes] samples */
  readonly rss: [number, number][];
  /** the node's CPU seconds during the run: main thread, other threads largest first */
  readonly cpu: { main: number; others: number[] };
  /** [committed txs, CPU seconds by thread id] samples, for the CPU per tx of the first and last tenths */
  readonly threads: [number, Map<number, number>][];
  readonly pid: number;
}

/** Batches of 100 with at most `window` txs sent and not yet committed (the mempool's room). */
async function sustained(server: Counting, txs: readonly string[], pid: number, window: number): Promise<Sustained> {
  const bodies = batchBodies(server, txs);
  const watcher = await CommitWatcher.start(server, POLL_MS);
  const rss: [number, number][] = [[0, rssOf(pid)]];
  const cpuBefore = threadCpuOf(pid);
  const threads: [number, Map<number, number>][] = [[0, cpuBefore]];
  const sampler = setInterval(() => {
    try {
      rss.push([watcher.estimate, rssOf(pid)]);
      threads.push([watcher.estimate, threadCpuOf(pid)]);
    } catch {
      // the process is gone: the run fails on its own
    }
  }, 250);
  try {
    const t0 = performance.now();
    await sendBatches(server, bodies, BATCH_INFLIGHT, async (b) => {
      if ((b + 1) * BATCH - watcher.estimate > window) await watcher.atLeast((b + 1) * BATCH - window);
    });
    const sent = performance.now();
    const end = await watcher.until(txs.length, Math.max(120_000, txs.length * 20));
    const marks = [t0, ...watcher.marks(t0)];
    const perThousand = marks.slice(1).map((t, i) => rate(1000, t - marks[i]!));
    const whileSending = marks.slice(1).filter((t) => t <= sent).length;
    return { txs: txs.length, ms: end - t0, perThousand, whileSending, rss, cpu: threadCpuDelta(pid, cpuBefore, threadCpuOf(pid)), threads, pid };
  } finally {
    clearInterval(sampler);
    try {
      rss.push([watcher.estimate, rssOf(pid)]);
    } catch {
      // as above
    }
    await watcher.stop().catch(() => undefined);
  }
}

interface OneAtATime {
  /** tx/s of the requests alone, and until the last one is committed */
  readonly sent: number;
  readonly committed: number;
  readonly latencies: number[];
}

async function oneAtATime(server: Counting, txs: readonly string[]): Promise<OneAtATime> {
  const bodies = txs.map((tx, i) => server.single(tx, i));
  const watcher = await CommitWatcher.start(server, POLL_MS);
  try {
    const t0 = performance.now();
    const latencies = await sendSequential(server, bodies);
    const sent = performance.now() - t0;
    const end = await watcher.until(txs.length);
    return { sent: rate(txs.length, sent), committed: rate(txs.length, end - t0), latencies };
  } finally {
    await watcher.stop();
  }
}

const seqText = (r: OneAtATime) =>
  `${fmtRate(r.sent)} tx/s sent, ${fmtRate(r.committed)} tx/s until committed; latency p50 ${pct(r.latencies, 50).toFixed(2)} ms, p99 ${pct(r.latencies, 99).toFixed(2)} ms`;

/** The last tenth of the thousands against the first tenth (at least one thousand each). */
function flatness(perThousand: readonly number[]): { first: number; last: number; change: number } {
  const k = Math.max(1, Math.floor(perThousand.length / 10));
  const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const first = mean(perThousand.slice(0, k));
  const last = mean(perThousand.slice(-k));
  return { first, last, change: last / first - 1 };
}

/** `flatness` of the thousands committed while the driver was still sending: without the drain (the last blocks, partial, each still paying a whole block interval). */
const steady = (s: Sustained) => flatness(s.perThousand.slice(0, Math.max(1, s.whileSending)));

function printSustained(label: string, s: Sustained): void {
  const f = flatness(s.perThousand);
  const fs = steady(s);
  const k = Math.max(1, Math.floor(s.perThousand.length / 10));
  line(`  ${label}: ${s.txs.toLocaleString('en-US')} txs in ${seconds(s.ms)}: ${fmtRate(rate(s.txs, s.ms))} tx/s; first ${k}k ${fmtRate(f.first)}, last ${k}k ${fmtRate(f.last)} tx/s (${(f.change * 100).toFixed(0)} %)`);
  line(`    while sending (the first ${s.whileSending}k, without the drain): first tenth ${fmtRate(fs.first)}, last tenth ${fmtRate(fs.last)} tx/s (${(fs.change * 100).toFixed(0)} %)`);
  for (let i = 0; i < s.perThousand.length; i += 20) line(`    tx/s per 1,000 from ${(i + 1).toLocaleString('en-US')}k: ${s.perThousand.slice(i, i + 20).map((r) => fmtRate(r)).join(' ')}`);
  const step = Math.max(1000, Math.ceil(s.txs / 10 / 1000) * 1000);
  const points: string[] = [];
  for (let at = 0; at <= s.txs; at += step) {
    const sample = s.rss.find(([n]) => n >= at);
    if (sample) points.push(`${(at / 1000).toFixed(0)}k ${mib(sample[1])}`);
  }
  line(`    RSS by committed txs: ${points.join(', ')}; peak ${mib(Math.max(...s.rss.map(([, b]) => b)))}`);
  const perTx = (seconds: number) => `${((seconds * 1e6) / s.txs).toFixed(0)} µs`;
  const others = s.cpu.others.reduce((a, b) => a + b, 0);
  line(
    `    node CPU per tx: main thread ${perTx(s.cpu.main)} (busy ${((100 * s.cpu.main * 1000) / s.ms).toFixed(0)} %), other threads ${perTx(others)} ` +
      `(largest ${s.cpu.others.slice(0, 3).map(perTx).join(', ')}), all ${perTx(s.cpu.main + others)}`,
  );
  const tenth = (from: number, to: number) => {
    const a = s.threads.find(([n]) => n >= from);
    const b = [...s.threads].reverse().find(([n]) => n <= to);
    if (!a || !b || b[0] <= a[0]) return undefined;
    const d = threadCpuDelta(s.pid, a[1], b[1]);
    const us = (sec: number) => ((sec * 1e6) / (b[0] - a[0])).toFixed(0);
    return `main ${us(d.main)}, others ${d.others.slice(0, 4).map(us).join(', ')}, all ${us(d.main + d.others.reduce((x, y) => x + y, 0))} µs`;
  };
  const sending = Math.max(1, s.whileSending) * 1000;
  const first = tenth(0, sending / 10);
  const last = tenth(sending - sending / 10, sending);
  if (first && last) line(`    node CPU per tx by thread while sending: first tenth ${first}; last tenth ${last}`);
}

// ------------------------------------------------------------------ the run

if (process.env.SKIP_BUILD !== '1') execFileSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
line(`node ${process.version}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} at start; JSON-RPC over HTTP on 127.0.0.1, keep-alive connections`);
const { template, chosen } = prepareHome();
line(chosen);

const settings = [...new Set(['0s', '50ms', ...SUSTAINED_AT])];
const streamLength = SMALL + REPEAT * 2 * MEDIUM + SEQUENTIAL + COMMITS + (SUSTAINED_AT.length ? SUSTAINED : 0);
let t = performance.now();
const cosmosTxs = signCosmosStream(streamLength);
line(`signed ${streamLength.toLocaleString('en-US')} MsgSend txs in ${seconds(performance.now() - t)} (not timed; each node takes them from the start)`);

const results: { startup: [string, number, number][]; small: Map<string, number[]>; medium?: [number[], number[]]; seq?: OneAtATime; commit?: number[]; commitMs?: number; sustained: Map<string, Sustained> } = { startup: [], small: new Map(), sustained: new Map() };
const anvilResults: { firstAnswerMs: number[]; block1000?: number; modes: Map<string, (number | undefined)[]>; seq?: OneAtATime; sustained: Map<string, Sustained | undefined> } = { firstAnswerMs: [], modes: new Map(), sustained: new Map() };

try {
  line(`\n--- this node (bin/chaind start, compiled)`);
  for (const setting of settings) {
    const node = await startNode(template, setting);
    try {
      line(`timeout_commit ${setting}: pid ${node.child.pid}; start to first answer ${seconds(node.firstAnswerMs)}, to first block ${seconds(node.firstBlockMs)}; RSS ${mib(rssOf(node.child.pid!))}`);
      results.startup.push([setting, node.firstAnswerMs, node.firstBlockMs]);
      const stream = new TxStream(cosmosTxs);
      if (setting === '0s' || setting === '50ms') results.small.set(setting, [await freshBatches(node, stream)]);
      if (setting === '50ms') {
        const medium: [number[], number[]] = [[], []];
        const shapes = [
          { name: 'batches', run: batches, what: `in batches of ${BATCH}`, rates: medium[0] },
          { name: 'singles', run: concurrent, what: `as ${CONCURRENT} concurrent single requests`, rates: medium[1] },
        ].filter((shape) => MEDIUM_SHAPES.includes(shape.name));
        for (let run = 0; run < REPEAT; run++) {
          for (const shape of shapes) {
            await node.indexed();
            const from = await node.height();
            const ms = await shape.run(node, stream.take(MEDIUM));
            const checked = await node.checkResults(from, await node.height());
            line(`  ${MEDIUM} txs ${shape.what} until committed: ${fmtRate(rate(MEDIUM, ms))} tx/s (${ms.toFixed(0)} ms; ${checked} results checked; ${clientCpu()})`);
            shape.rates.push(rate(MEDIUM, ms));
          }
        }
        results.medium = medium;
        if (REPEAT > 1 && shapes.length > 0) line(`  over ${REPEAT} runs: batches ${spreadOrDash(medium[0])}, singles ${spreadOrDash(medium[1])} tx/s`);

        await node.indexed();
        results.seq = await oneAtATime(node, stream.take(SEQUENTIAL));
        line(`  ${SEQUENTIAL} txs one at a time, broadcast_tx_sync: ${seqText(results.seq)}`);

        const commitBodies = stream.take(COMMITS).map((tx, i) => `{"jsonrpc":"2.0","id":${i},"method":"broadcast_tx_commit","params":{"tx":"${tx}"}}`);
        const t1 = performance.now();
        const clat = await sendSequential(node, commitBodies, (a) => {
          const r = a.result as { check_tx: { code: number }; deliver_tx: { code: number } } | undefined;
          if (a.error || r?.check_tx.code !== 0 || r.deliver_tx.code !== 0) throw new Error(`broadcast_tx_commit: ${JSON.stringify(a.error ?? r)}`);
        });
        results.commit = clat;
        results.commitMs = performance.now() - t1;
        line(`  ${COMMITS} txs one at a time, broadcast_tx_commit: ${fmtRate(rate(COMMITS, results.commitMs))} tx/s; latency p50 ${pct(clat, 50).toFixed(1)} ms, p99 ${pct(clat, 99).toFixed(1)} ms`);
      }
      if (SUSTAINED_AT.includes(setting)) {
        await node.indexed();
        const s = await sustained(node, stream.take(SUSTAINED), node.child.pid!, MEMPOOL_SIZE - BATCH);
        results.sustained.set(setting, s);
        printSustained(`sustained, batches of ${BATCH}, at most ${(MEMPOOL_SIZE - BATCH).toLocaleString('en-US')} txs outstanding`, s);
      }
    } finally {
      await stopNode(node);
    }
  }
  // the first figure of a fresh node again, each on a node of its own
  for (const [setting, runs] of results.small) {
    for (let run = 1; run < REPEAT; run++) {
      const node = await startNode(template, setting);
      try {
        line(`timeout_commit ${setting}, fresh node ${run + 1} of ${REPEAT}: start to first block ${seconds(node.firstBlockMs)}`);
        runs.push(await freshBatches(node, new TxStream(cosmosTxs)));
      } finally {
        await stopNode(node);
      }
    }
    if (REPEAT > 1) line(`  ${SMALL} txs in batches on a fresh node, timeout_commit ${setting}, over ${REPEAT} nodes: ${spread(runs)} tx/s`);
  }

  if (WITH_ANVIL && !anvilInstalled()) line(`\n--- Anvil: not installed (optional dependency @foundry-rs/anvil-linux-amd64), skipped`);
  else if (WITH_ANVIL) {
    line(`\n--- Anvil (@foundry-rs/anvil-linux-amd64), the same drivers`);
    const senders = ethSenders(SENDERS);
    const anvilLength = Math.max(MEDIUM, SEQUENTIAL, ANVIL_SUSTAINED);
    t = performance.now();
    const ethTxs = Array.from({ length: anvilLength }, (_, j) => signTransfer(senders[j % SENDERS]!, Math.floor(j / SENDERS), ethRecipient(j)));
    line(`signed ${anvilLength.toLocaleString('en-US')} transfers in ${seconds(performance.now() - t)} (not timed)`);
    /** a fresh Anvil for each run (the stream from its start); a failed or stalled run is reported, not fatal */
    const onAnvil = async <T>(mode: AnvilMode, what: string, run: (server: Counting, anvil: RunningAnvil) => Promise<T>): Promise<T | undefined> => {
      const anvil = await startAnvil(mode, senders);
      try {
        anvilResults.firstAnswerMs.push(anvil.firstAnswerMs);
        return await run(anvil, anvil);
      } catch (e) {
        line(`  ${what}: no figure (${(e as Error).message})`);
        return undefined;
      } finally {
        anvil.rpc.close();
        await stopProcess(anvil.child);
      }
    };
    const noMining: AnvilMode = { name: '--no-mining + evm_mine', args: ['--no-mining'] };
    const automine: AnvilMode = { name: 'automine', args: [] };
    const interval: AnvilMode = { name: '--block-time 0.05', args: ['--block-time', '0.05'] };

    // one 1000-tx block: the pool fills (no mining), then evm_mine
    anvilResults.block1000 = await onAnvil(noMining, `${SMALL} txs`, async (server, anvil) => {
      const txs = new TxStream(ethTxs).take(SMALL);
      const ms = await untilCommitted(server, txs, (b) => sendBatches(server, b, BATCH_INFLIGHT), batchBodies(server, txs), async () => void (await anvil.rpc.call('evm_mine', [])));
      line(`${noMining.name}: ${SMALL} txs in batches of ${BATCH}, then one block: ${fmtRate(rate(SMALL, ms))} tx/s (${ms.toFixed(0)} ms; ${clientCpu()})`);
      return rate(SMALL, ms);
    });
    line(`start to first answer (eth_chainId): ${seconds(Math.min(...anvilResults.firstAnswerMs))} (Anvil has its genesis block then)`);
    for (const mode of [automine, interval]) {
      line(`${mode.name}:`);
      const r1 = await onAnvil(mode, `${SMALL} txs in batches`, async (server) => {
        const ms = await batches(server, new TxStream(ethTxs).take(SMALL));
        line(`  ${SMALL} txs in batches of ${BATCH} until committed: ${fmtRate(rate(SMALL, ms))} tx/s (${ms.toFixed(0)} ms; ${clientCpu()})`);
        return rate(SMALL, ms);
      });
      const r2 = await onAnvil(mode, `${MEDIUM} txs in batches`, async (server) => {
        const ms = await batches(server, new TxStream(ethTxs).take(MEDIUM));
        line(`  ${MEDIUM} txs in batches of ${BATCH} until committed: ${fmtRate(rate(MEDIUM, ms))} tx/s (${ms.toFixed(0)} ms; ${clientCpu()})`);
        return rate(MEDIUM, ms);
      });
      const r3 = await onAnvil(mode, `${MEDIUM} txs as ${CONCURRENT} concurrent singles`, async (server) => {
        const ms = await concurrent(server, new TxStream(ethTxs).take(MEDIUM));
        line(`  ${MEDIUM} txs as ${CONCURRENT} concurrent single requests until committed: ${fmtRate(rate(MEDIUM, ms))} tx/s (${ms.toFixed(0)} ms; ${clientCpu()})`);
        return rate(MEDIUM, ms);
      });
      anvilResults.modes.set(mode.name, [r1, r2, r3]);
      if (mode === automine) {
        anvilResults.seq = await onAnvil(mode, `${SEQUENTIAL} txs one at a time`, async (server) => {
          const r = await oneAtATime(server, new TxStream(ethTxs).take(SEQUENTIAL));
          line(`  ${SEQUENTIAL} txs one at a time: ${seqText(r)}`);
          return r;
        });
      }
      if (ANVIL_SUSTAINED > 0) {
        const s = await onAnvil(mode, `sustained ${ANVIL_SUSTAINED} txs`, async (server, anvil) => {
          const s = await sustained(server, new TxStream(ethTxs).take(ANVIL_SUSTAINED), anvil.child.pid!, MEMPOOL_SIZE - BATCH);
          printSustained(`sustained, batches of ${BATCH}`, s);
          return s;
        });
        anvilResults.sustained.set(mode.name, s);
      }
    }
  }

  // ---------------------------------------------------------------- targets
  line(`\n--- targets of issue 20`);
  const of = REPEAT > 1 ? `, median of ${REPEAT}` : '';
  for (const [setting, runs] of results.small) line(`${SMALL} txs in batches, timeout_commit ${setting}: ${fmtRate(median(runs))} tx/s${of} (≥ ${TARGET_TPS}: ${verdict(median(runs) >= TARGET_TPS)})`);
  if (results.medium?.[0].length) {
    const b = median(results.medium[0]);
    line(`${MEDIUM} txs in batches (50 ms blocks): ${fmtRate(b)} tx/s${of} (≥ ${TARGET_TPS}: ${verdict(b >= TARGET_TPS)})`);
  }
  if (results.medium?.[1].length) {
    const c = median(results.medium[1]);
    line(`${MEDIUM} txs as ${CONCURRENT} concurrent singles (50 ms blocks): ${fmtRate(c)} tx/s${of} (≥ ${TARGET_TPS}: ${verdict(c >= TARGET_TPS)})`);
  }
  for (const [setting, s] of results.sustained) {
    const f = flatness(s.perThousand);
    const fs = steady(s);
    line(
      `sustained ${s.txs.toLocaleString('en-US')} txs, timeout_commit ${setting}: ${fmtRate(rate(s.txs, s.ms))} tx/s (≥ ${TARGET_TPS}: ${verdict(rate(s.txs, s.ms) >= TARGET_TPS)}), ` +
        `last vs first tenth while sending ${(fs.change * 100).toFixed(0)} % (flat within 15 %: ${verdict(Math.abs(fs.change) <= 0.15)}), of the whole run with the drain ${(f.change * 100).toFixed(0)} %`,
    );
  }
  if (results.commit) {
    const p50 = pct(results.commit, 50);
    line(`broadcast_tx_commit p50 ${p50.toFixed(1)} ms at timeout_commit 50ms (≤ 60 ms: ${verdict(p50 <= 60)})`);
  }
  for (const [setting, , firstBlock] of results.startup) line(`start to first block, timeout_commit ${setting}: ${seconds(firstBlock)} (≤ 1 s: ${verdict(firstBlock <= 1000)})`);
  if (anvilResults.block1000) {
    for (const [setting, runs] of results.small) {
      const ratio = median(runs) / anvilResults.block1000;
      line(`${SMALL} txs in batches vs Anvil's one 1000-tx block (${fmtRate(anvilResults.block1000)} tx/s), timeout_commit ${setting}: ${ratio.toFixed(2)}× (≥ 1.5×: ${verdict(ratio >= 1.5)})`);
    }
  }

  // ---------------------------------------------------------------- side by side, as docs/architecture.md shows it
  const r = (x: number | undefined) => (x === undefined ? 'stalled' : fmtRate(x));
  const byMode = (name: string, i: number) => (anvilResults.modes.has(name) ? r(anvilResults.modes.get(name)![i]) : '—');
  const sus = (s: Sustained | undefined) => (s ? `${fmtRate(rate(s.txs, s.ms))} (${(steady(s).change * 100).toFixed(0)} %; ${(flatness(s.perThousand).change * 100).toFixed(0)} % with the drain)` : 'stalled');
  line(`\n| driver | this node | Anvil |`);
  line(`|---|---|---|`);
  line(`| ${SMALL} txs in batches of ${BATCH} until committed | ${[...results.small].map(([k, v]) => `${spread(v)} (${k})`).join(' / ')} tx/s | ${r(anvilResults.block1000)} one block; ${byMode('automine', 0)} automine; ${byMode('--block-time 0.05', 0)} 50 ms blocks |`);
  if (results.medium) line(`| ${MEDIUM} txs, batches / ${CONCURRENT} concurrent singles | ${spreadOrDash(results.medium[0])} / ${spreadOrDash(results.medium[1])} tx/s (50ms) | ${byMode('--block-time 0.05', 1)} / ${byMode('--block-time 0.05', 2)} 50 ms blocks; ${byMode('automine', 1)} / ${byMode('automine', 2)} automine |`);
  if (results.seq) line(`| one tx at a time (sync) | ${fmtRate(results.seq.sent)} sent (p50 ${pct(results.seq.latencies, 50).toFixed(2)} ms), ${fmtRate(results.seq.committed)} until committed | ${anvilResults.seq ? `${fmtRate(anvilResults.seq.sent)} sent (p50 ${pct(anvilResults.seq.latencies, 50).toFixed(2)} ms), ${fmtRate(anvilResults.seq.committed)} until committed` : '—'} |`);
  if (results.commit) line(`| broadcast_tx_commit one at a time | ${fmtRate(rate(COMMITS, results.commitMs!))} tx/s, p50 ${pct(results.commit, 50).toFixed(1)} ms, p99 ${pct(results.commit, 99).toFixed(1)} ms (50ms) | — |`);
  if (results.sustained.size) line(`| sustained (last vs first tenth) | ${[...results.sustained].map(([k, s]) => `${sus(s)} at ${k}`).join('; ')} | ${[...anvilResults.sustained].map(([k, s]) => `${sus(s)} ${k}`).join('; ') || '—'} |`);
  line(`| start to first answer / first block | ${results.startup.map(([k, a, b]) => `${seconds(a)} / ${seconds(b)} (${k})`).join('; ')} | ${anvilResults.firstAnswerMs.length ? seconds(Math.min(...anvilResults.firstAnswerMs)) : '—'} |`);
} finally {
  rmSync(template, { recursive: true, force: true });
}
// keep-alive sockets and timers must not hold the process
await sleep(0);
process.exit(0);
