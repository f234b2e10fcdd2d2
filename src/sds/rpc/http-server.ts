/**
 * The resource node's JSON-RPC over HTTP (reference §1.1): geth's `rpc` HTTP handler behind the
 * node's stack (path check, gzip, virtual-host check), answering with geth's statuses and texts.
 * The handler is the shared one of src/api/geth-rpc/http.ts; this server's own: the virtual hosts
 * (`rpc_allowed_hosts`, `localhost` by default) and the 413 text of a body that outgrows the cap.
 */
import { listen, type RunningServer } from '../../api/http.ts';
import { GETH_CONTENT_TYPES, GETH_MAX_REQUEST_BYTES, gethHttpHandler, holdContinue } from '../../api/geth-rpc/http.ts';
import type { RpcDispatcher } from './dispatch.ts';

/** geth `maxRequestContentLength`: 5 MiB */
export const SDS_RPC_MAX_BODY = GETH_MAX_REQUEST_BYTES;

/** The media types the server takes (`application/json` and the two JSON-RPC-over-HTTP ones). */
export const SDS_RPC_CONTENT_TYPES: readonly string[] = GETH_CONTENT_TYPES;

/** Default `rpc_allowed_hosts`. */
export const SDS_RPC_DEFAULT_ALLOWED_HOSTS: readonly string[] = ['localhost'];

export interface SdsRpcHttpOptions {
  readonly host: string;
  readonly port: number;
  readonly allowedHosts?: readonly string[];
  readonly dispatcher: RpcDispatcher;
}

export async function serveSdsRpcHttp(opts: SdsRpcHttpOptions): Promise<RunningServer> {
  const handler = gethHttpHandler({
    allowedHosts: opts.allowedHosts ?? SDS_RPC_DEFAULT_ALLOWED_HOSTS,
    maxBody: SDS_RPC_MAX_BODY,
    tooLargeText: (e) => e.message,
    answer: (body) => opts.dispatcher.handle(body.toString('utf8'), 'http'),
  });
  const server = await listen({ host: opts.host, port: opts.port }, handler);
  // geth's rpc.DefaultHTTPTimeouts: a request's headers and body within 30 s (ReadHeaderTimeout, ReadTimeout)
  server.server.headersTimeout = 30_000;
  server.server.requestTimeout = 30_000;
  holdContinue(server.server);
  return server;
}
