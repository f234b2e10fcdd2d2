/**
 * The consensus-engine service `sdk.base.consensus.v1beta1.Service` over gRPC, called with
 * @grpc/grpc-js and decoded with cosmjs-types' `cosmos.base.tendermint.v1beta1` messages (the same
 * fields under the real network's package name). Given a node at height 2 with one validator
 * (node0 of the sample network) and its REST server: the answers are those of the REST routes,
 * which run the same implementation.
 */
import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ABCIQueryRequest,
  ABCIQueryResponse,
  GetBlockByHeightRequest,
  GetBlockByHeightResponse,
  GetLatestBlockResponse,
  GetLatestValidatorSetRequest,
  GetLatestValidatorSetResponse,
  GetNodeInfoResponse,
  GetSyncingResponse,
  GetValidatorSetByHeightRequest,
} from 'cosmjs-types/cosmos/base/tendermint/v1beta1/query';
import { PubKey } from 'cosmjs-types/cosmos/crypto/ed25519/keys';
import { printProtoJson } from '../../../src/codec/proto-json.ts';
import { grpcJsFixture, type GrpcJsFixture } from './grpc-js-fixture.ts';
import { call, sendTx, type RestFixture } from '../rest/rest-node.ts';

const S = '/sdk.base.consensus.v1beta1.Service';
const VALCONS = 'stvalcons1q7ta5yyt6t40rw338enw3m9v7mlrsz8vva6kcx';
const VALIDATOR_PUBKEY = 'V77q2IGoiSSNuhpHaBJN89RzQPmlFgqysgX7BRkUQTw=';

let g: GrpcJsFixture;
let f: RestFixture;

beforeAll(async () => {
  g = await grpcJsFixture();
  f = g.f;
});
afterAll(async () => g?.close());

function unary(method: string, request?: Uint8Array): Promise<{ response: Buffer; headers: grpc.Metadata }> {
  return g.unary(`${S}/${method}`, request);
}

