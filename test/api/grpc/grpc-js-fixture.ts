/**
 * The REST fixture's node (two blocks, one send) behind a real gRPC server, and a @grpc/grpc-js
 * client making raw unary calls (request and response bytes as they are on the wire).
 */
import * as grpc from '@grpc/grpc-js';
import { expect } from 'vitest';
import { startGrpcServer, type RunningGrpcServer } from '../../../src/api/grpc/server.ts';
import { restFixture, sendTx, type RestFixture } from '../rest/rest-node.ts';

export interface GrpcJsFixture {
  readonly f: RestFixture;
  readonly server: RunningGrpcServer;
  readonly client: grpc.Client;
  /** one unary call by full method path; resolves with the response bytes and header metadata */
  unary(path: string, request?: Uint8Array, metadata?: grpc.Metadata): Promise<{ response: Buffer; headers: grpc.Metadata }>;
  close(): Promise<void>;
}

const raw = (b: Buffer) => b;

export async function grpcJsFixture(): Promise<GrpcJsFixture> {
  const f = await restFixture();
  f.node.produceBlock();
  expect((await f.node.broadcastTxSync(sendTx(0n, 5n))).code).toBe(0);
  f.node.produceBlock();
  const server = await startGrpcServer(f.node, { address: '127.0.0.1:0' });
  const client = new grpc.Client(`127.0.0.1:${server.address.port}`, grpc.credentials.createInsecure());
  return {
    f,
    server,
    client,
    unary(path, request = new Uint8Array(), metadata = new grpc.Metadata()) {
      return new Promise((resolve, reject) => {
        let headers = new grpc.Metadata();
        const call = client.makeUnaryRequest(path, raw, raw, Buffer.from(request), metadata, (err, response) => (err ? reject(err) : resolve({ response: response!, headers })));
        call.on('metadata', (m) => (headers = m));
      });
    },
    async close() {
      client.close();
      await server.close();
      await f.close();
    },
  };
}
