/**
 * A leading byte order mark (U+FEFF) is a character of a string, as in Go: kept by the proto
 * decoder (a memo, a proposal title), the Go JSON reader (RPC params) and the REST path reader,
 * where a default TextDecoder drops it.
 */
import { describe, expect, it } from 'vitest';
import { codec } from '../../src/codec/index.ts';
import { readGoJson } from '../../src/codec/go-json-reader.ts';
import { pathComponents } from '../../src/api/rest/route.ts';

const BOM = '\uFEFF';

describe('a leading U+FEFF', () => {
  it('survives a proto round trip', () => {
    const bytes = codec.encode('sdk.tx.v1beta1.TxBody', { memo: `${BOM}hi`, messages: [] });
    expect(Buffer.from(bytes).subarray(2, 5)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect((codec.decode('sdk.tx.v1beta1.TxBody', bytes) as { memo: string }).memo).toBe(`${BOM}hi`);
  });

  it('is kept in a JSON string and in a REST path segment', () => {
    const node = readGoJson(`{"a":"${BOM}x"}`);
    expect(node.kind === 'object' && node.entries[0]![1].kind === 'string' ? node.entries[0]![1].value : undefined).toBe(`${BOM}x`);
    expect(pathComponents('/a/%EF%BB%BFb')).toEqual(['a', `${BOM}b`]);
  });
});
