/**
 * Given an App query failure, the gateway error is the gRPC status the SDK's REST server shows:
 * the handler's code and text without the `rpc error: … desc =` prefix and the ABCI suffix, or an
 * SDK error as Unknown with `codespace … code …: description: context`; HTTP statuses by code.
 */
import { describe, expect, it } from 'vitest';
import { GatewayError, gatewayErrorOfQuery, httpStatusFromCode } from '../../../src/api/rest/gateway-error.ts';
import type { QueryResponse } from '../../../src/abci/app.ts';

const failed = (code: number, log: string): QueryResponse => ({ code, codespace: 'sdk', log, value: new Uint8Array(0), height: 3n });

describe('gatewayErrorOfQuery', () => {
  it('a NotFound handler status: 404 with the handler text', () => {
    const err = gatewayErrorOfQuery(failed(22, 'rpc error: code = NotFound desc = account st1abc not found: key not found'));
    expect([err.grpcCode, err.httpStatus, err.body()]).toEqual([5, 404, '{"code":5,"message":"account st1abc not found","details":[]}']);
  });

  it('an InvalidArgument status keeps colons inside its text', () => {
    const err = gatewayErrorOfQuery(failed(18, 'rpc error: code = InvalidArgument desc = invalid address: decoding bech32 failed: invalid checksum: invalid request'));
    expect([err.grpcCode, err.httpStatus, err.message]).toEqual([3, 400, 'invalid address: decoding bech32 failed: invalid checksum']);
  });

  it('a plain error (Unknown) is 500 with code 2', () => {
    const err = gatewayErrorOfQuery(failed(6, 'rpc error: code = Unknown desc = decoding bech32 failed: invalid separator index -1: unknown request'));
    expect([err.grpcCode, err.httpStatus, err.message]).toEqual([2, 500, 'decoding bech32 failed: invalid separator index -1']);
  });

  it('an SDK error raised before the handler becomes Unknown with the GRPCStatus text', () => {
    const load = 'failed to load state at height 1; version mismatch on immutable IAVL tree; version does not exist. Version has either been pruned, or is for a future block height (latest height: 300)';
    const err = gatewayErrorOfQuery(failed(18, `${load}: invalid request`));
    expect([err.grpcCode, err.message]).toEqual([2, `codespace sdk code 18: invalid request: ${load}`]);
  });

  it('a method the App does not serve is the gateway’s unknown route', () => {
    const err = gatewayErrorOfQuery(failed(6, 'unknown query path: /sdk.staking.v1beta1.Query/Pool: unknown request'));
    expect([err.grpcCode, err.httpStatus, err.body()]).toEqual([12, 501, '{"code":12,"message":"Not Implemented","details":[]}']);
  });

  it('escapes the message as Go does', () => {
    expect(new GatewayError(3, 'a<b & "c"').body()).toBe('{"code":3,"message":"a\\u003cb \\u0026 \\"c\\"","details":[]}');
  });
});

describe('httpStatusFromCode (grpc-gateway v1.16)', () => {
  it('maps every gRPC code', () => {
    const table = Array.from({ length: 17 }, (_, code) => httpStatusFromCode(code));
    expect(table).toEqual([200, 408, 500, 400, 504, 404, 409, 403, 429, 400, 409, 400, 501, 500, 503, 500, 401]);
  });
});
