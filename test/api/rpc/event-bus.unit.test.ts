// The event bus behind `subscribe`: query matching (CometBFT 0.37 libs/pubsub/query semantics over
// the tx search parser), the events maps and Tx payload shapes, and what happens to a client that does
// not keep up (its subscription is cancelled; publishing never waits).
import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { CommittedBlock } from '../../../src/abci/chain.ts';
import type { TxResult } from '../../../src/abci/tx-result.ts';
import { ERR_OUT_OF_CAPACITY, EventBus, type Subscriber, type Subscription } from '../../../src/api/rpc/event-bus.ts';
import { compareNumber, EventQuery } from '../../../src/api/rpc/event-query.ts';
import { eventMapJson, eventMapOf, txEventJson } from '../../../src/api/rpc/websocket-events.ts';
import type { TxRecord } from '../../../src/events/block-store.ts';
import type { Node } from '../../../src/node/node.ts';
import { defaultConsensusParams } from '../../../src/state/genesis.ts';

const map = (entries: Record<string, string[]>) => new Map(Object.entries(entries));
const matches = (query: string, events: Record<string, string[]>) => EventQuery.parse(query).matches(map(events));

describe('EventQuery', () => {
  it('every condition must match some value of its key', () => {
    const events = { 'tm.event': ['Tx'], 'message.sender': ['st1b', 'st1a'], 'transfer.amount': ['100wei'] };
    expect(matches("tm.event='Tx'", events)).toBe(true);
    expect(matches("tm.event='Tx' AND message.sender='st1a'", events)).toBe(true);
    expect(matches("tm.event='Tx' AND message.sender='st1c'", events)).toBe(false);
    expect(matches("tm.event='NewBlock'", events)).toBe(false);
    expect(matches("message.sender CONTAINS '1b'", events)).toBe(true);
    expect(matches('message.sender EXISTS', events)).toBe(true);
    expect(matches('message.module EXISTS', events)).toBe(false);
    expect(matches("tm.event='Tx'", {})).toBe(false);
  });

  it('numbers compare as CometBFT does: the first run of digits, integer part against an integer', () => {
    expect(matches('tx.height>5', { 'tx.height': ['6'] })).toBe(true);
    expect(matches('tx.height>5', { 'tx.height': ['5'] })).toBe(false);
    expect(matches('tx.height>=5 AND tx.height<=5', { 'tx.height': ['5'] })).toBe(true);
    expect(matches('tx.height=5', { 'tx.height': ['5'] })).toBe(true);
    expect(matches('transfer.amount>=100', { 'transfer.amount': ['100wei'] })).toBe(true);
    expect(matches('transfer.amount<100', { 'transfer.amount': ['99wei', '500wei'] })).toBe(true);
    expect(matches('a.b=5', { 'a.b': ['5.9'] })).toBe(true);
    expect(matches('a.b<1.5', { 'a.b': ['1.25'] })).toBe(true);
    expect(matches('a.b>1.5', { 'a.b': ['1.25'] })).toBe(false);
    expect(matches('a.b>1', { 'a.b': ['abc'] })).toBe(false);
    expect(compareNumber('x', '1')).toBeUndefined();
    expect(compareNumber('123456789012345678901234567890', '123456789012345678901234567889')).toBe(1);
  });

  it('operands as query.go reads them: quoted text, decimals, times and dates, EXISTS of a prefix', () => {
    // a quoted number is text
    expect(matches("tx.height='5'", { 'tx.height': ['5'] })).toBe(true);
    expect(matches("a.b='5'", { 'a.b': ['5.0'] })).toBe(false);
    expect(matches('a.b=5', { 'a.b': ['5.0'] })).toBe(true);
    // a decimal operand compares float64s
    expect(matches('a.b=1.5', { 'a.b': ['x1.50y'] })).toBe(true);
    // times: an RFC 3339 value (with a T) or a date, against a TIME or a DATE
    const unbond = { 'unbond.completion_time': ['2026-12-21T10:00:00.5Z'] };
    expect(matches('unbond.completion_time > TIME 2026-12-21T10:00:00Z', unbond)).toBe(true);
    expect(matches('unbond.completion_time < TIME 2026-12-21T11:00:00+01:00', unbond)).toBe(false);
    expect(matches('unbond.completion_time >= DATE 2026-12-21', unbond)).toBe(true);
    expect(matches('unbond.completion_time = DATE 2026-12-21', { 'unbond.completion_time': ['2026-12-21'] })).toBe(true);
    // EXISTS of a key without a dot: some key starts with it
    expect(matches('transfer EXISTS', { 'transfer.amount': ['1wei'] })).toBe(true);
    expect(matches('transfer.sender EXISTS', { 'transfer.amount': ['1wei'] })).toBe(false);
  });

  it('a value the operand cannot read ends the match (CometBFT logs the error), whatever the values after it', () => {
    expect(matches('a.b>1', { 'a.b': ['abc', '5'] })).toBe(false);
    expect(matches('a.b>1', { 'a.b': ['5', 'abc'] })).toBe(true);
    expect(matches('a.b>1.5', { 'a.b': ['1.2.3', '5'] })).toBe(false);
    expect(matches('a.b < DATE 2026-01-01', { 'a.b': ['soon', '2025-01-01'] })).toBe(false);
    expect(matches('a.b < DATE 2026-01-01', { 'a.b': ['2025-02-30', '2025-01-01'] })).toBe(false);
  });

  it('keeps the query text as given (subscriptions are keyed by it)', () => {
    expect(EventQuery.parse("tm.event = 'Tx'").text).toBe("tm.event = 'Tx'");
  });
});

