// Method arguments and the JSON-RPC envelope as CometBFT 0.37 decodes them: libs/json for
// JSON-RPC params (64-bit integers as strings, base64 []byte, hex HexBytes), the URI rules of
// http_uri_handler.go, and RPCRequest's id handling, with CometBFT's error texts.
import { describe, expect, it } from 'vitest';
import { errorText, parseRequests, RpcError, successText } from '../../../src/api/rpc/jsonrpc.ts';
import { decodeJsonParam, decodeJsonParams, decodeUriParam, P, ParamError, type ParamSpec } from '../../../src/api/rpc/params.ts';
import { readGoJson } from '../../../src/codec/go-json-reader.ts';
import { firstValue, parseGoQuery } from '../../../src/api/rpc/uri-query.ts';

const paramError = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(ParamError);
    return (e as Error).message;
  }
  throw new Error('expected a ParamError');
};

describe('JSON-RPC params (libs/json)', () => {
  it('decodes each Go type from its raw JSON', () => {
    expect(decodeJsonParam(P.int64Ptr, '"5"')).toBe(5n);
    expect(decodeJsonParam(P.int64Ptr, 'null')).toBeUndefined();
    // the text inside the quotes goes to encoding/json: "null" is a pointer to 0, not a nil pointer
    expect(decodeJsonParam(P.int64Ptr, '"null"')).toBe(0n);
    expect(decodeJsonParam(P.int64, '"-9223372036854775808"')).toBe(-(2n ** 63n));
    expect(decodeJsonParam(P.uint, '"18446744073709551615"')).toBe(2n ** 64n - 1n);
    expect(decodeJsonParam(P.string, '"a\\"b"')).toBe('a"b');
    expect(decodeJsonParam(P.bool, 'true')).toBe(true);
    expect(Buffer.from(decodeJsonParam(P.tx, '"aGk="') as Uint8Array).toString()).toBe('hi');
    expect(Array.from(decodeJsonParam(P.bytes, '[1,255]') as Uint8Array)).toEqual([1, 255]);
    expect(Buffer.from(decodeJsonParam(P.hexBytes, '"0aFF"') as Uint8Array).toString('hex')).toBe('0aff');
  });

  it.each([
    [P.int64Ptr, '5', 'invalid 64-bit integer encoding "5", expected string'],
    [P.int64Ptr, '{"a":1}', 'invalid 64-bit integer encoding "{\\"a\\":1}", expected string'],
    [P.int64Ptr, '"abc"', "invalid character 'a' looking for beginning of value"],
    [P.int64Ptr, '""', 'unexpected end of JSON input'],
    [P.int64Ptr, '"1.5"', 'json: cannot unmarshal number 1.5 into Go value of type int64'],
    [P.int64Ptr, '"9223372036854775808"', 'json: cannot unmarshal number 9223372036854775808 into Go value of type int64'],
    [P.intPtr, '"true"', 'json: cannot unmarshal bool into Go value of type int'],
    [P.uint, '"-1"', 'json: cannot unmarshal number -1 into Go value of type uint'],
    [P.string, '5', 'json: cannot unmarshal number into Go value of type string'],
    [P.string, '{}', 'json: cannot unmarshal object into Go value of type string'],
    [P.bool, '"true"', 'json: cannot unmarshal string into Go value of type bool'],
    [P.bool, '1', 'json: cannot unmarshal number into Go value of type bool'],
    [P.tx, '"!!!!"', 'illegal base64 data at input byte 0'],
    [P.tx, '12', 'json: cannot unmarshal number into Go value of type types.Tx'],
    [P.bytes, 'true', 'json: cannot unmarshal bool into Go value of type []uint8'],
    [P.bytes, '[256]', 'json: cannot unmarshal number 256 into Go value of type uint8'],
    [P.hexBytes, '12', 'invalid hex string: 12'],
    [P.hexBytes, '"zz"', "encoding/hex: invalid byte: U+007A 'z'"],
    [P.hexBytes, '"abc"', 'encoding/hex: odd length hex string'],
  ])('%o %s → %s', (type, raw, message) => {
    expect(paramError(() => decodeJsonParam(type, raw))).toBe(message);
  });

  const specs: ParamSpec[] = [
    { name: 'height', type: P.int64Ptr },
    { name: 'prove', type: P.bool },
  ];

  it('takes params by name (unknown names ignored) or by position', () => {
    expect(decodeJsonParams(specs, readGoJson('{"height":"7","extra":1}'))).toEqual([7n, false]);
    expect(decodeJsonParams(specs, readGoJson('["7", true]'))).toEqual([7n, true]);
    expect(decodeJsonParams(specs, readGoJson('null'))).toEqual([undefined, false]);
    expect(decodeJsonParams(specs, undefined)).toEqual([undefined, false]);
  });

  it('names a wrong count or a params value that is neither map nor array', () => {
    expect(paramError(() => decodeJsonParams(specs, readGoJson('["7"]')))).toBe('expected 2 parameters ([height prove]), got 1 ([[34 55 34]])');
    expect(paramError(() => decodeJsonParams(specs, readGoJson('[]')))).toBe('expected 2 parameters ([height prove]), got 0 ([])');
    expect(paramError(() => decodeJsonParams(specs, readGoJson('"x"')))).toBe(
      'unknown type for JSON params: json: cannot unmarshal string into Go value of type []json.RawMessage. Expected map or array',
    );
  });
});

