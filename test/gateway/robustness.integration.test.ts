/**
 * The gateway in process against upstreams that misbehave or clients that leave (tour s33): the
 * storage client API silent (502 after upstream_timeout_seconds), a client that goes away (its
 * upstream request aborted, its slot given back at once, one log line), an honest upload longer than
 * request_timeout_seconds (served; a trickle is still 408), a dependency failure behind the storage
 * client (502 without its details), 405 on /usage and /metrics, refusals counted both ways, and
 * go-ipfs-cmds' `cat/<cid>`.
 */
import { createServer, request, type Server } from 'node:http';
import { connect, createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayConfig, Tier } from '../../src/gateway/config.ts';
import { startGateway, type RunningGateway } from '../../src/gateway/server.ts';
import { TokenStore } from '../../src/gateway/tokens.ts';
import { raw, send, trickle, type Answer } from './http.ts';
import { readThenAbort } from '../helpers/abort-download.ts';

const TIERS: Tier[] = [
  { name: 'free', ratePerSecond: 1000, burst: 1000, concurrency: 8, trafficBytes: 100 * 1024 ** 2, windowSeconds: 3600, maxUploadBytes: 4096 },
  { name: 'single', ratePerSecond: 1000, burst: 1000, concurrency: 1, trafficBytes: 100 * 1024 ** 2, windowSeconds: 3600, maxUploadBytes: 4096 },
  { name: 'big', ratePerSecond: 1000, burst: 1000, concurrency: 8, trafficBytes: 100 * 1024 ** 2, windowSeconds: 3600, maxUploadBytes: 1024 ** 2 },
];
const BIG = 'x'.repeat(4 * 1024 * 1024);
const ADDED = JSON.stringify({ Name: 'f', Hash: 'QmWATWQ7fVPP2EFGu71UkfnqhYXDYH566qy47CnJDgvs8u', Size: '12' }) + '\n';
const CID = 'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o';
const CALL = (method: string) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] });
const err = (status: number, error: string) => JSON.stringify({ error, status }) + '\n';
/** Kubo's error body; `Code` the go-ipfs-cmds error type: 0 normal (what failed behind the gateway), 1 client */
const kuboErr = (message: string, Code = 0) => JSON.stringify({ Message: message, Code, Type: 'error' }) + '\n';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An HTTP server on 127.0.0.1 answering every request after reading its body. */
async function httpFake(answer: (url: string, body: Buffer) => { status: number; body: string }): Promise<{ server: Server; url: string; seen: { url: string; bytes: number }[] }> {
  const seen: { url: string; bytes: number }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => chunks.push(d));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({ url: req.url ?? '', bytes: body.length });
      const a = answer(req.url ?? '', body);
      res.writeHead(a.status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(a.body) }).end(a.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, seen };
}

