/**
 * MsgUpdateParams of auth and bank (what a gov proposal executes): ValidateBasic and the handler as
 * SDK v0.47 (src/modules/update-params-msg.ts, the modules' Params.Validate texts).
 */
import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { App } from '../../../src/abci/app.ts';
import { infiniteGasMeter } from '../../../src/abci/gas.ts';
import { appModules } from '../../../src/abci/modules.ts';
import { ChainError } from '../../../src/errors.ts';
import { moduleAccountAddress } from '../../../src/modules/auth/account.ts';
import { msgUpdateAuthParams } from '../../../src/modules/auth/params-msg.ts';
import { msgUpdateBankParams } from '../../../src/modules/bank/params-msg.ts';
import type { Ctx } from '../../../src/state/module.ts';
import { CHAIN_ID, genesisWith, testKey } from '../../helpers/fixture.ts';

const GOV = moduleAccountAddress('gov');
const alice = testKey(0);
const ctx: Ctx = { block: { chainId: CHAIN_ID, height: 1n, timeNs: 0n, proposer: '' }, gas: infiniteGasMeter(), emit: () => {} };
const authParams = { max_memo_characters: 512n, tx_sig_limit: 7n, tx_size_cost_per_byte: 10n, sig_verify_cost_ed25519: 590n, sig_verify_cost_secp256k1: 1000n };

function failure(run: () => void): { codespace: string; code: number; message: string } {
  try {
    run();
  } catch (e) {
    const err = e as ChainError;
    return { codespace: err.codespace, code: err.code, message: err.message };
  }
  throw new Error('no error');
}

function app(): App {
  const a = new App({ ...appModules });
  a.initChain(genesisWith([[alice.address, 10n ** 18n]]));
  return a;
}

describe('auth MsgUpdateParams', () => {
  it('ValidateBasic: the authority must parse, every param be non-zero (the SDK texts)', () => {
    expect(failure(() => msgUpdateAuthParams.validateBasic!({ authority: 'nope', params: authParams }))).toEqual({
      codespace: 'undefined',
      code: 1,
      message: 'invalid authority address: decoding bech32 failed: invalid bech32 string length 4',
    });
    expect(failure(() => msgUpdateAuthParams.validateBasic!({ authority: GOV, params: { ...authParams, tx_sig_limit: 0n } }))).toEqual({
      codespace: 'undefined',
      code: 1,
      message: 'invalid tx signature limit: 0',
    });
  });

  it('the handler refuses another authority (gov 13) and replaces the params for the gov account', () => {
    const a = app();
    expect(failure(() => produce(a.state, (d) => void msgUpdateAuthParams.handle(d, { authority: alice.address, params: authParams }, ctx)))).toEqual({
      codespace: 'gov',
      code: 13,
      message: `invalid authority; expected ${GOV}, got ${alice.address}: expected gov account as only signer for proposal message`,
    });
    const next = produce(a.state, (d) => void msgUpdateAuthParams.handle(d, { authority: GOV, params: authParams }, ctx));
    expect(next.auth.params).toEqual(authParams);
  });
});

describe('bank MsgUpdateParams', () => {
  it('per-denom send_enabled in the params is refused (v0.47: it is state now)', () => {
    expect(
      failure(() => msgUpdateBankParams.validateBasic!({ authority: GOV, params: { send_enabled: [{ denom: 'wei', enabled: false }], default_send_enabled: true } })),
    ).toEqual({ codespace: 'undefined', code: 1, message: 'use of send_enabled in params is no longer supported' });
  });

  it('sets default_send_enabled and keeps the per-denom list', () => {
    const a = app();
    const next = produce(a.state, (d) => void msgUpdateBankParams.handle(d, { authority: GOV, params: { send_enabled: [], default_send_enabled: false } }, ctx));
    expect(next.bank.params).toEqual({ send_enabled: a.state.bank.params.send_enabled, default_send_enabled: false });
  });
});
