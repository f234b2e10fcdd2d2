/**
 * The generic gateway route: "call this gRPC method with the fields taken from the path, the query
 * string (GET) or the JSON body (POST), print the response as proto-JSON". It reproduces what the
 * SDK's REST server does for every `google.api.http` binding (reference/wire-formats.md §4.6,
 * reference/sdk-modules.md §1): gogo jsonpb output (snake_case, defaults emitted, int64 as strings,
 * Any with `@type`), gRPC-status errors, the `x-cosmos-block-height` request header and the
 * `Grpc-Metadata-X-Cosmos-Block-Height` response header.
 *
 * The bindings come from the `(http_get)`/`(http_post)` options of the proto services
 * (proto/README.md), so a module that adds a query service with those options and serves it
 * through the App gets its REST routes without touching this folder. A method the App does not
 * serve answers like an unknown route (501), as on a node without that module.
 */
import { asReceivedOverGrpc } from '../../codec/grpc-shape.ts';
import protobuf from 'protobufjs';
import { goJson } from '../../codec/go-json.ts';
import { parseProtoJson, ProtoJsonError } from '../../codec/proto-json.ts';
import type { Codec, ProtoObject } from '../../codec/registry.ts';
import type { Node } from '../../node/node.ts';
import { responseJsonValue } from '../../codec/go-encoding-json.ts';
import { applyRequestDefaults } from './request-defaults.ts';
import { GatewayError, gatewayErrorOfQuery, isUnknownQueryPath, NOT_IMPLEMENTED, toGatewayError } from './gateway-error.ts';
import { BLOCK_HEIGHT_RESPONSE_HEADER, HeaderedGatewayError, queryHeight } from './grpc-interceptor.ts';
import { groupQuery, populateQueryParameters, setPathParameter } from './request-fields.ts';
import { compileRoute, type HttpMethod, type RestReply, type RestRequest, type RestRoute } from './route.ts';
import { restPath } from '../../naming.ts';
import { queryPath } from '../../client/query-grpc.ts';

export { BLOCK_HEIGHT_HEADER, BLOCK_HEIGHT_RESPONSE_HEADER, HeaderedGatewayError, inService, queryHeight } from './grpc-interceptor.ts';
export { toGatewayError } from './gateway-error.ts';

/** One `google.api.http` binding of a gRPC method. */
export interface GatewayBinding {
  /** neutral full method name: `sdk.bank.v1beta1.Query/AllBalances` */
  readonly method: string;
  readonly httpMethod: HttpMethod;
  readonly pattern: string;
  /** neutral message names */
  readonly requestType: string;
  readonly responseType: string;
}

export interface ServiceCtx {
  readonly node: Node;
  readonly codec: Codec;
  /** the state height the query runs at (the header's, or the latest) */
  readonly height: bigint;
}

/** A method served in the REST process itself (tx service); throws GatewayError, QueryError or ChainError. */
export type ServiceImpl = (request: ProtoObject, ctx: ServiceCtx) => ProtoObject | Promise<ProtoObject>;

/** Largest JSON body accepted (`[api] rpc-max-body-bytes` default of the SDK, 1000000). */
export const MAX_BODY_BYTES = 1_000_000;

export function nodeCodec(node: Node): Codec {
  return node.chain.app.codec;
}

/** A successful gateway answer: compact proto-JSON with the height header. */
export function protoReply(codec: Codec, typeName: string, message: unknown, height: bigint): RestReply {
  const received = asReceivedOverGrpc(codec, codec.lookupType(typeName), message);
  // proto-JSON, except nested types with a Go MarshalJSON of their own (go-encoding-json.ts)
  return { status: 200, body: goJson(responseJsonValue(codec, typeName, received)), headers: { [BLOCK_HEIGHT_RESPONSE_HEADER]: height.toString() } };
}

