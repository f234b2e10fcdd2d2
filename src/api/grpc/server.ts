/**
 * The node's gRPC server (`--grpc.enable`, `--grpc.address`; SDK v0.47 `servergrpc.StartGRPCServer`):
 * unary calls over cleartext HTTP/2 as grpc/doc/PROTOCOL-HTTP2.md describes them, served from the
 * method table of services.ts with the SDK's height interceptor, and server reflection
 * (reflection.ts). Built on node:http2 because no gRPC
 * library is a dependency of the project; messages pass through as bytes, so no proto compile step
 * is needed.
 */
import { createServer, constants, type Http2Session, type IncomingHttpHeaders, type ServerHttp2Stream } from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { Node } from '../../node/node.ts';
import { parseListenAddress, type ListenAddress } from '../http.ts';
import { decodeFrames, DEFAULT_MAX_RECV_MSG_SIZE, encodeFrame } from './frames.ts';
import { BLOCK_HEIGHT_HEADER, grpcQueryHeight } from './interceptor.ts';
import { REFLECTION_METHOD, REFLECTION_SERVICES, ReflectionStream } from './reflection.ts';
import { grpcServiceTable, unknownMethod, unknownService, type GrpcServiceTable } from './services.ts';
import { nodeCodec } from '../rest/grpc-gateway.ts';
import { encodeGrpcMessage, GRPC_CODES, GrpcCallError } from './status.ts';

export interface GrpcServerOptions {
  /** `0.0.0.0:9090`, `tcp://127.0.0.1:0`, … */
  readonly address: string;
  /** largest request message (grpc-go default 4 MiB) */
  readonly maxRecvMsgSize?: number;
}

export interface RunningGrpcServer {
  readonly address: ListenAddress;
  close(): Promise<void>;
}

const GRPC_CONTENT_TYPE = 'application/grpc';

function metadataValues(headers: IncomingHttpHeaders, key: string): string[] | undefined {
  const v = headers[key];
  if (v === undefined) return undefined;
  // HTTP/2 joins repeated metadata keys with ", " (gRPC metadata is a list of values)
  return (Array.isArray(v) ? v : [v]).flatMap((x) => x.split(',').map((s) => s.trim()));
}

async function readAll(stream: ServerHttp2Stream, limit: number): Promise<{ body: Buffer; tooLarge: number | undefined }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size <= limit + 5) chunks.push(chunk as Buffer);
  }
  return { body: Buffer.concat(chunks), tooLarge: size > limit + 5 ? size - 5 : undefined };
}

function sendStatus(stream: ServerHttp2Stream, err: GrpcCallError, metadata: Record<string, string>): void {
  if (stream.destroyed || stream.headersSent) return;
  // Trailers-Only: one HEADERS frame with the status
  stream.respond(
    { [constants.HTTP2_HEADER_STATUS]: 200, 'content-type': GRPC_CONTENT_TYPE, ...metadata, 'grpc-status': String(err.code), 'grpc-message': encodeGrpcMessage(err.message) },
    { endStream: true },
  );
}

function sendMessage(stream: ServerHttp2Stream, message: Uint8Array, metadata: Record<string, string>): void {
  if (stream.destroyed) return;
  stream.respond({ [constants.HTTP2_HEADER_STATUS]: 200, 'content-type': GRPC_CONTENT_TYPE, ...metadata }, { waitForTrailers: true });
  stream.once('wantTrailers', () => stream.sendTrailers({ 'grpc-status': '0', 'grpc-message': '' }));
  stream.end(encodeFrame(message));
}

/**
 * The reflection stream: request messages are answered one by one as they arrive (the client
 * waits for each answer before it sends the next), the status follows when the client closes.
 */
function serveReflection(node: Node, table: GrpcServiceTable, stream: ServerHttp2Stream, maxRecv: number): void {
  const session = new ReflectionStream(nodeCodec(node), [...table.servedServices(), ...REFLECTION_SERVICES]);
  let failure: GrpcCallError | undefined;
  stream.respond({ [constants.HTTP2_HEADER_STATUS]: 200, 'content-type': GRPC_CONTENT_TYPE }, { waitForTrailers: true });
  stream.once('wantTrailers', () =>
    stream.sendTrailers(failure ? { 'grpc-status': String(failure.code), 'grpc-message': encodeGrpcMessage(failure.message) } : { 'grpc-status': '0', 'grpc-message': '' }),
  );
  let pending = Buffer.alloc(0);
  stream.on('data', (chunk: Buffer) => {
    if (failure) return;
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= 5) {
      const length = pending.readUInt32BE(1);
      if (length > maxRecv) {
        failure = new GrpcCallError(GRPC_CODES.ResourceExhausted, `grpc: received message larger than max (${length} vs. ${maxRecv})`);
        stream.end();
        return;
      }
      if (pending.length < 5 + length) return;
      const message = pending.subarray(5, 5 + length);
      pending = pending.subarray(5 + length);
      try {
        stream.write(encodeFrame(session.answer(message)));
      } catch (e) {
        failure = new GrpcCallError(GRPC_CODES.Internal, `grpc: error unmarshalling request: ${(e as Error).message}`);
        stream.end();
        return;
      }
    }
  });
  stream.on('end', () => {
    if (!stream.writableEnded) stream.end();
  });
}

