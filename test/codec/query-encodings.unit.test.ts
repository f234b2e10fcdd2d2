// Query and result encodings of reference/wire-formats.md §2.6, §2.8 and §3.5 (real profile).
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { createCodec } from '../../src/codec/index.ts';
import { REAL } from '../../src/naming.ts';

const c = createCodec(REAL);
const ADDRESS = 'st18yesadx3t8x3jjsygpqeqzh0j7xh2vh66945zx';
const ADDRESS_HEX = bytesToHex(new TextEncoder().encode(ADDRESS));
const PUBKEY = hexToBytes('03258d3a4003527ec82d93553d419c66b976681d09dba38b02a84bb80e45071f27');

describe('§3.5 query encodings', () => {
  it('QueryAccountRequest is 0a29 + the address', () => {
    const bytes = c.encode('sdk.auth.v1beta1.QueryAccountRequest', { address: ADDRESS });
    expect(bytesToHex(bytes)).toBe('0a29' + ADDRESS_HEX);
    expect(c.decode('sdk.auth.v1beta1.QueryAccountRequest', bytes)).toEqual({ address: ADDRESS });
  });

  it('QueryBalanceRequest appends 1203776569 for denom wei', () => {
    const bytes = c.encode('sdk.bank.v1beta1.QueryBalanceRequest', { address: ADDRESS, denom: 'wei' });
    expect(bytesToHex(bytes)).toBe('0a29' + ADDRESS_HEX + '1203776569');
  });

  it('QueryBalanceResponse of a missing balance {wei, "0"} is CggKA3dlaRIBMA==', () => {
    const bytes = c.encode('sdk.bank.v1beta1.QueryBalanceResponse', { balance: { denom: 'wei', amount: '0' } });
    expect(Buffer.from(bytes).toString('base64')).toBe('CggKA3dlaRIBMA==');
    expect(c.decode('sdk.bank.v1beta1.QueryBalanceResponse', bytes)).toEqual({ balance: { denom: 'wei', amount: '0' } });
  });

  it('a Coin amount is a custom Int: written even when empty, as "0"', () => {
    expect(bytesToHex(c.encode('sdk.base.v1beta1.Coin', { denom: 'wei', amount: '' }))).toBe('0a037765691201' + '30');
    expect(bytesToHex(c.encode('sdk.base.v1beta1.Coin', { denom: 'wei' }))).toBe('0a037765691201' + '30');
  });
});

describe('§2.6 accounts', () => {
  const head = '0a29' + ADDRESS_HEX;

  it('BaseAccount without pubkey: address, 18 05, 20 01', () => {
    const account = { address: ADDRESS, account_number: 5n, sequence: 1n };
    const bytes = c.encode('sdk.auth.v1beta1.BaseAccount', account);
    expect(bytesToHex(bytes)).toBe(head + '1805' + '2001');
    expect(c.decode('sdk.auth.v1beta1.BaseAccount', bytes)).toEqual({ ...account, pub_key: null });
  });

  it('BaseAccount with the ethsecp256k1 pubkey inserts the Any as field 2 (124d0a26…)', () => {
    const pubKey = c.packAny('chain.crypto.v1.ethsecp256k1.PubKey', { key: PUBKEY });
    const bytes = c.encode('sdk.auth.v1beta1.BaseAccount', { address: ADDRESS, pub_key: pubKey, account_number: 5, sequence: '1' });
    const anyHex =
      '124d' + '0a26' + bytesToHex(new TextEncoder().encode('/stratos.crypto.v1.ethsecp256k1.PubKey')) + '1223' + '0a21' + bytesToHex(PUBKEY);
    expect(bytesToHex(bytes)).toBe(head + anyHex + '1805' + '2001');
    const decoded = c.decode('sdk.auth.v1beta1.BaseAccount', bytes);
    expect(c.unpackAny(decoded.pub_key as { type_url: string; value: Uint8Array })).toEqual({
      typeName: 'chain.crypto.v1.ethsecp256k1.PubKey',
      value: { key: PUBKEY },
    });
  });

  it('QueryAccountResponse wraps the account Any; EthAccount embeds a BaseAccount as field 1', () => {
    const base = { address: ADDRESS, account_number: 5n, sequence: 1n, pub_key: null };
    const eth = { base_account: base, code_hash: '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470' };
    const any = c.packAny('chain.types.v1.EthAccount', eth);
    expect(any.type_url).toBe('/stratos.types.v1.EthAccount');
    const response = c.encode('sdk.auth.v1beta1.QueryAccountResponse', { account: any });
    const back = c.decode('sdk.auth.v1beta1.QueryAccountResponse', response);
    expect(c.unpackAny(back.account as typeof any)).toEqual({ typeName: 'chain.types.v1.EthAccount', value: eth });
  });
});

describe('§2.8 DeliverTx data', () => {
  it('TxMsgData of one MsgSendResponse', () => {
    const bytes = c.encode('sdk.base.abci.v1beta1.TxMsgData', {
      msg_responses: [c.packAny('sdk.bank.v1beta1.MsgSendResponse', {})],
    });
    expect(Buffer.from(bytes).toString('base64')).toBe('EiYKJC9jb3Ntb3MuYmFuay52MWJldGExLk1zZ1NlbmRSZXNwb25zZQ==');
    expect(c.decode('sdk.base.abci.v1beta1.TxMsgData', bytes)).toEqual({
      data: [],
      msg_responses: [{ type_url: '/cosmos.bank.v1beta1.MsgSendResponse', value: new Uint8Array(0) }],
    });
  });
});
