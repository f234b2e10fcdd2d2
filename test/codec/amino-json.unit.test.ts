// LEGACY_AMINO_JSON sign bytes (reference/wire-formats.md §2.3) under go-amino's JSON rules.
import { makeSignDoc, serializeSignDoc } from '@cosmjs/amino';
import { hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import {
  aminoMsgJson,
  aminoSignBytesOfTx,
  aminoSignDocJson,
  codec,
  createCodec,
  decodeTxRaw,
  encodeAuthInfo,
  encodeTxBody,
  encodeTxRaw,
  goJson,
} from '../../src/codec/index.ts';
import { ChainError } from '../../src/errors.ts';
import { REAL } from '../../src/naming.ts';

const OWNER = 'st18yesadx3t8x3jjsygpqeqzh0j7xh2vh66945zx';
const OTHER = 'st1jyvtwupfrzxgendxpuc94h5n9z9277cq3e742k';
const NODE = 'stsds1rlv49e3twjfwmsgrm8h47et9yueu0hmmrzma5g';
const ED25519 = hexToBytes('1d9d402f089d1cef0401ba20e4a44233c964aeb8dfedfa590b2704d021d2c77b');
const ED25519_B64 = Buffer.from(ED25519).toString('base64');
const real = createCodec(REAL);

const msgJson = (typeName: string, fields: Record<string, unknown>, c = codec) => goJson(aminoMsgJson(c, c.packAny(typeName, fields)), true);

describe('the StdSignDoc envelope', () => {
  it('sorts keys, escapes like Go and matches cosmjs serializeSignDoc', () => {
    const send = { from_address: OWNER, to_address: OTHER, amount: [{ denom: 'wei', amount: '5' }] };
    const fee = { amount: [{ denom: 'wei', amount: '10' }], gas: '100', granter: 'st1granter', payer: 'st1payer' };
    const ours = aminoSignDocJson({
      chainId: 'stratos-1',
      accountNumber: 9n,
      sequence: 3,
      timeoutHeight: 77,
      fee: { amount: fee.amount, gas_limit: 100, payer: fee.payer, granter: fee.granter },
      msgs: [codec.packAny('sdk.bank.v1beta1.MsgSend', send)],
      memo: 'a<b>&c "quoted"\n',
    });
    const cosmjs = serializeSignDoc(
      makeSignDoc([{ type: 'sdk/MsgSend', value: { amount: send.amount, from_address: OWNER, to_address: OTHER } }], fee, 'stratos-1', 'a<b>&c "quoted"\n', 9, 3, 77n),
    );
    expect(ours).toBe(new TextDecoder().decode(cosmjs));
    expect(ours).toContain('"memo":"a\\u003cb\\u003e\\u0026c \\"quoted\\"\\n"');
  });

  it('writes an empty fee as [] and leaves out timeout 0, payer, granter and tip', () => {
    const json = aminoSignDocJson({ chainId: 'c', accountNumber: 0, sequence: 0, fee: { amount: [], gas_limit: 0 }, msgs: [], memo: '' });
    expect(json).toBe('{"account_number":"0","chain_id":"c","fee":{"amount":[],"gas":"0"},"memo":"","msgs":[],"sequence":"0"}');
  });

  it('includes a tip as {amount, tipper}', () => {
    const json = aminoSignDocJson({
      chainId: 'c',
      accountNumber: 1,
      sequence: 2,
      fee: { amount: [], gas_limit: 5 },
      msgs: [],
      memo: 'm',
      tip: { amount: [{ denom: 'wei', amount: '1' }], tipper: OWNER },
    });
    expect(json).toBe(
      `{"account_number":"1","chain_id":"c","fee":{"amount":[],"gas":"5"},"memo":"m","msgs":[],"sequence":"2","tip":{"amount":[{"amount":"1","denom":"wei"}],"tipper":"${OWNER}"}}`,
    );
  });
});

describe('chain messages use the Go legacy names and keep empty fields (jsontag without omitempty)', () => {
  it('sds/FileUploadTx', () => {
    expect(msgJson('chain.sds.v1.MsgFileUpload', { file_hash: 'v05x', from: OWNER, reporter: '', uploader: OWNER })).toBe(
      `{"type":"sds/FileUploadTx","value":{"file_hash":"v05x","from":"${OWNER}","reporter":"","uploader":"${OWNER}"}}`,
    );
  });

  it('pot/WithdrawTx and sds/PrepayTx', () => {
    expect(msgJson('chain.pot.v1.MsgWithdraw', { amount: [{ denom: 'wei', amount: '3' }], wallet_address: OWNER, target_address: OTHER })).toBe(
      `{"type":"pot/WithdrawTx","value":{"amount":[{"amount":"3","denom":"wei"}],"target_address":"${OTHER}","wallet_address":"${OWNER}"}}`,
    );
    expect(msgJson('chain.sds.v1.MsgPrepay', { sender: OWNER, beneficiary: OWNER, amount: [] })).toBe(
      `{"type":"sds/PrepayTx","value":{"amount":null,"beneficiary":"${OWNER}","sender":"${OWNER}"}}`,
    );
  });

  it('register/CreateResourceNodeTx carries the pubkey as an amino key object', () => {
    const fields = {
      network_address: NODE,
      pubkey: codec.packAny('sdk.crypto.ed25519.PubKey', { key: ED25519 }),
      value: { denom: 'wei', amount: '100' },
      owner_address: OWNER,
      beneficiary_address: OWNER,
      description: { moniker: 'n1' },
      node_type: 4,
    };
    const expected = (keyType: string) =>
      `{"type":"register/CreateResourceNodeTx","value":{"beneficiary_address":"${OWNER}",` +
      `"description":{"details":"","identity":"","moniker":"n1","security_contact":"","website":""},"network_address":"${NODE}",` +
      `"node_type":4,"owner_address":"${OWNER}","pubkey":{"type":"${keyType}","value":"${ED25519_B64}"},"value":{"amount":"100","denom":"wei"}}}`;
    expect(msgJson('chain.register.v1.MsgCreateResourceNode', fields)).toBe(expected('consensus/PubKeyEd25519'));
    const realFields = { ...fields, pubkey: real.packAny('sdk.crypto.ed25519.PubKey', { key: ED25519 }) };
    expect(msgJson('chain.register.v1.MsgCreateResourceNode', realFields, real)).toBe(expected('tendermint/PubKeyEd25519'));
  });

  it('pot/VolumeReportTx: Int as text, bytes base64, the Go tag names of the BLS fields', () => {
    const json = msgJson('chain.pot.v1.MsgVolumeReport', {
      wallet_volumes: [{ wallet_address: OWNER, volume: '7' }],
      reporter: NODE,
      epoch: '12',
      report_reference: 'r',
      reporter_owner: OWNER,
      BLS_signature: { pub_keys: [new Uint8Array([1, 2])], signature: new Uint8Array([3]), txData: new Uint8Array(0) },
    });
    expect(json).toBe(
      `{"type":"pot/VolumeReportTx","value":{"bls_signature":{"pub_keys":["AQI="],"signature":"Aw==","tx_data":null},"epoch":"12",` +
        `"report_reference":"r","reporter":"${NODE}","reporter_owner":"${OWNER}","wallet_volumes":[{"volume":"7","wallet_address":"${OWNER}"}]}}`,
    );
  });

  it('register/UpdateParamsTx prints durations as Go nanoseconds', () => {
    const json = msgJson('chain.register.v1.MsgUpdateParams', {
      authority: OWNER,
      params: {
        bond_denom: 'wei',
        unbonding_threashold_time: { seconds: 15552000n, nanos: 0 },
        unbonding_completion_time: { seconds: 1209600n, nanos: 0 },
        max_entries: 16,
        resource_node_reg_enabled: true,
        resource_node_min_deposit: { denom: 'wei', amount: '1' },
        voting_period: { seconds: 1n, nanos: 5 },
      },
    });
    expect(json).toBe(
      `{"type":"register/UpdateParamsTx","value":{"authority":"${OWNER}","params":{"bond_denom":"wei","max_entries":16,` +
        `"resource_node_min_deposit":{"amount":"1","denom":"wei"},"resource_node_reg_enabled":true,"unbonding_completion_time":"1209600000000000",` +
        `"unbonding_threashold_time":"15552000000000000","voting_period":"1000000005"}}}`,
    );
  });

  it('MsgUpdateEffectiveDeposit is not registered with amino: its value has no wrapper', () => {
    expect(msgJson('chain.register.v1.MsgUpdateEffectiveDeposit', { reporters: [NODE], reporter_owner: [OWNER], network_address: NODE, effective_tokens: '5' })).toBe(
      `{"effective_tokens":"5","network_address":"${NODE}","reporter_owner":["${OWNER}"],"reporters":["${NODE}"]}`,
    );
  });

  it('MsgKickMetaNodeVote cannot be signed with amino JSON', () => {
    expect(() => msgJson('chain.register.v1.MsgKickMetaNodeVote', { target_network_address: NODE })).toThrow(
      'expected *legacytx.LegacyMsg when using amino JSON: /chain.register.v1.MsgKickMetaNodeVote has no legacy amino sign bytes',
    );
  });
});

describe('SDK messages', () => {
  it('MsgCreateValidator: omitempty on default tags, Dec with 18 places, profile prefixes', () => {
    const fields = {
      description: { moniker: 'v' },
      commission: { rate: '0.1', max_rate: '0.2', max_change_rate: '0.01' },
      min_self_delegation: '1',
      delegator_address: OWNER,
      validator_address: 'stvaloper18yesadx3t8x3jjsygpqeqzh0j7xh2vh6dfu57d',
      pubkey: real.packAny('sdk.crypto.ed25519.PubKey', { key: ED25519 }),
      value: { denom: 'wei', amount: '10' },
    };
    expect(msgJson('sdk.staking.v1beta1.MsgCreateValidator', fields, real)).toBe(
      '{"type":"cosmos-sdk/MsgCreateValidator","value":{"commission":{"max_change_rate":"0.010000000000000000","max_rate":"0.200000000000000000",' +
        `"rate":"0.100000000000000000"},"delegator_address":"${OWNER}","description":{"moniker":"v"},"min_self_delegation":"1",` +
        `"pubkey":{"type":"tendermint/PubKeyEd25519","value":"${ED25519_B64}"},"validator_address":"stvaloper18yesadx3t8x3jjsygpqeqzh0j7xh2vh6dfu57d",` +
        '"value":{"amount":"10","denom":"wei"}}}',
    );
  });

  it('MsgSend with an empty amount writes null (nil Coins, tag without omitempty)', () => {
    expect(msgJson('sdk.bank.v1beta1.MsgSend', { from_address: OWNER, to_address: OTHER })).toBe(
      `{"type":"sdk/MsgSend","value":{"amount":null,"from_address":"${OWNER}","to_address":"${OTHER}"}}`,
    );
  });

  it('a multisig pubkey prints as threshold (string) and pubkeys', () => {
    const k1 = real.packAny('sdk.crypto.secp256k1.PubKey', { key: hexToBytes('03258d3a4003527ec82d93553d419c66b976681d09dba38b02a84bb80e45071f27') });
    const multisig = real.packAny('sdk.crypto.multisig.LegacyAminoPubKey', { threshold: 1, public_keys: [k1] });
    const json = goJson(aminoMsgJson(real, real.packAny('sdk.staking.v1beta1.MsgCreateValidator', { pubkey: multisig })), true);
    expect(json).toContain(
      '"pubkey":{"type":"tendermint/PubKeyMultisigThreshold","value":{"pubkeys":[{"type":"tendermint/PubKeySecp256k1","value":"AyWNOkADUn7ILZNVPUGcZrl2aB0J26OLAqhLuA5FBx8n"}],"threshold":"1"}}',
    );
  });
});

describe('the LEGACY_AMINO_JSON handler over a decoded tx', () => {
  const send = codec.packAny('sdk.bank.v1beta1.MsgSend', { from_address: OWNER, to_address: OTHER, amount: [{ denom: 'wei', amount: '1' }] });
  const signer = { chainId: 'c', accountNumber: 1, sequence: 2, address: OWNER };
  const decode = (body: Uint8Array, tip: { amount: { denom: string; amount: string }[]; tipper: string } | null = null) =>
    decodeTxRaw(
      encodeTxRaw({
        body_bytes: body,
        auth_info_bytes: encodeAuthInfo({ signer_infos: [], fee: { amount: [{ denom: 'wei', amount: '9' }], gas_limit: 50 }, tip }),
        signatures: [],
      }),
    );
  const reject = (fn: () => unknown) => {
    try {
      fn();
    } catch (err) {
      expect(err).toBeInstanceOf(ChainError);
      return { code: (err as ChainError).code, message: (err as ChainError).message };
    }
    throw new Error('accepted');
  };

  it('signs the fee, timeout and memo of the tx', () => {
    const json = new TextDecoder().decode(aminoSignBytesOfTx(decode(encodeTxBody({ messages: [send], memo: 'x', timeout_height: 8 })), signer));
    expect(json).toBe(
      '{"account_number":"1","chain_id":"c","fee":{"amount":[{"amount":"9","denom":"wei"}],"gas":"50"},"memo":"x",' +
        `"msgs":[{"type":"sdk/MsgSend","value":{"amount":[{"amount":"1","denom":"wei"}],"from_address":"${OWNER}","to_address":"${OTHER}"}}],` +
        '"sequence":"2","timeout_height":"8"}',
    );
  });

  it('a tipper signs over an empty fee', () => {
    const json = new TextDecoder().decode(aminoSignBytesOfTx(decode(encodeTxBody({ messages: [send] }), { amount: [], tipper: OWNER }), signer));
    expect(json).toContain('"fee":{"amount":[],"gas":"0"}');
    expect(json).toContain(`"tip":{"amount":null,"tipper":"${OWNER}"}`);
  });

  it('refuses unknown non-critical fields and extension options (ErrInvalidRequest)', () => {
    const withNonCritical = new Uint8Array([...encodeTxBody({ messages: [send] }), 0xb0, 0x40, 0x01]);
    expect(reject(() => aminoSignBytesOfTx(decode(withNonCritical), signer))).toEqual({
      code: 18,
      message:
        'protobuf transaction contains unknown non-critical fields. This is a transaction malleability issue and SIGN_MODE_LEGACY_AMINO_JSON cannot be used.: invalid request',
    });
    const tx = decode(encodeTxBody({ messages: [send] }));
    tx.body.extension_options.push(send);
    expect(reject(() => aminoSignBytesOfTx(tx, signer))).toEqual({
      code: 18,
      message: 'SIGN_MODE_LEGACY_AMINO_JSON does not support protobuf extension options: invalid request',
    });
  });
});
