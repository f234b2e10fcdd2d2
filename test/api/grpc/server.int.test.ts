/**
 * Given a node at height 2 (alice sent bob 5 wei in block 2) with its gRPC server on a free
 * loopback port, a gRPC client gets the SDK gRPC server's answers: protobuf bytes of the query
 * services (encoded and decoded here with cosmjs-types), the `x-cosmos-block-height` metadata both
 * ways, handler statuses (NotFound with the handler's text), the interceptor's SDK errors
 * (Unknown) and grpc-go's Unimplemented texts for unknown services and methods.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryAccountRequest } from 'cosmjs-types/cosmos/auth/v1beta1/query';
import { QueryBalanceRequest, QueryBalanceResponse } from 'cosmjs-types/cosmos/bank/v1beta1/query';
import { BroadcastMode, BroadcastTxRequest, BroadcastTxResponse, GetBlockWithTxsRequest, GetBlockWithTxsResponse, GetTxRequest, GetTxResponse, SimulateRequest, SimulateResponse } from 'cosmjs-types/cosmos/tx/v1beta1/service';
import { sha256 } from '@noble/hashes/sha2.js';
import { startGrpcServer, type RunningGrpcServer } from '../../../src/api/grpc/server.ts';
import { ALICE_WEI, BOB_WEI, alice, bob, carol, restFixture, sendTx, type RestFixture } from '../rest/rest-node.ts';
import { grpcCall } from './grpc-client.ts';

const FEE = 200000000000000n;
let f: RestFixture;
let grpc: RunningGrpcServer;

beforeAll(async () => {
  f = await restFixture();
  f.node.produceBlock();
  expect((await f.node.broadcastTxSync(sendTx(0n, 5n))).code).toBe(0);
  f.node.produceBlock();
  grpc = await startGrpcServer(f.node, { address: '127.0.0.1:0' });
});
afterAll(async () => {
  await grpc.close();
  await f.close();
});

const balance = (address: string) => Buffer.from(QueryBalanceRequest.encode({ address, denom: 'wei' }).finish());

describe('query services', () => {
  it('bank Balance answers the latest state with its height in the metadata', async () => {
    const r = await grpcCall(grpc.address.port, '/sdk.bank.v1beta1.Query/Balance', balance(bob.address));
    expect([r.httpStatus, r.status, r.message]).toEqual([200, 0, '']);
    expect(r.headers['content-type']).toBe('application/grpc+proto');
    expect(r.headers['x-cosmos-block-height']).toBe('2');
    expect(r.messages).toHaveLength(1);
    expect(QueryBalanceResponse.decode(r.messages[0]!)).toEqual({ balance: { denom: 'wei', amount: (BOB_WEI + 5n).toString() } });
  });

  it('x-cosmos-block-height picks the state of an earlier block', async () => {
    const r = await grpcCall(grpc.address.port, '/sdk.bank.v1beta1.Query/Balance', balance(alice.address), { 'x-cosmos-block-height': '1' });
    expect(r.status).toBe(0);
    expect(r.headers['x-cosmos-block-height']).toBe('1');
    expect(QueryBalanceResponse.decode(r.messages[0]!).balance!.amount).toBe(ALICE_WEI.toString());
    const now = await grpcCall(grpc.address.port, '/sdk.bank.v1beta1.Query/Balance', balance(alice.address));
    expect(QueryBalanceResponse.decode(now.messages[0]!).balance!.amount).toBe((ALICE_WEI - 5n - FEE).toString());
  });

  it('an unknown account is NOT_FOUND with the handler text', async () => {
    const r = await grpcCall(grpc.address.port, '/sdk.auth.v1beta1.Query/Account', Buffer.from(QueryAccountRequest.encode({ address: carol.address }).finish()));
    expect([r.httpStatus, r.status, r.message, r.messages.length]).toEqual([200, 5, `account ${carol.address} not found`, 0]);
    expect(r.headers['x-cosmos-block-height']).toBe('2');
  });

  it('a height after the last block is the interceptor SDK error (Unknown)', async () => {
    const r = await grpcCall(grpc.address.port, '/sdk.bank.v1beta1.Query/Balance', balance(bob.address), { 'x-cosmos-block-height': '9' });
    expect([r.status, r.message]).toEqual([2, 'codespace sdk code 26: invalid height: cannot query with height in the future; please provide a valid height']);
  });

  it('a height that is no number is the interceptor SDK error (Unknown)', async () => {
    const r = await grpcCall(grpc.address.port, '/sdk.bank.v1beta1.Query/Balance', balance(bob.address), { 'x-cosmos-block-height': 'x' });
    expect([r.status, r.message]).toEqual([2, 'codespace sdk code 18: invalid request: Baseapp.RegisterGRPCServer: invalid height header "x-cosmos-block-height": strconv.ParseInt: parsing "x": invalid syntax']);
  });
});

describe('tx service', () => {
  it('Simulate answers the gas of a signed send', async () => {
    const r = await grpcCall(grpc.address.port, '/sdk.tx.v1beta1.Service/Simulate', Buffer.from(SimulateRequest.encode({ txBytes: sendTx(1n, 7n) }).finish()));
    expect([r.status, r.message]).toEqual([0, '']);
    const res = SimulateResponse.decode(r.messages[0]!);
    expect(res.gasInfo!.gasUsed > 0n).toBe(true);
    expect(res.result!.msgResponses.map((a) => a.typeUrl)).toEqual(['/sdk.bank.v1beta1.MsgSendResponse']);
  });

  it('BroadcastTx (sync) puts the tx in the mempool; GetTx finds it once committed', async () => {
    const bytes = sendTx(1n, 7n);
    const hash = Buffer.from(sha256(bytes)).toString('hex').toUpperCase();
    const r = await grpcCall(grpc.address.port, '/sdk.tx.v1beta1.Service/BroadcastTx', Buffer.from(BroadcastTxRequest.encode({ txBytes: bytes, mode: BroadcastMode.BROADCAST_MODE_SYNC }).finish()));
    expect([r.status, r.message]).toEqual([0, '']);
    const res = BroadcastTxResponse.decode(r.messages[0]!).txResponse!;
    expect([res.code, res.txhash]).toEqual([0, hash]);
    f.node.produceBlock();
    const got = await grpcCall(grpc.address.port, '/sdk.tx.v1beta1.Service/GetTx', Buffer.from(GetTxRequest.encode({ hash }).finish()));
    expect(got.status).toBe(0);
    const tx = GetTxResponse.decode(got.messages[0]!);
    expect([tx.txResponse!.height, tx.txResponse!.code, tx.txResponse!.txhash]).toEqual([3n, 0, hash]);
  });

  it('GetBlockWithTxs gives the block with its txs; a future height is the SDK error (Unknown)', async () => {
    const r = await grpcCall(grpc.address.port, '/sdk.tx.v1beta1.Service/GetBlockWithTxs', Buffer.from(GetBlockWithTxsRequest.encode({ height: 3n }).finish()));
    expect([r.status, r.message]).toEqual([0, '']);
    const res = GetBlockWithTxsResponse.decode(r.messages[0]!);
    expect([res.block!.header!.height, res.block!.data!.txs.length, res.txs.length, res.pagination!.total]).toEqual([3n, 1, 1, 1n]);
    const future = await grpcCall(grpc.address.port, '/sdk.tx.v1beta1.Service/GetBlockWithTxs', Buffer.from(GetBlockWithTxsRequest.encode({ height: 9n }).finish()));
    expect([future.status, future.message]).toEqual([2, 'codespace sdk code 26: invalid height: requested height 9 but height must not be less than 1 or greater than the current height 3']);
  });

  it('GetTx of an unknown hash is NOT_FOUND', async () => {
    const hash = 'AB'.repeat(32);
    const r = await grpcCall(grpc.address.port, '/sdk.tx.v1beta1.Service/GetTx', Buffer.from(GetTxRequest.encode({ hash }).finish()));
    expect([r.status, r.message]).toEqual([5, `tx not found: ${hash}`]);
  });
});

describe('unknown methods', () => {
  it('a method a served service does not have is UNIMPLEMENTED', async () => {
    const r = await grpcCall(grpc.address.port, '/sdk.bank.v1beta1.Query/Nothing', Buffer.alloc(0));
    expect([r.httpStatus, r.status, r.message]).toEqual([200, 12, 'unknown method Nothing for service sdk.bank.v1beta1.Query']);
  });

  it('an unknown service and a Msg service are UNIMPLEMENTED', async () => {
    for (const service of ['no.such.v1.Query', 'sdk.bank.v1beta1.Msg']) {
      const r = await grpcCall(grpc.address.port, `/${service}/Send`, Buffer.alloc(0));
      expect([r.status, r.message]).toEqual([12, `unknown service ${service}`]);
    }
  });

  it('a path without a service is a malformed method name', async () => {
    const r = await grpcCall(grpc.address.port, '/Balance', Buffer.alloc(0));
    expect([r.status, r.message]).toEqual([12, 'malformed method name: "/Balance"']);
  });

  it('the real-network words are not the neutral profile path', async () => {
    const r = await grpcCall(grpc.address.port, '/cosmos.bank.v1beta1.Query/Balance', balance(bob.address));
    expect([r.status, r.message]).toEqual([12, 'unknown service cosmos.bank.v1beta1.Query']);
  });
});
