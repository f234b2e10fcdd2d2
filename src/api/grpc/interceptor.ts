/**
 * What the SDK's gRPC server does around every method (baseapp `RegisterGRPCServer`, SDK v0.47):
 * read the `x-cosmos-block-height` metadata (exactly one decimal value), check it as
 * `CreateQueryContext` does, and answer with the height in the same metadata key. Its failures
 * are registered SDK errors, i.e. gRPC Unknown with `codespace sdk code N: …` texts.
 */
import { SDK_CODESPACE, SdkErrors } from '../../errors.ts';
import type { Node } from '../../node/node.ts';
import { GatewayError } from '../rest/gateway-error.ts';
import { BLOCK_HEIGHT_HEADER } from '../rest/grpc-interceptor.ts';
import { parseGoDecimalInt64 } from '../../codec/go-parse.ts';
import { GrpcCallError } from './status.ts';

export { BLOCK_HEIGHT_HEADER };

/** The SDK's app name in its "not ready" text (neutral word, as the REST interceptor). */
const APP_NAME = 'chain';

function sdkFailure(code: number, text: string, context: string): GrpcCallError {
  const g = GatewayError.sdk(SDK_CODESPACE, code, text, context);
  return new GrpcCallError(g.grpcCode, g.message);
}

/** The height a call runs at, from its metadata values of `x-cosmos-block-height`. */
export function grpcQueryHeight(node: Node, values: readonly string[] | undefined): bigint {
  let height = 0n;
  if (values && values.length === 1) {
    try {
      height = parseGoDecimalInt64(values[0]!);
    } catch (e) {
      throw sdkFailure(SdkErrors.InvalidRequest.code, SdkErrors.InvalidRequest.text, `Baseapp.RegisterGRPCServer: invalid height header "${BLOCK_HEIGHT_HEADER}": ${(e as Error).message}`);
    }
    if (height < 0n) throw sdkFailure(SdkErrors.InvalidRequest.code, SdkErrors.InvalidRequest.text, 'cannot query with height < 0; please provide a valid height');
  }
  if (node.block() === undefined) throw sdkFailure(SdkErrors.InvalidHeight.code, SdkErrors.InvalidHeight.text, `${APP_NAME} is not ready; please wait for first block`);
  if (height > node.height) throw sdkFailure(SdkErrors.InvalidHeight.code, SdkErrors.InvalidHeight.text, 'cannot query with height in the future; please provide a valid height');
  return height === 0n ? node.height : height;
}
