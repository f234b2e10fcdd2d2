/**
 * go-ethereum's JSON-RPC over HTTP as a node's stack serves it, shared by the resource node's
 * JSON-RPC (src/sds/rpc/http-server.ts) and the Ethereum JSON-RPC (src/api/eth/http-handler.ts):
 * requests on `/` only (else a bare 404); the virtual-host check (403 `invalid host specified`);
 * `GET /` without a body or query is the health check (200, empty); PUT and DELETE are 405; a
 * Content-Length over the cap is 413 before the body is read; the content type must be
 * `application/json`, `application/json-rpc` or `application/jsonrequest` (else 415); gzip when the
 * client accepts it (every answer, empty ones included). Every JSON-RPC outcome is HTTP 200 with
 * the answer and a newline (Go's json.Encoder). Errors are Go's `http.Error` texts.
 *
 * What differs between the two servers is a parameter (GethHttpOptions): the allowed hosts, the
 * body cap and its 413 text once a body turns out too long, and the health check's query rule.
 */
import { isIP } from 'node:net';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { BodyTooLargeError, readBody } from '../http.ts';

/** geth `maxRequestContentLength`: 5 MiB */
export const GETH_MAX_REQUEST_BYTES = 5 * 1024 * 1024;

/** The media types geth takes (`application/json` and the two JSON-RPC-over-HTTP ones). */
export const GETH_CONTENT_TYPES: readonly string[] = ['application/json', 'application/json-rpc', 'application/jsonrequest'];

export interface GethHttpOptions {
  /** the virtual hosts (`rpc_allowed_hosts`); undefined: any Host header */
  readonly allowedHosts?: readonly string[];
  /** the largest body (and Content-Length) taken */
  readonly maxBody: number;
  /** the 413 text when a body without a telling Content-Length turns out longer than `maxBody` */
  readonly tooLargeText: (e: BodyTooLargeError) => string;
  /** one body → the JSON-RPC answer text, or undefined when nothing is to be sent */
  readonly answer: (body: Buffer) => Promise<string | undefined>;
}

const TOKEN = "[!#$%&'*+\\-.^_`|~0-9A-Za-z]+";
const MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}$`);
const MEDIA_PARAM = new RegExp(`^${TOKEN}\\s*=\\s*(?:${TOKEN}|"(?:[^"\\\\]|\\\\.)*")$`);

/** Go `mime.ParseMediaType` reduced to what the check needs: the lowercased type, or undefined when malformed. */
export function parseMediaType(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const [type, ...params] = header.split(';');
  const mt = type!.trim().toLowerCase();
  if (!MEDIA_TYPE.test(mt)) return undefined;
  for (const p of params) {
    const t = p.trim();
    if (t !== '' && !MEDIA_PARAM.test(t)) return undefined;
  }
  return mt;
}

/** Go `net.SplitHostPort`'s host, or the whole text when it has no port (or too many colons). */
function hostOf(hostHeader: string): string {
  const bracket = /^\[([^\]]*)\]:\d*$/.exec(hostHeader);
  if (bracket) return bracket[1]!;
  if (hostHeader.startsWith('[')) return hostHeader;
  const colons = hostHeader.split(':').length - 1;
  return colons === 1 ? hostHeader.slice(0, hostHeader.indexOf(':')) : hostHeader;
}

/**
 * geth's `virtualHostHandler`: an empty Host or an IP literal passes; a hostname must be in the
 * allowed list (compared as sent against the lowercased list) or the list must hold `*`.
 */
export function hostAllowed(hostHeader: string | undefined, allowedHosts: readonly string[]): boolean {
  if (hostHeader === undefined || hostHeader === '') return true;
  const host = hostOf(hostHeader);
  if (isIP(host) !== 0) return true;
  const allowed = new Set(allowedHosts.map((h) => h.toLowerCase()));
  return allowed.has('*') || allowed.has(host);
}

