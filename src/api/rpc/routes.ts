/**
 * The consensus RPC's method table (CometBFT 0.37 rpc/core/routes.go, without the unsafe and
 * evidence routes): name → arguments, caching and handler.
 */
import { P } from './params.ts';
import type { Route } from './route.ts';
import { abciRoutes } from './methods/abci.ts';
import { blockRoutes } from './methods/blocks.ts';
import { consensusRoutes } from './methods/consensus.ts';
import { genesisRoutes } from './methods/genesis.ts';
import { infoRoutes } from './methods/info.ts';
import { mempoolRoutes } from './methods/mempool.ts';
import { txRoutes } from './methods/txs.ts';

const wsOnly = (params: Route['params']): Route => ({
  params,
  wsOnly: true,
  run: () => {
    throw new Error('websocket-only method');
  },
});

export const ROUTES: Readonly<Record<string, Route>> = Object.freeze({
  // events are pushed over websockets only, which this server does not offer
  subscribe: wsOnly([{ name: 'query', type: P.string }]),
  unsubscribe: wsOnly([{ name: 'query', type: P.string }]),
  unsubscribe_all: wsOnly([]),
  ...infoRoutes,
  ...genesisRoutes,
  ...blockRoutes,
  ...consensusRoutes,
  ...txRoutes,
  ...mempoolRoutes,
  ...abciRoutes,
});

export function routeOf(method: string): Route | undefined {
  return Object.prototype.hasOwnProperty.call(ROUTES, method) ? ROUTES[method] : undefined;
}
