// Tx submission through the consensus RPC (broadcast_tx_sync|async|commit, check_tx, the mempool
// views) on a node whose block producer runs, and the node's liveness under bad input: garbage
// bodies, oversized bodies, unknown methods, bad heights and bad tx bytes never stop block production.
import { sha256 } from '@noble/hashes/sha2.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msgSend, signed } from '../../helpers/fixture.ts';
import { alice, bob, FEE, startHarness, type RpcHarness } from './rpc-fixture.ts';

const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');
const hashOf = (tx: Uint8Array) => Buffer.from(sha256(tx)).toString('hex').toUpperCase();
const send = (seq: bigint, amount: bigint, memo = '') => signed(alice, 0n, seq, { messages: [msgSend(alice.address, bob.address, amount)], fee: FEE, memo });

let h: RpcHarness;
async function rpc(method: string, params?: unknown): Promise<any> {
  const res = await fetch(h.url, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }) });
  expect(res.status).toBe(200);
  return res.json();
}
const internalError = (data: string) => ({ jsonrpc: '2.0', id: 7, error: { code: -32603, message: 'Internal error', data } });

describe('mempool methods with the producer stopped', () => {
  beforeAll(async () => {
    h = await startHarness({ serverOptions: { maxBodyBytes: 3_000_000 } });
  });
  afterAll(async () => {
    await h.close();
  });

  it('broadcast_tx_sync: CheckTx result with the tx hash; a second copy is refused by the cache', async () => {
    const tx = send(0n, 5n);
    const { result } = await rpc('broadcast_tx_sync', { tx: b64(tx) });
    expect(Object.keys(result)).toEqual(['code', 'data', 'log', 'codespace', 'hash']);
    expect(result).toMatchObject({ code: 0, data: '', codespace: '', hash: hashOf(tx) });
    expect(await rpc('broadcast_tx_sync', { tx: b64(tx) })).toEqual(internalError('tx already exists in cache'));
  });

  it('unconfirmed_txs and num_unconfirmed_txs show the waiting tx', async () => {
    const waiting = h.node.mempool.all()[0]!.bytes;
    expect((await rpc('num_unconfirmed_txs')).result).toEqual({ n_txs: '1', total: '1', total_bytes: String(waiting.length), txs: null });
    expect((await rpc('unconfirmed_txs')).result).toEqual({ n_txs: '1', total: '1', total_bytes: String(waiting.length), txs: [b64(waiting)] });
    h.node.produceBlock();
    expect((await rpc('unconfirmed_txs', { limit: '5' })).result).toEqual({ n_txs: '0', total: '0', total_bytes: '0', txs: [] });
    expect((await rpc('tx', { hash: b64(sha256(waiting)) })).result.height).toBe('1');
  });

  it('bad tx bytes: a normal answer with the decode failure code; bad base64 is invalid params', async () => {
    const garbage = Uint8Array.from([1, 2, 3, 4, 5]);
    const { result } = await rpc('broadcast_tx_sync', { tx: b64(garbage) });
    expect(result.code).toBe(2);
    expect(result.codespace).toBe('sdk');
    expect(result.hash).toBe(hashOf(garbage));
    expect(await rpc('broadcast_tx_sync', { tx: 'not base64!' })).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32602, message: 'Invalid params', data: 'error converting json params to arguments: illegal base64 data at input byte 3' },
    });
    // a failed CheckTx leaves no trace in the cache: the same bytes may come again
    expect((await rpc('broadcast_tx_sync', { tx: b64(garbage) })).result.code).toBe(2);
  });

  it('a tx over the mempool size limit is refused before CheckTx', async () => {
    const big = new Uint8Array(1_100_000);
    expect(await rpc('broadcast_tx_sync', { tx: b64(big) })).toEqual(internalError('tx too large. Max size is 1048576, but got 1100000'));
  });

  it('broadcast_tx_async answers with the hash only, whatever CheckTx says', async () => {
    const garbage = Uint8Array.from([9, 9, 9]);
    expect((await rpc('broadcast_tx_async', { tx: b64(garbage) })).result).toEqual({ code: 0, data: '', log: '', codespace: '', hash: hashOf(garbage) });
    const tx = send(1n, 6n);
    expect((await rpc('broadcast_tx_async', { tx: b64(tx) })).result.hash).toBe(hashOf(tx));
    expect(await rpc('broadcast_tx_async', { tx: b64(tx) })).toEqual(internalError('tx already exists in cache'));
  });

  it('check_tx: the flat ResponseCheckTx, without entering the mempool', async () => {
    const before = h.node.mempool.size;
    const { result } = await rpc('check_tx', { tx: b64(Uint8Array.from([7])) });
    expect(Object.keys(result)).toEqual(['code', 'data', 'log', 'info', 'gas_wanted', 'gas_used', 'events', 'codespace', 'sender', 'priority', 'mempoolError']);
    expect(result).toMatchObject({ code: 2, data: null, info: '', codespace: 'sdk', sender: '', priority: '0', mempoolError: '' });
    const ok = await rpc('check_tx', { tx: b64(send(2n, 1n)) });
    expect(ok.result.code).toBe(0);
    expect(ok.result.gas_wanted).toBe('200000');
    expect(ok.result.events.map((e: { type: string }) => e.type)).toEqual(['coin_spent', 'coin_received', 'transfer', 'message', 'tx', 'tx', 'tx']);
    expect(ok.result.events[5].attributes[0].key).toBe('acc_seq');
    expect(h.node.mempool.size).toBe(before);
  });
});

