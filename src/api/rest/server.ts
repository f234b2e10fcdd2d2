/**
 * The chain REST server (spec §4.6; `--api.enable`, `--api.address`, `--api.enabled-unsafe-cors`):
 * the route table of routes.ts behind grpc-gateway v1.16's dispatch rules — first matching route
 * wins, a path no route matches and a known path with another method both answer 501
 * `{"code":12,"message":"Not Implemented","details":[]}` (runtime/mux.go with the SDK's proto error
 * handler) — and, when asked, the SDK's permissive CORS wrapper.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, listen, parseListenAddress, readBody, type RunningServer } from '../http.ts';
import type { Node } from '../../node/node.ts';
import { corsDecision } from './cors.ts';
import { GatewayError, NOT_IMPLEMENTED } from './gateway-error.ts';
import { HeaderedGatewayError, MAX_BODY_BYTES, toGatewayError } from './grpc-gateway.ts';
import { compileRoute, type CompiledRoute, matchRoute, pathComponents, type RestReply, type RestRequest, type RestRoute } from './route.ts';
import { parseGoQuery } from './request-fields.ts';
import { restRoutes } from './routes.ts';

export interface RestServerOptions {
  /** `tcp://0.0.0.0:1317` or `host:port` */
  readonly address: string;
  /** `--api.enabled-unsafe-cors`: allow every origin */
  readonly enableUnsafeCors?: boolean;
  /** routes tried before the built-in table (tests, embedding applications) */
  readonly routes?: readonly RestRoute[];
}

/** Finds and runs the route of a request; never throws (errors become gateway error replies). */
export function restDispatcher(routes: readonly RestRoute[]): (req: IncomingMessage) => Promise<RestReply> {
  const table: CompiledRoute[] = routes.map(compileRoute);
  return async (req) => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const rawPath = q < 0 ? url : url.slice(0, q);
    let components: string[];
    try {
      components = pathComponents(rawPath);
    } catch {
      // Go's net/http refuses a request line with a malformed escape before any handler runs
      return { status: 400, body: '400 Bad Request', contentType: 'text/plain; charset=utf-8' };
    }
    const redirect = cleanPathRedirect(`/${components.join('/')}`, q < 0 ? '' : url.slice(q));
    if (redirect) return redirect;
    let found: { route: CompiledRoute; params: Record<string, string> } | undefined;
    for (const route of table) {
      const params = matchRoute(route, components);
      if (params && route.method === req.method) {
        found = { route, params };
        break;
      }
    }
    // grpc-gateway v1.16 answers a known path with another method with the same ErrUnknownURI
    if (!found) return errorReply(NOT_IMPLEMENTED());
    let body: Promise<Buffer> | undefined;
    const query = parseGoQuery(q < 0 ? '' : url.slice(q + 1));
    const request: RestRequest = {
      method: req.method ?? 'GET',
      path: components.length ? `/${components.join('/')}` : '/',
      params: found.params,
      query: query.entries,
      ...(query.error === undefined ? {} : { queryError: query.error }),
      headers: req.headers,
      headersDistinct: req.headersDistinct,
      body: () => (body ??= readBody(req, MAX_BODY_BYTES)),
    };
    try {
      return await found.route.handler(request);
    } catch (e) {
      const reply = errorReply(toGatewayError(e));
      // the unread rest of an oversized body makes the connection unusable: close it after the
      // answer, as Go's server does after http.MaxBytesReader refuses a body
      return e instanceof BodyTooLargeError ? { ...reply, headers: { ...reply.headers, Connection: 'close' } } : reply;
    }
  };
}

/**
 * gorilla/mux's `Router.ServeHTTP` (v1.8, the SDK's API router in front of the gateway): a path
 * that is not in its clean form (`//`, `.` or `..` segments; `path.Clean`, a trailing slash kept)
 * is answered 301 with `Location` at the cleaned path and the query as sent, and no body.
 */
function cleanPathRedirect(path: string, query: string): RestReply | undefined {
  const cleaned = cleanPath(path);
  if (cleaned === path) return undefined;
  return { status: 301, body: '', contentType: '', headers: { Location: escapePath(cleaned) + query } };
}

/** Go's `path.Clean`, keeping a trailing slash (mux's `cleanPath`); `path` starts with `/`. */
export function cleanPath(path: string): string {
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  const clean = `/${out.join('/')}`;
  return path.endsWith('/') && clean !== '/' ? `${clean}/` : clean;
}

/** A path as Go's `url.URL.EscapedPath` writes it: unreserved characters and `$&+,/:;=@` as they are, the rest %XX (UTF-8). */
function escapePath(path: string): string {
  return path.replace(/[^A-Za-z0-9\-_.~$&+,/:;=@]/gu, (c) => [...Buffer.from(c, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''));
}

function errorReply(err: GatewayError): RestReply {
  const headers = err instanceof HeaderedGatewayError ? err.headers : undefined;
  return headers ? { status: err.httpStatus, body: err.body(), headers } : { status: err.httpStatus, body: err.body() };
}

function writeReply(res: ServerResponse, reply: RestReply, extraHeaders: Readonly<Record<string, string>>): void {
  res.writeHead(reply.status, {
    ...(reply.contentType === '' ? {} : { 'Content-Type': reply.contentType ?? 'application/json' }),
    'Content-Length': Buffer.byteLength(reply.body),
    ...reply.headers,
    ...extraHeaders,
  });
  res.end(reply.body);
}

/** The HTTP handler: CORS (when enabled), dispatch, reply. */
export function restHandler(routes: readonly RestRoute[], enableUnsafeCors = false): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const dispatch = restDispatcher(routes);
  return async (req, res) => {
    let extra: Readonly<Record<string, string>> = {};
    if (enableUnsafeCors) {
      const cors = corsDecision(req);
      if (cors.kind === 'answer') {
        req.resume();
        res.writeHead(cors.status, { ...cors.headers, 'Content-Length': 0 });
        res.end();
        return;
      }
      if (cors.kind === 'serve') extra = cors.headers;
    }
    const reply = await dispatch(req);
    req.resume(); // drain a body no handler read, so the connection can be reused
    writeReply(res, reply, extra);
  };
}

/** Starts the REST server of `node` on `opts.address`. */
export function startRestServer(node: Node, opts: RestServerOptions): Promise<RunningServer> {
  const address = parseListenAddress(opts.address, 'API address', 'tcp://127.0.0.1:1317');
  return listen(address, restHandler([...(opts.routes ?? []), ...restRoutes(node)], opts.enableUnsafeCors ?? false));
}
