/**
 * A deterministic node with gov proposals in every state, for the gov REST golden files and the
 * CosmJS gov extension test: the 3-validator node of the staking-family tests (staking-family-node.ts:
 * fixed keys, gentxs, block n at 2024-01-01T00:00:0n.25Z, one tx per block), with gov params of
 * short periods (min deposit 10 stos, deposit period 12 s, voting period 8 s).
 *
 * The scenario (`runGovScenario`), bonded power val0 300, val1 100, val2 100 stos:
 * - dev delegates 10 stos to val0;
 * - #1 text "Passes" (v1beta1 submit by key 0, 10 stos): val0 and val1 vote yes → PASSED;
 * - #2 text "Vetoed" (v1beta1 submit by dev, 10 stos): val0 votes no_with_veto → REJECTED, deposit burned;
 * - #3 a v1 proposal sending 1000 stos from the gov account (key 4, 10 stos): val0 and val1 vote
 *   yes → it passes the tally, its message fails (gov holds no such funds) → FAILED;
 * - #4 text "Waits" (dev, 2 stos) + 3 stos from key 4: still in deposit period at the end;
 * - #5 text "Votes" (key 1, 4 stos) + 6 stos from dev → voting: dev votes weighted yes 0.6 / no 0.4
 *   (v1, weights as given), val2 votes abstain, key 4 votes no (no stake): in voting period at the end;
 * - #6 a v1 proposal with two messages (key 4, 10 stos; metadata, title, summary of its own): in
 *   voting period at the end, which the v1beta1 views cannot show.
 */
import type { TxMessage } from '../../../src/client/sign-tx.ts';
import { createCodec } from '../../../src/codec/registry.ts';
import { moduleAccountAddress } from '../../../src/modules/auth/account.ts';
import { dev, k0, k1, k2, k4, STOS, startStakingNode, valoper, type StakingNode } from './staking-family-node.ts';
import { DEFAULT_GOV_PARAMS_JSON } from '../../helpers/gov-params.ts';

export { dev, k0, k1, k2, k4, STOS, valoper };
export const GOV_ADDRESS = moduleAccountAddress('gov');
const codec = createCodec();
const coin = (amount: bigint) => ({ denom: 'wei', amount: amount.toString() });
const V1 = 'sdk.gov.v1';
const B1 = 'sdk.gov.v1beta1';

/** the defaults with a small deposit and short periods */
export const GOV_PARAMS = { ...DEFAULT_GOV_PARAMS_JSON, min_deposit: [coin(10n * STOS)], max_deposit_period: '12s', voting_period: '8s' };

export const Vote = { YES: 1, ABSTAIN: 2, NO: 3, NO_WITH_VETO: 4 } as const;

const sendFromGov = (to: string, amount: bigint) => codec.packAny('sdk.bank.v1beta1.MsgSend', { from_address: GOV_ADDRESS, to_address: to, amount: [coin(amount)] });

export const govMsg = {
  submitText: (proposer: string, title: string, description: string, deposit: bigint): TxMessage => ({
    typeName: `${B1}.MsgSubmitProposal`,
    value: { content: codec.packAny(`${B1}.TextProposal`, { title, description }), initial_deposit: [coin(deposit)], proposer },
  }),
  submit: (proposer: string, messages: unknown[], deposit: bigint, text: { metadata?: string; title: string; summary: string }): TxMessage => ({
    typeName: `${V1}.MsgSubmitProposal`,
    value: { messages, initial_deposit: [coin(deposit)], proposer, metadata: text.metadata ?? '', title: text.title, summary: text.summary },
  }),
  vote: (id: bigint, voter: string, option: number): TxMessage => ({ typeName: `${V1}.MsgVote`, value: { proposal_id: id, voter, option, metadata: '' } }),
  voteWeighted: (id: bigint, voter: string, options: { option: number; weight: string }[]): TxMessage => ({
    typeName: `${V1}.MsgVoteWeighted`,
    value: { proposal_id: id, voter, options, metadata: '' },
  }),
  deposit: (id: bigint, depositor: string, amount: bigint): TxMessage => ({ typeName: `${V1}.MsgDeposit`, value: { proposal_id: id, depositor, amount: [coin(amount)] } }),
  delegate: (del: string, val: string, amount: bigint): TxMessage => ({ typeName: 'sdk.staking.v1beta1.MsgDelegate', value: { delegator_address: del, validator_address: val, amount: coin(amount) } }),
};

export async function startGovNode(): Promise<StakingNode> {
  return startStakingNode({
    appState: {
      gov: { starting_proposal_id: '1', deposits: [], votes: [], proposals: [], deposit_params: null, voting_params: null, tally_params: null, params: GOV_PARAMS },
    },
  });
}

/** The scenario of the header comment; the heights of its steps go to `n.heights`. */
export async function runGovScenario(n: StakingNode): Promise<void> {
  const h = n.heights;
  n.node.produceBlock();
  h.delegate = await n.tx(dev, [govMsg.delegate(dev.address, valoper(k0), 10n * STOS)]);
  h.submit1 = await n.tx(k0, [govMsg.submitText(k0.address, 'Passes', 'A text proposal that passes', 10n * STOS)]);
  h.submit2 = await n.tx(dev, [govMsg.submitText(dev.address, 'Vetoed', 'A text proposal vetoed by val0', 10n * STOS)]);
  h.submit3 = await n.tx(k4, [govMsg.submit(k4.address, [sendFromGov(k4.address, 1000n * STOS)], 10n * STOS, { title: 'Pay', summary: 'Sends what gov does not hold' })]);
  h.vote1 = await n.tx(k0, [govMsg.vote(1n, k0.address, Vote.YES), govMsg.vote(3n, k0.address, Vote.YES)]);
  h.vote2 = await n.tx(k1, [govMsg.vote(1n, k1.address, Vote.YES), govMsg.vote(3n, k1.address, Vote.YES)]);
  h.veto = await n.tx(k0, [govMsg.vote(2n, k0.address, Vote.NO_WITH_VETO)]);
  h.submit4 = await n.tx(dev, [govMsg.submitText(dev.address, 'Waits', 'Never reaches the minimum deposit', 2n * STOS)]);
  h.deposit4 = await n.tx(k4, [govMsg.deposit(4n, k4.address, 3n * STOS)]);
  h.submit5 = await n.tx(k1, [govMsg.submitText(k1.address, 'Votes', 'In voting period at the end', 4n * STOS)]);
  h.deposit5 = await n.tx(dev, [govMsg.deposit(5n, dev.address, 6n * STOS)]);
  h.weighted = await n.tx(dev, [
    govMsg.voteWeighted(5n, dev.address, [
      { option: Vote.YES, weight: '0.6' },
      { option: Vote.NO, weight: '0.4' },
    ]),
  ]);
  h.abstain = await n.tx(k2, [govMsg.vote(5n, k2.address, Vote.ABSTAIN)]);
  h.noStake = await n.tx(k4, [govMsg.vote(5n, k4.address, Vote.NO)]);
  h.submit6 = await n.tx(k4, [
    govMsg.submit(k4.address, [sendFromGov(k4.address, 1n), sendFromGov(dev.address, 2n)], 10n * STOS, { metadata: 'ipfs://two', title: 'Two', summary: 'Two messages' }),
  ]);
  n.node.produceBlock();
}
