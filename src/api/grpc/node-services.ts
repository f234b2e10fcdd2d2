/**
 * The SDK services a node answers from its own records rather than from the App's state: the tx
 * service (`sdk.tx.v1beta1.Service`) and the consensus-engine service
 * (`sdk.base.consensus.v1beta1.Service`). The SDK registers both on the app's gRPC query router at
 * start, with a client context that reads the consensus engine (server/start.go
 * `RegisterTxService`, `RegisterTendermintService`), so they are on the gRPC server and, for the
 * methods that only read, behind abci_query too: CosmJS `setupTxExtension().tx.getTx` asks
 * abci_query for `/cosmos.tx.v1beta1.Service/GetTx`.
 *
 * `nodeServiceQueries` is that abci_query door; `chaind start` gives it to the Node
 * (`NodeOptions.queries`). A path is matched in the chain's words, or on a neutral chain in the
 * real network's too (`routedQueryName`); any other path goes to the App (which refuses a path in the other words); the height is checked as the App checks it; failures are the App's ABCI
 * answers for gRPC statuses (`rpc error: code = NotFound desc = …: key not found`, code 22).
 * BroadcastTx is not reachable there (a query does not broadcast; the SDK's would), and Simulate
 * is the App's own.
 */
import { grpcQueryFailure, handlerQueryFailure } from '../../abci/app.ts';
import type { Codec } from '../../codec/registry.ts';
import { QueryError, SDK_CODESPACE, SdkErrors } from '../../errors.ts';
import { qualify, routedQueryName } from '../../naming.ts';
import type { Node, NodeQueries } from '../../node/node.ts';
import { BASE_CONSENSUS_SERVICE, baseConsensusServiceImpls } from '../rest/base-consensus-service.ts';
import { toGatewayError } from '../rest/gateway-error.ts';
import { nodeCodec, type ServiceImpl } from '../rest/grpc-gateway.ts';
import { TX_SERVICE, txQueryImpls, txServiceImpls, type QueryImpl } from '../rest/tx-service.ts';

/** The services computed by the node (neutral names). */
export const NODE_SERVICES: readonly string[] = [TX_SERVICE, BASE_CONSENSUS_SERVICE];

/** Every method of the node's services, keyed by neutral full method name (`sdk.tx.v1beta1.Service/GetTx`). */
export function nodeServiceImpls(node: Node): Record<string, ServiceImpl> {
  return { ...txServiceImpls(node), ...baseConsensusServiceImpls(node) };
}

/** The read-only methods of the node's services: those abci_query reaches. */
export function nodeQueryImpls(node: Node): Record<string, QueryImpl> {
  return { ...txQueryImpls(node), ...baseConsensusServiceImpls(node) };
}

/** The abci_query door to the node's read-only service methods; undefined for any other path. */
export function nodeServiceQueries(node: Node): NodeQueries {
  const codec = nodeCodec(node);
  const methods = new Map(Object.entries(nodeQueryImpls(node)).map(([name, impl]) => [name, { impl, ...methodTypes(codec, name) }]));
  return (path, data, height) => {
    const bare = path.startsWith('/') ? path.slice(1) : path;
    const name = routedQueryName(codec.profile, bare);
    const method = name === undefined ? undefined : methods.get(name);
    if (!method) return undefined;
    const refused = node.chain.app.refuseQueryHeight(height);
    if (refused) return refused;
    const at = height === 0n ? node.height : height;
    let request;
    try {
      request = codec.decode(method.requestType, data);
    } catch (e) {
      return { code: SdkErrors.InvalidRequest.code, codespace: SDK_CODESPACE, log: `${(e as Error).message}: ${SdkErrors.InvalidRequest.text}`, value: new Uint8Array(0), height: at };
    }
    try {
      const response = method.impl(request, { node, codec, height: at });
      return { code: 0, codespace: '', log: '', value: codec.encode(method.responseType, response), height: at };
    } catch (e) {
      // a registered SDK error: the log wraps its Error(), not its status text (as the App's handlers)
      if (e instanceof QueryError && e.goText !== undefined) return handlerQueryFailure(e.grpcCode, e.goText, at);
      const g = toGatewayError(e);
      return grpcQueryFailure(g.grpcCode, g.message, at);
    }
  };
}

/** The request and response types (neutral names) of a neutral full method name. */
export function methodTypes(codec: Codec, method: string): { requestType: string; responseType: string } {
  const slash = method.lastIndexOf('/');
  const m = codec.root.lookupService(qualify(codec.profile, method.slice(0, slash))).methods[method.slice(slash + 1)]!;
  m.resolve();
  return { requestType: codec.neutralName(m.resolvedRequestType!), responseType: codec.neutralName(m.resolvedResponseType!) };
}
