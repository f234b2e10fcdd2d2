/**
 * A minimal unary gRPC client over node:http2 for the tests that look at the wire itself (HTTP
 * status, response headers, the Trailers-Only form): written from grpc/doc/PROTOCOL-HTTP2.md,
 * independently of the server and of @grpc/grpc-js (the real client of the other tests).
 */
import http2 from 'node:http2';

export interface GrpcAnswer {
  readonly httpStatus: number;
  readonly status: number;
  readonly message: string;
  /** response header metadata (Trailers-Only answers carry it with the status) */
  readonly headers: Record<string, string | string[] | undefined>;
  /** the response messages' bytes */
  readonly messages: Buffer[];
}

export async function grpcCall(port: number, path: string, request: Uint8Array, metadata: Record<string, string> = {}, rawBody?: Buffer): Promise<GrpcAnswer> {
  const session = http2.connect(`http://127.0.0.1:${port}`);
  try {
    return await new Promise<GrpcAnswer>((resolve, reject) => {
      session.on('error', reject);
      const stream = session.request({ ':method': 'POST', ':path': path, 'content-type': 'application/grpc', te: 'trailers', ...metadata });
      let headers: Record<string, string | string[] | undefined> = {};
      let trailers: Record<string, string | string[] | undefined> = {};
      const chunks: Buffer[] = [];
      stream.on('response', (h) => (headers = h as typeof headers));
      stream.on('trailers', (t) => (trailers = t as typeof trailers));
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', reject);
      stream.on('end', () => {
        const body = Buffer.concat(chunks);
        const messages: Buffer[] = [];
        for (let at = 0; at < body.length; ) {
          const len = body.readUInt32BE(at + 1);
          messages.push(body.subarray(at + 5, at + 5 + len));
          at += 5 + len;
        }
        const statusText = (trailers['grpc-status'] ?? headers['grpc-status']) as string | undefined;
        const msg = (trailers['grpc-message'] ?? headers['grpc-message'] ?? '') as string;
        resolve({ httpStatus: Number(headers[':status']), status: statusText === undefined ? -1 : Number(statusText), message: decodeURIComponent(msg), headers, messages });
      });
      if (rawBody) stream.end(rawBody);
      else {
        const head = Buffer.alloc(5);
        head.writeUInt32BE(request.length, 1);
        stream.end(Buffer.concat([head, request]));
      }
    });
  } finally {
    session.close();
  }
}
