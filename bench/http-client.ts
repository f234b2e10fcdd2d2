/**
 * A lean HTTP/1.1 client for the RPC benchmark: POSTs over a pool of keep-alive connections, one
 * request at a time on each, answers framed by Content-Length or chunked transfer encoding.
 *
 * Why not `node:http`: the driver runs on the same 2 cores as the node it measures, and
 * `http.request` costs the client about 100 µs of CPU a request (agent, header objects, streams),
 * a quarter of the machine during 100 concurrent singles. Load generators (wrk, autocannon) write
 * their own framing for the same reason: so that they measure the server. This one costs a
 * fraction of that; the bench prints the client's CPU per request next to each figure.
 */
import { connect, type Socket } from 'node:net';

export interface HttpAnswer {
  readonly status: number;
  readonly body: Buffer;
}

interface Waiting {
  resolve(answer: HttpAnswer): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

/** One keep-alive connection; `send` must not be called while a request is outstanding. */
class Connection {
  private readonly socket: Socket;
  private received: Buffer = Buffer.alloc(0);
  private waiting: Waiting | undefined;
  closed = false;

  constructor(host: string, port: number, private readonly onClose: (c: Connection) => void) {
    this.socket = connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => {
      this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
      this.parse();
    });
    this.socket.on('error', (err) => this.close(err));
    this.socket.on('close', () => this.close(new Error('the server closed the connection')));
  }

  send(request: string, timeoutMs: number): Promise<HttpAnswer> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.close(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
      this.waiting = { resolve, reject, timer };
      this.socket.write(request);
    });
  }

  private parse(): void {
    const w = this.waiting;
    if (!w) return;
    const buf = this.received;
    const headEnd = buf.indexOf(HEADER_END);
    if (headEnd < 0) return;
    const head = buf.toString('latin1', 0, headEnd).split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head[0]!)?.[1]);
    if (!Number.isInteger(status)) return this.close(new Error(`not an HTTP answer: ${JSON.stringify(head[0])}`));
    let length = -1;
    let chunked = false;
    let keepAlive = true;
    for (let i = 1; i < head.length; i++) {
      const line = head[i]!;
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim().toLowerCase();
      if (name === 'content-length') length = Number(value);
      else if (name === 'transfer-encoding') chunked = value.includes('chunked');
      else if (name === 'connection') keepAlive = value !== 'close';
    }
    const start = headEnd + HEADER_END.length;
    let body: Buffer;
    let end: number;
    if (chunked) {
      const parts: Buffer[] = [];
      let pos = start;
      for (;;) {
        const lineEnd = buf.indexOf(CRLF, pos);
        if (lineEnd < 0) return;
        const size = parseInt(buf.toString('latin1', pos, lineEnd), 16);
        if (!Number.isInteger(size)) return this.close(new Error('malformed chunk size'));
        const dataStart = lineEnd + 2;
        if (buf.length < dataStart + size + 2) return;
        if (size === 0) {
          end = dataStart + 2; // no trailers
          break;
        }
        parts.push(buf.subarray(dataStart, dataStart + size));
        pos = dataStart + size + 2;
      }
      body = Buffer.concat(parts);
    } else {
      if (length < 0) return this.close(new Error('an answer without Content-Length or chunked encoding'));
      if (buf.length < start + length) return;
      end = start + length;
      body = buf.subarray(start, end);
    }
    this.received = buf.subarray(end);
    this.waiting = undefined;
    clearTimeout(w.timer);
    if (!keepAlive) this.close();
    w.resolve({ status, body });
  }

  close(err?: Error): void {
    if (this.closed) return;
    this.closed = true;
    this.socket.destroy();
    const w = this.waiting;
    this.waiting = undefined;
    if (w) {
      clearTimeout(w.timer);
      w.reject(err ?? new Error('connection closed'));
    }
    this.onClose(this);
  }
}

/** POSTs to one URL over up to `maxSockets` keep-alive connections; requests beyond wait their turn. */
export class HttpPool {
  private readonly host: string;
  private readonly port: number;
  private readonly path: string;
  private readonly idle: Connection[] = [];
  private readonly queue: Array<() => void> = [];
  private open = 0;

  constructor(url: string, private readonly maxSockets = 128) {
    const u = new URL(url);
    this.host = u.hostname;
    this.port = Number(u.port || 80);
    this.path = u.pathname || '/';
  }

  async post(body: string, timeoutMs: number): Promise<HttpAnswer> {
    const c = await this.connection();
    const request = `POST ${this.path} HTTP/1.1\r\nHost: ${this.host}:${this.port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    try {
      return await c.send(request, timeoutMs);
    } finally {
      this.release(c);
    }
  }

  private connection(): Promise<Connection> {
    let c = this.idle.pop();
    while (c?.closed) c = this.idle.pop(); // the server closed it while it was idle
    if (c) return Promise.resolve(c);
    if (this.open < this.maxSockets) {
      this.open++;
      return Promise.resolve(new Connection(this.host, this.port, () => this.open--));
    }
    return new Promise((resolve) => this.queue.push(() => resolve(this.connection())));
  }

  private release(c: Connection): void {
    if (!c.closed) this.idle.push(c);
    this.queue.shift()?.();
  }

  close(): void {
    for (const c of this.idle.splice(0)) c.close();
  }
}
