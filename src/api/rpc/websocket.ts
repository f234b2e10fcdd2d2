/**
 * `/websocket` of the consensus RPC (CometBFT 0.37 rpc/jsonrpc/server/ws_handler.go), on the `ws`
 * package:
 * - the upgrade is checked as gorilla/websocket's Upgrader does (400, or 405 for a method other than
 *   GET, with `Sec-Websocket-Version: 13` and the status text: src/api/gorilla-upgrade.ts); any
 *   origin is accepted;
 * - each message is one JSON-RPC request (no batches; what follows the first JSON value is ignored),
 *   answered in order, one at a time; every method of the RPC is served, plus `subscribe`,
 *   `unsubscribe` and `unsubscribe_all`. Parse errors are -32700 without id, notifications get no
 *   answer, unknown methods -32601, and (unlike HTTP's -32602) bad params the internal error -32603
 *   `error converting json params to arguments: …`;
 * - messages larger than `rpc.max_body_bytes` close the connection (1009);
 * - the server pings every 27 s and drops a connection from which nothing (not even a pong) came for
 *   30 s, or whose writes have not gone out for 10 s; pings from the client are answered;
 * - closing the connection ends its subscriptions (CometBFT's `OnDisconnect` → `UnsubscribeAll`).
 * Subscription answers are written without ever blocking the node (src/api/rpc/event-bus.ts).
 */
import { ServerResponse, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { refuseUpgrade, upgradeRefusal } from '../gorilla-upgrade.ts';
import type { Node } from '../../node/node.ts';
import { type EventBus, type Subscriber, type Subscription } from './event-bus.ts';
import { errorText, parseWsRequest, RpcError, successText, URI_REQUEST_ID } from './jsonrpc.ts';
import { runRoute } from './route.ts';
import { resolveCall } from './routes.ts';

export const WEBSOCKET_PATH = '/websocket';

export interface WebsocketOptions {
  /** largest message read (CometBFT: `rpc.max_body_bytes`) */
  readonly maxMessageBytes: number;
  /** ping period (27 s) */
  readonly pingPeriodMs?: number;
  /** a connection silent for this long is dropped (30 s) */
  readonly readWaitMs?: number;
  /** a write not done after this long drops the connection (10 s) */
  readonly writeWaitMs?: number;
  /** serve the unsafe methods too (CometBFT's `rpc.unsafe`) */
  readonly unsafe?: boolean;
}

const DEFAULT_READ_WAIT_MS = 30_000;
const DEFAULT_WRITE_WAIT_MS = 10_000;

/** Go's `RemoteAddr()` text: `host:port`, IPv6 hosts in brackets. */
function remoteAddrOf(req: IncomingMessage): string {
  const host = req.socket.remoteAddress ?? '';
  return `${host.includes(':') ? `[${host}]` : host}:${req.socket.remotePort ?? 0}`;
}

export class WebsocketEndpoint {
  private readonly wss: WebSocketServer;
  private readonly connections = new Set<WsConnection>();
  private closing = false;

  constructor(
    private readonly node: Node,
    readonly events: EventBus,
    private readonly opts: WebsocketOptions,
  ) {
    // no compression, as CometBFT's Upgrader
    this.wss = new WebSocketServer({ noServer: true, maxPayload: opts.maxMessageBytes, perMessageDeflate: false, clientTracking: false });
  }

  /** open connections */
  get size(): number {
    return this.connections.size;
  }

  /**
   * The server's `upgrade` event: `/websocket` becomes a connection; another path is served by
   * `plain` as if the Upgrade header were absent (Go's server ignores it there; a body is not read).
   */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, plain: (req: IncomingMessage, res: ServerResponse) => void): void {
    socket.on('error', () => socket.destroy());
    if (this.closing) {
      socket.destroy();
      return;
    }
    const url = req.url ?? '/';
    const path = url.split('?')[0];
    if (path !== WEBSOCKET_PATH) {
      const res = new ServerResponse(req);
      res.shouldKeepAlive = false;
      res.assignSocket(socket as never);
      res.on('finish', () => {
        res.detachSocket(socket as never);
        socket.end();
      });
      req.push(null);
      plain(req, res);
      return;
    }
    const status = upgradeRefusal(req);
    if (status !== undefined) return refuseUpgrade(socket, status);
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const conn = new WsConnection(ws, remoteAddrOf(req), this.node, this.events, this.opts, () => this.connections.delete(conn));
      this.connections.add(conn);
    });
  }

  /** Ends every subscription ("CometBFT exited"), then closes every connection. */
  async close(): Promise<void> {
    this.closing = true;
    this.events.close();
    await Promise.all([...this.connections].map((c) => c.close()));
    this.wss.close();
  }
}

