/**
 * gorilla/websocket's `Upgrader.Upgrade` checks of a handshake, shared by the node's servers built
 * on it (CometBFT's `/websocket`, src/api/rpc/websocket.ts; go-ethereum's websocket, src/api/eth/
 * websocket.ts): `Connection: upgrade`, `Upgrade: websocket`, GET (else 405),
 * `Sec-Websocket-Version: 13`, a 16-byte `Sec-Websocket-Key`, then the server's origin check (403);
 * a refusal is gorilla's `returnError` — `Sec-Websocket-Version: 13` and Go's `http.Error` with the
 * status text.
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/** gorilla's `tokenListContainsValue`: a comma-separated header list holds the token (any case). */
function headerHasToken(value: string | string[] | undefined, token: string): boolean {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.some((v) => v.split(',').some((t) => t.trim().toLowerCase() === token));
}

/** gorilla's `returnError`: `Sec-Websocket-Version: 13` and Go's `http.Error` with the status text. */
function refusal(status: number): { headers: Record<string, string>; body: string } {
  const body = `${STATUS_CODES[status]}\n`;
  return {
    headers: { 'Sec-Websocket-Version': '13', 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', 'Content-Length': String(Buffer.byteLength(body)) },
    body,
  };
}

/** A plain HTTP request where only upgrades are served: gorilla answers 400. */
export function refuseNonUpgrade(res: ServerResponse): void {
  const r = refusal(400);
  res.writeHead(400, r.headers);
  res.end(r.body);
}

/**
 * The status gorilla refuses this upgrade request with, or undefined when it upgrades;
 * `checkOrigin` is the server's `CheckOrigin`.
 */
export function upgradeRefusal(req: IncomingMessage, checkOrigin: (req: IncomingMessage) => boolean = () => true): number | undefined {
  if (!headerHasToken(req.headers.connection, 'upgrade')) return 400;
  if (!headerHasToken(req.headers.upgrade, 'websocket')) return 400;
  if (req.method !== 'GET') return 405;
  if (!headerHasToken(req.headers['sec-websocket-version'], '13')) return 400;
  if (!checkOrigin(req)) return 403;
  const key = req.headers['sec-websocket-key'];
  if (typeof key !== 'string' || Buffer.from(key, 'base64').length !== 16 || Buffer.from(key, 'base64').toString('base64') !== key) return 400;
  return undefined;
}

/** Writes gorilla's refusal on the upgrade's socket and closes it. */
export function refuseUpgrade(socket: Duplex, status: number): void {
  const r = refusal(status);
  const head = Object.entries({ ...r.headers, Connection: 'close' }).map(([k, v]) => `${k}: ${v}\r\n`).join('');
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${r.body}`);
}
