/**
 * The storage network on loopback (issue 14): the whole network of test/sds/storage-network.ts
 * (`chaind start`, the compiled `nodeclient meta start` and two `nodeclient start` processes;
 * built first with `npm run build`), one wallet that prepays, then for each file size:
 *
 * - raw: the file read from disk by a stream (just written: the page cache, as the client reads it);
 * - upload through resource node 0's JSON-RPC (SdsClient.upload): the time to the last packet's
 *   `"0"` and the time to FINISHED (the slices placed on both nodes), MB/s and the ratio to raw,
 *   with the phases (the client's file-hash pass, packets, uploadSign, placement);
 * - download through resource node 0 (SdsClient.download), checked byte-exact by SHA-256 of the
 *   two files, each hashed as a stream;
 * - the RSS of the resource nodes (every 100 ms from /proc/<pid>/status) during each transfer:
 *   peak and growth over the idle RSS before it, to show the node streams rather than holds a file.
 *
 * MB is 10^6 bytes. Throughput and ratios only, no pass/fail on timings.
 *
 *   npm run bench -- sds
 *
 * Knobs (environment):
 *   SDS_SIZES=100MB,1GB   file sizes (k/MB/GB are powers of 10; a bare number is bytes)
 *   SDS_SAMPLE_MS=100     RSS sampling period
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { startStorageNet, type StorageNet } from '../test/sds/storage-network.ts';
import { SdsClient } from '../src/sds/client/sds-client.ts';
import { ReturnCode } from '../src/sds/protocol/return-codes.ts';
import type { SdsRpcBatchAnswer, SdsRpcClient } from '../src/sds/rpc/client.ts';
import { rssOf, tempDir } from './rpc-driver.ts';
import { fmtMbps, fmtMiB, fmtMs, line, mbps, prepay, signedMiB, writeRandomFile } from './storage-bench.ts';

const SAMPLE_MS = Number(process.env.SDS_SAMPLE_MS ?? 100);
const SIZES = (process.env.SDS_SIZES ?? '100MB,1GB').split(',').map((s) => parseSize(s.trim()));
/** upload replicas (the network's two resource nodes) + one download, at 1 noz a byte */
const NOZ_PER_BYTE_NEEDED = 3n;

function parseSize(s: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*(k|kb|mb|gb)?$/i.exec(s);
  if (!m) throw new Error(`SDS_SIZES: ${JSON.stringify(s)} is not a size (e.g. 100MB, 1GB, 5000000)`);
  const unit = { k: 1e3, kb: 1e3, mb: 1e6, gb: 1e9 }[(m[2] ?? '').toLowerCase() as 'k'] ?? 1;
  return Math.round(Number(m[1]) * unit);
}

const label = (bytes: number) => (bytes % 1e9 === 0 ? `${bytes / 1e9} GB` : bytes % 1e6 === 0 ? `${bytes / 1e6} MB` : `${bytes} B`);
const ratio = (v: number, ref: number) => `${Number((v / ref).toPrecision(2))}×`;

// ------------------------------------------------------------------ files

/** Reads a file as a stream; returns the bytes and, when asked, their SHA-256. */
async function readStream(path: string, withHash: boolean): Promise<{ bytes: number; sha256?: string }> {
  const hash = withHash ? createHash('sha256') : undefined;
  let bytes = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 2 ** 20 }) as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    hash?.update(chunk);
  }
  return { bytes, sha256: hash?.digest('hex') };
}

// ------------------------------------------------------------------ timing the client's calls

interface CallMark {
  readonly method: string;
  readonly start: number;
  readonly end: number;
  readonly ret: string;
}

