// The consensus RPC server over raw HTTP: every method in the POST (JSON-RPC) and GET (URI) forms,
// CometBFT's shapes and error texts, and the transport failures (garbage, batches, notifications,
// oversized bodies, unknown paths) — after which the node still answers and still makes blocks.
import { sha256 } from '@noble/hashes/sha2.js';
import { QueryAccountRequest, QueryAccountResponse } from 'cosmjs-types/cosmos/auth/v1beta1/query';
import { QueryBalanceRequest, QueryBalanceResponse } from 'cosmjs-types/cosmos/bank/v1beta1/query';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { genesisDocJson } from '../../../src/api/rpc/methods/genesis.ts';
import { blockJson, signedHeaderJson } from '../../../src/consensus/json.ts';
import { goJson } from '../../../src/codec/go-json.ts';
import { msgSend, signed, testKey } from '../../helpers/fixture.ts';
import { alice, bob, FEE, IDENTITY, startHarness, type RpcHarness } from './rpc-fixture.ts';

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}

const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');
const hexOf = (b: Uint8Array) => Buffer.from(b).toString('hex').toUpperCase();
const txHashOf = (tx: Uint8Array) => hexOf(sha256(tx));

async function answer(res: Response): Promise<Answer> {
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, text, body };
}

function client(h: () => RpcHarness) {
  return {
    post: async (body: string | Uint8Array, path = '/', headers: Record<string, string> = {}) => answer(await fetch(h().url + path, { method: 'POST', body, headers })),
    rpc: async (method: string, params?: unknown, id: unknown = 1) => {
      const res = await fetch(h().url, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) }) });
      return answer(res);
    },
    get: async (path: string, init?: RequestInit) => answer(await fetch(h().url + path, init)),
  };
}

const internalError = (data: string, id: unknown = 1) => ({ jsonrpc: '2.0', id, error: { code: -32603, message: 'Internal error', data } });
const invalidParams = (data: string, id: unknown = 1) => ({ jsonrpc: '2.0', id, error: { code: -32602, message: 'Invalid params', data: `error converting json params to arguments: ${data}` } });
const uriInvalidParams = (data: string) => ({ jsonrpc: '2.0', id: -1, error: { code: -32602, message: 'Invalid params', data: `error converting http params to arguments: ${data}` } });

// A chain of four blocks: 1 empty, 2 with a transfer to bob, 3 with a transfer that fails in delivery
// (it passes CheckTx, which runs only the ante), 4 empty.
let h: RpcHarness;
const { post, rpc, get } = client(() => h);
const tx1 = signed(alice, 0n, 0n, { messages: [msgSend(alice.address, bob.address, 5n)], fee: FEE });
const tx2 = signed(alice, 0n, 1n, { messages: [msgSend(alice.address, bob.address, 10n ** 22n)], fee: FEE, memo: 'too much' });

beforeAll(async () => {
  h = await startHarness();
  h.node.produceBlock();
  const sync = await rpc('broadcast_tx_sync', { tx: b64(tx1) });
  expect(sync.body.result.code).toBe(0);
  h.node.produceBlock();
  expect((await rpc('broadcast_tx_sync', { tx: b64(tx2) })).body.result.code).toBe(0);
  h.node.produceBlock();
  h.node.produceBlock();
  expect(h.node.height).toBe(4n);
});
afterAll(async () => {
  await h.close();
});

