/**
 * Given a node with two sends (blocks 2 and 3) and a send that fails in delivery (block 3), the tx
 * service routes answer as SDK v0.47's: GetTx and GetTxsEvent with TxResponses built from the
 * stored results, BroadcastTx sync/async (BLOCK removed), Simulate, TxEncode/TxDecode, and the
 * unsigned tx of `--generate-only`.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx';
import { codec, decodeTxRaw, parseProtoJson } from '../../../src/codec/index.ts';
import { addressFromBech32, valAddress } from '../../../src/crypto/address.ts';
import { msgSend, signed } from '../../helpers/fixture.ts';
import { FEE, alice, bob, call, golden, postJson, restFixture, sendTx, type RestFixture } from './rest-node.ts';

const hashOf = (tx: Uint8Array) => createHash('sha256').update(tx).digest('hex').toUpperCase();
const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');
const HEIGHT = 'grpc-metadata-x-cosmos-block-height';
const SENDER = `message.sender='${alice.address}'`;
const ACTION = "message.action='/sdk.bank.v1beta1.MsgSend'";

/** alice sends more than she has: passes CheckTx (ante only), fails in delivery (insufficient funds) */
const overspend = () => signed(alice, 0n, 2n, { messages: [msgSend(alice.address, bob.address, 10n ** 24n)], fee: FEE });

let f: RestFixture;
const tx1 = sendTx(0n, 5n, 'first');
const tx2 = sendTx(1n, 6n);
const tx3 = overspend();
beforeAll(async () => {
  f = await restFixture();
  f.node.produceBlock();
  expect((await f.node.broadcastTxSync(tx1)).code).toBe(0);
  f.node.produceBlock();
  expect((await f.node.broadcastTxSync(tx2)).code).toBe(0);
  expect((await f.node.broadcastTxSync(tx3)).code).toBe(0);
  f.node.produceBlock();
});
afterAll(() => f.close());

describe('GET /sdk/tx/v1beta1/txs/{hash}', () => {
  it('a committed tx: its Tx and TxResponse', async () => {
    const r = await call(f, `/sdk/tx/v1beta1/txs/${hashOf(tx1)}`);
    expect(r.status).toBe(200);
    await expect(r.text + '\n').toMatchFileSnapshot(golden('tx-get.json'));
    const { tx, tx_response: res } = r.json();
    const raw = TxRaw.decode(tx1);
    expect(tx.signatures).toEqual(raw.signatures.map(b64));
    expect(tx.body.memo).toBe('first');
    expect(res.txhash).toBe(hashOf(tx1));
    expect(res.height).toBe('2');
    expect(res.code).toBe(0);
    expect(res.codespace).toBe('');
    // block 2 was made at 2024-01-01T00:00:02.5Z; the SDK prints whole seconds
    expect(res.timestamp).toBe('2024-01-01T00:00:02Z');
    // TxMsgData{msg_responses: [Any{/sdk.bank.v1beta1.MsgSendResponse}]}, uppercase hex
    const url = Buffer.from('/sdk.bank.v1beta1.MsgSendResponse');
    expect(res.data).toBe(Buffer.concat([Buffer.from([0x12, url.length + 2, 0x0a, url.length]), url]).toString('hex').toUpperCase());
    expect(res.tx).toEqual({ '@type': '/sdk.tx.v1beta1.Tx', ...tx });
    expect(JSON.parse(res.raw_log)).toEqual(res.logs.map((l: any) => ({ msg_index: l.msg_index, events: l.events })));
    expect(res.logs[0].events.map((e: any) => e.type)).toEqual(['coin_received', 'coin_spent', 'message', 'transfer']);
    expect(res.events.every((e: any) => e.attributes.every((a: any) => a.index === true))).toBe(true);
    expect(r.headers.get(HEIGHT)).toBe('3');
  });

  it('the hash is case-insensitive hex', async () => {
    expect((await call(f, `/sdk/tx/v1beta1/txs/${hashOf(tx1).toLowerCase()}`)).json().tx_response.txhash).toBe(hashOf(tx1));
  });

  it('a failed delivery: code, codespace, error log, no logs, no data', async () => {
    const res = (await call(f, `/sdk/tx/v1beta1/txs/${hashOf(tx3)}`)).json().tx_response;
    expect([res.height, res.code, res.codespace, res.data, res.logs]).toEqual(['3', 5, 'sdk', '', []]);
    expect(res.raw_log).toMatch(/insufficient funds$/);
  });

  it('unknown, malformed and odd-length hashes', async () => {
    const unknown = 'AB'.repeat(32);
    expect(await call(f, `/sdk/tx/v1beta1/txs/${unknown}`).then((r) => [r.status, r.text])).toEqual([404, `{"code":5,"message":"tx not found: ${unknown}","details":[]}`]);
    expect(await call(f, '/sdk/tx/v1beta1/txs/zz').then((r) => [r.status, r.text])).toEqual([500, '{"code":2,"message":"encoding/hex: invalid byte: U+007A \'z\'","details":[]}']);
    expect(await call(f, '/sdk/tx/v1beta1/txs/ABC').then((r) => [r.status, r.text])).toEqual([500, '{"code":2,"message":"encoding/hex: odd length hex string","details":[]}']);
  });
});

