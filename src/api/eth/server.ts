/**
 * The Ethereum JSON-RPC server of `chaind start` (`[json-rpc]`, reference Part B): HTTP on
 * `json-rpc.address` and the websocket on `json-rpc.ws-address` (one server when both are the same
 * address), the methods of the namespaces `json-rpc.api` names (eth, net, web3; `rpc_modules`
 * always), and `eth_subscribe` of `newHeads`, `newPendingTransactions` and `logs` on the websocket; `json-rpc.filter-cap`, `logs-cap` and
 * `block-range-cap` bound the filters and log queries. The HTTP server applies
 * `json-rpc.http-timeout` (the whole request must arrive, and the answer be written, within it)
 * and `json-rpc.http-idle-timeout` (a keep-alive connection idle that long is closed); 0 is no limit.
 * A port in use fails the start with a message naming the flag.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { buildInfo } from '../../cli/node/build-info.ts';
import type { Node } from '../../node/node.ts';
import { listen, parseListenAddress, type ListenAddress, type RunningServer } from '../http.ts';
import { EthDispatcher, type EthMethod, type EthSubscriptionKind } from './dispatch.ts';
import { evmChainId } from './evm-chain-id.ts';
import { evmMethods } from './evm-methods.ts';
import { EthFilters } from './filters.ts';
import { DEFAULT_LOG_CAPS } from './logs.ts';
import { ethHttpHandler } from './http-handler.ts';
import { holdContinue } from '../geth-rpc/http.ts';
import { logSubscription } from './log-subscription.ts';
import { newHeads } from './new-heads.ts';
import { newPendingTransactions } from './pending-txs.ts';
import { readMethods } from './read-methods.ts';
import { EthWebsocket } from './websocket.ts';

/** The namespaces this server has methods for. */
export const ETH_NAMESPACES = ['eth', 'net', 'web3'] as const;

export interface EthServerOptions {
  /** `json-rpc.address` */
  readonly address: string;
  /** `json-rpc.ws-address` */
  readonly wsAddress: string;
  /** `json-rpc.api` */
  readonly api: readonly string[];
  /** `json-rpc.filter-cap` (200) */
  readonly filterCap?: number;
  /** app.toml `json-rpc.feehistory-cap` (100) */
  readonly feeHistoryCap?: bigint;
  /** `json-rpc.logs-cap` (10,000) */
  readonly logsCap?: number;
  /** `json-rpc.block-range-cap` (10,000) */
  readonly blockRangeCap?: number;
  /** `json-rpc.http-timeout` in ms (30 s; 0 = none) */
  readonly httpTimeoutMs?: number;
  /** `json-rpc.http-idle-timeout` in ms (2 min; 0 = none) */
  readonly httpIdleTimeoutMs?: number;
  /** the websocket's ping period (60 s) */
  readonly wsPingIntervalMs?: number;
}

export interface RunningEthServer {
  readonly http: RunningServer;
  /** the websocket's server (the HTTP one when both share an address) */
  readonly ws: RunningServer;
  readonly websocket: EthWebsocket;
  readonly dispatcher: EthDispatcher;
  readonly filters: EthFilters;
  close(): Promise<void>;
}

export const DEFAULT_HTTP_TIMEOUT_MS = 30_000;
export const DEFAULT_HTTP_IDLE_TIMEOUT_MS = 120_000;

/** A listen failure with the flag that chose the address. */
async function listenAs(address: ListenAddress, flag: string, text: string, handler: (req: IncomingMessage, res: ServerResponse) => Promise<void> | void): Promise<RunningServer> {
  try {
    return await listen(address, handler);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'EADDRINUSE') {
      throw new Error(`--${flag} ${text}: the address is already in use (another process listens on it): choose another with --${flag}, or turn the Ethereum JSON-RPC off with --json-rpc.enable=false`);
    }
    throw new Error(`--${flag} ${text}: ${err.message}`);
  }
}

/** Go's http.Server ReadTimeout / WriteTimeout / IdleTimeout on a node:http server. */
function applyTimeouts(running: RunningServer, timeoutMs: number, idleMs: number): void {
  const { server } = running;
  server.requestTimeout = timeoutMs;
  server.headersTimeout = timeoutMs > 0 ? Math.min(timeoutMs, 60_000) : 60_000;
  server.keepAliveTimeout = idleMs;
}

export async function startEthServer(node: Node, opts: EthServerOptions): Promise<RunningEthServer> {
  const httpAddress = parseListenAddress(opts.address, 'json-rpc.address', '127.0.0.1:8545');
  const wsAddress = parseListenAddress(opts.wsAddress, 'json-rpc.ws-address', '127.0.0.1:8546');
  const chainId = evmChainId(node.genesis);
  const filters = new EthFilters(node, opts.filterCap ?? 200);
  const methods = new Map<string, EthMethod>([
    ...readMethods({ node, chainId, clientVersion: buildInfo().version, feeHistoryCap: opts.feeHistoryCap ?? 100n, filters }),
    ...evmMethods({ node, filters, logCaps: { logsCap: opts.logsCap ?? DEFAULT_LOG_CAPS.logsCap, blockRangeCap: opts.blockRangeCap ?? DEFAULT_LOG_CAPS.blockRangeCap } }),
  ]);
  const served = opts.api.map((ns) => ns.trim()).filter((ns) => ns !== '');
  const kinds: [string, EthSubscriptionKind][] = [
    ['newHeads', newHeads(node)],
    ['newPendingTransactions', newPendingTransactions(node)],
    ['logs', logSubscription()],
  ];
  const subscriptions = new Map<string, Map<string, EthSubscriptionKind>>([['eth', new Map(kinds)]]);
  const dispatcher = new EthDispatcher({ methods: new Map([...methods].filter(([name]) => served.includes(name.slice(0, name.indexOf('_'))))), subscriptions, namespaces: served });
  const websocket = new EthWebsocket(dispatcher, opts.wsPingIntervalMs);
  const httpTimeout = opts.httpTimeoutMs ?? DEFAULT_HTTP_TIMEOUT_MS;
  const httpHandler = ethHttpHandler(dispatcher);
  // Go's WriteTimeout: an answer not written within http-timeout of the request ends the connection
  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    if (httpTimeout > 0) {
      const timer = setTimeout(() => res.destroy(), httpTimeout);
      res.once('close', () => clearTimeout(timer));
    }
    await httpHandler(req, res);
  };
  const upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => websocket.handleUpgrade(req, socket, head);

  let http: RunningServer | undefined;
  let ws: RunningServer | undefined;
  try {
    http = await listenAs(httpAddress, 'json-rpc.address', opts.address, handler);
    applyTimeouts(http, httpTimeout, opts.httpIdleTimeoutMs ?? DEFAULT_HTTP_IDLE_TIMEOUT_MS);
    holdContinue(http.server);
    const shared = wsAddress.host === httpAddress.host && wsAddress.port === httpAddress.port && wsAddress.port !== 0;
    if (shared) ws = http;
    else ws = await listenAs(wsAddress, 'json-rpc.ws-address', opts.wsAddress, EthWebsocket.notFound);
    ws.server.on('upgrade', upgrade);
  } catch (e) {
    filters.close();
    await http?.close();
    throw e;
  }
  const wsServer = ws;
  const httpServer = http;
  return {
    http: httpServer,
    ws: wsServer,
    websocket,
    dispatcher,
    filters,
    close: async () => {
      filters.close();
      await websocket.close();
      if (wsServer !== httpServer) await wsServer.close();
      await httpServer.close();
    },
  };
}
