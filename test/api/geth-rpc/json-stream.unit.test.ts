/**
 * The JSON framing of the IPC stream and the HTTP body: where a value ends in any chunking, and
 * Go's scanner texts for syntax errors (what the node sends back as -32700 over IPC).
 */
import { describe, expect, it } from 'vitest';
import { compactJson, firstJsonValue, JsonValueScanner, rawArrayElements, rawObjectMembers } from '../../../src/api/geth-rpc/json-stream.ts';

/** Frames a whole stream fed one byte at a time: the values' texts, and the error that stopped it. */
function frameBytewise(text: string): { values: string[]; error?: string } {
  const bytes = Buffer.from(text);
  const values: string[] = [];
  const scanner = new JsonValueScanner();
  let start = 0;
  let i = 0;
  while (i < bytes.length) {
    const r = scanner.feed(bytes.subarray(i, i + 1));
    if (r.kind === 'error') return { values, error: r.message };
    if (r.kind === 'value') {
      values.push(bytes.subarray(start, start + r.end).toString().trim());
      start += r.end;
      i = start;
      scanner.reset();
    } else i++;
  }
  const f = scanner.finish();
  if (f.kind === 'value') values.push(bytes.subarray(start, start + f.end).toString().trim());
  if (f.kind === 'unexpected-eof') return { values, error: 'unexpected EOF' };
  return { values };
}

describe('JsonValueScanner', () => {
  it('splits a stream into values whatever the chunking', () => {
    expect(frameBytewise('{"a":[1,2,{"b":"x\\"}"}]} [] 12 -0.5e+3 "s" true null{}')).toEqual({
      values: ['{"a":[1,2,{"b":"x\\"}"}]}', '[]', '12', '-0.5e+3', '"s"', 'true', 'null', '{}'],
    });
    // like Go's decoder, 01 is two values
    expect(frameBytewise('01')).toEqual({ values: ['0', '1'] });
    expect(frameBytewise('{"a":')).toEqual({ values: [], error: 'unexpected EOF' });
  });

  it('reports Go\'s syntax error texts', () => {
    const err = (text: string): string | undefined => frameBytewise(text).error;
    expect(err('}')).toBe("invalid character '}' looking for beginning of value");
    expect(err('{1:2}')).toBe("invalid character '1' looking for beginning of object key string");
    expect(err('{"a" 1}')).toBe("invalid character '1' after object key");
    expect(err('{"a":1 "b":2}')).toBe('invalid character \'"\' after object key:value pair');
    expect(err('[1 2]')).toBe("invalid character '2' after array element");
    expect(err('[1x]')).toBe("invalid character 'x' after array element");
    expect(err('"a\u0001"')).toBe("invalid character '\\x01' in string literal");
    expect(err('"\\q"')).toBe("invalid character 'q' in string escape code");
    expect(err('"\\u12g4"')).toBe("invalid character 'g' in \\u hexadecimal character escape");
    expect(err('-x')).toBe("invalid character 'x' in numeric literal");
    expect(err('1.e5')).toBe("invalid character 'e' after decimal point in numeric literal");
    expect(err('1e+')).toBe('unexpected EOF');
    expect(err('[1e+]')).toBe("invalid character ']' in exponent of numeric literal");
    expect(err('nul!')).toBe("invalid character '!' in literal null (expecting 'l')");
    expect(err('fals')).toBe('unexpected EOF');
    expect(err("'x'")).toBe("invalid character '\\'' looking for beginning of value");
    expect(err('\\')).toBe("invalid character '\\\\' looking for beginning of value");
    expect(err('\t\n x')).toBe("invalid character 'x' looking for beginning of value");
  });
});

describe('firstJsonValue (an HTTP body)', () => {
  it('takes the first value and ignores the rest', () => {
    expect(firstJsonValue(Buffer.from(' {"a":1} junk'))).toEqual({ kind: 'value', text: '{"a":1}' });
    expect(firstJsonValue(Buffer.from('  '))).toEqual({ kind: 'eof' });
    expect(firstJsonValue(Buffer.from('42'))).toEqual({ kind: 'value', text: '42' });
    expect(firstJsonValue(Buffer.from('{'))).toEqual({ kind: 'error', message: 'unexpected EOF' });
    expect(firstJsonValue(Buffer.from('x'))).toEqual({ kind: 'error', message: "invalid character 'x' looking for beginning of value" });
  });
});

describe('raw members', () => {
  it('keeps each member\'s text as sent', () => {
    expect(rawObjectMembers('{ "id" : 1.50 , "p\\"q":[1, {"a":"]"}], "s":"x,y" }')).toEqual([
      ['id', '1.50'],
      ['p"q', '[1, {"a":"]"}]'],
      ['s', '"x,y"'],
    ]);
    expect(rawArrayElements('[ {"a":[1,2]} ,null,"]",-1e3 ]')).toEqual(['{"a":[1,2]}', 'null', '"]"', '-1e3']);
    expect(rawArrayElements('[ ]')).toEqual([]);
    expect(compactJson('{ "a b" : [ 1 , 2 ] }')).toBe('{"a b":[1,2]}');
  });
});
