/**
 * Given the gateway's parameter texts, the parsers give Go's values and Go's error texts
 * (strconv.ParseUint/ParseInt with base 0, ParseBool, base64 StdEncoding then URLEncoding).
 */
import { describe, expect, it } from 'vitest';
import { decodeGatewayBytes, parseGoBool, parseGoDecimalInt64, parseGoInt, parseGoUint } from '../../src/codec/go-parse.ts';

describe('parseGoUint (strconv.ParseUint(s, 0, 64))', () => {
  it.each([
    ['123', 123n],
    ['0', 0n],
    ['0x10', 16n],
    ['0X1f', 31n],
    ['0o17', 15n],
    ['017', 15n],
    ['0b101', 5n],
    ['1_000', 1000n],
    ['0x_ff', 255n],
    ['18446744073709551615', 2n ** 64n - 1n],
  ])('%s → %s', (text, value) => {
    expect(parseGoUint(text)).toBe(value);
  });

  it.each([
    ['', 'strconv.ParseUint: parsing "": invalid syntax'],
    ['abc', 'strconv.ParseUint: parsing "abc": invalid syntax'],
    ['-1', 'strconv.ParseUint: parsing "-1": invalid syntax'],
    ['08', 'strconv.ParseUint: parsing "08": invalid syntax'],
    ['0x', 'strconv.ParseUint: parsing "0x": invalid syntax'],
    ['_1', 'strconv.ParseUint: parsing "_1": invalid syntax'],
    ['1__0', 'strconv.ParseUint: parsing "1__0": invalid syntax'],
    ['1_', 'strconv.ParseUint: parsing "1_": invalid syntax'],
    ['18446744073709551616', 'strconv.ParseUint: parsing "18446744073709551616": value out of range'],
    // Go stops at the first overflow, before it sees the bad character
    ['99999999999999999999x', 'strconv.ParseUint: parsing "99999999999999999999x": value out of range'],
  ])('%j fails with %s', (text, message) => {
    expect(() => parseGoUint(text)).toThrow(message);
  });

  it('32-bit fields overflow above 4294967295', () => {
    expect(parseGoUint('4294967295', 32)).toBe(4294967295n);
    expect(() => parseGoUint('4294967296', 32)).toThrow('strconv.ParseUint: parsing "4294967296": value out of range');
  });
});

describe('parseGoInt (strconv.ParseInt(s, 0, bits))', () => {
  it('takes a sign and the 64-bit range', () => {
    expect(parseGoInt('-9223372036854775808')).toBe(-(2n ** 63n));
    expect(parseGoInt('+5')).toBe(5n);
    expect(parseGoInt('-0x10')).toBe(-16n);
    expect(() => parseGoInt('9223372036854775808')).toThrow('strconv.ParseInt: parsing "9223372036854775808": value out of range');
    expect(() => parseGoInt('--1')).toThrow('strconv.ParseInt: parsing "--1": invalid syntax');
    expect(() => parseGoInt('')).toThrow('strconv.ParseInt: parsing "": invalid syntax');
  });

  it('32-bit fields keep the int32 range', () => {
    expect(parseGoInt('-2147483648', 32)).toBe(-2147483648n);
    expect(() => parseGoInt('2147483648', 32)).toThrow('strconv.ParseInt: parsing "2147483648": value out of range');
  });

  it('the height header is parsed in base 10 only', () => {
    expect(parseGoDecimalInt64('012')).toBe(12n);
    expect(() => parseGoDecimalInt64('0x10')).toThrow('strconv.ParseInt: parsing "0x10": invalid syntax');
  });
});

describe('parseGoBool (strconv.ParseBool)', () => {
  it('accepts Go spellings only', () => {
    for (const t of ['1', 't', 'T', 'TRUE', 'true', 'True']) expect(parseGoBool(t)).toBe(true);
    for (const f of ['0', 'f', 'F', 'FALSE', 'false', 'False']) expect(parseGoBool(f)).toBe(false);
    expect(() => parseGoBool('yes')).toThrow('strconv.ParseBool: parsing "yes": invalid syntax');
  });
});

describe('decodeGatewayBytes (runtime.Bytes)', () => {
  const bytes = (b: Uint8Array) => Buffer.from(b).toString('hex');

  it('decodes padded standard and URL-safe base64', () => {
    expect(bytes(decodeGatewayBytes('AQID'))).toBe('010203');
    expect(bytes(decodeGatewayBytes('AQ=='))).toBe('01');
    expect(bytes(decodeGatewayBytes('AQI='))).toBe('0102');
    expect(bytes(decodeGatewayBytes(''))).toBe('');
    expect(bytes(decodeGatewayBytes('-_8='))).toBe(Buffer.from('-_8', 'base64url').toString('hex'));
    expect(bytes(decodeGatewayBytes('+/8='))).toBe(Buffer.from('+/8=', 'base64').toString('hex'));
  });

  it.each([
    ['AQ', 0],
    ['AQI*', 3],
    ['A===', 1],
    ['AQ=', 3],
    ['AQ=x', 2],
    ['AQ==AQ==', 4],
    ['AQIDB', 4],
  ])('%j fails at input byte %d', (text, at) => {
    expect(() => decodeGatewayBytes(text)).toThrow(`illegal base64 data at input byte ${at}`);
  });
});
