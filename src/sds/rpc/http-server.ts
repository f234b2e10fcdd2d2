/**
 * The resource node's JSON-RPC over HTTP (reference §1.1): geth's `rpc` HTTP handler behind the
 * node's stack (path check, gzip, virtual-host check), answering with geth's statuses and texts.
 */
import { isIP } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { BodyTooLargeError, listen, readBody, type RunningServer } from '../../api/http.ts';
import type { RpcDispatcher } from './dispatch.ts';

/** geth `maxRequestContentLength`: 5 MiB */
export const SDS_RPC_MAX_BODY = 5 * 1024 * 1024;

/** The media types the server takes (`application/json` and the two JSON-RPC-over-HTTP ones). */
export const SDS_RPC_CONTENT_TYPES: readonly string[] = ['application/json', 'application/json-rpc', 'application/jsonrequest'];

/** Default `rpc_allowed_hosts`. */
export const SDS_RPC_DEFAULT_ALLOWED_HOSTS: readonly string[] = ['localhost'];

export interface SdsRpcHttpOptions {
  readonly host: string;
  readonly port: number;
  readonly allowedHosts?: readonly string[];
  readonly dispatcher: RpcDispatcher;
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
 * The node's `virtualHostHandler`: an empty Host or an IP literal passes; a hostname must be in the
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
function httpError(res: ServerResponse, gzip: boolean, status: number, message: string, extra: Record<string, string> = {}): void {
  send(res, gzip, status, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', ...extra }, `${message}\n`);
}

async function serve(req: IncomingMessage, res: ServerResponse, opts: SdsRpcHttpOptions): Promise<void> {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const rawQuery = q < 0 ? '' : url.slice(q + 1);
  // the node serves the RPC handler on `/` only; anything else is a bare 404
  if (path !== '/') {
    res.writeHead(404, { 'Content-Length': '0' });
    res.end();
    return;
  }
  const gzip = (req.headers['accept-encoding'] ?? '').includes('gzip');
  if (!hostAllowed(req.headers.host, opts.allowedHosts ?? SDS_RPC_DEFAULT_ALLOWED_HOSTS)) {
    httpError(res, gzip, 403, 'invalid host specified');
    return;
  }
  const lengthHeader = req.headers['content-length'];
  const contentLength = lengthHeader === undefined ? (req.headers['transfer-encoding'] ? -1 : 0) : Number(lengthHeader);
  // a health probe: GET, no body, no query
  if (req.method === 'GET' && contentLength === 0 && rawQuery === '') {
    send(res, gzip, 200, {}, '');
    return;
  }
  if (req.method === 'PUT' || req.method === 'DELETE') {
    httpError(res, gzip, 405, 'method not allowed');
    return;
  }
  if (contentLength > SDS_RPC_MAX_BODY) {
    // answered before the body is read; node:http drops the unread rest, so the connection stays usable
    httpError(res, gzip, 413, `content length too large (${contentLength}>${SDS_RPC_MAX_BODY})`);
    return;
  }
  if (req.method !== 'OPTIONS') {
    const mt = parseMediaType(req.headers['content-type']);
    if (mt === undefined || !SDS_RPC_CONTENT_TYPES.includes(mt)) {
      httpError(res, gzip, 415, 'invalid content type, only application/json is supported');
      return;
    }
  }
  let body: Buffer;
  try {
    body = await readBody(req, SDS_RPC_MAX_BODY);
  } catch (e) {
    if (e instanceof BodyTooLargeError) httpError(res, gzip, 413, e.message);
    else res.destroy(); // an aborted upload: nobody to answer
    return;
  }
  const answer = await opts.dispatcher.handle(body.toString('utf8'), 'http');
  send(res, gzip, 200, { 'Content-Type': 'application/json' }, answer === undefined ? '' : `${answer}\n`);
}

export function serveSdsRpcHttp(opts: SdsRpcHttpOptions): Promise<RunningServer> {
  return listen({ host: opts.host, port: opts.port }, async (req, res) => {
    res.on('error', () => {}); // a client that went away is not our failure
    req.on('error', () => {});
    await serve(req, res, opts);
  });
}
