/**
 * What the SDK's gRPC server does around every query method before and after the handler
 * (baseapp `RegisterGRPCServer` interceptor, SDK v0.47): read the `x-cosmos-block-height` request
 * header, check the height with `CreateQueryContext`, and set the height metadata that the gateway
 * forwards as `Grpc-Metadata-X-Cosmos-Block-Height` — on answers and on the handler's errors.
 */
import { failedToLoadState } from '../../abci/app.ts';
import { SDK_CODESPACE, SdkErrors } from '../../errors.ts';
import type { Node } from '../../node/node.ts';
import { GatewayError, toGatewayError } from './gateway-error.ts';
import { parseGoDecimalInt64 } from '../../codec/go-parse.ts';
import type { RestRequest } from './route.ts';

/** The metadata header the SDK's gRPC server sets and the gateway forwards (sdk-modules §1.1). */
export const BLOCK_HEIGHT_HEADER = 'x-cosmos-block-height';
export const BLOCK_HEIGHT_RESPONSE_HEADER = 'Grpc-Metadata-X-Cosmos-Block-Height';

/** The SDK's app name in its "not ready" text (stratos-chain app_config.go `appName`, neutral word). */
const APP_NAME = 'chain';

/**
 * The height a gRPC query runs at: baseapp `RegisterGRPCServer`'s interceptor reads the
 * `x-cosmos-block-height` header (exactly one value, decimal) and `CreateQueryContext` checks it —
 * negative, no block yet, in the future, state not kept (pruned). Its failures are registered SDK
 * errors, i.e. gRPC Unknown (HTTP 500); they come before the handler, so for every service alike.
 */
export function queryHeight(node: Node, req: RestRequest): bigint {
  const values = req.headersDistinct[BLOCK_HEIGHT_HEADER];
  let height = 0n;
  if (values && values.length === 1) {
    try {
      height = parseGoDecimalInt64(values[0]!);
    } catch (e) {
      const ctx = `Baseapp.RegisterGRPCServer: invalid height header "${BLOCK_HEIGHT_HEADER}": ${(e as Error).message}`;
      throw GatewayError.sdk(SDK_CODESPACE, SdkErrors.InvalidRequest.code, SdkErrors.InvalidRequest.text, ctx);
    }
    if (height < 0n) {
      throw GatewayError.sdk(SDK_CODESPACE, SdkErrors.InvalidRequest.code, SdkErrors.InvalidRequest.text, 'cannot query with height < 0; please provide a valid height');
    }
  }
  if (node.block() === undefined) {
    throw GatewayError.sdk(SDK_CODESPACE, SdkErrors.InvalidHeight.code, SdkErrors.InvalidHeight.text, `${APP_NAME} is not ready; please wait for first block`);
  }
  if (height > node.height) {
    throw GatewayError.sdk(SDK_CODESPACE, SdkErrors.InvalidHeight.code, SdkErrors.InvalidHeight.text, 'cannot query with height in the future; please provide a valid height');
  }
  const at = height === 0n ? node.height : height;
  if (node.chain.app.stateAt(at) === undefined) {
    throw GatewayError.sdk(SDK_CODESPACE, SdkErrors.InvalidRequest.code, SdkErrors.InvalidRequest.text, failedToLoadState(at, node.height));
  }
  return at;
}

/** Runs a service method after the interceptor: its errors carry the height metadata. */
export function inService<T>(height: bigint, run: () => T): T {
  try {
    return run();
  } catch (e) {
    throw new HeaderedGatewayError(toGatewayError(e), { [BLOCK_HEIGHT_RESPONSE_HEADER]: height.toString() });
  }
}

/** A handler's error after the interceptor ran: the gateway forwards the height metadata with it. */
export class HeaderedGatewayError extends GatewayError {
  constructor(
    inner: GatewayError,
    readonly headers: Readonly<Record<string, string>>,
  ) {
    super(inner.grpcCode, inner.message);
  }
}