/** The request message of a binding, from path parameters and the query string or JSON body. */
export async function gatewayRequest(codec: Codec, binding: GatewayBinding, req: RestRequest): Promise<ProtoObject> {
  const type = codec.lookupType(binding.requestType);
  if (binding.httpMethod === 'POST') {
    // body: "*": the whole request is the JSON body; an empty body is an empty request (io.EOF)
    const raw = await req.body();
    let request = codec.create(binding.requestType);
    if (raw.length > 0) {
      try {
        // a body of `null` leaves the request empty, as jsonpb reads it
        request = parseProtoJson(binding.requestType, raw.toString('utf8'), { codec }) ?? request;
      } catch (e) {
        throw GatewayError.invalidArgument(e instanceof ProtoJsonError ? e.goText : (e as Error).message);
      }
    }
    for (const [name, value] of Object.entries(req.params)) setPathParameter(codec, type, request, name, value);
    return request;
  }
  const request = codec.create(binding.requestType);
  for (const [name, value] of Object.entries(req.params)) setPathParameter(codec, type, request, name, value);
  if (req.queryError !== undefined) throw GatewayError.invalidArgument(req.queryError);
  const query = groupQuery(req.query);
  populateQueryParameters(codec, type, request, query, new Set(Object.keys(req.params)));
  applyRequestDefaults(binding.method, request, query);
  return request;
}

/**
 * Whether the App serves `method`: asked at a height after the last block, the App answers an
 * unknown path with "unknown query path" and a known one with its future-height refusal, without
 * running the query (src/abci/app.ts `query` checks the method first, then the height).
 */
function appServes(node: Node, codec: Codec, method: string): boolean {
  return !isUnknownQueryPath(node.query(queryPath(method, codec), new Uint8Array(0), node.height + 1n));
}

/** The route of one binding; without `impl` the method goes through the node's query door. */
export function gatewayRoute(node: Node, binding: GatewayBinding, impl?: ServiceImpl): RestRoute {
  const codec = nodeCodec(node);
  let served: boolean | undefined = impl ? true : undefined;
  const route: RestRoute = {
    method: binding.httpMethod,
    pattern: binding.pattern,
    async handler(req) {
      // a method nobody serves has no route on the real node: the gateway's 501 comes first
      served ??= appServes(node, codec, binding.method);
      if (!served) throw NOT_IMPLEMENTED();
      const request = await gatewayRequest(codec, binding, req);
      const height = queryHeight(node, req);
      const withHeight = { [BLOCK_HEIGHT_RESPONSE_HEADER]: height.toString() };
      if (impl) {
        try {
          return protoReply(codec, binding.responseType, await impl(request, { node, codec, height }), height);
        } catch (e) {
          throw new HeaderedGatewayError(toGatewayError(e), withHeight);
        }
      }
      const res = node.query(queryPath(binding.method, codec), codec.encode(binding.requestType, request), height);
      if (res.code !== 0) throw new HeaderedGatewayError(gatewayErrorOfQuery(res), withHeight);
      return protoReply(codec, binding.responseType, codec.decode(binding.responseType, res.value), height);
    },
  };
  compileRoute(route); // fail at start-up on a pattern the router cannot match
  return route;
}

/**
 * Every `(http_get)` / `(http_post)` binding of the services in the codec's proto root, services
 * in proto file order and methods in declaration order (the gateway's first match wins, so two
 * bindings with one pattern resolve as on the real node, e.g. auth `bech32/{…}`). The paths are
 * the option texts (neutral root words, proto/README.md) in the codec's profile words (`restPath`).
 */
export function protoGatewayBindings(codec: Codec): GatewayBinding[] {
  const out: GatewayBinding[] = [];
  const walk = (ns: protobuf.NamespaceBase): void => {
    for (const child of ns.nestedArray) {
      if (child instanceof protobuf.Service) {
        for (const m of child.methodsArray) {
          const get = m.options?.['(http_get)'] as string | undefined;
          const post = m.options?.['(http_post)'] as string | undefined;
          if (!get && !post) continue;
          m.resolve();
          const service = codec.neutralName(child.fullName.replace(/^\./, ''));
          out.push({
            method: `${service}/${m.name}`,
            httpMethod: get ? 'GET' : 'POST',
            // the option texts keep the neutral root words: the route is in the codec's (`/cosmos/bank/…`)
            pattern: restPath(codec.profile, (get ?? post)!),
            requestType: codec.neutralName(m.resolvedRequestType as protobuf.Type),
            responseType: codec.neutralName(m.resolvedResponseType as protobuf.Type),
          });
        }
      }
      if (child instanceof protobuf.Namespace) walk(child);
    }
  };
  walk(codec.root);
  return out;
}

/** The gateway routes of every proto binding; `impls` serves methods locally (keyed by full method). */
export function gatewayRoutes(node: Node, impls: Readonly<Record<string, ServiceImpl>> = {}): RestRoute[] {
  return protoGatewayBindings(nodeCodec(node)).map((b) => gatewayRoute(node, b, impls[b.method]));
}
