// gogoproto encoding rules the codec reproduces (reference/wire-formats.md §2.1) and the decoded
// object shape other modules rely on.
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { codec, MalformedProtoError } from '../../src/codec/index.ts';

const hex = (typeName: string, obj: unknown) => bytesToHex(codec.encode(typeName, obj));

describe('scalars', () => {
  it('omits proto3 zero values', () => {
    expect(hex('sdk.tx.v1beta1.SignDoc', { body_bytes: new Uint8Array(0), auth_info_bytes: new Uint8Array([1]), chain_id: '', account_number: 0n })).toBe(
      '120101',
    );
    expect(hex('sdk.tx.v1beta1.TxBody', { messages: [], memo: '', timeout_height: '0' })).toBe('');
  });

  it('64-bit integers accept bigint, safe numbers and decimal strings alike', () => {
    const a = hex('sdk.auth.v1beta1.BaseAccount', { account_number: 300n, sequence: 2 ** 40 });
    const b = hex('sdk.auth.v1beta1.BaseAccount', { account_number: '300', sequence: '1099511627776' });
    expect(a).toBe('18ac02' + '208080808080' + '20');
    expect(b).toBe(a);
  });

  it('uint64 covers [0, 2^64) and decodes as bigint', () => {
    const max = (1n << 64n) - 1n;
    const bytes = codec.encode('sdk.auth.v1beta1.BaseAccount', { sequence: max });
    expect(bytesToHex(bytes)).toBe('20ffffffffffffffffff01');
    expect(codec.decode('sdk.auth.v1beta1.BaseAccount', bytes).sequence).toBe(max);
    expect(() => codec.encode('sdk.auth.v1beta1.BaseAccount', { sequence: 1n << 64n })).toThrow(
      'sdk.auth.v1beta1.BaseAccount.sequence: expected a unsigned 64-bit integer (bigint, safe integer or decimal string), got 18446744073709551616n',
    );
    expect(() => codec.encode('sdk.auth.v1beta1.BaseAccount', { sequence: -1 })).toThrow('expected a unsigned 64-bit integer');
    expect(() => codec.encode('sdk.auth.v1beta1.BaseAccount', { sequence: 2 ** 60 })).toThrow('expected a unsigned 64-bit integer');
  });

  it('negative int64 is a ten-byte varint', () => {
    const bytes = codec.encode('sdk.base.abci.v1beta1.TxResponse', { height: -1n });
    expect(bytesToHex(bytes)).toBe('08ffffffffffffffffff01');
    expect(codec.decode('sdk.base.abci.v1beta1.TxResponse', bytes).height).toBe(-1n);
  });

  it('repeated numerics are packed, and both packed and unpacked forms decode', () => {
    expect(hex('sdk.staking.v1beta1.Validator', { unbonding_ids: [1n, 300n] }).endsWith('6a0301ac02')).toBe(true);
    const unpacked = codec.decode('sdk.staking.v1beta1.Validator', hexToBytes('680168ac02'));
    expect(unpacked.unbonding_ids).toEqual([1n, 300n]);
  });

  it('enums take numbers or names and decode as numbers', () => {
    expect(hex('sdk.tx.v1beta1.ModeInfo.Single', { mode: 'SIGN_MODE_LEGACY_AMINO_JSON' })).toBe('087f');
    expect(codec.decode('sdk.tx.v1beta1.ModeInfo.Single', hexToBytes('087f'))).toEqual({ mode: 127 });
    expect(() => codec.encode('sdk.tx.v1beta1.ModeInfo.Single', { mode: 'DIRECT' })).toThrow(
      'sdk.tx.v1beta1.ModeInfo.Single.mode: expected a sdk.tx.signing.v1beta1.SignMode number or name, got "DIRECT"',
    );
  });
});

