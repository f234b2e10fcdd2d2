/**
 * BullMQ's connection to Redis without a Redis driver package. BullMQ 6 no longer ships a client:
 * it wraps ioredis, node-redis or Bun's built-in `RedisClient`, none of which this project installs.
 * `RespClient` is a minimal RESP2 client with the surface of Bun's raw client (`connect`, `send`,
 * `close`, `duplicate`, `connected`, `onconnect`/`onclose`), so BullMQ's own Bun adapter
 * (`createBunRedisClient`) does the rest: Lua scripts, MULTI/EXEC, reconnects, blocking commands.
 *
 * Replies: simple and bulk strings are strings (UTF-8), integers numbers, arrays arrays, nil null;
 * an error reply rejects its command, or is an `Error` element inside an EXEC array (what the
 * adapter expects). A connection that closes rejects every pending command with
 * "Connection closed", which the adapter treats as a closed connection.
 */
import { Socket, connect as netConnect } from 'node:net';
import { RedisConnection, createBunRedisClient } from 'bullmq';

/** Where a `redis://[user:password@]host[:port][/db]` URL points. */
export interface RedisTarget {
  readonly host: string;
  readonly port: number;
  readonly username?: string;
  readonly password?: string;
  readonly db?: number;
}

export function parseRedisUrl(url: string): RedisTarget {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error(`invalid queue URL ${JSON.stringify(url)}: expected redis://host:port (e.g. redis://127.0.0.1:6379)`);
  }
  if (u.protocol !== 'redis:') throw new Error(`invalid queue URL ${JSON.stringify(url)}: only redis:// is supported (no TLS)`);
  const db = u.pathname.replace(/^\//, '');
  if (db !== '' && !/^\d+$/.test(db)) throw new Error(`invalid queue URL ${JSON.stringify(url)}: the path is a database number`);
  return {
    host: u.hostname === '' ? '127.0.0.1' : u.hostname.replace(/^\[|\]$/g, ''),
    port: u.port === '' ? 6379 : Number(u.port),
    ...(u.username !== '' ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password !== '' ? { password: decodeURIComponent(u.password) } : {}),
    ...(db !== '' ? { db: Number(db) } : {}),
  };
}

type Reply = string | number | null | Error | Reply[];

interface Pending {
  resolve(value: Reply): void;
  reject(error: Error): void;
}

const CLOSED = 'Connection closed';

/** Parses one RESP2 reply starting at `at`; undefined when the buffer holds only part of it. */
function parseReply(buf: Buffer, at: number): { value: Reply; end: number } | undefined {
  const lineEnd = buf.indexOf('\r\n', at);
  if (lineEnd < 0) return undefined;
  const kind = String.fromCharCode(buf[at]!);
  const line = buf.toString('utf8', at + 1, lineEnd);
  const next = lineEnd + 2;
  switch (kind) {
    case '+':
      return { value: line, end: next };
    case '-':
      return { value: new Error(line), end: next };
    case ':':
      return { value: Number(line), end: next };
    case '$': {
      const n = Number(line);
      if (n < 0) return { value: null, end: next };
      if (buf.length < next + n + 2) return undefined;
      return { value: buf.toString('utf8', next, next + n), end: next + n + 2 };
    }
    case '*': {
      const n = Number(line);
      if (n < 0) return { value: null, end: next };
      const items: Reply[] = [];
      let pos = next;
      for (let i = 0; i < n; i++) {
        const item = parseReply(buf, pos);
        if (!item) return undefined;
        items.push(item.value);
        pos = item.end;
      }
      return { value: items, end: pos };
    }
    default:
      throw new Error(`Redis protocol error: unexpected reply type ${JSON.stringify(kind)}`);
  }
}

function encodeCommand(command: string, args: readonly unknown[]): Buffer {
  const parts: Buffer[] = [Buffer.from(`*${args.length + 1}\r\n`)];
  for (const a of [command, ...args]) {
    const b = Buffer.isBuffer(a) ? a : Buffer.from(a === undefined || a === null ? '' : String(a));
    parts.push(Buffer.from(`$${b.length}\r\n`), b, Buffer.from('\r\n'));
  }
  return Buffer.concat(parts);
}

