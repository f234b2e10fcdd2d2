// `/websocket` of the consensus RPC: @cosmjs/tendermint-rpc's Tendermint37Client over its
// WebsocketClient, unchanged (subscribeNewBlock, subscribeNewBlockHeader, subscribeTx with and without
// a query, ordinary calls), then a raw `ws` client for CometBFT 0.37's exact answers: event payloads,
// subscription errors, limits, parse and param errors, unsubscribing, closing, pings and deadlines.
import { sha256 } from '@noble/hashes/sha2.js';
import { toHex } from '@cosmjs/encoding';
import { Tendermint37Client, WebsocketClient } from '@cosmjs/tendermint-rpc';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { genesisWith, msgSend, signed } from '../../helpers/fixture.ts';
import { alice, bob, FEE, startHarness, type RpcHarness } from './rpc-fixture.ts';

const hashOf = (tx: Uint8Array) => toHex(sha256(tx)).toUpperCase();
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const genesis = genesisWith([
  [alice.address, 10n ** 21n],
  [bob.address, 10n ** 21n],
]);

/** The first `count` values of a CosmJS (xstream) stream; the listener is removed afterwards. */
interface EventStream<T> {
  subscribe(listener: { next: (v: T) => void; error: (e: unknown) => void; complete: () => void }): { unsubscribe(): void };
}
function take<T>(stream: EventStream<T>, count: number): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const got: T[] = [];
    const sub = stream.subscribe({
      next: (v) => {
        got.push(v);
        if (got.length === count) {
          // the stream calls next synchronously on subscribe only for remembered values; it has none
          queueMicrotask(() => sub.unsubscribe());
          resolve(got);
        }
      },
      error: reject,
      complete: () => reject(new Error(`stream completed after ${got.length} of ${count} events`)),
    });
  });
}

/** Waits (yielding to the event loop) until `ok` holds. */
async function until(ok: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    if (ok()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`never happened: ${what}`);
}

/** A bare websocket client that reads every message in order. */
class RawClient {
  private readonly queue: string[] = [];
  private readonly waiting: ((text: string) => void)[] = [];
  readonly closed: Promise<{ code: number }>;
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const text = data.toString();
      const w = this.waiting.shift();
      if (w) w(text);
      else this.queue.push(text);
    });
    this.closed = new Promise((resolve) => ws.once('close', (code) => resolve({ code })));
  }

  static async open(url: string, opts: WebSocket.ClientOptions = {}): Promise<RawClient> {
    const ws = new WebSocket(url, opts);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new RawClient(ws);
  }

  next(): Promise<string> {
    const text = this.queue.shift();
    if (text !== undefined) return Promise.resolve(text);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  async nextJson(): Promise<any> {
    return JSON.parse(await this.next());
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Sends a request and returns the next message's text (no events expected in between). */
  async call(method: string, params: unknown, id: number | string = 1): Promise<string> {
    this.send({ jsonrpc: '2.0', id, method, params });
    return this.next();
  }

  pending(): number {
    return this.queue.length;
  }

  close(): Promise<{ code: number }> {
    this.ws.close();
    return this.closed;
  }
}

/** One request on a fresh TCP connection; the whole answer until the server closes it. */
function rawHttp(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.on('data', (d) => (text += d.toString()));
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
}

/** Account sequences, kept as the txs are made (a tx failing in DeliverTx still uses its sequence). */
const seq = { alice: 0n, bob: 0n };
const aliceSend = (amount = 5n, memo = '') => signed(alice, 0n, seq.alice++, { messages: [msgSend(alice.address, bob.address, amount)], fee: FEE, memo });
const bobSend = (amount = 7n) => signed(bob, 1n, seq.bob++, { messages: [msgSend(bob.address, alice.address, amount)], fee: FEE });

const internal = (id: number | string, data: string) => JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32603, message: 'Internal error', data } });

