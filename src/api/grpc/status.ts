/**
 * gRPC statuses on the wire: the `grpc-status` / `grpc-message` trailers, the message
 * percent-encoded as grpc/doc/PROTOCOL-HTTP2.md says (bytes outside 0x20–0x7E and `%` itself).
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

export function encodeGrpcMessage(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    out += byte >= 0x20 && byte <= 0x7e && byte !== 0x25 ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

export function decodeGrpcMessage(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '%' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(text.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}
