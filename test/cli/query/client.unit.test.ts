/** The RPC client, gRPC-over-ABCI queries, TxResponse building and the SDK output rules, without a node. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { codec } from '../../../src/codec/registry.ts';
import { GrpcStatusError, queryGrpc, queryPath } from '../../../src/client/query-grpc.ts';
import { RpcClient, rpcEndpointUrl, type ResultTx } from '../../../src/client/rpc-client.ts';
import {
  parseAbciLogs,
  rfc3339Seconds,
  searchTxsResult,
  txResponseOfBroadcast,
  txResponseOfCommit,
  txResponseOfMempoolError,
  txResponseOfResultTx,
} from '../../../src/client/tx-response.ts';
import { printProtoJson } from '../../../src/codec/proto-json.ts';
import { createCodec } from '../../../src/codec/registry.ts';
import { REAL } from '../../../src/naming.ts';
import { bufferOutput } from '../../../src/cli/output.ts';
import { printSdkJson } from '../../../src/cli/query/sdk-output.ts';
import { parseEventFilters } from '../../../src/cli/query/txs.ts';
import { txRecordJson } from '../../../src/cli/query/tx.ts';
import { ABANDON, MSG_SEND } from '../../crypto/vectors.ts';

/** A fetch that answers every call with `answer(body)`. */
function fakeFetch(answer: (body: { method: string; params: Record<string, unknown> }) => { status?: number; json: unknown }): { fetch: typeof fetch; calls: unknown[] } {
  const calls: unknown[] = [];
  const f = (async (_url: string, init: { body: string }) => {
    const body = JSON.parse(init.body);
    calls.push(body);
    const { status = 200, json } = answer(body);
    return new Response(JSON.stringify(json), { status });
  }) as unknown as typeof fetch;
  return { fetch: f, calls };
}

/** §3.4 TxRaw */
const VECTOR_TX_B64 =
  'CpUBCpIBChwvY29zbW9zLmJhbmsudjFiZXRhMS5Nc2dTZW5kEnIKKXN0MTh5ZXNhZHgzdDh4M2pqc3lncHFlcXpoMGo3eGgydmg2Njk0NXp4EilzdDFqeXZ0d3VwZnJ6eGdlbmR4cHVjOTRoNW45ejkyNzdjcTNlNzQyaxoaCgN3ZWkSEzEwMDAwMDAwMDAwMDAwMDAwMDASdQpVCk0KJi9zdHJhdG9zLmNyeXB0by52MS5ldGhzZWNwMjU2azEuUHViS2V5EiMKIQMljTpAA1J+yC2TVT1BnGa5dmgdCdujiwKoS7gORQcfJxIECgIIARIcChYKA3dlaRIPMjAwMDAwMDAwMDAwMDAwEMCaDBpA4QKYhxqIpYwPYxtpKmyKoSi0bUJGie+BRk7jtfw7Sr0XqngaI0s/1t7Yb6EbpCNKSwJJRAa3ioq5Fa5uw3MZIw==';