describe('info methods', () => {
  it('health answers an empty object', async () => {
    const a = await rpc('health');
    expect(a.status).toBe(200);
    expect(a.text).toBe('{"jsonrpc":"2.0","id":1,"result":{}}');
    expect(a.headers.get('content-type')).toBe('application/json');
    expect(Number(a.headers.get('x-server-time'))).toBeGreaterThan(1_600_000_000);
  });

  it('status: node info, latest and earliest blocks, this validator', async () => {
    const { body } = await rpc('status');
    const b1 = h.node.block(1n)!;
    const b4 = h.node.block(4n)!;
    const header = (b: typeof b1) => (b.header as { header: { app_hash: string } }).header;
    expect(body.result).toEqual({
      node_info: {
        protocol_version: { p2p: '8', block: '11', app: '0' },
        id: IDENTITY.id,
        listen_addr: IDENTITY.listenAddr,
        network: 'stratos-test',
        version: '0.37.5',
        channels: '40202122233038606100',
        moniker: IDENTITY.moniker,
        other: { tx_index: 'on', rpc_address: IDENTITY.rpcAddress },
      },
      sync_info: {
        latest_block_hash: hexOf(b4.hash),
        latest_app_hash: header(b4).app_hash,
        latest_block_height: '4',
        latest_block_time: '2024-01-01T00:00:04.000000369Z',
        earliest_block_hash: hexOf(b1.hash),
        earliest_app_hash: header(b1).app_hash,
        earliest_block_height: '1',
        earliest_block_time: '2024-01-01T00:00:01Z',
        catching_up: false,
      },
      validator_info: {
        // the consensus address is sha256(pubkey)[0:20]
        address: hexOf(sha256(h.key.pubKey).subarray(0, 20)),
        pub_key: { type: 'tendermint/PubKeyEd25519', value: b64(h.key.pubKey) },
        voting_power: '10',
      },
    });
    // the header of block 4 carries the app hash after block 3
    expect(header(b4).app_hash).toBe(hexOf(h.node.block(3n)!.appHash));
  });

  it('net_info: listening, no peers', async () => {
    expect((await rpc('net_info')).text).toBe('{"jsonrpc":"2.0","id":1,"result":{"listening":true,"listeners":["Listener(@)"],"n_peers":"0","peers":[]}}');
  });

  it('abci_info: app name, last height and app hash (base64)', async () => {
    const { body, headers } = await rpc('abci_info');
    expect(body.result).toEqual({ response: { data: 'chaind', last_block_height: '4', last_block_app_hash: b64(h.node.block(4n)!.appHash) } });
    expect(headers.get('cache-control')).toBe('public, max-age=86400');
  });

  it('genesis and genesis_chunked serve the same document', async () => {
    const g = await rpc('genesis');
    expect(g.body.result.genesis).toEqual(genesisDocJson(h.genesis, h.node.genesisValidators()));
    // GenesisDoc's field order, validators as genesis.json lists them
    expect(Object.keys(g.body.result.genesis)).toEqual(['genesis_time', 'chain_id', 'initial_height', 'consensus_params', 'validators', 'app_hash', 'app_state']);
    expect(g.body.result.genesis.validators).toEqual([
      { address: h.validators[0]!.address, pub_key: { type: 'tendermint/PubKeyEd25519', value: Buffer.from(h.key.pubKey).toString('base64') }, power: '10', name: 'rpc-test' },
    ]);
    expect(g.body.result.genesis.genesis_time).toBe('2024-01-01T00:00:00Z');
    expect(g.body.result.genesis.initial_height).toBe('1');
    expect(g.body.result.genesis.consensus_params.version).toEqual({ app: '0' });
    const c = await rpc('genesis_chunked', { chunk: '0' });
    expect(c.body.result.chunk).toBe('0');
    expect(c.body.result.total).toBe('1');
    expect(Buffer.from(c.body.result.data, 'base64').toString()).toBe(goJson(genesisDocJson(h.genesis, h.node.genesisValidators())));
    expect((await rpc('genesis_chunked', { chunk: '1' })).body).toEqual(internalError('there are 0 chunks, 1 is invalid'));
    expect((await rpc('genesis_chunked', { chunk: 1 })).body).toEqual(invalidParams('invalid 64-bit integer encoding "1", expected string'));
  });

  it('consensus_params at the next height', async () => {
    expect((await rpc('consensus_params')).body.result).toEqual({
      block_height: '5',
      consensus_params: {
        block: { max_bytes: '22020096', max_gas: '20000000' },
        evidence: { max_age_num_blocks: '100000', max_age_duration: '172800000000000', max_bytes: '1048576' },
        validator: { pub_key_types: ['ed25519'] },
        version: { app: '0' },
      },
    });
    expect((await rpc('consensus_params', { height: '6' })).body).toEqual(internalError('height 6 must be less than or equal to the current blockchain height 5'));
  });

  it('validators: the set at the next height, paged', async () => {
    const { body } = await rpc('validators');
    expect(body.result).toEqual({ block_height: '5', validators: h.validators, count: '1', total: '1' });
    expect((await rpc('validators', { height: '2', per_page: '0' })).body.result.block_height).toBe('2');
    expect((await rpc('validators', { page: '2' })).body).toEqual(internalError('page should be within [1, 1] range, given 2'));
    expect((await rpc('validators', { height: '0' })).body).toEqual(internalError('height must be greater than 0, but got 0'));
  });
});

