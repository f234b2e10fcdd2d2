// The Go texts the consensus RPC repeats in its errors: encoding/json syntax errors, base64 and hex
// decoding errors, and Go's quoting. Expected strings are Go's (encoding/json scanner.go,
// encoding/base64 decodeQuantum, encoding/hex); decoded bytes are cross-checked with Node's Buffer.
import { describe, expect, it } from 'vitest';
import { GoDecodeError, goBase64Decode, goHexDecode } from '../../../src/api/rpc/go-bytes-text.ts';
import { GoJsonSyntaxError, readGoJson } from '../../../src/codec/go-json-reader.ts';
import { goQuoteChar, goQuoteString, goUnicodeVerb } from '../../../src/codec/go-quote.ts';

const syntaxError = (text: string | Uint8Array): string => {
  try {
    readGoJson(text);
  } catch (e) {
    expect(e).toBeInstanceOf(GoJsonSyntaxError);
    return (e as Error).message;
  }
  throw new Error(`expected a syntax error for ${String(text)}`);
};

describe('readGoJson: Go scanner messages', () => {
  it.each([
    ['', 'unexpected end of JSON input'],
    ['   ', 'unexpected end of JSON input'],
    ['{bad', "invalid character 'b' looking for beginning of object key string"],
    ['{"a":1,}', "invalid character '}' looking for beginning of object key string"],
    ['[1,]', "invalid character ']' looking for beginning of value"],
    ['{"a" 1}', "invalid character '1' after object key"],
    ['{"a":1 "b":2}', `invalid character '"' after object key:value pair`],
    ['[1 2]', "invalid character '2' after array element"],
    ['tru', 'unexpected end of JSON input'],
    ['trux', "invalid character 'x' in literal true (expecting 'e')"],
    ['fals0', "invalid character '0' in literal false (expecting 'e')"],
    ['nul1', "invalid character '1' in literal null (expecting 'l')"],
    ['01', "invalid character '1' after top-level value"],
    ['-x', "invalid character 'x' in numeric literal"],
    ['1.x', "invalid character 'x' after decimal point in numeric literal"],
    ['1ex', "invalid character 'x' in exponent of numeric literal"],
    ['1e+', 'unexpected end of JSON input'],
    ['"\\x"', "invalid character 'x' in string escape code"],
    ['"\\u12g4"', "invalid character 'g' in \\u hexadecimal character escape"],
    ['"a\nb"', "invalid character '\\n' in string literal"],
    ['{} {}', "invalid character '{' after top-level value"],
    ["'a'", "invalid character '\\'' looking for beginning of value"],
    ['\u0001', "invalid character '\\x01' looking for beginning of value"],
    ['{"a":1', 'unexpected end of JSON input'],
    ['"abc', 'unexpected end of JSON input'],
    ['x', "invalid character 'x' looking for beginning of value"],
  ])('%j → %s', (text, message) => {
    expect(syntaxError(text)).toBe(message);
  });

  it('stops at the nesting depth encoding/json allows', () => {
    expect(readGoJson('['.repeat(10000) + ']'.repeat(10000)).kind).toBe('array');
    expect(syntaxError('['.repeat(10001))).toBe("invalid character '[' exceeded max depth");
  });

  it('keeps the raw text of every value and decodes strings as Go does', () => {
    const node = readGoJson(' {"height": "5", "n" :12.50e1, "s":"a\\u00e9\\ud83d\\ude00\\ud800x", "arr":[ true ,null ]} ');
    expect(node.kind).toBe('object');
    if (node.kind !== 'object') return;
    expect(node.raw).toBe('{"height": "5", "n" :12.50e1, "s":"a\\u00e9\\ud83d\\ude00\\ud800x", "arr":[ true ,null ]}');
    expect(node.entries.map(([k, v]) => [k, v.raw])).toEqual([
      ['height', '"5"'],
      ['n', '12.50e1'],
      ['s', '"a\\u00e9\\ud83d\\ude00\\ud800x"'],
      ['arr', '[ true ,null ]'],
    ]);
    const s = node.entries[2]![1];
    expect(s.kind === 'string' && s.value).toBe('aé😀\ufffdx');
  });
});

describe('goBase64Decode: base64.StdEncoding', () => {
  it.each(['', 'AA==', 'AAE=', 'AAEC', '+/+/', 'aGVsbG8gd29ybGQ=', 'AA\r\nAA', 'AA\r\n=='])('decodes %j like Buffer', (text) => {
    expect(Buffer.from(goBase64Decode(Buffer.from(text)))).toEqual(Buffer.from(text, 'base64'));
  });

  it.each([
    ['A', 0],
    ['AAA', 0],
    ['AAAAA', 4],
    ['AB!D', 2],
    ['A===', 1],
    ['AA=A', 2],
    ['AA=', 3],
    ['AA==AA', 4],
    ['!!!!', 0],
  ])('%j fails at input byte %i', (text, offset) => {
    expect(() => goBase64Decode(Buffer.from(text))).toThrow(new GoDecodeError(`illegal base64 data at input byte ${offset}`));
  });
});

describe('goHexDecode: hex.DecodeString', () => {
  it('decodes either case', () => {
    expect(Buffer.from(goHexDecode('0aFf10')).toString('hex')).toBe('0aff10');
    expect(goHexDecode('').length).toBe(0);
  });
  it.each([
    ['zz', "encoding/hex: invalid byte: U+007A 'z'"],
    ['0g', "encoding/hex: invalid byte: U+0067 'g'"],
    ['abc', 'encoding/hex: odd length hex string'],
    ['abz', "encoding/hex: invalid byte: U+007A 'z'"],
    ['a\n', 'encoding/hex: invalid byte: U+000A'],
  ])('%j → %s', (text, message) => {
    expect(() => goHexDecode(text)).toThrow(message);
  });
});

describe('Go quoting', () => {
  it('strconv.Quote', () => {
    expect(goQuoteString('5')).toBe('"5"');
    expect(goQuoteString('{"a":1}')).toBe('"{\\"a\\":1}"');
    expect(goQuoteString('a\\b\n\u0001é')).toBe('"a\\\\b\\n\\x01é"');
  });
  it('quoteChar and %#U', () => {
    expect(goQuoteChar(0x27)).toBe("'\\''");
    expect(goQuoteChar(0x22)).toBe(`'"'`);
    expect(goQuoteChar(0x5c)).toBe("'\\\\'");
    expect(goQuoteChar(0x09)).toBe("'\\t'");
    expect(goQuoteChar(0x85)).toBe("'\\u0085'");
    expect(goQuoteChar(0xe9)).toBe("'é'");
    expect(goUnicodeVerb(0x67)).toBe("U+0067 'g'");
    expect(goUnicodeVerb(0x0a)).toBe('U+000A');
  });
});
