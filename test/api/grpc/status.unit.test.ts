/**
 * The size rule of gRPC status messages: a message whose percent-encoded form (as grpc-js sends
 * `grpc-message`) fits the limit is kept; a longer one keeps its start, cut at a character, and
 * ends with a marker giving its full size in UTF-8 bytes, the whole within the limit.
 */
import { describe, expect, it } from 'vitest';
import { fitStatusMessage, MAX_STATUS_MESSAGE_BYTES } from '../../../src/api/grpc/status.ts';

describe('fitStatusMessage', () => {
  it('keeps a message that fits, up to the limit exactly', () => {
    expect(fitStatusMessage('account st1x not found')).toBe('account st1x not found');
    expect(fitStatusMessage('a'.repeat(MAX_STATUS_MESSAGE_BYTES))).toBe('a'.repeat(MAX_STATUS_MESSAGE_BYTES));
    expect(MAX_STATUS_MESSAGE_BYTES).toBe(7168);
  });

  it('cuts a longer one and says how long it was', () => {
    // the marker is 48 bytes encoded ("…" is %E2%80%A6, each space %20)
    const marker = '… (truncated: 60 bytes in all)';
    expect(encodeURI(marker).length).toBe(48);
    expect(fitStatusMessage('x'.repeat(60), 59)).toBe(`${'x'.repeat(11)}${marker}`);
    expect(encodeURI(fitStatusMessage('x'.repeat(60), 59)).length).toBe(59);
  });

  it('counts the encoded size: spaces and non-ASCII take three bytes each, and a character is never split', () => {
    const text = 'é'.repeat(40); // 80 UTF-8 bytes, 240 encoded
    const cut = fitStatusMessage(text, 70);
    expect(cut).toBe('ééé… (truncated: 80 bytes in all)');
    expect(encodeURI(cut).length).toBe(66);
    expect(fitStatusMessage(' '.repeat(29), 87)).toBe(' '.repeat(29));
    expect(fitStatusMessage(' '.repeat(30), 87)).toBe(`${' '.repeat(13)}… (truncated: 30 bytes in all)`);
  });

  it('a 64 KB echo becomes a message within the limit', () => {
    const message = `tx not found: ${'AB'.repeat(32 * 1024)}`;
    const cut = fitStatusMessage(message);
    // 'tx not found: ' is 20 bytes encoded, the marker 51: 7097 hex digits of the hash are kept
    expect(cut).toBe(`tx not found: ${message.slice(14, 14 + 7097)}… (truncated: 65550 bytes in all)`);
    expect(encodeURI(cut).length).toBe(MAX_STATUS_MESSAGE_BYTES);
  });
});
