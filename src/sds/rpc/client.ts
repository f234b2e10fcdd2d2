/**
 * A JSON-RPC client for a resource node (over HTTP or its IPC socket): what `nodeclient ipfs`, the
 * gateway and the tests use. Params go out as `[params]` (reference §1.4), `[]` without params.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { connect, type Socket } from 'node:net';
import { MAX_IPC_PATH_BYTES } from './ipc-server.ts';
import { JsonValueScanner } from '../../api/geth-rpc/json-stream.ts';

/** A JSON-RPC error object the node answered with. */
export class SdsRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'SdsRpcError';
  }
}

/** HTTP status / connection problems, naming the URL or path. */
export class SdsRpcTransportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SdsRpcTransportError';
  }
}

export type SdsRpcBatchAnswer = { result: unknown } | { error: { code: number; message: string } };

export interface SdsRpcClient {
  call<T = Record<string, unknown>>(method: string, params?: Record<string, unknown>): Promise<T>;
  batch(calls: readonly { method: string; params?: Record<string, unknown> }[]): Promise<SdsRpcBatchAnswer[]>;
  close(): Promise<void>;
}

interface Envelope {
  jsonrpc: '2.0';
  id: number;
  method: string;
  params: unknown[];
}

interface ResponseObject {
  id?: unknown;
  result?: unknown;
  error?: { code?: unknown; message?: unknown };
}

function envelope(id: number, method: string, params: Record<string, unknown> | undefined): Envelope {
  return { jsonrpc: '2.0', id, method, params: params === undefined ? [] : [params] };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function rpcErrorOf(error: ResponseObject['error']): { code: number; message: string } {
  return { code: typeof error?.code === 'number' ? error.code : 0, message: typeof error?.message === 'string' ? error.message : JSON.stringify(error) };
}

/** One response object → its result, or the SdsRpcError it carries. */
function resultOf<T>(resp: unknown, where: string): T {
  if (!isObject(resp)) throw new SdsRpcTransportError(`${where}: not a JSON-RPC response: ${JSON.stringify(resp)?.slice(0, 200)}`);
  const r = resp as ResponseObject;
  if (r.error !== undefined && r.error !== null) {
    const e = rpcErrorOf(r.error);
    throw new SdsRpcError(e.code, e.message);
  }
  return r.result as T;
}

/** A batch answer array → one entry per call in call order (matched by id). */
function batchAnswers(resp: unknown, ids: readonly number[], where: string): SdsRpcBatchAnswer[] {
  if (!Array.isArray(resp)) {
    resultOf(resp, where); // a single error object (e.g. `empty batch`) is thrown as such
    throw new SdsRpcTransportError(`${where}: a batch was answered with a single response`);
  }
  const byId = new Map<unknown, ResponseObject>();
  for (const r of resp) if (isObject(r)) byId.set(r.id, r as ResponseObject);
  return ids.map((id) => {
    const r = byId.get(id);
    if (r === undefined) return { error: { code: 0, message: `${where}: no answer for request ${id}` } };
    if (r.error !== undefined && r.error !== null) return { error: rpcErrorOf(r.error) };
    return { result: r.result };
  });
}

function readAll(res: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => resolve(Buffer.concat(chunks)));
    res.on('error', reject);
    res.on('aborted', () => reject(new Error('response aborted')));
  });
}

/** e.g. http://127.0.0.1:9301 ; keep-alive agent */
export function httpRpcClient(url: string): SdsRpcClient {
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  if (!secure && target.protocol !== 'http:') throw new SdsRpcTransportError(`${url}: not an http(s) URL`);
  const agent = secure ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const send = secure ? httpsRequest : httpRequest;
  let nextId = 1;

  const post = (payload: unknown): Promise<unknown> => {
    const body = Buffer.from(JSON.stringify(payload), 'utf8');
    return new Promise<unknown>((resolve, reject) => {
      const req = send(target, { method: 'POST', agent, headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Content-Length': body.length } }, (res) => {
        readAll(res).then((bytes) => {
          const text = bytes.toString('utf8');
          const status = res.statusCode ?? 0;
          if (status < 200 || status >= 300) {
            reject(new SdsRpcTransportError(`POST ${url}: HTTP ${status} ${res.statusMessage ?? ''}${text.trim() === '' ? '' : `: ${text.trim()}`}`));
            return;
          }
          try {
            resolve(JSON.parse(text));
          } catch {
            reject(new SdsRpcTransportError(`POST ${url}: the answer is not JSON: ${JSON.stringify(text.slice(0, 200))}`));
          }
        }, (e: Error) => reject(new SdsRpcTransportError(`POST ${url}: ${e.message}`)));
      });
      req.on('error', (e) => reject(new SdsRpcTransportError(`POST ${url}: ${e.message}`)));
      req.end(body);
    });
  };

  return {
    async call<T>(method: string, params?: Record<string, unknown>): Promise<T> {
      return resultOf<T>(await post(envelope(nextId++, method, params)), `POST ${url}`);
    },
    async batch(calls) {
      if (calls.length === 0) return [];
      const msgs = calls.map((c) => envelope(nextId++, c.method, c.params));
      return batchAnswers(await post(msgs), msgs.map((m) => m.id), `POST ${url}`);
    },
    async close() {
      agent.destroy();
    },
  };
}