describe('GET /sdk/tx/v1beta1/txs (v0.47 GetTxsEvent)', () => {
  const search = (q: string) => call(f, `/sdk/tx/v1beta1/txs?${q}`);
  const hashes = (r: any) => r.tx_responses.map((t: any) => t.txhash);

  it('every tx with the event, in block order, with pagination null and a total', async () => {
    const r = await search(`events=${encodeURIComponent(SENDER)}`);
    expect(r.status).toBe(200);
    await expect(r.text + '\n').toMatchFileSnapshot(golden('tx-search.json'));
    const body = r.json();
    expect(Object.keys(body)).toEqual(['txs', 'tx_responses', 'pagination', 'total']);
    expect(hashes(body)).toEqual([hashOf(tx1), hashOf(tx2), hashOf(tx3)]);
    expect(body.pagination).toBeNull();
    expect(body.total).toBe('3');
    expect(body.txs.map((t: any) => t.signatures[0])).toEqual([tx1, tx2, tx3].map((t) => b64(TxRaw.decode(t).signatures[0]!)));
  });

  it('several events are joined with AND; the failed tx has no message action', async () => {
    const r = (await search(`events=${encodeURIComponent(SENDER)}&events=${encodeURIComponent(ACTION)}`)).json();
    expect([hashes(r), r.total]).toEqual([[hashOf(tx1), hashOf(tx2)], '2']);
    const byHeight = (await search(`events=${encodeURIComponent('tx.height>=3')}`)).json();
    expect(hashes(byHeight)).toEqual([hashOf(tx2), hashOf(tx3)]);
  });

  it('page, limit and order_by; the deprecated pagination is ignored', async () => {
    const e = `events=${encodeURIComponent(SENDER)}`;
    expect(hashes((await search(`${e}&order_by=ORDER_BY_DESC`)).json())).toEqual([hashOf(tx3), hashOf(tx2), hashOf(tx1)]);
    const second = (await search(`${e}&page=2&limit=1`)).json();
    expect([hashes(second), second.total, second.pagination]).toEqual([[hashOf(tx2)], '3', null]);
    const ignored = (await search(`${e}&pagination.limit=1&pagination.offset=1&pagination.count_total=true`)).json();
    expect([hashes(ignored).length, ignored.pagination, ignored.total]).toEqual([3, null, '3']);
  });

  it('a page past the end is CometBFT’s error, as a plain error (500)', async () => {
    const r = await search(`events=${encodeURIComponent(SENDER)}&page=4&limit=1`);
    expect([r.status, r.text]).toEqual([500, '{"code":2,"message":"page should be within [1, 3] range, given 4","details":[]}']);
  });

  it('nothing matches: no txs, total 0', async () => {
    expect((await search(`events=${encodeURIComponent("message.sender='nobody'")}`)).text).toBe('{"txs":[],"tx_responses":[],"pagination":null,"total":"0"}');
  });

  it('events are required and must match the SDK’s pattern', async () => {
    expect(await search('').then((r) => [r.status, r.text])).toEqual([400, '{"code":3,"message":"must declare at least one event to search","details":[]}']);
    expect(await search('events=bad').then((r) => [r.status, r.text])).toEqual([
      400,
      '{"code":3,"message":"invalid event; event bad should be of the format: {eventType}.{eventAttribute}={value}","details":[]}',
    ]);
    const spaced = await search(`events=${encodeURIComponent("message.sender = 'x'")}`);
    expect(spaced.status).toBe(400);
    expect(await search('events=a.b%3Dc&order_by=SIDEWAYS').then((r) => [r.status, r.text])).toEqual([400, '{"code":3,"message":"SIDEWAYS is not a valid tx.OrderBy","details":[]}']);
  });
});