/** An SdsRpcClient that records when each call started and ended and its `return`. */
class TimedRpc implements SdsRpcClient {
  marks: CallMark[] = [];
  constructor(private readonly inner: SdsRpcClient) {}
  async call<T = Record<string, unknown>>(method: string, params?: Record<string, unknown>): Promise<T> {
    const start = performance.now();
    const r = await this.inner.call<T>(method, params);
    this.marks.push({ method, start, end: performance.now(), ret: String((r as { return?: unknown }).return) });
    return r;
  }
  batch(calls: readonly { method: string; params?: Record<string, unknown> }[]): Promise<SdsRpcBatchAnswer[]> {
    return this.inner.batch(calls);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
  take(): CallMark[] {
    const m = this.marks;
    this.marks = [];
    return m;
  }
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const first = (marks: CallMark[], method: string) => marks.find((m) => m.method === method);
const roundTrips = (marks: CallMark[], method: string) => sum(marks.filter((m) => m.method === method).map((m) => m.end - m.start));

// ------------------------------------------------------------------ RSS sampling

interface RssTrack {
  readonly idle: number;
  peak: number;
  last: number;
}

/** Samples the VmRSS of some processes every SAMPLE_MS until stopped; idle = the sample at the start. */
class RssSampler {
  private readonly tracks = new Map<string, { pid: number; t: RssTrack }>();
  private readonly timer: NodeJS.Timeout;
  constructor(pids: Record<string, number>) {
    for (const [name, pid] of Object.entries(pids)) {
      const r = rssOf(pid);
      this.tracks.set(name, { pid, t: { idle: r, peak: r, last: r } });
    }
    this.timer = setInterval(() => this.sample(), SAMPLE_MS);
  }
  private sample(): void {
    for (const { pid, t } of this.tracks.values()) {
      try {
        const r = rssOf(pid);
        t.last = r;
        if (r > t.peak) t.peak = r;
      } catch {
        // the process is gone: the transfer fails on its own
      }
    }
  }
  stop(): Map<string, RssTrack> {
    clearInterval(this.timer);
    this.sample();
    return new Map([...this.tracks].map(([name, { t }]) => [name, t]));
  }
}

// ------------------------------------------------------------------ the runs

interface Row {
  readonly size: number;
  readonly rawMbps: number;
  readonly upToZeroMs: number;
  readonly upFinishedMs: number;
  readonly downMs: number;
  readonly exact: boolean;
  readonly phases: string[];
  readonly upRss: Map<string, RssTrack>;
  readonly downRss: Map<string, RssTrack>;
}

async function runSize(net: StorageNet, dir: string, size: number, client: SdsClient, rpc: TimedRpc): Promise<Row> {
  const file = join(dir, `upload-${size}.bin`);
  const out = join(dir, `download-${size}.bin`);
  const sha = await writeRandomFile(file, size);

  // raw: best of two stream reads (the page cache holds the file just written, as for the client)
  let rawMs = Infinity;
  for (let i = 0; i < 2; i++) {
    const t = performance.now();
    const r = await readStream(file, false);
    if (r.bytes !== size) throw new Error(`read ${r.bytes} bytes of ${size}`);
    rawMs = Math.min(rawMs, performance.now() - t);
  }

  const pids = { 'resource node 0': net.storage.resourceNodes[0]!.child.pid!, 'resource node 1': net.storage.resourceNodes[1]!.child.pid!, 'meta node': net.storage.meta.child.pid! };

  // upload: to the last packet's "0" (from the marks), then FINISHED
  rpc.take();
  let sampler = new RssSampler(pids);
  const t0 = performance.now();
  const up = await client.upload(file);
  const signed = performance.now();
  const state = await client.waitForFile(up.fileHash, 100, 30 * 60_000);
  const finished = performance.now();
  const upRss = sampler.stop();
  if (state !== 3) throw new Error(`the upload of ${label(size)} ended in state ${state}, not FINISHED (3)`);
  const marks = rpc.take();
  const zero = marks.filter((m) => m.method === 'user_uploadData' && m.ret === ReturnCode.SUCCESS).at(-1) ?? marks.find((m) => m.method === 'user_requestUpload' && m.ret === ReturnCode.SUCCESS);
  if (!zero) throw new Error('no "0" answer to the last packet');
  const requestUpload = first(marks, 'user_requestUpload')!;
  const firstCall = marks[0]!;
  const dataRt = roundTrips(marks, 'user_uploadData');
  const packetsSpan = zero.end - requestUpload.end;
  const phases = [
    `upload ${label(size)} (${up.packets.length} packets): file hash pass ${fmtMs(firstCall.start - t0)} (${fmtMbps(mbps(size, firstCall.start - t0))}), requestUpload ${fmtMs(requestUpload.end - requestUpload.start)}, ` +
      `packets ${fmtMs(packetsSpan)} (round trips ${fmtMs(dataRt)}, client read + base64 ${fmtMs(packetsSpan - dataRt)}; ${fmtMbps(mbps(size, packetsSpan))}), ` +
      `uploadSign ${fmtMs(signed - zero.end)}, placement to FINISHED ${fmtMs(finished - signed)}`,
  ];

  // download through the same node, then both files hashed as streams
  sampler = new RssSampler(pids);
  const d0 = performance.now();
  const d = await client.download(up.fileHash, out);
  const d1 = performance.now();
  const downRss = sampler.stop();
  const dmarks = rpc.take();
  const firstPiece = first(dmarks, 'user_requestDownload')!;
  const got = await readStream(out, true);
  const exact = got.bytes === size && got.sha256 === sha;
  phases.push(
    `download ${label(size)} (${d.pieces.length} pieces): requestDownload to the first piece ${fmtMs(firstPiece.end - firstPiece.start)}, ` +
      `downloadData round trips ${fmtMs(roundTrips(dmarks, 'user_downloadData'))}, client decode + write ${fmtMs(d1 - d0 - sum(dmarks.map((m) => m.end - m.start)))}`,
  );
  await rm(file, { force: true });
  await rm(out, { force: true });
  return { size, rawMbps: mbps(size, rawMs), upToZeroMs: zero.end - t0, upFinishedMs: finished - t0, downMs: d1 - d0, exact, phases, upRss, downRss };
}

function table(rows: readonly Row[]): void {
  const cells = [['size', 'raw read', 'upload to "0"', 'upload to FINISHED', 'download', 'byte-exact']];
  for (const r of rows) {
    const up0 = mbps(r.size, r.upToZeroMs);
    const upF = mbps(r.size, r.upFinishedMs);
    const dn = mbps(r.size, r.downMs);
    cells.push([
      label(r.size),
      fmtMbps(r.rawMbps),
      `${fmtMbps(up0)} (${ratio(up0, r.rawMbps)} raw, ${fmtMs(r.upToZeroMs)})`,
      `${fmtMbps(upF)} (${ratio(upF, r.rawMbps)} raw, ${fmtMs(r.upFinishedMs)})`,
      `${fmtMbps(dn)} (${ratio(dn, r.rawMbps)} raw, ${fmtMs(r.downMs)})`,
      r.exact ? 'yes (SHA-256)' : 'NO',
    ]);
  }
  printCells(cells);
}

function printCells(cells: string[][]): void {
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
  for (const [i, row] of cells.entries()) {
    line(row.map((c, j) => c.padEnd(widths[j]!)).join('  ').trimEnd());
    if (i === 0) line(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}

/** growth: peak over the idle RSS just before the transfer; over baseline: peak over the RSS before the first transfer */
function memoryTable(rows: readonly Row[]): void {
  const baseline = new Map([...(rows[0]?.upRss ?? [])].map(([name, t]) => [name, t.idle]));
  const cells = [['transfer', 'process', 'idle RSS', 'peak RSS', 'growth', 'over baseline', 'after']];
  for (const r of rows) {
    for (const [what, tracks] of [['upload', r.upRss], ['download', r.downRss]] as const) {
      for (const [name, t] of tracks) {
        cells.push([`${what} ${label(r.size)}`, name, fmtMiB(t.idle), fmtMiB(t.peak), signedMiB(t.peak - t.idle), signedMiB(t.peak - baseline.get(name)!), fmtMiB(t.last)]);
      }
    }
  }
  printCells(cells);
}

// ------------------------------------------------------------------ main

async function main(): Promise<void> {
  const dir = tempDir('bench-sds-');
  line(`storage network on 127.0.0.1: chaind + meta node + 2 resource nodes; files ${SIZES.map(label).join(', ')} (random bytes) in ${dir}`);
  const started = performance.now();
  const net = await startStorageNet();
  try {
    line(`network up in ${fmtMs(performance.now() - started)}: resource node 0 pid ${net.storage.resourceNodes[0]!.child.pid}, JSON-RPC ${net.rpcUrl(0)}`);
    const rpc = new TimedRpc(net.rpc(0));
    const client = new SdsClient(rpc, net.devKey(0));
    const need = BigInt(sum(SIZES)) * NOZ_PER_BYTE_NEEDED;
    const ozone = await prepay(net, client, need);
    line(`prepaid: ${ozone} noz (the bench needs ${need}: ${NOZ_PER_BYTE_NEEDED} noz a byte, 2 replicas + 1 download)`);
    const rows: Row[] = [];
    for (const size of SIZES) {
      const r = await runSize(net, dir, size, client, rpc);
      rows.push(r);
      line(`${label(size)} done: ${r.exact ? 'byte-exact' : 'DOWNLOAD DIFFERS'}`);
    }
    line();
    table(rows);
    line();
    line('phases:');
    for (const r of rows) for (const p of r.phases) line(`  ${p}`);
    line();
    line(`RSS (VmRSS every ${SAMPLE_MS} ms; idle = just before the transfer, baseline = before the first one, after = just after it):`);
    memoryTable(rows);
    line(`bench process: peak RSS ${fmtMiB(process.resourceUsage().maxRSS * 1024)}`);
    if (rows.some((r) => !r.exact)) process.exitCode = 1;
  } finally {
    await net.stop();
    await rm(net.home, { recursive: true, force: true });
  }
}

await main();