let h: RpcHarness;
let wsUrl: string;
const getJson = async (path: string): Promise<any> => (await fetch(`${h.url}${path}`)).json();
beforeAll(async () => {
  h = await startHarness({ genesis });
  wsUrl = `ws://127.0.0.1:${h.server.address.port}`;
  h.node.produceBlock();
});
afterAll(async () => {
  await h.close();
});

describe('Tendermint37Client over WebsocketClient', () => {
  let tm: Tendermint37Client;

  beforeAll(async () => {
    tm = Tendermint37Client.create(new WebsocketClient(wsUrl));
    // CosmJS 0.39's queueing socket sends nothing if its queue was empty when it connected: a first
    // request must be queued before the connection is open (tendermint-rpc's own connect() does so)
    await tm.health();
  });
  afterAll(() => tm.disconnect());

  it('answers ordinary calls (status, block, abciInfo) over the socket', async () => {
    const status = await tm.status();
    expect(status.nodeInfo.network).toBe('stratos-test');
    expect(status.syncInfo.latestBlockHeight).toBe(Number(h.node.height));
    const b1 = await tm.block(1);
    expect(b1.block.header.height).toBe(1);
    expect(toHex(b1.blockId.hash).toUpperCase()).toBe(toHex(h.node.block(1n)!.hash).toUpperCase());
    expect((await tm.abciInfo()).lastBlockHeight).toBe(Number(h.node.height));
  });

  it('subscribeNewBlock and subscribeNewBlockHeader deliver every committed block', async () => {
    const from = Number(h.node.height) + 1;
    const blocks = take(tm.subscribeNewBlock(), 2);
    const headers = take(tm.subscribeNewBlockHeader(), 2);
    // answers come in request order: once status is answered, both subscriptions are in place
    await tm.status();
    expect(h.server.websocket.events.numSubscriptions()).toBe(2);
    const tx = aliceSend();
    expect((await tm.broadcastTxSync({ tx })).code).toBe(0);
    h.node.produceBlock();
    h.node.produceBlock();
    const [got, gotHeaders] = await Promise.all([blocks, headers]);
    expect(got.map((b) => b.header.height)).toEqual([from, from + 1]);
    expect(got[0]!.txs).toEqual([tx]);
    expect(got[1]!.txs).toEqual([]);
    // the same blocks as the `block` method's
    expect(got[0]).toEqual((await tm.block(from)).block);
    expect(got[1]).toEqual((await tm.block(from + 1)).block);
    expect(gotHeaders).toEqual([got[0]!.header, got[1]!.header]);
    // CosmJS unsubscribes when the last listener leaves; the server releases the subscriptions
    await until(() => h.server.websocket.events.numSubscriptions() === 0, 'both subscriptions released');
  });

  it('subscribeTx() delivers every tx, subscribeTx(query) only the matching ones', async () => {
    const all = take(tm.subscribeTx(), 2);
    const fromAlice = take(tm.subscribeTx(`message.sender='${alice.address}'`), 1);
    const fromBob = take(tm.subscribeTx(`message.sender='${bob.address}' AND tx.height>1`), 1);
    await tm.status();
    expect(h.server.websocket.events.numSubscriptions()).toBe(3);
    const t1 = aliceSend();
    const t2 = bobSend();
    expect((await tm.broadcastTxSync({ tx: t1 })).code).toBe(0);
    expect((await tm.broadcastTxSync({ tx: t2 })).code).toBe(0);
    const height = Number(h.node.produceBlock()!.height);
    const [txs, [a], [b]] = await Promise.all([all, fromAlice, fromBob]);
    expect(txs.map((t) => [toHex(t.hash).toUpperCase(), t.height, t.result.code])).toEqual([
      [hashOf(t1), height, 0],
      [hashOf(t2), height, 0],
    ]);
    expect(txs.map((t) => t.tx)).toEqual([t1, t2]);
    expect(a!.tx).toEqual(t1);
    expect(b!.tx).toEqual(t2);
    // the result is the tx's DeliverTx result, as `tx` reports it
    const viaTx = await tm.tx({ hash: sha256(t1) });
    expect(a!.result.events).toEqual(viaTx.result.events);
    expect(a!.result.gasUsed).toBe(viaTx.result.gasUsed);
    expect(a!.result.gasWanted).toBe(200000n);
    expect(a!.result.log).toBe(viaTx.result.log);
    expect(a!.result.data).toEqual(viaTx.result.data);
    await until(() => h.server.websocket.events.numSubscriptions() === 0, 'the three subscriptions released');
  });

  it('disconnecting releases the client', async () => {
    const before = h.server.websocket.size;
    const client = Tendermint37Client.create(new WebsocketClient(wsUrl));
    const blocks = client.subscribeNewBlock();
    blocks.subscribe({ next: () => undefined, error: () => undefined, complete: () => undefined });
    await client.status();
    expect(h.server.websocket.events.numClients()).toBe(1);
    expect(h.server.websocket.size).toBe(before + 1);
    client.disconnect();
    await until(() => h.server.websocket.size === before && h.server.websocket.events.numClients() === 0, 'the connection and its subscription released');
  });
});