describe('GET /sdk/tx/v1beta1/txs/block/{height} (GetBlockWithTxs)', () => {
  const path = (h: number | string, q = '') => `/sdk/tx/v1beta1/txs/block/${h}${q}`;
  const txOf = async (tx: Uint8Array) => (await call(f, `/sdk/tx/v1beta1/txs/${hashOf(tx)}`)).json().tx;

  it('the block as the consensus service gives it, its txs decoded, and the tx count as total', async () => {
    const r = await call(f, path(3));
    expect(r.status).toBe(200);
    expect(r.headers.get(HEIGHT)).toBe('3');
    const blk = (await call(f, '/sdk/base/consensus/v1beta1/blocks/3')).json();
    expect(r.json()).toEqual({ txs: [await txOf(tx2), await txOf(tx3)], block_id: blk.block_id, block: blk.block, pagination: { next_key: null, total: '2' } });
    expect((await call(f, path(1))).json()).toMatchObject({ txs: [], pagination: { next_key: null, total: '0' } });
  });

  it('pages the txs by offset and limit; an explicit limit of 0 gives none; reverse walks down to index 1', async () => {
    const txs = async (q: string) => (await call(f, path(3, q))).json().txs;
    expect(await txs('?pagination.offset=1&pagination.limit=1')).toEqual([await txOf(tx3)]);
    expect(await txs('?pagination.limit=1')).toEqual([await txOf(tx2)]);
    expect(await txs('?pagination.offset=1')).toEqual([]);
    expect(await txs('?pagination.offset=1&pagination.limit=5&pagination.reverse=true')).toEqual([await txOf(tx3)]);
    expect(await txs('?pagination.limit=5&pagination.reverse=true')).toEqual([]);
  });

  it('an offset past the last tx is an invalid request; a height outside [1, current] an invalid height (500, code 2)', async () => {
    const err = async (p: string, init?: RequestInit) => {
      const r = await call(f, p, init);
      return [r.status, r.json()];
    };
    expect(await err(path(3, '?pagination.offset=2&pagination.limit=1'))).toEqual([
      500,
      { code: 2, message: 'codespace sdk code 18: invalid request: out of range: cannot paginate 2 txs with offset 2 and limit 1', details: [] },
    ]);
    for (const h of [0, 4, -1]) {
      expect(await err(path(h))).toEqual([
        500,
        { code: 2, message: `codespace sdk code 26: invalid height: requested height ${h} but height must not be less than 1 or greater than the current height 3`, details: [] },
      ]);
    }
    // the current height is the query's: the state height the client asked for
    expect(await err(path(3), { headers: { 'x-cosmos-block-height': '2' } })).toEqual([
      500,
      { code: 2, message: 'codespace sdk code 26: invalid height: requested height 3 but height must not be less than 1 or greater than the current height 2', details: [] },
    ]);
  });
});

