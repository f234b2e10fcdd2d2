/**
 * Given path and query parameters, the gateway fills request messages as grpc-gateway v1.16 does:
 * dotted field paths by proto or JSON name, repeated keys, base-0 integers, enums by name or
 * number, path parameters winning over query keys, unknown keys ignored, Go error texts.
 */
import { describe, expect, it } from 'vitest';
import { codec } from '../../../src/codec/index.ts';
import { groupQuery, parseGoQuery, populateQueryParameters, setPathParameter } from '../../../src/api/rest/request-fields.ts';
import type { ProtoObject } from '../../../src/codec/registry.ts';

function fill(typeName: string, query: [string, string][], path: Record<string, string> = {}): ProtoObject {
  const type = codec.lookupType(typeName);
  const req = codec.create(typeName);
  for (const [k, v] of Object.entries(path)) setPathParameter(codec, type, req, k, v);
  populateQueryParameters(codec, type, req, groupQuery(query), new Set(Object.keys(path)));
  return req;
}

describe('populateQueryParameters', () => {
  it('fills pagination by field path, proto or JSON names, and ignores unknown keys', () => {
    const req = fill(
      'sdk.bank.v1beta1.QueryAllBalancesRequest',
      [
        ['pagination.limit', '0x10'],
        ['pagination.countTotal', 'true'],
        ['pagination.key', 'AQID'],
        ['pagination.reverse', 'T'],
        ['address', 'st1ignored'],
        ['no_such_field', 'x'],
        ['pagination.no_such_field', 'x'],
      ],
      { address: 'st1frompath' },
    );
    expect(req.address).toBe('st1frompath');
    expect(req.pagination).toEqual({ key: new Uint8Array([1, 2, 3]), offset: 0n, limit: 16n, count_total: true, reverse: true });
  });

  it('a singular field takes the first of repeated values; a repeated field takes them all', () => {
    expect((fill('sdk.bank.v1beta1.QuerySupplyOfRequest', [['denom', 'wei'], ['denom', 'gwei']]) as { denom: string }).denom).toBe('wei');
    expect(fill('sdk.bank.v1beta1.QuerySendEnabledRequest', [['denoms', 'wei'], ['denoms', 'gwei']]).denoms).toEqual(['wei', 'gwei']);
  });

  it('enums by name or number', () => {
    expect(fill('sdk.tx.v1beta1.GetTxsEventRequest', [['order_by', 'ORDER_BY_DESC']]).order_by).toBe(2);
    expect(fill('sdk.tx.v1beta1.GetTxsEventRequest', [['order_by', '1']]).order_by).toBe(1);
    expect(() => fill('sdk.tx.v1beta1.GetTxsEventRequest', [['order_by', '7']])).toThrow('7 is not a valid tx.OrderBy');
    expect(() => fill('sdk.tx.v1beta1.GetTxsEventRequest', [['order_by', 'DESC']])).toThrow('DESC is not a valid tx.OrderBy');
  });

  it('fails with the Go texts for bad values and paths', () => {
    expect(() => fill('sdk.bank.v1beta1.QueryTotalSupplyRequest', [['pagination.limit', 'abc']])).toThrow('strconv.ParseUint: parsing "abc": invalid syntax');
    expect(() => fill('sdk.bank.v1beta1.QueryTotalSupplyRequest', [['pagination.count_total', 'yes']])).toThrow('strconv.ParseBool: parsing "yes": invalid syntax');
    expect(() => fill('sdk.bank.v1beta1.QueryTotalSupplyRequest', [['pagination.key', 'AQ']])).toThrow('illegal base64 data at input byte 0');
    expect(() => fill('sdk.bank.v1beta1.QueryTotalSupplyRequest', [['pagination.limit.x', '1']])).toThrow('unexpected nested field x in pagination.limit');
    expect(() => fill('sdk.tx.v1beta1.GetTxsEventRequest', [['events.x', 'a']])).toThrow('unexpected repeated field in events.x');
  });

  it('path parameters fail as type mismatches naming the parameter', () => {
    const type = codec.lookupType('sdk.auth.v1beta1.QueryAccountAddressByIDRequest');
    const req = codec.create('sdk.auth.v1beta1.QueryAccountAddressByIDRequest');
    setPathParameter(codec, type, req, 'id', '0x0');
    expect(req.id).toBe(0n);
    expect(() => setPathParameter(codec, type, req, 'id', 'abc')).toThrow('type mismatch, parameter: id, error: strconv.ParseInt: parsing "abc": invalid syntax');
  });
});

describe('parseGoQuery (url.ParseQuery)', () => {
  it('splits on &, unescapes %XX and +, keeps empty values and repeated keys', () => {
    expect(parseGoQuery('a=1&b=x+y&b=%2Fz&c&&d=')).toEqual({ entries: [['a', '1'], ['b', 'x y'], ['b', '/z'], ['c', ''], ['d', '']] });
    expect(parseGoQuery('')).toEqual({ entries: [] });
  });

  it('reports bad escapes and semicolons, keeping the good pairs', () => {
    expect(parseGoQuery('a=%zz&b=1')).toEqual({ entries: [['b', '1']], error: 'invalid URL escape "%zz"' });
    expect(parseGoQuery('a=%4')).toEqual({ entries: [], error: 'invalid URL escape "%4"' });
    expect(parseGoQuery('a=1;b=2&c=3')).toEqual({ entries: [['c', '3']], error: 'invalid semicolon separator in query' });
  });
});
