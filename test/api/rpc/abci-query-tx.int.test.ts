/**
 * The tx service's GetTx and GetTxsEvent through the consensus RPC's abci_query, with the real
 * CosmJS client: `QueryClient.withExtensions(client, setupTxExtension).tx.getTx(hash)` asks for
 * `/cosmos.tx.v1beta1.Service/GetTx` in the real network's words, GetTxsEvent goes through
 * CosmJS' protobuf RPC client. Given a node wired as `chaind start` wires it (the node's services
 * behind abci_query: `queries: nodeServiceQueries`) at height 3, where block 2 holds alice's send
 * of 5 wei to bob with the memo "via abci_query".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256 } from '@noble/hashes/sha2.js';
import { toHex } from '@cosmjs/encoding';
import { createProtobufRpcClient, QueryClient, setupTxExtension, type TxExtension } from '@cosmjs/stargate';
import { Tendermint37Client } from '@cosmjs/tendermint-rpc';
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx';
import { GetBlockByHeightRequest, GetBlockByHeightResponse } from 'cosmjs-types/cosmos/base/tendermint/v1beta1/query';
import { OrderBy, ServiceClientImpl } from 'cosmjs-types/cosmos/tx/v1beta1/service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appModules } from '../../../src/abci/modules.ts';
import type { RunningServer } from '../../../src/api/http.ts';
import { nodeServiceQueries } from '../../../src/api/grpc/node-services.ts';
import { startRpcServer } from '../../../src/api/rpc/server.ts';
import { cometBlockMeta } from '../../../src/consensus/block-meta.ts';
import { createPrivValidatorKey, validatorFromKey } from '../../../src/consensus/keys.ts';
import { Node } from '../../../src/node/node.ts';
import { genesisWith, msgSend, signed } from '../../helpers/fixture.ts';
import { alice, bob, FEE, FIRST_BLOCK_NS, IDENTITY } from './rpc-fixture.ts';

const tx1 = signed(alice, 0n, 0n, { messages: [msgSend(alice.address, bob.address, 5n)], fee: FEE, memo: 'via abci_query' });
const hash1 = toHex(sha256(tx1)).toUpperCase();

let dir: string;
let node: Node;
let server: RunningServer;
let tm: Tendermint37Client;
let q: QueryClient & TxExtension;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'abci-tx-'));
  const key = createPrivValidatorKey(new Uint8Array(32).fill(7));
  const validators = [validatorFromKey(key, 10)];
  const genesis = genesisWith([[alice.address, 10n ** 21n]]);
  let tick = 0n;
  node = new Node({
    ...appModules,
    dbPath: join(dir, 'chain.sqlite'),
    genesis,
    identity: IDENTITY,
    validators,
    blockMeta: cometBlockMeta({ privValidatorKeys: [key], genesisValidators: validators, consensusParams: genesis.consensus_params }),
    clock: () => FIRST_BLOCK_NS + tick++ * 1_000_000_123n,
    queries: nodeServiceQueries,
  });
  server = await startRpcServer(node, { laddr: 'tcp://127.0.0.1:0' });
  node.produceBlock();
  expect((await node.broadcastTxSync(tx1)).code).toBe(0);
  node.produceBlock();
  node.produceBlock();
  tm = await Tendermint37Client.connect(`http://127.0.0.1:${server.address.port}`);
  q = QueryClient.withExtensions(tm, setupTxExtension);
});
afterAll(async () => {
  tm?.disconnect();
  await server?.close();
  node?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the tx service through abci_query, with CosmJS', () => {
  it('setupTxExtension().tx.getTx: the committed tx and its response', async () => {
    const res = await q.tx.getTx(hash1);
    const r = res.txResponse!;
    expect([r.height, r.txhash, r.code, r.codespace, r.gasWanted]).toEqual([2n, hash1, 0, '', 200000n]);
    expect(r.timestamp).toBe('2024-01-01T00:00:02Z');
    expect(r.tx!.typeUrl).toBe('/sdk.tx.v1beta1.Tx');
    expect(r.events.some((e) => e.type === 'transfer' && e.attributes.some((a) => a.key === 'amount' && a.value === '5wei'))).toBe(true);
    expect(res.tx!.body!.memo).toBe('via abci_query');
    const [message] = res.tx!.body!.messages;
    expect(message!.typeUrl).toBe('/sdk.bank.v1beta1.MsgSend');
    expect(MsgSend.decode(message!.value)).toEqual({ fromAddress: alice.address, toAddress: bob.address, amount: [{ denom: 'wei', amount: '5' }] });
  });

  it('getTx of an unknown hash fails as the SDK answers it (NotFound → code 22)', async () => {
    const hash = 'AB'.repeat(32);
    await expect(q.tx.getTx(hash)).rejects.toThrow(`Query failed with (22): rpc error: code = NotFound desc = tx not found: ${hash}: key not found`);
    await expect(q.tx.getTx('')).rejects.toThrow('Query failed with (18): rpc error: code = InvalidArgument desc = tx hash cannot be empty: invalid request');
  });

  it('GetTxsEvent through CosmJS\' protobuf RPC client, with its paging', async () => {
    const service = new ServiceClientImpl(createProtobufRpcClient(q));
    const found = await service.GetTxsEvent({ events: [`message.sender='${alice.address}'`], orderBy: OrderBy.ORDER_BY_DESC, page: 1n, limit: 10n, query: '' });
    expect(found.total).toBe(1n);
    expect(found.txResponses.map((r) => [r.height, r.txhash])).toEqual([[2n, hash1]]);
    expect(found.txs.map((t) => t.body!.memo)).toEqual(['via abci_query']);
    const none = await service.GetTxsEvent({ events: [`message.sender='${bob.address}'`], orderBy: OrderBy.ORDER_BY_UNSPECIFIED, page: 0n, limit: 0n, query: '' });
    expect([none.total, none.txs]).toEqual([0n, []]);
    await expect(service.GetTxsEvent({ events: [], orderBy: OrderBy.ORDER_BY_UNSPECIFIED, page: 0n, limit: 0n, query: '' })).rejects.toThrow(
      'Query failed with (18): rpc error: code = InvalidArgument desc = must declare at least one event to search: invalid request',
    );
  });

  it('the height is checked as for any query; the consensus-engine service answers there too', async () => {
    await expect(q.queryAbci('/cosmos.tx.v1beta1.Service/GetTx', new Uint8Array(), 9)).rejects.toThrow(
      'Query failed with (26): cannot query with height in the future; please provide a valid height: invalid height',
    );
    const { value, height } = await q.queryAbci('/sdk.base.consensus.v1beta1.Service/GetBlockByHeight', GetBlockByHeightRequest.encode({ height: 2n }).finish());
    expect(height).toBe(3);
    expect(GetBlockByHeightResponse.decode(value).block!.data!.txs).toEqual([tx1]);
  });

  it('GetBlockWithTxs: the block with its txs decoded; a refusal logs the SDK error\'s Error() (code 6)', async () => {
    const service = new ServiceClientImpl(createProtobufRpcClient(q));
    const res = await service.GetBlockWithTxs({ height: 2n });
    expect(res.block!.data!.txs).toEqual([tx1]);
    expect(res.txs.map((t) => t.body!.memo)).toEqual(['via abci_query']);
    expect(res.pagination!.total).toBe(2n - 1n);
    await expect(service.GetBlockWithTxs({ height: 4n })).rejects.toThrow(
      'Query failed with (6): requested height 4 but height must not be less than 1 or greater than the current height 3: invalid height: unknown request',
    );
  });

  it('a node without the services (no `queries`) answers the App\'s unknown-path error', async () => {
    expect(node.chain.app.query('/cosmos.tx.v1beta1.Service/GetTx', new Uint8Array()).log).toBe('unknown query path: /cosmos.tx.v1beta1.Service/GetTx: unknown request');
  });
});
