/**
 * The storage client API on loopback (issue 15): the storage network of test/sds/storage-network.ts
 * (built first with `npm run build`), resource node 0's wallet prepaid, and `nodeclient ipfs -m
 * httpRpc` as a process on resource node 0's home; then for a file of IPFS_SIZE random bytes:
 *
 * - raw: the file read from disk by a stream (best of two; the page cache, as the client reads it);
 * - the parts of an add, for reference: the unixfs importer computing the CID of the file here (what
 *   the server does on the spooled file), and an SDS upload of another file of the same size by
 *   SdsClient straight to the resource node (what the server does next), to FINISHED;
 * - add: kubo-rpc-client's multipart `add` of the file as a stream (Kubo defaults: CIDv0, 256 KiB
 *   chunks), answered once the bytes are in SDS (the upload to FINISHED); the CID checked against
 *   the unixfs importer run here on the same file;
 * - cat: kubo-rpc-client's `cat` of that CID, streamed and hashed (SHA-256 against the file's);
 * - MB/s of each and the ratio to raw;
 * - the `nodeclient ipfs` process's VmRSS (every IPFS_SAMPLE_MS from /proc/<pid>/status): idle just
 *   before each transfer, peak during it, growth, to show the server streams (a 256 MiB file held
 *   whole would show as ≥ 256 MiB of growth).
 *
 * MB is 10^6 bytes, MiB 2^20. Throughput and ratios only, no pass/fail on timings.
 *
 *   npm run bench -- ipfs
 *
 * Knobs (environment):
 *   IPFS_SIZE=268435456   file size in bytes (default 256 MiB)
 *   IPFS_SAMPLE_MS=50     RSS sampling period
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { create } from 'kubo-rpc-client';
import { startStorageNet, type StorageNet } from '../test/sds/storage-network.ts';
import { spawnNodeclient, stopProcess } from '../src/node/storage-processes.ts';
import { SdsClient } from '../src/sds/client/sds-client.ts';
import { loadWallet } from '../src/sds/wallet/wallet-files.ts';
import { CidIndex } from '../src/sds/storage-client/cid-index.ts';
import { importCandidates, IndexBlockstore, KUBO_DEFAULTS } from '../src/sds/storage-client/unixfs.ts';
import { rssOf, tempDir } from './rpc-driver.ts';
import { fmtMbps, fmtMiB, fmtMs, line, mbps, prepay, signedMiB, writeRandomFile } from './storage-bench.ts';

const SIZE = Number(process.env.IPFS_SIZE ?? 256 * 2 ** 20);
const SAMPLE_MS = Number(process.env.IPFS_SAMPLE_MS ?? 50);
/** 2 replicas of the add and of the reference upload + the download of cat, at 1 noz a byte */
const NOZ_PER_BYTE_NEEDED = 5n;
if (!Number.isSafeInteger(SIZE) || SIZE <= 0) throw new Error(`IPFS_SIZE=${process.env.IPFS_SIZE} is not a byte count`);

const ratio = (v: number, ref: number) => `${(v / ref).toFixed(v / ref < 0.1 ? 3 : 2)}×`;
const label = (bytes: number) => (bytes % 2 ** 20 === 0 ? `${bytes / 2 ** 20} MiB` : `${bytes} B`);

async function rawRead(path: string): Promise<number> {
  let bytes = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 2 ** 20 }) as AsyncIterable<Buffer>) bytes += chunk.length;
  return bytes;
}

/** VmRSS of one process every SAMPLE_MS: idle at the start, the peak until stopped. */
class RssSampler {
  readonly idle: number;
  peak: number;
  /** the peak until mark() */
  peakBeforeMark?: number;
  private readonly timer: NodeJS.Timeout;
  constructor(private readonly pid: number) {
    this.idle = rssOf(pid);
    this.peak = this.idle;
    this.timer = setInterval(() => this.sample(), SAMPLE_MS);
  }
  private sample(): void {
    try {
      this.peak = Math.max(this.peak, rssOf(this.pid));
    } catch {
      // gone: the transfer fails on its own
    }
  }
  mark(): void {
    this.sample();
    this.peakBeforeMark = this.peak;
  }
  stop(): { idle: number; peak: number } {
    clearInterval(this.timer);
    this.sample();
    return { idle: this.idle, peak: this.peak };
  }
}

async function expectedCid(dir: string, file: string): Promise<string> {
  const index = new CidIndex(join(dir, 'expected.sqlite'));
  try {
    let cid = '';
    for await (const e of importCandidates([{ path: 'f', file }], KUBO_DEFAULTS, new IndexBlockstore(index))) cid = e.cid.toString();
    return cid;
  } finally {
    index.close();
  }
}