describe('messages', () => {
  it('writes an embedded message when present, even empty', () => {
    expect(hex('sdk.tx.v1beta1.AuthInfo', { fee: {} })).toBe('1200');
    expect(hex('sdk.tx.v1beta1.AuthInfo', { fee: null })).toBe('');
  });

  it('writes a set oneof member even when it holds zero values; null members are unset', () => {
    expect(hex('sdk.tx.v1beta1.ModeInfo', { single: { mode: 0 } })).toBe('0a00');
    expect(codec.decode('sdk.tx.v1beta1.ModeInfo', hexToBytes('0a00'))).toEqual({ single: { mode: 0 }, multi: null });
    expect(() => codec.encode('sdk.tx.v1beta1.ModeInfo', { single: {}, multi: {} })).toThrow(
      'sdk.tx.v1beta1.ModeInfo: oneof sum has both single and multi set',
    );
  });

  it('decodes absent fields to their defaults', () => {
    expect(codec.decode('sdk.tx.v1beta1.SignerInfo', new Uint8Array(0))).toEqual({ public_key: null, mode_info: null, sequence: 0n });
    expect(codec.decode('sdk.tx.v1beta1.TxRaw', new Uint8Array(0))).toEqual({
      body_bytes: new Uint8Array(0),
      auth_info_bytes: new Uint8Array(0),
      signatures: [],
    });
  });

  it('rejects unknown field names and wrong value types', () => {
    expect(() => codec.encode('sdk.bank.v1beta1.MsgSend', { fromAddress: 'x' })).toThrow(
      'sdk.bank.v1beta1.MsgSend: unknown field "fromAddress" for message sdk.bank.v1beta1.MsgSend',
    );
    expect(() => codec.encode('sdk.bank.v1beta1.MsgSend', { amount: { denom: 'wei' } })).toThrow('sdk.bank.v1beta1.MsgSend.amount: expected an array, got an object');
    expect(() => codec.encode('sdk.tx.v1beta1.TxRaw', { body_bytes: 'AQI=' })).toThrow('sdk.tx.v1beta1.TxRaw.body_bytes: expected a Uint8Array, got "AQI="');
    expect(() => codec.encode('sdk.bank.v1beta1.Nope', {})).toThrow('unknown proto message type "sdk.bank.v1beta1.Nope"');
  });

  it('skips unknown fields when decoding (gogoproto Unmarshal)', () => {
    expect(codec.decode('sdk.base.v1beta1.Coin', hexToBytes('0a0377656918072a0101'))).toEqual({ denom: 'wei', amount: '0' });
  });

  it('reports malformed bytes with gogoproto texts', () => {
    expect(() => codec.decode('sdk.base.v1beta1.Coin', hexToBytes('0a05776569'))).toThrow(new MalformedProtoError('unexpected EOF'));
    expect(() => codec.decode('sdk.base.v1beta1.Coin', hexToBytes('0801'))).toThrow('proto: wrong wireType = 0 for field Denom');
    expect(() => codec.decode('sdk.base.v1beta1.Coin', hexToBytes('ffffffffffffffffffffff'))).toThrow('proto: integer overflow');
  });
});

describe('custom scalars', () => {
  it('LegacyDec travels scaled by 10^18 and decodes to 18 places', () => {
    const bytes = codec.encode('sdk.staking.v1beta1.CommissionRates', { rate: '0.1', max_rate: '1', max_change_rate: '-0.000000000000000001' });
    expect(new TextDecoder().decode(bytes)).toContain('100000000000000000');
    expect(codec.decode('sdk.staking.v1beta1.CommissionRates', bytes)).toEqual({
      rate: '0.100000000000000000',
      max_rate: '1.000000000000000000',
      max_change_rate: '-0.000000000000000001',
    });
    expect(() => codec.encode('sdk.staking.v1beta1.CommissionRates', { rate: '0.1234567890123456789' })).toThrow(
      'sdk.staking.v1beta1.CommissionRates.rate: 0.1234567890123456789 has more than 18 decimal places',
    );
  });

  it('non-nullable custom scalars are always written, nullable ones only when set', () => {
    // CommissionRates: all three non-nullable → "0" each
    expect(hex('sdk.staking.v1beta1.CommissionRates', {})).toBe('0a0130' + '120130' + '1a0130');
    // MsgEditValidator.min_self_delegation is nullable
    expect(hex('sdk.staking.v1beta1.MsgEditValidator', { validator_address: 'v' })).toBe('0a00' + '120176');
    expect(codec.decode('sdk.staking.v1beta1.MsgEditValidator', new Uint8Array(0)).min_self_delegation).toBeNull();
  });

  it('Int text is canonicalised', () => {
    expect(codec.decode('sdk.base.v1beta1.Coin', codec.encode('sdk.base.v1beta1.Coin', { denom: 'a', amount: 12n })).amount).toBe('12');
    expect(() => codec.encode('sdk.base.v1beta1.Coin', { amount: '1.5' })).toThrow(
      'sdk.base.v1beta1.Coin.amount: expected an integer (bigint, safe integer or decimal string), got "1.5"',
    );
  });
});

describe('codec.create', () => {
  it('fills defaults and refuses unknown fields', () => {
    expect(codec.create('sdk.bank.v1beta1.MsgSend', { from_address: 'a' })).toEqual({ from_address: 'a', to_address: '', amount: [] });
    expect(() => codec.create('sdk.bank.v1beta1.MsgSend', { from: 'a' })).toThrow('sdk.bank.v1beta1.MsgSend: unknown field "from"');
  });
});