describe('sdk.base.consensus.v1beta1.Service over gRPC', () => {
  it('GetNodeInfo: the p2p node info and the application version', async () => {
    const { response, headers } = await unary('GetNodeInfo');
    expect(headers.get('x-cosmos-block-height')).toEqual(['2']);
    const info = GetNodeInfoResponse.decode(response);
    expect(info.defaultNodeInfo!.protocolVersion).toEqual({ p2p: 8n, block: 11n, app: 0n });
    expect([info.defaultNodeInfo!.defaultNodeId, info.defaultNodeInfo!.network, info.defaultNodeInfo!.moniker]).toEqual(['73ce7471e3bd6d3e0e5a9e9f25b34fb1ad3da1be', 'stratos-test', 'rest-test']);
    expect(Buffer.from(info.defaultNodeInfo!.channels).toString('hex')).toBe('40202122233038606100');
    expect(info.defaultNodeInfo!.other).toEqual({ txIndex: 'on', rpcAddress: 'tcp://127.0.0.1:26657' });
    expect([info.applicationVersion!.appName, info.applicationVersion!.cosmosSdkVersion]).toEqual(['chaind', 'v0.47.11']);
    expect(GetSyncingResponse.decode((await unary('GetSyncing')).response)).toEqual({ syncing: false });
  });

  it('GetLatestBlock and GetBlockByHeight: the stored block, the same bytes, the same JSON as REST', async () => {
    const latest = (await unary('GetLatestBlock')).response;
    const byHeight = (await unary('GetBlockByHeight', GetBlockByHeightRequest.encode({ height: 2n }).finish())).response;
    expect(byHeight.equals(latest)).toBe(true);
    const block = GetLatestBlockResponse.decode(latest);
    const stored = f.node.block(2n)!;
    expect(Buffer.from(block.blockId!.hash)).toEqual(Buffer.from(stored.hash));
    expect(block.block!.header.height).toBe(2n);
    expect(block.block!.data.txs).toEqual([sendTx(0n, 5n)]);
    expect(Buffer.from(block.block!.header.proposerAddress).toString('hex').toUpperCase()).toBe('0797DA108BD2EAF1BA313E66E8ECACF6FE3808EC');
    expect(block.sdkBlock!.header.proposerAddress).toBe(VALCONS);
    expect(block.sdkBlock!.lastCommit).toEqual(block.block!.lastCommit);
    const codec = f.node.chain.app.codec;
    const rest = await call(f, '/sdk/base/consensus/v1beta1/blocks/latest');
    expect(printProtoJson('sdk.base.consensus.v1beta1.GetLatestBlockResponse', codec.decode('sdk.base.consensus.v1beta1.GetLatestBlockResponse', latest), { codec })).toBe(rest.text);
    expect(GetBlockByHeightResponse.decode((await unary('GetBlockByHeight', GetBlockByHeightRequest.encode({ height: 1n }).finish())).response).block!.header.height).toBe(1n);
  });

  it('block heights out of range: InvalidArgument after the last block, the engine\'s text (Unknown) for 0', async () => {
    await expect(unary('GetBlockByHeight', GetBlockByHeightRequest.encode({ height: 3n }).finish())).rejects.toMatchObject({
      code: grpc.status.INVALID_ARGUMENT,
      details: 'requested block height is bigger then the chain length',
    });
    await expect(unary('GetBlockByHeight', GetBlockByHeightRequest.encode({ height: 0n }).finish())).rejects.toMatchObject({
      code: grpc.status.UNKNOWN,
      details: 'height must be greater than 0, but got 0',
    });
  });

  it('validator sets: consensus address, ed25519 pubkey as Any, paged', async () => {
    const latest = GetLatestValidatorSetResponse.decode((await unary('GetLatestValidatorSet', GetLatestValidatorSetRequest.encode({}).finish())).response);
    expect(latest).toEqual({
      blockHeight: 3n,
      validators: [
        {
          address: VALCONS,
          pubKey: { typeUrl: '/sdk.crypto.ed25519.PubKey', value: PubKey.encode({ key: Buffer.from(VALIDATOR_PUBKEY, 'base64') }).finish() },
          votingPower: 100n,
          proposerPriority: 0n,
        },
      ],
      pagination: { nextKey: new Uint8Array(0), total: 1n },
    });
    const one = GetLatestValidatorSetResponse.decode((await unary('GetValidatorSetByHeight', GetValidatorSetByHeightRequest.encode({ height: 1n }).finish())).response);
    expect([one.blockHeight, one.validators.length]).toEqual([1n, 1]);
    const paged = GetValidatorSetByHeightRequest.encode({ height: 1n, pagination: { key: new Uint8Array(), offset: 1n, limit: 1n, countTotal: false, reverse: false } }).finish();
    await expect(unary('GetValidatorSetByHeight', paged)).rejects.toMatchObject({ code: grpc.status.UNKNOWN, details: 'page should be within [1, 1] range, given 2' });
  });

  it('ABCIQuery passes app/store/p2p/custom paths to the node and refuses gRPC paths', async () => {
    const query = (path: string) => ABCIQueryRequest.encode({ path, data: new Uint8Array(), height: 0n, prove: false }).finish();
    await expect(unary('ABCIQuery', query('/sdk.bank.v1beta1.Query/Balance'))).rejects.toMatchObject({
      code: grpc.status.INVALID_ARGUMENT,
      details: 'unsupported ABCI query path: /sdk.bank.v1beta1.Query/Balance',
    });
    await expect(unary('ABCIQuery', query(''))).rejects.toMatchObject({ code: grpc.status.INVALID_ARGUMENT, details: 'empty query path' });
    const res = ABCIQueryResponse.decode((await unary('ABCIQuery', query('/store/bank/key'))).response);
    expect([res.code, res.codespace, res.log, res.height]).toEqual([6, 'sdk', 'unknown query path: /store/bank/key: unknown request', 2n]);
  });
});