describe('abci_query', () => {
  const balanceData = (address: string, denom: string) => Buffer.from(QueryBalanceRequest.encode({ address, denom }).finish()).toString('hex');

  it('answers a bank query on the real path with the protobuf response', async () => {
    const { body } = await rpc('abci_query', { path: '/cosmos.bank.v1beta1.Query/Balance', data: balanceData(bob.address, 'wei') });
    const r = body.result.response;
    expect(Object.keys(r)).toEqual(['code', 'log', 'info', 'index', 'key', 'value', 'proofOps', 'height', 'codespace']);
    expect({ ...r, value: undefined }).toEqual({ code: 0, log: '', info: '', index: '0', key: null, value: undefined, proofOps: null, height: '4', codespace: '' });
    expect(QueryBalanceResponse.decode(Buffer.from(r.value, 'base64')).balance).toEqual({ denom: 'wei', amount: '5' });
  });

  it('answers at a past height', async () => {
    const { body } = await rpc('abci_query', { path: '/sdk.bank.v1beta1.Query/Balance', data: balanceData(bob.address, 'wei'), height: '1' });
    expect(body.result.response.height).toBe('1');
    expect(QueryBalanceResponse.decode(Buffer.from(body.result.response.value, 'base64')).balance!.amount).toBe('0');
  });

  it('passes the SDK error of an unknown account through: code 22 with the NotFound text', async () => {
    const stranger = testKey(9).address;
    const data = Buffer.from(QueryAccountRequest.encode({ address: stranger }).finish()).toString('hex');
    const { body } = await rpc('abci_query', { path: '/cosmos.auth.v1beta1.Query/Account', data });
    expect(body.result.response).toEqual({
      code: 22,
      log: `rpc error: code = NotFound desc = account ${stranger} not found: key not found`,
      info: '',
      index: '0',
      key: null,
      value: null,
      proofOps: null,
      height: '4',
      codespace: 'sdk',
    });
    const known = await rpc('abci_query', { path: '/cosmos.auth.v1beta1.Query/Account', data: Buffer.from(QueryAccountRequest.encode({ address: alice.address }).finish()).toString('hex') });
    expect(QueryAccountResponse.decode(Buffer.from(known.body.result.response.value, 'base64')).account!.typeUrl).toBe('/sdk.auth.v1beta1.BaseAccount');
  });

  it('refuses a proof at height 1 as the SDK does', async () => {
    const { body } = await rpc('abci_query', { path: '/cosmos.bank.v1beta1.Query/Balance', data: balanceData(bob.address, 'wei'), height: '1', prove: true });
    expect(body.result.response).toMatchObject({ code: 18, codespace: 'sdk', log: 'cannot query with proof when height <= 1; please provide a valid height: invalid request', value: null, height: '0' });
  });

  it('gives CometBFT param errors for bad data and heights', async () => {
    expect((await rpc('abci_query', { path: '/x', data: 'zz' })).body).toEqual(invalidParams("encoding/hex: invalid byte: U+007A 'z'"));
    expect((await rpc('abci_query', { path: '/x', height: 5 })).body).toEqual(invalidParams('invalid 64-bit integer encoding "5", expected string'));
    expect((await rpc('abci_query', { path: 5 })).body).toEqual(invalidParams('json: cannot unmarshal number into Go value of type string'));
  });

  it('works in the URI form with quoted strings and 0x data', async () => {
    const a = await get(`/abci_query?path=%22/cosmos.bank.v1beta1.Query/Balance%22&data=0x${balanceData(bob.address, 'wei')}`);
    expect(a.status).toBe(200);
    expect(a.body.id).toBe(-1);
    expect(QueryBalanceResponse.decode(Buffer.from(a.body.result.response.value, 'base64')).balance!.amount).toBe('5');
    const bare = await get('/abci_query?path=/cosmos.bank.v1beta1.Query/Balance');
    expect(bare.status).toBe(500);
    expect(bare.body).toEqual(uriInvalidParams("invalid character '/' looking for beginning of value"));
  });
});

