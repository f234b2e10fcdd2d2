/**
 * The gateway in process (startGateway) in front of fake upstreams on 127.0.0.1: a JSON-RPC server
 * recording what it is asked, and a Kubo-like API. Every refusal of docs/gateway.md with its status
 * and body, and that nothing refused reaches an upstream.
 */
import { Agent, createServer, request, type Server } from 'node:http';
import { connect } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayConfig, Tier } from '../../src/gateway/config.ts';
import { startGateway, type RunningGateway } from '../../src/gateway/server.ts';
import { TokenStore } from '../../src/gateway/tokens.ts';
import { raw, send, type Answer } from './http.ts';
import { postExpectingContinue } from '../helpers/expect-continue.ts';

const OWNER = 'st144ykkar9fhl8khs7lwz0s7py9vj4w9adp37kt9';
const OTHER = 'st1rfjz7r3u8t65teavh5utquj3kwvsj983l3hnfd';
const TIERS: Tier[] = [
  { name: 'free', ratePerSecond: 1000, burst: 1000, concurrency: 8, trafficBytes: 10 * 1024 ** 2, windowSeconds: 3600, maxUploadBytes: 4096 },
  { name: 'tiny', ratePerSecond: 0.5, burst: 2, concurrency: 1, trafficBytes: 10 * 1024 ** 2, windowSeconds: 3600, maxUploadBytes: 4096 },
  { name: 'single', ratePerSecond: 1000, burst: 1000, concurrency: 1, trafficBytes: 10 * 1024 ** 2, windowSeconds: 3600, maxUploadBytes: 4096 },
  { name: 'frozen', ratePerSecond: 0.001, burst: 1, concurrency: 1, trafficBytes: 10 * 1024 ** 2, windowSeconds: 3600, maxUploadBytes: 4096 },
];

interface Fake {
  server: Server;
  url: string;
  seen: { url: string; body: string }[];
}
async function fake(answer: (url: string, body: string) => string | Promise<string>): Promise<Fake> {
  const seen: Fake['seen'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => chunks.push(d));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ url: req.url ?? '', body });
      const out = await answer(req.url ?? '', body);
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(out) }).end(out);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, seen };
}

const rpcAnswer = async (_url: string, body: string): Promise<string> => {
  if (body.includes('user_slow')) await new Promise((r) => setTimeout(r, 700));
  const one = (m: { id: unknown; method: string }) => ({ jsonrpc: '2.0', id: m.id, result: { method: m.method } });
  const parsed = JSON.parse(body) as { id: unknown; method: string } | { id: unknown; method: string }[];
  return JSON.stringify(Array.isArray(parsed) ? parsed.map(one) : one(parsed));
};
const BIG = 'x'.repeat(4 * 1024 * 1024);
const spfsAnswer = (url: string): string =>
  url.startsWith('/api/v0/cat?arg=big') ? BIG : url.startsWith('/api/v0/add') ? JSON.stringify({ Name: 'f', Hash: 'QmWATWQ7fVPP2EFGu71UkfnqhYXDYH566qy47CnJDgvs8u', Size: '12' }) + '\n' : JSON.stringify({ url });