function send(res: ServerResponse, gzip: boolean, status: number, headers: Record<string, string>, body: string): void {
  if (res.destroyed || res.headersSent) return;
  let bytes: Buffer = Buffer.from(body, 'utf8');
  const all: Record<string, string> = { ...headers };
  if (gzip) {
    // the node's gzip handler wraps everything behind the path check, empty bodies included
    bytes = gzipSync(bytes);
    all['Content-Encoding'] = 'gzip';
  }
  all['Content-Length'] = String(bytes.length);
  res.writeHead(status, all);
  res.end(bytes);
}

/** Go `http.Error`: text/plain, nosniff, the message and a newline. */
function httpError(res: ServerResponse, gzip: boolean, status: number, message: string): void {
  send(res, gzip, status, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' }, `${message}\n`);
}

/** A bare 404 (no body): a path the server does not serve. */
export function bareNotFound(res: ServerResponse): void {
  res.writeHead(404, { 'Content-Length': '0' });
  res.end();
}

/** The request handler of a go-ethereum-style JSON-RPC HTTP server. */
/** Answers whose `100 Continue` the handler sends itself (`holdContinue`), once it takes the body. */
const held = new WeakSet<ServerResponse>();

/**
 * Makes `server` leave `Expect: 100-continue` to the handler, as Go's net/http does: `100 Continue`
 * goes out only when the body is about to be read, so a body refused by its declared length (413)
 * or by the request's headers (403, 405, 415) is never sent. Without this, Node answers 100 at once.
 */
export function holdContinue(server: Server): void {
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    held.add(res);
    server.emit('request', req, res);
  });
}

export function gethHttpHandler(opts: GethHttpOptions): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    res.on('error', () => {}); // a client that went away is not our failure
    req.on('error', () => {});
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const rawQuery = q < 0 ? '' : url.slice(q + 1);
    // the node serves the RPC handler on `/` only
    if (path !== '/') {
      bareNotFound(res);
      return;
    }
    const gzip = (req.headers['accept-encoding'] ?? '').includes('gzip');
    if (opts.allowedHosts !== undefined && !hostAllowed(req.headers.host, opts.allowedHosts)) {
      httpError(res, gzip, 403, 'invalid host specified');
      return;
    }
    const lengthHeader = req.headers['content-length'];
    const contentLength = lengthHeader === undefined ? (req.headers['transfer-encoding'] ? -1 : 0) : Number(lengthHeader);
    // a health probe: GET, no body, no query (Go's `URL.RawQuery == ""`, so `GET /?` too)
    if (req.method === 'GET' && contentLength === 0 && rawQuery === '') {
      send(res, gzip, 200, {}, '');
      return;
    }
    if (req.method === 'PUT' || req.method === 'DELETE') {
      httpError(res, gzip, 405, 'method not allowed');
      return;
    }
    if (contentLength > opts.maxBody) {
      // answered before the body is read; node:http drops the unread rest, so the connection stays usable
      httpError(res, gzip, 413, `content length too large (${contentLength}>${opts.maxBody})`);
      return;
    }
    if (req.method !== 'OPTIONS') {
      const mt = parseMediaType(req.headers['content-type']);
      if (mt === undefined || !GETH_CONTENT_TYPES.includes(mt)) {
        httpError(res, gzip, 415, 'invalid content type, only application/json is supported');
        return;
      }
    }
    let body: Buffer;
    if (held.has(res)) res.writeContinue();
    try {
      body = await readBody(req, opts.maxBody);
    } catch (e) {
      if (e instanceof BodyTooLargeError) httpError(res, gzip, 413, opts.tooLargeText(e));
      else res.destroy(); // an aborted upload: nobody to answer
      return;
    }
    const answer = await opts.answer(body);
    send(res, gzip, 200, { 'Content-Type': 'application/json' }, answer === undefined ? '' : `${answer}\n`);
  };
}
