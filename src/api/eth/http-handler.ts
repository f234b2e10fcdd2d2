/**
 * The HTTP side of the Ethereum JSON-RPC (`json-rpc.address`), go-ethereum's HTTP handler as the
 * node configures it (reference B.1): requests on `/` only (else a bare 404); `GET /` without a body
 * is the health check (200, empty); PUT and DELETE are 405; a body over 5 MiB is 413; the content
 * type must be `application/json`, `application/json-rpc` or `application/jsonrequest` (else 415);
 * any Host header; no CORS headers; gzip when the client accepts it. Every JSON-RPC outcome is
 * HTTP 200 with the answer and a newline (Go's json.Encoder). The handler is the shared one of
 * src/api/geth-rpc/http.ts; this server's own: any Host, the 413 text of a body that outgrows the
 * cap, and a URL with a `?` is never the health check.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { GETH_CONTENT_TYPES as ACCEPTED_CONTENT_TYPES, GETH_MAX_REQUEST_BYTES as MAX_REQUEST_BYTES, gethHttpHandler } from '../geth-rpc/http.ts';
import type { EthDispatcher } from './dispatch.ts';

export { ACCEPTED_CONTENT_TYPES, MAX_REQUEST_BYTES };

export function ethHttpHandler(dispatcher: EthDispatcher): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return gethHttpHandler({
    maxBody: MAX_REQUEST_BYTES,
    tooLargeText: (e) => `content length too large (>${e.limit})`,
    answer: (body) => dispatcher.handle(body),
  });
}
