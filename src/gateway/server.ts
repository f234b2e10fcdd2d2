/**
 * A regional gateway (`gateway start`, spec §1 items 1–2, §4.1; docs/gateway.md): the
 * authorization layer in front of the region's resource nodes (`POST /private/rpc/<token>`) and
 * the storage client API (`/spfs/<token>/api/v0/<cmd>`), with `GET /regions/{code}`, per-token
 * usage (`GET /usage/<token>`) and Prometheus metrics (`GET /metrics`). Every request with a token
 * passes the tier's limits (limits.ts) and its bytes are counted both ways.
 */
import { Agent, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { listen, parseListenAddress, type RunningServer } from '../api/http.ts';
import { REGION_CODES, type GatewayConfig, type Tier } from './config.ts';
import { Limiter } from './limits.ts';
import { GatewayMetrics } from './metrics.ts';
import { servePath } from './path-gateway.ts';
import { affinityKey, checkRpcBody } from './rpc-policy.ts';
import { spfsPolicy } from './spfs-policy.ts';
import type { TokenRow, TokenStore } from './tokens.ts';
import { UpstreamSet } from './upstreams.ts';

export interface RunningGateway {
  readonly url: string;
  readonly limiter: Limiter;
  readonly metrics: GatewayMetrics;
  close(): Promise<void>;
}

/** The auth-scheme of the gateway's challenges: the access token goes in the request's path. */
export const TOKEN_SCHEME = 'PathToken';

class GatewayError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * The go-ipfs-cmds error type of a refusal on `/spfs` (its `Code`): 3 rate-limited (429), 4
 * forbidden (401, 403: no access for this token), 1 a client error (other 4xx), 0 a normal error
 * (5xx: what failed behind the gateway).
 */
export function kuboErrorType(status: number): number {
  if (status === 429) return 3;
  if (status === 401 || status === 403) return 4;
  return status >= 400 && status < 500 ? 1 : 0;
}

/** Sends the refusal; returns the bytes of its body (0 when the answer had started: the connection is closed instead). */
function sendError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}, kubo = false): number {
  if (res.headersSent) {
    res.destroy();
    return 0;
  }
  const body = JSON.stringify(kubo ? { Message: message, Code: kuboErrorType(status), Type: 'error' } : { error: message, status }) + '\n';
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }).end(body);
  return Buffer.byteLength(body);
}

/** The client closed its connection before its answer was sent whole: a normal event, logged in one line. */
class ClientGone extends Error {
  constructor() {
    super('the client closed the connection');
  }
}

class UpstreamTimeout extends Error {
  constructor() {
    super('upstream timeout');
  }
}

/** A request body must bring at least this many bytes in every `request_timeout_seconds` until it ends (the slow-client guard). */
export const MIN_BODY_PROGRESS_BYTES = 1024;
const MiB = 1024 * 1024;

const RPC_BODY_LIMIT = 5 * 1024 * 1024;

/**
 * CORS: the token in the path is the credential, so any page may call the gateway (the IPFS WebUI
 * uses `/spfs/<token>` as its API address); preflights are answered without a token check or limit.
 */
const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy, Retry-After, X-Stream-Output, X-Chunked-Output, X-Content-Length, WWW-Authenticate',
};
const REQID_TTL_MS = 10 * 60_000;

