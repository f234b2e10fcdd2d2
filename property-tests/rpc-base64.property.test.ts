/**
 * A `[]byte` argument of the consensus RPC (a tx in `broadcast_tx_*`) decodes natively when it is
 * plain padded base64 (src/api/rpc/params.ts): the same bytes as Go's decoder, which still answers
 * everything else (newlines, bad padding, stray characters) with its own errors.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeJsonParam, P } from '../src/api/rpc/params.ts';
import { goBase64Decode } from '../src/api/rpc/go-bytes-text.ts';

const goDecode = (text: string): Uint8Array | string => {
  try {
    return goBase64Decode(new TextEncoder().encode(text));
  } catch (e) {
    return (e as Error).message;
  }
};
const rpcDecode = (text: string): Uint8Array | string => {
  try {
    return decodeJsonParam(P.tx, JSON.stringify(text)) as Uint8Array;
  } catch (e) {
    return (e as Error).message;
  }
};
const same = (a: Uint8Array | string, b: Uint8Array | string) => (typeof a === 'string' || typeof b === 'string' ? a === b : Buffer.from(a).equals(Buffer.from(b)));

describe('the RPC bytes argument', () => {
  it('decodes base64 of any bytes as Go does', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => {
        const text = Buffer.from(bytes).toString('base64');
        const got = rpcDecode(text);
        expect(typeof got).not.toBe('string');
        expect(Buffer.from(got as Uint8Array).equals(Buffer.from(bytes))).toBe(true);
        expect(same(got, goDecode(text))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('answers any text from the base64 alphabet, padding and newlines as Go does (bytes or error)', () => {
    const ch = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.split(''), '=', '=', '\n', '\r', '-', '_');
    fc.assert(
      fc.property(fc.array(ch, { maxLength: 40 }).map((a) => a.join('')), (text) => {
        const got = rpcDecode(text);
        const go = goDecode(text);
        if (typeof go === 'string') expect(typeof got).toBe('string');
        else expect(same(got, go)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});