describe('block methods', () => {
  it('block: latest without params, a given height, and the empty answer at height 0 of an empty chain', async () => {
    const latest = await rpc('block');
    expect(latest.body.result).toEqual(blockJson(h.node.block(4n)!));
    expect(latest.headers.get('cache-control')).toBeNull();
    const b2 = await rpc('block', { height: '2' });
    expect(b2.text.startsWith('{"jsonrpc":"2.0","id":1,"result":{"block_id":{"hash":"')).toBe(true);
    expect(b2.headers.get('cache-control')).toBe('public, max-age=86400');
    const block = b2.body.result.block;
    expect(block.header.height).toBe('2');
    expect(block.data.txs).toEqual([b64(tx1)]);
    expect(block.evidence).toEqual({ evidence: [] });
    expect(block.last_commit.height).toBe('1');
    expect(b2.body.result.block_id.hash).toBe(hexOf(h.node.block(2n)!.hash));
    expect((await rpc('block', { height: '1' })).body.result.block.data.txs).toEqual([]);
    // by position
    expect((await rpc('block', ['2'])).body.result.block.header.height).toBe('2');
  });

  it.each([
    [{ height: '99' }, 'height 99 must be less than or equal to the current blockchain height 4'],
    [{ height: '0' }, 'height must be greater than 0, but got 0'],
    [{ height: '-1' }, 'height must be greater than 0, but got -1'],
  ])('block %j → %s', async (params, data) => {
    const a = await rpc('block', params);
    expect(a.status).toBe(200);
    expect(a.body).toEqual(internalError(data));
  });

  it('block: bad height params are invalid params', async () => {
    expect((await rpc('block', { height: 'abc' })).body).toEqual(invalidParams("invalid character 'a' looking for beginning of value"));
    expect((await rpc('block', { height: 2 })).body).toEqual(invalidParams('invalid 64-bit integer encoding "2", expected string'));
    expect((await rpc('block', ['1', '2'])).body).toEqual(invalidParams('expected 1 parameters ([height]), got 2 ([[34 49 34] [34 50 34]])'));
  });

  it('block_by_hash (base64) and header_by_hash (hex)', async () => {
    const record = h.node.block(3n)!;
    expect((await rpc('block_by_hash', { hash: b64(record.hash) })).body.result).toEqual(blockJson(record));
    expect((await rpc('block_by_hash', { hash: b64(new Uint8Array(32)) })).body.result).toEqual({ block_id: { hash: '', parts: { total: 0, hash: '' } }, block: null });
    expect((await rpc('header_by_hash', { hash: hexOf(record.hash) })).body.result.header).toEqual(blockJson(record).block.header);
    expect((await rpc('header_by_hash', { hash: '00' })).body.result).toEqual({ header: null });
    expect((await get(`/block_by_hash?hash=0x${hexOf(record.hash)}`)).body.result.block.header.height).toBe('3');
  });

  it('header by height', async () => {
    expect((await rpc('header', { height: '2' })).body.result.header).toEqual(blockJson(h.node.block(2n)!).block.header);
  });

  it('commit: the seen commit of the latest block, the canonical one of an older block', async () => {
    const latest = await rpc('commit');
    expect(latest.body.result).toEqual({ signed_header: signedHeaderJson(h.node.block(4n)!), canonical: false });
    const older = await rpc('commit', { height: '2' });
    expect(older.body.result.canonical).toBe(true);
    expect(older.body.result.signed_header.commit).toEqual(h.node.block(3n)!.lastCommit);
    expect(older.body.result.signed_header.commit.block_id.hash).toBe(hexOf(h.node.block(2n)!.hash));
    expect(older.body.result.signed_header.header.height).toBe('2');
  });

  it('blockchain: metas from max down to min, at most 20', async () => {
    const all = await rpc('blockchain');
    expect(all.body.result.last_height).toBe('4');
    expect(all.body.result.block_metas.map((m: any) => m.header.height)).toEqual(['4', '3', '2', '1']);
    expect(all.body.result.block_metas.map((m: any) => m.num_txs)).toEqual(['0', '1', '1', '0']);
    for (const m of all.body.result.block_metas) expect(m.block_size).toMatch(/^[1-9]\d*$/);
    const some = await rpc('blockchain', { minHeight: '2', maxHeight: '3' });
    expect(some.body.result.block_metas.map((m: any) => m.block_id.hash)).toEqual([hexOf(h.node.block(3n)!.hash), hexOf(h.node.block(2n)!.hash)]);
    expect((await rpc('blockchain', { minHeight: '-1' })).body).toEqual(internalError('heights must be non-negative'));
    expect((await rpc('blockchain', { minHeight: '5' })).body).toEqual(internalError("min height 5 can't be greater than max height 4"));
  });

  it('block_results: tx results, a delivery failure, and the consensus params the SDK returns', async () => {
    const r2 = (await rpc('block_results', { height: '2' })).body.result;
    expect(Object.keys(r2)).toEqual(['height', 'txs_results', 'begin_block_events', 'end_block_events', 'validator_updates', 'consensus_param_updates']);
    expect(r2.height).toBe('2');
    const ok = r2.txs_results[0];
    expect(Object.keys(ok)).toEqual(['code', 'data', 'log', 'info', 'gas_wanted', 'gas_used', 'events', 'codespace']);
    expect(ok.code).toBe(0);
    expect(ok.gas_wanted).toBe('200000');
    expect(ok.events.find((e: any) => e.type === 'transfer' && e.attributes[0].value === bob.address).attributes).toEqual([
      { key: 'recipient', value: bob.address, index: true },
      { key: 'sender', value: alice.address, index: true },
      { key: 'amount', value: '5wei', index: true },
    ]);
    // BeginBlock: mint's zero-amount bank send to fee_collector and its `mint` event (reference/sdk-modules.md §8);
    // distribution moves nothing (no staking validator in this genesis: docs/quirks.md D1)
    expect(r2.begin_block_events.map((e: any) => e.type)).toEqual(['coin_spent', 'coin_received', 'transfer', 'message', 'mint']);
    expect(r2.begin_block_events[4].attributes).toEqual([
      { key: 'bonded_ratio', value: '0.000000000000000000', index: true },
      { key: 'inflation', value: '0.000000000000000000', index: true },
      { key: 'annual_provisions', value: '0.000000000000000000', index: true },
      { key: 'amount', value: '0', index: true },
    ]);
    expect(r2.validator_updates).toBeNull();
    expect(r2.consensus_param_updates).toEqual({
      block: { max_bytes: '22020096', max_gas: '20000000' },
      evidence: { max_age_num_blocks: '100000', max_age_duration: '172800000000000', max_bytes: '1048576' },
      validator: { pub_key_types: ['ed25519'] },
      version: {},
    });
    const failed = (await rpc('block_results', { height: '3' })).body.result.txs_results[0];
    expect(failed).toMatchObject({ code: 5, data: null, info: '', codespace: 'sdk', gas_wanted: '200000' });
    expect(failed.log).toMatch(/insufficient funds$/);
    expect((await rpc('block_results', { height: '1' })).body.result.txs_results).toBeNull();
    expect((await rpc('block_results', { height: '5' })).body).toEqual(internalError('height 5 must be less than or equal to the current blockchain height 4'));
  });

  it('block_search: blocks as `block` answers them, newest first (more in block-search.int.test.ts)', async () => {
    const found = (await rpc('block_search', { query: 'block.height>=2' })).body.result;
    expect(found.total_count).toBe('3');
    expect(found.blocks).toEqual([4n, 3n, 2n].map((height) => blockJson(h.node.block(height)!)));
  });
});