describe('broadcast_tx_commit and liveness with the producer running', () => {
  beforeAll(async () => {
    h = await startHarness({ blockIntervalMs: 25 });
    h.node.start();
  });
  afterAll(async () => {
    await h.close();
  });

  it('waits for the block and answers check_tx, deliver_tx, hash and height', async () => {
    const tx = send(0n, 11n, 'commit me');
    const { result } = await rpc('broadcast_tx_commit', { tx: b64(tx) });
    expect(Object.keys(result)).toEqual(['check_tx', 'deliver_tx', 'hash', 'height']);
    expect(result.check_tx.code).toBe(0);
    expect(result.deliver_tx.code).toBe(0);
    expect(result.hash).toBe(hashOf(tx));
    const found = await rpc('tx', { hash: b64(sha256(tx)) });
    expect(result.height).toBe(found.result.height);
    expect(result.deliver_tx).toEqual(found.result.tx_result);
    // CheckTx's events are the ante's: the fee's transfer, then the tx's fee, sequence and signature, as DeliverTx begins
    const anteTypes = ['coin_spent', 'coin_received', 'transfer', 'message', 'tx', 'tx', 'tx'];
    expect(result.check_tx.events.map((e: { type: string }) => e.type)).toEqual(anteTypes);
    expect(result.check_tx.events).toEqual(result.deliver_tx.events.slice(0, anteTypes.length));
  });

  it('a CheckTx failure answers at once with an empty deliver_tx and height 0; a duplicate is an error', async () => {
    const stale = send(0n, 11n, 'commit me');
    expect(await rpc('broadcast_tx_commit', { tx: b64(stale) })).toEqual(internalError('error on broadcastTxCommit: tx already exists in cache'));
    const wrongSeq = send(0n, 12n);
    const { result } = await rpc('broadcast_tx_commit', { tx: b64(wrongSeq) });
    expect(result.check_tx.code).toBe(32);
    expect(result.deliver_tx).toEqual({ code: 0, data: null, log: '', info: '', gas_wanted: '0', gas_used: '0', events: [], codespace: '' });
    expect(result.height).toBe('0');
  });

  it('keeps making blocks while it is fed garbage', async () => {
    const start = h.node.height;
    const bad: (string | Uint8Array)[] = [
      '{bad',
      '',
      '[1,2,3]',
      '{"jsonrpc":"2.0","id":1,"method":"nope"}',
      '{"jsonrpc":"2.0","id":1,"method":"block","params":{"height":"999999"}}',
      '{"jsonrpc":"2.0","id":1,"method":"block","params":{"height":"-5"}}',
      '{"jsonrpc":"2.0","id":1,"method":"tx_search","params":{"query":"((("}}',
      `{"jsonrpc":"2.0","id":1,"method":"broadcast_tx_sync","params":{"tx":"${b64(Uint8Array.from([0xff, 0xfe]))}"}}`,
      `{"jsonrpc":"2.0","id":1,"method":"broadcast_tx_commit","params":{"tx":"${b64(Uint8Array.from([0x0a]))}"}}`,
      Uint8Array.from({ length: 4096 }, (_, i) => (i * 37) % 256),
      'x'.repeat(1_500_000),
    ];
    const statuses = await Promise.all(bad.map(async (body) => (await fetch(h.url, { method: 'POST', body })).status));
    expect(statuses).toEqual([500, 200, 500, 200, 200, 200, 200, 200, 200, 500, 400]);
    for (const path of ['/block?height=abc', '/tx?hash=zz', '/nope', '/abci_query?data=0xzz']) await (await fetch(h.url + path)).text();
    const deadline = Date.now() + 5000;
    while (h.node.height < start + 3n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(h.node.height).toBeGreaterThanOrEqual(start + 3n);
    const status = await rpc('status');
    expect(BigInt(status.result.sync_info.latest_block_height)).toBeGreaterThanOrEqual(start + 3n);
  });
});
