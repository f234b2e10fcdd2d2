/**
 * The one HTTP toolkit of the adapters (consensus RPC, REST, gateway, storage client API):
 * listen-address parsing, bounded body reading, JSON answers. Servers listen with node:http.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ListenAddress {
  readonly host: string;
  readonly port: number;
}

/** `tcp://0.0.0.0:26657`, `0.0.0.0:1317`, `localhost:9090`, `:8545` → host and port. */
export function parseListenAddress(text: string, what: string, example: string): ListenAddress {
  const m = /^(?:tcp:\/\/)?(\[[^\]]+\]|[^:/]*):(\d{1,5})$/.exec(text.trim());
  if (!m) throw new Error(`invalid ${what} ${JSON.stringify(text)}: expected host:port, e.g. ${example}`);
  const port = Number(m[2]);
  if (port > 65535) throw new Error(`invalid ${what} ${JSON.stringify(text)}: port ${port} is out of range`);
  const host = m[1]!.replace(/^\[|\]$/g, '') || '0.0.0.0';
  return { host, port };
}

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`request body too large: more than ${limit} bytes`);
  }
}

/**
 * Reads a request body up to `limit` bytes; beyond it the rest is read and dropped (so the
 * keep-alive connection stays usable) and BodyTooLargeError is thrown. A request that closes
 * before its end (the client went away) fails with the stream's error or a "closed" one.
 * Read with the stream's events: its async iterator cost a few microseconds a request in
 * listeners and promises, a visible share of serving many small JSON-RPC requests.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  // a body already read to its end, or a request already gone, settles at once
  if (req.readableEnded) return Promise.resolve(Buffer.alloc(0));
  if (req.destroyed) return Promise.reject(req.errored ?? new Error('the request closed before its body was read'));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let ended = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.once('end', () => {
      ended = true;
      if (size > limit) reject(new BodyTooLargeError(limit));
      else resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    });
    req.once('error', reject);
    req.once('close', () => {
      if (!ended) reject(new Error('the request closed before its body was read'));
    });
  });
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export interface RunningServer {
  readonly server: Server;
  /** the bound address (port 0 resolved) */
  readonly address: ListenAddress;
  close(): Promise<void>;
}

/**
 * Starts an HTTP server on `address`; a handler that throws answers 500 with a JSON message
 * instead of taking the process down.
 */
export function listen(address: ListenAddress, handler: (req: IncomingMessage, res: ServerResponse) => Promise<void> | void): Promise<RunningServer> {
  // Node enforces `headersTimeout` and `requestTimeout` when it looks at its connections, every
  // 30 s by default: every second, a server's header deadline (the gateway's
  // request_timeout_seconds) is kept within a second
  const server = createServer({ connectionsCheckingInterval: 1000 }, (req, res) => {
    Promise.resolve()
      .then(() => handler(req, res))
      .catch((err) => {
        if (!res.headersSent) sendJson(res, 500, { error: err instanceof Error ? err.message : String(err) });
        else res.destroy();
      });
  });
  server.keepAliveTimeout = 5000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(address.port, address.host, () => {
      server.off('error', reject);
      const bound = server.address() as AddressInfo;
      resolve({
        server,
        address: { host: address.host, port: bound.port },
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/** Go `url.QueryUnescape`: `+` is a space, `%XX` must be two hex digits. */
function queryUnescape(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '%') {
      const hex = text.slice(i + 1, i + 3);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) throw new Error(`invalid URL escape ${JSON.stringify(text.slice(i, i + 3))}`);
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else if (ch === '+') bytes.push(0x20);
    else bytes.push(...Buffer.from(ch, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * Go `url.ParseQuery` (what the gateway's `req.ParseForm` runs): pairs split on `&`, a pair with
 * `;` is an error, bad escapes are errors; the good pairs are kept either way.
 */
export function parseGoQuery(text: string): { entries: [string, string][]; error?: string } {
  const entries: [string, string][] = [];
  let error: string | undefined;
  for (const pair of text === '' ? [] : text.split('&')) {
    if (pair.includes(';')) {
      error = 'invalid semicolon separator in query';
      continue;
    }
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    try {
      entries.push([queryUnescape(eq < 0 ? pair : pair.slice(0, eq)), queryUnescape(eq < 0 ? '' : pair.slice(eq + 1))]);
    } catch (e) {
      error ??= (e as Error).message;
    }
  }
  return error === undefined ? { entries } : { entries, error };
}

/** The query string grouped by key, keys in order of first appearance. */
export function groupQuery(query: readonly (readonly [string, string])[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [k, v] of query) {
    const list = out.get(k);
    if (list) list.push(v);
    else out.set(k, [v]);
  }
  return out;
}
