/**
 * The methods the gRPC server serves, built from the codec's proto services so that a module whose
 * query service the App serves is on the gRPC server without touching this folder: every
 * `<pkg>.Query` service, and the services the node computes itself (node-services.ts: the tx
 * service and the consensus-engine service) — the services the SDK registers on its gRPC server
 * (baseapp `RegisterGRPCServer`; Msg services are not registered there).
 * Paths are in the codec's profile words (`/chain.register.v1.Query/DepositByNode` neutral,
 * `/stratos.register.v1.Query/DepositByNode` real). Messages stay bytes: a query goes through
 * `Node.query` unchanged; the node's service methods are decoded, run and encoded with the codec.
 */
import protobuf from 'protobufjs';
import type { Codec } from '../../codec/registry.ts';
import type { Node } from '../../node/node.ts';
import { gatewayErrorOfQuery, isUnknownQueryPath, toGatewayError } from '../rest/gateway-error.ts';
import { nodeCodec, type ServiceImpl } from '../rest/grpc-gateway.ts';
import { NODE_SERVICES, nodeServiceImpls } from './node-services.ts';
import { GRPC_CODES, GrpcCallError } from './status.ts';

export interface GrpcMethod {
  /** profile-word path, `/chain.register.v1.Query/DepositByNode` */
  readonly path: string;
  /** neutral full name, `chain.register.v1.Query/DepositByNode` */
  readonly neutral: string;
  readonly requestType: string;
  readonly responseType: string;
  /** request bytes at a height → response bytes; throws GrpcCallError */
  call(request: Buffer, height: bigint): Promise<Uint8Array>;
}

export interface GrpcServiceTable {
  /** profile-word service names of every proto service with methods here (`chain.register.v1.Query`) */
  readonly services: ReadonlySet<string>;
  readonly methods: ReadonlyMap<string, GrpcMethod>;
  /** the services this node runs: the node's own and each Query service the App serves */
  servedServices(): string[];
}

/** grpc-go `unknown service` / `unknown method` texts (server.go `handleStream`). */
export function unknownService(service: string): GrpcCallError {
  return new GrpcCallError(GRPC_CODES.Unimplemented, `unknown service ${service}`);
}
export function unknownMethod(service: string, method: string): GrpcCallError {
  return new GrpcCallError(GRPC_CODES.Unimplemented, `unknown method ${method} for service ${service}`);
}

function statusOf(err: unknown): GrpcCallError {
  if (err instanceof GrpcCallError) return err;
  const g = toGatewayError(err);
  return new GrpcCallError(g.grpcCode, g.message);
}

function queryMethod(node: Node, path: string, neutral: string, service: string, types: { requestType: string; responseType: string }): GrpcMethod {
  return {
    path,
    neutral,
    ...types,
    async call(request, height) {
      const res = node.query(path, request, height);
      if (res.code === 0) return res.value;
      // a proto service whose module this node does not run is not registered on the real server
      if (isUnknownQueryPath(res)) throw unknownService(service);
      const g = gatewayErrorOfQuery(res);
      throw new GrpcCallError(g.grpcCode, g.message);
    },
  };
}

function implMethod(node: Node, codec: Codec, path: string, neutral: string, impl: ServiceImpl, types: { requestType: string; responseType: string }): GrpcMethod {
  return {
    path,
    neutral,
    ...types,
    async call(request, height) {
      let decoded;
      try {
        decoded = codec.decode(types.requestType, request);
      } catch (e) {
        // grpc-go's codec failure text
        throw new GrpcCallError(GRPC_CODES.Internal, `grpc: error unmarshalling request: ${(e as Error).message}`);
      }
      try {
        const response = await impl(decoded, { node, codec, height });
        return codec.encode(types.responseType, response);
      } catch (e) {
        throw statusOf(e);
      }
    },
  };
}

export function grpcServiceTable(node: Node): GrpcServiceTable {
  const codec = nodeCodec(node);
  const impls = nodeServiceImpls(node);
  const services = new Set<string>();
  const methods = new Map<string, GrpcMethod>();
  const walk = (ns: protobuf.NamespaceBase): void => {
    for (const child of ns.nestedArray) {
      if (child instanceof protobuf.Service) {
        const service = child.fullName.replace(/^\./, '');
        const neutralService = codec.neutralName(service);
        const isNodeService = NODE_SERVICES.includes(neutralService);
        if (!isNodeService && !neutralService.endsWith('.Query')) continue;
        services.add(service);
        for (const m of child.methodsArray) {
          m.resolve();
          const types = {
            requestType: codec.neutralName(m.resolvedRequestType as protobuf.Type),
            responseType: codec.neutralName(m.resolvedResponseType as protobuf.Type),
          };
          const path = `/${service}/${m.name}`;
          const neutral = `${neutralService}/${m.name}`;
          const impl = impls[neutral];
          // the node's service methods it has no implementation of (the amino ones): not served
          if (isNodeService && !impl) continue;
          methods.set(path, impl ? implMethod(node, codec, path, neutral, impl, types) : queryMethod(node, path, neutral, service, types));
        }
      } else if (child instanceof protobuf.Namespace) walk(child);
    }
  };
  walk(codec.root);
  const servedServices = (): string[] => {
    const out = new Set<string>();
    for (const m of methods.values()) {
      const service = m.path.slice(1, m.path.lastIndexOf('/'));
      if (out.has(service)) continue;
      // asked past the last block, the App refuses a known method for its height, an unknown one for its path
      const nodeService = NODE_SERVICES.includes(m.neutral.slice(0, m.neutral.lastIndexOf('/')));
      if (nodeService || !isUnknownQueryPath(node.query(m.path, new Uint8Array(0), node.height + 1n))) out.add(service);
    }
    return [...out];
  };
  return { services, methods, servedServices };
}
