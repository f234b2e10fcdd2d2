/**
 * The node's gRPC server (`--grpc.enable`, `--grpc.address`; SDK v0.47 `servergrpc.StartGRPCServer`)
 * on @grpc/grpc-js: every method of services.ts as a unary method whose messages stay bytes
 * (identity serializers, so `Node.query` answers pass through unchanged), the SDK's height
 * interceptor (interceptor.ts) around each, and server reflection (reflection.ts).
 *
 * Where grpc-js and grpc-go (the SDK's server) differ on the wire, grpc-go's behaviour is kept:
 * - a path no service serves is Unimplemented with grpc-go's texts (`unknown service …`,
 *   `unknown method … for service …`, `malformed method name: …`), not grpc-js's;
 * - a successful call ends with an empty `grpc-message` (grpc-js sends `OK`);
 * - limits as the SDK configures grpc-go: 10 MiB received (`max-recv-msg-size`), no send limit
 *   beyond 2^31 − 1 (`max-send-msg-size`).
 * A status message is cut to fit clients' header limits (status.ts). Content type, compression
 * and the texts of transport failures (an oversized message: `Received message larger than max
 * (… vs …)`) are grpc-js's.
 */
import * as grpc from '@grpc/grpc-js';
import type { Node } from '../../node/node.ts';
import { parseListenAddress, type ListenAddress } from '../http.ts';
import { BLOCK_HEIGHT_HEADER, grpcQueryHeight } from './interceptor.ts';
import { reflectionService } from './reflection.ts';
import { grpcServiceTable, unknownMethod, unknownService, type GrpcMethod, type GrpcServiceTable } from './services.ts';
import { nodeCodec } from '../rest/grpc-gateway.ts';
import { toGatewayError } from '../rest/gateway-error.ts';
import { fitStatusMessage, GRPC_CODES, GrpcCallError } from './status.ts';

/** SDK v0.47 server/config `DefaultGRPCMaxRecvMsgSize` (10 MiB). */
export const DEFAULT_MAX_RECV_MSG_SIZE = 10 * 1024 * 1024;
/** SDK v0.47 server/config `DefaultGRPCMaxSendMsgSize` (math.MaxInt32). */
export const DEFAULT_MAX_SEND_MSG_SIZE = 2 ** 31 - 1;

export interface GrpcServerOptions {
  /** `0.0.0.0:9090`, `tcp://127.0.0.1:0`, … */
  readonly address: string;
  /** largest request message */
  readonly maxRecvMsgSize?: number;
  /** largest response message */
  readonly maxSendMsgSize?: number;
}

export interface RunningGrpcServer {
  readonly address: ListenAddress;
  close(): Promise<void>;
}

const identity = (b: Buffer): Buffer => b;

/** The gRPC status of a failure (a GrpcCallError, or any error the gateway maps: QueryError, ChainError, …). */
function statusObject(e: unknown, metadata?: grpc.Metadata): Partial<grpc.StatusObject> {
  const g = e instanceof GrpcCallError ? { grpcCode: e.code, message: e.message } : toGatewayError(e);
  return metadata ? { code: g.grpcCode, details: g.message, metadata } : { code: g.grpcCode, details: g.message };
}

/** One method after the SDK's interceptor: the height from the metadata, and back in the answer's. */
function unaryHandler(node: Node, method: GrpcMethod): grpc.handleUnaryCall<Buffer, Buffer> {
  return (call, callback) => {
    let height: bigint;
    try {
      height = grpcQueryHeight(node, call.metadata.get(BLOCK_HEIGHT_HEADER).map(String));
    } catch (e) {
      callback(statusObject(e));
      return;
    }
    const metadata = new grpc.Metadata();
    metadata.set(BLOCK_HEIGHT_HEADER, height.toString());
    method.call(call.request, height).then(
      (response) => {
        call.sendMetadata(metadata);
        callback(null, Buffer.from(response.buffer, response.byteOffset, response.byteLength));
      },
      // grpc-go sends the header metadata the interceptor set with a Trailers-Only status
      (e: unknown) => callback(statusObject(e, metadata)),
    );
  };
}

/** grpc-go `handleStream`'s answer to a path no registered service serves. */
function unknownPathStatus(table: GrpcServiceTable, services: readonly string[], path: string): GrpcCallError {
  const name = path.startsWith('/') ? path.slice(1) : path;
  const slash = name.lastIndexOf('/');
  if (slash < 0) return new GrpcCallError(GRPC_CODES.Unimplemented, `malformed method name: ${JSON.stringify(path)}`);
  const service = name.slice(0, slash);
  return table.services.has(service) || services.includes(service) ? unknownMethod(service, name.slice(slash + 1)) : unknownService(service);
}

