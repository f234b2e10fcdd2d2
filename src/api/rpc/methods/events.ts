/**
 * `subscribe`, `unsubscribe` and `unsubscribe_all` (rpc/core/events.go), served over the websocket
 * only. Errors are CometBFT's internal errors (-32603) with its texts: the limits
 * (`max_subscription_clients 100 reached`, `max_subscriptions_per_client 5 reached`), `maximum query
 * length exceeded` (512 bytes), `failed to parse query: …`, and libs/pubsub's `already subscribed`
 * and `subscription not found`. Over HTTP they are "Method not found", as in CometBFT.
 */
import { QuerySyntaxError } from '../../../events/search-query.ts';
import { EventQuery } from '../event-query.ts';
import type { EventBus, Subscriber } from '../event-bus.ts';
import { RpcError, type RpcId } from '../jsonrpc.ts';
import { P } from '../params.ts';
import type { Route, RpcContext } from '../route.ts';

/** rpc/core/events.go maxQueryLength (bytes). */
export const MAX_QUERY_LENGTH = 512;

function session(ctx: RpcContext): { events: EventBus; subscriber: Subscriber; requestId: RpcId } {
  // only the websocket handler calls these routes
  if (!ctx.events || !ctx.ws) throw RpcError.methodNotFound();
  return { events: ctx.events, ...ctx.ws };
}

function parseQuery(text: string): EventQuery {
  try {
    return EventQuery.parse(text);
  } catch (e) {
    if (e instanceof QuerySyntaxError) throw RpcError.internal(`failed to parse query: ${e.message}`);
    throw e;
  }
}

/** pubsub errors (already subscribed, subscription not found) as internal errors. */
function pubsub<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw RpcError.internal((e as Error).message);
  }
}

export const eventRoutes: Record<string, Route> = {
  subscribe: {
    params: [{ name: 'query', type: P.string }],
    wsOnly: true,
    run: (ctx, [query]) => {
      const { events, subscriber, requestId } = session(ctx);
      const text = query as string;
      const { maxSubscriptionClients, maxSubscriptionsPerClient } = events.limits;
      if (events.numClients() >= maxSubscriptionClients) throw RpcError.internal(`max_subscription_clients ${maxSubscriptionClients} reached`);
      if (events.numClientSubscriptions(subscriber) >= maxSubscriptionsPerClient) throw RpcError.internal(`max_subscriptions_per_client ${maxSubscriptionsPerClient} reached`);
      // CometBFT compares len(query), the byte length
      if (Buffer.byteLength(text) > MAX_QUERY_LENGTH) throw RpcError.internal('maximum query length exceeded');
      const q = parseQuery(text);
      pubsub(() => events.subscribe(subscriber, q, requestId));
      return {};
    },
  },
  unsubscribe: {
    params: [{ name: 'query', type: P.string }],
    wsOnly: true,
    run: (ctx, [query]) => {
      const { events, subscriber } = session(ctx);
      const q = parseQuery(query as string);
      pubsub(() => events.unsubscribe(subscriber, q.text));
      return {};
    },
  },
  unsubscribe_all: {
    params: [],
    wsOnly: true,
    run: (ctx) => {
      const { events, subscriber } = session(ctx);
      pubsub(() => events.unsubscribeAll(subscriber));
      return {};
    },
  },
};