const CALL = (method: string, params: unknown = {}) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [params] });
let dir: string;
let store: TokenStore;
let otherStore: TokenStore;
let rpcA: Fake;
let rpcB: Fake;
let spfs: Fake;
let gw: RunningGateway;
let config: GatewayConfig;
const tokens: Record<string, string> = {};
const logs: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gw-server-'));
  store = new TokenStore(join(dir, 'gateway.sqlite'));
  otherStore = new TokenStore(join(dir, 'other.sqlite'));
  [rpcA, rpcB, spfs] = await Promise.all([fake(rpcAnswer), fake(rpcAnswer), fake(spfsAnswer)]);
  tokens.free = store.create('free', '', '', 1).token;
  tokens.private = store.create('free', OWNER, '', 1).token;
  tokens.tiny = store.create('tiny', '', '', 1).token;
  tokens.frozen = store.create('frozen', '', '', 1).token;
  tokens.abort = store.create('free', '', '', 1).token;
  tokens.single = store.create('single', '', '', 1).token;
  const revoked = store.create('free', '', '', 1);
  store.revoke(revoked.row.id, 2);
  tokens.revoked = revoked.token;
  tokens.otherRegion = otherStore.create('free', '', '', 1).token;
  config = {
    listen: '127.0.0.1:0', region: 'EU', rpcUpstreams: [{ url: rpcA.url, weight: 1 }, { url: rpcB.url, weight: 1 }], spfsUpstream: spfs.url,
    regions: [{ region: 'EU', domain: 'https://eu.gateway.example', weight: 60 }, { region: 'EU', domain: 'https://eu2.gateway.example', weight: 40 }, { region: 'ASIA', domain: 'https://asia.gateway.example', weight: 100 }],
    tiers: TIERS, upstreamRetrySeconds: 30, requestTimeoutSeconds: 2, upstreamTimeoutSeconds: 1,
  };
  gw = await startGateway(config, store, (l) => logs.push(l));
});
afterAll(async () => {
  await gw?.close();
  for (const f of [rpcA, rpcB, spfs]) f?.server.close();
  store?.close();
  otherStore?.close();
  rmSync(dir, { recursive: true, force: true });
});

const upstreamCalls = () => rpcA.seen.length + rpcB.seen.length;
const err = (status: number, error: string) => JSON.stringify({ error, status }) + '\n';
/** Kubo's error body; `Code` the go-ipfs-cmds error type: 1 client, 3 rate-limited, 4 forbidden, 0 normal */
const kuboErr = (message: string, Code = 1) => JSON.stringify({ Message: message, Code, Type: 'error' }) + '\n';

/** A POST with `Expect: 100-continue` to the gateway (test/helpers/expect-continue.ts). */
const sendExpecting = (path: string, body: Buffer, headers: Record<string, string> = {}, agent?: Agent) => postExpectingContinue(`${gw.url}${path}`, body, headers, agent);

