/**
 * The consensus RPC's method table (CometBFT 0.37 rpc/core/routes.go, without the unsafe and
 * evidence routes): name → arguments, caching and handler.
 */
import type { Route } from './route.ts';
import { abciRoutes } from './methods/abci.ts';
import { blockRoutes } from './methods/blocks.ts';
import { consensusRoutes } from './methods/consensus.ts';
import { eventRoutes } from './methods/events.ts';
import { genesisRoutes } from './methods/genesis.ts';
import { infoRoutes } from './methods/info.ts';
import { mempoolRoutes } from './methods/mempool.ts';
import { txRoutes } from './methods/txs.ts';

export const ROUTES: Readonly<Record<string, Route>> = Object.freeze({
  // websocket only (`/websocket`)
  ...eventRoutes,
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
