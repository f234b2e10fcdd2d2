/**
 * Given a node at height 2 with one validator (node0 of the sample network), the consensus routes
 * of the REST port answer: `/status`, `/block`, `/validators` with the consensus RPC's content in
 * its URI wrapper, and the SDK's consensus-engine service under `/sdk/base/consensus/v1beta1`
 * (the gRPC tests call the same service in test/api/grpc/base-consensus.int.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goJson } from '../../../src/codec/go-json.ts';
import { blockJson, sdkBlockJson } from '../../../src/consensus/json.ts';
import { successText, URI_REQUEST_ID } from '../../../src/api/rpc/jsonrpc.ts';
import { statusJson } from '../../../src/api/rpc/methods/info.ts';
import { CONSENSUS_VERSION } from '../../../src/consensus/version.ts';
import { call, golden, restFixture, sendTx, type RestFixture } from './rest-node.ts';

/** reference/wire-formats.md §6 item 9 */
const VALIDATOR_HEX = '0797DA108BD2EAF1BA313E66E8ECACF6FE3808EC';
const VALIDATOR_PUBKEY = 'V77q2IGoiSSNuhpHaBJN89RzQPmlFgqysgX7BRkUQTw=';
const VALCONS = 'stvalcons1q7ta5yyt6t40rw338enw3m9v7mlrsz8vva6kcx';
const HEIGHT = 'grpc-metadata-x-cosmos-block-height';
const hexToB64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64');

let f: RestFixture;
beforeAll(async () => {
  f = await restFixture();
  f.node.produceBlock();
  expect((await f.node.broadcastTxSync(sendTx(0n, 5n))).code).toBe(0);
  f.node.produceBlock();
});
afterAll(() => f.close());

describe('consensus RPC content on the REST port', () => {
  it('/status is the consensus RPC status in the URI wrapper', async () => {
    const r = await call(f, '/status');
    expect(r.status).toBe(200);
    expect(r.text).toBe(successText(URI_REQUEST_ID, statusJson(f.node)));
    const { jsonrpc, id, result } = r.json();
    expect([jsonrpc, id]).toEqual(['2.0', -1]);
    expect(result.node_info.protocol_version).toEqual({ p2p: '8', block: '11', app: '0' });
    expect(result.node_info.version).toMatch(/^0\.37\./);
    expect([result.node_info.network, result.node_info.moniker]).toEqual(['stratos-test', 'rest-test']);
    expect(result.sync_info.latest_block_height).toBe('2');
    expect(result.sync_info.latest_block_time).toBe('2024-01-01T00:00:02.5Z');
    expect(result.sync_info.catching_up).toBe(false);
    expect(result.validator_info).toEqual({ address: VALIDATOR_HEX, pub_key: { type: 'tendermint/PubKeyEd25519', value: VALIDATOR_PUBKEY }, voting_power: '100' });
    const latest = (await call(f, '/block')).json().result;
    expect(result.sync_info.latest_block_hash).toBe(latest.block_id.hash);
    expect(result.sync_info.latest_app_hash).toBe(latest.block.header.app_hash);
  });

  it('/block?height= is the CometBFT block result', async () => {
    const r = await call(f, '/block?height=1');
    expect(r.text).toBe(successText(URI_REQUEST_ID, blockJson(f.node.block(1n)!) as never));
    await expect(r.text + '\n').toMatchFileSnapshot(golden('block-1.json'));
    const { block_id, block } = r.json().result;
    expect(block.header.height).toBe('1');
    expect(block.header.last_block_id).toEqual({ hash: '', parts: { total: 0, hash: '' } });
    expect(block.header.proposer_address).toBe(VALIDATOR_HEX);
    expect(block_id.hash).toMatch(/^[0-9A-F]{64}$/);
    const latest = (await call(f, '/block')).json().result;
    expect(latest.block.header.height).toBe('2');
    expect(latest.block.header.last_block_id).toEqual(block_id);
    expect(latest.block.data.txs).toEqual([Buffer.from(sendTx(0n, 5n)).toString('base64')]);
  });

  it('/block errors are JSON-RPC errors with HTTP 500', async () => {
    const future = await call(f, '/block?height=3');
    expect([future.status, future.text]).toEqual([500, '{"jsonrpc":"2.0","id":-1,"error":{"code":-32603,"message":"Internal error","data":"height 3 must be less than or equal to the current blockchain height 2"}}']);
    const zero = await call(f, '/block?height=0');
    expect(zero.json().error.data).toBe('height must be greater than 0, but got 0');
    const bad = await call(f, '/block?height=abc');
    expect(bad.status).toBe(500);
    expect(bad.json().error.code).toBe(-32602);
    expect(bad.json().error.data).toMatch(/^error converting http params to arguments: /);
  });

  it('/validators is the set of the next height by default, paged', async () => {
    const validator = { address: VALIDATOR_HEX, pub_key: { type: 'tendermint/PubKeyEd25519', value: VALIDATOR_PUBKEY }, voting_power: '100', proposer_priority: '0' };
    expect((await call(f, '/validators')).json()).toEqual({ jsonrpc: '2.0', id: -1, result: { block_height: '3', validators: [validator], count: '1', total: '1' } });
    expect((await call(f, '/validators?height=1')).json().result.block_height).toBe('1');
    const page2 = await call(f, '/validators?page=2');
    expect([page2.status, page2.json().error.data]).toEqual([500, 'page should be within [1, 1] range, given 2']);
  });
});