/** one persistent connection, requests matched by id */
export function ipcRpcClient(path: string): SdsRpcClient {
  let socket: Socket | undefined;
  let connecting: Promise<Socket> | undefined;
  let closed = false;
  let nextId = 1;
  /** waiting callers by request id; a batch registers under each of its ids */
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void; ids: readonly number[] }>();

  const failAll = (e: Error): void => {
    const seen = new Set<unknown>();
    for (const w of waiting.values()) {
      if (seen.has(w)) continue;
      seen.add(w);
      w.reject(e);
    }
    waiting.clear();
  };

  const deliver = (value: unknown): void => {
    const first = Array.isArray(value) ? value.find(isObject) : value;
    const id = isObject(first) ? first.id : undefined;
    const w = typeof id === 'number' ? waiting.get(id) : undefined;
    if (w === undefined) {
      // an answer to nothing we asked: the node's parse error or size limit (id null) ends the connection
      if (isObject(first) && first.error !== undefined) {
        const e = rpcErrorOf((first as ResponseObject).error);
        failAll(new SdsRpcError(e.code, e.message));
      }
      return;
    }
    for (const i of w.ids) waiting.delete(i);
    w.resolve(value);
  };

  const open = (): Promise<Socket> => {
    if (closed) return Promise.reject(new SdsRpcTransportError(`IPC ${path}: client closed`));
    // libuv would silently connect to a cut path
    if (Buffer.byteLength(path) > MAX_IPC_PATH_BYTES) return Promise.reject(new SdsRpcTransportError(`IPC ${path}: a Unix socket path may have at most ${MAX_IPC_PATH_BYTES} bytes`));
    if (socket !== undefined && !socket.destroyed) return Promise.resolve(socket);
    connecting ??= new Promise<Socket>((resolve, reject) => {
      const s = connect(path);
      const scanner = new JsonValueScanner();
      let chunks: Buffer[] = [];
      s.once('connect', () => {
        socket = s;
        connecting = undefined;
        resolve(s);
      });
      s.on('data', (chunk: Buffer) => {
        let from = 0;
        while (from < chunk.length) {
          const r = scanner.feed(chunk, from);
          if (r.kind === 'more') {
            chunks.push(chunk.subarray(from));
            return;
          }
          if (r.kind === 'error') {
            failAll(new SdsRpcTransportError(`IPC ${path}: bad JSON from the node: ${r.message}`));
            s.destroy();
            return;
          }
          const inChunk = r.end - scanner.consumedBeforeFeed;
          const text = Buffer.concat([...chunks, chunk.subarray(from, from + inChunk)]).toString('utf8');
          chunks = [];
          from += inChunk;
          scanner.reset();
          deliver(JSON.parse(text));
        }
      });
      s.on('error', (e) => {
        const err = new SdsRpcTransportError(`IPC ${path}: ${e.message}`);
        if (socket !== s) {
          connecting = undefined;
          reject(err);
        }
        failAll(err);
      });
      s.on('close', () => {
        if (socket === s) socket = undefined;
        failAll(new SdsRpcTransportError(`IPC ${path}: connection closed`));
      });
    });
    return connecting;
  };

  const exchange = async (payload: unknown, ids: readonly number[]): Promise<unknown> => {
    const s = await open();
    return new Promise<unknown>((resolve, reject) => {
      const w = { resolve, reject, ids };
      for (const id of ids) waiting.set(id, w);
      s.write(`${JSON.stringify(payload)}\n`, (e) => {
        if (e) {
          for (const id of ids) waiting.delete(id);
          reject(new SdsRpcTransportError(`IPC ${path}: ${e.message}`));
        }
      });
    });
  };

  return {
    async call<T>(method: string, params?: Record<string, unknown>): Promise<T> {
      const id = nextId++;
      return resultOf<T>(await exchange(envelope(id, method, params), [id]), `IPC ${path}`);
    },
    async batch(calls) {
      if (calls.length === 0) return [];
      const msgs = calls.map((c) => envelope(nextId++, c.method, c.params));
      const ids = msgs.map((m) => m.id);
      return batchAnswers(await exchange(msgs, ids), ids, `IPC ${path}`);
    },
    async close() {
      closed = true;
      const s = socket ?? (connecting ? await connecting.catch(() => undefined) : undefined);
      failAll(new SdsRpcTransportError(`IPC ${path}: client closed`));
      if (s && !s.destroyed) {
        await new Promise<void>((resolve) => {
          s.once('close', () => resolve());
          s.end();
          setTimeout(() => s.destroy(), 1000).unref();
        });
      }
    },
  };
}
