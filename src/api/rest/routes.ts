/**
 * The REST route table of a node, in match order (first match wins, as in the gateway).
 *
 * How a module adds its routes:
 * - a query service: give its rpcs `option (http_get) = "/sdk/<module>/v1beta1/…"` (or
 *   `/chain/<module>/v1/…`) in its .proto and serve the methods through the App (the module's
 *   `queries`). `gatewayRoutes` then serves them: request fields from path and query string,
 *   proto-JSON answers, gRPC-status errors. Nothing to add here.
 * - a method the REST process must compute itself (not an App query): add a `ServiceImpl` to
 *   `serviceImpls` below under its full method name; the proto binding still gives the route.
 * - a route with no proto binding (another wire shape): add a `RestRoute` to `customRoutes`.
 */
import type { Node } from '../../node/node.ts';
import { MODULES } from '../../abci/modules.ts';
import { baseConsensusServiceImpls } from './base-consensus-service.ts';
import { consensusRpcRoutes } from './consensus-rpc-routes.ts';
import { gatewayRoutes, nodeCodec, type ServiceImpl } from './grpc-gateway.ts';
import { resourceNodeRecordRoute } from './resource-node-record.ts';
import type { RestRoute } from './route.ts';
import { txServiceImpls } from './tx-service.ts';
import { unsignedTxRoute } from './unsigned-tx.ts';

function serviceImpls(node: Node): Record<string, ServiceImpl> {
  return { ...txServiceImpls(node), ...baseConsensusServiceImpls(node) };
}

function customRoutes(node: Node): RestRoute[] {
  return [
    ...consensusRpcRoutes(node),
    resourceNodeRecordRoute(node),
    unsignedTxRoute(
      nodeCodec(node),
      MODULES.flatMap((m) => m.msgs ?? []),
    ),
  ];
}

export function restRoutes(node: Node): RestRoute[] {
  return [...customRoutes(node), ...gatewayRoutes(node, serviceImpls(node))];
}
