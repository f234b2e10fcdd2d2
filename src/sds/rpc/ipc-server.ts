/**
 * The resource node's JSON-RPC over IPC (reference §1.1): a Unix domain socket speaking geth's IPC
 * codec. A connection carries a stream of JSON values (requests or batches, in any chunking); each
 * is served concurrently and its answer written as JSON followed by "\n". A syntax error is
 * answered with -32700 and Go's text, then the connection closes (answers still under way are sent
 * first), as geth's read loop does.
 */
import { lstat, chmod, unlink } from 'node:fs/promises';
import { connect, createServer, type Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { errorText } from '../../api/geth-rpc/dispatch.ts';
import { JsonValueScanner } from '../../api/geth-rpc/json-stream.ts';
import { RPC_PARSE_ERROR, type RpcDispatcher } from './dispatch.ts';
import { makeDirs } from '../../make-dirs.ts';

/**
 * The largest IPC message: the HTTP limit (5 MiB) leaves no room for a 3.5 MB upload packet once
 * base64'd with its envelope over HTTP, so IPC accepts 32 MiB. A longer message closes its connection.
 */
export const SDS_IPC_MAX_MESSAGE = 32 * 1024 * 1024;

/** Where a home's IPC socket lives when no --ipcEndpoint is given: <home>/sds.ipc (document it) */
export function defaultIpcPath(home: string): string {
  return join(home, 'sds.ipc');
}

function errorLine(code: number, message: string): string {
  return `${errorText(undefined, code, message)}\n`;
}

/** Is something accepting connections on this socket file? */
function socketIsLive(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = connect(path);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

/** The longest Unix socket path (sun_path holds 108 bytes with the NUL); libuv would silently cut a longer one. */
export const MAX_IPC_PATH_BYTES = 107;

/** Creates the socket's directory; removes a stale socket file, refusing a live one or a non-socket. */
async function prepareSocketPath(path: string): Promise<void> {
  const length = Buffer.byteLength(path);
  if (length > MAX_IPC_PATH_BYTES) {
    throw new Error(`IPC endpoint ${path} is ${length} bytes long; a Unix socket path may have at most ${MAX_IPC_PATH_BYTES}: choose a shorter path`);
  }
  makeDirs(dirname(path), 0o751);
  let isSocket: boolean;
  try {
    isSocket = (await lstat(path)).isSocket();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  if (!isSocket) throw new Error(`IPC endpoint ${path} exists and is not a socket; refusing to remove it`);
  if (await socketIsLive(path)) throw new Error(`IPC endpoint ${path} is in use: another process is listening on it`);
  await unlink(path);
}

/** One connection: frames the stream into JSON values and answers each. */
function serveConnection(socket: Socket, dispatcher: RpcDispatcher, maxMessage: number): void {
  const scanner = new JsonValueScanner();
  /** unconsumed bytes of the value being scanned: chunks[0] from `head` on */
  let chunks: Buffer[] = [];
  let head = 0;
  let inFlight = 0;
  let reading = true;
  let ended = false;

  const write = (text: string): void => {
    if (!socket.destroyed && socket.writable) socket.write(text);
  };
  /** the error that ends the connection: written after the answers still under way */
  let lastWords: string | undefined;
  const maybeEnd = (): void => {
    if (!reading && inFlight === 0 && !ended) {
      ended = true;
      if (lastWords !== undefined) write(lastWords);
      socket.end();
    }
  };
  const stopReading = (error?: string): void => {
    lastWords = error;
    reading = false;
    chunks = []; // what still arrives is read and dropped
    maybeEnd();
  };
  const dispatch = (bytes: Buffer): void => {
    inFlight++;
    dispatcher
      .handleValue(bytes.toString('utf8'), 'ipc')
      .then(
        (answer) => {
          if (answer !== undefined) write(`${answer}\n`);
        },
        (e: unknown) => process.stderr.write(`IPC request failed: ${String(e)}\n`),
      )
      .finally(() => {
        inFlight--;
        maybeEnd();
      });
  };
  /** takes the first `length` bytes of the buffered region (which ends inside the last chunk) */
  const take = (length: number): Buffer => {
    const parts: Buffer[] = [];
    let left = length;
    let i = 0;
    for (; left > 0; i++) {
      const c = i === 0 ? chunks[0]!.subarray(head) : chunks[i]!;
      if (c.length <= left) {
        parts.push(c);
        left -= c.length;
      } else {
        parts.push(c.subarray(0, left));
        head = (i === 0 ? head : 0) + left;
        chunks = chunks.slice(i);
        return Buffer.concat(parts);
      }
    }
    chunks = chunks.slice(i);
    head = 0;
    return Buffer.concat(parts);
  };

  socket.on('data', (chunk: Buffer) => {
    if (!reading) return;
    chunks.push(chunk);
    let from = 0;
    for (;;) {
      const r = scanner.feed(chunk, from);
      if (r.kind === 'error') {
        stopReading(errorLine(RPC_PARSE_ERROR, r.message));
        return;
      }
      if ((r.kind === 'more' ? scanner.consumed : r.end) > maxMessage) {
        stopReading(errorLine(RPC_PARSE_ERROR, `message too large: more than ${maxMessage} bytes`));
        return;
      }
      if (r.kind === 'more') return;
      const before = scanner.consumedBeforeFeed;
      dispatch(take(r.end));
      from = from + (r.end - before);
      scanner.reset();
      if (from >= chunk.length) {
        chunks = [];
        head = 0;
        return;
      }
    }
  });
  socket.on('end', () => {
    if (!reading) return;
    const f = scanner.finish();
    if (f.kind === 'value') dispatch(take(f.end));
    stopReading();
  });
  socket.on('error', () => {
    reading = false;
    socket.destroy();
  });
}

export function serveSdsRpcIpc(path: string, dispatcher: RpcDispatcher, maxMessage = SDS_IPC_MAX_MESSAGE): Promise<{ readonly path: string; close(): Promise<void> }> {
  return (async () => {
    await prepareSocketPath(path);
    const sockets = new Set<Socket>();
    const server = createServer({ allowHalfOpen: true }, (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      serveConnection(socket, dispatcher, maxMessage);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', (e: NodeJS.ErrnoException) => reject(new Error(`cannot listen on IPC endpoint ${path}: ${e.message}`)));
      server.listen(path, () => resolve());
    });
    server.on('error', (e) => process.stderr.write(`IPC endpoint ${path}: ${e.message}\n`));
    await chmod(path, 0o600);
    return {
      path,
      close: () =>
        new Promise<void>((resolve) => {
          for (const s of sockets) s.destroy();
          server.close(() => resolve());
        }),
    };
  })();
}