describe('POST /sdk/tx/v1beta1/simulate', () => {
  // before any broadcast below: the mempool is empty, so the next sequence is the committed one (3)
  it('a valid next tx: gas info, the result log, unindexed events, the msg responses', async () => {
    const tx = signed(alice, 0n, 3n, { messages: [msgSend(alice.address, bob.address, 1n)], fee: FEE });
    const r = await postJson(f, '/sdk/tx/v1beta1/simulate', { tx_bytes: b64(tx) });
    expect(r.status).toBe(200);
    const { gas_info, result } = r.json();
    expect(Object.keys(r.json())).toEqual(['gas_info', 'result']);
    expect(Object.keys(result)).toEqual(['data', 'log', 'events', 'msg_responses']);
    expect(gas_info.gas_wanted).toMatch(/^\d+$/);
    expect(BigInt(gas_info.gas_used)).toBeGreaterThan(0n);
    // data is the TxMsgData of the send (bytes, base64 here)
    const url = Buffer.from('/sdk.bank.v1beta1.MsgSendResponse');
    expect(result.data).toBe(Buffer.concat([Buffer.from([0x12, url.length + 2, 0x0a, url.length]), url]).toString('base64'));
    expect(result.msg_responses).toEqual([{ '@type': '/sdk.bank.v1beta1.MsgSendResponse' }]);
    expect(result.events.length).toBeGreaterThan(0);
    expect(result.events.every((e: any) => e.attributes.every((a: any) => a.index === false))).toBe(true);
    expect(JSON.parse(result.log)[0].msg_index).toBe(0);
  });

  it('a failing tx is Unknown with the SDK’s gas suffix', async () => {
    const r = await postJson(f, '/sdk/tx/v1beta1/simulate', { tx_bytes: b64(sendTx(0n, 1n)) });
    expect(r.status).toBe(500);
    expect(r.json().code).toBe(2);
    expect(r.json().message).toMatch(/^account sequence mismatch, expected \d+, got 0: incorrect account sequence With gas wanted: '\d+' and gas used: '\d+' $/);
  });

  it('a tx without signatures is refused as SDK v0.47 refuses it (ValidateBasicDecorator runs when simulating)', async () => {
    const raw = TxRaw.decode(signed(alice, 0n, 3n, { messages: [msgSend(alice.address, bob.address, 1n)], fee: FEE }));
    const none = TxRaw.encode({ ...raw, signatures: [] }).finish();
    const r = await postJson(f, '/sdk/tx/v1beta1/simulate', { tx_bytes: b64(none) });
    expect([r.status, r.json().code, r.json().message]).toEqual([500, 2, "no signatures supplied With gas wanted: '18446744073709551615' and gas used: '0' "]);
    // an empty signature per signer (the CLI's `--gas auto`, CosmJS) is simulated
    const empty = TxRaw.encode({ ...raw, signatures: [new Uint8Array(0)] }).finish();
    expect((await postJson(f, '/sdk/tx/v1beta1/simulate', { tx_bytes: b64(empty) })).status).toBe(200);
  });

  it('no tx is refused', async () => {
    expect(await postJson(f, '/sdk/tx/v1beta1/simulate', {}).then((r) => [r.status, r.text])).toEqual([400, '{"code":3,"message":"empty txBytes is not allowed","details":[]}']);
  });
});

