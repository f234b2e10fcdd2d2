/**
 * A real gRPC client (@grpc/grpc-js, the library Node services use) against the node's gRPC
 * server: unary calls with metadata, a NOT_FOUND status, an unknown method, statuses whose
 * message echoes a 64 KB input, an oversized request — and the channel serving valid calls after
 * each failure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as grpc from '@grpc/grpc-js';
import { QueryBalanceRequest, QueryBalanceResponse } from 'cosmjs-types/cosmos/bank/v1beta1/query';
import { QueryAccountRequest } from 'cosmjs-types/cosmos/auth/v1beta1/query';
import { GetTxRequest } from 'cosmjs-types/cosmos/tx/v1beta1/service';
import { grpcJsFixture, type GrpcJsFixture } from './grpc-js-fixture.ts';
import { BOB_WEI, bob, carol } from '../rest/rest-node.ts';

let g: GrpcJsFixture;

beforeAll(async () => {
  g = await grpcJsFixture();
});
afterAll(async () => g?.close());

function unary(path: string, request: Uint8Array, metadata?: grpc.Metadata): Promise<{ response: Buffer; headers: grpc.Metadata }> {
  return g.unary(path, request, metadata);
}

describe('@grpc/grpc-js client', () => {
  it('calls bank Balance and reads the height from the response metadata', async () => {
    const md = new grpc.Metadata();
    md.set('x-cosmos-block-height', '2');
    const { response, headers } = await unary('/sdk.bank.v1beta1.Query/Balance', QueryBalanceRequest.encode({ address: bob.address, denom: 'wei' }).finish(), md);
    expect(QueryBalanceResponse.decode(response).balance).toEqual({ denom: 'wei', amount: (BOB_WEI + 5n).toString() });
    expect(headers.get('x-cosmos-block-height')).toEqual(['2']);
  });

  it('gets NOT_FOUND with the handler text for an unknown account, UNIMPLEMENTED for an unknown method', async () => {
    await expect(unary('/sdk.auth.v1beta1.Query/Account', QueryAccountRequest.encode({ address: carol.address }).finish())).rejects.toMatchObject({
      code: grpc.status.NOT_FOUND,
      details: `account ${carol.address} not found`,
    });
    await expect(unary('/sdk.bank.v1beta1.Query/NoSuchMethod', new Uint8Array())).rejects.toMatchObject({ code: grpc.status.UNIMPLEMENTED });
  });
});

describe('failures leave the channel serving', () => {
  const balance = () => unary('/sdk.bank.v1beta1.Query/Balance', QueryBalanceRequest.encode({ address: bob.address, denom: 'wei' }).finish());

  it('a NOT_FOUND whose text echoes a 64 KB hash arrives as a status, cut to 7 KiB with its full size; valid calls still work', async () => {
    const hash = 'AB'.repeat(32 * 1024);
    // 'tx not found: ' (20 bytes percent-encoded) + 7097 hex digits + the marker (51 bytes) = 7168 bytes
    const details = `tx not found: ${hash.slice(0, 7097)}… (truncated: 65550 bytes in all)`;
    for (let i = 0; i < 3; i++) {
      await expect(unary('/sdk.tx.v1beta1.Service/GetTx', GetTxRequest.encode({ hash }).finish())).rejects.toMatchObject({ code: grpc.status.NOT_FOUND, details });
    }
    const { response } = await balance();
    expect(QueryBalanceResponse.decode(response).balance).toEqual({ denom: 'wei', amount: (BOB_WEI + 5n).toString() });
  });

  it('an address of 64 KB: INVALID_ARGUMENT with the SDK\'s bech32 error (which does not repeat the input)', async () => {
    const address = 'x'.repeat(64 * 1024);
    const err = await unary('/sdk.bank.v1beta1.Query/Balance', QueryBalanceRequest.encode({ address, denom: 'wei' }).finish()).catch((e: grpc.ServiceError) => e);
    expect((err as grpc.ServiceError).code).toBe(grpc.status.INVALID_ARGUMENT);
    expect((err as grpc.ServiceError).details).toBe('invalid address: decoding bech32 failed: invalid bech32 string length 65536');
    expect((await balance()).response.length).toBeGreaterThan(0);
  });

  it('a request over 10 MiB (the SDK\'s max-recv-msg-size) is RESOURCE_EXHAUSTED, in grpc-js\'s words', async () => {
    await expect(unary('/sdk.bank.v1beta1.Query/Balance', new Uint8Array(10 * 1024 * 1024 + 1))).rejects.toMatchObject({
      code: grpc.status.RESOURCE_EXHAUSTED,
      details: 'Received message larger than max (10485761 vs 10485760)',
    });
    expect((await balance()).response.length).toBeGreaterThan(0);
  });
});
