/**
 * ValidateBasic of the pot messages called directly, for the codes a signed tx cannot reach
 * (an empty or malformed signer address): 12, 17, 25, 27 (reference/chain-semantics.md §3.3–3.9).
 */
import { describe, expect, it } from 'vitest';
import { ChainError } from '../../../src/errors.ts';
import { msgFoundationDeposit, msgSlashingResourceNode, msgVolumeReport, msgWithdraw } from '../../../src/modules/pot/msgs.ts';
import { owners } from './harness.ts';

const A = owners[0]!.address;

function codeOf(f: () => void): [string, number, string] | 'ok' {
  try {
    f();
    return 'ok';
  } catch (e) {
    const c = e as ChainError;
    return [c.codespace, c.code, c.message];
  }
}

const report = (over: Record<string, unknown>) => ({
  wallet_volumes: [{ wallet_address: A, volume: '1' }],
  reporter: 'stsds1x',
  epoch: '1',
  report_reference: 'r',
  reporter_owner: A,
  BLS_signature: { pub_keys: [new Uint8Array([1])], signature: new Uint8Array([1]), txData: new Uint8Array([1]) },
  ...over,
});

describe('ValidateBasic codes unreachable through signed txs', () => {
  it('volume report: empty owner → 17, malformed owner → 25; the reporter bech32 is not checked here', () => {
    expect(codeOf(() => msgVolumeReport.validateBasic!(report({ reporter_owner: '' }) as never))).toEqual(['pot', 17, 'invalid reporter owner address']);
    expect(codeOf(() => msgVolumeReport.validateBasic!(report({ reporter_owner: 'st1bad' }) as never))).toEqual(['pot', 25, 'invalid reporter address']);
    expect(codeOf(() => msgVolumeReport.validateBasic!(report({}) as never))).toBe('ok');
  });

  it('foundation deposit: empty from → 12, malformed from → 27', () => {
    const amount = [{ denom: 'wei', amount: '1' }];
    expect(codeOf(() => msgFoundationDeposit.validateBasic!({ amount, from: '' }))).toEqual(['pot', 12, 'missing from address']);
    expect(codeOf(() => msgFoundationDeposit.validateBasic!({ amount, from: 'st1bad' }))).toEqual(['pot', 27, 'invalid address']);
  });

  it('withdraw: empty wallet → 5, malformed wallet → 27, unsorted coins → 4', () => {
    const amount = [{ denom: 'wei', amount: '1' }];
    expect(codeOf(() => msgWithdraw.validateBasic!({ amount, wallet_address: '', target_address: A }))).toEqual(['pot', 5, 'missing wallet address']);
    expect(codeOf(() => msgWithdraw.validateBasic!({ amount, wallet_address: 'st1bad', target_address: A }))).toEqual(['pot', 27, 'invalid address']);
    const unsorted = [{ denom: 'wei', amount: '1' }, { denom: 'abc', amount: '1' }];
    expect(codeOf(() => msgWithdraw.validateBasic!({ amount: unsorted, wallet_address: A, target_address: A }))).toEqual(['pot', 4, 'withdraw amount is invalid']);
  });

  it('slashing: empty network → 6, empty wallet → 5, an empty reporter → 25, a malformed owner → 27', () => {
    const base = { reporters: ['stsds1x'], reporter_owner: [A], network_address: 'stsds1y', wallet_address: A, slashing: '1', suspend: false };
    expect(codeOf(() => msgSlashingResourceNode.validateBasic!({ ...base, network_address: '' }))).toEqual(['pot', 6, 'missing target address']);
    expect(codeOf(() => msgSlashingResourceNode.validateBasic!({ ...base, wallet_address: '' }))).toEqual(['pot', 5, 'missing wallet address']);
    expect(codeOf(() => msgSlashingResourceNode.validateBasic!({ ...base, reporters: [''] }))).toEqual(['pot', 25, 'invalid reporter address']);
    expect(codeOf(() => msgSlashingResourceNode.validateBasic!({ ...base, reporter_owner: ['st1bad'] }))).toEqual(['pot', 27, 'invalid address']);
    // the two lists are not checked for equal length
    expect(codeOf(() => msgSlashingResourceNode.validateBasic!({ ...base, reporter_owner: [] }))).toBe('ok');
  });
});