describe('URI arguments (nonJSONStringToArg)', () => {
  it('reads bare integers, quoted strings, 0x hex and JSON', () => {
    expect(decodeUriParam(P.int64Ptr, '')).toBeUndefined();
    expect(decodeUriParam(P.int64Ptr, '22')).toBe(22n);
    expect(decodeUriParam(P.int64Ptr, '-10')).toBe(-10n);
    expect(decodeUriParam(P.int64Ptr, '"7"')).toBe(7n);
    expect(decodeUriParam(P.int64Ptr, 'null')).toBeUndefined();
    expect(decodeUriParam(P.string, '"john"')).toBe('john');
    expect(decodeUriParam(P.string, '0x6a6f686e')).toBe('john');
    expect(decodeUriParam(P.bool, 'true')).toBe(true);
    expect(Buffer.from(decodeUriParam(P.tx, '0xABCD') as Uint8Array).toString('hex')).toBe('abcd');
    // a quoted string is taken as the bytes of its text
    expect(Buffer.from(decodeUriParam(P.bytes, '"ab"') as Uint8Array).toString()).toBe('ab');
    expect(Buffer.from(decodeUriParam(P.hexBytes, '0x0a') as Uint8Array).toString('hex')).toBe('0a');
  });

  it.each([
    [P.string, 'bob', "invalid character 'b' looking for beginning of value"],
    [P.string, '7', 'json: cannot unmarshal number into Go value of type string'],
    [P.int64Ptr, 'abc', 'invalid 64-bit integer encoding "abc", expected string'],
    [P.int64Ptr, '0x10', "got a hex string arg, but expected 'int64'"],
    [P.bool, '0x1', "got a hex string arg, but expected 'bool'"],
    [P.int64Ptr, '99999999999999999999', 'json: cannot unmarshal number 99999999999999999999 into Go value of type int64'],
    [P.tx, '0xZZ', "encoding/hex: invalid byte: U+005A 'Z'"],
    [P.tx, 'AAAA', "invalid character 'A' looking for beginning of value"],
    [P.hexBytes, 'ABCD', 'invalid hex string: ABCD'],
  ])('%o %s → %s', (type, arg, message) => {
    expect(paramError(() => decodeUriParam(type, arg))).toBe(message);
  });

  it('splits query strings as Go does', () => {
    const q = parseGoQuery('height=5&height=6&query=%22tx.height%3D5%22&a+b=c+d&bad=%zz&semi=1;x=2&=&empty');
    expect(firstValue(q, 'height')).toBe('5');
    expect(firstValue(q, 'query')).toBe('"tx.height=5"');
    expect(firstValue(q, 'a b')).toBe('c d');
    expect(q.has('bad')).toBe(false);
    expect(q.has('semi')).toBe(false);
    expect(firstValue(q, 'empty')).toBe('');
    expect(firstValue(q, 'missing')).toBe('');
  });
});