describe('POST /sdk/tx/v1beta1/txs (BroadcastTx)', () => {
  it('sync: the CheckTx outcome; the same bytes again are in the mempool cache (code 19)', async () => {
    const tx = sendTx(3n, 7n);
    const r = await postJson(f, '/sdk/tx/v1beta1/txs', { tx_bytes: b64(tx), mode: 'BROADCAST_MODE_SYNC' });
    expect(r.status).toBe(200);
    const { raw_log, ...res } = r.json().tx_response;
    expect(res).toEqual({ height: '0', txhash: hashOf(tx), codespace: '', code: 0, data: '', logs: [], info: '', gas_wanted: '0', gas_used: '0', tx: null, timestamp: '', events: [] });
    expect(typeof raw_log).toBe('string');
    const again = await postJson(f, '/sdk/tx/v1beta1/txs', { tx_bytes: b64(tx), mode: 2 });
    expect(again.text).toBe(
      `{"tx_response":{"height":"0","txhash":"${hashOf(tx)}","codespace":"sdk","code":19,"data":"","raw_log":"","logs":[],"info":"","gas_wanted":"0","gas_used":"0","tx":null,"timestamp":"","events":[]}}`,
    );
  });

  it('async: only the hash', async () => {
    const tx = sendTx(4n, 8n);
    const r = await postJson(f, '/sdk/tx/v1beta1/txs', { tx_bytes: b64(tx), mode: 'BROADCAST_MODE_ASYNC' });
    expect(r.text).toBe(
      `{"tx_response":{"height":"0","txhash":"${hashOf(tx)}","codespace":"","code":0,"data":"","raw_log":"","logs":[],"info":"","gas_wanted":"0","gas_used":"0","tx":null,"timestamp":"","events":[]}}`,
    );
  });

  it('a tx CheckTx refuses comes back with its code', async () => {
    const r = (await postJson(f, '/sdk/tx/v1beta1/txs', { tx_bytes: b64(new Uint8Array([1, 2, 3])), mode: 'BROADCAST_MODE_SYNC' })).json().tx_response;
    expect([r.code, r.codespace, r.logs]).toEqual([2, 'sdk', []]);
    expect(r.raw_log).toMatch(/tx parse error$/);
  });

  it('BLOCK mode is gone in v0.47; missing bytes, unknown fields and bad JSON are refused', async () => {
    const tx = b64(sendTx(9n, 1n));
    expect(await postJson(f, '/sdk/tx/v1beta1/txs', { tx_bytes: tx, mode: 'BROADCAST_MODE_BLOCK' }).then((r) => [r.status, r.text])).toEqual([
      500,
      '{"code":2,"message":"unsupported return type unspecified; supported types: sync, async","details":[]}',
    ]);
    expect(await postJson(f, '/sdk/tx/v1beta1/txs', { tx_bytes: tx }).then((r) => r.status)).toBe(500);
    expect(await postJson(f, '/sdk/tx/v1beta1/txs', { mode: 'BROADCAST_MODE_SYNC' }).then((r) => [r.status, r.text])).toEqual([400, '{"code":3,"message":"invalid empty tx","details":[]}']);
    expect(await postJson(f, '/sdk/tx/v1beta1/txs', { tx_bytes: tx, foo: 1 }).then((r) => [r.status, r.text])).toEqual([
      400,
      '{"code":3,"message":"unknown field \\"foo\\" in tx.BroadcastTxRequest","details":[]}',
    ]);
    expect(await postJson(f, '/sdk/tx/v1beta1/txs', '{').then((r) => [r.status, r.json().code])).toEqual([400, 3]);
  });

  it('bodies jsonpb cannot read are refused in Go’s words: base64 (standard, padded), kinds', async () => {
    const refusal = (body: unknown) => postJson(f, '/sdk/tx/v1beta1/simulate', body).then((r) => [r.status, r.json().message]);
    expect(await refusal({ tx_bytes: '!!!' })).toEqual([400, 'illegal base64 data at input byte 0']);
    // Go's StdEncoding needs the padding: 3 characters are not a whole quantum
    expect(await refusal({ tx_bytes: 'AAA' })).toEqual([400, 'illegal base64 data at input byte 0']);
    expect(await refusal({ tx_bytes: 'AA-_' })).toEqual([400, 'illegal base64 data at input byte 2']);
    expect(await refusal({ tx_bytes: 123 })).toEqual([400, 'json: cannot unmarshal number into Go value of type []uint8']);
    expect(await refusal([1])).toEqual([400, 'json: cannot unmarshal array into Go value of type map[string]json.RawMessage']);
    expect(await refusal({ tx: 'x' })).toEqual([400, 'json: cannot unmarshal string into Go value of type map[string]json.RawMessage']);
  });
});

