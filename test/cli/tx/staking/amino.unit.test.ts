/**
 * The messages of `tx staking|distribution|slashing` in LEGACY_AMINO_JSON (`--sign-mode
 * amino-json`): the SDK v0.47 amino names (`cosmos-sdk/MsgDelegate`, …, under the real naming
 * profile) and go-amino's JSON of each value (sorted keys, empty strings and nil fields left out,
 * Int/Dec as strings, the consensus key as `tendermint/PubKeyEd25519`). The create-validator
 * message comes from the CLI's own builder.
 */
import { describe, expect, it } from 'vitest';
import { aminoMsgJson, createCodec, goJson } from '../../../../src/codec/index.ts';
import { createValidatorMsg, type CreateValidatorOptions } from '../../../../src/cli/tx/staking/create-validator.ts';
import { addressFromBech32, valAddress } from '../../../../src/crypto/address.ts';
import { REAL } from '../../../../src/naming.ts';
import { testKey } from '../../../helpers/fixture.ts';

const real = createCodec(REAL);
const DEL = testKey(0).address;
const VAL = valAddress(addressFromBech32(DEL));
const VAL2 = valAddress(new Uint8Array(20).fill(2));
const KEY = Buffer.alloc(32, 7).toString('base64');

const amino = (typeName: string, value: Record<string, unknown>) => goJson(aminoMsgJson(real, real.packAny(typeName, value)), true);

describe('amino JSON of the staking-family messages', () => {
  it('MsgCreateValidator built by the CLI', () => {
    const opts: CreateValidatorOptions = {
      amount: '1stos',
      moniker: 'val-1',
      identity: '',
      website: 'https://example.org',
      securityContact: '',
      details: '',
      commissionRate: '0.1',
      commissionMaxRate: '0.2',
      commissionMaxChangeRate: '0.01',
      minSelfDelegation: '1',
    };
    const msg = createValidatorMsg(DEL, opts, `{"@type":"/cosmos.crypto.ed25519.PubKey","key":"${KEY}"}`, real);
    expect(goJson(aminoMsgJson(real, real.packAny(msg.typeName, msg.value)), true)).toBe(
      '{"type":"cosmos-sdk/MsgCreateValidator","value":{' +
        '"commission":{"max_change_rate":"0.010000000000000000","max_rate":"0.200000000000000000","rate":"0.100000000000000000"},' +
        `"delegator_address":"${DEL}","description":{"moniker":"val-1","website":"https://example.org"},"min_self_delegation":"1",` +
        `"pubkey":{"type":"tendermint/PubKeyEd25519","value":"${KEY}"},"validator_address":"${VAL}",` +
        '"value":{"amount":"1000000000000000000","denom":"wei"}}}',
    );
  });

  it('MsgEditValidator without and with the optional fields', () => {
    const description = { moniker: '[do-not-modify]', identity: '[do-not-modify]', website: '[do-not-modify]', security_contact: '[do-not-modify]', details: '[do-not-modify]' };
    const d = '{"details":"[do-not-modify]","identity":"[do-not-modify]","moniker":"[do-not-modify]","security_contact":"[do-not-modify]","website":"[do-not-modify]"}';
    expect(amino('sdk.staking.v1beta1.MsgEditValidator', { description, validator_address: VAL })).toBe(`{"type":"cosmos-sdk/MsgEditValidator","value":{"description":${d},"validator_address":"${VAL}"}}`);
    expect(amino('sdk.staking.v1beta1.MsgEditValidator', { description, validator_address: VAL, commission_rate: '0.15', min_self_delegation: '5' })).toBe(
      `{"type":"cosmos-sdk/MsgEditValidator","value":{"commission_rate":"0.150000000000000000","description":${d},"min_self_delegation":"5","validator_address":"${VAL}"}}`,
    );
  });

  it('delegate, redelegate, unbond, cancel-unbond', () => {
    const amount = { denom: 'wei', amount: '5' };
    const a = '"amount":{"amount":"5","denom":"wei"}';
    expect(amino('sdk.staking.v1beta1.MsgDelegate', { delegator_address: DEL, validator_address: VAL, amount })).toBe(
      `{"type":"cosmos-sdk/MsgDelegate","value":{${a},"delegator_address":"${DEL}","validator_address":"${VAL}"}}`,
    );
    expect(amino('sdk.staking.v1beta1.MsgBeginRedelegate', { delegator_address: DEL, validator_src_address: VAL, validator_dst_address: VAL2, amount })).toBe(
      `{"type":"cosmos-sdk/MsgBeginRedelegate","value":{${a},"delegator_address":"${DEL}","validator_dst_address":"${VAL2}","validator_src_address":"${VAL}"}}`,
    );
    expect(amino('sdk.staking.v1beta1.MsgUndelegate', { delegator_address: DEL, validator_address: VAL, amount })).toBe(
      `{"type":"cosmos-sdk/MsgUndelegate","value":{${a},"delegator_address":"${DEL}","validator_address":"${VAL}"}}`,
    );
    expect(amino('sdk.staking.v1beta1.MsgCancelUnbondingDelegation', { delegator_address: DEL, validator_address: VAL, amount, creation_height: 7n })).toBe(
      `{"type":"cosmos-sdk/MsgCancelUnbondingDelegation","value":{${a},"creation_height":"7","delegator_address":"${DEL}","validator_address":"${VAL}"}}`,
    );
  });

  it('distribution withdraw, commission, withdraw address, community pool; slashing unjail', () => {
    expect(amino('sdk.distribution.v1beta1.MsgWithdrawDelegatorReward', { delegator_address: DEL, validator_address: VAL })).toBe(
      `{"type":"cosmos-sdk/MsgWithdrawDelegationReward","value":{"delegator_address":"${DEL}","validator_address":"${VAL}"}}`,
    );
    expect(amino('sdk.distribution.v1beta1.MsgWithdrawValidatorCommission', { validator_address: VAL })).toBe(`{"type":"cosmos-sdk/MsgWithdrawValCommission","value":{"validator_address":"${VAL}"}}`);
    expect(amino('sdk.distribution.v1beta1.MsgSetWithdrawAddress', { delegator_address: DEL, withdraw_address: DEL })).toBe(
      `{"type":"cosmos-sdk/MsgModifyWithdrawAddress","value":{"delegator_address":"${DEL}","withdraw_address":"${DEL}"}}`,
    );
    expect(amino('sdk.distribution.v1beta1.MsgFundCommunityPool', { amount: [{ denom: 'wei', amount: '9' }], depositor: DEL })).toBe(
      `{"type":"cosmos-sdk/MsgFundCommunityPool","value":{"amount":[{"amount":"9","denom":"wei"}],"depositor":"${DEL}"}}`,
    );
    expect(amino('sdk.slashing.v1beta1.MsgUnjail', { validator_addr: VAL })).toBe(`{"type":"cosmos-sdk/MsgUnjail","value":{"address":"${VAL}"}}`);
  });
});
