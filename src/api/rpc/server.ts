/**
 * The consensus JSON-RPC server (`--rpc.laddr`, CometBFT 0.37-compatible; reference/wire-formats.md
 * §4.1), following CometBFT's rpc/jsonrpc/server:
 * - `POST /` with a JSON-RPC 2.0 request or batch. Method errors are answered with HTTP 200; a body
 *   that is not JSON-RPC gets -32700 with HTTP 500, a body over the limit -32600 with HTTP 400, and an
 *   empty body the list of endpoints.
 * - `GET /<method>?arg=value` (any HTTP method) with the URI argument rules; id -1, errors HTTP 500.
 * - `GET /` lists the endpoints; other paths are 404.
 * - `/websocket` upgrades to a websocket with the same methods plus `subscribe`, `unsubscribe` and
 *   `unsubscribe_all` (src/api/rpc/websocket.ts); without an upgrade it answers 400.
 * Successful answers of cacheable calls carry `Cache-Control: public, max-age=86400`, every answer
 * `X-Server-Time`. No request can take the process down: every failure becomes an answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen, parseListenAddress, sendJson, type RunningServer } from '../http.ts';
import type { Node } from '../../node/node.ts';
import { createCors } from './cors.ts';
import { endpointListHtml } from './endpoint-list.ts';
import { DEFAULT_EVENT_LIMITS, EventBus, type EventLimits } from './event-bus.ts';
import { readBoundedBody } from './request-body.ts';
import { errorText, parseRequests, RpcError, successText, URI_REQUEST_ID } from './jsonrpc.ts';
import { decodeUriParams, ParamError, type ParamValue } from './params.ts';
import { runRoute, type Route, type RpcContext } from './route.ts';
import { resolveCall, ROUTES, routeOf } from './routes.ts';
import { firstValue, parseGoQuery } from './uri-query.ts';
import { refuseNonUpgrade } from '../gorilla-upgrade.ts';
import { WEBSOCKET_PATH, WebsocketEndpoint, type WebsocketOptions } from './websocket.ts';

export interface RpcServerOptions {
  /** `tcp://127.0.0.1:26657` (CometBFT's `rpc.laddr`) */
  readonly laddr: string;
  /** CometBFT's `rpc.max_body_bytes` (default 1000000) */
  readonly maxBodyBytes?: number;
  /** CometBFT's `rpc.cors_allowed_origins`; CORS is off when empty */
  readonly corsAllowedOrigins?: readonly string[];
  /** CometBFT's `rpc.max_subscription_clients`, `max_subscriptions_per_client`, `experimental_subscription_buffer_size` */
  readonly eventLimits?: Partial<EventLimits>;
  /** the websocket's ping period and read/write deadlines (CometBFT's: 27 s, 30 s, 10 s) */
  readonly websocket?: Omit<WebsocketOptions, 'maxMessageBytes' | 'unsafe'>;
  /** CometBFT's `rpc.unsafe`: also serve the unsafe methods (src/api/rpc/methods/unsafe.ts) */
  readonly unsafe?: boolean;
}

export interface RunningRpcServer extends RunningServer {
  /** `/websocket` and its event bus */
  readonly websocket: WebsocketEndpoint;
}

export const DEFAULT_MAX_BODY_BYTES = 1_000_000;

const CACHE_CONTROL = { 'Cache-Control': 'public, max-age=86400' };

/** rpc/jsonrpc/server `DefaultConfig`: ReadTimeout = ReadHeaderTimeout = 10 s. */
const RPC_READ_TIMEOUT_MS = 10_000;

export async function startRpcServer(node: Node, opts: RpcServerOptions): Promise<RunningRpcServer> {
  const events = new EventBus(node, { ...DEFAULT_EVENT_LIMITS, ...opts.eventLimits });
  const websocket = new WebsocketEndpoint(node, events, { ...opts.websocket, maxMessageBytes: opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES, unsafe: opts.unsafe ?? false });
  const handler = rpcRequestHandler(node, { ...opts, events });
  let running: RunningServer;
  try {
    running = await listen(parseListenAddress(opts.laddr, 'rpc.laddr', 'tcp://127.0.0.1:26657'), handler);
  } catch (e) {
    events.close();
    throw e;
  }
  // CometBFT's RPC server reads a request's headers, and the whole request, within 10 s
  // (`ReadHeaderTimeout`, `ReadTimeout`): a client that stalls mid-body lets go of its connection then
  running.server.headersTimeout = RPC_READ_TIMEOUT_MS;
  running.server.requestTimeout = RPC_READ_TIMEOUT_MS;
  running.server.on('upgrade', (req: IncomingMessage, socket, head: Buffer) => websocket.handleUpgrade(req, socket, head, (r, res) => void handler(r, res)));
  return {
    ...running,
    websocket,
    close: async () => {
      // upgraded connections are not the HTTP server's to close
      await websocket.close();
      await running.close();
    },
  };
}

/**
 * Batch entries that run without waiting for the entry before them: consecutive broadcasts are
 * admitted as one group, each answered as if sent alone (`Node.broadcastTxSync`).
 */
const ADMITTED_TOGETHER = new Set(['broadcast_tx_sync', 'broadcast_tx_async']);

/** An argument is "zero" as Go's reflect.Value.IsZero sees the decoded value. */
const isZero = (v: ParamValue) => v === undefined || v === 0n || v === '' || v === false || (v instanceof Uint8Array && v.length === 0);