describe('CometBFT 0.37 answers over the websocket', () => {
  it('subscribe answers {} and each event carries the query, typed data and the events map', async () => {
    const c = await RawClient.open(`${wsUrl}/websocket`);
    expect(await c.call('subscribe', { query: "tm.event='NewBlock'" }, 'nb')).toBe('{"jsonrpc":"2.0","id":"nb","result":{}}');
    expect(await c.call('subscribe', { query: "tm.event = 'NewBlockHeader'" }, 7)).toBe('{"jsonrpc":"2.0","id":7,"result":{}}');
    const block = h.node.produceBlock()!;
    const height = block.height.toString();
    const newBlock = await c.next();
    const header = await c.next();
    expect(newBlock.startsWith(`{"jsonrpc":"2.0","id":"nb","result":{"query":"tm.event='NewBlock'","data":{"type":"tendermint/event/NewBlock","value":{"block":{"header":{`)).toBe(true);
    const nb = JSON.parse(newBlock);
    const byHttp = await getJson(`/block?height=${height}`);
    const results = await getJson(`/block_results?height=${height}`);
    expect(Object.keys(nb.result)).toEqual(['query', 'data', 'events']);
    expect(Object.keys(nb.result.data.value)).toEqual(['block', 'result_begin_block', 'result_end_block']);
    expect(nb.result.data.value.block).toEqual(byHttp.result.block);
    const endBlock: Record<string, unknown> = { validator_updates: null, consensus_param_updates: results.result.consensus_param_updates };
    if (results.result.end_block_events) endBlock.events = results.result.end_block_events;
    expect(nb.result.data.value.result_end_block).toEqual(endBlock);
    expect(nb.result.data.value.result_begin_block).toEqual(results.result.begin_block_events ? { events: results.result.begin_block_events } : {});
    expect(nb.result.events['tm.event']).toEqual(['NewBlock']);
    const hd = JSON.parse(header);
    expect(hd.id).toBe(7);
    expect(hd.result.query).toBe("tm.event = 'NewBlockHeader'");
    expect(hd.result.data.type).toBe('tendermint/event/NewBlockHeader');
    expect(Object.keys(hd.result.data.value)).toEqual(['header', 'num_txs', 'result_begin_block', 'result_end_block']);
    expect(hd.result.data.value.header).toEqual(byHttp.result.block.header);
    expect(hd.result.data.value.num_txs).toBe('0');
    expect(hd.result.events['tm.event']).toEqual(['NewBlockHeader']);
    expect(await c.call('unsubscribe_all', {}, 8)).toBe('{"jsonrpc":"2.0","id":8,"result":{}}');
    await c.close();
  });

  it('Tx events: TxResult {height, index, tx, result} with omitempty fields, and tx.hash / tx.height in the events', async () => {
    const c = await RawClient.open(`${wsUrl}/websocket`);
    expect(await c.call('subscribe', { query: "tm.event='Tx'" }, 1)).toBe('{"jsonrpc":"2.0","id":1,"result":{}}');
    const ok = aliceSend(3n, '<&>');
    // passes CheckTx (fee and sequence), fails in DeliverTx: bob cannot send more than he holds
    const failing = bobSend(10n ** 22n);
    expect((await h.node.broadcastTxSync(ok)).code).toBe(0);
    expect((await h.node.broadcastTxSync(failing)).code).toBe(0);
    const block = h.node.produceBlock()!;
    const first = JSON.parse(await c.next());
    const second = JSON.parse(await c.next());
    const height = block.height.toString();

    expect(first.result.data.type).toBe('tendermint/event/Tx');
    expect(Object.keys(first.result.data.value)).toEqual(['TxResult']);
    const r1 = first.result.data.value.TxResult;
    // index 0 is left out (omitempty), as are the result's zero fields (code, info, codespace)
    expect(Object.keys(r1)).toEqual(['height', 'tx', 'result']);
    expect(r1.height).toBe(height);
    expect(r1.tx).toBe(b64(ok));
    expect(Object.keys(r1.result)).toEqual(['data', 'log', 'gas_wanted', 'gas_used', 'events']);
    const rec1 = h.node.tx(hashOf(ok))!;
    expect(r1.result.data).toBe(b64(rec1.result.data));
    expect(r1.result.log).toBe(rec1.result.log);
    expect(r1.result.gas_wanted).toBe('200000');
    expect(r1.result.gas_used).toBe(rec1.result.gas_used.toString());
    expect(r1.result.events).toEqual(rec1.result.events.map((e) => ({ type: e.type, attributes: e.attributes.map((a) => ({ key: a.key, value: a.value, index: a.index })) })));
    expect(first.result.events['tm.event']).toEqual(['Tx']);
    expect(first.result.events['tx.hash']).toEqual([hashOf(ok)]);
    expect(first.result.events['tx.height']).toEqual([height]);
    expect(first.result.events['message.sender']).toContain(alice.address);
    expect(first.result.events['transfer.recipient']).toContain(bob.address);

    const r2 = second.result.data.value.TxResult;
    expect(Object.keys(r2)).toEqual(['height', 'index', 'tx', 'result']);
    expect(r2.index).toBe(1);
    const rec2 = h.node.tx(hashOf(failing))!;
    expect(rec2.result.code).not.toBe(0);
    expect(r2.result.code).toBe(rec2.result.code);
    expect(r2.result.codespace).toBe(rec2.result.codespace);
    expect(r2.result.log).toBe(rec2.result.log);
    expect(r2.result.data).toBeUndefined();
    expect(second.result.events['tx.hash']).toEqual([hashOf(failing)]);
    await c.close();
  });

  it('queries with conditions: AND, CONTAINS, EXISTS, numeric comparisons', async () => {
    const c = await RawClient.open(`${wsUrl}/websocket`);
    const next = h.node.height + 1n;
    const queries = [
      `tm.event='Tx' AND tx.height=${next}`,
      `tm.event='Tx' AND tx.height>${next}`,
      `tm.event='Tx' AND transfer.recipient CONTAINS '${bob.address.slice(4, 20)}'`,
      `tm.event='Tx' AND message.sender EXISTS`,
      `tm.event='NewBlock' AND message.sender EXISTS`,
    ];
    for (const [i, query] of queries.entries()) expect(await c.call('subscribe', { query }, i)).toBe(`{"jsonrpc":"2.0","id":${i},"result":{}}`);
    expect((await h.node.broadcastTxSync(aliceSend(1n))).code).toBe(0);
    h.node.produceBlock();
    // the bus publishes a block in the next turn of the event loop (this code may run in the turn
    // where the broadcast was admitted): after that turn, a marker is answered after the events
    await new Promise((resolve) => setImmediate(resolve));
    const ids: unknown[] = [];
    c.send({ jsonrpc: '2.0', id: 'marker', method: 'health', params: {} });
    for (;;) {
      const m = JSON.parse(await c.next());
      if (m.id === 'marker') break;
      ids.push(m.id);
    }
    // NewBlock (4) matches too: its begin-block events hold mint's bank send, whose `message` event has a sender
    expect(ids).toEqual([4, 0, 2, 3]);
    await c.close();
  });

  it('subscription errors: duplicate, bad query, too long, unknown, and the per-client limit', async () => {
    const c = await RawClient.open(`${wsUrl}/websocket`);
    expect(await c.call('subscribe', { query: "tm.event='NewBlock'" }, 1)).toBe('{"jsonrpc":"2.0","id":1,"result":{}}');
    expect(await c.call('subscribe', { query: "tm.event='NewBlock'" }, 2)).toBe(internal(2, 'already subscribed'));
    expect(await c.call('subscribe', { query: 'tm.event=' }, 3)).toBe(internal(3, 'failed to parse query: \nparse error near equal (line 1 symbol 10 - line 1 symbol 11):\n"="\n'));
    expect(await c.call('subscribe', { query: "tm.event='NewBlock' AND" }, 8)).toBe(internal(8, 'failed to parse query: \nparse error near and (line 1 symbol 22 - line 1 symbol 25):\n"AND"\n'));
    expect(await c.call('subscribe', { query: '' }, 4)).toBe(internal(4, 'failed to parse query: \nparse error near Unknown (line 1 symbol 1 - line 1 symbol 1):\n""\n'));
    expect(await c.call('subscribe', { query: `tm.event='${'x'.repeat(503)}'` }, 5)).toBe(internal(5, 'maximum query length exceeded'));
    expect(await c.call('unsubscribe', { query: "tm.event='Tx'" }, 6)).toBe(internal(6, 'subscription not found'));
    expect(await c.call('unsubscribe', { query: '' }, 7)).toBe(internal(7, 'failed to parse query: \nparse error near Unknown (line 1 symbol 1 - line 1 symbol 1):\n""\n'));
    for (let i = 0; i < 4; i++) expect(await c.call('subscribe', { query: `tm.event='Tx' AND tx.height=${i}` }, 10 + i)).toBe(`{"jsonrpc":"2.0","id":${10 + i},"result":{}}`);
    expect(await c.call('subscribe', { query: "tm.event='Tx'" }, 20)).toBe(internal(20, 'max_subscriptions_per_client 5 reached'));
    expect(await c.call('unsubscribe', { query: "tm.event='NewBlock'" }, 21)).toBe('{"jsonrpc":"2.0","id":21,"result":{}}');
    expect(await c.call('unsubscribe', { query: "tm.event='NewBlock'" }, 22)).toBe(internal(22, 'subscription not found'));
    expect(await c.call('unsubscribe_all', {}, 23)).toBe('{"jsonrpc":"2.0","id":23,"result":{}}');
    expect(await c.call('unsubscribe_all', {}, 24)).toBe(internal(24, 'subscription not found'));
    expect(h.server.websocket.events.numClients()).toBe(0);
    // unsubscribed: no more events
    h.node.produceBlock();
    expect(await c.call('health', {}, 25)).toBe('{"jsonrpc":"2.0","id":25,"result":{}}');
    await c.close();
  });

  it('JSON-RPC over the socket: one request per message, parse errors, notifications, unknown methods, params errors', async () => {
    const c = await RawClient.open(`${wsUrl}/websocket`);
    c.send('{"jsonrpc":"2.0","id":1,"method":"health"} trailing text is not read');
    expect(await c.next()).toBe('{"jsonrpc":"2.0","id":1,"result":{}}');
    c.send('{"jsonrpc":"2.0","id":1,');
    expect(await c.next()).toBe('{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error. Invalid JSON","data":"error unmarshaling request: unexpected EOF"}}');
    c.send(' ');
    expect(await c.next()).toBe('{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error. Invalid JSON","data":"error unmarshaling request: EOF"}}');
    c.send('[{"jsonrpc":"2.0","id":1,"method":"health"}]');
    expect(JSON.parse(await c.next()).error.data).toBe(
      'error unmarshaling request: json: cannot unmarshal array into Go value of type struct { JSONRPC string "json:\\"jsonrpc\\""; ID interface {} "json:\\"id,omitempty\\""; Method string "json:\\"method\\""; Params json.RawMessage "json:\\"params\\"" }',
    );
    // a notification gets no answer: the next answer is the following request's
    c.send({ jsonrpc: '2.0', method: 'subscribe', params: { query: "tm.event='Tx'" } });
    expect(await c.call('nope', {}, 'x')).toBe('{"jsonrpc":"2.0","id":"x","error":{"code":-32601,"message":"Method not found"}}');
    expect(h.server.websocket.events.numClients()).toBe(0);
    expect(await c.call('block', { height: 1 }, 2)).toBe(internal(2, 'error converting json params to arguments: invalid 64-bit integer encoding "1", expected string'));
    const block = JSON.parse(await c.call('block', { height: '1' }, 3));
    expect(block.result).toEqual((await getJson('/block?height=1')).result);
    expect(JSON.parse(await c.call('subscribe', ["tm.event='Tx'"], 4))).toEqual({ jsonrpc: '2.0', id: 4, result: {} });
    await c.close();
    await until(() => h.server.websocket.events.numClients() === 0, 'released on close');
  });

  it('a plain HTTP request for /websocket is refused as gorilla/websocket refuses it', async () => {
    const res = await fetch(`${h.url}/websocket`);
    expect(res.status).toBe(400);
    expect(res.headers.get('sec-websocket-version')).toBe('13');
    expect(await res.text()).toBe('Bad Request\n');
    const port = h.server.address.port;
    const upgrade = (method: string, path: string, version = '13') =>
      `${method} ${path} HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: ${version}\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`;
    const post = await rawHttp(port, upgrade('POST', '/websocket'));
    expect(post.startsWith('HTTP/1.1 405 Method Not Allowed\r\n')).toBe(true);
    expect(post).toContain('\r\nSec-Websocket-Version: 13\r\n');
    expect(post.endsWith('\r\n\r\nMethod Not Allowed\n')).toBe(true);
    const oldVersion = await rawHttp(port, upgrade('GET', '/websocket', '8'));
    expect(oldVersion.startsWith('HTTP/1.1 400 Bad Request\r\n')).toBe(true);
    expect(oldVersion.endsWith('\r\n\r\nBad Request\n')).toBe(true);
    // elsewhere the Upgrade header is ignored, as by Go's server
    const health = await rawHttp(port, upgrade('GET', '/health'));
    expect(health.startsWith('HTTP/1.1 200 OK\r\n')).toBe(true);
    expect(health).toContain('{"jsonrpc":"2.0","id":-1,"result":{}}');
  });
});

