/**
 * The SDK's consensus-engine service over REST, `/sdk/base/consensus/v1beta1/…`: the `(http_get)`
 * bindings of `sdk.base.consensus.v1beta1.Service` (proto/sdk/base/consensus/v1beta1/query.proto)
 * served like any gateway route — request fields from the path and query string, the height
 * header, the gateway's parameter errors, proto-JSON answers, gRPC-status errors — by the one
 * implementation in base-consensus-service.ts, which the gRPC server and abci_query also use:
 * `node_info`, `syncing`, `blocks/latest`, `blocks/{height}` (with `sdk_block`, whose proposer is a
 * `stvalcons1…` address), `validatorsets/latest`, `validatorsets/{height}`, `abci_query`.
 */
import type { Node } from '../../node/node.ts';
import { BASE_CONSENSUS_SERVICE, baseConsensusServiceImpls } from './base-consensus-service.ts';
import { gatewayRoute, nodeCodec, protoGatewayBindings } from './grpc-gateway.ts';
import type { RestRoute } from './route.ts';

export function baseConsensusRoutes(node: Node): RestRoute[] {
  const impls = baseConsensusServiceImpls(node);
  return protoGatewayBindings(nodeCodec(node))
    .filter((b) => b.method.startsWith(`${BASE_CONSENSUS_SERVICE}/`))
    .map((b) => gatewayRoute(node, b, impls[b.method]));
}
