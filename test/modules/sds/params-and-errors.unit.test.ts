import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { ChainError } from '../../../src/errors.ts';
import { moduleAccountAddress } from '../../../src/modules/auth/account.ts';
import { SdsErrors } from '../../../src/modules/sds/errors.ts';
import { msgUpdateParams } from '../../../src/modules/sds/params-msg.ts';
import type { AppState } from '../../../src/state/app-state.ts';
import { infiniteGasMeter } from '../../../src/abci/gas.ts';
import { owners, sdsChain } from './harness.ts';

const ctx = { block: { chainId: 'c', height: 2n, timeNs: 0n, proposer: '' }, gas: infiniteGasMeter(), emit: () => {} };

function run(state: AppState, authority: string, bond_denom: string): AppState | ChainError {
  try {
    return produce(state, (d) => {
      msgUpdateParams.handle(d, { authority, params: { bond_denom } }, ctx);
    });
  } catch (e) {
    return e as ChainError;
  }
}

describe('sds error codes (reference §2.7)', () => {
  it('codespace sds, numbered from 2 in declaration order', () => {
    expect(Object.entries(SdsErrors).map(([k, v]) => [k, v.codespace, v.code])).toEqual([
      ['Invalid', 'sds', 2],
      ['InvalidHeight', 'sds', 3],
      ['EmptyUploaderAddr', 'sds', 4],
      ['EmptyReporters', 'sds', 5],
      ['EmptyFileHash', 'sds', 6],
      ['InvalidFileHash', 'sds', 7],
      ['NoFileFound', 'sds', 8],
      ['InvalidDenom', 'sds', 9],
      ['PrepayFailure', 'sds', 10],
      ['ReporterAddressOrOwner', 'sds', 11],
      ['InvalidSenderAddr', 'sds', 12],
      ['InvalidBeneficiaryAddr', 'sds', 13],
      ['OzoneLimitNotEnough', 'sds', 14],
      ['EmitEvent', 'sds', 15],
    ]);
  });
});

describe('MsgUpdateParams (reference §2.5)', () => {
  it('given the gov authority, when a valid denom is set, then the params change', () => {
    const next = run(sdsChain().app.state, moduleAccountAddress('gov'), 'ustos') as AppState;
    expect(next.sds.params).toEqual({ bond_denom: 'ustos' });
  });

  it('refuses another authority with gov 13', () => {
    const signer = owners[0]!.address;
    const err = run(sdsChain().app.state, signer, 'ustos') as ChainError;
    expect([err.codespace, err.code, err.message]).toEqual(['gov', 13, `invalid authority; expected ${moduleAccountAddress('gov')}, got ${signer}: expected gov account as only signer for proposal message`]);
  });

  it('refuses an invalid denom with sds 9', () => {
    const err = run(sdsChain().app.state, moduleAccountAddress('gov'), '1x') as ChainError;
    expect([err.codespace, err.code, err.message]).toEqual(['sds', 9, 'invalid denom: 1x: invalid denomination']);
  });

  it('through a tx signed by a non-gov account: gov 13', () => {
    const chain = sdsChain();
    const o = owners[0]!;
    const r = chain.deliver(o, [{ typeName: 'chain.sds.v1.MsgUpdateParams', value: { authority: o.address, params: { bond_denom: 'ustos' } } }]);
    expect({ codespace: r.codespace, code: r.code }).toEqual({ codespace: 'gov', code: 13 });
    expect(chain.app.state.sds.params).toEqual({ bond_denom: 'wei' });
  });
});