describe('POST /sdk/tx/v1beta1/encode and /decode', () => {
  it('decode gives the Tx of GET txs/{hash}; encode gives the same bytes back', async () => {
    const decoded = await postJson(f, '/sdk/tx/v1beta1/decode', { tx_bytes: b64(tx1) });
    const stored = (await call(f, `/sdk/tx/v1beta1/txs/${hashOf(tx1)}`)).json();
    expect(decoded.json().tx).toEqual(stored.tx);
    const encoded = await postJson(f, '/sdk/tx/v1beta1/encode', { tx: decoded.json().tx });
    expect(encoded.text).toBe(`{"tx_bytes":"${b64(tx1)}"}`);
  });

  it('empty and undecodable input', async () => {
    expect(await postJson(f, '/sdk/tx/v1beta1/decode', {}).then((r) => [r.status, r.text])).toEqual([400, '{"code":3,"message":"invalid empty tx bytes","details":[]}']);
    expect(await postJson(f, '/sdk/tx/v1beta1/encode', {}).then((r) => [r.status, r.text])).toEqual([400, '{"code":3,"message":"invalid empty tx","details":[]}']);
    // a body of JSON null is an empty request, as jsonpb reads it
    expect(await postJson(f, '/sdk/tx/v1beta1/decode', null).then((r) => [r.status, r.text])).toEqual([400, '{"code":3,"message":"invalid empty tx bytes","details":[]}']);
    expect(await postJson(f, '/sdk/tx/v1beta1/encode', null).then((r) => [r.status, r.text])).toEqual([400, '{"code":3,"message":"invalid empty tx","details":[]}']);
    expect(await postJson(f, '/sdk/tx/v1beta1/txs', null).then((r) => [r.status, r.text])).toEqual([400, '{"code":3,"message":"invalid empty tx","details":[]}']);
    expect(await postJson(f, '/sdk/tx/v1beta1/unsigned', { body: { messages: [null] } }).then((r) => [r.status, r.json().message])).toEqual([400, 'body.messages[0]: a message cannot be null']);
    const garbage = await postJson(f, '/sdk/tx/v1beta1/decode', { tx_bytes: b64(new Uint8Array([1, 2, 3])) });
    expect(garbage.status).toBe(500);
    expect(garbage.json().message).toMatch(/^codespace sdk code 2: tx parse error: /);
  });
});