export async function startGateway(c: GatewayConfig, store: TokenStore, log: (line: string) => void): Promise<RunningGateway> {
  const limiter = new Limiter(store);
  const metrics = new GatewayMetrics();
  const upstreams = new UpstreamSet(c.rpcUpstreams, c.upstreamRetrySeconds);
  const tiers = new Map(c.tiers.map((t) => [t.name, t]));
  /** which node a download session (reqid) lives on */
  const sessions = new Map<string, { url: string; at: number }>();
  /**
   * Requests with `Expect: 100-continue` whose `100 Continue` is not sent yet: it is sent when the
   * body is about to be read, so a refusal before that (401, 405, 413 by Content-Length, 429 …) goes
   * instead of it and the client does not send the body (Node then closes the connection).
   */
  const awaitingContinue = new WeakSet<ServerResponse>();
  function wantBody(res: ServerResponse): void {
    if (awaitingContinue.delete(res)) res.writeContinue();
  }

  /**
   * A refused token: 401 with the challenge RFC 9110 §11.6.1 asks of every 401. The token is not an
   * HTTP credential but a path segment, so the scheme names where it goes; a token given but refused
   * adds `error="invalid_token"` as RFC 6750 §3 does for bearer tokens (docs/gateway.md "Errors").
   */
  const unauthorized = (message: string, given: boolean): GatewayError =>
    new GatewayError(401, message, { 'WWW-Authenticate': `${TOKEN_SCHEME} realm="gateway ${c.region}"${given ? ', error="invalid_token"' : ''}` });

  function authenticate(segment: string | undefined): { token: TokenRow; tier: Tier } {
    if (segment === undefined || segment === '') throw unauthorized('missing gateway access token: it goes in the path, /private/rpc/<token> or /spfs/<token>/api/v0/…', false);
    let token: string;
    try {
      token = decodeURIComponent(segment);
    } catch {
      throw unauthorized('malformed gateway access token', true);
    }
    const row = store.lookup(token);
    if (!row) throw unauthorized(/^[A-Za-z0-9+]{27}=$/.test(token) ? 'unknown gateway access token (tokens are issued per region)' : 'malformed gateway access token', true);
    if (row.revoked_at !== 0) throw unauthorized('revoked gateway access token', true);
    const tier = tiers.get(row.tier);
    if (!tier) throw new GatewayError(403, `the token's tier ${JSON.stringify(row.tier)} is not configured on this gateway`);
    return { token: row, tier };
  }

  /** Reads a body up to `limit` bytes (413 beyond, checked on Content-Length first, before any `100 Continue`). */
  async function readLimited(req: IncomingMessage, res: ServerResponse, limit: number, received: (bytes: number) => void): Promise<Buffer> {
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (Number.isFinite(declared) && declared > limit) throw new GatewayError(413, `request body of ${declared} bytes is over this tier's limit of ${limit} bytes`);
    wantBody(res);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      received((chunk as Buffer).length);
      if (size > limit) throw new GatewayError(413, `request body over this tier's limit of ${limit} bytes`);
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  }

  /** kept-alive connections to the resource nodes (a new connection per request cost 5× the throughput) */
  const rpcAgent = new Agent({ keepAlive: true, maxSockets: 256 });

  function post(url: string, body: Buffer, gone: AbortSignal, retried = false): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const r = request(url, { method: 'POST', agent: rpcAgent, signal: gone, headers: { 'Content-Type': 'application/json', 'Content-Length': body.length }, timeout: c.upstreamTimeoutSeconds * 1000 }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => resolve({ status: res.statusCode ?? 502, headers: { 'Content-Type': String(res.headers['content-type'] ?? 'application/json') }, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      r.on('timeout', () => r.destroy(new Error('upstream timeout')));
      r.on('error', (e: NodeJS.ErrnoException) => {
        // a kept-alive connection the node closed meanwhile: once more on a new one, not a failover
        if (r.reusedSocket && e.code === 'ECONNRESET' && !retried && !gone.aborted) post(url, body, gone, true).then(resolve, reject);
        else reject(e);
      });
      r.end(body);
    });
  }

  async function rpc(req: IncomingMessage, res: ServerResponse, token: TokenRow, tier: Tier, admitted: Record<string, string>, gone: AbortSignal): Promise<void> {
    if (req.method !== 'POST') throw new GatewayError(405, 'only POST is served on /private/rpc/<token>', { Allow: 'POST' });
    let received = 0;
    let body: Buffer;
    try {
      body = await readLimited(req, res, Math.min(tier.maxUploadBytes, RPC_BODY_LIMIT), (n) => (received += n));
    } finally {
      count(token, tier, received, 0);
    }
    const policy = checkRpcBody(body.toString('utf8'), token.owner);
    if (!policy.ok) throw new GatewayError(policy.status, policy.error);
    const { reqid, key } = affinityKey(policy.calls);
    let order = upstreams.order(key);
    const pinned = reqid ? sessions.get(reqid) : undefined;
    if (pinned) order = [...order.filter((u) => u.url === pinned.url), ...order.filter((u) => u.url !== pinned.url)];
    let lastError = '';
    for (const u of order) {
      let answer;
      try {
        answer = await post(`${u.url}/`, body, gone);
      } catch (e) {
        if (gone.aborted) throw new ClientGone();
        upstreams.markDown(u);
        lastError = `${u.url}: ${(e as Error).message}`;
        log(`upstream ${lastError}; trying the next`);
        continue;
      }
      upstreams.markUp(u);
      const text = answer.body.toString('utf8');
      for (const m of text.matchAll(/"reqid":"([0-9a-f-]{36})"/g)) sessions.set(m[1]!, { url: u.url, at: Date.now() });
      if (sessions.size > 10_000) for (const [k, v] of sessions) if (Date.now() - v.at > REQID_TTL_MS) sessions.delete(k);
      res.writeHead(answer.status, { ...admitted, 'Content-Type': answer.headers['Content-Type']!, 'Content-Length': answer.body.length });
      res.end(answer.body);
      count(token, tier, 0, answer.body.length);
      return;
    }
    throw new GatewayError(502, `no resource node of region ${c.region} answered (${lastError})`);
  }

  /**
   * A POST to the storage client API with the upstream time limit: nothing received or sent for
   * `upstream_timeout_seconds` is a timeout (for an add, the wait for the answer after the body grows
   * by 1 s a MiB: the storage client stores the file in SDS before it answers). A client that goes
   * away (`gone`) aborts it at once.
   */
  function spfsRequest(path: string, headers: Record<string, string>, gone: AbortSignal, onResponse: (ures: IncomingMessage) => void) {
    const timeoutMs = c.upstreamTimeoutSeconds * 1000;
    const up = request(`${c.spfsUpstream}${path}`, { method: 'POST', headers, timeout: timeoutMs, signal: gone }, onResponse);
    up.on('timeout', () => up.destroy(new UpstreamTimeout()));
    return up;
  }

  /** GET, or HEAD: the same answer without its body (Node leaves the body out of a HEAD answer). */
  const readsOnly = (req: IncomingMessage): boolean => req.method === 'GET' || req.method === 'HEAD';

  const spfsUnavailable = (e: Error): GatewayError =>
    new GatewayError(502, `the storage client API of region ${c.region} did not answer${e instanceof UpstreamTimeout ? ` within upstream_timeout_seconds (${c.upstreamTimeoutSeconds} s)` : `: ${e.message}`}`);

  async function spfs(req: IncomingMessage, res: ServerResponse, rest: string, search: string, token: TokenRow, tier: Tier, admitted: Record<string, string>, gone: AbortSignal): Promise<void> {
    const decision = spfsPolicy(req.method ?? '', rest, new URLSearchParams(search), token, store);
    if (!decision.ok) throw new GatewayError(decision.status, decision.error, decision.status === 405 ? { Allow: 'POST' } : {});
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (Number.isFinite(declared) && declared > tier.maxUploadBytes) throw new GatewayError(413, `request body of ${declared} bytes is over this tier's limit of ${tier.maxUploadBytes} bytes`);
    wantBody(res);
    for (const prep of decision.before) {
      await new Promise<void>((resolve, reject) => {
        const r = spfsRequest(prep, {}, gone, (x) => x.resume().on('end', () => resolve()).on('error', () => resolve()));
        r.on('error', () => (gone.aborted ? reject(new ClientGone()) : resolve()));
        r.end();
      });
    }
    // counted however the exchange ends (an aborted download or upload is counted up to where it stopped)
    let inBytes = 0;
    let outBytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        inBytes += chunk.length;
        if (inBytes > tier.maxUploadBytes) done(new GatewayError(413, `request body over this tier's limit of ${tier.maxUploadBytes} bytes`));
        else done(null, chunk);
      },
    });
    const headers: Record<string, string> = {};
    for (const h of ['content-type', 'content-length']) if (req.headers[h]) headers[h] = String(req.headers[h]);
    try {
      await new Promise<void>((resolve, reject) => {
        const up = spfsRequest(`/api/v0/${decision.command}?${decision.query}`, headers, gone, (ures) => {
          const status = ures.statusCode ?? 502;
          if (status === 502 || status === 503) {
            // a dependency behind the storage client failed (its resource node): said without its
            // details, which name the operator's machine (an IPC socket path)
            ures.resume();
            reject(new GatewayError(status, `the storage network of region ${c.region} is unavailable`));
            return;
          }
          const out: Buffer[] = [];
          // the storage client's headers, but the gateway's own CORS (its exposed RateLimit-* headers)
          const passed = Object.entries(ures.headers).filter(([k]) => k !== 'connection' && k !== 'keep-alive' && k !== 'transfer-encoding' && !k.startsWith('access-control-'));
          res.writeHead(status, { ...admitted, ...(Object.fromEntries(passed) as Record<string, string>) });
          ures.on('data', (d: Buffer) => {
            outBytes += d.length;
            if (decision.recordAdds) out.push(d);
          });
          // the response ends after the upstream's trailers: an error after the stream began
          // (Kubo's X-Stream-Error) reaches the client as the storage client sent it
          pipeline(ures, res, { end: false })
            .then(() => {
              if (Object.keys(ures.trailers).length > 0) res.addTrailers(ures.trailers);
              res.end();
              if (decision.recordAdds && token.owner !== '' && ures.statusCode === 200) {
                for (const line of Buffer.concat(out).toString('utf8').split('\n')) {
                  try {
                    const h = (JSON.parse(line) as { Hash?: string }).Hash;
                    if (h) store.addOwned(token.owner, h);
                  } catch {
                    // not a JSON line
                  }
                }
              }
              resolve();
            })
            .catch((e) => reject(gone.aborted ? new ClientGone() : e));
        });
        if (decision.command === 'add') up.once('finish', () => up.setTimeout(c.upstreamTimeoutSeconds * 1000 + Math.ceil(inBytes / MiB) * 1000));
        up.on('error', (e) => reject(gone.aborted ? new ClientGone() : spfsUnavailable(e)));
        pipeline(req, counter, up).catch((e) => {
          up.destroy();
          reject(gone.aborted ? new ClientGone() : e instanceof GatewayError ? e : new GatewayError(400, (e as Error).message));
        });
      });
    } finally {
      count(token, tier, inBytes, outBytes);
    }
  }

  /** Counts bytes for the token's limits and the metrics. */
  function count(token: TokenRow, tier: Tier, bytesIn: number, bytesOut: number): void {
    limiter.count(token, tier, bytesIn, bytesOut);
    if (bytesIn > 0) metrics.bytes.inc({ tier: tier.name, direction: 'in' }, bytesIn);
    if (bytesOut > 0) metrics.bytes.inc({ tier: tier.name, direction: 'out' }, bytesOut);
  }

  interface Exchange {
    route: string;
    tier: string;
    /** the token and tier once admitted: what is sent back on a refusal is counted to it, with the RateLimit headers of its admission */
    admitted?: { token: TokenRow; tier: Tier; headers: Record<string, string> };
    /** aborted when the client closes its connection before its answer is sent whole */
    gone: AbortSignal;
  }

  async function handle(req: IncomingMessage, res: ServerResponse, at: Exchange): Promise<void> {
    const raw = req.url ?? '/';
    const q = raw.indexOf('?');
    const path = q < 0 ? raw : raw.slice(0, q);
    const search = q < 0 ? '' : raw.slice(q + 1);
    if (/%2f|%5c/i.test(path) || path.split('/').some((s) => s === '..' || s === '.') || path.includes('//') || path.includes('\\')) {
      throw new GatewayError(400, 'invalid path: encoded slashes, empty segments and dot segments are refused');
    }
    const seg = path.split('/').slice(1);
    if (req.method === 'OPTIONS' && (seg[0] === 'spfs' || (seg[0] === 'private' && seg[1] === 'rpc') || seg[0] === 'regions' || seg[0] === 'usage' || seg[0] === 'ipfs')) {
      at.route = 'preflight';
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'POST, GET, OPTIONS',
        'Access-Control-Allow-Headers': String(req.headers['access-control-request-headers'] ?? 'Content-Type'),
        'Access-Control-Max-Age': '600',
      }).end();
      return;
    }
    if (seg[0] === 'ipfs') {
      // the public read path: no token (reference §5.1), read from the region's storage client
      at.route = 'ipfs';
      at.tier = 'public';
      const answer = await servePath({ url: c.spfsUpstream, timeoutMs: c.upstreamTimeoutSeconds * 1000 }, req, res, path, search, at.gone);
      if (answer.bytes > 0) metrics.bytes.inc({ tier: 'public', direction: 'out' }, answer.bytes);
      return;
    }
    if (seg[0] === 'regions' && seg.length === 2) {
      if (!readsOnly(req)) throw new GatewayError(405, 'only GET and HEAD are served on /regions/{region_code}', { Allow: 'GET, HEAD' });
      const code = seg[1]!;
      if (!(REGION_CODES as readonly string[]).includes(code)) throw new GatewayError(404, `unknown region code ${JSON.stringify(code)}: expected one of ${REGION_CODES.join(', ')}`);
      const body = JSON.stringify(c.regions.filter((r) => r.region === code).map((r) => ({ region: r.region, domain: r.domain, weight: r.weight })));
      at.route = 'regions';
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }).end(body);
      return;
    }
    if (seg[0] === 'metrics' && seg.length === 1) {
      at.route = 'metrics';
      if (!readsOnly(req)) throw new GatewayError(405, 'only GET and HEAD are served on /metrics', { Allow: 'GET, HEAD' });
      const body = metrics.text();
      res.writeHead(200, { 'Content-Type': 'text/plain; version=0.0.4', 'Content-Length': Buffer.byteLength(body) }).end(body);
      return;
    }
    const route = seg[0] === 'private' && seg[1] === 'rpc' ? 'rpc' : seg[0] === 'spfs' ? 'spfs' : seg[0] === 'usage' ? 'usage' : undefined;
    if (route) at.route = route;
    if (!route) throw new GatewayError(404, `no route ${path}: the gateway serves /private/rpc/<token>, /spfs/<token>/api/v0/<cmd>, /ipfs/<cid>, /regions/{code}, /usage/<token>, /metrics`);
    // `/spfs/api/v0/…` has no token (one sent elsewhere, e.g. in the query string, is not read): `api` is not one
    const tokenSegment = route === 'rpc' ? seg[2] : route === 'spfs' && seg[1] === 'api' && seg[2] === 'v0' ? undefined : seg[1];
    if (route === 'rpc' && seg.length > 3) throw new GatewayError(404, 'no route: /private/rpc/<token> takes nothing after the token');
    if (route === 'usage' && !readsOnly(req)) throw new GatewayError(405, 'only GET and HEAD are served on /usage/<token>', { Allow: 'GET, HEAD' });
    const { token, tier } = authenticate(tokenSegment);
    at.tier = tier.name;
    if (route === 'usage') {
      const u = store.usage(token.id, limiter.windowStart(tier));
      const used = limiter.traffic(token, tier);
      const body = JSON.stringify({
        tier: tier.name, owner: token.owner, window_start: u.window_start, window_seconds: tier.windowSeconds, traffic_bytes: used, traffic_quota: tier.trafficBytes,
        rate_per_second: tier.ratePerSecond, burst: tier.burst, concurrency: tier.concurrency, max_upload_bytes: tier.maxUploadBytes,
      });
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }).end(body);
      return;
    }
    const admission = limiter.admit(token, tier);
    if (!admission.ok) {
      metrics.rejections.inc({ tier: tier.name, reason: admission.reason });
      const why = admission.reason === 'rate' ? 'request rate' : admission.reason === 'concurrency' ? 'requests in flight' : 'traffic quota';
      throw new GatewayError(429, `over the ${why} limit of tier ${tier.name}`, { ...admission.headers, 'Retry-After': String(admission.retryAfter) });
    }
    at.admitted = { token, tier, headers: admission.headers };
    // a client that goes away gives its slot back at once (its upstream request is aborted too)
    res.once('close', () => admission.release());
    try {
      if (route === 'rpc') await rpc(req, res, token, tier, admission.headers, at.gone);
      else {
        if (seg[2] !== 'api' || seg[3] !== 'v0' || seg.length < 5) throw new GatewayError(404, 'no route: /spfs/<token>/api/v0/<command>');
        await spfs(req, res, seg.slice(4).join('/'), search, token, tier, admission.headers, at.gone);
      }
    } finally {
      admission.release();
    }
  }

  const address = parseListenAddress(c.listen, 'gateway listen address', '127.0.0.1:8080');
  const server: RunningServer = await listen(address, async (req, res) => {
    const clientGone = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) clientGone.abort();
    });
    const at: Exchange = { route: 'other', tier: '', gone: clientGone.signal };
    for (const [k, v] of Object.entries(CORS_HEADERS)) res.setHeader(k, v);
    // the slow-client guard (request_timeout_seconds): until the body has ended, every period must
    // bring at least MIN_BODY_PROGRESS_BYTES of it, so a trickling or stalled client is cut off with
    // 408 (Node's own timeouts know no progress rate: they cover the headers only) while an honest
    // upload of any length within the tier's limit goes through. A period in which the gateway
    // itself is not reading (its upstream is slower than the client) does not count against it.
    let timedOut = false;
    let seen = req.socket.bytesRead;
    const guard = setInterval(() => {
      if (req.complete || req.socket.destroyed) {
        stopGuard();
        return;
      }
      const progress = req.socket.bytesRead - seen;
      seen = req.socket.bytesRead;
      if (progress >= MIN_BODY_PROGRESS_BYTES || req.readableLength > 0 || req.socket.isPaused()) return;
      stopGuard();
      timedOut = true;
      metrics.rejections.inc({ tier: at.tier, reason: '408' });
      const message = `the request body arrived too slowly: less than ${MIN_BODY_PROGRESS_BYTES} bytes in request_timeout_seconds (${c.requestTimeoutSeconds} s)`;
      if (res.headersSent) req.socket.destroy();
      else {
        res.once('finish', () => req.socket.destroy());
        const sent = sendError(res, 408, message, { ...at.admitted?.headers, Connection: 'close' }, at.route === 'spfs');
        if (at.admitted) count(at.admitted.token, at.admitted.tier, 0, sent);
      }
    }, c.requestTimeoutSeconds * 1000);
    guard.unref();
    // the request's own close (its end, or its connection's) stops the guard: a listener on the
    // socket, which a keep-alive connection's many requests share, stayed there until the guard's
    // next period for every request answered before its body was read (a refusal: the body is then
    // drained), past ten on a busy connection
    const stopGuard = () => clearInterval(guard);
    req.once('close', stopGuard);
    try {
      await handle(req, res, at);
    } catch (e) {
      // whether the handler had started on the body (taken before the drain below starts it)
      const bodyStarted = req.readableDidRead;
      req.resume();
      if (timedOut) return;
      if (e instanceof ClientGone || clientGone.signal.aborted) {
        // a client that stops a download or an upload: a normal event (no token in the log)
        log(`gateway: ${req.method} ${at.route}${at.tier ? ` (tier ${at.tier})` : ''} ended early: the client closed the connection`);
        return;
      }
      const err = e instanceof GatewayError ? e : new GatewayError(500, (e as Error).message);
      if (!(e instanceof GatewayError)) log(`gateway: ${(e as Error).stack ?? String(e)}`);
      if (err.status >= 400 && err.status < 500 && err.status !== 429) metrics.rejections.inc({ tier: at.tier, reason: String(err.status) });
      // a body refused while it streamed (413 past the tier's limit …) leaves the connection in no
      // state to carry another request: it is closed after the answer; one refused before any of it
      // was read (a declared length over the limit, a bad token) is drained and the connection kept,
      // so that a client still sending it reads the answer instead of a broken pipe
      // an admitted request's refusal carries its RateLimit headers too (it took from the bucket)
      const headers = { ...at.admitted?.headers, ...err.headers };
      const sent = sendError(res, err.status, err.message, req.complete || !bodyStarted ? headers : { ...headers, Connection: 'close' }, at.route === 'spfs');
      // what an admitted request is sent back is counted, a refusal's text too (a 429 is not admitted)
      if (at.admitted) count(at.admitted.token, at.admitted.tier, 0, sent);
    } finally {
      if (req.complete) stopGuard();
      metrics.requests.inc({ route: at.route, tier: at.tier, status: String(res.statusCode) });
    }
  });
  // without this listener Node answers `Expect: 100-continue` with `100 Continue` at once, and a
  // refused upload (413 by Content-Length) is sent whole before its refusal
  server.server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    awaitingContinue.add(res);
    server.server.emit('request', req, res);
  });
  // no cap on a whole request (an upload of the tier's max_upload_bytes over an ordinary link takes
  // minutes): the guard above; the headers within request_timeout_seconds (Node's check)
  server.server.requestTimeout = 0;
  server.server.headersTimeout = c.requestTimeoutSeconds * 1000;
  const url = `http://${address.host === '0.0.0.0' ? '127.0.0.1' : address.host}:${server.address.port}`;
  log(`gateway of region ${c.region} on ${url} (resource nodes ${c.rpcUpstreams.map((u) => u.url).join(', ')}; storage client API ${c.spfsUpstream})`);
  return {
    url, limiter, metrics,
    close: async () => {
      await server.close();
      rpcAgent.destroy();
      limiter.close();
    },
  };
}