describe('tx and tx_search', () => {
  it('tx by base64 hash, with a proof that ends at data_hash', async () => {
    const hash = txHashOf(tx1);
    const { body, headers } = await rpc('tx', { hash: b64(Buffer.from(hash, 'hex')), prove: true });
    const r = body.result;
    expect(Object.keys(r)).toEqual(['hash', 'height', 'index', 'tx_result', 'tx', 'proof']);
    expect([r.hash, r.height, r.index, r.tx]).toEqual([hash, '2', 0, b64(tx1)]);
    expect(r.tx_result.code).toBe(0);
    expect(r.proof).toEqual({
      root_hash: h.node.block(2n)!.header && (h.node.block(2n)!.header as any).header.data_hash,
      data: b64(tx1),
      proof: { total: '1', index: '0', leaf_hash: b64(sha256(Uint8Array.from([0, ...sha256(tx1)]))), aunts: [] },
    });
    expect(headers.get('cache-control')).toBe('public, max-age=86400');
    const noProof = await rpc('tx', { hash: b64(Buffer.from(hash, 'hex')) });
    expect('proof' in noProof.body.result).toBe(false);
  });

  it('tx: URI form with 0x hex; not found and empty hash texts', async () => {
    const hash = txHashOf(tx2);
    const a = await get(`/tx?hash=0x${hash}`);
    expect(a.body.result.tx_result.code).toBe(5);
    expect(a.body.result.height).toBe('3');
    // a hex string in JSON is read as base64, as CometBFT does
    const asBase64 = hexOf(Buffer.from(hash, 'base64'));
    expect((await rpc('tx', { hash })).body).toEqual(internalError(`tx (${asBase64}) not found`));
    expect((await rpc('tx', { hash: b64(new Uint8Array(32)) })).body).toEqual(internalError(`tx (${'00'.repeat(32)}) not found`));
    expect((await rpc('tx', {})).body).toEqual(internalError('transaction hash cannot be empty'));
    const notFound = await get('/tx?hash=0xABCD');
    expect(notFound.status).toBe(500);
    expect(notFound.body).toEqual(internalError('tx (ABCD) not found', -1));
  });

  it('tx_search: query forms, order, paging', async () => {
    const one = (await rpc('tx_search', { query: 'tx.height=2' })).body.result;
    expect(one.total_count).toBe('1');
    expect(one.txs.map((t: any) => t.hash)).toEqual([txHashOf(tx1)]);
    const both = (await rpc('tx_search', { query: `message.sender='${alice.address}'`, order_by: 'desc' })).body.result;
    expect(both.total_count).toBe('2');
    expect(both.txs.map((t: any) => t.height)).toEqual(['3', '2']);
    const page2 = (await rpc('tx_search', { query: 'tx.height>=2', page: '2', per_page: '1' })).body.result;
    expect(page2.txs.map((t: any) => t.height)).toEqual(['3']);
    expect(page2.total_count).toBe('2');
    expect((await rpc('tx_search', { query: 'tx.height=99', page: '1' })).body.result).toEqual({ txs: [], total_count: '0' });
    // ranges read values whole as integers: `…wei` amounts are no numbers
    expect((await rpc('tx_search', { query: 'coin_spent.amount EXISTS' })).body.result.total_count).toBe('2');
    expect((await rpc('tx_search', { query: 'coin_spent.amount>100' })).body.result).toEqual({ txs: [], total_count: '0' });
    const viaUri = await get(`/tx_search?query=%22tx.hash='${txHashOf(tx2)}'%22&prove=true`);
    expect(viaUri.body.result.txs[0].proof.root_hash).toBe((h.node.block(3n)!.header as any).header.data_hash);
  });

  it.each([
    [{ query: 'tx.height>=2', page: '3', per_page: '1' }, 'page should be within [1, 2] range, given 3'],
    [{ query: 'tx.height>=2', page: '0' }, 'page should be within [1, 1] range, given 0'],
    [{ query: 'tx.height>=2', order_by: 'up' }, 'expected order_by to be either `asc` or `desc` or empty'],
    [{ query: `message.sender='${'x'.repeat(520)}'` }, 'maximum query length exceeded'],
    // the generated parser's errors (CometBFT 0.37 query.peg), never an empty search for a query it refuses
    [{ query: 'message.sender' }, '\nparse error near PegText (line 1 symbol 2 - line 1 symbol 16):\n"message.sender"\n'],
    [{ query: 'tx.height=abc' }, '\nparse error near equal (line 1 symbol 11 - line 1 symbol 12):\n"="\n'],
    [{ query: `transfer.recipient='st1x' AND` }, '\nparse error near and (line 1 symbol 28 - line 1 symbol 31):\n"AND"\n'],
    [{ query: `transfer.recipient='st1x' OR transfer.recipient='x'` }, '\nparse error near PegText (line 1 symbol 21 - line 1 symbol 27):\n"\'st1x\'"\n'],
    [{ query: 'message.sender==' }, '\nparse error near equal (line 1 symbol 16 - line 1 symbol 17):\n"="\n'],
    // the indexer's own errors, after the query parsed; then order_by
    [{ query: "tx.hash='XY'", order_by: 'up' }, "error during searching for a hash in the query: encoding/hex: invalid byte: U+0058 'X'"],
  ])('tx_search %j → %s', async (params, data) => {
    expect((await rpc('tx_search', params)).body).toEqual(internalError(data));
  });

  it('tx_search: per_page is clamped to 100 and page is an int', async () => {
    expect((await rpc('tx_search', { query: 'tx.height>=1', per_page: '1000' })).body.result.total_count).toBe('2');
    expect((await rpc('tx_search', { query: 'tx.height>=1', page: 1 })).body).toEqual(invalidParams('invalid 64-bit integer encoding "1", expected string'));
  });
});

