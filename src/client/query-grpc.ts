/**
 * gRPC-style queries over abci_query, as the SDK client's `RunGRPCQuery`: the request is encoded
 * with the codec, sent to the method path, and a non-zero ABCI code is turned back into a gRPC
 * status the way `sdkErrorToGRPCError` does (reference/sdk-modules.md §1.3): 18 → InvalidArgument,
 * 4 → Unauthenticated, 22 → NotFound, anything else → Unknown. The error text is the SDK's:
 * `rpc error: code = NotFound desc = <log>`.
 */
import { asReceivedOverGrpc } from '../codec/grpc-shape.ts';
import { type Codec, codec as neutralCodec, type ProtoObject } from '../codec/registry.ts';
import { GrpcCode } from '../errors.ts';
import { qualify } from '../naming.ts';
import type { RpcClient } from './rpc-client.ts';

const GRPC_CODE_NAMES: Record<number, string> = {
  [GrpcCode.Unknown]: 'Unknown',
  [GrpcCode.InvalidArgument]: 'InvalidArgument',
  [GrpcCode.NotFound]: 'NotFound',
  [GrpcCode.Unauthenticated]: 'Unauthenticated',
};

/** A failed query as the gRPC status the SDK client makes of it. */
export class GrpcStatusError extends Error {
  constructor(
    readonly grpcCode: number,
    /** the ABCI log, e.g. `rpc error: code = NotFound desc = account st1… not found: key not found` */
    readonly log: string,
    readonly abciCode: number,
  ) {
    super(`rpc error: code = ${GRPC_CODE_NAMES[grpcCode] ?? 'Unknown'} desc = ${log}`);
    this.name = 'GrpcStatusError';
  }
}

/** SDK client `sdkErrorToGRPCError`. */
export function grpcCodeOfAbci(code: number): number {
  if (code === 18) return GrpcCode.InvalidArgument;
  if (code === 4) return GrpcCode.Unauthenticated;
  if (code === 22) return GrpcCode.NotFound;
  return GrpcCode.Unknown;
}

/** `sdk.bank.v1beta1.Query/Balance` → `/sdk.bank.v1beta1.Query/Balance` in the codec's words. */
export function queryPath(method: string, c: Codec = neutralCodec): string {
  const slash = method.indexOf('/');
  if (slash <= 0) throw new Error(`invalid query method ${JSON.stringify(method)}: expected <service>/<method>, e.g. sdk.bank.v1beta1.Query/Balance`);
  return `/${qualify(c.profile, method.slice(0, slash).replace(/^\//, ''))}${method.slice(slash)}`;
}

/**
 * Runs `method` (neutral full name, `sdk.auth.v1beta1.Query/Account`) with `request` encoded as
 * `requestType`; returns the response decoded as `responseType`, as Go holds it after decoding
 * (an empty singular `bytes` field is nil, printed `null`: `"next_key":null`). `height` 0 or
 * absent = latest.
 */
export async function queryGrpc(
  client: RpcClient,
  method: string,
  requestType: string,
  responseType: string,
  request: Record<string, unknown>,
  height?: bigint,
  c: Codec = neutralCodec,
): Promise<ProtoObject> {
  const data = c.encode(requestType, request);
  const res = await client.abciQuery(queryPath(method, c), data, height);
  if (res.code !== 0) throw new GrpcStatusError(grpcCodeOfAbci(res.code), res.log, res.code);
  return asReceivedOverGrpc(c, c.lookupType(responseType), c.decode(responseType, res.value)) as ProtoObject;
}
