// Round trips of the chain's own module types and the proto-JSON transaction record of
// spec/interfaces.md part 2 ("Transaction record", "Message shapes").
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import {
  codec,
  createCodec,
  decodeTxRaw,
  encodeAuthInfo,
  encodeTxBody,
  encodeTxRaw,
  makeSignerInfo,
  printProtoJson,
  SignMode,
  txHash,
} from '../../src/codec/index.ts';
import { REAL } from '../../src/naming.ts';

const OWNER = 'st18yesadx3t8x3jjsygpqeqzh0j7xh2vh66945zx';
const OTHER = 'st1jyvtwupfrzxgendxpuc94h5n9z9277cq3e742k';
const NODE = 'stsds1rlv49e3twjfwmsgrm8h47et9yueu0hmmrzma5g';
const ED25519 = hexToBytes('1d9d402f089d1cef0401ba20e4a44233c964aeb8dfedfa590b2704d021d2c77b');
const ETH_PUBKEY = hexToBytes('03258d3a4003527ec82d93553d419c66b976681d09dba38b02a84bb80e45071f27');

function roundTrip(typeName: string, fields: Record<string, unknown>) {
  const value = codec.create(typeName, fields);
  const bytes = codec.encode(typeName, value);
  expect(codec.decode(typeName, bytes)).toEqual(value);
  // the same bytes under the real profile (only type URLs differ, and there are none here)
  return bytes;
}

describe('register module', () => {
  it('MsgCreateResourceNode with an ed25519 pubkey Any', () => {
    const msg = {
      network_address: NODE,
      pubkey: codec.packAny('sdk.crypto.ed25519.PubKey', { key: ED25519 }),
      value: { denom: 'wei', amount: '1000000000000000000000' },
      owner_address: OWNER,
      beneficiary_address: OWNER,
      description: codec.create('chain.register.v1.Description', { moniker: 'node-1', details: 'édition 🚀' }),
      node_type: 7,
    };
    roundTrip('chain.register.v1.MsgCreateResourceNode', msg);
    const any = codec.packAny('chain.register.v1.MsgCreateResourceNode', msg);
    expect(any.type_url).toBe('/chain.register.v1.MsgCreateResourceNode');
    expect(codec.unpackAny(any)).toEqual({ typeName: 'chain.register.v1.MsgCreateResourceNode', value: msg });
  });

  it('a non-nullable embedded message is written even when empty and decoded as an object', () => {
    const bytes = codec.encode('chain.register.v1.MsgUpdateResourceNode', { network_address: NODE });
    // field 1 description, empty: 0a 00
    expect(bytesToHex(bytes).startsWith('0a00')).toBe(true);
    const back = codec.decode('chain.register.v1.MsgUpdateResourceNode', bytes);
    expect(back.description).toEqual({ moniker: '', identity: '', website: '', security_contact: '', details: '' });
  });

  it('ResourceNode with timestamp, status enum and custom Int tokens', () => {
    roundTrip('chain.register.v1.ResourceNode', {
      network_address: NODE,
      pubkey: codec.packAny('sdk.crypto.ed25519.PubKey', { key: ED25519 }),
      suspend: true,
      status: 3,
      tokens: '5000000000000000000000',
      owner_address: OWNER,
      description: codec.create('chain.register.v1.Description', { moniker: 'r1' }),
      creation_time: { seconds: 1694131200n, nanos: 5000 },
      node_type: 4,
      effective_tokens: '0',
      beneficiary_address: '',
    });
  });

  it('Params with durations', () => {
    roundTrip('chain.register.v1.Params', {
      bond_denom: 'wei',
      unbonding_threashold_time: { seconds: 15552000n, nanos: 0 },
      unbonding_completion_time: { seconds: 1209600n, nanos: 0 },
      max_entries: 16,
      resource_node_reg_enabled: true,
      resource_node_min_deposit: { denom: 'wei', amount: '1' },
      voting_period: { seconds: 604800n, nanos: 0 },
    });
  });

  it('MsgMetaNodeRegistrationVote and MsgKickMetaNodeVote', () => {
    roundTrip('chain.register.v1.MsgMetaNodeRegistrationVote', {
      candidate_network_address: NODE,
      candidate_owner_address: OTHER,
      opinion: true,
      voter_network_address: NODE,
      voter_owner_address: OWNER,
    });
    roundTrip('chain.register.v1.MsgKickMetaNodeVote', { target_network_address: NODE, opinion: false, voter_owner_address: OWNER });
  });
});