/** One websocket client: requests in, answers and subscription events out. */
class WsConnection implements Subscriber {
  /** requests run one after the other, as CometBFT's read routine does */
  private turn: Promise<void> = Promise.resolve();
  /** when each write not yet done was handed to the socket, oldest first */
  private readonly unwritten: number[] = [];
  private readonly readTimer: NodeJS.Timeout;
  private readonly pingTimer: NodeJS.Timeout;
  private readonly writeWaitMs: number;
  private readonly unsafe: boolean;
  private readonly closed: Promise<void>;
  private open = true;

  constructor(
    private readonly ws: WebSocket,
    readonly remoteAddr: string,
    private readonly node: Node,
    private readonly events: EventBus,
    opts: WebsocketOptions,
    onClosed: () => void,
  ) {
    const readWait = opts.readWaitMs ?? DEFAULT_READ_WAIT_MS;
    this.writeWaitMs = opts.writeWaitMs ?? DEFAULT_WRITE_WAIT_MS;
    this.unsafe = opts.unsafe ?? false;
    this.readTimer = setTimeout(() => ws.terminate(), readWait);
    this.pingTimer = setInterval(() => {
      if (this.writesStuck()) return;
      ws.ping();
    }, opts.pingPeriodMs ?? (readWait * 9) / 10);
    this.readTimer.unref();
    this.pingTimer.unref();
    const heard = () => this.readTimer.refresh();
    ws.on('pong', heard);
    ws.on('ping', heard);
    ws.on('message', (data: RawData) => {
      heard();
      this.turn = this.turn
        .then(() => this.handle(data))
        // CometBFT's read routine recovers a panic into an internal error with id -1
        .catch((e: unknown) => this.write(errorText(URI_REQUEST_ID, RpcError.internal(e instanceof Error ? e.message : String(e)))));
    });
    // the library closes the connection itself after an error (1009 for a message over the limit):
    // the close frame goes out first, and a peer that does not answer it is cut a second later
    ws.on('error', () => setTimeout(() => ws.terminate(), 1000).unref());
    this.closed = new Promise((resolve) => {
      ws.once('close', () => {
        this.open = false;
        clearTimeout(this.readTimer);
        clearInterval(this.pingTimer);
        try {
          this.events.unsubscribeAll(this);
        } catch {
          // no subscriptions
        }
        onClosed();
        resolve();
      });
    });
  }

  deliver(sub: Subscription, text: string): void {
    if (this.writesStuck()) return;
    sub.pending++;
    this.write(text, () => sub.pending--);
  }

  cancelled(sub: Subscription, reason: string): void {
    this.write(errorText(sub.id, RpcError.server(`subscription was canceled (reason: ${reason})`)));
  }

  /** Closes after the answers already handed over (a close frame; dropped if that takes 1 s). */
  close(): Promise<void> {
    if (this.open) {
      this.ws.close(1001);
      setTimeout(() => this.ws.terminate(), 1000).unref();
    }
    return this.closed;
  }

  private write(text: string, done?: () => void): void {
    if (!this.open || this.ws.readyState !== this.ws.OPEN) {
      done?.();
      return;
    }
    this.unwritten.push(Date.now());
    this.ws.send(text, () => {
      this.unwritten.shift();
      done?.();
    });
  }

  /** CometBFT's write deadline: a write still pending after writeWait ends the connection. */
  private writesStuck(): boolean {
    const oldest = this.unwritten[0];
    if (oldest === undefined || Date.now() - oldest < this.writeWaitMs) return false;
    this.ws.terminate();
    return true;
  }

  private async handle(data: RawData): Promise<void> {
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as Buffer);
    let request;
    try {
      request = parseWsRequest(bytes);
    } catch (e) {
      if (!(e instanceof RpcError)) throw e;
      this.write(errorText(undefined, e));
      return;
    }
    // notifications get no answer
    if (request.id === undefined) return;
    const call = resolveCall(request, 'websocket', this.unsafe);
    if ('error' in call) {
      this.write(errorText(request.id, call.error));
      return;
    }
    const { route, args } = call;
    const out = await runRoute({ node: this.node, events: this.events, ws: { subscriber: this, requestId: request.id } }, route, args);
    this.write('error' in out ? errorText(request.id, out.error) : successText(request.id, out.result));
  }
}