const result = (over: Partial<TxResult> = {}): TxResult => ({
  code: 0,
  codespace: '',
  log: '[]',
  info: '',
  gas_wanted: 200000n,
  gas_used: 51234n,
  events: [{ type: 'message', attributes: [{ key: 'sender', value: 'st1a', index: true }] }],
  data: Uint8Array.from([1, 2]),
  logs: [],
  ...over,
});
const txRecord = (index: number, over: Partial<TxResult> = {}): TxRecord => ({ hash: `HASH${index}`, height: 7n, index, raw: Uint8Array.from([9, index]), timeNs: 0n, result: result(over) });

describe('payloads', () => {
  it('the events map: empty types and keys left out, reserved keys appended', () => {
    const events = eventMapOf(
      [
        { type: '', attributes: [{ key: 'a', value: '1', index: true }] },
        { type: 'transfer', attributes: [{ key: '', value: 'x', index: true }, { key: 'amount', value: '1wei', index: false }] },
        { type: 'transfer', attributes: [{ key: 'amount', value: '2wei', index: true }] },
      ],
      [['tm.event', 'Tx'], ['tx.hash', 'AB']],
    );
    expect(eventMapJson(events)).toEqual({ 'transfer.amount': ['1wei', '2wei'], 'tm.event': ['Tx'], 'tx.hash': ['AB'] });
    expect(Object.keys(eventMapJson(eventMapOf([{ type: '__proto__', attributes: [] }], [['__proto__', 'x']])) as object)).toEqual(['__proto__']);
  });

  it('Tx: {TxResult: {height, index, tx, result}} with cmtjson omitempty fields', () => {
    expect(txEventJson(txRecord(0))).toEqual({
      type: 'tendermint/event/Tx',
      value: {
        TxResult: {
          height: '7',
          tx: 'CQA=',
          result: { data: 'AQI=', log: '[]', gas_wanted: '200000', gas_used: '51234', events: [{ type: 'message', attributes: [{ key: 'sender', value: 'st1a', index: true }] }] },
        },
      },
    });
    const failed = txEventJson(txRecord(2, { code: 5, codespace: 'sdk', log: 'insufficient funds', data: new Uint8Array(0), events: [] })) as any;
    expect(failed.value.TxResult.index).toBe(2);
    expect(failed.value.TxResult.result).toEqual({ code: 5, log: 'insufficient funds', gas_wanted: '200000', gas_used: '51234', codespace: 'sdk' });
  });
});

