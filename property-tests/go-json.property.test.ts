/**
 * Go's JSON strings (src/codec/go-json.ts `goQuote`, behind every RPC, REST and amino sign-bytes
 * text): for any UTF-16 text, the JSON reads back as the text with lone surrogates replaced by
 * U+FFFD (Go writes UTF-8), and `<`, `>`, `&`, U+2028, U+2029 and control characters never appear raw.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goQuote } from '../src/codec/go-json.ts';

const wellFormed = (s: string) => s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

describe('goQuote', () => {
  it('reads back as the text, with nothing Go escapes left raw', () => {
    const special = fc.constantFrom('<', '>', '&', '"', '\\', '\n', '\r', '\t', '\u0000', '\u001f', '\u2028', '\u2029', '\ud83d\ude00', '\ud800', '\udc00', 'a', 'é');
    const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), fc.array(special, { maxLength: 30 }).map((a) => a.join('')), fc.string({ maxLength: 60 }));
    fc.assert(
      fc.property(text, (s) => {
        const q = goQuote(s);
        expect(JSON.parse(q)).toBe(wellFormed(s));
        expect(q.slice(1, -1)).not.toMatch(/[<>&\u2028\u2029\u0000-\u001f]/);
      }),
      { numRuns: 3000 },
    );
  });
});
