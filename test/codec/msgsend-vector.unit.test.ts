// The signed MsgSend of reference/wire-formats.md §3.4, rebuilt with the real naming profile.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import {
  aminoSignBytes,
  aminoSignBytesOfTx,
  createCodec,
  decodeTxRaw,
  encodeAuthInfo,
  encodeTxBody,
  encodeTxRaw,
  makeSignDocBytes,
  makeSignerInfo,
  SignMode,
  txHash,
} from '../../src/codec/index.ts';
import { REAL } from '../../src/naming.ts';

const c = createCodec(REAL);
const PRIVATE_KEY = hexToBytes('e3df8df9b971c35167691356293a15e511df59520f8ff64a74afbf4293aebadd');
const PUBKEY = hexToBytes('03258d3a4003527ec82d93553d419c66b976681d09dba38b02a84bb80e45071f27');
const FROM = 'st18yesadx3t8x3jjsygpqeqzh0j7xh2vh66945zx';
const TO = 'st1jyvtwupfrzxgendxpuc94h5n9z9277cq3e742k';

const BODY_HEX =
  '0a92010a1c2f636f736d6f732e62616e6b2e763162657461312e4d736753656e6412720a297374313879657361647833743878336a6a737967707165717a68306a37786832766836363934357a7812297374316a79767477757066727a7867656e6478707563393468356e397a39323737637133653734326b1a1a0a03776569121331303030303030303030303030303030303030';
const AUTH_INFO_HEX =
  '0a550a4d0a262f73747261746f732e63727970746f2e76312e657468736563703235366b312e5075624b657912230a2103258d3a4003527ec82d93553d419c66b976681d09dba38b02a84bb80e45071f2712040a020801121c0a160a03776569120f32303030303030303030303030303010c09a0c';
const SIGNATURE_HEX =
  'e10298871a88a58c0f631b692a6c8aa128b46d424689ef81464ee3b5fc3b4abd17aa781a234b3fd6ded86fa11ba4234a4b02494406b78a8ab915ae6ec3731923';
const TX_RAW_BASE64 =
  'CpUBCpIBChwvY29zbW9zLmJhbmsudjFiZXRhMS5Nc2dTZW5kEnIKKXN0MTh5ZXNhZHgzdDh4M2pqc3lncHFlcXpoMGo3eGgydmg2Njk0NXp4EilzdDFqeXZ0d3VwZnJ6eGdlbmR4cHVjOTRoNW45ejkyNzdjcTNlNzQyaxoaCgN3ZWkSEzEwMDAwMDAwMDAwMDAwMDAwMDASdQpVCk0KJi9zdHJhdG9zLmNyeXB0by52MS5ldGhzZWNwMjU2azEuUHViS2V5EiMKIQMljTpAA1J+yC2TVT1BnGa5dmgdCdujiwKoS7gORQcfJxIECgIIARIcChYKA3dlaRIPMjAwMDAwMDAwMDAwMDAwEMCaDBpA4QKYhxqIpYwPYxtpKmyKoSi0bUJGie+BRk7jtfw7Sr0XqngaI0s/1t7Yb6EbpCNKSwJJRAa3ioq5Fa5uw3MZIw==';
const AMINO_SIGN_DOC =
  '{"account_number":"5","chain_id":"stratos-1","fee":{"amount":[{"amount":"200000000000000","denom":"wei"}],"gas":"200000"},"memo":"","msgs":[{"type":"cosmos-sdk/MsgSend","value":{"amount":[{"amount":"1000000000000000000","denom":"wei"}],"from_address":"st18yesadx3t8x3jjsygpqeqzh0j7xh2vh66945zx","to_address":"st1jyvtwupfrzxgendxpuc94h5n9z9277cq3e742k"}}],"sequence":"0"}';

const msgSend = c.packAny('sdk.bank.v1beta1.MsgSend', {
  from_address: FROM,
  to_address: TO,
  amount: [{ denom: 'wei', amount: '1000000000000000000' }],
});
const pubkeyAny = c.packAny('chain.crypto.v1.ethsecp256k1.PubKey', { key: PUBKEY });
const fee = { amount: [{ denom: 'wei', amount: '200000000000000' }], gas_limit: 200000n };