/** A Node as far as the bus uses it: genesis params, blocks$ and block reads. */
function fakeNode(): { node: Node; blocks$: Subject<CommittedBlock> } {
  const blocks$ = new Subject<CommittedBlock>();
  const node = { genesis: { consensus_params: defaultConsensusParams() }, blocks$, block: () => undefined } as unknown as Node;
  return { node, blocks$ };
}
const committed = (height: bigint, txs: TxRecord[]): CommittedBlock => ({ height, timeNs: 0n, hash: new Uint8Array(32), appHash: new Uint8Array(32), txs: txs.map((t) => ({ ...t, height })), beginBlockEvents: [], endBlockEvents: [] });
const turn = () => new Promise((r) => setImmediate(r));

/** A client whose socket never writes anything: answers stay pending. */
class StuckClient implements Subscriber {
  readonly remoteAddr = '127.0.0.1:1';
  readonly delivered: string[] = [];
  readonly cancellations: string[] = [];
  deliver(sub: Subscription, text: string): void {
    sub.pending++;
    this.delivered.push(text);
  }
  cancelled(_sub: Subscription, reason: string): void {
    this.cancellations.push(reason);
  }
}

describe('EventBus', () => {
  it('publishes after the commit, on a later turn, each matching message once per subscription', async () => {
    const { node, blocks$ } = fakeNode();
    const bus = new EventBus(node);
    const client = new StuckClient();
    bus.subscribe(client, EventQuery.parse("tm.event='Tx' AND tx.height=3"), 1n);
    blocks$.next(committed(3n, [txRecord(0), txRecord(1)]));
    expect(client.delivered).toEqual([]);
    await turn();
    expect(client.delivered.map((t) => JSON.parse(t).result.events['tx.hash'])).toEqual([['HASH0'], ['HASH1']]);
    expect(client.delivered[0]!.startsWith(`{"jsonrpc":"2.0","id":1,"result":{"query":"tm.event='Tx' AND tx.height=3","data":{"type":"tendermint/event/Tx","value":{"TxResult":{"height":"3",`)).toBe(true);
    bus.close();
  });

  it('a subscription whose earlier answers are still unwritten when a block comes is cancelled; the others go on', async () => {
    const { node, blocks$ } = fakeNode();
    const bus = new EventBus(node, { maxSubscriptionClients: 100, maxSubscriptionsPerClient: 5, subscriptionBufferSize: 2 });
    const stuck = new StuckClient();
    const fine = new StuckClient();
    const stuckSub = bus.subscribe(stuck, EventQuery.parse("tm.event='Tx'"), 1n);
    const fineSub = bus.subscribe(fine, EventQuery.parse("tm.event='Tx'"), 1n);
    // one block's answers all go out, whatever their number
    blocks$.next(committed(1n, [txRecord(0), txRecord(1), txRecord(2)]));
    await turn();
    expect([stuck.delivered.length, stuckSub.pending]).toEqual([3, 3]);
    fineSub.pending = 0; // its socket wrote them
    blocks$.next(committed(2n, [txRecord(0)]));
    await turn();
    expect(stuck.cancellations).toEqual([ERR_OUT_OF_CAPACITY]);
    expect(stuck.delivered.length).toBe(3);
    expect(fine.delivered.length).toBe(4);
    expect(bus.numClients()).toBe(1);
    expect(bus.numClientSubscriptions(stuck)).toBe(0);
    bus.close();
    expect(fine.cancellations).toEqual(['CometBFT exited']);
    expect(bus.numClients()).toBe(0);
  });

  it('errors of libs/pubsub: already subscribed, subscription not found', () => {
    const { node } = fakeNode();
    const bus = new EventBus(node);
    const client = new StuckClient();
    bus.subscribe(client, EventQuery.parse("tm.event='Tx'"), 'a');
    expect(() => bus.subscribe(client, EventQuery.parse("tm.event='Tx'"), 'b')).toThrow('already subscribed');
    // another text is another subscription, even with the same meaning
    bus.subscribe(client, EventQuery.parse("tm.event = 'Tx'"), 'c');
    expect(bus.numClientSubscriptions(client)).toBe(2);
    expect(() => bus.unsubscribe(client, "tm.event='NewBlock'")).toThrow('subscription not found');
    bus.unsubscribeAll(client);
    expect(() => bus.unsubscribeAll(client)).toThrow('subscription not found');
    expect(client.cancellations).toEqual([]);
    bus.close();
  });
});