export async function startGrpcServer(node: Node, opts: GrpcServerOptions): Promise<RunningGrpcServer> {
  const listenAt = parseListenAddress(opts.address, 'grpc.address');
  const maxRecv = opts.maxRecvMsgSize ?? DEFAULT_MAX_RECV_MSG_SIZE;
  const table = grpcServiceTable(node);
  const sessions = new Set<Http2Session>();

  const handle = async (stream: ServerHttp2Stream, headers: IncomingHttpHeaders): Promise<void> => {
    if (headers[constants.HTTP2_HEADER_METHOD] !== 'POST') {
      stream.respond({ [constants.HTTP2_HEADER_STATUS]: 405 }, { endStream: true });
      return;
    }
    const contentType = String(headers['content-type'] ?? '');
    if (!(contentType === GRPC_CONTENT_TYPE || contentType.startsWith(`${GRPC_CONTENT_TYPE}+`) || contentType.startsWith(`${GRPC_CONTENT_TYPE};`))) {
      // grpc-go's answer to a non-gRPC request
      stream.respond({ [constants.HTTP2_HEADER_STATUS]: 415, 'content-type': 'text/plain', 'grpc-status': String(GRPC_CODES.Internal), 'grpc-message': encodeGrpcMessage(`invalid gRPC request content-type "${contentType}"`) }, { endStream: true });
      return;
    }
    const path = String(headers[constants.HTTP2_HEADER_PATH] ?? '');
    if ((REFLECTION_SERVICES as readonly string[]).some((s) => path === `/${s}/${REFLECTION_METHOD}`)) {
      serveReflection(node, table, stream, maxRecv);
      return;
    }
    const { body, tooLarge } = await readAll(stream, maxRecv);
    const slash = path.lastIndexOf('/');
    if (!path.startsWith('/') || slash <= 0) {
      // grpc-go server.go handleStream
      sendStatus(stream, new GrpcCallError(GRPC_CODES.Unimplemented, `malformed method name: ${JSON.stringify(path)}`), {});
      return;
    }
    const service = path.slice(1, slash);
    const methodName = path.slice(slash + 1);
    const method = table.methods.get(path);
    if (!method) {
      const known = table.services.has(service) || (REFLECTION_SERVICES as readonly string[]).includes(service);
      sendStatus(stream, known ? unknownMethod(service, methodName) : unknownService(service), {});
      return;
    }
    const metadata: Record<string, string> = {};
    try {
      if (tooLarge !== undefined) throw new GrpcCallError(GRPC_CODES.ResourceExhausted, `grpc: received message larger than max (${tooLarge} vs. ${maxRecv})`);
      let frames;
      try {
        frames = decodeFrames(body);
      } catch (e) {
        throw new GrpcCallError(GRPC_CODES.Internal, `grpc: ${(e as Error).message}`);
      }
      const frame = frames[0];
      if (!frame) throw new GrpcCallError(GRPC_CODES.Internal, 'grpc: the request has no message');
      if (frame.compressed) {
        const encoding = headers['grpc-encoding'];
        throw encoding && encoding !== 'identity'
          ? new GrpcCallError(GRPC_CODES.Unimplemented, `grpc: Decompressor is not installed for grpc-encoding "${String(encoding)}"`)
          : new GrpcCallError(GRPC_CODES.Internal, 'grpc: compressed flag set with identity or empty encoding');
      }
      const height = grpcQueryHeight(node, metadataValues(headers, BLOCK_HEIGHT_HEADER));
      metadata[BLOCK_HEIGHT_HEADER] = height.toString();
      sendMessage(stream, await method.call(frame.message, height), metadata);
    } catch (e) {
      sendStatus(stream, e instanceof GrpcCallError ? e : new GrpcCallError(GRPC_CODES.Unknown, e instanceof Error ? e.message : String(e)), metadata);
    }
  };

  const server = createServer();
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  server.on('stream', (stream, headers) => {
    stream.on('error', () => undefined); // a client that resets its stream is not the server's failure
    handle(stream, headers).catch((e) => sendStatus(stream, new GrpcCallError(GRPC_CODES.Internal, (e as Error).message), {}));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenAt.port, listenAt.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = server.address() as AddressInfo;
  return {
    address: { host: listenAt.host, port: bound.port },
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        for (const s of sessions) s.destroy();
      }),
  };
}
