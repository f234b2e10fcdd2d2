/**
 * An error after a download began (reference §3.5: Kubo's `X-Stream-Error` trailer) reaches the
 * client through the gateway: the gateway in process in front of a Kubo-like upstream that sends
 * part of a `cat`, then the trailer, as the storage client does when an SDS file is gone midway.
 */
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../../src/gateway/server.ts';
import { TokenStore } from '../../src/gateway/tokens.ts';

const PART = Buffer.alloc(100_000, 7);
const ERROR = 'SDS: user_requestDownload answered return "-6": file v05… not found';

let dir: string;
let store: TokenStore;
let upstream: Server;
let gw: RunningGateway;
let token: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gw-trailer-'));
  store = new TokenStore(join(dir, 'gateway.sqlite'));
  token = store.create('free', '', '', 1).token;
  upstream = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'Content-Type': 'text/plain', 'X-Stream-Output': '1', 'X-Content-Length': String(2 * PART.length), Trailer: 'X-Stream-Error' });
    res.write(PART);
    // the text's UTF-8 bytes as they are, as Go writes a header (Node holds header bytes as latin1)
    if (req.url?.includes('arg=broken')) res.addTrailers({ 'X-Stream-Error': Buffer.from(ERROR).toString('latin1') });
    else res.write(PART);
    res.end();
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  gw = await startGateway(
    {
      listen: '127.0.0.1:0', region: 'EU', rpcUpstreams: [{ url: 'http://127.0.0.1:1', weight: 1 }], spfsUpstream: `http://127.0.0.1:${(upstream.address() as { port: number }).port}`,
      regions: [{ region: 'EU', domain: 'https://eu.gateway.example', weight: 100 }],
      tiers: [{ name: 'free', ratePerSecond: 1000, burst: 1000, concurrency: 8, trafficBytes: 10 * 1024 ** 2, windowSeconds: 3600, maxUploadBytes: 4096 }],
      upstreamRetrySeconds: 30, requestTimeoutSeconds: 2, upstreamTimeoutSeconds: 2,
    },
    store,
    () => undefined,
  );
});
afterAll(async () => {
  await gw?.close();
  upstream?.close();
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

function cat(arg: string): Promise<{ status: number; headers: IncomingHttpHeaders; bytes: number; trailers: NodeJS.Dict<string> }> {
  return new Promise((resolve, reject) => {
    const r = request(`${gw.url}/spfs/${token}/api/v0/cat?arg=${arg}`, { method: 'POST' }, (res) => {
      let bytes = 0;
      res.on('data', (d: Buffer) => (bytes += d.length));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes, trailers: res.trailers }));
      res.on('error', reject);
    });
    r.on('error', reject);
    r.end();
  });
}

describe('the gateway passes the storage client’s stream trailer on', () => {
  it('a cat that fails midway: 200, the bytes sent before the error, and X-Stream-Error in the trailer', async () => {
    const a = await cat('broken');
    expect([a.status, a.bytes, a.headers['x-content-length'], a.headers.trailer]).toEqual([200, PART.length, String(2 * PART.length), 'X-Stream-Error']);
    expect(Object.keys(a.trailers)).toEqual(['x-stream-error']);
    expect(Buffer.from(a.trailers['x-stream-error']!, 'latin1').toString('utf8')).toBe(ERROR);
  });

  it('a whole cat ends without a trailer', async () => {
    const a = await cat('whole');
    expect([a.status, a.bytes, a.trailers]).toEqual([200, 2 * PART.length, {}]);
  });
});