describe('RPC client', () => {
  it('maps --node addresses to the URL it posts to', () => {
    expect(rpcEndpointUrl('tcp://localhost:26657')).toBe('http://localhost:26657');
    expect(rpcEndpointUrl('http://10.0.0.1:1234/rpc')).toBe('http://10.0.0.1:1234/rpc');
    expect(rpcEndpointUrl('https://rpc.example:443')).toBe('https://rpc.example:443');
    expect(rpcEndpointUrl('127.0.0.1:26657')).toBe('http://127.0.0.1:26657');
    expect(() => rpcEndpointUrl('ws://x:1')).toThrow('invalid node address "ws://x:1": unsupported scheme "ws" (use tcp://, http:// or https://)');
    expect(() => rpcEndpointUrl('nonsense')).toThrow('invalid node address "nonsense": expected tcp://host:port or http://host:port');
  });

  it('a refused connection reads like the Go client', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await expect(new RpcClient(`tcp://127.0.0.1:${port}`).status()).rejects.toThrow(
      `post failed: Post "http://127.0.0.1:${port}": dial tcp 127.0.0.1:${port}: connect: connection refused`,
    );
  });

  it('sends CometBFT params (strings for integers, base64 bytes, hex query data) and reports JSON-RPC errors', async () => {
    const { fetch, calls } = fakeFetch((b) =>
      b.method === 'tx'
        ? { json: { jsonrpc: '2.0', id: 0, error: { code: -32603, message: 'Internal error', data: 'tx (ABCD) not found' } } }
        : { json: { jsonrpc: '2.0', id: 1, result: { response: { code: 0, value: 'CggKA3dlaRIBMA==', height: '7' } } } },
    );
    const client = new RpcClient('tcp://h:1', fetch);
    await expect(client.tx(new Uint8Array([0xab, 0xcd]))).rejects.toThrow(
      'error in json rpc client, with http response metadata: (Status: 200 OK, Protocol HTTP/1.1). RPC error -32603 - Internal error: tx (ABCD) not found',
    );
    const q = await client.abciQuery('/p', new Uint8Array([1, 0xff]), 5n);
    expect(q).toEqual({ code: 0, log: '', info: '', codespace: '', value: new Uint8Array(Buffer.from('CggKA3dlaRIBMA==', 'base64')), height: 7n });
    await client.txSearch("tx.height=5", 2, 30).catch(() => undefined);
    expect(calls).toEqual([
      { jsonrpc: '2.0', id: 0, method: 'tx', params: { hash: 'q80=', prove: false } },
      { jsonrpc: '2.0', id: 1, method: 'abci_query', params: { path: '/p', data: '01ff', prove: false, height: '5' } },
      { jsonrpc: '2.0', id: 2, method: 'tx_search', params: { query: 'tx.height=5', prove: false, page: '2', per_page: '30', order_by: '' } },
    ]);
  });
});