/** A listener that accepts connections and never answers (the tour's black hole); counts the connections its peer closed. */
async function blackHole(): Promise<{ server: TcpServer; url: string; open: Socket[]; closed: () => number }> {
  const open: Socket[] = [];
  let closed = 0;
  const server = createTcpServer((s) => {
    open.push(s);
    s.on('data', () => undefined);
    s.on('error', () => undefined);
    s.on('close', () => closed++);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, open, closed: () => closed };
}

let dir: string;
let store: TokenStore;
let rpc: Awaited<ReturnType<typeof httpFake>>;
let spfs: Awaited<ReturnType<typeof httpFake>>;
let broken: Awaited<ReturnType<typeof httpFake>>;
let hole: Awaited<ReturnType<typeof blackHole>>;
let config: GatewayConfig;
let gw: RunningGateway;
const logs: string[] = [];
const gateways: RunningGateway[] = [];

async function gateway(over: Partial<GatewayConfig>): Promise<RunningGateway> {
  const g = await startGateway({ ...config, ...over }, store, (l) => logs.push(l));
  gateways.push(g);
  return g;
}
const token = (tier: string): string => store.create(tier, '', '', 1).token;
const traffic = async (g: RunningGateway, t: string): Promise<number> => JSON.parse((await send(g.url, 'GET', `/usage/${t}`)).body).traffic_bytes as number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gw-robust-'));
  store = new TokenStore(join(dir, 'gateway.sqlite'));
  rpc = await httpFake((_u, body) => ({ status: 200, body: JSON.stringify({ jsonrpc: '2.0', id: 1, result: { got: body.length } }) }));
  spfs = await httpFake((url, body) => ({ status: 200, body: url.startsWith('/api/v0/cat?arg=big') ? BIG : url.startsWith('/api/v0/add') ? ADDED : JSON.stringify({ url, bytes: body.length }) }));
  // a storage client whose resource node is down (an older one answered 500 with its IPC path)
  broken = await httpFake((url) => ({ status: url.includes('version') ? 503 : 502, body: kuboErr('IPC /home/operator/.localnet/storage/rn0/sds.ipc: connect ENOENT /home/operator/.localnet/storage/rn0/sds.ipc') }));
  hole = await blackHole();
  config = {
    listen: '127.0.0.1:0', region: 'EU', rpcUpstreams: [{ url: rpc.url, weight: 1 }], spfsUpstream: spfs.url, regions: [],
    tiers: TIERS, upstreamRetrySeconds: 30, requestTimeoutSeconds: 1, upstreamTimeoutSeconds: 1,
  };
  gw = await gateway({});
});
afterAll(async () => {
  for (const g of gateways) await g.close();
  for (const s of hole?.open ?? []) s.destroy();
  for (const f of [rpc?.server, spfs?.server, broken?.server, hole?.server]) f?.close();
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the gateway when upstreams hang or clients leave', () => {
  it('a silent storage client API: spfs answers 502 after upstream_timeout_seconds, as the RPC path does', async () => {
    const g = await gateway({ spfsUpstream: hole.url, rpcUpstreams: [{ url: hole.url, weight: 1 }] });
    const t = token('free');
    const started = Date.now();
    const a = await send(g.url, 'POST', `/spfs/${t}/api/v0/version`);
    const took = Date.now() - started;
    expect([a.status, a.body]).toEqual([502, kuboErr('the storage client API of region EU did not answer within upstream_timeout_seconds (1 s)')]);
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(3000);
    const r = await send(g.url, 'POST', `/private/rpc/${t}`, CALL('rpc_modules'));
    expect([r.status, r.body]).toEqual([502, err(502, `no resource node of region EU answered (${hole.url}: upstream timeout)`)]);
  });

  it('a client that leaves while the storage client API is silent: the upstream request is aborted and the token\'s slot given back at once', async () => {
    const g = await gateway({ spfsUpstream: hole.url, upstreamTimeoutSeconds: 30 });
    const t = token('single');
    for (const path of [`/spfs/${t}/api/v0/id`, `/spfs/${t}/api/v0/files/ls?arg=/`]) {
      const before = hole.open.length;
      const closedBefore = hole.closed();
      const r = request(`${g.url}${path}`, { method: 'POST' });
      r.on('error', () => undefined);
      r.end();
      for (let i = 0; i < 100 && hole.open.length === before; i++) await sleep(20);
      expect(hole.open.length).toBe(before + 1);
      r.destroy();
      for (let i = 0; i < 100 && hole.closed() === closedBefore; i++) await sleep(20);
      expect(hole.closed()).toBe(closedBefore + 1);
      // concurrency 1: the next request of the token passes
      const next = await send(g.url, 'POST', `/private/rpc/${t}`, CALL('rpc_modules'));
      expect([path, next.status]).toEqual([path, 200]);
    }
    expect(logs.filter((l) => l.includes('ended early: the client closed the connection'))).not.toHaveLength(0);
  });

  it('an SPFS download the client stops: one short log line, no stack trace', async () => {
    const t = token('free');
    const from = logs.length;
    await readThenAbort(`${gw.url}/spfs/${t}/api/v0/cat?arg=big`);
    for (let i = 0; i < 50 && logs.length === from; i++) await sleep(20);
    await sleep(100);
    expect(logs.slice(from)).toEqual(['gateway: POST spfs (tier free) ended early: the client closed the connection']);
  });

  it('an honest upload that takes longer than request_timeout_seconds is served; a trickle is still cut off with 408', async () => {
    const t = token('big');
    const chunk = Buffer.alloc(32 * 1024, 0x61);
    const head = Buffer.from('--x\r\nContent-Disposition: form-data; name="file"; filename="f"\r\nContent-Type: application/octet-stream\r\n\r\n');
    const tail = Buffer.from('\r\n--x--\r\n');
    const chunks = 12;
    const started = Date.now();
    const a = await new Promise<Answer>((resolve, reject) => {
      const r = request(`${gw.url}/spfs/${t}/api/v0/add`, { method: 'POST', headers: { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(head.length + chunks * chunk.length + tail.length) } }, (res) => {
        let b = '';
        res.on('data', (d) => (b += d));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: b }));
      });
      r.on('error', reject);
      r.write(head);
      let sent = 0;
      const timer = setInterval(() => {
        r.write(chunk);
        if (++sent === chunks) {
          clearInterval(timer);
          r.end(tail);
        }
      }, 250);
    });
    expect(Date.now() - started).toBeGreaterThan(2500);
    expect([a.status, a.body]).toEqual([200, ADDED]);
    expect(spfs.seen.at(-1)).toEqual({ url: '/api/v0/add', bytes: head.length + chunks * chunk.length + tail.length });
    const slow = await trickle(gw.url, `/private/rpc/${t}`, 10_000);
    expect(slow.text.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    expect(slow.text.endsWith(err(408, 'the request body arrived too slowly: less than 1024 bytes in request_timeout_seconds (1 s)'))).toBe(true);
    expect(slow.afterMs).toBeLessThan(2500);
  }, 20_000);

  it('headers that do not arrive within request_timeout_seconds are answered 408 within a second of it', async () => {
    const u = new URL(gw.url);
    const started = Date.now();
    const text = await new Promise<string>((resolve, reject) => {
      const s = connect(Number(u.port), u.hostname, () => s.write(`POST /private/rpc/x HTTP/1.1\r\nHost: ${u.host}\r\n`));
      const chunks: Buffer[] = [];
      s.on('data', (d: Buffer) => chunks.push(d));
      s.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
      s.on('error', reject);
    });
    expect(text.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('a dependency failure behind the storage client (502/503) is said without its details: the region, never the operator\'s paths', async () => {
    const g = await gateway({ spfsUpstream: broken.url });
    const t = token('free');
    const add = await send(g.url, 'POST', `/spfs/${t}/api/v0/add`, 'x', { 'Content-Type': 'multipart/form-data; boundary=x' });
    expect([add.status, add.body]).toEqual([502, kuboErr('the storage network of region EU is unavailable')]);
    const version = await send(g.url, 'POST', `/spfs/${t}/api/v0/version`);
    expect([version.status, version.body]).toEqual([503, kuboErr('the storage network of region EU is unavailable')]);
  });

  it('/usage/<token> and /metrics answer only GET and HEAD: 405 with Allow: GET, HEAD', async () => {
    const t = token('free');
    const cases: [string, string, string][] = [
      ['DELETE', `/usage/${t}`, err(405, 'only GET and HEAD are served on /usage/<token>')],
      ['POST', `/usage/${t}`, err(405, 'only GET and HEAD are served on /usage/<token>')],
      ['POST', '/metrics', err(405, 'only GET and HEAD are served on /metrics')],
      ['PUT', '/metrics', err(405, 'only GET and HEAD are served on /metrics')],
    ];
    for (const [method, path, body] of cases) {
      const a = await send(gw.url, method, path);
      expect([method, path, a.status, a.headers.allow, a.body]).toEqual([method, path, 405, 'GET, HEAD', body]);
    }
    for (const path of [`/usage/${t}`, '/metrics', '/regions/EU']) {
      const got = await send(gw.url, 'GET', path);
      expect(got.status).toBe(200);
      // HEAD: the same status and headers, no body (RFC 9110 §9.3.2)
      const head = await send(gw.url, 'HEAD', path);
      expect([path, head.status, head.headers['content-type'], head.body]).toEqual([path, 200, got.headers['content-type'], '']);
    }
  });

  it('a refusal of an admitted request counts what was received and what was sent back', async () => {
    const t = token('free');
    const body = CALL('owner_requestSend');
    const refused = await send(gw.url, 'POST', `/private/rpc/${t}`, body);
    expect(refused.status).toBe(403);
    expect(await traffic(gw, t)).toBe(body.length + Buffer.byteLength(refused.body));
    const notServed = await send(gw.url, 'POST', `/spfs/${t}/api/v0/repo/stat`);
    expect([notServed.status, notServed.body]).toEqual([404, kuboErr('command "repo/stat" is not served through the gateway', 1)]);
    expect(await traffic(gw, t)).toBe(body.length + Buffer.byteLength(refused.body) + Buffer.byteLength(notServed.body));
    // chunked over the limit: the bytes read up to the refusal, and the 413
    const t2 = token('free');
    const over = await new Promise<Answer>((resolve, reject) => {
      const r = request(`${gw.url}/private/rpc/${t2}`, { method: 'POST', headers: { 'Transfer-Encoding': 'chunked' } }, (res) => {
        let b = '';
        res.on('data', (d) => (b += d));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: b }));
      });
      r.on('error', reject);
      r.write('x'.repeat(3000));
      setTimeout(() => r.end('x'.repeat(3000)), 100);
    });
    expect([over.status, over.body]).toEqual([413, err(413, "request body over this tier's limit of 4096 bytes")]);
    const used = await traffic(gw, t2);
    expect(used).toBeGreaterThan(4096 + over.body.length);
    expect(used).toBeLessThanOrEqual(6000 + over.body.length);
  });

  it('cat/<cid> (go-ipfs-cmds\' path argument) is forwarded as cat?arg=<cid>; several args pass as sent', async () => {
    const t = token('free');
    const a = await send(gw.url, 'POST', `/spfs/${t}/api/v0/cat/${CID}?offset=1`);
    expect([a.status, JSON.parse(a.body)]).toEqual([200, { url: `/api/v0/cat?arg=${CID}&offset=1`, bytes: 0 }]);
    const two = await send(gw.url, 'POST', `/spfs/${t}/api/v0/cat?arg=${CID}&arg=${CID}`);
    expect(JSON.parse(two.body)).toEqual({ url: `/api/v0/cat?arg=${CID}&arg=${CID}`, bytes: 0 });
    const text = await raw(gw.url, `POST /spfs/${t}/api/v0/repo/stat/x HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
    expect(text.endsWith(kuboErr('command "repo/stat/x" is not served through the gateway', 1))).toBe(true);
  });
});
