/**
 * The event bus behind `subscribe` (CometBFT 0.37 types/event_bus.go over libs/pubsub): clients
 * (one per websocket connection, named by its remote address) hold subscriptions keyed by their query
 * text; every committed block of the node (`Node.blocks$`) is published as NewBlock, NewBlockHeader
 * and one Tx message per tx, and each message goes to every subscription whose query matches it.
 *
 * Publishing never waits for a client: a block is published on a later turn of the event loop than
 * its commit, answers are handed to the connection (which writes them without blocking), and a
 * subscription whose answers from earlier blocks are still unwritten when a block comes
 * (`subscriptionBufferSize`, CometBFT's `experimental_subscription_buffer_size`, 200) is cancelled
 * with CometBFT's out-of-capacity reason, so a slow client costs at most that backlog.
 */
import type { Subscription as RxSubscription } from 'rxjs';
import { goJson, goQuote } from '../../codec/go-json.ts';
import type { CommittedBlock } from '../../abci/chain.ts';
import type { BlockRecord } from '../../events/block-store.ts';
import type { Node } from '../../node/node.ts';
import type { ConsensusParamsJson } from '../../state/genesis.ts';
import { EventQuery } from './event-query.ts';
import { successTextOf, type RpcId } from './jsonrpc.ts';
import {
  EVENT_NEW_BLOCK,
  EVENT_NEW_BLOCK_HEADER,
  EVENT_TX,
  eventMapJson,
  eventMapOf,
  newBlockEventJson,
  newBlockHeaderEventJson,
  txEventJson,
  type BusMessage,
} from './websocket-events.ts';

/** libs/pubsub errors and subscription end reasons (their texts reach clients). */
export const ERR_ALREADY_SUBSCRIBED = 'already subscribed';
export const ERR_SUBSCRIPTION_NOT_FOUND = 'subscription not found';
export const ERR_OUT_OF_CAPACITY = 'internal subscription event buffer is out of capacity';
export const ERR_SHUTTING_DOWN = 'service is shutting down';
/** what a subscription ended by the node's shutdown reports (`sub.Err() == nil`) */
export const REASON_EXITED = 'CometBFT exited';

/** CometBFT 0.37 `[rpc]` defaults. */
export const DEFAULT_EVENT_LIMITS: EventLimits = Object.freeze({
  maxSubscriptionClients: 100,
  maxSubscriptionsPerClient: 5,
  subscriptionBufferSize: 200,
});

export interface EventLimits {
  /** `max_subscription_clients` */
  readonly maxSubscriptionClients: number;
  /** `max_subscriptions_per_client` */
  readonly maxSubscriptionsPerClient: number;
  /** `experimental_subscription_buffer_size`: unwritten answers a subscription may have */
  readonly subscriptionBufferSize: number;
}

/** The side of a connection the bus talks to. */
export interface Subscriber {
  /** the remote address (CometBFT's subscriber id) */
  readonly remoteAddr: string;
  /** hands an answer of `sub` to the connection; it keeps `sub.pending` up to date */
  deliver(sub: Subscription, text: string): void;
  /** the subscription ended for another reason than an unsubscribe */
  cancelled(sub: Subscription, reason: string): void;
}

export class Subscription {
  /** answers handed to the connection and not yet written */
  pending = 0;
  constructor(
    readonly subscriber: Subscriber,
    readonly query: EventQuery,
    /** the id of the `subscribe` request: every event answer carries it */
    readonly id: RpcId,
  ) {}
}

export class EventBus {
  /** subscriber → query text → subscription */
  private readonly clients = new Map<Subscriber, Map<string, Subscription>>();
  /** broadcast_tx_commit callers waiting for their tx (a websocket's subscriber, or an HTTP request's own key) → how many waits */
  private readonly commitWaits = new Map<Subscriber | object, number>();
  private readonly queue: CommittedBlock[] = [];
  private scheduled: NodeJS.Immediate | undefined;
  private readonly source: RxSubscription;
  private readonly params: ConsensusParamsJson;
  private closed = false;

  constructor(
    private readonly node: Node,
    readonly limits: EventLimits = DEFAULT_EVENT_LIMITS,
  ) {
    this.params = node.consensusParams;
    this.source = node.blocks$.subscribe((block) => this.onBlock(block));
  }

  /**
   * The clients with a subscription: websocket subscribers, and the callers of broadcast_tx_commit
   * while they wait (CometBFT subscribes each to its tx's event, as its remote address).
   */
  numClients(): number {
    if (this.commitWaits.size === 0) return this.clients.size;
    let n = this.clients.size;
    for (const key of this.commitWaits.keys()) if (!this.clients.has(key as Subscriber)) n++;
    return n;
  }

  numClientSubscriptions(subscriber: Subscriber | object): number {
    return (this.clients.get(subscriber as Subscriber)?.size ?? 0) + (this.commitWaits.get(subscriber) ?? 0);
  }

