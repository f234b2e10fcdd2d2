// The same MsgSend under the neutral profile, cross-checked against cosmjs' independent encoders
// (which accept any type URL in an Any), plus a golden snapshot of the neutral bytes.
import { makeAuthInfoBytes, makeSignBytes, makeSignDoc } from '@cosmjs/proto-signing';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx';
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys';
import { SignMode as CosmjsSignMode } from 'cosmjs-types/cosmos/tx/signing/v1beta1/signing';
import { TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { describe, expect, it } from 'vitest';
import {
  aminoSignBytes,
  codec,
  decodeTxRaw,
  encodeAuthInfo,
  encodeTxBody,
  encodeTxRaw,
  makeSignDocBytes,
  makeSignerInfo,
  SignMode,
  txHash,
} from '../../src/codec/index.ts';

const PRIVATE_KEY = hexToBytes('e3df8df9b971c35167691356293a15e511df59520f8ff64a74afbf4293aebadd');
const PUBKEY = hexToBytes('03258d3a4003527ec82d93553d419c66b976681d09dba38b02a84bb80e45071f27');
const FROM = 'st18yesadx3t8x3jjsygpqeqzh0j7xh2vh66945zx';
const TO = 'st1jyvtwupfrzxgendxpuc94h5n9z9277cq3e742k';
const amount = [{ denom: 'wei', amount: '1000000000000000000' }];
const feeAmount = [{ denom: 'wei', amount: '200000000000000' }];

const msgSend = codec.packAny('sdk.bank.v1beta1.MsgSend', { from_address: FROM, to_address: TO, amount });
const pubkeyAny = codec.packAny('chain.crypto.v1.ethsecp256k1.PubKey', { key: PUBKEY });

describe('neutral MsgSend against cosmjs', () => {
  it('uses neutral type URLs', () => {
    expect(msgSend.type_url).toBe('/sdk.bank.v1beta1.MsgSend');
    expect(pubkeyAny.type_url).toBe('/chain.crypto.v1.ethsecp256k1.PubKey');
  });

  it('message, body, auth info, sign doc and TxRaw bytes equal cosmjs-types / proto-signing output', () => {
    const cosmjsMsg = MsgSend.encode(MsgSend.fromPartial({ fromAddress: FROM, toAddress: TO, amount })).finish();
    expect(bytesToHex(msgSend.value)).toBe(bytesToHex(cosmjsMsg));

    const body = { messages: [msgSend], memo: 'hello <&> ✓', timeout_height: 1234n };
    const cosmjsBody = TxBody.encode(
      TxBody.fromPartial({ messages: [{ typeUrl: msgSend.type_url, value: cosmjsMsg }], memo: body.memo, timeoutHeight: 1234n }),
    ).finish();
    const bodyBytes = encodeTxBody(body);
    expect(bytesToHex(bodyBytes)).toBe(bytesToHex(cosmjsBody));

    // the ethsecp256k1 PubKey has the wire shape of the secp256k1 one (wire-formats §1.2)
    const cosmjsPubkey = { typeUrl: pubkeyAny.type_url, value: PubKey.encode({ key: PUBKEY }).finish() };
    expect(bytesToHex(pubkeyAny.value)).toBe(bytesToHex(cosmjsPubkey.value));
    const cosmjsAuthInfo = makeAuthInfoBytes([{ pubkey: cosmjsPubkey, sequence: 7 }], feeAmount, 200000, 'st1granter', 'st1payer');
    const authInfoBytes = encodeAuthInfo({
      signer_infos: [makeSignerInfo(pubkeyAny, 7, SignMode.DIRECT)],
      fee: { amount: feeAmount, gas_limit: 200000, payer: 'st1payer', granter: 'st1granter' },
    });
    expect(bytesToHex(authInfoBytes)).toBe(bytesToHex(cosmjsAuthInfo));

    const signDoc = makeSignDocBytes(bodyBytes, authInfoBytes, 'stratos-1', 5);
    expect(bytesToHex(signDoc)).toBe(bytesToHex(makeSignBytes(makeSignDoc(bodyBytes, authInfoBytes, 'stratos-1', 5))));

    const signature = secp256k1.sign(keccak_256(signDoc), PRIVATE_KEY, { prehash: false });
    const raw = { body_bytes: bodyBytes, auth_info_bytes: authInfoBytes, signatures: [signature] };
    const cosmjsRaw = TxRaw.encode(TxRaw.fromPartial({ bodyBytes, authInfoBytes, signatures: [signature] })).finish();
    expect(bytesToHex(encodeTxRaw(raw))).toBe(bytesToHex(cosmjsRaw));
  });

  it('the amino sign mode value matches cosmjs', () => {
    const authInfoBytes = encodeAuthInfo({
      signer_infos: [makeSignerInfo(pubkeyAny, 0, SignMode.LEGACY_AMINO_JSON)],
      fee: { amount: [], gas_limit: 1 },
    });
    const cosmjs = makeAuthInfoBytes(
      [{ pubkey: { typeUrl: pubkeyAny.type_url, value: pubkeyAny.value }, sequence: 0 }],
      [],
      1,
      undefined,
      undefined,
      CosmjsSignMode.SIGN_MODE_LEGACY_AMINO_JSON,
    );
    expect(bytesToHex(authInfoBytes)).toBe(bytesToHex(cosmjs));
  });

  it('matches the golden neutral vector', async () => {
    const bodyBytes = encodeTxBody({ messages: [msgSend] });
    const fee = { amount: feeAmount, gas_limit: 200000n };
    const authInfoBytes = encodeAuthInfo({ signer_infos: [makeSignerInfo(pubkeyAny, 0, SignMode.DIRECT)], fee });
    const signDoc = makeSignDocBytes(bodyBytes, authInfoBytes, 'stratos-1', 5);
    const signature = secp256k1.sign(keccak_256(signDoc), PRIVATE_KEY, { prehash: false });
    const txRaw = encodeTxRaw({ body_bytes: bodyBytes, auth_info_bytes: authInfoBytes, signatures: [signature] });
    const amino = aminoSignBytes({ chainId: 'stratos-1', accountNumber: 5, sequence: 0, fee, msgs: [msgSend], memo: '' });
    expect(decodeTxRaw(txRaw).signatures).toEqual([signature]);
    const golden = {
      body_bytes: bytesToHex(bodyBytes),
      auth_info_bytes: bytesToHex(authInfoBytes),
      sign_doc_keccak256: bytesToHex(keccak_256(signDoc)),
      signature: bytesToHex(signature),
      tx_raw_base64: Buffer.from(txRaw).toString('base64'),
      tx_hash: txHash(txRaw),
      amino_sign_doc: new TextDecoder().decode(amino),
    };
    await expect(JSON.stringify(golden, null, 2) + '\n').toMatchFileSnapshot('../../snapshots/codec/msgsend-neutral.json');
  });
});
