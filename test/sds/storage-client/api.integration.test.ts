/**
 * The storage client API in process (serveStorageClientApi) on 127.0.0.1, with a gateway in front of
 * it (tour s33): an add the client aborts mid-body, or the gateway cuts off over the tier's limit,
 * leaves nothing in `<home>/tmp/ipfs` and settles; the API's leftovers are removed at start; a
 * resource node that does not answer is 502 with neutral text (the IPC path only in the log), and
 * through the gateway names the region; `cat` of several CIDs concatenates them, offset and length
 * spanning the files, also as `cat/<cid>` and through the gateway; a client that stops a download is
 * one log line. SDS is a stand-in (FakeBackend: files kept in a folder) except where the resource
 * node must be down: there the real backend talks to an IPC socket that does not exist.
 */
import { Agent, request } from 'node:http';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as dagPb from '@ipld/dag-pb';
import { CID } from 'multiformats/cid';
import type { RunningServer } from '../../../src/api/http.ts';
import { startGateway, type RunningGateway } from '../../../src/gateway/server.ts';
import { TokenStore } from '../../../src/gateway/tokens.ts';
import { CidIndex, type ContentRow } from '../../../src/sds/storage-client/cid-index.ts';
import { defaultStorageClientConfig } from '../../../src/sds/storage-client/config.ts';
import { serveStorageClientApi } from '../../../src/sds/storage-client/kubo-api.ts';
import { SdsBackend } from '../../../src/sds/storage-client/sds-backend.ts';
import { startStorageClient } from '../../../src/sds/storage-client/storage-client.ts';
import { createWallet } from '../../../src/sds/wallet/wallet-files.ts';
import { content } from '../content.ts';
import { readThenAbort } from '../../helpers/abort-download.ts';