describe('§3.4 signed MsgSend, real profile', () => {
  const bodyBytes = encodeTxBody({ messages: [msgSend], memo: '' }, c);
  const authInfoBytes = encodeAuthInfo({ signer_infos: [makeSignerInfo(pubkeyAny, 0, SignMode.DIRECT)], fee }, c);
  const signDoc = makeSignDocBytes(bodyBytes, authInfoBytes, 'stratos-1', 5);

  it('uses the real type URLs', () => {
    expect(msgSend.type_url).toBe('/cosmos.bank.v1beta1.MsgSend');
    expect(pubkeyAny.type_url).toBe('/stratos.crypto.v1.ethsecp256k1.PubKey');
  });

  it('encodes body_bytes and auth_info_bytes exactly', () => {
    expect(bytesToHex(bodyBytes)).toBe(BODY_HEX);
    expect(bytesToHex(authInfoBytes)).toBe(AUTH_INFO_HEX);
  });

  it('builds the SignDoc as 0a95 01 body 12 75 auth_info 1a 09 "stratos-1" 20 05', () => {
    const expected = '0a9501' + BODY_HEX + '1275' + AUTH_INFO_HEX + '1a09' + bytesToHex(new TextEncoder().encode('stratos-1')) + '2005';
    expect(bytesToHex(signDoc)).toBe(expected);
    expect(bytesToHex(keccak_256(signDoc))).toBe('9e2505fd99a6d3a93b4516a14f102542d3633bdcf368600c1526b3718cbeb2ff');
    expect(bytesToHex(sha256(signDoc))).toBe('a26fd1839974ea2da1268448190583cf8eb6ee3a85c3a816ede29909fc12be36');
  });

  it('the reference signature is the RFC 6979 low-S signature of keccak256(SignDoc)', () => {
    const sig = secp256k1.sign(keccak_256(signDoc), PRIVATE_KEY, { prehash: false, lowS: true });
    expect(bytesToHex(sig)).toBe(SIGNATURE_HEX);
  });

  it('encodes the TxRaw and its hash', () => {
    const txRaw = encodeTxRaw({ body_bytes: bodyBytes, auth_info_bytes: authInfoBytes, signatures: [hexToBytes(SIGNATURE_HEX)] }, c);
    expect(Buffer.from(txRaw).toString('base64')).toBe(TX_RAW_BASE64);
    expect(txHash(txRaw)).toBe('843824AE9A31343E9CEC2ADA0F530A189EC44E6946182D0E0CEC6BEA33FEBB77');
  });

  it('decodes the broadcast TxRaw back into the same parts', () => {
    const tx = decodeTxRaw(new Uint8Array(Buffer.from(TX_RAW_BASE64, 'base64')), c);
    expect(bytesToHex(tx.bodyBytes)).toBe(BODY_HEX);
    expect(bytesToHex(tx.authInfoBytes)).toBe(AUTH_INFO_HEX);
    expect(tx.signatures.map(bytesToHex)).toEqual([SIGNATURE_HEX]);
    expect(tx.hasUnknownNonCriticals).toBe(false);
    expect(tx.body).toEqual({
      messages: [msgSend],
      memo: '',
      timeout_height: 0n,
      extension_options: [],
      non_critical_extension_options: [],
    });
    expect(tx.authInfo).toEqual({
      signer_infos: [{ public_key: pubkeyAny, mode_info: { single: { mode: 1 }, multi: null }, sequence: 0n }],
      fee: { amount: [{ denom: 'wei', amount: '200000000000000' }], gas_limit: 200000n, payer: '', granter: '' },
      tip: null,
    });
    expect(c.unpackAny(tx.body.messages[0])).toEqual({
      typeName: 'sdk.bank.v1beta1.MsgSend',
      value: { from_address: FROM, to_address: TO, amount: [{ denom: 'wei', amount: '1000000000000000000' }] },
    });
  });

  it('gives the same content the reference LEGACY_AMINO_JSON sign bytes', () => {
    const bytes = aminoSignBytes({ chainId: 'stratos-1', accountNumber: 5, sequence: 0, fee, msgs: [msgSend], memo: '' }, c);
    expect(new TextDecoder().decode(bytes)).toBe(AMINO_SIGN_DOC);
    expect(bytesToHex(keccak_256(bytes))).toBe('f73c7e3f1b2bb288474ea277323b10c64aba078268aea056fc10516d11964fd2');
    const tx = decodeTxRaw(new Uint8Array(Buffer.from(TX_RAW_BASE64, 'base64')), c);
    const fromTx = aminoSignBytesOfTx(tx, { chainId: 'stratos-1', accountNumber: 5, sequence: 0, address: FROM }, c);
    expect(new TextDecoder().decode(fromTx)).toBe(AMINO_SIGN_DOC);
    const sig = secp256k1.sign(keccak_256(bytes), PRIVATE_KEY, { prehash: false, lowS: true });
    expect(bytesToHex(sig)).toBe(
      '2086d1e1b5265692c4e4927eb3554a9c9b72d40e066e037c01cf99ea79a28de96149919fcda9b48d9faa3a266a52356683724d3507c17cd54cb1b230f0631d11',
    );
  });
});
