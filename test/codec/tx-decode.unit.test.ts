// The node's tx decoder: ADR-027, unknown fields, type URL resolution and interface checks, each
// failing with ErrTxDecode (sdk code 2) and the SDK v0.47 log text.
import { concatBytes, hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { codec, createCodec, decodeTxRaw, encodeAuthInfo, encodeTxBody, encodeTxRaw, makeSignerInfo, SignMode } from '../../src/codec/index.ts';
import { ChainError } from '../../src/errors.ts';
import { REAL } from '../../src/naming.ts';

const PUBKEY = hexToBytes('03258d3a4003527ec82d93553d419c66b976681d09dba38b02a84bb80e45071f27');
const msgSend = codec.packAny('sdk.bank.v1beta1.MsgSend', {
  from_address: 'st18yesadx3t8x3jjsygpqeqzh0j7xh2vh66945zx',
  to_address: 'st1jyvtwupfrzxgendxpuc94h5n9z9277cq3e742k',
  amount: [{ denom: 'wei', amount: '1' }],
});
const pubkey = codec.packAny('chain.crypto.v1.ethsecp256k1.PubKey', { key: PUBKEY });
const authInfoBytes = encodeAuthInfo({ signer_infos: [makeSignerInfo(pubkey, 0, SignMode.DIRECT)], fee: { amount: [], gas_limit: 200000 } });
const sig = new Uint8Array(64).fill(1);

function txWith(bodyBytes: Uint8Array, auth = authInfoBytes): Uint8Array {
  return encodeTxRaw({ body_bytes: bodyBytes, auth_info_bytes: auth, signatures: [sig] });
}

function decodeError(bytes: Uint8Array, c = codec): ChainError {
  try {
    decodeTxRaw(bytes, c);
  } catch (err) {
    expect(err).toBeInstanceOf(ChainError);
    return err as ChainError;
  }
  throw new Error('decodeTxRaw accepted the bytes');
}

function expectTxDecode(bytes: Uint8Array, log: string, c = codec): void {
  const err = decodeError(bytes, c);
  expect({ codespace: err.codespace, code: err.code, message: err.message }).toEqual({ codespace: 'sdk', code: 2, message: log });
}

describe('garbage bytes', () => {
  it('truncated tag', () => expectTxDecode(new Uint8Array([0xff, 0xff, 0xff]), 'invalid length; unexpected EOF: tx parse error'));
  it('a varint field', () => expectTxDecode(hexToBytes('0801'), 'expected 2 wire type, got 0: tx parse error'));
  it('text', () => expectTxDecode(new TextEncoder().encode('hello world'), 'expected 2 wire type, got 0: tx parse error'));
  it('length past the end', () => expectTxDecode(hexToBytes('0a05aa'), 'invalid length; unexpected EOF: tx parse error'));
  it('fields out of order (ADR-027)', () =>
    expectTxDecode(hexToBytes('12000a00'), 'txRaw must follow ADR-027, got tagNum 1 after tagNum 2: tx parse error'));
  it('a padded length varint (ADR-027)', () =>
    expectTxDecode(hexToBytes('0a8000'), 'length prefix varint for tagNum 1 is not as short as possible, read 2, only need 1: tx parse error'));
  it('a body that is not a TxBody', () =>
    expectTxDecode(txWith(hexToBytes('10ff')), 'Mismatched "*tx.TxBody": {TagNum: 2, GotWireType: "varint" != WantWireType: "bytes"}: tx parse error'));
  it('an empty input decodes to an empty tx', () => {
    const tx = decodeTxRaw(new Uint8Array(0));
    expect(tx.body.messages).toEqual([]);
    expect(tx.signatures).toEqual([]);
  });
});

describe('unknown fields', () => {
  it('in TxRaw', () =>
    expectTxDecode(concatBytes(txWith(encodeTxBody({ messages: [msgSend] })), hexToBytes('2200')), 'errUnknownField "*tx.TxRaw": {TagNum: 4, WireType:"bytes"}: tx parse error'));

  it('critical ones in the body are rejected', () =>
    expectTxDecode(txWith(concatBytes(encodeTxBody({ messages: [msgSend] }), hexToBytes('2001'))), 'errUnknownField "*tx.TxBody": {TagNum: 4, WireType:"varint"}: tx parse error'));

  it('non-critical ones (bit 11) in the body are allowed and reported', () => {
    // field 1030 (1030 & 1024 ≠ 0), varint: tag (1030 << 3) = 8240 → b0 40
    const tx = decodeTxRaw(txWith(concatBytes(encodeTxBody({ messages: [msgSend] }), hexToBytes('b04001'))));
    expect(tx.hasUnknownNonCriticals).toBe(true);
    expect(tx.body.messages).toEqual([msgSend]);
  });

  it('non-critical ones in AuthInfo are rejected', () =>
    expectTxDecode(
      txWith(encodeTxBody({ messages: [msgSend] }), concatBytes(authInfoBytes, hexToBytes('b04001'))),
      'errUnknownField "*tx.AuthInfo": {TagNum: 1030, WireType:"varint"}: tx parse error',
    ));

  it('inside a message packed in an Any', () => {
    const bad = { type_url: msgSend.type_url, value: concatBytes(msgSend.value, hexToBytes('220141')) };
    expectTxDecode(txWith(encodeTxBody({ messages: [bad] })), 'errUnknownField "*types.MsgSend": {TagNum: 4, WireType:"bytes"}: tx parse error');
  });

  it('inside a nested message type', () => {
    const coinWithExtra = concatBytes(codec.encode('sdk.base.v1beta1.Coin', { denom: 'wei', amount: '1' }), hexToBytes('1801'));
    const value = concatBytes(hexToBytes('1a'), new Uint8Array([coinWithExtra.length]), coinWithExtra);
    expectTxDecode(
      txWith(encodeTxBody({ messages: [{ type_url: msgSend.type_url, value }] })),
      'errUnknownField "*types.Coin": {TagNum: 3, WireType:"varint"}: tx parse error',
    );
  });
});

describe('type URLs', () => {
  it('an unknown message type URL', () => {
    const any = { type_url: '/chain.sds.v1.MsgDoesNotExist', value: new Uint8Array(0) };
    expectTxDecode(txWith(encodeTxBody({ messages: [any] })), 'unable to resolve type URL /chain.sds.v1.MsgDoesNotExist: tx parse error');
  });

  it('the cosmos-evm pubkey URL of cosmjs 0.38 (wire-formats §4.5)', () => {
    const evmKey = { type_url: '/cosmos.evm.crypto.v1.ethsecp256k1.PubKey', value: pubkey.value };
    const auth = encodeAuthInfo({ signer_infos: [makeSignerInfo(evmKey, 0, SignMode.DIRECT)], fee: { amount: [], gas_limit: 1 } });
    expectTxDecode(
      txWith(encodeTxBody({ messages: [msgSend] }), auth),
      'unable to resolve type URL /cosmos.evm.crypto.v1.ethsecp256k1.PubKey: tx parse error',
    );
  });

  it('a type known to the codec but not registered as an interface implementation', () => {
    const any = codec.packAny('sdk.bank.v1beta1.QueryBalanceRequest', { address: 'x' });
    expectTxDecode(txWith(encodeTxBody({ messages: [any] })), 'unable to resolve type URL /sdk.bank.v1beta1.QueryBalanceRequest: tx parse error');
  });

  it('neutral URLs do not resolve under the real profile', () => {
    const real = createCodec(REAL);
    const realAuth = encodeAuthInfo({ signer_infos: [], fee: { amount: [], gas_limit: 1 } }, real);
    expectTxDecode(
      encodeTxRaw({ body_bytes: encodeTxBody({ messages: [msgSend] }, real), auth_info_bytes: realAuth, signatures: [] }, real),
      'unable to resolve type URL /sdk.bank.v1beta1.MsgSend (this chain uses the real naming profile: its type URLs start with /cosmos., /stratos., /tendermint.; this one is neutral): tx parse error',
      real,
    );
  });

  it('an empty Any', () =>
    expectTxDecode(txWith(encodeTxBody({ messages: [{ type_url: '', value: new Uint8Array(0) }] })), 'unable to resolve type URL : tx parse error'));

  it('a pubkey where a message belongs', () =>
    expectTxDecode(
      txWith(encodeTxBody({ messages: [pubkey] })),
      'no concrete type registered for type URL /chain.crypto.v1.ethsecp256k1.PubKey against interface *types.Msg: tx parse error',
    ));

  it('a message where the signer pubkey belongs', () => {
    const auth = encodeAuthInfo({ signer_infos: [makeSignerInfo(msgSend, 0, SignMode.DIRECT)], fee: { amount: [], gas_limit: 1 } });
    expectTxDecode(
      txWith(encodeTxBody({ messages: [msgSend] }), auth),
      'no concrete type registered for type URL /sdk.bank.v1beta1.MsgSend against interface *types.PubKey: tx parse error',
    );
  });

  it('a message where a message field accepts only a pubkey', () => {
    const msg = codec.packAny('chain.register.v1.MsgCreateResourceNode', { pubkey: msgSend, owner_address: 'st1x' });
    expectTxDecode(
      txWith(encodeTxBody({ messages: [msg] })),
      'no concrete type registered for type URL /sdk.bank.v1beta1.MsgSend against interface *types.PubKey: tx parse error',
    );
  });

  it('an extension option the chain does not register', () => {
    const ext = codec.packAny('sdk.bank.v1beta1.MsgSendResponse', {});
    expectTxDecode(
      txWith(encodeTxBody({ messages: [msgSend], extension_options: [ext] })),
      'no concrete type registered for type URL /sdk.bank.v1beta1.MsgSendResponse against interface *tx.TxExtensionOptionI: tx parse error',
    );
  });

  it('codec.unpackAny of an unknown type URL is ErrTxDecode too', () => {
    let err: unknown;
    try {
      codec.unpackAny({ type_url: '/x.y.v1.Nope', value: new Uint8Array(0) });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ChainError);
    expect(err).toMatchObject({ codespace: 'sdk', code: 2, message: 'unable to resolve type URL /x.y.v1.Nope: tx parse error' });
  });
});

describe('Anys inside messages (a gov proposal\'s messages) are unpacked with the SDK\'s budget (InterfaceRegistry: depth 10, 100 calls)', () => {
  const proposer = 'st18yesadx3t8x3jjsygpqeqzh0j7xh2vh66945zx';
  const proposal = (messages: ReturnType<typeof codec.packAny>[]) => codec.packAny('sdk.gov.v1.MsgSubmitProposal', { messages, initial_deposit: [], proposer, metadata: '', title: 't', summary: 's' });
  /** A proposal holding a proposal … `levels` deep, around a MsgSend. */
  const nested = (levels: number) => {
    let any = msgSend;
    for (let i = 0; i < levels; i++) any = proposal([any]);
    return txWith(encodeTxBody({ messages: [any] }));
  };

  it('ten Anys one inside the other decode; an eleventh is `max depth exceeded`', () => {
    expect(() => decodeTxRaw(nested(9), codec)).not.toThrow();
    expectTxDecode(nested(10), 'max depth exceeded: tx parse error');
  });

  it('Anys nested thousands deep are refused the same way, without walking them all (no stack overflow)', () => {
    expectTxDecode(nested(5000), 'max depth exceeded: tx parse error');
  });

  it('a message may hold 99 Anys in all; the hundredth is `call limit exceeded`', () => {
    expect(() => decodeTxRaw(txWith(encodeTxBody({ messages: [proposal(Array(99).fill(msgSend))] })), codec)).not.toThrow();
    expectTxDecode(txWith(encodeTxBody({ messages: [proposal(Array(100).fill(msgSend))] })), 'call limit exceeded: tx parse error');
  });

  it('a proposal message that is not a Msg is refused when the tx decodes', () => {
    expectTxDecode(txWith(encodeTxBody({ messages: [proposal([pubkey])] })), 'no concrete type registered for type URL /chain.crypto.v1.ethsecp256k1.PubKey against interface *types.Msg: tx parse error');
  });
});