describe('JSON-RPC envelope', () => {
  const parseError = (body: string): RpcError => {
    try {
      parseRequests(Buffer.from(body));
    } catch (e) {
      expect(e).toBeInstanceOf(RpcError);
      return e as RpcError;
    }
    throw new Error('expected a parse error');
  };
  const REQUEST_STRUCT = 'struct { JSONRPC string "json:\\"jsonrpc\\""; ID interface {} "json:\\"id,omitempty\\""; Method string "json:\\"method\\""; Params json.RawMessage "json:\\"params\\"" }';

  it('reads ids as CometBFT does: strings, numbers truncated, missing or null = notification', () => {
    const reqs = parseRequests(Buffer.from('[{"id":"abc","method":"status"},{"id":1.7,"method":"a"},{"id":-3,"method":"b"},{"method":"c"},{"id":null,"method":"d"},null,{"ID":7,"METHOD":"e"}]'));
    expect(reqs.map((r) => [r.id, r.method])).toEqual([
      ['abc', 'status'],
      [1n, 'a'],
      [-3n, 'b'],
      [undefined, 'c'],
      [undefined, 'd'],
      [undefined, ''],
      [7n, 'e'],
    ]);
    expect(parseRequests(Buffer.from('null'))).toEqual([]);
    expect(parseRequests(Buffer.from('{"id":1e300,"method":"x"}'))[0]!.id).toBe(-(2n ** 63n));
  });

  it('gives CometBFT parse errors', () => {
    expect(parseError('{bad').data).toBe("error unmarshaling request: invalid character 'b' looking for beginning of object key string");
    expect(parseError('{"id":true,"method":"status"}').data).toBe('error unmarshaling request: json-rpc ID (true) is of unknown type (bool)');
    expect(parseError('{"id":{"b":[1,2.5],"a":"x"}}').data).toBe('error unmarshaling request: json-rpc ID (map[a:x b:[1 2.5]]) is of unknown type (map[string]interface {})');
    expect(parseError('{"id":1,"method":5}').data).toBe('error unmarshaling request: json: cannot unmarshal number into Go struct field .method of type string');
    expect(parseError('5').data).toBe(`error unmarshaling request: json: cannot unmarshal number into Go value of type ${REQUEST_STRUCT}`);
    expect(parseError('[{"id":1,"method":"status"},7]').data).toBe(`error unmarshaling request: json: cannot unmarshal array into Go value of type ${REQUEST_STRUCT}`);
    const e = parseError('[');
    expect([e.code, e.rpcMessage, e.data]).toEqual([-32700, 'Parse error. Invalid JSON', 'error unmarshaling request: unexpected end of JSON input']);
  });

  it('writes responses with Go escaping, id omitted when absent and data omitted when empty', () => {
    expect(successText(5n, { log: 'a<b>&c' })).toBe('{"jsonrpc":"2.0","id":5,"result":{"log":"a\\u003cb\\u003e\\u0026c"}}');
    expect(successText('x"y', null)).toBe('{"jsonrpc":"2.0","id":"x\\"y","result":null}');
    expect(errorText(1n, RpcError.methodNotFound())).toBe('{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}');
    expect(errorText(undefined, RpcError.internal('tx (AB) not found'))).toBe(
      '{"jsonrpc":"2.0","error":{"code":-32603,"message":"Internal error","data":"tx (AB) not found"}}',
    );
  });
});
