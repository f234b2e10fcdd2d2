/**
 * Kubo's RPC conventions (reference §3.2, §3.5): every command is `POST /api/v0/<cmd>` with
 * positional arguments as repeated `arg` query parameters; success is 200 with JSON (or a stream);
 * an argument problem is 400 and a command error 500, both with the go-ipfs-cmds error object
 * `{Message, Code, Type: "error"}`; a path that is not a served command 404 (text), another method 405.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export class KuboError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** go-ipfs-cmds error code: 0 normal, 1 client (bad argument), 2 implementation */
    readonly code: number = status === 400 ? 1 : 0,
  ) {
    super(message);
    this.name = 'KuboError';
  }
}

/**
 * What go-ipfs-cmds' response emitter declares on a streamed answer: the trailer an error after
 * the stream began goes in, and the headers a browser may read (`Access-Control-Expose-Headers`).
 */
export const STREAM_HEADERS: Readonly<Record<string, string>> = {
  Trailer: 'X-Stream-Error',
  'Access-Control-Expose-Headers': 'X-Stream-Output, X-Chunked-Output, X-Content-Length',
};

export function sendKuboError(res: ServerResponse, status: number, message: string, code = status === 400 ? 1 : 0): void {
  if (res.headersSent) {
    // errors during a stream go in the trailer (reference §3.5)
    // a header holds bytes: the text's UTF-8 as Go writes it, on one line
    res.addTrailers({ 'X-Stream-Error': Buffer.from(message.replace(/[\r\n]+/g, ' '), 'utf8').toString('latin1') });
    res.end();
    return;
  }
  const body = JSON.stringify({ Message: message, Code: code, Type: 'error' }) + '\n';
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'X-Chunked-Output': '1' }).end(body);
}

/**
 * A path that is not a command this API serves: Kubo's router's `404 page not found` (Go's
 * http.Error text), the same for every such path, whatever its arguments.
 */
export function sendKuboNotFound(res: ServerResponse): void {
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' }).end('404 page not found\n');
}

export function sendKuboJson(res: ServerResponse, value: unknown): void {
  sendKuboText(res, JSON.stringify(value));
}

/** A 200 answer of JSON text already made. */
export function sendKuboText(res: ServerResponse, json: string): void {
  const body = json + '\n';
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }).end(body);
}

/** The query of a request: `arg` values in order and the options. */
export interface KuboRequest {
  readonly command: string;
  readonly args: readonly string[];
  readonly options: URLSearchParams;
  readonly req: IncomingMessage;
}

export function parseKuboRequest(req: IncomingMessage): KuboRequest | { notFound: string } {
  const url = new URL(req.url ?? '/', 'http://client');
  const m = /^\/api\/v0\/(.+?)\/?$/.exec(url.pathname);
  if (!m) return { notFound: url.pathname };
  return { command: m[1]!, args: url.searchParams.getAll('arg'), options: url.searchParams, req };
}

/** Kubo's boolean option: absent → default; `true`/`false`/`1`/`0`/empty. */
export function boolOption(q: URLSearchParams, name: string, dflt: boolean): boolean {
  const v = q.get(name);
  if (v === null) return dflt;
  if (v === '' || v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw new KuboError(400, `Could not convert value '${v}' to type 'bool' (for option '-${name}')`);
}

export function intOption(q: URLSearchParams, name: string, dflt: number): number {
  const v = q.get(name);
  if (v === null || v === '') return dflt;
  if (!/^-?\d+$/.test(v)) throw new KuboError(400, `Could not convert value '${v}' to type 'int' (for option '-${name}')`);
  return Number(v);
}

export function requireArg(r: KuboRequest, name: string): string {
  const a = r.args[0];
  if (a === undefined || a === '') throw new KuboError(400, `argument "${name}" is required`);
  return a;
}

/**
 * The served commands whose path may carry their first argument, as go-ipfs-cmds reads one segment
 * after a command (`cat/<cid>` is `cat?arg=<cid>`; `cat/x?arg=<cid>` is `cat` of `x`, then of
 * `<cid>`): those whose arguments are paths or CIDs. `add` (its argument is the file, in the body or
 * as a local path) and the commands without arguments keep the 404 for a longer path. The gateway
 * reads the same form (src/gateway/spfs-policy.ts).
 */
export const PATH_ARGUMENT_COMMANDS: ReadonlySet<string> = new Set([
  'cat', 'get', 'ls', 'pin/add', 'pin/rm', 'pin/ls', 'files/mkdir', 'files/cp', 'files/ls', 'files/stat', 'files/rm',
  'object/stat', 'block/stat', 'block/get', 'dag/get',
]);

/** `cat/<segment>` → the command and its first argument (the segment URI-decoded); undefined for a path that is not that form. */
export function pathArgument(path: string): { command: string; arg: string } | undefined {
  const slash = path.lastIndexOf('/');
  if (slash < 0) return undefined;
  const command = path.slice(0, slash);
  if (!PATH_ARGUMENT_COMMANDS.has(command)) return undefined;
  const segment = path.slice(slash + 1);
  try {
    return { command, arg: decodeURIComponent(segment) };
  } catch {
    return { command, arg: segment }; // a stray % is the argument's own text
  }
}