describe('sds module', () => {
  it('MsgFileUpload and MsgPrepay', () => {
    roundTrip('chain.sds.v1.MsgFileUpload', { file_hash: 'v05ahm51atv8gl4d0q6rg8eo6s3fb8e7ht4ouqmo', from: OWNER, reporter: NODE, uploader: OTHER });
    roundTrip('chain.sds.v1.MsgPrepay', { sender: OWNER, beneficiary: OTHER, amount: [{ denom: 'wei', amount: '10' }, { denom: 'gwei', amount: '3' }] });
  });
});

describe('pot module', () => {
  it('MsgVolumeReport with wallet volumes and a BLS signature', () => {
    roundTrip('chain.pot.v1.MsgVolumeReport', {
      wallet_volumes: [
        { wallet_address: OWNER, volume: '1000' },
        { wallet_address: OTHER, volume: '0' },
      ],
      reporter: NODE,
      epoch: '42',
      report_reference: 'ref-1',
      reporter_owner: OWNER,
      BLS_signature: codec.create('chain.pot.v1.BLSSignatureInfo', {
        pub_keys: [new Uint8Array([1, 2, 3]), new Uint8Array([4])],
        signature: new Uint8Array([9, 9]),
        txData: new Uint8Array([7]),
      }),
    });
  });

  it('MsgWithdraw and pot Params with a Dec community tax', () => {
    roundTrip('chain.pot.v1.MsgWithdraw', { amount: [{ denom: 'wei', amount: '5' }], wallet_address: OWNER, target_address: OTHER });
    const bytes = roundTrip('chain.pot.v1.Params', {
      bond_denom: 'wei',
      reward_denom: 'wei',
      mature_epoch: 2016n,
      mining_reward_params: [
        codec.create('chain.pot.v1.MiningRewardParam', {
          total_mined_valve_start: { denom: 'wei', amount: '0' },
          total_mined_valve_end: { denom: 'wei', amount: '16819200000000000000000000' },
          mining_reward: { denom: 'wei', amount: '80000000000000000000' },
          block_chain_percentage_in_bp: '2000',
          resource_node_percentage_in_bp: '6000',
          meta_node_percentage_in_bp: '2000',
        }),
      ],
      community_tax: '0.020000000000000000',
      initial_total_supply: { denom: 'wei', amount: '400000000000000000000000000' },
    });
    // LegacyDec travels as its 18-decimal scaled integer (wire-formats §2.1)
    expect(Buffer.from(bytes).includes(Buffer.from('20000000000000000'))).toBe(true);
    expect(Buffer.from(bytes).includes(Buffer.from('0.02'))).toBe(false);
  });
});