describe('transport', () => {
  it('answers garbage with a parse error and HTTP 500', async () => {
    const a = await post('{bad');
    expect(a.status).toBe(500);
    expect(a.text).toBe('{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error. Invalid JSON","data":"error unmarshaling request: invalid character \'b\' looking for beginning of object key string"}}');
    const binary = await post(Uint8Array.from([0xff, 0x00, 0x13, 0x37]));
    expect(binary.body.error.data).toBe("error unmarshaling request: invalid character 'ÿ' looking for beginning of value");
  });

  it('unknown and websocket-only methods: Method not found with HTTP 200', async () => {
    const a = await rpc('no_such_method', undefined, 'abc');
    expect(a.status).toBe(200);
    expect(a.text).toBe('{"jsonrpc":"2.0","id":"abc","error":{"code":-32601,"message":"Method not found"}}');
    expect((await rpc('subscribe', { query: "tm.event='NewBlock'" })).body.error.code).toBe(-32601);
    const viaUri = await get('/subscribe');
    expect(viaUri.status).toBe(404);
    expect(viaUri.body).toEqual({ jsonrpc: '2.0', id: -1, error: { code: -32601, message: 'Method not found' } });
  });

  it('batches answer in order; one answer is an object; notifications get none', async () => {
    const batch = await post(JSON.stringify([
      { jsonrpc: '2.0', id: 1, method: 'health' },
      { jsonrpc: '2.0', method: 'status' },
      { jsonrpc: '2.0', id: 'b', method: 'nope' },
      { jsonrpc: '2.0', id: 3, method: 'block', params: { height: '2' } },
    ]));
    expect(batch.body.map((r: any) => r.id)).toEqual([1, 'b', 3]);
    expect(batch.body[1].error.code).toBe(-32601);
    expect(batch.body[2].result.block.header.height).toBe('2');
    expect((await post('[{"jsonrpc":"2.0","id":9,"method":"health"}]')).text).toBe('{"jsonrpc":"2.0","id":9,"result":{}}');
    for (const silent of ['[]', 'null', '{"jsonrpc":"2.0","method":"health"}']) {
      const a = await post(silent);
      expect([a.status, a.text]).toEqual([200, '']);
    }
  });

  it('ids: numbers truncated, wrong types refused', async () => {
    expect((await post('{"jsonrpc":"2.0","id":1.7,"method":"health"}')).text).toBe('{"jsonrpc":"2.0","id":1,"result":{}}');
    const a = await post('{"jsonrpc":"2.0","id":true,"method":"health"}');
    expect(a.status).toBe(500);
    expect(a.body.error.data).toBe('error unmarshaling request: json-rpc ID (true) is of unknown type (bool)');
  });

  it('params that are neither map nor array', async () => {
    expect((await rpc('block', 'x')).body).toEqual(
      invalidParams('unknown type for JSON params: json: cannot unmarshal string into Go value of type []json.RawMessage. Expected map or array'),
    );
  });

  it('an oversized body gets -32600 with HTTP 400, and the server goes on', async () => {
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'broadcast_tx_sync', params: { tx: 'A'.repeat(2_000_000) } });
    const a = await post(big);
    expect(a.status).toBe(400);
    expect(a.text).toBe('{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request","data":"error reading request body: http: request body too large"}}');
    expect((await rpc('health')).status).toBe(200);
  });

  it('GET / and an empty POST list the endpoints; other paths are 404', async () => {
    const host = `127.0.0.1:${h.server.address.port}`;
    const list = await get('/');
    expect(list.status).toBe(200);
    expect(list.headers.get('content-type')).toBe('text/html');
    expect(list.text.startsWith('<html><body><br>Available endpoints:<br><br>Endpoints that require arguments:<br><a href="//')).toBe(true);
    expect(list.text).toContain(`<a href="//${host}/abci_query?path=_&data=_&height=_&prove=_">//${host}/abci_query?path=_&data=_&height=_&prove=_</a></br>`);
    expect(list.text).toContain(`<a href="//${host}/status?">//${host}/status?</a></br>`);
    expect((await post('')).text).toBe(list.text);
    const missing = await get('/nope');
    expect([missing.status, missing.text]).toEqual([404, '404 page not found\n']);
    expect((await post('{"jsonrpc":"2.0","id":1,"method":"health"}', '/x/y')).status).toBe(404);
  });

  it('URI calls: id -1, any HTTP method, cache header only with a height', async () => {
    const status = await get('/status');
    expect(status.body.id).toBe(-1);
    expect(status.body.result.sync_info.latest_block_height).toBe('4');
    expect((await post('ignored body', '/health')).text).toBe('{"jsonrpc":"2.0","id":-1,"result":{}}');
    const cached = await get('/block?height=2');
    expect(cached.headers.get('cache-control')).toBe('public, max-age=86400');
    expect((await get('/block')).headers.get('cache-control')).toBeNull();
    const bad = await get('/block?height=abc');
    expect(bad.status).toBe(500);
    expect(bad.body).toEqual(uriInvalidParams('invalid 64-bit integer encoding "abc", expected string'));
    const tooHigh = await get('/block?height=9');
    expect([tooHigh.status, tooHigh.body]).toEqual([500, internalError('height 9 must be less than or equal to the current blockchain height 4', -1)]);
    const form = await get('/block', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'height=3' });
    expect(form.body.result.block.header.height).toBe('3');
  });

  it('a handler exception is an internal error, not a crash', async () => {
    const spy = vi.spyOn(h.node, 'block').mockImplementation(() => {
      throw new Error('disk on fire');
    });
    try {
      expect((await rpc('block', { height: '2' })).body).toEqual(internalError('disk on fire'));
    } finally {
      spy.mockRestore();
    }
    expect((await rpc('block', { height: '2' })).body.result.block.header.height).toBe('2');
  });
});

