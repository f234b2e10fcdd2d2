/** The path gateway's content sniffing (src/gateway/path-gateway.ts `sniffContentType`). */
import { describe, expect, it } from 'vitest';
import { sniffContentType } from '../../src/gateway/path-gateway.ts';

describe('sniffContentType', () => {
  it.each([
    ['PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), 'image/png'],
    ['JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'],
    ['GIF', Buffer.from('GIF89a'), 'image/gif'],
    ['PDF', Buffer.from('%PDF-1.7'), 'application/pdf'],
    ['HTML after blanks', Buffer.from('\n  <!DOCTYPE HTML><p>'), 'text/html; charset=utf-8'],
    ['UTF-8 text', Buffer.from('grüße\n'), 'text/plain; charset=utf-8'],
    ['UTF-8 text cut in a character', Buffer.from('grü').subarray(0, 3), 'text/plain; charset=utf-8'],
    ['control bytes', Buffer.from([0x41, 0x00, 0x42]), 'application/octet-stream'],
    ['not UTF-8', Buffer.from([0x41, 0xff, 0x42]), 'application/octet-stream'],
  ])('%s', (_name, bytes, type) => {
    expect(sniffContentType(bytes)).toBe(type);
  });
});