describe('transaction record in proto-JSON', () => {
  it('prints a TxResponse carrying a Tx with /chain.sds.v1.MsgFileUpload as the spec shows', async () => {
    const msg = codec.packAny('chain.sds.v1.MsgFileUpload', {
      file_hash: 'v05ahm51atv8gl4d0q6rg8eo6s3fb8e7ht4ouqmo',
      from: OWNER,
      reporter: NODE,
      uploader: OWNER,
    });
    const body = { messages: [msg], memo: '' };
    const authInfo = {
      signer_infos: [makeSignerInfo(codec.packAny('chain.crypto.v1.ethsecp256k1.PubKey', { key: ETH_PUBKEY }), 3, SignMode.DIRECT)],
      fee: { amount: [{ denom: 'wei', amount: '200000000000000' }], gas_limit: 200000 },
    };
    const signature = new Uint8Array(64).fill(7);
    const txRaw = encodeTxRaw({ body_bytes: encodeTxBody(body), auth_info_bytes: encodeAuthInfo(authInfo), signatures: [signature] });
    const decoded = decodeTxRaw(txRaw);
    const tx = codec.packAny('sdk.tx.v1beta1.Tx', { body: decoded.body, auth_info: decoded.authInfo, signatures: decoded.signatures });
    const response = {
      height: 1234n,
      txhash: txHash(txRaw),
      codespace: '',
      code: 0,
      data: '12280A262F636861696E2E7364732E76312E4D736746696C6555706C6F6164526573706F6E7365',
      raw_log: '[]',
      logs: [{ msg_index: 0, log: '', events: [{ type: 'message', attributes: [{ key: 'action', value: '/chain.sds.v1.MsgFileUpload' }] }] }],
      info: '',
      gas_wanted: 200000n,
      gas_used: 81234n,
      tx,
      timestamp: '2024-05-01T10:00:00Z',
      events: [{ type: 'message', attributes: [{ key: 'action', value: '/chain.sds.v1.MsgFileUpload', index: true }] }],
    };
    const text = printProtoJson('sdk.base.abci.v1beta1.TxResponse', response);
    const json = JSON.parse(text);
    expect(Object.keys(json)).toEqual([
      'height', 'txhash', 'codespace', 'code', 'data', 'raw_log', 'logs', 'info', 'gas_wanted', 'gas_used', 'tx', 'timestamp', 'events',
    ]);
    expect(json.tx['@type']).toBe('/sdk.tx.v1beta1.Tx');
    expect(json.tx.body).toEqual({
      messages: [{ '@type': '/chain.sds.v1.MsgFileUpload', file_hash: 'v05ahm51atv8gl4d0q6rg8eo6s3fb8e7ht4ouqmo', from: OWNER, reporter: NODE, uploader: OWNER }],
      memo: '',
      timeout_height: '0',
      extension_options: [],
      non_critical_extension_options: [],
    });
    expect(json.tx.auth_info).toEqual({
      signer_infos: [
        {
          public_key: { '@type': '/chain.crypto.v1.ethsecp256k1.PubKey', key: Buffer.from(ETH_PUBKEY).toString('base64') },
          mode_info: { single: { mode: 'SIGN_MODE_DIRECT' } },
          sequence: '3',
        },
      ],
      fee: { amount: [{ denom: 'wei', amount: '200000000000000' }], gas_limit: '200000', payer: '', granter: '' },
      tip: null,
    });
    expect(json.tx.signatures).toEqual([Buffer.from(signature).toString('base64')]);
    expect(json.height).toBe('1234');
    expect(json.code).toBe(0);
    await expect(text + '\n').toMatchFileSnapshot('../../snapshots/codec/tx-response-file-upload.json');

    // the real profile prints the same record with the real type URLs
    const real = createCodec(REAL);
    const realTx = real.packAny('sdk.tx.v1beta1.Tx', {
      body: { messages: [real.packAny('chain.sds.v1.MsgFileUpload', codec.unpackAny(msg).value)] },
    });
    expect(printProtoJson('sdk.tx.v1beta1.Tx', real.unpackAny(realTx).value, { profile: REAL })).toBe(
      '{"body":{"messages":[{"@type":"/stratos.sds.v1.MsgFileUpload","file_hash":"v05ahm51atv8gl4d0q6rg8eo6s3fb8e7ht4ouqmo",' +
        `"from":"${OWNER}","reporter":"${NODE}","uploader":"${OWNER}"}],"memo":"","timeout_height":"0","extension_options":[],` +
        '"non_critical_extension_options":[]},"auth_info":null,"signatures":[]}',
    );
  });
});
