/**
 * Addresses parsed by messages' stateless checks and handlers fail with the Go texts of
 * `sdk.AccAddressFromBech32` (stratos `SdsAddressFromBech32`), wrapped as each SDK or stratos
 * ValidateBasic / msg server wraps them — the texts GET routes and the CLI give for the same input
 * (docs/rest.md "Conventions").
 */
import { describe, expect, it } from 'vitest';
import { ChainError } from '../../src/errors.ts';
import { msgSend } from '../../src/modules/bank/msgs.ts';
import { msgWithdraw, msgFoundationDeposit } from '../../src/modules/pot/reward-msgs.ts';
import { msgVolumeReport } from '../../src/modules/pot/report-msg.ts';
import { requireDelegator } from '../../src/modules/staking/validate.ts';
import { requireAccAddress } from '../../src/modules/gov/msgs.ts';
import { Chain, M, nodeKeyOf, owners, STOS } from './register/harness.ts';

const ALICE = 'st18yesadx3t8x3jjsygpqeqzh0j7xh2vh66945zx';
const BAD_LENGTH = 'st1xyz';
const BAD_CHECKSUM = 'st18yesadx3t8x3jjsygpqeqzh0j7xh2vh66945zq';
const VALOPER = 'stvaloper18yesadx3t8x3jjsygpqeqzh0j7xh2vh6dfu57d';
const GO = {
  length: 'decoding bech32 failed: invalid bech32 string length 6',
  checksum: 'decoding bech32 failed: invalid checksum (expected 6945zx got 6945zq)',
  prefix: 'invalid Bech32 prefix; expected st, got stvaloper',
};

function failure(f: () => unknown): [string, number, string] {
  try {
    f();
  } catch (e) {
    if (e instanceof ChainError) return [e.codespace, e.code, e.message];
    throw e;
  }
  throw new Error('no error');
}

describe('SDK messages: ErrInvalidAddress.Wrapf("invalid <field> address: %s", err)', () => {
  it('bank MsgSend', () => {
    const send = (from: string, to: string) => () => msgSend.validateBasic!({ from_address: from, to_address: to, amount: [{ denom: 'wei', amount: '5' }] });
    expect(failure(send(BAD_LENGTH, ALICE))).toEqual(['sdk', 7, `invalid from address: ${GO.length}: invalid address`]);
    expect(failure(send(ALICE, BAD_CHECKSUM))).toEqual(['sdk', 7, `invalid to address: ${GO.checksum}: invalid address`]);
    expect(failure(send(VALOPER, ALICE))).toEqual(['sdk', 7, `invalid from address: ${GO.prefix}: invalid address`]);
    expect(failure(send('', ALICE))).toEqual(['sdk', 7, 'invalid from address: empty address string is not allowed: invalid address']);
  });

  it('staking and gov address checks', () => {
    expect(failure(() => requireDelegator(BAD_LENGTH))).toEqual(['sdk', 7, `invalid delegator address: ${GO.length}: invalid address`]);
    expect(failure(() => requireAccAddress(BAD_CHECKSUM, 'proposer'))).toEqual(['sdk', 7, `invalid proposer address: ${GO.checksum}: invalid address`]);
  });
});

describe('stratos messages: the msg servers wrap err.Error() in their sentinels', () => {
  it('register: a beneficiary that does not parse (31)', () => {
    const chain = new Chain();
    const r = chain.fails(owners[0]!, [M.createResourceNode(owners[0]!.address, nodeKeyOf(1), STOS, 4, { beneficiary_address: BAD_LENGTH })], 'register', 31);
    expect(r.log).toBe(`failed to execute message; message index: 0: ${GO.length}: invalid beneficiary address`);
  });

  it('pot: withdraw target, foundation deposit from, volume report reporter', () => {
    const withdraw = () => msgWithdraw.handle({} as never, { amount: [{ denom: 'wei', amount: '1' }], wallet_address: ALICE, target_address: BAD_LENGTH }, {} as never);
    expect(failure(withdraw)).toEqual(['pot', 27, `${GO.length}: invalid address`]);
    const deposit = () => msgFoundationDeposit.handle({} as never, { amount: [{ denom: 'wei', amount: '1' }], from: VALOPER }, {} as never);
    expect(failure(deposit)).toEqual(['pot', 27, `${GO.prefix}: invalid address`]);
    const report = () => msgVolumeReport.handle({} as never, { reporter: 'stsds1xyz', reporter_owner: ALICE } as never, {} as never);
    expect(failure(report)).toEqual(['pot', 25, 'decoding bech32 failed: invalid separator index 5: invalid reporter address']);
  });
});