  /**
   * broadcast_tx_commit's wait for its tx, counted as CometBFT counts its subscription to the tx:
   * against `max_subscription_clients` and the caller's `max_subscriptions_per_client` (the limits
   * are checked here first, with CometBFT's texts); returns the release of the wait.
   */
  holdCommitWait(caller: Subscriber | object): () => void {
    const { maxSubscriptionClients, maxSubscriptionsPerClient } = this.limits;
    if (this.numClients() >= maxSubscriptionClients) throw new Error(`max_subscription_clients ${maxSubscriptionClients} reached`);
    if (this.numClientSubscriptions(caller) >= maxSubscriptionsPerClient) throw new Error(`max_subscriptions_per_client ${maxSubscriptionsPerClient} reached`);
    this.commitWaits.set(caller, (this.commitWaits.get(caller) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const n = (this.commitWaits.get(caller) ?? 1) - 1;
      if (n === 0) this.commitWaits.delete(caller);
      else this.commitWaits.set(caller, n);
    };
  }

  /** every client's subscriptions together */
  numSubscriptions(): number {
    let n = 0;
    for (const subs of this.clients.values()) n += subs.size;
    return n;
  }

  /** pubsub `Subscribe`: throws ERR_ALREADY_SUBSCRIBED for a query text the client already has. */
  subscribe(subscriber: Subscriber, query: EventQuery, id: RpcId): Subscription {
    if (this.closed) throw new Error(ERR_SHUTTING_DOWN);
    let subs = this.clients.get(subscriber);
    if (subs?.has(query.text)) throw new Error(ERR_ALREADY_SUBSCRIBED);
    if (!subs) {
      subs = new Map();
      this.clients.set(subscriber, subs);
    }
    const sub = new Subscription(subscriber, query, id);
    subs.set(query.text, sub);
    return sub;
  }

  /** pubsub `Unsubscribe`: throws ERR_SUBSCRIPTION_NOT_FOUND. */
  unsubscribe(subscriber: Subscriber, queryText: string): void {
    const sub = this.clients.get(subscriber)?.get(queryText);
    if (!sub) throw new Error(ERR_SUBSCRIPTION_NOT_FOUND);
    this.remove(sub);
  }

  /** pubsub `UnsubscribeAll`: throws ERR_SUBSCRIPTION_NOT_FOUND when the client has none. */
  unsubscribeAll(subscriber: Subscriber): void {
    const subs = this.clients.get(subscriber);
    if (!subs) throw new Error(ERR_SUBSCRIPTION_NOT_FOUND);
    for (const sub of [...subs.values()]) this.remove(sub);
  }

  /** Ends every subscription (the node stops: CometBFT tells each subscription "CometBFT exited"). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.source.unsubscribe();
    if (this.scheduled) clearImmediate(this.scheduled);
    this.queue.length = 0;
    for (const subs of [...this.clients.values()]) for (const sub of [...subs.values()]) this.remove(sub, REASON_EXITED);
  }

  /** Removes a subscription; a reason other than an unsubscribe is told to the client. */
  private remove(sub: Subscription, reason?: string): void {
    const subs = this.clients.get(sub.subscriber);
    if (subs?.get(sub.query.text) !== sub) return;
    subs.delete(sub.query.text);
    if (subs.size === 0) this.clients.delete(sub.subscriber);
    if (reason !== undefined) sub.subscriber.cancelled(sub, reason);
  }

  private onBlock(block: CommittedBlock): void {
    if (this.clients.size === 0) return;
    this.queue.push(block);
    this.scheduled ??= setImmediate(() => {
      this.scheduled = undefined;
      for (let b = this.queue.shift(); b; b = this.queue.shift()) {
        try {
          this.publishBlock(b);
        } catch {
          // a block that cannot be read back (the store failed: the node stops) is not published
        }
      }
    });
  }

  private publishBlock(block: CommittedBlock): void {
    const subs = this.allSubscriptions();
    // answers of earlier blocks still unwritten: the client does not keep up
    for (const sub of subs) if (sub.pending >= this.limits.subscriptionBufferSize) this.remove(sub, ERR_OUT_OF_CAPACITY);
    if (this.clients.size === 0) return;
    let record: BlockRecord | undefined;
    const stored = (): BlockRecord => {
      record ??= this.node.block(block.height);
      if (!record) throw new Error(`block ${block.height} is missing from the block store`);
      return record;
    };
    const blockEvents = [...block.beginBlockEvents, ...block.endBlockEvents];
    this.publish(message(eventMapOf(blockEvents, [['tm.event', EVENT_NEW_BLOCK]]), () => goJson(newBlockEventJson(stored(), this.params))));
    this.publish(message(eventMapOf(blockEvents, [['tm.event', EVENT_NEW_BLOCK_HEADER]]), () => goJson(newBlockHeaderEventJson(stored(), this.params))));
    for (const tx of block.txs) {
      const events = eventMapOf(tx.result.events, [
        ['tm.event', EVENT_TX],
        ['tx.hash', tx.hash],
        ['tx.height', tx.height.toString()],
      ]);
      this.publish(message(events, () => goJson(txEventJson(tx))));
    }
  }

  /** pubsub `send`: the message to every subscription whose query matches. */
  private publish(msg: BusMessage): void {
    let eventsText: string | undefined;
    let dataText: string | undefined;
    for (const sub of this.allSubscriptions()) {
      if (!sub.query.matches(msg.events)) continue;
      try {
        dataText ??= msg.dataText();
      } catch {
        // a block whose data cannot be made (no consensus engine's header) is not published
        return;
      }
      eventsText ??= goJson(eventMapJson(msg.events));
      sub.subscriber.deliver(sub, successTextOf(sub.id, `{"query":${goQuote(sub.query.text)},"data":${dataText},"events":${eventsText}}`));
    }
  }

  private allSubscriptions(): Subscription[] {
    const out: Subscription[] = [];
    for (const subs of this.clients.values()) for (const sub of subs.values()) out.push(sub);
    return out;
  }
}

function message(events: BusMessage['events'], dataText: () => string): BusMessage {
  return { events, dataText };
}
