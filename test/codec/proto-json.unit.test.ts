// Proto-JSON as the SDK CLI and gRPC gateway print it (jsonpb, OrigName, EmitDefaults) and back.
import { hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { codec, createCodec, parseProtoJson, printProtoJson } from '../../src/codec/index.ts';
import { REAL } from '../../src/naming.ts';

const OWNER = 'st18yesadx3t8x3jjsygpqeqzh0j7xh2vh66945zx';
const NODE = 'stsds1rlv49e3twjfwmsgrm8h47et9yueu0hmmrzma5g';
const PUBKEY = hexToBytes('03258d3a4003527ec82d93553d419c66b976681d09dba38b02a84bb80e45071f27');
const PUBKEY_B64 = 'AyWNOkADUn7ILZNVPUGcZrl2aB0J26OLAqhLuA5FBx8n';
const ED25519 = hexToBytes('1d9d402f089d1cef0401ba20e4a44233c964aeb8dfedfa590b2704d021d2c77b');

describe('printing', () => {
  it('an EthAccount as the CLI query account shows it (spec part 2, Account)', () => {
    const account = codec.packAny('chain.types.v1.EthAccount', {
      base_account: {
        address: OWNER,
        pub_key: codec.packAny('chain.crypto.v1.ethsecp256k1.PubKey', { key: PUBKEY }),
        account_number: 5n,
        sequence: 1n,
      },
      code_hash: '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
    });
    expect(printProtoJson('sdk.auth.v1beta1.QueryAccountResponse', { account })).toBe(
      `{"account":{"@type":"/chain.types.v1.EthAccount","base_account":{"address":"${OWNER}",` +
        `"pub_key":{"@type":"/chain.crypto.v1.ethsecp256k1.PubKey","key":"${PUBKEY_B64}"},"account_number":"5","sequence":"1"},` +
        '"code_hash":"0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470"}}',
    );
  });

  it('a BaseAccount without a key prints pub_key null; the real profile prints real URLs', () => {
    const real = createCodec(REAL);
    const account = real.packAny('sdk.auth.v1beta1.BaseAccount', { address: OWNER, account_number: 0 });
    expect(printProtoJson('sdk.auth.v1beta1.QueryAccountResponse', { account }, { profile: REAL })).toBe(
      `{"account":{"@type":"/cosmos.auth.v1beta1.BaseAccount","address":"${OWNER}","pub_key":null,"account_number":"0","sequence":"0"}}`,
    );
  });

  it('register params: durations in seconds, uint32 as number, bool, embedded coin', () => {
    const params = codec.create('chain.register.v1.Params', {
      bond_denom: 'wei',
      unbonding_threashold_time: { seconds: 15552000n, nanos: 0 },
      unbonding_completion_time: { seconds: 1209600n, nanos: 0 },
      max_entries: 16,
      resource_node_reg_enabled: true,
      resource_node_min_deposit: { denom: 'wei', amount: '1000' },
      voting_period: { seconds: 1n, nanos: 500_000_000 },
    });
    expect(printProtoJson('chain.register.v1.Params', params)).toBe(
      '{"bond_denom":"wei","unbonding_threashold_time":"15552000s","unbonding_completion_time":"1209600s","max_entries":16,' +
        '"resource_node_reg_enabled":true,"resource_node_min_deposit":{"denom":"wei","amount":"1000"},"voting_period":"1.500s"}',
    );
  });

  it('a resource node: Any pubkey, enum by name, Int text, RFC 3339 time with 0/3/6/9 digits', () => {
    const node = codec.create('chain.register.v1.ResourceNode', {
      network_address: NODE,
      pubkey: codec.packAny('sdk.crypto.ed25519.PubKey', { key: ED25519 }),
      status: 3,
      tokens: '5000000000000000000000',
      owner_address: OWNER,
      description: codec.create('chain.register.v1.Description', { moniker: 'a<b>&c' }),
      creation_time: { seconds: 1694131200n, nanos: 5000 },
      node_type: 7,
    });
    expect(printProtoJson('chain.register.v1.ResourceNode', node)).toBe(
      `{"network_address":"${NODE}","pubkey":{"@type":"/sdk.crypto.ed25519.PubKey","key":"HZ1ALwidHO8EAbog5KRCM8lkrrjf7fpZCycE0CHSx3s="},` +
        `"suspend":false,"status":"BOND_STATUS_BONDED","tokens":"5000000000000000000000","owner_address":"${OWNER}",` +
        '"description":{"moniker":"a\\u003cb\\u003e\\u0026c","identity":"","website":"","security_contact":"","details":""},' +
        '"creation_time":"2023-09-08T00:00:00.000005Z","node_type":7,"effective_tokens":"0","beneficiary_address":""}',
    );
  });

  it('pot params: Dec as 18-place text and the mining reward tiers', () => {
    const params = codec.create('chain.pot.v1.Params', {
      bond_denom: 'wei',
      reward_denom: 'wei',
      mature_epoch: 2016n,
      community_tax: '0.02',
      initial_total_supply: { denom: 'wei', amount: '400000000000000000000000000' },
    });
    expect(printProtoJson('chain.pot.v1.Params', params)).toBe(
      '{"bond_denom":"wei","reward_denom":"wei","mature_epoch":"2016","mining_reward_params":[],"community_tax":"0.020000000000000000",' +
        '"initial_total_supply":{"denom":"wei","amount":"400000000000000000000000000"}}',
    );
  });

  it('an Any that names an unknown type cannot be printed', () => {
    expect(() => printProtoJson('sdk.auth.v1beta1.QueryAccountResponse', { account: { type_url: '/x.Y', value: new Uint8Array(0) } })).toThrow(
      'unable to resolve type URL /x.Y: tx parse error',
    );
  });
});

describe('parsing', () => {
  const tx = {
    body: {
      messages: [codec.packAny('chain.sds.v1.MsgFileUpload', { file_hash: 'v05x', from: OWNER, reporter: NODE, uploader: OWNER })],
      memo: 'note',
      timeout_height: 0n,
      extension_options: [],
      non_critical_extension_options: [],
    },
    auth_info: {
      signer_infos: [
        {
          public_key: codec.packAny('chain.crypto.v1.ethsecp256k1.PubKey', { key: PUBKEY }),
          mode_info: { single: { mode: 127 }, multi: null },
          sequence: 4n,
        },
      ],
      fee: { amount: [{ denom: 'wei', amount: '1' }], gas_limit: 200000n, payer: '', granter: '' },
      tip: null,
    },
    signatures: [new Uint8Array([1, 2, 3])],
  };

  it('reads a printed Tx back into the decoded shape (generate-only → sign)', () => {
    const text = printProtoJson('sdk.tx.v1beta1.Tx', tx);
    expect(parseProtoJson('sdk.tx.v1beta1.Tx', text)).toEqual(tx);
  });

  it('accepts lowerCamelCase names, number int64s, enum numbers, missing fields', () => {
    const parsed = parseProtoJson('sdk.tx.v1beta1.SignerInfo', { modeInfo: { single: { mode: 1 } }, sequence: 9 });
    expect(parsed).toEqual({ public_key: null, mode_info: { single: { mode: 1 }, multi: null }, sequence: 9n });
  });

  it('parses durations, timestamps with offsets and decimals', () => {
    expect(parseProtoJson('chain.register.v1.MetaNodeRegistrationVotePool', { expire_time: '2024-01-01T02:00:00.5+02:00' }).expire_time).toEqual({
      seconds: 1704067200n,
      nanos: 500_000_000,
    });
    expect(parseProtoJson('chain.register.v1.Params', { voting_period: '-1.5s' }).voting_period).toEqual({ seconds: -1n, nanos: -500_000_000 });
    expect(parseProtoJson('chain.pot.v1.Params', { community_tax: '0.02' }).community_tax).toBe('0.020000000000000000');
  });

  it('rejects unknown fields like jsonpb, and unknown Any types', () => {
    expect(() => parseProtoJson('sdk.bank.v1beta1.MsgSend', { from: OWNER })).toThrow('unknown field "from" in types.MsgSend');
    expect(() => parseProtoJson('sdk.tx.v1beta1.TxBody', { messages: [{ '@type': '/cosmos.bank.v1beta1.MsgSend' }] })).toThrow(
      'unable to resolve type URL /cosmos.bank.v1beta1.MsgSend',
    );
  });
});