describe('CORS', () => {
  let cors: RpcHarness;
  const c = client(() => cors);
  beforeAll(async () => {
    cors = await startHarness({ serverOptions: { corsAllowedOrigins: ['https://app.example', 'https://*.dev.example'] } });
  });
  afterAll(async () => {
    await cors.close();
  });

  it('answers preflights and marks allowed origins', async () => {
    const pre = await c.get('/', { method: 'OPTIONS', headers: { origin: 'https://app.example', 'access-control-request-method': 'post', 'access-control-request-headers': 'content-type' } });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(pre.headers.get('access-control-allow-methods')).toBe('POST');
    expect(pre.headers.get('access-control-allow-headers')).toBe('Content-Type');
    const actual = await c.post('{"jsonrpc":"2.0","id":1,"method":"health"}', '/', { origin: 'https://a.dev.example' });
    expect(actual.headers.get('access-control-allow-origin')).toBe('https://a.dev.example');
    const other = await c.post('{"jsonrpc":"2.0","id":1,"method":"health"}', '/', { origin: 'https://evil.example' });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.body.result).toEqual({});
    const badPre = await c.get('/', { method: 'OPTIONS', headers: { origin: 'https://app.example', 'access-control-request-method': 'DELETE' } });
    expect([badPre.status, badPre.headers.get('access-control-allow-origin')]).toEqual([204, null]);
  });

  it('sends no CORS headers when no origin is configured', async () => {
    expect((await post('{"jsonrpc":"2.0","id":1,"method":"health"}', '/', { origin: 'https://app.example' })).headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('a client that stalls mid-request', () => {
  it('is cut off after 10 s with 408, as CometBFT\'s ReadTimeout cuts it, not Node\'s 300 s', { timeout: 25_000 }, async () => {
    const { connect } = await import('node:net');
    const port = Number(new URL(h.url).port);
    const started = Date.now();
    const answer = await new Promise<string>((resolve, reject) => {
      const s = connect(port, '127.0.0.1', () => s.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{'));
      let text = '';
      s.on('data', (d) => (text += d.toString('latin1')));
      s.on('close', () => resolve(text));
      s.on('error', reject);
    });
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