describe('/sdk/base/consensus/v1beta1', () => {
  const BASE = '/sdk/base/consensus/v1beta1';

  it('blocks/latest and blocks/{height}: the SDK block form with sdk_block', async () => {
    const latest = await call(f, `${BASE}/blocks/latest`);
    expect(latest.text).toBe(goJson(sdkBlockJson(f.node.block(2n)!) as never));
    expect(latest.headers.get(HEIGHT)).toBe('2');
    await expect(latest.text + '\n').toMatchFileSnapshot(golden('sdk-block-latest.json'));
    const body = latest.json();
    const rpc = (await call(f, '/block?height=2')).json().result;
    expect(Object.keys(body)).toEqual(['block_id', 'block', 'sdk_block']);
    expect(body.block_id).toEqual({ hash: hexToB64(rpc.block_id.hash), part_set_header: { total: 1, hash: hexToB64(rpc.block_id.parts.hash) } });
    expect(body.block.header.proposer_address).toBe(hexToB64(VALIDATOR_HEX));
    expect(body.sdk_block.header.proposer_address).toBe(VALCONS);
    expect(body.block.last_commit.signatures.map((s: any) => s.block_id_flag)).toEqual(['BLOCK_ID_FLAG_COMMIT']);
    expect((await call(f, `${BASE}/blocks/2`)).text).toBe(latest.text);
    expect((await call(f, `${BASE}/blocks/1`)).json().block.header.height).toBe('1');
  });

  it('block heights out of range', async () => {
    expect(await call(f, `${BASE}/blocks/3`).then((r) => [r.status, r.text])).toEqual([400, '{"code":3,"message":"requested block height is bigger then the chain length","details":[]}']);
    expect(await call(f, `${BASE}/blocks/0`).then((r) => [r.status, r.text])).toEqual([500, '{"code":2,"message":"height must be greater than 0, but got 0","details":[]}']);
    expect(await call(f, `${BASE}/blocks/x`).then((r) => [r.status, r.text])).toEqual([
      400,
      '{"code":3,"message":"type mismatch, parameter: height, error: strconv.ParseInt: parsing \\"x\\": invalid syntax","details":[]}',
    ]);
  });

  it('validator sets: consensus addresses, pubkeys as Any, a total', async () => {
    const expected = (height: string) =>
      `{"block_height":"${height}","validators":[{"address":"${VALCONS}","pub_key":{"@type":"/sdk.crypto.ed25519.PubKey","key":"${VALIDATOR_PUBKEY}"},"voting_power":"100","proposer_priority":"0"}],"pagination":{"next_key":null,"total":"1"}}`;
    expect((await call(f, `${BASE}/validatorsets/latest`)).text).toBe(expected('3'));
    expect((await call(f, `${BASE}/validatorsets/1`)).text).toBe(expected('1'));
    expect(await call(f, `${BASE}/validatorsets/4`).then((r) => [r.status, r.text])).toEqual([400, '{"code":3,"message":"requested block height is bigger then the chain length","details":[]}']);
    const offset = await call(f, `${BASE}/validatorsets/latest?pagination.offset=1&pagination.limit=1`);
    expect([offset.status, offset.text]).toEqual([500, '{"code":2,"message":"page should be within [1, 1] range, given 2","details":[]}']);
    expect((await call(f, `${BASE}/validatorsets/latest?pagination.limit=x`)).status).toBe(400);
  });

  it('node_info and syncing', async () => {
    const info = (await call(f, `${BASE}/node_info`)).json();
    expect(info.default_node_info).toEqual({
      protocol_version: { p2p: '8', block: '11', app: '0' },
      default_node_id: '73ce7471e3bd6d3e0e5a9e9f25b34fb1ad3da1be',
      listen_addr: 'tcp://0.0.0.0:26656',
      network: 'stratos-test',
      version: CONSENSUS_VERSION,
      channels: hexToB64('40202122233038606100'),
      moniker: 'rest-test',
      other: { tx_index: 'on', rpc_address: 'tcp://127.0.0.1:26657' },
    });
    expect(Object.keys(info.application_version)).toEqual(['name', 'app_name', 'version', 'git_commit', 'build_tags', 'go_version', 'build_deps', 'cosmos_sdk_version']);
    expect(info.application_version.cosmos_sdk_version).toBe('v0.47.11');
    expect((await call(f, `${BASE}/syncing`)).text).toBe('{"syncing":false}');
  });

  it('abci_query: app/store/p2p/custom paths go to the node, others are refused', async () => {
    const r = await call(f, `${BASE}/abci_query?path=/store/bank/key&height=1`);
    expect([r.status, r.text]).toEqual([
      200,
      '{"code":6,"log":"unknown query path: /store/bank/key: unknown request","info":"","index":"0","key":null,"value":null,"proof_ops":null,"height":"1","codespace":"sdk"}',
    ]);
    expect(await call(f, `${BASE}/abci_query?path=/sdk.bank.v1beta1.Query/Params`).then((x) => [x.status, x.text])).toEqual([
      400,
      '{"code":3,"message":"unsupported ABCI query path: /sdk.bank.v1beta1.Query/Params","details":[]}',
    ]);
    expect(await call(f, `${BASE}/abci_query`).then((x) => [x.status, x.text])).toEqual([400, '{"code":3,"message":"empty query path","details":[]}']);
  });
});