async function main(): Promise<void> {
  const dir = tempDir('bench-ipfs-');
  line(`storage client API on 127.0.0.1: chaind + meta node + 2 resource nodes + nodeclient ipfs -m httpRpc; a ${label(SIZE)} file (random bytes) in ${dir}`);
  const file = join(dir, 'add.bin');
  const sha = await writeRandomFile(file, SIZE);
  let t = performance.now();
  const cid = await expectedCid(dir, file);
  const importMs = performance.now() - t;
  let rawMs = Infinity;
  for (let i = 0; i < 2; i++) {
    const t = performance.now();
    if ((await rawRead(file)) !== SIZE) throw new Error('short read');
    rawMs = Math.min(rawMs, performance.now() - t);
  }
  const started = performance.now();
  const net = await startStorageNet();
  try {
    const rn = net.layout.resourceNodes[0]!;
    const owner = new SdsClient(net.rpc(0), loadWallet(rn.home, rn.wallet, '').privateKey);
    const ozone = await prepay(net, owner, BigInt(SIZE) * NOZ_PER_BYTE_NEEDED);
    const api = await spawnNodeclient('ipfs', ['-r', rn.home, 'ipfs', '-m', 'httpRpc', '--httpRpcUrl', net.rpcUrl(0), '-p', '0'], join(rn.home, 'ipfs.log'));
    try {
      const pid = api.child.pid!;
      line(`up in ${fmtMs(performance.now() - started)}: nodeclient ipfs pid ${pid} at ${String(api.serving.api)}; wallet ${rn.wallet} prepaid ${ozone} noz`);
      const ipfs = create({ url: String(api.serving.api), timeout: '30m' });

      // the reference upload straight to the resource node (other bytes: the same would be refused as already stored)
      const other = join(dir, 'direct.bin');
      await writeRandomFile(other, SIZE);
      (globalThis as { gc?: () => void }).gc?.();
      const self = new RssSampler(process.pid);
      t = performance.now();
      const direct = await owner.upload(other, { wait: true, timeoutMs: 30 * 60_000 });
      const directMs = performance.now() - t;
      const selfRss = self.stop();
      if (direct.state !== 3) throw new Error(`the reference upload ended in state ${direct.state}`);
      await rm(other, { force: true });

      let sampler = new RssSampler(pid);
      t = performance.now();
      const body = createReadStream(file, { highWaterMark: 2 ** 20 });
      let sentMs = 0;
      body.once('end', () => {
        sentMs = performance.now() - t;
        sampler.mark();
      });
      const added = await ipfs.add(body);
      const addMs = performance.now() - t;
      const addRss = { ...sampler.stop(), peakBeforeMark: sampler.peakBeforeMark };
      if (added.cid.toString() !== cid) throw new Error(`add gave ${added.cid.toString()}, the unixfs importer ${cid}`);

      sampler = new RssSampler(pid);
      t = performance.now();
      const hash = createHash('sha256');
      let got = 0;
      for await (const chunk of ipfs.cat(added.cid)) {
        got += chunk.length;
        hash.update(chunk);
      }
      const catMs = performance.now() - t;
      const catRss = sampler.stop();
      const exact = got === SIZE && hash.digest('hex') === sha;

      const raw = mbps(SIZE, rawMs);
      const rows = [
        ['transfer', 'time', 'throughput', 'vs raw read', 'ipfs idle RSS', 'ipfs peak RSS', 'growth'],
        ['raw read', fmtMs(rawMs), fmtMbps(raw), '1.00×', '', '', ''],
        ['unixfs importer (CID, here)', fmtMs(importMs), fmtMbps(mbps(SIZE, importMs)), ratio(mbps(SIZE, importMs), raw), '', '', ''],
        [`SDS upload alone (SdsClient, ${direct.packets.length} packets)`, fmtMs(directMs), fmtMbps(mbps(SIZE, directMs)), ratio(mbps(SIZE, directMs), raw), '', '', ''],
        ['add (multipart → SDS FINISHED)', fmtMs(addMs), fmtMbps(mbps(SIZE, addMs)), ratio(mbps(SIZE, addMs), raw), fmtMiB(addRss.idle), fmtMiB(addRss.peak), signedMiB(addRss.peak - addRss.idle)],
        ['cat (SDS → stream, hashed)', fmtMs(catMs), fmtMbps(mbps(SIZE, catMs)), ratio(mbps(SIZE, catMs), raw), fmtMiB(catRss.idle), fmtMiB(catRss.peak), signedMiB(catRss.peak - catRss.idle)],
      ];
      line();
      line(`${label(SIZE)}: CID ${cid} (as the unixfs importer gives it), cat ${exact ? 'byte-exact (SHA-256)' : 'DIFFERS'}`);
      const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
      for (const [i, r] of rows.entries()) {
        line(r.map((c, j) => c.padEnd(widths[j]!)).join('  ').trimEnd());
        if (i === 0) line(widths.map((w) => '-'.repeat(w)).join('  '));
      }
      line(`(RSS: VmRSS of the nodeclient ipfs process every ${SAMPLE_MS} ms; growth = peak over the idle RSS just before the transfer; the file is ${fmtMiB(SIZE)})`);
      line(
        `add: the body was read by the client in ${fmtMs(sentMs)} (the server spooling it), ipfs peak RSS by then ${fmtMiB(addRss.peakBeforeMark ?? addRss.peak)} ` +
          `(${signedMiB((addRss.peakBeforeMark ?? addRss.peak) - addRss.idle)}); the rest (${fmtMs(addMs - sentMs)}) is the CID import, the SDS hash and the upload to FINISHED`,
      );
      line(`the bench process itself during the SDS upload alone (the same SdsClient code the server runs): idle ${fmtMiB(selfRss.idle)}, peak ${fmtMiB(selfRss.peak)} (${signedMiB(selfRss.peak - selfRss.idle)})`);
      if (!exact) process.exitCode = 1;
    } finally {
      await stopProcess(api);
    }
  } finally {
    await net.stop();
    await rm(net.home, { recursive: true, force: true });
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