/** One TCP connection to Redis with the raw-client surface BullMQ's Bun adapter drives. */
export class RespClient {
  connected = false;
  onconnect: (() => void) | undefined;
  onclose: ((error?: Error) => void) | undefined;
  onerror: ((error: Error) => void) | undefined;
  private socket: Socket | undefined;
  private pending: Pending[] = [];
  private buffer: Buffer = Buffer.alloc(0);

  constructor(readonly target: RedisTarget) {}

  connect(): Promise<void> {
    if (this.connected) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const socket = netConnect({ host: this.target.host, port: this.target.port });
      socket.setNoDelay(true);
      let opened = false;
      socket.once('connect', () => {
        opened = true;
        this.socket = socket;
        this.connected = true;
        this.buffer = Buffer.alloc(0);
        const setup: Promise<unknown>[] = [];
        if (this.target.password !== undefined) {
          setup.push(this.send('AUTH', this.target.username !== undefined ? [this.target.username, this.target.password] : [this.target.password]));
        }
        if (this.target.db !== undefined) setup.push(this.send('SELECT', [String(this.target.db)]));
        Promise.all(setup).then(
          () => {
            this.onconnect?.();
            resolve();
          },
          (err: Error) => {
            socket.destroy();
            reject(err);
          },
        );
      });
      socket.on('data', (chunk: Buffer) => this.receive(chunk));
      socket.on('error', (err) => {
        if (!opened) reject(new Error(`cannot reach Redis at ${this.target.host}:${this.target.port}: ${err.message}`));
        else this.onerror?.(err);
      });
      socket.on('close', () => {
        if (this.socket !== socket) return;
        this.socket = undefined;
        this.connected = false;
        const pending = this.pending;
        this.pending = [];
        for (const p of pending) p.reject(new Error(CLOSED));
        this.onclose?.(new Error(CLOSED));
      });
    });
  }

  send(command: string, args: readonly unknown[]): Promise<Reply> {
    const socket = this.socket;
    if (!socket || !this.connected) return Promise.reject(new Error(CLOSED));
    return new Promise<Reply>((resolve, reject) => {
      this.pending.push({ resolve, reject });
      socket.write(encodeCommand(command, args));
    });
  }

  close(): void {
    const socket = this.socket;
    if (!socket) return;
    this.socket = undefined;
    this.connected = false;
    const pending = this.pending;
    this.pending = [];
    for (const p of pending) p.reject(new Error(CLOSED));
    socket.destroy();
    this.onclose?.();
  }

  disconnect(): void {
    this.close();
  }

  /** A new, unconnected client to the same server (the adapter's duplicates and reconnects). */
  duplicate(): RespClient {
    return new RespClient(this.target);
  }

  private receive(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    let at = 0;
    for (;;) {
      if (at >= this.buffer.length) break;
      const reply = parseReply(this.buffer, at);
      if (!reply) break;
      at = reply.end;
      const p = this.pending.shift();
      if (!p) continue;
      if (reply.value instanceof Error) p.reject(reply.value);
      else p.resolve(reply.value);
    }
    this.buffer = at >= this.buffer.length ? Buffer.alloc(0) : this.buffer.subarray(at);
  }
}

/** Marks BullMQ connection options as ours (see `redisConnection`). */
const TARGET = Symbol.for('sdsim.redisTarget');

/**
 * BullMQ connection options for `url`. BullMQ builds every connection it needs (the main one, a
 * worker's blocking one) from these options through `RedisConnection.clientFactory`, which this
 * module sets once per process to make a `RespClient` wrapped in BullMQ's Bun adapter.
 */
export function redisConnection(url: string): { host: string; port: number } {
  const target = parseRedisUrl(url);
  installClientFactory();
  return { host: target.host, port: target.port, [TARGET]: target } as { host: string; port: number };
}

function installClientFactory(): void {
  if (RedisConnection.clientFactory) return;
  RedisConnection.clientFactory = (opts) => {
    const target = (opts as Record<symbol, RedisTarget | undefined>)[TARGET];
    if (!target) throw new Error('BullMQ connection options not made by redisConnection() (sdsim has no other Redis client)');
    return createBunRedisClient(new RespClient(target) as never);
  };
}
