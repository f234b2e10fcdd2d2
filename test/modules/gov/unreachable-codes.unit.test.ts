/**
 * Codes a tx cannot reach (the tx decoder only lets a TextProposal travel as legacy Content), checked
 * on the handlers directly: gov 6 (legacy content of another type) and gov 9 (no legacy handler).
 */
import { describe, expect, it } from 'vitest';
import { produce } from 'immer';
import { govModule } from '../../../src/abci/modules.ts';
import { infiniteGasMeter } from '../../../src/abci/gas.ts';
import { emptyAppState } from '../../../src/state/app-state.ts';
import type { Ctx } from '../../../src/state/module.ts';
import { GOV, keys, pack } from './harness.ts';

const spec = (name: string) => govModule.msgs!.find((m) => m.typeName === name)!;
const ctx: Ctx = { block: { chainId: 'c', height: 1n, timeNs: 0n, proposer: '' } as Ctx['block'], gas: infiniteGasMeter(), emit: () => {} };
const send = pack('sdk.bank.v1beta1.MsgSend', { from_address: GOV, to_address: keys[1]!.address, amount: [] });

describe('gov codes out of reach of a tx', () => {
  it('legacy submit with a content that is not a TextProposal: gov 6', () => {
    expect(() => spec('sdk.gov.v1beta1.MsgSubmitProposal').validateBasic!({ content: send, initial_deposit: [], proposer: keys[1]!.address })).toThrow(
      'sdk.bank.v1beta1.MsgSend: invalid proposal type',
    );
  });

  it('MsgExecLegacyContent with a content no legacy route handles: gov 9; with another authority: gov 13', () => {
    const exec = spec('sdk.gov.v1.MsgExecLegacyContent');
    expect(() => produce(emptyAppState(), (d) => void exec.handle(d, { content: send, authority: GOV }, ctx))).toThrow('sdk.bank.v1beta1.MsgSend: no handler exists for proposal type');
    expect(() => produce(emptyAppState(), (d) => void exec.handle(d, { content: send, authority: keys[1]!.address }, ctx))).toThrow(
      `expected ${GOV} got ${keys[1]!.address}: expected gov account as only signer for proposal message`,
    );
  });
});