describe('limits, slow clients and deadlines', () => {
  it('max_subscription_clients counts the clients that hold a subscription', async () => {
    const h2 = await startHarness({ genesis, serverOptions: { eventLimits: { maxSubscriptionClients: 1 } } });
    try {
      const url = `ws://127.0.0.1:${h2.server.address.port}/websocket`;
      const a = await RawClient.open(url);
      const b = await RawClient.open(url);
      expect(await b.call('subscribe', { query: "tm.event='Tx'" }, 1)).toBe('{"jsonrpc":"2.0","id":1,"result":{}}');
      expect(await a.call('subscribe', { query: "tm.event='Tx'" }, 1)).toBe(internal(1, 'max_subscription_clients 1 reached'));
      await b.close();
      await until(() => h2.server.websocket.events.numClients() === 0, 'b released');
      expect(await a.call('subscribe', { query: "tm.event='Tx'" }, 2)).toBe('{"jsonrpc":"2.0","id":2,"result":{}}');
      await a.close();
    } finally {
      await h2.close();
    }
  });

  it('broadcast_tx_commit\'s wait is a subscription to CometBFT: refused at max_subscription_clients, and while it waits it counts', async () => {
    const h2 = await startHarness({ genesis, serverOptions: { eventLimits: { maxSubscriptionClients: 1 } } });
    const commit = (tx: Uint8Array) =>
      fetch(h2.url, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'broadcast_tx_commit', params: { tx: Buffer.from(tx).toString('base64') } }) }).then((r) => r.json() as Promise<Record<string, any>>);
    try {
      const a = await RawClient.open(`ws://127.0.0.1:${h2.server.address.port}/websocket`);
      expect(await a.call('subscribe', { query: "tm.event='Tx'" }, 1)).toBe('{"jsonrpc":"2.0","id":1,"result":{}}');
      const tx = signed(alice, 0n, 0n, { messages: [msgSend(alice.address, bob.address, 1n)], fee: FEE });
      expect(await commit(tx)).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'Internal error', data: 'max_subscription_clients 1 reached' } });
      expect(h2.node.mempool.size).toBe(0);
      await a.call('unsubscribe_all', {}, 2);
      await until(() => h2.server.websocket.events.numClients() === 0, 'a released');
      // now the commit waits, holding the one place: a subscription meanwhile is refused
      const waiting = commit(tx);
      await until(() => h2.server.websocket.events.numClients() === 1, 'the commit waiting');
      expect(await a.call('subscribe', { query: "tm.event='Tx'" }, 3)).toBe(internal(3, 'max_subscription_clients 1 reached'));
      h2.node.produceBlock();
      expect((await waiting).result.deliver_tx.code).toBe(0);
      expect(h2.server.websocket.events.numClients()).toBe(0);
      await a.close();
    } finally {
      await h2.close();
    }
  });

  it('a client that keeps up is never cancelled, however many events it gets', async () => {
    const h2 = await startHarness({ genesis, serverOptions: { eventLimits: { subscriptionBufferSize: 1 } } });
    try {
      const c = await RawClient.open(`ws://127.0.0.1:${h2.server.address.port}/websocket`);
      expect(await c.call('subscribe', { query: "tm.event='NewBlock'" }, 1)).toBe('{"jsonrpc":"2.0","id":1,"result":{}}');
      for (let i = 1; i <= 5; i++) {
        h2.node.produceBlock();
        expect(JSON.parse(await c.next()).result.data.value.block.header.height).toBe(String(i));
      }
      await c.close();
    } finally {
      await h2.close();
    }
  });

  it('closing the server tells every subscription "CometBFT exited" and closes the sockets', async () => {
    const h2 = await startHarness({ genesis });
    const c = await RawClient.open(`ws://127.0.0.1:${h2.server.address.port}/websocket`);
    expect(await c.call('subscribe', { query: "tm.event='NewBlock'" }, 'sub')).toBe('{"jsonrpc":"2.0","id":"sub","result":{}}');
    const closing = h2.close();
    expect(await c.next()).toBe('{"jsonrpc":"2.0","id":"sub","error":{"code":-32000,"message":"Server error","data":"subscription was canceled (reason: CometBFT exited)"}}');
    expect((await c.closed).code).toBe(1001);
    await closing;
  });

  it('the server pings; a client that answers nothing is dropped after the read deadline', async () => {
    const h2 = await startHarness({ genesis, serverOptions: { websocket: { pingPeriodMs: 20, readWaitMs: 200 } } });
    try {
      const url = `ws://127.0.0.1:${h2.server.address.port}/websocket`;
      const live = await RawClient.open(url);
      await new Promise((resolve) => live.ws.once('ping', resolve));
      // a client that does not answer pings and sends nothing
      const mute = await RawClient.open(url, { autoPong: false });
      expect(await mute.call('subscribe', { query: "tm.event='NewBlock'" }, 1)).toBe('{"jsonrpc":"2.0","id":1,"result":{}}');
      expect((await mute.closed).code).toBe(1006);
      await until(() => h2.server.websocket.events.numClients() === 0, 'the dropped client released');
      // the answering client is still served
      expect(await live.call('health', {}, 2)).toBe('{"jsonrpc":"2.0","id":2,"result":{}}');
      await live.close();
    } finally {
      await h2.close();
    }
  });
});
