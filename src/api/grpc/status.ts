/**
 * gRPC statuses of the node's gRPC server: the error a method fails with, and the size rule of
 * the status message.
 *
 * The message travels percent-encoded in the `grpc-message` trailer. grpc-go (and so the SDK's
 * server) sends it whole, however long; a client refuses trailers larger than its header-list
 * limit and sees the call reset (`Received RST_STREAM`) instead of its status.
 * grpc/doc/PROTOCOL-HTTP2.md suggests 8 KiB as a client's default limit (clients on gRPC's C core
 * keep limits of that order; grpc-go's is 16 MiB, and @grpc/grpc-js took a 64 KB message). A
 * message that echoes a large input (a 64 KB hash in `tx not found: …`) is therefore cut here so
 * that its encoded form stays within `MAX_STATUS_MESSAGE_BYTES`, and says so:
 * `<start of the text>… (truncated: <n> bytes in all)`. Shorter messages are sent as they are.
 */
import { GRPC_CODES } from '../rest/gateway-error.ts';

export { GRPC_CODES };

export class GrpcCallError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'GrpcCallError';
  }
}

/** Largest `grpc-message` value sent, after percent-encoding: 7 KiB, leaving room under 8 KiB for the other trailers. */
export const MAX_STATUS_MESSAGE_BYTES = 7 * 1024;

/**
 * The encoding grpc-js applies to `grpc-message` (JavaScript `encodeURI`; a lone surrogate, which
 * encodeURI refuses, counts as the three bytes of U+FFFD).
 */
function encodedLength(text: string): number {
  try {
    return encodeURI(text).length;
  } catch {
    return 9;
  }
}

/** The status message as sent: unchanged when it fits, otherwise its start and the marker. */
export function fitStatusMessage(message: string, limit = MAX_STATUS_MESSAGE_BYTES): string {
  if (encodedLength(message) <= limit) return message;
  const marker = `… (truncated: ${Buffer.byteLength(message, 'utf8')} bytes in all)`;
  let room = limit - encodedLength(marker);
  let end = 0;
  for (const ch of message) {
    const n = encodedLength(ch);
    if (n > room) break;
    room -= n;
    end += ch.length;
  }
  return message.slice(0, end) + marker;
}
