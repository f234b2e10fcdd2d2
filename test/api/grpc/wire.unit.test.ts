/**
 * gRPC wire pieces (grpc/doc/PROTOCOL-HTTP2.md): the length-prefixed message framing and the
 * percent-encoding of `grpc-message` (bytes outside 0x20–0x7E and `%` are escaped, UTF-8 first).
 */
import { describe, expect, it } from 'vitest';
import { decodeFrames, encodeFrame } from '../../../src/api/grpc/frames.ts';
import { decodeGrpcMessage, encodeGrpcMessage } from '../../../src/api/grpc/status.ts';

describe('framing', () => {
  it('a frame is flag 0, big-endian length, message', () => {
    expect(encodeFrame(new Uint8Array([7, 8, 9])).toString('hex')).toBe('0000000003070809');
    expect(encodeFrame(new Uint8Array(0)).toString('hex')).toBe('0000000000');
  });

  it('a body splits into its frames, the compressed flag kept', () => {
    const body = Buffer.from('000000000207080100000001ff', 'hex');
    expect(decodeFrames(body).map((f) => [f.compressed, f.message.toString('hex')])).toEqual([
      [false, '0708'],
      [true, 'ff'],
    ]);
  });

  it('truncated frames are named', () => {
    expect(() => decodeFrames(Buffer.from('000000', 'hex'))).toThrow('truncated gRPC frame header: 3 of 5 bytes');
    expect(() => decodeFrames(Buffer.from('000000000501', 'hex'))).toThrow('truncated gRPC message: 1 of 5 bytes');
  });
});

describe('grpc-message', () => {
  it('escapes %, control bytes and non-ASCII as UTF-8 bytes', () => {
    expect(encodeGrpcMessage('a%b\nc')).toBe('a%25b%0Ac');
    expect(encodeGrpcMessage('café ✓')).toBe('caf%C3%A9 %E2%9C%93');
    expect(encodeGrpcMessage('account st1x not found')).toBe('account st1x not found');
  });

  it('decodes what it encodes, and as decodeURIComponent does', () => {
    for (const text of ['a%b\nc', 'café ✓', 'unknown service x.Y', '"quoted" 100%']) {
      expect(decodeGrpcMessage(encodeGrpcMessage(text))).toBe(text);
      expect(decodeURIComponent(encodeGrpcMessage(text))).toBe(text);
    }
  });
});
