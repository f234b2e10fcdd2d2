/**
 * The websocket side of the Ethereum JSON-RPC (`json-rpc.ws-address`), on the `ws` package: any
 * path upgrades; each message is a request or a batch answered as over HTTP, plus the
 * subscriptions (`eth_subscribe`, `eth_unsubscribe`), whose notifications this
 * connection carries. Messages over 15 MiB close the connection (1009, geth's limit); the server
 * pings every 60 s and drops a connection that has not answered the previous ping. Closing a
 * connection ends its subscriptions. The handshake is checked as gorilla/websocket does
 * (src/api/gorilla-upgrade.ts), with geth's origin check of a server given no allowed origins (the
 * node's `WebsocketHandler([]string{})`): a request without an Origin header, or from
 * `http://localhost` or `http://<this host's name>` (any port), upgrades; any other Origin is 403
 * `Forbidden`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hostname } from 'node:os';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { refuseUpgrade, upgradeRefusal } from '../gorilla-upgrade.ts';
import { bareNotFound } from '../geth-rpc/http.ts';
import { EthSession, type EthDispatcher } from './dispatch.ts';

/** geth `wsMessageSizeLimit` */
export const WS_MAX_MESSAGE_BYTES = 15 * 1024 * 1024;
/** geth `wsPingInterval` */
export const WS_PING_INTERVAL_MS = 60_000;

/**
 * geth `wsHandshakeValidator` with no allowed origins: no Origin header, or an `http` origin on
 * localhost or this host's name (`ruleAllowsOrigin`: scheme and host name must match, any port).
 */
export function gethOriginAllowed(req: IncomingMessage): boolean {
  const header = req.headers.origin;
  if (header === undefined) return true;
  const origin = header.toLowerCase();
  if (!origin.includes('://')) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === hostname().toLowerCase());
}

export class EthWebsocket {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: WS_MAX_MESSAGE_BYTES, perMessageDeflate: false, clientTracking: false });
  private readonly sockets = new Set<WebSocket>();
  private closing = false;

  constructor(
    private readonly dispatcher: EthDispatcher,
    private readonly pingIntervalMs = WS_PING_INTERVAL_MS,
  ) {}

  /** open connections */
  get size(): number {
    return this.sockets.size;
  }

  /** An HTTP server's `upgrade` event. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy());
    if (this.closing) {
      socket.destroy();
      return;
    }
    const status = upgradeRefusal(req, gethOriginAllowed);
    if (status !== undefined) return refuseUpgrade(socket, status);
    this.wss.handleUpgrade(req, socket, head, (ws) => this.serve(ws));
  }

  /** A plain request on a websocket-only server: geth answers 404. */
  static notFound(_req: IncomingMessage, res: ServerResponse): void {
    bareNotFound(res);
  }

  private serve(ws: WebSocket): void {
    this.sockets.add(ws);
    const session = new EthSession((text) => {
      if (ws.readyState === ws.OPEN) ws.send(text);
    });
    let alive = true;
    const pinger = setInterval(() => {
      if (!alive) return ws.terminate();
      alive = false;
      ws.ping();
    }, this.pingIntervalMs);
    pinger.unref();
    ws.on('pong', () => (alive = true));
    // the library closes the connection itself after an error (1009 for a message over the limit):
    // the close frame goes out first, and a peer that does not answer it is cut a second later
    ws.on('error', () => setTimeout(() => ws.terminate(), 1000).unref());
    ws.on('message', (raw: RawData) => {
      alive = true;
      const bytes = Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw as Buffer);
      void this.dispatcher
        .handle(bytes, session)
        .then((answer) => {
          if (answer !== undefined) session.send(answer);
        })
        .catch(() => ws.terminate());
    });
    ws.once('close', () => {
      clearInterval(pinger);
      session.close();
      this.sockets.delete(ws);
    });
  }

  /** Closes every connection (1001) and refuses new ones. */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(
      [...this.sockets].map(
        (ws) =>
          new Promise<void>((resolve) => {
            ws.once('close', () => resolve());
            ws.close(1001);
            setTimeout(() => ws.terminate(), 1000).unref();
          }),
      ),
    );
    this.wss.close();
  }
}