describe('POST /sdk/tx/v1beta1/unsigned (--generate-only)', () => {
  const send = { '@type': '/sdk.bank.v1beta1.MsgSend', from_address: alice.address, to_address: bob.address, amount: [{ denom: 'wei', amount: '5' }] };

  it('the body and fee are those signTx would sign; no signer infos, no signatures', async () => {
    const r = await postJson(f, '/sdk/tx/v1beta1/unsigned', { msgs: [send], fee: { amount: FEE, gas: '250000' }, memo: 'hello', timeout_height: '90' });
    expect(r.status).toBe(200);
    expect(r.text).toBe(
      `{"body":{"messages":[{"@type":"/sdk.bank.v1beta1.MsgSend","from_address":"${alice.address}","to_address":"${bob.address}","amount":[{"denom":"wei","amount":"5"}]}],"memo":"hello","timeout_height":"90","extension_options":[],"non_critical_extension_options":[]},"auth_info":{"signer_infos":[],"fee":{"amount":[{"denom":"wei","amount":"200000000000000"}],"gas_limit":"250000","payer":"","granter":""},"tip":null},"signatures":[]}`,
    );
    const signedTx = signed(alice, 0n, 5n, { messages: [msgSend(alice.address, bob.address, 5n)], fee: FEE, gasLimit: 250000n, memo: 'hello', timeoutHeight: 90n });
    const d = decodeTxRaw(signedTx);
    const out = r.json();
    // byte-identical body, and the same fee
    expect(codec.encode('sdk.tx.v1beta1.TxBody', parseProtoJson('sdk.tx.v1beta1.TxBody', out.body))).toEqual(d.bodyBytes);
    expect(parseProtoJson('sdk.tx.v1beta1.Fee', out.auth_info.fee)).toEqual(d.authInfo.fee);
    // and read by an independent decoder
    const body = TxBody.decode(d.bodyBytes);
    expect([body.memo, body.timeoutHeight, body.messages[0]!.typeUrl]).toEqual([out.body.memo, BigInt(out.body.timeout_height), out.body.messages[0]['@type']]);
    const msg = MsgSend.decode(body.messages[0]!.value);
    expect({ from_address: msg.fromAddress, to_address: msg.toAddress, amount: msg.amount }).toEqual({ from_address: send.from_address, to_address: send.to_address, amount: send.amount });
  });

  it('the Tx-shaped request gives the same answer; no fee means the default gas limit', async () => {
    const simple = await postJson(f, '/sdk/tx/v1beta1/unsigned', { msgs: [send], fee: { amount: FEE, gas_limit: '250000' }, memo: 'hello' });
    const shaped = await postJson(f, '/sdk/tx/v1beta1/unsigned', { body: { messages: [send], memo: 'hello' }, auth_info: { fee: { amount: FEE, gas_limit: '250000' } } });
    expect(shaped.text).toBe(simple.text);
    const bare = (await postJson(f, '/sdk/tx/v1beta1/unsigned', { msgs: [send] })).json();
    expect(bare.auth_info.fee).toEqual({ amount: [], gas_limit: '200000', payer: '', granter: '' });
  });

  it("the staking family's and gov's messages: delegate, withdraw rewards, unjail, vote and a legacy deposit in one tx, as `--generate-only` prints them", async () => {
    const val = valAddress(addressFromBech32(bob.address));
    const msgs = [
      { '@type': '/sdk.staking.v1beta1.MsgDelegate', delegator_address: alice.address, validator_address: val, amount: { denom: 'wei', amount: '1000' } },
      { '@type': '/sdk.distribution.v1beta1.MsgWithdrawDelegatorReward', delegator_address: alice.address, validator_address: val },
      { '@type': '/sdk.slashing.v1beta1.MsgUnjail', validator_addr: val },
      { '@type': '/sdk.gov.v1.MsgVote', proposal_id: '1', voter: alice.address, option: 'VOTE_OPTION_YES', metadata: '' },
      { '@type': '/sdk.gov.v1beta1.MsgDeposit', proposal_id: '1', depositor: alice.address, amount: [{ denom: 'wei', amount: '5' }] },
    ];
    const r = await postJson(f, '/sdk/tx/v1beta1/unsigned', { msgs });
    expect(r.status).toBe(200);
    expect(r.json().body.messages).toEqual(msgs);
    // a failed ValidateBasic is refused as for any message
    const zero = await postJson(f, '/sdk/tx/v1beta1/unsigned', { msgs: [{ ...msgs[0], amount: { denom: 'wei', amount: '0' } }] });
    expect([zero.status, zero.json().message]).toEqual([400, 'invalid delegation amount: invalid request']);
  });

  it('unknown or non-message types, failed stateless checks and bad requests are 400', async () => {
    const refusal = async (body: unknown) => {
      const r = await postJson(f, '/sdk/tx/v1beta1/unsigned', body);
      expect(r.status).toBe(400);
      expect(r.json().code).toBe(3);
      return r.json().message as string;
    };
    expect(await refusal({ msgs: [{ ...send, '@type': '/sdk.bank.v1beta1.MsgSendX' }] })).toBe('unable to resolve type URL /sdk.bank.v1beta1.MsgSendX');
    expect(await refusal({ msgs: [{ '@type': '/sdk.crypto.ed25519.PubKey', key: 'AA==' }] })).toBe('no concrete type registered for type URL /sdk.crypto.ed25519.PubKey against interface *types.Msg');
    // the Anys inside a message too, as `tx gov submit-proposal --generate-only` unpacks them: a legacy content that is not a Content
    const exec = { '@type': '/sdk.gov.v1.MsgExecLegacyContent', content: send, authority: send.from_address };
    const submit = { '@type': '/sdk.gov.v1.MsgSubmitProposal', messages: [exec], initial_deposit: [], proposer: send.from_address, metadata: '', title: 't', summary: 's' };
    expect(await refusal({ msgs: [submit] })).toBe('no concrete type registered for type URL /sdk.bank.v1beta1.MsgSend against interface *v1beta1.Content');
    expect(await refusal({ msgs: [{ ...send, from_address: 'st1bad' }] })).toMatch(/^invalid from address: .*invalid address$/);
    expect(await refusal({ msgs: [{ ...send, amount: [] }] })).toMatch(/invalid coins$/);
    expect(await refusal({ msgs: [] })).toBe('no messages: give at least one message with its "@type"');
    expect(await refusal({ msgs: [send], sign: true })).toBe('request: unknown field "sign" (expected "msgs", "fee", "memo", "timeout_height")');
    expect(await refusal({ memo: 'x' })).toMatch(/^request: expected /);
    expect(await refusal('not json')).toMatch(/^request body is not JSON: /);
  });

  it('a fee the equivalent CLI command refuses is 400 with the chain\'s Tx.ValidateBasic / fee texts: bad payer or granter, negative or invalid amounts', async () => {
    const refusal = async (body: unknown) => {
      const r = await postJson(f, '/sdk/tx/v1beta1/unsigned', body);
      expect([r.status, r.json().code]).toEqual([400, 3]);
      return r.json().message as string;
    };
    const withFee = (fee: Record<string, unknown>) => ({ msgs: [send], fee });
    expect(await refusal(withFee({ payer: 'xyz' }))).toBe('Invalid fee payer address (decoding bech32 failed: invalid bech32 string length 3): invalid address');
    expect(await refusal({ body: { messages: [send] }, auth_info: { fee: { payer: `stvaloper${bob.address.slice(2)}` } } })).toMatch(
      /^Invalid fee payer address \(decoding bech32 failed: invalid checksum \(expected \w{6} got \w{6}\)\): invalid address$/,
    );
    expect(await refusal(withFee({ granter: 'xyz' }))).toBe('invalid fee granter address: decoding bech32 failed: invalid bech32 string length 3');
    expect(await refusal(withFee({ amount: [{ denom: 'wei', amount: '-1' }] }))).toBe('invalid fee provided: -1wei: insufficient fee');
    // the negative amount first, as Tx.ValidateBasic checks it before the payer
    expect(await refusal(withFee({ amount: [{ denom: 'wei', amount: '-1' }], payer: 'xyz' }))).toBe('invalid fee provided: -1wei: insufficient fee');
    expect(await refusal(withFee({ amount: [{ denom: 'wei', amount: '5' }, { denom: 'foo', amount: '1' }] }))).toBe('invalid fee amount: 5wei,1foo: insufficient fee');
    expect(await refusal(withFee({ amount: [{ denom: 'wei', amount: '5' }, { denom: 'wei', amount: '1' }] }))).toBe('invalid fee amount: 5wei,1wei: insufficient fee');
    // valid ones, and a zero fee, are still generated
    const ok = await postJson(f, '/sdk/tx/v1beta1/unsigned', withFee({ amount: [{ denom: 'wei', amount: '0' }], payer: bob.address, granter: bob.address }));
    expect([ok.status, ok.json().auth_info.fee.payer, ok.json().auth_info.fee.granter]).toEqual([200, bob.address, bob.address]);
  });

  it('a message type the chain cannot execute (no handler in its router: bank MsgMultiSend, even with empty fields) is 400', async () => {
    const delegate = { '@type': '/sdk.bank.v1beta1.MsgMultiSend', inputs: [], outputs: [] };
    const r = await postJson(f, '/sdk/tx/v1beta1/unsigned', { msgs: [delegate] });
    expect([r.status, r.text]).toEqual([
      400,
      '{"code":3,"message":"unable to resolve type URL /sdk.bank.v1beta1.MsgMultiSend: this chain has no handler for that message type","details":[]}',
    ]);
    const mixed = await postJson(f, '/sdk/tx/v1beta1/unsigned', { body: { messages: [send, delegate] } });
    expect([mixed.status, mixed.json().message]).toEqual([400, 'unable to resolve type URL /sdk.bank.v1beta1.MsgMultiSend: this chain has no handler for that message type']);
    // what the chain would answer to that tx, signed and broadcast
    const tx = signed(alice, 0n, 3n, { messages: [{ typeName: 'sdk.bank.v1beta1.MsgMultiSend', value: { inputs: [{ address: alice.address, coins: [{ denom: 'wei', amount: '1' }] }], outputs: [{ address: bob.address, coins: [{ denom: 'wei', amount: '1' }] }] } }], fee: FEE });
    const checked = f.node.checkTx(tx);
    expect([checked.code, checked.log]).toEqual([2, 'unable to resolve type URL /sdk.bank.v1beta1.MsgMultiSend: tx parse error']);
  });
});
