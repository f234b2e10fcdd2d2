/**
 * gRPC's message framing on HTTP/2 (grpc/doc/PROTOCOL-HTTP2.md "Length-Prefixed-Message"): a
 * 1-byte compressed flag, a 4-byte big-endian length, then the message bytes.
 */

/** grpc-go's default `MaxRecvMsgSize` (4 MiB), which the SDK's gRPC server keeps. */
export const DEFAULT_MAX_RECV_MSG_SIZE = 4 * 1024 * 1024;

export interface GrpcFrame {
  readonly compressed: boolean;
  readonly message: Buffer;
}

export function encodeFrame(message: Uint8Array): Buffer {
  const head = Buffer.alloc(5);
  head.writeUInt8(0, 0);
  head.writeUInt32BE(message.length, 1);
  return Buffer.concat([head, message]);
}

/** Splits a complete body into frames; a truncated frame is an Error naming how many bytes are missing. */
export function decodeFrames(body: Buffer): GrpcFrame[] {
  const frames: GrpcFrame[] = [];
  let at = 0;
  while (at < body.length) {
    if (body.length - at < 5) throw new Error(`truncated gRPC frame header: ${body.length - at} of 5 bytes`);
    const flag = body.readUInt8(at);
    const length = body.readUInt32BE(at + 1);
    if (body.length - at - 5 < length) throw new Error(`truncated gRPC message: ${body.length - at - 5} of ${length} bytes`);
    frames.push({ compressed: flag === 1, message: body.subarray(at + 5, at + 5 + length) });
    at += 5 + length;
  }
  return frames;
}
