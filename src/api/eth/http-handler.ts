/**
 * The HTTP side of the Ethereum JSON-RPC (`json-rpc.address`), go-ethereum's HTTP handler as the
 * node configures it (reference B.1): requests on `/` only (else a bare 404); `GET /` without a body
 * is the health check (200, empty); PUT and DELETE are 405; a body over 5 MiB is 413; the content
 * type must be `application/json`, `application/json-rpc` or `application/jsonrequest` (else 415);
 * any Host header; no CORS headers; gzip when the client accepts it. Every JSON-RPC outcome is
 * HTTP 200 with the answer and a newline (Go's json.Encoder).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { BodyTooLargeError, readBody } from '../http.ts';
import { parseMediaType, SDS_RPC_CONTENT_TYPES as ACCEPTED_CONTENT_TYPES, SDS_RPC_MAX_BODY as MAX_REQUEST_BYTES } from '../../sds/rpc/http-server.ts';
import type { EthDispatcher } from './dispatch.ts';

export { ACCEPTED_CONTENT_TYPES, MAX_REQUEST_BYTES };

function send(res: ServerResponse, gzip: boolean, status: number, headers: Record<string, string>, body: string): void {
  if (res.destroyed || res.headersSent) return;
  let bytes: Buffer = Buffer.from(body, 'utf8');
  const all: Record<string, string> = { ...headers };
  if (gzip) {
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

export function ethHttpHandler(dispatcher: EthDispatcher): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    res.on('error', () => {});
    req.on('error', () => {});
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    if (path !== '/') {
      res.writeHead(404, { 'Content-Length': '0' });
      res.end();
      return;
    }
    const gzip = (req.headers['accept-encoding'] ?? '').includes('gzip');
    const lengthHeader = req.headers['content-length'];
    const contentLength = lengthHeader === undefined ? (req.headers['transfer-encoding'] ? -1 : 0) : Number(lengthHeader);
    if (req.method === 'GET' && contentLength === 0 && q < 0) {
      send(res, gzip, 200, {}, '');
      return;
    }
    if (req.method === 'PUT' || req.method === 'DELETE') {
      httpError(res, gzip, 405, 'method not allowed');
      return;
    }
    if (contentLength > MAX_REQUEST_BYTES) {
      httpError(res, gzip, 413, `content length too large (${contentLength}>${MAX_REQUEST_BYTES})`);
      return;
    }
    if (req.method !== 'OPTIONS') {
      const mt = parseMediaType(req.headers['content-type']);
      if (mt === undefined || !ACCEPTED_CONTENT_TYPES.includes(mt)) {
        httpError(res, gzip, 415, 'invalid content type, only application/json is supported');
        return;
      }
    }
    let body: Buffer;
    try {
      body = await readBody(req, MAX_REQUEST_BYTES);
    } catch (e) {
      if (e instanceof BodyTooLargeError) httpError(res, gzip, 413, `content length too large (>${MAX_REQUEST_BYTES})`);
      else res.destroy();
      return;
    }
    const answer = await dispatcher.handle(body);
    send(res, gzip, 200, { 'Content-Type': 'application/json' }, answer === undefined ? '' : `${answer}\n`);
  };
}
