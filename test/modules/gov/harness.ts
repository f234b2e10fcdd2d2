/**
 * Given/when/then harness for gov tests: the staking harness's Chain (an App with funded keys) with
 * short gov periods in genesis, a bonded validator, and builders of gov messages.
 */
import { expect } from 'vitest';
import type { TxMessage } from '../../../src/client/sign-tx.ts';
import { createCodec, type Any } from '../../../src/codec/registry.ts';
import { defaultGovGenesis } from '../../../src/modules/gov/genesis.ts';
import { potParamsToProto } from '../../../src/modules/pot/params.ts';
import type { ProposalRecord } from '../../../src/modules/gov/state.ts';
import { Chain, consKey, GOV, keys, M as StakingM, SEC, STOS, valoper, type ConsKey } from '../staking/harness.ts';
import type { TestKey } from '../../helpers/fixture.ts';

export { Chain, GOV, keys, SEC, STOS, valoper, consKey, type ConsKey, type TestKey };
export { eventsOf } from '../staking/harness.ts';

export const DEPOSIT_PERIOD = 100n * SEC;
export const VOTING_PERIOD = 60n * SEC;
export const MIN_DEPOSIT = 10n * STOS;

const codec = createCodec();
const G = 'sdk.gov.v1';
const L = 'sdk.gov.v1beta1';
const coins = (amount: bigint, denom = 'wei') => (amount === 0n ? [] : [{ denom, amount: amount.toString() }]);

export function govParams(extra: Record<string, unknown> = {}) {
  return {
    ...defaultGovGenesis().params,
    min_deposit: coins(MIN_DEPOSIT),
    max_deposit_period: `${DEPOSIT_PERIOD / SEC}s`,
    voting_period: `${VOTING_PERIOD / SEC}s`,
    ...extra,
  };
}

/** A chain with short gov periods; `validators` of the keys create validators of 10 STOS each. */
export function govChain(opts: { params?: Record<string, unknown>; validators?: number } = {}): Chain {
  const chain = new Chain(10_000n * STOS, { gov: { ...defaultGovGenesis(), params: govParams(opts.params) } });
  for (let i = 0; i < (opts.validators ?? 1); i++) chain.ok(keys[i]!, [StakingM.createValidator(keys[i]!, consKey(i + 1), 10n * STOS)]);
  return chain;
}

export const pack = (typeName: string, value: Record<string, unknown>): Any => codec.packAny(typeName, value);

export const textContent = (title = 'T', description = 'D'): Any => pack(`${L}.TextProposal`, { title, description });
export const execLegacy = (content = textContent(), authority = GOV): Any => pack(`${G}.MsgExecLegacyContent`, { content, authority });
export const sendFromGov = (to: string, amount: bigint): Any => pack('sdk.bank.v1beta1.MsgSend', { from_address: GOV, to_address: to, amount: coins(amount) });
export const potMatureEpoch = (chain: Chain, matureEpoch: bigint): Any =>
  pack('chain.pot.v1.MsgUpdateParams', { authority: GOV, params: { ...potParamsToProto(chain.app.state.pot.params), mature_epoch: matureEpoch } });

export const M = {
  submit: (proposer: string, messages: Any[], deposit: bigint, extra: Record<string, unknown> = {}): TxMessage => ({
    typeName: `${G}.MsgSubmitProposal`,
    value: { messages, initial_deposit: coins(deposit), proposer, metadata: '', title: 'title', summary: 'summary', ...extra },
  }),
  deposit: (depositor: string, id: bigint, amount: bigint): TxMessage => ({ typeName: `${G}.MsgDeposit`, value: { proposal_id: id, depositor, amount: coins(amount) } }),
  vote: (voter: string, id: bigint, option: number, metadata = ''): TxMessage => ({ typeName: `${G}.MsgVote`, value: { proposal_id: id, voter, option, metadata } }),
  weighted: (voter: string, id: bigint, options: { option: number; weight: string }[], metadata = ''): TxMessage => ({
    typeName: `${G}.MsgVoteWeighted`,
    value: { proposal_id: id, voter, options, metadata },
  }),
  legacySubmit: (proposer: string, content: Any, deposit: bigint): TxMessage => ({ typeName: `${L}.MsgSubmitProposal`, value: { content, initial_deposit: coins(deposit), proposer } }),
  legacyVote: (voter: string, id: bigint, option: number): TxMessage => ({ typeName: `${L}.MsgVote`, value: { proposal_id: id, voter, option } }),
  legacyWeighted: (voter: string, id: bigint, options: { option: number; weight: string }[]): TxMessage => ({ typeName: `${L}.MsgVoteWeighted`, value: { proposal_id: id, voter, options } }),
  legacyDeposit: (depositor: string, id: bigint, amount: bigint): TxMessage => ({ typeName: `${L}.MsgDeposit`, value: { proposal_id: id, depositor, amount: coins(amount) } }),
};

export const YES = 1;
export const ABSTAIN = 2;
export const NO = 3;
export const VETO = 4;

export function proposal(chain: Chain, id: bigint): ProposalRecord | undefined {
  return chain.app.state.gov.proposals[id.toString()];
}

/** Runs empty blocks until the block time reaches `timeNs` (one block jumping there). */
export function advanceTo(chain: Chain, timeNs: bigint) {
  return chain.emptyBlock(timeNs - chain.timeNs);
}

export function expectCode(r: { codespace: string; code: number; log: string }, codespace: string, code: number, log?: string) {
  expect({ codespace: r.codespace, code: r.code, ...(log !== undefined ? { log: r.log } : {}) }).toEqual({ codespace, code, ...(log !== undefined ? { log } : {}) });
}
