/**
 * The consensus RPC's method table (CometBFT 0.37 rpc/core/routes.go):
 * name → arguments, caching and handler. The unsafe methods (`unsafe: true`) exist only on a server
 * started with `rpc.unsafe` (CometBFT's `AddUnsafeRoutes`); elsewhere they are "Method not found".
 */
import { RpcError, type RpcRequest } from './jsonrpc.ts';
import { decodeJsonParams, ParamError, type ParamValue } from './params.ts';
import type { Route } from './route.ts';
import { abciRoutes } from './methods/abci.ts';
import { blockRoutes } from './methods/blocks.ts';
import { consensusRoutes } from './methods/consensus.ts';
import { eventRoutes } from './methods/events.ts';
import { evidenceRoutes } from './methods/evidence.ts';
import { genesisRoutes } from './methods/genesis.ts';
import { infoRoutes } from './methods/info.ts';
import { mempoolRoutes } from './methods/mempool.ts';
import { txRoutes } from './methods/txs.ts';
import { unsafeRoutes } from './methods/unsafe.ts';

export const ROUTES: Readonly<Record<string, Route>> = Object.freeze({
  // websocket only (`/websocket`)
  ...eventRoutes,
  ...infoRoutes,
  ...genesisRoutes,
  ...blockRoutes,
  ...consensusRoutes,
  ...txRoutes,
  ...mempoolRoutes,
  ...abciRoutes,
  ...evidenceRoutes,
  ...unsafeRoutes,
});

export function routeOf(method: string, unsafe = false): Route | undefined {
  const route = Object.prototype.hasOwnProperty.call(ROUTES, method) ? ROUTES[method] : undefined;
  return route?.unsafe && !unsafe ? undefined : route;
}

/**
 * The route and decoded arguments of one JSON-RPC request, or the error to answer: an unknown
 * method (or a websocket-only one over HTTP) is "method not found"; arguments that do not decode are
 * "error converting json params to arguments: …", -32602 over HTTP and -32603 over the websocket,
 * as CometBFT's two handlers answer.
 */
export function resolveCall(request: RpcRequest, transport: 'http' | 'websocket', unsafe = false): { route: Route; args: ParamValue[] } | { error: RpcError } {
  const route = routeOf(request.method, unsafe);
  if (!route || (transport === 'http' && route.wsOnly)) return { error: RpcError.methodNotFound() };
  try {
    return { route, args: decodeJsonParams(route.params, request.params) };
  } catch (e) {
    if (!(e instanceof ParamError)) throw e;
    const text = `error converting json params to arguments: ${e.message}`;
    return { error: transport === 'http' ? RpcError.invalidParams(text) : RpcError.internal(text) };
  }
}
