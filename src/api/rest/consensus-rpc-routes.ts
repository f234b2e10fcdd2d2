/**
 * `GET /status`, `GET /block?height=`, `GET /validators?height=` on the REST port (spec §4.6): the
 * consensus RPC's own methods (src/api/rpc/routes.ts) called in its URI form, so both ports give
 * the same content: the JSON-RPC wrapper `{"jsonrpc":"2.0","id":-1,…}`, URI argument rules, and
 * CometBFT 0.37's URI errors (rpc/jsonrpc/server/http_uri_handler.go: bad arguments → -32602
 * "error converting http params to arguments: …", method errors → -32603, both HTTP 500).
 */
import type { Node } from '../../node/node.ts';
import { errorText, RpcError, successText, URI_REQUEST_ID } from '../rpc/jsonrpc.ts';
import { decodeUriParams, ParamError } from '../rpc/params.ts';
import { routeOf } from '../rpc/routes.ts';
import type { RestRoute } from './route.ts';

/** The consensus RPC methods the REST port also answers. */
export const CONSENSUS_RPC_PATHS = ['status', 'block', 'validators'] as const;

function uriRoute(node: Node, method: string): RestRoute {
  const route = routeOf(method);
  if (!route) throw new Error(`the consensus RPC has no method ${JSON.stringify(method)}`);
  return {
    method: 'GET',
    pattern: `/${method}`,
    async handler(req) {
      try {
        // CometBFT reads each argument with FormValue: the first value of its name, '' when absent
        const args = decodeUriParams(route.params, (name) => req.query.find(([k]) => k === name)?.[1] ?? '');
        return { status: 200, body: successText(URI_REQUEST_ID, await route.run({ node }, args)) };
      } catch (e) {
        const err =
          e instanceof ParamError
            ? RpcError.invalidParams(`error converting http params to arguments: ${e.message}`)
            : e instanceof RpcError
              ? e
              : RpcError.internal(e instanceof Error ? e.message : String(e));
        return { status: 500, body: errorText(URI_REQUEST_ID, err) };
      }
    },
  };
}

export function consensusRpcRoutes(node: Node): RestRoute[] {
  return CONSENSUS_RPC_PATHS.map((m) => uriRoute(node, m));
}