describe('the gateway in process', () => {
  it('forwards a user_ call and a batch unchanged, with the RateLimit headers', async () => {
    const before = upstreamCalls();
    const body = CALL('user_requestGetOzone', { walletaddr: OTHER });
    const a = await send(gw.url, 'POST', `/private/rpc/${tokens.free}`, body);
    expect(a.status).toBe(200);
    expect(JSON.parse(a.body)).toEqual({ jsonrpc: '2.0', id: 1, result: { method: 'user_requestGetOzone' } });
    expect(a.headers['ratelimit-limit']).toBe('1000');
    expect(upstreamCalls()).toBe(before + 1);
    expect([...rpcA.seen, ...rpcB.seen].at(-1)!.body).toBe(body);
    const batch = `[${CALL('rpc_modules')},${CALL('user_requestGetOzone')}]`;
    expect(JSON.parse((await send(gw.url, 'POST', `/private/rpc/${tokens.free}`, batch)).body)).toHaveLength(2);
  });

  it('CORS: a preflight is answered without a token check or limit; answers allow any origin and expose the limit headers', async () => {
    const before = upstreamCalls();
    const pre = await send(gw.url, 'OPTIONS', `/spfs/${tokens.frozen}/api/v0/add`, undefined, { Origin: 'https://webui.ipfs.io', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' });
    expect([pre.status, pre.body]).toEqual([204, '']);
    expect(pre.headers['access-control-allow-origin']).toBe('*');
    expect(pre.headers['access-control-allow-methods']).toBe('POST, GET, OPTIONS');
    expect(pre.headers['access-control-allow-headers']).toBe('content-type');
    const a = await send(gw.url, 'POST', `/private/rpc/${tokens.free}`, CALL('rpc_modules'), { Origin: 'https://webui.ipfs.io' });
    expect(a.status).toBe(200);
    expect(a.headers['access-control-allow-origin']).toBe('*');
    expect(a.headers['access-control-expose-headers']).toContain('RateLimit-Remaining');
    expect(upstreamCalls()).toBe(before + 1);
    // a refusal carries them too, so the page can read its status
    const refused = await send(gw.url, 'POST', '/private/rpc/nope', CALL('rpc_modules'), { Origin: 'https://webui.ipfs.io' });
    expect([refused.status, refused.headers['access-control-allow-origin']]).toEqual([401, '*']);
  });

  it('GET /regions/{code}: the configured entries; an unknown code 404', async () => {
    const eu = await send(gw.url, 'GET', '/regions/EU');
    expect(eu.status).toBe(200);
    expect(JSON.parse(eu.body)).toEqual([{ region: 'EU', domain: 'https://eu.gateway.example', weight: 60 }, { region: 'EU', domain: 'https://eu2.gateway.example', weight: 40 }]);
    expect(JSON.parse((await send(gw.url, 'GET', '/regions/USWEST')).body)).toEqual([]);
    const bad = await send(gw.url, 'GET', '/regions/MARS');
    expect([bad.status, bad.body]).toEqual([404, err(404, 'unknown region code "MARS": expected one of EU, USEAST, USWEST, ASIA')]);
    expect((await send(gw.url, 'POST', '/regions/EU', '{}')).status).toBe(405);
  });

  it('405 names the methods the route serves in Allow (RFC 9110 §15.5.6), on every route that sends it', async () => {
    const before = upstreamCalls();
    const cases: [string, string, string, string][] = [
      ['GET', `/spfs/${tokens.free}/api/v0/version`, 'POST', kuboErr('GET is not allowed: Kubo RPC commands are POST')],
      ['PUT', `/spfs/${tokens.free}/api/v0/add`, 'POST', kuboErr('PUT is not allowed: Kubo RPC commands are POST')],
      ['GET', `/private/rpc/${tokens.free}`, 'POST', err(405, 'only POST is served on /private/rpc/<token>')],
      ['POST', '/regions/EU', 'GET, HEAD', err(405, 'only GET and HEAD are served on /regions/{region_code}')],
    ];
    for (const [method, path, allow, body] of cases) {
      const a = await send(gw.url, method, path);
      expect([method, path, a.status, a.headers.allow, a.body]).toEqual([method, path, 405, allow, body]);
    }
    expect(upstreamCalls()).toBe(before);
    expect(spfs.seen).toHaveLength(0);
  });

  describe('adversarial: zero unauthorized successes', () => {
    it('401 for a missing, malformed, revoked or another region\'s token, and for a token outside the path', async () => {
      const before = upstreamCalls();
      const body = CALL('user_requestGetOzone');
      const missing = err(401, 'missing gateway access token: it goes in the path, /private/rpc/<token> or /spfs/<token>/api/v0/…');
      const cases: [string, Record<string, string>, string][] = [
        ['/private/rpc', {}, missing],
        ['/private/rpc/', {}, missing],
        [`/private/rpc?token=${encodeURIComponent(tokens.free!)}`, {}, missing],
        ['/private/rpc', { Authorization: `Bearer ${tokens.free}` }, missing],
        ['/private/rpc/', { 'X-Api-Key': tokens.free! }, missing],
        ['/private/rpc/not-a-token', {}, err(401, 'malformed gateway access token')],
        [`/private/rpc/${tokens.free!.slice(0, 27)}`, {}, err(401, 'malformed gateway access token')],
        ['/private/rpc/%E0%A4%A', {}, err(401, 'malformed gateway access token')],
        [`/private/rpc/${tokens.revoked}`, {}, err(401, 'revoked gateway access token')],
        [`/private/rpc/${tokens.otherRegion}`, {}, err(401, 'unknown gateway access token (tokens are issued per region)')],
      ];
      // every 401 carries a challenge (RFC 9110 §11.6.1); a token given but refused says invalid_token
      const challenge = (given: boolean) => `PathToken realm="gateway EU"${given ? ', error="invalid_token"' : ''}`;
      for (const [path, headers, expected] of cases) {
        const a = await send(gw.url, 'POST', path, body, headers);
        expect([path, a.status, a.body, a.headers['www-authenticate']]).toEqual([path, 401, expected, challenge(expected !== missing)]);
      }
      const spfsMissing = kuboErr('missing gateway access token: it goes in the path, /private/rpc/<token> or /spfs/<token>/api/v0/…', 4);
      const spfsCases: [string, Record<string, string>, string][] = [
        ['/spfs/api/v0/cat?arg=Qm', { Authorization: `Bearer ${tokens.free}` }, spfsMissing],
        // `api` is where the token goes, not a token
        [`/spfs/api/v0/version?token=${encodeURIComponent(tokens.free!)}`, {}, spfsMissing],
        [`/spfs/?token=${encodeURIComponent(tokens.free!)}`, {}, spfsMissing],
        [`/spfs/x/api/v0/version?token=${encodeURIComponent(tokens.free!)}`, {}, kuboErr('malformed gateway access token', 4)],
      ];
      for (const [path, headers, expected] of spfsCases) {
        const a = await send(gw.url, 'POST', path, undefined, headers);
        expect([path, a.status, a.body, a.headers['www-authenticate']]).toEqual([path, 401, expected, challenge(expected !== spfsMissing)]);
      }
      const usage = await send(gw.url, 'GET', `/usage/${tokens.revoked}`);
      expect([usage.status, usage.headers['www-authenticate']]).toEqual([401, challenge(true)]);
      expect(upstreamCalls()).toBe(before);
      expect(spfs.seen).toHaveLength(0);
    });

    it('400 for dot segments, encoded slashes and empty segments in the path (sent raw)', async () => {
      const t = tokens.free!;
      const paths = [
        `/private/rpc/${t}/..`, `/private/rpc/../rpc/${t}`, `/spfs/${t}/api/v0/../../../private/rpc/${t}`, `/spfs/${t}/api/v0/files%2Fls`,
        `/spfs/${t}/api/v0/files%2fls`, `/spfs/${t}%2F..%2F/api/v0/id`, `/private/rpc//${t}`, `/spfs/${t}/api/v0/./id`, `/spfs/${t}/api/v0/id%5C..`,
      ];
      for (const p of paths) {
        const text = await raw(gw.url, `POST ${p} HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`);
        expect([p, text.split('\r\n')[0]]).toEqual([p, 'HTTP/1.1 400 Bad Request']);
        expect(text).toContain('invalid path: encoded slashes, empty segments and dot segments are refused');
      }
      expect(spfs.seen).toHaveLength(0);
    });

    it('413 for a body over the tier\'s limit, declared or chunked; nothing forwarded', async () => {
      const before = upstreamCalls();
      const big = `[${Array.from({ length: 200 }, () => CALL('rpc_modules')).join(',')}]`;
      expect(big.length).toBeGreaterThan(4096);
      const declared = await send(gw.url, 'POST', `/private/rpc/${tokens.free}`, big);
      expect([declared.status, declared.body]).toEqual([413, err(413, `request body of ${big.length} bytes is over this tier's limit of 4096 bytes`)]);
      const chunked = await new Promise<Answer>((resolve, reject) => {
        const r = request(`${gw.url}/private/rpc/${tokens.free}`, { method: 'POST', headers: { 'Transfer-Encoding': 'chunked' } }, (res) => {
          let b = '';
          res.on('data', (d) => (b += d));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: b }));
        });
        r.on('error', reject);
        r.write(big.slice(0, 3000));
        r.end(big.slice(3000));
      });
      expect([chunked.status, chunked.body]).toEqual([413, err(413, "request body over this tier's limit of 4096 bytes")]);
      const up = await send(gw.url, 'POST', `/spfs/${tokens.free}/api/v0/add`, Buffer.alloc(5000), { 'Content-Type': 'multipart/form-data; boundary=x' });
      expect(up.status).toBe(413);
      expect(JSON.parse(up.body)).toEqual({ Message: "request body of 5000 bytes is over this tier's limit of 4096 bytes", Code: 1, Type: 'error' });
      expect(upstreamCalls()).toBe(before);
      expect(spfs.seen.filter((s) => s.url.startsWith('/api/v0/add'))).toHaveLength(0);
    });

    it('Expect: 100-continue: a refusal known before the body (413 by Content-Length, 401) comes instead of 100 Continue; a body within the limit is asked for and forwarded', async () => {
      const before = upstreamCalls();
      const adds = () => spfs.seen.filter((s) => s.url.startsWith('/api/v0/add')).length;
      const addsBefore = adds();
      const multipart = { 'Content-Type': 'multipart/form-data; boundary=x' };
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const add = await sendExpecting(`/spfs/${tokens.free}/api/v0/add`, Buffer.alloc(5000), multipart, agent);
        expect([add.continued, add.status, add.headers.connection, add.body]).toEqual([false, 413, 'close', kuboErr("request body of 5000 bytes is over this tier's limit of 4096 bytes")]);
        const rpc = await sendExpecting(`/private/rpc/${tokens.free}`, Buffer.alloc(5000, 0x20), { 'Content-Type': 'application/json' }, agent);
        expect([rpc.continued, rpc.status, rpc.headers.connection, rpc.body]).toEqual([false, 413, 'close', err(413, "request body of 5000 bytes is over this tier's limit of 4096 bytes")]);
        const unknown = await sendExpecting('/private/rpc/nope', Buffer.from(CALL('rpc_modules')), { 'Content-Type': 'application/json' }, agent);
        expect([unknown.continued, unknown.status, unknown.body]).toEqual([false, 401, err(401, 'malformed gateway access token')]);
        expect([upstreamCalls(), adds()]).toEqual([before, addsBefore]);
        // the refused requests' connections were closed: the next ones are served, and keep theirs
        const small = Buffer.alloc(2000, 0x61);
        const ok = await sendExpecting(`/spfs/${tokens.free}/api/v0/add`, small, multipart, agent);
        expect([ok.continued, ok.status, ok.reusedSocket]).toEqual([true, 200, false]);
        expect(JSON.parse(ok.body)).toEqual({ Name: 'f', Hash: 'QmWATWQ7fVPP2EFGu71UkfnqhYXDYH566qy47CnJDgvs8u', Size: '12' });
        expect(spfs.seen.at(-1)!.body).toBe(small.toString('utf8'));
        const call = await sendExpecting(`/private/rpc/${tokens.free}`, Buffer.from(CALL('rpc_modules')), { 'Content-Type': 'application/json' }, agent);
        expect([call.continued, call.status, call.reusedSocket, JSON.parse(call.body)]).toEqual([true, 200, true, { jsonrpc: '2.0', id: 1, result: { method: 'rpc_modules' } }]);
      } finally {
        agent.destroy();
      }
      // on the wire: the 413 alone, then the gateway closes the connection (the body it did not ask for is never read)
      const text = await raw(gw.url, `POST /spfs/${tokens.free}/api/v0/add HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${7 * 1024 * 1024}\r\nExpect: 100-continue\r\n\r\n`);
      expect(text.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
      expect(text).toContain('\r\nConnection: close\r\n');
      expect(text).not.toContain('100 Continue');
      expect(text.endsWith(kuboErr(`request body of ${7 * 1024 * 1024} bytes is over this tier's limit of 4096 bytes`))).toBe(true);
    }, 15_000);

    it('403 for a batch that smuggles an owner_ method or two spellings of a key; nothing forwarded', async () => {
      const before = upstreamCalls();
      const smuggle = await send(gw.url, 'POST', `/private/rpc/${tokens.free}`, `[${CALL('user_requestGetOzone')},${CALL('owner_requestSend', { to: OTHER, amount: '1stos' })}]`);
      expect([smuggle.status, smuggle.body]).toEqual([403, err(403, 'method "owner_requestSend" is not available through the gateway: only the user_ namespace is')]);
      // admitted (it took from the bucket): its RateLimit headers say so, as a success's would
      expect([smuggle.headers['ratelimit-limit'], smuggle.headers['ratelimit-policy']]).toEqual(['1000', expect.stringMatching(/^1000;w=/)]);
      expect(Number(smuggle.headers['ratelimit-remaining'])).toBeGreaterThanOrEqual(0);
      const twice = await send(gw.url, 'POST', `/private/rpc/${tokens.free}`, '{"jsonrpc":"2.0","id":1,"method":"user_x","Method":"owner_requestSend"}');
      expect([twice.status, twice.body]).toEqual([400, err(400, 'a request holds method and Method: one spelling only')]);
      expect(upstreamCalls()).toBe(before);
    });

    it('403 for a private token naming another wallet; its own passes', async () => {
      const before = upstreamCalls();
      const other = await send(gw.url, 'POST', `/private/rpc/${tokens.private}`, CALL('user_requestGetOzone', { walletaddr: OTHER }));
      expect([other.status, other.body]).toEqual([403, err(403, `this private token reaches only the files of ${OWNER}; user_requestGetOzone names ${OTHER}`)]);
      expect(upstreamCalls()).toBe(before);
      expect((await send(gw.url, 'POST', `/private/rpc/${tokens.private}`, CALL('user_requestGetOzone', { walletaddr: OWNER }))).status).toBe(200);
      const cat = await send(gw.url, 'POST', `/spfs/${tokens.private}/api/v0/cat?arg=QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o`);
      expect(cat.status).toBe(403);
      // what the owner adds through the gateway becomes theirs
      const add = await send(gw.url, 'POST', `/spfs/${tokens.private}/api/v0/add`, 'hello', { 'Content-Type': 'multipart/form-data; boundary=x' });
      expect(add.status).toBe(200);
      expect((await send(gw.url, 'POST', `/spfs/${tokens.private}/api/v0/cat?arg=QmWATWQ7fVPP2EFGu71UkfnqhYXDYH566qy47CnJDgvs8u`)).status).toBe(200);
      // MFS is rooted per token
      const ls = await send(gw.url, 'POST', `/spfs/${tokens.private}/api/v0/files/ls?arg=/docs`);
      expect(JSON.parse(ls.body)).toEqual({ url: `/api/v0/files/ls?arg=${encodeURIComponent(`/owners/${OWNER}/docs`)}` });
    });

    it('429 over the rate with Retry-After and RateLimit headers; the refusal is counted', async () => {
      const answers: Answer[] = [];
      for (let i = 0; i < 3; i++) answers.push(await send(gw.url, 'POST', `/private/rpc/${tokens.tiny}`, CALL('rpc_modules')));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
      const over = answers[2]!;
      expect(over.body).toBe(err(429, 'over the request rate limit of tier tiny'));
      expect(over.headers['retry-after']).toBe('2');
      expect(over.headers['ratelimit-limit']).toBe('2');
      expect(over.headers['ratelimit-remaining']).toBe('0');
      expect(over.headers['ratelimit-policy']).toBe('2;w=4;burst=2;policy="tiny"');
      expect(Number(over.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(3);
      // on /spfs in Kubo's shape, as go-ipfs-cmds' rate-limited error (type 3)
      const spfs = await send(gw.url, 'POST', `/spfs/${tokens.tiny}/api/v0/version`);
      expect([spfs.status, spfs.body]).toEqual([429, kuboErr('over the request rate limit of tier tiny', 3)]);
    });

    it('429 over the requests in flight, until the first one ends', async () => {
      const first = send(gw.url, 'POST', `/private/rpc/${tokens.single}`, CALL('user_slow'));
      await new Promise((r) => setTimeout(r, 200));
      const second = await send(gw.url, 'POST', `/private/rpc/${tokens.single}`, CALL('rpc_modules'));
      expect([second.status, second.body, second.headers['retry-after']]).toEqual([429, err(429, 'over the requests in flight limit of tier single'), '1']);
      expect((await first).status).toBe(200);
      expect((await send(gw.url, 'POST', `/private/rpc/${tokens.single}`, CALL('rpc_modules'))).status).toBe(200);
    });

    it('a slow client (headers sent, body trickled) is cut off after request_timeout_seconds; others are served meanwhile', async () => {
      const started = Date.now();
      const u = new URL(gw.url);
      const slow = connect(Number(u.port), u.hostname);
      const received: Buffer[] = [];
      slow.on('data', (d: Buffer) => received.push(d));
      const closed = new Promise<number>((r) => slow.on('close', () => r(Date.now() - started)));
      slow.write(`POST /private/rpc/${tokens.free} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`);
      const trickle = setInterval(() => slow.writable && slow.write(' '), 200);
      try {
        await new Promise((r) => setTimeout(r, 300));
        const other = await send(gw.url, 'POST', `/private/rpc/${tokens.free}`, CALL('rpc_modules'));
        expect(other.status).toBe(200);
        const after = await closed;
        expect(after).toBeGreaterThanOrEqual(1900);
        expect(after).toBeLessThan(5000);
        const text = Buffer.concat(received).toString('utf8');
        expect(text.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
        expect(text).toContain(err(408, 'the request body arrived too slowly: less than 1024 bytes in request_timeout_seconds (2 s)'));
        expect((await send(gw.url, 'GET', '/metrics')).body).toContain('gateway_rejections_total{reason="408",tier="free"} 1');
      } finally {
        clearInterval(trickle);
        slow.destroy();
      }
    }, 15_000);
  });

  it('one keep-alive connection carries many requests, answered or refused, without a listener left per request', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
    process.on('warning', onWarning);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let i = 0; i < 15; i++) {
        // refused before its body is read (the body is drained, the connection kept), then served
        const refused = await send(gw.url, 'POST', '/private/rpc/nope', CALL('rpc_modules'), {}, agent);
        expect(refused.status).toBe(401);
        expect((await send(gw.url, 'POST', `/private/rpc/${tokens.free}`, CALL('rpc_modules'), {}, agent)).status).toBe(200);
        expect((await send(gw.url, 'GET', '/metrics', undefined, {}, agent)).status).toBe(200);
      }
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      process.off('warning', onWarning);
      agent.destroy();
    }
    expect(warnings).toEqual([]);
  });

  it('an SPFS download the client aborts is counted up to where it stopped', async () => {
    const received = await new Promise<number>((resolve, reject) => {
      const r = request(`${gw.url}/spfs/${tokens.abort}/api/v0/cat?arg=big`, { method: 'POST' }, (res) => {
        let n = 0;
        res.on('data', (d: Buffer) => {
          n += d.length;
          if (n >= 64 * 1024) {
            r.destroy();
            resolve(n);
          }
        });
      });
      r.on('error', () => undefined);
      r.end();
      setTimeout(() => reject(new Error('no data')), 5000);
    });
    expect(received).toBeGreaterThanOrEqual(64 * 1024);
    let used = 0;
    for (let i = 0; i < 50 && used === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      used = JSON.parse((await send(gw.url, 'GET', `/usage/${tokens.abort}`)).body).traffic_bytes as number;
    }
    expect(used).toBeGreaterThanOrEqual(received);
    expect(used).toBeLessThanOrEqual(BIG.length);
  });

  it('fails over to the other resource node when one does not answer', async () => {
    const dead = createServer();
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
    const deadUrl = `http://127.0.0.1:${(dead.address() as { port: number }).port}`;
    await new Promise<void>((r) => dead.close(() => r()));
    const g = await startGateway({ ...config, rpcUpstreams: [{ url: deadUrl, weight: 5 }, { url: rpcB.url, weight: 1 }] }, store, (l) => logs.push(l));
    try {
      const before = rpcB.seen.length;
      for (let i = 0; i < 4; i++) expect((await send(g.url, 'POST', `/private/rpc/${tokens.free}`, CALL('rpc_modules'))).status).toBe(200);
      expect(rpcB.seen.length).toBe(before + 4);
      expect(logs.some((l) => l.includes(`upstream ${deadUrl}`))).toBe(true);
    } finally {
      await g.close();
    }
  });

  it('/usage/<token> and /metrics: requests, bytes and rejections per tier and reason; counters survive a restart', async () => {
    const usage = JSON.parse((await send(gw.url, 'GET', `/usage/${tokens.free}`)).body);
    expect(usage).toMatchObject({ tier: 'free', owner: '', window_seconds: 3600, traffic_quota: 10 * 1024 ** 2, rate_per_second: 1000, burst: 1000, concurrency: 8, max_upload_bytes: 4096 });
    expect(usage.traffic_bytes).toBeGreaterThan(0);
    const metrics = (await send(gw.url, 'GET', '/metrics')).body;
    expect(metrics).toContain('# TYPE gateway_requests_total counter');
    expect(metrics).toMatch(/gateway_requests_total\{route="rpc",status="200",tier="free"\} \d+/);
    expect(metrics).toMatch(/gateway_bytes_total\{direction="in",tier="free"\} \d+/);
    expect(metrics).toMatch(/gateway_bytes_total\{direction="out",tier="free"\} \d+/);
    // the /private/rpc refusal and the /spfs one of the rate test
    expect(metrics).toContain('gateway_rejections_total{reason="rate",tier="tiny"} 2');
    expect(metrics).toMatch(/gateway_rejections_total\{reason="401",tier=""\} \d+/);
    expect(metrics).toMatch(/gateway_rejections_total\{reason="403",tier="free"\} \d+/);
    expect(metrics).toMatch(/gateway_rejections_total\{reason="413",tier="free"\} \d+/);
    expect((await send(gw.url, 'POST', `/private/rpc/${tokens.frozen}`, CALL('rpc_modules'))).status).toBe(200);
    await gw.close();
    gw = await startGateway(config, store, (l) => logs.push(l));
    const again = JSON.parse((await send(gw.url, 'GET', `/usage/${tokens.free}`)).body);
    expect(again.traffic_bytes).toBe(usage.traffic_bytes);
    // the frozen token's bucket (1 request, refilled in 1000 s) is still empty after the restart
    expect((await send(gw.url, 'POST', `/private/rpc/${tokens.frozen}`, CALL('rpc_modules'))).status).toBe(429);
    expect(await send(gw.url, 'GET', '/metrics').then((a) => a.body)).toMatch(/gateway_rejections_total\{reason="rate",tier="frozen"\} 1/);
  });

  it('SPFS forwards swarm/peers and object/stat (ipfs.sh) and block/stat as sent, block/get and dag/get with offline=true; repo/stat is not forwarded; a private token stats only its own CIDs', async () => {
    const cid = 'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o';
    const cases: [string, string][] = [
      ['swarm/peers', '/api/v0/swarm/peers'],
      ['swarm/peers?verbose=true&latency=true', '/api/v0/swarm/peers?verbose=true&latency=true'],
      [`object/stat?arg=${cid}`, `/api/v0/object/stat?arg=${cid}`],
      [`object/stat?arg=${encodeURIComponent(`/ipfs/${cid}`)}&human=true`, `/api/v0/object/stat?arg=${encodeURIComponent(`/ipfs/${cid}`)}&human=true`],
      [`block/stat?arg=${cid}`, `/api/v0/block/stat?arg=${cid}`],
      [`block/get?arg=${cid}`, `/api/v0/block/get?arg=${cid}&offline=true`],
      [`dag/get?arg=${cid}&offline=false`, `/api/v0/dag/get?arg=${cid}&offline=true`],
    ];
    for (const [path, forwarded] of cases) {
      const a = await send(gw.url, 'POST', `/spfs/${tokens.free}/api/v0/${path}`);
      expect([path, a.status, JSON.parse(a.body), spfs.seen.at(-1)!.url]).toEqual([path, 200, { url: forwarded }, forwarded]);
      expect(a.headers['ratelimit-limit']).toBe('1000');
    }
    const seen = spfs.seen.length;
    const repo = await send(gw.url, 'POST', `/spfs/${tokens.free}/api/v0/repo/stat`);
    expect([repo.status, repo.body]).toEqual([404, kuboErr('command "repo/stat" is not served through the gateway')]);
    const other = await send(gw.url, 'POST', `/spfs/${tokens.private}/api/v0/object/stat?arg=${cid}`);
    expect([other.status, other.body]).toEqual([403, kuboErr(`this private token reaches only the content of ${OWNER}: ${cid} is not theirs`, 4)]);
    expect(spfs.seen.length).toBe(seen);
    expect((await send(gw.url, 'POST', `/spfs/${tokens.private}/api/v0/swarm/peers`)).status).toBe(200);
  });
});
