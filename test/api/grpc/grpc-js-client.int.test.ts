/**
 * A real gRPC client (@grpc/grpc-js, the library Node services use) against the node's gRPC
 * server: unary calls with metadata, a NOT_FOUND status, and an unknown method.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as grpc from '@grpc/grpc-js';
import { QueryBalanceRequest, QueryBalanceResponse } from 'cosmjs-types/cosmos/bank/v1beta1/query';
import { QueryAccountRequest } from 'cosmjs-types/cosmos/auth/v1beta1/query';
import { startGrpcServer, type RunningGrpcServer } from '../../../src/api/grpc/server.ts';
import { BOB_WEI, bob, carol, restFixture, sendTx, type RestFixture } from '../rest/rest-node.ts';

let f: RestFixture;
let server: RunningGrpcServer;
let client: grpc.Client;

beforeAll(async () => {
  f = await restFixture();
  f.node.produceBlock();
  expect((await f.node.broadcastTxSync(sendTx(0n, 5n))).code).toBe(0);
  f.node.produceBlock();
  server = await startGrpcServer(f.node, { address: '127.0.0.1:0' });
  client = new grpc.Client(`127.0.0.1:${server.address.port}`, grpc.credentials.createInsecure());
});
afterAll(async () => {
  client.close();
  await server.close();
  await f.close();
});

const raw = (b: Buffer) => b;
function unary(path: string, request: Uint8Array, metadata = new grpc.Metadata()): Promise<{ response: Buffer; headers: grpc.Metadata }> {
  return new Promise((resolve, reject) => {
    let headers = new grpc.Metadata();
    const call = client.makeUnaryRequest(path, raw, raw, Buffer.from(request), metadata, (err, response) => (err ? reject(err) : resolve({ response: response!, headers })));
    call.on('metadata', (m) => (headers = m));
  });
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