describe('gRPC queries over abci_query', () => {
  it('encodes the request, decodes the response (wire-formats §3.5)', async () => {
    const { fetch, calls } = fakeFetch(() => ({ json: { jsonrpc: '2.0', id: 0, result: { response: { code: 0, value: 'CggKA3dlaRIBMA==', height: '3' } } } }));
    const res = await queryGrpc(new RpcClient('tcp://h:1', fetch), 'sdk.bank.v1beta1.Query/Balance', 'sdk.bank.v1beta1.QueryBalanceRequest', 'sdk.bank.v1beta1.QueryBalanceResponse', { address: ABANDON.index0.address, denom: 'wei' });
    expect(res).toEqual({ balance: { denom: 'wei', amount: '0' } });
    expect((calls[0] as { params: { data: string } }).params.data).toBe('0a29' + Buffer.from(ABANDON.index0.address).toString('hex') + '1203776569');
  });

  it('turns ABCI codes back into gRPC statuses as the SDK client does', async () => {
    const log = `rpc error: code = NotFound desc = account ${ABANDON.index1.address} not found: key not found`;
    for (const [code, name] of [[22, 'NotFound'], [18, 'InvalidArgument'], [4, 'Unauthenticated'], [6, 'Unknown'], [2, 'Unknown']] as const) {
      const { fetch } = fakeFetch(() => ({ json: { jsonrpc: '2.0', id: 0, result: { response: { code, log, codespace: 'sdk', height: '3' } } } }));
      const err = await queryGrpc(new RpcClient('tcp://h:1', fetch), 'sdk.auth.v1beta1.Query/Account', 'sdk.auth.v1beta1.QueryAccountRequest', 'sdk.auth.v1beta1.QueryAccountResponse', { address: ABANDON.index1.address }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(GrpcStatusError);
      expect((err as Error).message).toBe(`rpc error: code = ${name} desc = ${log}`);
    }
  });

  it('paths follow the codec profile', () => {
    expect(queryPath('sdk.bank.v1beta1.Query/Balance')).toBe('/sdk.bank.v1beta1.Query/Balance');
    expect(queryPath('sdk.bank.v1beta1.Query/Balance', createCodec(REAL))).toBe('/cosmos.bank.v1beta1.Query/Balance');
    expect(() => queryPath('nopath')).toThrow('invalid query method "nopath"');
  });
});

describe('TxResponse', () => {
  const events = [{ type: 'tx', attributes: [{ key: 'acc_seq', value: `${ABANDON.index0.address}/0`, index: true }] }];
  const rawLog = '[{"msg_index":0,"events":[{"type":"message","attributes":[{"key":"action","value":"/sdk.bank.v1beta1.MsgSend"}]}]}]';

  it('of broadcast sync/async (SDK NewResponseFormatBroadcastTx)', () => {
    const r = txResponseOfBroadcast({ code: 0, data: '', log: '[]', codespace: '', hash: 'AB' });
    expect(printProtoJson('sdk.base.abci.v1beta1.TxResponse', r)).toBe(
      '{"height":"0","txhash":"AB","codespace":"","code":0,"data":"","raw_log":"[]","logs":[],"info":"","gas_wanted":"0","gas_used":"0","tx":null,"timestamp":"","events":[]}',
    );
  });

  it('of broadcast commit: the DeliverTx result, or the CheckTx one when it failed', () => {
    const deliver = { code: 0, data: 'EiYKJC9jb3Ntb3MuYmFuay52MWJldGExLk1zZ1NlbmRSZXNwb25zZQ==', log: rawLog, info: '', gas_wanted: '200000', gas_used: '61234', events, codespace: '' };
    const check = { code: 0, data: null, log: '[]', info: '', gas_wanted: '200000', gas_used: '40000', events: [], codespace: '' };
    const ok = txResponseOfCommit({ check_tx: check, deliver_tx: deliver, hash: 'CD', height: '12' });
    expect(ok).toMatchObject({ height: 12n, txhash: 'CD', code: 0, data: '12260A242F636F736D6F732E62616E6B2E763162657461312E4D736753656E64526573706F6E7365', gas_used: 61234n, raw_log: rawLog, events });
    expect(ok.logs).toEqual([{ msg_index: 0, log: '', events: [{ type: 'message', attributes: [{ key: 'action', value: '/sdk.bank.v1beta1.MsgSend' }] }] }]);
    const failed = txResponseOfCommit({ check_tx: { ...check, code: 5, codespace: 'sdk', log: 'insufficient funds' }, deliver_tx: { ...deliver, code: 0 }, hash: 'CD', height: '0' });
    expect(failed).toMatchObject({ height: 0n, code: 5, codespace: 'sdk', raw_log: 'insufficient funds', logs: [], gas_used: 40000n, events: [] });
  });

  it('of a committed tx: decoded tx as Any, block time in whole seconds', () => {
    const res: ResultTx = {
      hash: '843824AE9A31343E9CEC2ADA0F530A189EC44E6946182D0E0CEC6BEA33FEBB77',
      height: '4',
      index: 0,
      tx: VECTOR_TX_B64,
      tx_result: { code: 0, data: null, log: rawLog, info: '', gas_wanted: '200000', gas_used: '5', events, codespace: '' },
    };
    const real = createCodec(REAL);
    const r = txResponseOfResultTx(res, '2024-01-01T00:00:05.123456789Z', real);
    expect(r.timestamp).toBe('2024-01-01T00:00:05Z');
    const json = JSON.parse(printProtoJson('sdk.base.abci.v1beta1.TxResponse', r, { codec: real }));
    expect(json.tx['@type']).toBe('/cosmos.tx.v1beta1.Tx');
    expect(json.tx.body.messages[0]).toEqual({ '@type': '/cosmos.bank.v1beta1.MsgSend', from_address: ABANDON.index0.address, to_address: ABANDON.index1.address, amount: [{ denom: 'wei', amount: '1000000000000000000' }] });
    expect(json.tx.signatures).toEqual([Buffer.from(MSG_SEND.signature, 'hex').toString('base64')]);
    expect(json.tx.auth_info.signer_infos[0].mode_info).toEqual({ single: { mode: 'SIGN_MODE_DIRECT' } });
    // the spec's `query tx` record: top-level events base64, logs plain
    const record = txRecordJson(r, real) as { events: unknown; logs: unknown };
    expect(record.events).toEqual([{ type: 'tx', attributes: [{ key: 'YWNjX3NlcQ==', value: Buffer.from(`${ABANDON.index0.address}/0`).toString('base64'), index: true }] }]);
    expect(record.logs).toEqual([{ msg_index: 0, log: '', events: [{ type: 'message', attributes: [{ key: 'action', value: '/sdk.bank.v1beta1.MsgSend' }] }] }]);
  });

  it('helpers: logs, times, page totals, mempool refusals', () => {
    expect(parseAbciLogs('signature verification failed')).toEqual([]);
    expect(parseAbciLogs('[]')).toEqual([]);
    expect(rfc3339Seconds('2024-02-03T04:05:06Z')).toBe('2024-02-03T04:05:06Z');
    expect(() => rfc3339Seconds('yesterday')).toThrow('unexpected block time "yesterday"');
    expect(searchTxsResult(61n, 3n, 30n, [])).toMatchObject({ total_count: 61n, count: 0n, page_number: 3n, page_total: 3n, limit: 30n });
    expect(searchTxsResult(0n, 1n, 30n, []).page_total).toBe(0n);
    const tx = new Uint8Array([1, 2, 3]);
    expect(txResponseOfMempoolError(new Error('RPC error -32603 - Internal error: tx already exists in cache'), tx)).toMatchObject({ code: 19, codespace: 'sdk', txhash: '039058C6F2C0CB492C533B0A4D14EF77CC0F78ABCCCED5287D84A1A2011CFB81' });
    expect(txResponseOfMempoolError(new Error('mempool is full: number of txs 5000'), tx)?.code).toBe(20);
    expect(txResponseOfMempoolError(new Error('Tx too large. Max size is 1048576'), tx)?.code).toBe(21);
    expect(txResponseOfMempoolError(new Error('connection refused'), tx)).toBeUndefined();
  });
});

describe('query txs event filters (SDK QueryTxsByEventsCmd)', () => {
  it('quotes values, leaves tx.height bare, joins on &', () => {
    expect(parseEventFilters(`message.sender=${ABANDON.index0.address}&tx.height=5`)).toEqual([`message.sender='${ABANDON.index0.address}'`, 'tx.height=5']);
    expect(parseEventFilters("'message.action=/sdk.bank.v1beta1.MsgSend'")).toEqual(["message.action='/sdk.bank.v1beta1.MsgSend'"]);
    expect(() => parseEventFilters('message.sender')).toThrow('invalid event; event message.sender should be of the format: {eventType}.{eventAttribute}={value}');
    expect(() => parseEventFilters('a.b=c=d')).toThrow('invalid event; event a.b=c=d should be of the format');
    expect(() => parseEventFilters('')).toThrow('invalid event; event  should be of the format');
  });
});

describe('SDK output', () => {
  it('json: the text as given; text: YAML with sorted keys', () => {
    const out = bufferOutput();
    const json = '{"b":"1","a":{"z":[],"m":null},"_k":"v","c":0}';
    printSdkJson(out, json, 'json');
    printSdkJson(out, json, 'text');
    expect(out.out).toBe(json + '\n' + '_k: v\na:\n  m: null\n  z: []\nb: "1"\nc: 0\n');
  });

  it('the codec shared by every command is the neutral one', () => {
    expect(codec.profile.name).toBe('neutral');
  });
});