/**
 * grpc-js answers a path it has no handler for with its own text; its handler table is a Map
 * looked up once per call, so a Map whose misses give a handler answering grpc-go's status keeps
 * grpc-go's texts. The handler is a bidirectional one, called at once without waiting for the
 * request, as grpc-go answers before reading it. A miss first asks `registerLate` whether the path
 * is one registered at its first call (it registers it and says true).
 */
function answerUnknownPaths(server: grpc.Server, status: (path: string) => GrpcCallError, registerLate: (path: string) => boolean): void {
  const holder = server as unknown as { handlers?: unknown };
  if (!(holder.handlers instanceof Map)) throw new Error('@grpc/grpc-js: Server.handlers is not a Map; the unknown-path answers need updating');
  const fallback = (path: string) => ({
    type: 'bidi',
    path,
    serialize: identity,
    deserialize: identity,
    func: (stream: grpc.ServerDuplexStream<Buffer, Buffer>) => stream.emit('error', statusObject(status(path))),
  });
  class WithFallback extends Map<string, unknown> {
    override get(path: string): unknown {
      const handler = super.get(path);
      if (handler !== undefined) return handler;
      return (registerLate(path) ? super.get(path) : undefined) ?? fallback(path);
    }
  }
  holder.handlers = new WithFallback(holder.handlers as Map<string, unknown>);
}

/** Statuses as grpc-go sends them: an empty message on success, a long one cut to fit (status.ts). */
const statusInterceptor: grpc.ServerInterceptor = (_method, call) =>
  new grpc.ServerInterceptingCall(call, {
    sendStatus(status, next) {
      next({ ...status, details: status.code === grpc.status.OK ? '' : fitStatusMessage(status.details ?? '') });
    },
  });

function bind(server: grpc.Server, at: ListenAddress): Promise<number> {
  const host = at.host.includes(':') ? `[${at.host}]` : at.host;
  return new Promise((resolve, reject) => server.bindAsync(`${host}:${at.port}`, grpc.ServerCredentials.createInsecure(), (err, port) => (err ? reject(err) : resolve(port))));
}

export async function startGrpcServer(node: Node, opts: GrpcServerOptions): Promise<RunningGrpcServer> {
  const listenAt = parseListenAddress(opts.address, 'grpc.address', '127.0.0.1:9090');
  const table = grpcServiceTable(node);
  const served = table.servedServices();
  const server = new grpc.Server({
    'grpc.max_receive_message_length': opts.maxRecvMsgSize ?? DEFAULT_MAX_RECV_MSG_SIZE,
    'grpc.max_send_message_length': opts.maxSendMsgSize ?? DEFAULT_MAX_SEND_MSG_SIZE,
    interceptors: [statusInterceptor],
  });
  const reflectionServices = ['grpc.reflection.v1.ServerReflection', 'grpc.reflection.v1alpha.ServerReflection'];
  // server reflection is registered at its first call: indexing every descriptor takes about
  // 300 ms and loading the reflection protocol's definitions 50, which a node's start should not
  // wait for (issue 20, "start to first block"); a client sees no difference
  let reflectionAdded = false;
  const reflectionPaths = new Set(reflectionServices.map((s) => `/${s}/ServerReflectionInfo`));
  const addReflection = (path: string): boolean => {
    if (reflectionAdded || !reflectionPaths.has(path)) return false;
    reflectionAdded = true;
    reflectionService(nodeCodec(node), served).addToServer(server);
    return true;
  };
  answerUnknownPaths(server, (path) => unknownPathStatus(table, reflectionServices, path), addReflection);
  // every method of every proto service the node knows; those of modules this node does not run
  // answer `unknown service` from the App's refusal, as on a real node without that module
  const byService = new Map<string, GrpcMethod[]>();
  for (const m of table.methods.values()) {
    const service = m.path.slice(1, m.path.lastIndexOf('/'));
    byService.set(service, [...(byService.get(service) ?? []), m]);
  }
  for (const methods of byService.values()) {
    const definition: Record<string, grpc.MethodDefinition<Buffer, Buffer>> = {};
    const implementation: grpc.UntypedServiceImplementation = {};
    for (const m of methods) {
      const name = m.path.slice(m.path.lastIndexOf('/') + 1);
      definition[name] = { path: m.path, requestStream: false, responseStream: false, requestSerialize: identity, requestDeserialize: identity, responseSerialize: identity, responseDeserialize: identity };
      implementation[name] = unaryHandler(node, m);
    }
    server.addService(definition as grpc.ServiceDefinition, implementation);
  }
  const port = await bind(server, listenAt);
  return {
    address: { host: listenAt.host, port },
    close: async () => server.forceShutdown(),
  };
}