/** CometBFT's `cacheableWithArgs`. */
function cacheable(route: Route, args: readonly ParamValue[]): boolean {
  if (!route.cacheable) return false;
  return route.cacheable.unlessZero.every((name) => !isZero(args[route.params.findIndex((p) => p.name === name)]));
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * The node:http handler of the consensus RPC (exported for servers that mount it elsewhere). With
 * `events`, `/websocket` without an upgrade answers 400 as CometBFT's; the upgrade itself is the
 * server's `upgrade` event (`startRpcServer`).
 */
export function rpcRequestHandler(
  node: Node,
  opts: Omit<RpcServerOptions, 'laddr' | 'eventLimits' | 'websocket'> & { readonly events?: EventBus } = {},
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const ctx: RpcContext = opts.events ? { node, events: opts.events } : { node };
  const maxBody = opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const cors = opts.corsAllowedOrigins?.length ? createCors(opts.corsAllowedOrigins) : undefined;

  const jsonRpc = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const read = await readBoundedBody(req, maxBody);
    if ('tooLarge' in read) {
      sendJson(res, 400, errorText(undefined, RpcError.invalidRequest('error reading request body: http: request body too large')));
      return;
    }
    const body = read.body;
    if (body.length === 0) {
      const html = endpointListHtml(req.headers.host ?? '', ROUTES);
      res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Length': Buffer.byteLength(html) });
      res.end(html);
      return;
    }
    let requests;
    try {
      requests = parseRequests(body);
    } catch (e) {
      if (!(e instanceof RpcError)) throw e;
      sendJson(res, 500, errorText(undefined, e));
      return;
    }
    const responses: (string | Promise<string>)[] = [];
    // the entries started and not yet answered: a run of broadcasts reaches the node's admission
    // together (`Node.broadcastTxSync`), any other method waits for the entries before it
    let started: Promise<string>[] = [];
    let cache = true;
    for (const request of requests) {
      // notifications get no answer
      if (request.id === undefined) continue;
      const call = resolveCall(request, 'http', opts.unsafe ?? false);
      if ('error' in call) {
        responses.push(errorText(request.id, call.error));
        cache = false;
        continue;
      }
      const { route, args } = call;
      if (cache && !cacheable(route, args)) cache = false;
      const id = request.id;
      // as in CometBFT, a method error does not turn caching off
      const answer = (out: Awaited<ReturnType<typeof runRoute>>) => ('error' in out ? errorText(id, out.error) : successText(id, out.result));
      if (ADMITTED_TOGETHER.has(request.method)) {
        const pending = runRoute(ctx, route, args).then(answer);
        started.push(pending);
        responses.push(pending);
        continue;
      }
      if (started.length > 0) await Promise.all(started);
      started = [];
      responses.push(answer(await runRoute(ctx, route, args)));
    }
    const texts = await Promise.all(responses);
    if (texts.length === 0) {
      res.writeHead(200, { 'Content-Length': 0 });
      res.end();
      return;
    }
    // one answer is an object even when the request was a batch
    const text = texts.length === 1 ? texts[0]! : `[${texts.join(',')}]`;
    sendJson(res, 200, text, cache ? CACHE_CONTROL : {});
  };

  const uriCall = async (req: IncomingMessage, res: ServerResponse, route: Route, rawQuery: string): Promise<void> => {
    if (route.wsOnly) {
      sendJson(res, 404, errorText(URI_REQUEST_ID, RpcError.methodNotFound()));
      return;
    }
    const query = parseGoQuery(rawQuery);
    // like Go's FormValue, an url-encoded POST body supplies arguments the URL leaves empty
    let form: Map<string, string[]> | undefined;
    if (req.method === 'POST' && String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      const read = await readBoundedBody(req, maxBody);
      if ('body' in read) form = parseGoQuery(read.body.toString('utf8'));
    }
    let args: ParamValue[];
    try {
      args = decodeUriParams(route.params, (name) => firstValue(query, name) || (form ? firstValue(form, name) : ''));
    } catch (e) {
      if (!(e instanceof ParamError)) throw e;
      sendJson(res, 500, errorText(URI_REQUEST_ID, RpcError.invalidParams(`error converting http params to arguments: ${e.message}`)));
      return;
    }
    const out = await runRoute(ctx, route, args);
    if ('error' in out) sendJson(res, 500, errorText(URI_REQUEST_ID, out.error));
    else sendJson(res, 200, successText(URI_REQUEST_ID, out.result), cacheable(route, args) ? CACHE_CONTROL : {});
  };

  return async (req, res) => {
    try {
      res.setHeader('X-Server-Time', Math.floor(Date.now() / 1000).toString());
      if (cors?.handle(req, res)) return;
      const url = req.url ?? '/';
      const q = url.indexOf('?');
      const rawPath = q < 0 ? url : url.slice(0, q);
      let path: string;
      try {
        path = decodeURIComponent(rawPath);
      } catch {
        path = rawPath;
      }
      if (path === '/') return await jsonRpc(req, res);
      if (path === WEBSOCKET_PATH && opts.events) return refuseNonUpgrade(res);
      const route = path.startsWith('/') ? routeOf(path.slice(1), opts.unsafe ?? false) : undefined;
      if (route) return await uriCall(req, res, route, q < 0 ? '' : url.slice(q + 1));
      const text = '404 page not found\n';
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', 'Content-Length': Buffer.byteLength(text) });
      res.end(text);
    } catch (e) {
      // CometBFT's recover handler: an internal error with id -1 and HTTP 500
      if (!res.headersSent) sendJson(res, 500, errorText(URI_REQUEST_ID, RpcError.internal(message(e))));
      else res.destroy();
    }
  };
}