/** SDS as a folder: store copies the file there under its SHA-256, fetch copies it back into a temp file. */
class FakeBackend extends SdsBackend {
  readonly fetched: string[] = [];
  constructor(
    private readonly cids: CidIndex,
    tmp: string,
    private readonly remote: string,
  ) {
    super('ipc', join(remote, 'unused.ipc'), randomBytes(32), cids, tmp);
    mkdirSync(remote, { recursive: true });
  }
  override async store(file: string): Promise<string> {
    const hash = createHash('sha256').update(readFileSync(file)).digest('hex');
    copyFileSync(file, join(this.remote, hash));
    return hash;
  }
  override async register(cid: string, fileHash: string, size: number, name: string): Promise<ContentRow> {
    const row: ContentRow = { cid, file_hash: fileHash, owner: this.owner, size, name, share_link: '', added_at: 0 };
    this.cids.putContent(row);
    return row;
  }
  /** file hashes whose download fails (an SDS file lost midway through a `get`) */
  readonly failing = new Set<string>();
  override async fetch(fileHash: string): Promise<{ path: string; fileName: string }> {
    this.fetched.push(fileHash);
    if (this.failing.has(fileHash)) throw new Error(`the download of ${fileHash} broke`);
    const path = this.tempPath('cat');
    copyFileSync(join(this.remote, fileHash), path);
    return { path, fileName: fileHash };
  }
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}
function post(base: string, path: string, body?: Buffer, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const r = request(`${base}${path}`, { method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    r.on('error', reject);
    r.end(body);
  });
}
const kuboErr = (message: string, Code = 0) => JSON.stringify({ Message: message, Code, Type: 'error' }) + '\n';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const BOUNDARY = 'tour-s33-boundary';
const partHead = (name: string) => Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
const multipart = (name: string, bytes: Buffer) => Buffer.concat([partHead(name), bytes, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
const MULTIPART = { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` };
/** Several files in one add (with `wrap-with-directory`, one directory of them). */
const multipartFiles = (files: [string, Buffer][]) => Buffer.concat([...files.flatMap(([name, bytes]) => [partHead(name), bytes, Buffer.from('\r\n')]), Buffer.from(`--${BOUNDARY}--\r\n`)]);
/** A POST whose answer's trailers are kept too (an error after the stream began is one). */
function postWithTrailers(url: string): Promise<Answer & { trailers: Record<string, string | undefined> }> {
  return new Promise((resolve, reject) => {
    const r = request(url, { method: 'POST' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks), trailers: res.trailers }));
      res.on('error', reject);
    });
    r.on('error', reject);
    r.end();
  });
}
const IPC_PATH_TEXT = 'rn0-down.ipc';

let dir: string;
let tmp: string;
let index: CidIndex;
let fake: FakeBackend;
let dead: SdsBackend;
let api: RunningServer;
let deadApi: RunningServer;
let apiUrl: string;
let deadUrl: string;
let tokens: TokenStore;
let gw: RunningGateway;
let deadGw: RunningGateway;
let publicToken: string;
const logs: string[] = [];
const gwLogs: string[] = [];
const A = content(3000, 1);
const B = content(5000, 2);
const LARGE = content(8 * 1024 * 1024, 3);
let cidA: string;
let cidB: string;
let cidLarge: string;
let cidDir: string;

/** What is in the spool folder, once the folder has settled (a handler that never settles leaves its add-… folder). */
async function spoolAfterSettling(): Promise<string[]> {
  let left = readdirSync(tmp);
  for (let i = 0; i < 100 && left.length > 0; i++) {
    await sleep(30);
    left = readdirSync(tmp);
  }
  return left;
}

async function add(name: string, bytes: Buffer, query = ''): Promise<string> {
  const a = await post(apiUrl, `/api/v0/add${query}`, multipart(name, bytes), MULTIPART);
  expect(a.status).toBe(200);
  return (JSON.parse(a.body.toString('utf8').trim().split('\n').at(-1)!) as { Hash: string }).Hash;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sc-api-'));
  tmp = join(dir, 'tmp', 'ipfs');
  index = new CidIndex(join(dir, 'ipfs.sqlite'));
  fake = new FakeBackend(index, tmp, join(dir, 'sds'));
  dead = new SdsBackend('ipc', join(dir, IPC_PATH_TEXT), randomBytes(32), index, tmp);
  const common = { host: '127.0.0.1', port: 0, index, home: dir, maxAddBytes: 64 * 1024 ** 2, localRoot: '', peer: { id: '12D3KooWtest', publicKey: '' }, log: (l: string) => logs.push(l) };
  api = await serveStorageClientApi({ ...common, backend: fake });
  deadApi = await serveStorageClientApi({ ...common, backend: dead });
  apiUrl = `http://127.0.0.1:${api.address.port}`;
  deadUrl = `http://127.0.0.1:${deadApi.address.port}`;
  tokens = new TokenStore(join(dir, 'gateway.sqlite'));
  publicToken = tokens.create('free', '', '', 1).token;
  const gwConfig = {
    listen: '127.0.0.1:0', region: 'EU' as const, rpcUpstreams: [{ url: 'http://127.0.0.1:9', weight: 1 }], spfsUpstream: apiUrl, regions: [],
    tiers: [{ name: 'free', ratePerSecond: 1000, burst: 1000, concurrency: 8, trafficBytes: 1024 ** 3, windowSeconds: 3600, maxUploadBytes: 256 * 1024 }],
    upstreamRetrySeconds: 30, requestTimeoutSeconds: 30, upstreamTimeoutSeconds: 30,
  };
  gw = await startGateway(gwConfig, tokens, (l) => gwLogs.push(l));
  deadGw = await startGateway({ ...gwConfig, spfsUpstream: deadUrl }, tokens, () => undefined);
  cidA = await add('a', A);
  cidB = await add('b', B);
  cidLarge = await add('large', LARGE);
  cidDir = await add('a', A, '?wrap-with-directory=true');
  expect(readdirSync(tmp)).toEqual([]);
});
afterAll(async () => {
  await gw?.close();
  await deadGw?.close();
  await api?.close();
  await deadApi?.close();
  await fake?.close();
  await dead?.close();
  tokens?.close();
  index?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('storage client API: get, failing before and after its answer starts', () => {
  const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

  it('get of a CID added with only-hash (no SDS file behind it): a 500 error before any byte, and the API lives on', async () => {
    const a = await post(apiUrl, '/api/v0/add?only-hash=true', multipart('h.txt', content(700, 11)), MULTIPART);
    const hash = (JSON.parse(a.body.toString('utf8').trim()) as { Hash: string }).Hash;
    const got = await post(apiUrl, `/api/v0/get?arg=${hash}`);
    expect([got.status, got.body.toString('utf8')]).toEqual([500, kuboErr(`${hash}: this node holds no SDS file for this block (only whole files added here can be read)`)]);
    expect((await post(apiUrl, '/api/v0/version')).status).toBe(200);
  });

  it('get with the resource node down: 502 before any byte, as cat', async () => {
    const got = await post(deadUrl, `/api/v0/get?arg=${cidA}`);
    expect([got.status, got.body.toString('utf8')]).toEqual([502, kuboErr('the resource node did not answer: the storage network is unavailable from this storage client (the cause is in its log)')]);
    expect(await spoolAfterSettling()).toEqual([]);
  });

  it('a file whose download fails after the tar began: the tar stops, the error is in X-Stream-Error, the API lives on', async () => {
    const first = content(1500, 12);
    const second = content(2500, 13);
    const a = await post(apiUrl, '/api/v0/add?wrap-with-directory=true', multipartFiles([['one', first], ['two', second]]), MULTIPART);
    const dirCid = (JSON.parse(a.body.toString('utf8').trim().split('\n').at(-1)!) as { Hash: string }).Hash;
    fake.failing.add(sha(second));
    try {
      const got = await postWithTrailers(`${apiUrl}/api/v0/get?arg=${dirCid}`);
      expect([got.status, got.headers.trailer, got.trailers['x-stream-error']]).toEqual([200, 'X-Stream-Error', `the download of ${sha(second)} broke`]);
      // the first file is in the tar whole; the second is not
      expect(got.body.includes(first)).toBe(true);
      expect(got.body.includes(second.subarray(0, 100))).toBe(false);
    } finally {
      fake.failing.delete(sha(second));
    }
    expect((await post(apiUrl, '/api/v0/version')).status).toBe(200);
    expect(await spoolAfterSettling()).toEqual([]);
  });
});

describe('storage client API: aborted adds, a resource node down, cat of several files', () => {
  it('an add whose client aborts mid-body stores nothing, leaves nothing in tmp/ipfs, and its handler settles', async () => {
    const contents = index.db.prepare('SELECT COUNT(*) AS n FROM contents').get() as { n: number };
    const r = request(`${apiUrl}/api/v0/add`, { method: 'POST', headers: { ...MULTIPART, 'Content-Length': String(8 * 1024 * 1024) } });
    r.on('error', () => undefined);
    r.write(partHead('aborted'));
    r.write(content(256 * 1024, 9));
    // the part is being spooled
    let spooled = false;
    for (let i = 0; i < 100 && !spooled; i++) {
      await sleep(20);
      spooled = readdirSync(tmp).some((d) => existsSync(join(tmp, d, '0')));
    }
    expect(spooled).toBe(true);
    r.destroy();
    expect(await spoolAfterSettling()).toEqual([]);
    expect(index.db.prepare('SELECT COUNT(*) AS n FROM contents').get()).toEqual(contents);
    expect((await post(apiUrl, '/api/v0/version')).status).toBe(200);
  });

  it('an add the gateway cuts off over the tier\'s limit (chunked, 413) leaves nothing in the storage client\'s tmp/ipfs', async () => {
    const a = await new Promise<Answer>((resolve, reject) => {
      const r = request(`${gw.url}/spfs/${publicToken}/api/v0/add`, { method: 'POST', headers: { ...MULTIPART, 'Transfer-Encoding': 'chunked' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      r.on('error', reject);
      r.write(partHead('over'));
      r.write(content(200 * 1024, 10));
      setTimeout(() => r.end(content(200 * 1024, 11)), 200);
    });
    // the gateway's refusal: a client error (go-ipfs-cmds type 1)
    expect([a.status, a.body.toString('utf8')]).toEqual([413, kuboErr("request body over this tier's limit of 262144 bytes", 1)]);
    expect(a.headers.connection).toBe('close');
    expect(await spoolAfterSettling()).toEqual([]);
    // the next request (on a new connection) is served
    expect((await post(gw.url, `/spfs/${publicToken}/api/v0/version`)).status).toBe(200);
  });

  it('a chunked add that passes max_add_bytes in its last bytes is answered 413 and leaves no spool (100001, 120000 and 150000 bytes over a limit of 100000)', async () => {
    const small = await serveStorageClientApi({ host: '127.0.0.1', port: 0, index, home: dir, maxAddBytes: 100_000, localRoot: '', peer: { id: '12D3KooWtest', publicKey: '' }, backend: fake, log: () => undefined });
    const chunkedAdd = (size: number) =>
      new Promise<Answer>((resolve, reject) => {
        const r = request(`http://127.0.0.1:${small.address.port}/api/v0/add`, { method: 'POST', headers: { ...MULTIPART, 'Transfer-Encoding': 'chunked' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (d: Buffer) => chunks.push(d));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        });
        r.on('error', reject);
        r.setTimeout(10_000, () => reject(new Error(`no answer to a chunked add of ${size} bytes`)));
        r.write(partHead('near'));
        r.end(Buffer.concat([content(size, 12), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]));
      });
    try {
      for (const size of [100_001, 120_000, 150_000]) {
        const a = await chunkedAdd(size);
        expect([size, a.status, a.body.toString('utf8')]).toEqual([size, 413, kuboErr('the files added are over the limit of 100000 bytes')]);
        expect(await spoolAfterSettling()).toEqual([]);
      }
      // exactly the limit is added
      expect((await chunkedAdd(100_000)).status).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('add?arg=<local path> reads the file once, to its end: a /proc file (size 0 by stat) is added whole, its CID, size and SDS copy from the same bytes; no spool left', async () => {
    const bytes = readFileSync('/proc/version');
    const a = await post(apiUrl, `/api/v0/add?arg=${encodeURIComponent('/proc/version')}`);
    expect(a.status).toBe(200);
    const line = JSON.parse(a.body.toString('utf8')) as { Name: string; Hash: string; Size: string; FileHash: string };
    // the same CID as a multipart add of the bytes read now; the SDS copy is those bytes (this fake SDS names a file by its SHA-256)
    expect([line.Name, line.Hash, line.FileHash]).toEqual(['version', await add('version', bytes), createHash('sha256').update(bytes).digest('hex')]);
    const cat = await post(apiUrl, `/api/v0/cat?arg=${line.Hash}`);
    expect([cat.status, cat.body.equals(bytes)]).toEqual([200, true]);
    expect(await spoolAfterSettling()).toEqual([]);
  });

  it('the API\'s leftovers in tmp/ipfs (add-…, cat-…) are removed when the storage client starts; migrate\'s folders are kept', async () => {
    const home = join(dir, 'home');
    createWallet(home, { password: 'pw' });
    const left = join(home, 'tmp', 'ipfs');
    mkdirSync(join(left, 'add-0123456789ab'), { recursive: true });
    writeFileSync(join(left, 'add-0123456789ab', '0'), content(1000, 4));
    writeFileSync(join(left, 'cat-ba9876543210'), content(1000, 5));
    mkdirSync(join(left, cidA));
    writeFileSync(join(left, cidA, 'a'), A);
    const sc = await startStorageClient(home, { ...defaultStorageClientConfig(), port: 0, walletPassword: 'pw', ipcEndpoint: join(home, 'none.ipc') }, () => undefined);
    try {
      expect(readdirSync(left)).toEqual([cidA]);
    } finally {
      await sc.close();
    }
  });

  it('a resource node that does not answer: 502 with neutral text, its IPC path only in the log; through the gateway, the region; nothing left', async () => {
    const from = logs.length;
    const unavailable = kuboErr('the resource node did not answer: the storage network is unavailable from this storage client (the cause is in its log)');
    const added = await post(deadUrl, '/api/v0/add', multipart('new', content(2000, 6)), MULTIPART);
    expect([added.status, added.body.toString('utf8')]).toEqual([502, unavailable]);
    const cat = await post(deadUrl, `/api/v0/cat?arg=${cidA}`);
    expect([cat.status, cat.body.toString('utf8')]).toEqual([502, unavailable]);
    expect(logs.slice(from).filter((l) => l.includes(join(dir, IPC_PATH_TEXT)))).toHaveLength(2);
    const through = await post(deadGw.url, `/spfs/${publicToken}/api/v0/cat?arg=${cidA}`);
    expect([through.status, through.body.toString('utf8')]).toEqual([502, kuboErr('the storage network of region EU is unavailable')]);
    expect(await spoolAfterSettling()).toEqual([]);
  });

  it('add over HTTP sends every line with quiet or quieter (Kubo applies them to its command line only); silent sends none', async () => {
    const lines = async (query: string) => {
      const a = await post(apiUrl, `/api/v0/add?wrap-with-directory=true&only-hash=true${query}`, multipart('q.txt', A), MULTIPART);
      expect(a.status).toBe(200);
      return a.body.toString('utf8');
    };
    const all = await lines('');
    expect(all.trim().split('\n').map((l) => (JSON.parse(l) as { Name: string }).Name)).toEqual(['q.txt', '']);
    expect(await lines('&quiet=true')).toBe(all);
    expect(await lines('&quieter=true')).toBe(all);
    expect(await lines('&silent=true')).toBe('');
  });

  it('an /ipns/ name is refused in words: 400, IPNS is not supported', async () => {
    for (const cmd of ['cat', 'pin/add', 'ls']) {
      const a = await post(apiUrl, `/api/v0/${cmd}?arg=/ipns/${cidA}`);
      expect([cmd, a.status, a.body.toString('utf8')]).toEqual([cmd, 400, JSON.stringify({ Message: `invalid path "/ipns/${cidA}": IPNS names are not supported by this API: give /ipfs/<cid> or a CID`, Code: 1, Type: 'error' }) + '\n']);
    }
  });

  it('files/stat of /ipfs/<cid> resolves the CID (Kubo\'s getNodeFromPath), as a copy of it in MFS stats', async () => {
    const direct = await post(apiUrl, `/api/v0/files/stat?arg=/ipfs/${cidA}`);
    expect(direct.status).toBe(200);
    expect(JSON.parse(direct.body.toString('utf8'))).toMatchObject({ Hash: cidA, Size: A.length, Type: 'file' });
    expect((await post(apiUrl, `/api/v0/files/cp?arg=/ipfs/${cidA}&arg=/stat-copy`)).status).toBe(200);
    const copy = await post(apiUrl, '/api/v0/files/stat?arg=/stat-copy');
    expect(direct.body.toString('utf8')).toBe(copy.body.toString('utf8'));
    const missing = await post(apiUrl, '/api/v0/files/stat?arg=/ipfs/notacid');
    expect([missing.status, JSON.parse(missing.body.toString('utf8')).Type]).toEqual([500, 'error']);
  });

  it('cat of several CIDs: the files one after the other, offset and length spanning them (Kubo\'s cat.go); only the files needed are downloaded', async () => {
    const both = Buffer.concat([A, B]);
    const cases: [string, Buffer, number][] = [
      [`arg=${cidA}&arg=${cidB}`, both, 2],
      [`arg=${cidB}&arg=${cidA}`, Buffer.concat([B, A]), 2],
      [`arg=${cidA}&arg=${cidB}&offset=2000&length=3000`, both.subarray(2000, 5000), 2],
      [`arg=${cidA}&arg=${cidB}&offset=3000`, B, 1],
      [`arg=${cidA}&arg=${cidB}&offset=3500&length=100`, B.subarray(500, 600), 1],
      [`arg=${cidA}&arg=${cidB}&length=3000`, A, 1],
      [`arg=${cidA}&arg=${cidB}&offset=9000`, Buffer.alloc(0), 0],
      [`arg=${cidA}&arg=${cidB}&length=0`, Buffer.alloc(0), 0],
      [`arg=${cidA}&arg=${cidA}&arg=${cidB}&offset=2999&length=3002`, Buffer.concat([A.subarray(2999), A, B.subarray(0, 1)]), 3],
    ];
    for (const [query, expected, downloads] of cases) {
      const before = fake.fetched.length;
      const a = await post(apiUrl, `/api/v0/cat?${query}`);
      expect([query, a.status, a.headers['x-content-length'], a.body.equals(expected)]).toEqual([query, 200, String(expected.length), true]);
      // go-ipfs-cmds declares the trailer an error after the stream began would go in
      expect([a.headers.trailer, a.headers['access-control-expose-headers']]).toEqual(['X-Stream-Error', 'X-Stream-Output, X-Chunked-Output, X-Content-Length']);
      expect([query, fake.fetched.length - before]).toEqual([query, downloads]);
    }
    // go-ipfs-cmds' path argument is the first one
    const path = await post(apiUrl, `/api/v0/cat/${cidA}?arg=${cidB}`);
    expect(path.body.equals(both)).toBe(true);
    // a directory anywhere is refused before any byte
    const dirArg = await post(apiUrl, `/api/v0/cat?arg=${cidA}&arg=${cidDir}`);
    expect([dirArg.status, dirArg.body.toString('utf8')]).toEqual([500, kuboErr('this dag node is a directory')]);
    expect(await spoolAfterSettling()).toEqual([]);
  });

  it('through the gateway: cat of several CIDs concatenates them, and cat/<cid> reads as on the storage client', async () => {
    const a = await post(gw.url, `/spfs/${publicToken}/api/v0/cat?arg=${cidA}&arg=${cidB}&offset=1000`);
    expect([a.status, a.body.equals(Buffer.concat([A, B]).subarray(1000))]).toEqual([200, true]);
    const p = await post(gw.url, `/spfs/${publicToken}/api/v0/cat/${cidB}`);
    expect([p.status, p.body.equals(B)]).toEqual([200, true]);
    // the gateway's CORS, not the storage client's: a page reads the rate-limit headers of a stream too
    expect([a.headers['access-control-allow-origin'], a.headers['access-control-expose-headers']]).toEqual([
      '*',
      'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy, Retry-After, X-Stream-Output, X-Chunked-Output, X-Content-Length, WWW-Authenticate',
    ]);
    expect(a.headers['ratelimit-remaining']).toMatch(/^\d+$/);
  });

  it.each(['cat', 'get'])('a client that stops a download (%s): one short log line, no stack trace; the downloaded temp file is removed; the API goes on answering', async (command) => {
    const from = logs.length;
    await readThenAbort(`${apiUrl}/api/v0/${command}?arg=${cidLarge}`);
    expect(await spoolAfterSettling()).toEqual([]);
    for (let i = 0; i < 50 && logs.length === from; i++) await sleep(20);
    expect(logs.slice(from)).toEqual([`storage client API: POST /api/v0/${command}?arg=${cidLarge} ended early: the client closed the connection`]);
    expect((await post(apiUrl, '/api/v0/version')).status).toBe(200);
  });
});

/** A GET (or HEAD) to the gateway. */
function fetchPath(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const r = request(`${gw.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    r.on('error', reject);
    r.end();
  });
}

describe('the gateway\'s public read path: GET /ipfs/<cid>[/path] (reference §5.1), no token', () => {
  it('a file: its bytes, ETag, immutable caching, byte ranges; HEAD without the body; If-None-Match 304', async () => {
    const a = await fetchPath(`/ipfs/${cidA}`);
    expect([a.status, a.body.equals(A)]).toEqual([200, true]);
    expect(a.headers).toMatchObject({
      'content-length': String(A.length), 'content-type': 'application/octet-stream', etag: `"${cidA}"`, 'accept-ranges': 'bytes',
      'cache-control': 'public, max-age=29030400, immutable', 'x-ipfs-path': `/ipfs/${cidA}`,
    });
    const head = await fetchPath(`/ipfs/${cidA}`, {}, 'HEAD');
    expect([head.status, head.headers['content-length'], head.body.length]).toEqual([200, String(A.length), 0]);
    const part = await fetchPath(`/ipfs/${cidA}`, { Range: 'bytes=100-199' });
    expect([part.status, part.headers['content-range'], part.body.equals(A.subarray(100, 200))]).toEqual([206, `bytes 100-199/${A.length}`, true]);
    const tail = await fetchPath(`/ipfs/${cidA}`, { Range: 'bytes=-10' });
    expect([tail.status, tail.body.equals(A.subarray(A.length - 10))]).toEqual([206, true]);
    const past = await fetchPath(`/ipfs/${cidA}`, { Range: `bytes=${A.length}-` });
    expect([past.status, past.headers['content-range']]).toEqual([416, `bytes */${A.length}`]);
    const cached = await fetchPath(`/ipfs/${cidA}`, { 'If-None-Match': `"${cidA}"` });
    expect([cached.status, cached.body.length]).toEqual([304, 0]);
  });

  it('a directory: redirected to its slash form, then a listing, or its index.html; a file in it by name, typed by its extension', async () => {
    const bare = await fetchPath(`/ipfs/${cidDir}`);
    expect([bare.status, bare.headers.location]).toEqual([301, `/ipfs/${cidDir}/`]);
    const list = await fetchPath(`/ipfs/${cidDir}/`);
    expect([list.status, list.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    expect(list.body.toString('utf8')).toContain(`<a href="a">a</a></td><td>${A.length}</td><td><code>${cidA}</code>`);
    expect((await fetchPath(`/ipfs/${cidDir}/a`)).body.equals(A)).toBe(true);
    const page = Buffer.from('<!DOCTYPE html><title>hi</title>');
    const site = await add('index.html', page, '?wrap-with-directory=true');
    const index = await fetchPath(`/ipfs/${site}/`);
    expect([index.status, index.headers['content-type'], index.body.equals(page)]).toEqual([200, 'text/html; charset=utf-8', true]);
  });

  it('content without a telling name is typed by its first bytes, as Kubo\'s gateway sniffs them', async () => {
    const text = await add('notes', Buffer.from('plain words, ünïcode too\n'));
    expect((await fetchPath(`/ipfs/${text}`)).headers['content-type']).toBe('text/plain; charset=utf-8');
    const html = await add('page', Buffer.from('<!DOCTYPE html><title>x</title>'));
    expect((await fetchPath(`/ipfs/${html}`, {}, 'HEAD')).headers['content-type']).toBe('text/html; charset=utf-8');
    const png = await add('pic', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 7)]));
    expect((await fetchPath(`/ipfs/${png}`)).headers['content-type']).toBe('image/png');
  });

  it('?format=raw gives the block (a trustless gateway\'s answer)', async () => {
    const raw = await fetchPath(`/ipfs/${cidDir}?format=raw`);
    const block = await post(apiUrl, `/api/v0/block/get?arg=${cidDir}`);
    expect([raw.status, raw.headers['content-type'], raw.body.equals(block.body)]).toEqual([200, 'application/vnd.ipld.raw', true]);
  });

  it('a file\'s data leaf as ?format=raw: the block the storage client rebuilds from the file; its ETag "<cid>.raw"', async () => {
    const root = dagPb.decode((await post(apiUrl, `/api/v0/block/get?arg=${cidLarge}`)).body);
    const leaf = root.Links[0]!.Hash.toString();
    const raw = await fetchPath(`/ipfs/${leaf}?format=raw`);
    expect([raw.status, raw.headers['content-type'], raw.headers.etag]).toEqual([200, 'application/vnd.ipld.raw', `"${leaf}.raw"`]);
    expect(CID.parse(leaf).multihash.digest).toEqual(new Uint8Array(createHash('sha256').update(raw.body).digest()));
  });

  it('another response format (CAR, tar, dag-json; by ?format= or Accept) is refused with 400, never answered with the plain bytes', async () => {
    for (const [query, accept] of [['?format=car', ''], ['?format=tar', ''], ['?format=dag-json', ''], ['', 'application/vnd.ipld.car'], ['', 'application/vnd.ipld.car;version=1, */*']]) {
      const a = await fetchPath(`/ipfs/${cidA}${query}`, accept ? { Accept: accept } : {});
      const named = query ? query.slice('?format='.length) : 'application/vnd.ipld.car';
      expect([a.status, a.headers['content-type'], a.body.toString('utf8').split(':')[0]]).toEqual([400, 'text/plain; charset=utf-8', `unsupported format "${named}"`]);
    }
    // a browser's Accept is not a format
    expect((await fetchPath(`/ipfs/${cidA}`, { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' })).status).toBe(200);
  });

  it('If-None-Match is compared weakly, against the file\'s, the block\'s and the listing\'s own ETag', async () => {
    expect((await fetchPath(`/ipfs/${cidA}`, { 'If-None-Match': `W/"${cidA}"` })).status).toBe(304);
    expect((await fetchPath(`/ipfs/${cidA}`, { 'If-None-Match': `"other", W/"${cidA}"` })).status).toBe(304);
    expect((await fetchPath(`/ipfs/${cidA}?format=raw`, { 'If-None-Match': `"${cidA}.raw"` })).status).toBe(304);
    expect((await fetchPath(`/ipfs/${cidA}?format=raw`, { 'If-None-Match': `"${cidA}"` })).status).toBe(200);
    const list = await fetchPath(`/ipfs/${cidDir}/`);
    expect(list.headers.etag).toBe(`"DirIndex-${cidDir}"`);
    const again = await fetchPath(`/ipfs/${cidDir}/`, { 'If-None-Match': list.headers.etag as string });
    expect([again.status, again.headers.etag, again.body.length]).toEqual([304, `"DirIndex-${cidDir}"`, 0]);
  });

  it('many requests on one keep-alive connection leave no listener behind on its socket', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on('warning', onWarning);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let i = 0; i < 15; i++) {
        await new Promise<void>((resolve, reject) => {
          request(`${gw.url}/ipfs/${cidA}`, { method: 'HEAD', agent }, (res) => res.resume().on('end', resolve)).on('error', reject).end();
        });
      }
      await sleep(50);
    } finally {
      agent.destroy();
      process.off('warning', onWarning);
    }
    expect(warnings).toEqual([]);
  });

  it('refusals in plain text: a bad CID 400, a missing name 404, another method 405', async () => {
    const bad = await fetchPath('/ipfs/notacid');
    expect([bad.status, bad.headers['content-type']]).toEqual([400, 'text/plain; charset=utf-8']);
    expect(bad.body.toString('utf8')).toMatch(/^failed to resolve \/ipfs\/notacid: /);
    const badRaw = await fetchPath('/ipfs/notacid?format=raw');
    expect([badRaw.status, badRaw.body.toString('utf8').split(':')[0]]).toEqual([400, 'failed to get block notacid']);
    const missing = await fetchPath(`/ipfs/${cidDir}/nothing-here`);
    expect(missing.status).toBe(404);
    const post405 = await fetchPath(`/ipfs/${cidA}`, {}, 'POST');
    expect([post405.status, post405.headers.allow]).toEqual([405, 'GET, HEAD']);
  });
});
