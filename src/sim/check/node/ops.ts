/**
 * The generated tx sequences of `sdsim check --node` (docs/check.md "Against a running node"): a
 * run is a few users funded at its start and a few steps, each a set of operations — bank, sds,
 * staking, distribution, gov, register and pot messages drawn with weights, plus txs the ante
 * refuses (a wrong sequence, a wrong signature, a fee below the minimum, too little gas, a signer
 * with no account). Operations are abstract (indices, sizes); they become messages against the
 * model's state when their step starts, so a run means the same thing on any chain state.
 *
 * Within a step a user signs at most one tx, so every CheckTx answer depends only on the state
 * committed before the step, whatever blocks the node cuts while the step's txs arrive.
 */
import fc from 'fast-check';
import type { TxMessage } from '../../../client/sign-tx.ts';
import type { Codec } from '../../../codec/registry.ts';
import { getAccount } from '../../../modules/auth/state.ts';
import { balanceOf } from '../../../modules/bank/state.ts';
import { proposalsInOrder } from '../../../modules/gov/state.ts';
import { getResourceNode } from '../../../modules/register/state.ts';
import { getDelegation, getValidator } from '../../../modules/staking/state.ts';
import type { AppState } from '../../../state/app-state.ts';
import { accountOf, p2pKeyOf, type Account } from '../../run/population.ts';
import { createResourceNode } from '../../run/runner.ts';

/** An amount relative to what the user has (or has delegated): 1 wei, 1 %, half, all, all and 1 wei more. */
export type Size = 'one' | 'some' | 'half' | 'all' | 'more';

export type Op =
  | { readonly kind: 'send'; readonly from: number; readonly to: number; readonly size: Size }
  | { readonly kind: 'multi_send'; readonly from: number; readonly size: Size }
  | { readonly kind: 'prepay'; readonly from: number; readonly size: Size }
  | { readonly kind: 'delegate' | 'undelegate' | 'redelegate'; readonly from: number; readonly validator: number; readonly to: number; readonly size: Size }
  | { readonly kind: 'withdraw_rewards'; readonly from: number; readonly validator: number }
  | { readonly kind: 'set_withdraw_address'; readonly from: number; readonly to: number }
  | { readonly kind: 'fund_community_pool' | 'foundation_deposit' | 'pot_withdraw' | 'proposal'; readonly from: number; readonly size: Size }
  | { readonly kind: 'deposit'; readonly from: number; readonly proposal: number; readonly size: Size }
  | { readonly kind: 'vote'; readonly from: number; readonly proposal: number; readonly option: number }
  | { readonly kind: 'create_resource_node'; readonly from: number; readonly size: Size; readonly nodeType: number }
  | { readonly kind: 'remove_resource_node'; readonly from: number }
  | { readonly kind: 'bad_sequence' | 'bad_signature' | 'low_fee' | 'unfunded'; readonly from: number }
  | { readonly kind: 'low_gas'; readonly from: number; readonly gas: number };

/** One generated run: its users and its steps (each step's ops have distinct signers). */
export interface DiffRun {
  readonly users: number;
  readonly steps: readonly (readonly Op[])[];
}

const size: fc.Arbitrary<Size> = fc.constantFrom<Size>('one', 'some', 'some', 'half', 'all', 'more');
const who = fc.nat(3);

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('send' as const), from: who, to: fc.nat(4), size }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('multi_send' as const), from: who, size }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('prepay' as const), from: who, size }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constantFrom('delegate' as const, 'undelegate' as const, 'redelegate' as const), from: who, validator: fc.nat(7), to: fc.nat(7), size }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('withdraw_rewards' as const), from: who, validator: fc.nat(7) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('set_withdraw_address' as const), from: who, to: fc.nat(4) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom('fund_community_pool' as const, 'foundation_deposit' as const, 'pot_withdraw' as const, 'proposal' as const), from: who, size }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('deposit' as const), from: who, proposal: fc.nat(7), size }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('vote' as const), from: who, proposal: fc.nat(7), option: fc.integer({ min: 0, max: 5 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('create_resource_node' as const), from: who, size, nodeType: fc.integer({ min: 0, max: 8 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove_resource_node' as const), from: who }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('bad_sequence' as const, 'bad_signature' as const, 'low_fee' as const, 'unfunded' as const), from: who }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('low_gas' as const), from: who, gas: fc.constantFrom(20_000, 60_000, 90_000, 120_000) }) },
);

export const diffRunArbitrary: fc.Arbitrary<DiffRun> = fc
  .record({ users: fc.integer({ min: 1, max: 4 }), steps: fc.array(fc.array(op, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }) })
  .map(({ users, steps }) => ({
    users,
    // the signers of a step are distinct users of the run
    steps: steps.map((ops) => {
      const seen = new Set<number>();
      return ops.map((o) => ({ ...o, from: o.from % users })).filter((o) => !seen.has(o.from) && seen.add(o.from));
    }),
  }));

/** What one op becomes: a tx to sign, or a deliberately broken one. */
export interface PlannedTx {
  readonly signer: Account;
  readonly msgs: readonly TxMessage[];
  readonly gas: bigint;
  /** what the report calls it: `run 3 step 1: user-0 delegates half to validator 1` */
  readonly what: string;
  /** how the tx is broken on purpose, if it is */
  readonly broken?: 'sequence' | 'signature' | 'fee';
}

export interface RunActors {
  readonly users: readonly Account[];
  /** an address no user of the run holds: a send's "new address" recipient, and the signer of the `unfunded` txs (which it can pay for once such a send funded it) */
  readonly stranger: Account;
  /** the users' resource nodes (`MsgCreateResourceNode`) */
  readonly nodes: readonly { readonly p2pPublicKey: Uint8Array; readonly networkAddress: string }[];
}

/** The run's actors: keys from the check's seed, the run's index and a name (src/sim/run/population.ts). */
export function runActors(seed: number, run: number, users: number): RunActors {
  const name = (what: string) => `check-node/run-${run}/${what}`;
  return {
    users: Array.from({ length: users }, (_, i) => accountOf(seed, name(`user-${i}`))),
    stranger: accountOf(seed, name('stranger')),
    nodes: Array.from({ length: users }, (_, i) => p2pKeyOf(seed, name(`user-${i}`))),
  };
}

const DENOM = 'wei';
const coins = (amount: bigint) => [{ denom: DENOM, amount: amount.toString() }];
const BANK_GAS = 200_000n;
const MODULE_GAS = 400_000n;

/** The op as a tx against `state` (the state committed before its step); `fee` is what a tx of `gas` pays. */
export function planOp(o: Op, actors: RunActors, state: AppState, fee: (gas: bigint) => bigint, codec: Codec): PlannedTx {
  const user = actors.users[o.from]!;
  const peer = (i: number) => (i < actors.users.length ? actors.users[i]! : actors.stranger);
  const spendable = (gas: bigint) => {
    const b = balanceOf(state, user.address, DENOM) - fee(gas);
    return b > 0n ? b : 0n;
  };
  const sized = (s: Size, base: bigint): bigint => {
    switch (s) {
      case 'one':
        return 1n;
      case 'some':
        return base / 100n > 0n ? base / 100n : 1n;
      case 'half':
        return base / 2n > 0n ? base / 2n : 1n;
      case 'all':
        return base > 0n ? base : 1n;
      case 'more':
        return base + 1n;
    }
  };
  const validators = Object.values(state.staking.validators).sort((a, b) => (a.operator_address < b.operator_address ? -1 : 1));
  const validatorAt = (i: number) => (validators.length > 0 ? validators[i % validators.length]!.operator_address : 'stvaloper1none');
  const delegated = (operator: string): bigint => {
    const d = getDelegation(state, user.address, operator);
    const v = getValidator(state, operator);
    if (!d || !v || v.delegator_shares === 0n) return 0n;
    return (d.shares * v.tokens) / v.delegator_shares;
  };
  const proposals = proposalsInOrder(state);
  const proposalAt = (i: number) => (proposals.length > 0 ? proposals[i % proposals.length]!.id : 1_000_000n);
  const tx = (msgs: TxMessage[], gas: bigint, what: string): PlannedTx => ({ signer: user, msgs, gas, what: `${user.name.replace(/^.*\//, '')} ${what}` });
  const send = (to: string, amount: bigint): TxMessage => ({ typeName: 'sdk.bank.v1beta1.MsgSend', value: { from_address: user.address, to_address: to, amount: coins(amount) } });

  switch (o.kind) {
    case 'send': {
      const amount = sized(o.size, spendable(BANK_GAS));
      return tx([send(peer(o.to).address, amount)], BANK_GAS, `sends ${amount} wei (${o.size}) to ${o.to < actors.users.length ? `user-${o.to}` : 'a new address'}`);
    }
    case 'multi_send': {
      // several MsgSend in one tx (the chain's bank registers no MsgMultiSend)
      const others = actors.users.filter((u) => u !== user);
      const outputs = others.length > 0 ? others : [actors.stranger];
      const each = sized(o.size, spendable(BANK_GAS)) / BigInt(outputs.length) || 1n;
      return tx(outputs.map((u) => send(u.address, each)), BANK_GAS, `sends ${each} wei to each of ${outputs.length} address(es) in one tx`);
    }
    case 'prepay': {
      const amount = sized(o.size, spendable(BANK_GAS));
      return tx([{ typeName: 'chain.sds.v1.MsgPrepay', value: { sender: user.address, beneficiary: user.address, amount: coins(amount) } }], BANK_GAS, `prepays ${amount} wei`);
    }
    case 'delegate': {
      const v = validatorAt(o.validator);
      const amount = sized(o.size, spendable(MODULE_GAS));
      return tx([{ typeName: 'sdk.staking.v1beta1.MsgDelegate', value: { delegator_address: user.address, validator_address: v, amount: { denom: DENOM, amount: amount.toString() } } }], MODULE_GAS, `delegates ${amount} wei to ${v}`);
    }
    case 'undelegate': {
      const v = validatorAt(o.validator);
      const amount = sized(o.size, delegated(v));
      return tx([{ typeName: 'sdk.staking.v1beta1.MsgUndelegate', value: { delegator_address: user.address, validator_address: v, amount: { denom: DENOM, amount: amount.toString() } } }], MODULE_GAS, `undelegates ${amount} wei from ${v}`);
    }
    case 'redelegate': {
      const src = validatorAt(o.validator);
      const dst = validatorAt(o.to);
      const amount = sized(o.size, delegated(src));
      const value = { delegator_address: user.address, validator_src_address: src, validator_dst_address: dst, amount: { denom: DENOM, amount: amount.toString() } };
      return tx([{ typeName: 'sdk.staking.v1beta1.MsgBeginRedelegate', value }], MODULE_GAS, `redelegates ${amount} wei from ${src} to ${dst}`);
    }
    case 'withdraw_rewards': {
      const v = validatorAt(o.validator);
      return tx([{ typeName: 'sdk.distribution.v1beta1.MsgWithdrawDelegatorReward', value: { delegator_address: user.address, validator_address: v } }], MODULE_GAS, `withdraws its rewards from ${v}`);
    }
    case 'set_withdraw_address':
      return tx([{ typeName: 'sdk.distribution.v1beta1.MsgSetWithdrawAddress', value: { delegator_address: user.address, withdraw_address: peer(o.to).address } }], MODULE_GAS, `sets its withdraw address`);
    case 'fund_community_pool': {
      const amount = sized(o.size, spendable(MODULE_GAS));
      return tx([{ typeName: 'sdk.distribution.v1beta1.MsgFundCommunityPool', value: { amount: coins(amount), depositor: user.address } }], MODULE_GAS, `funds the community pool with ${amount} wei`);
    }
    case 'foundation_deposit': {
      const amount = sized(o.size, spendable(MODULE_GAS));
      return tx([{ typeName: 'chain.pot.v1.MsgFoundationDeposit', value: { amount: coins(amount), from: user.address } }], MODULE_GAS, `deposits ${amount} wei to the foundation`);
    }
    case 'pot_withdraw': {
      const amount = sized(o.size, spendable(MODULE_GAS));
      return tx([{ typeName: 'chain.pot.v1.MsgWithdraw', value: { amount: coins(amount), wallet_address: user.address, target_address: user.address } }], MODULE_GAS, `withdraws ${amount} wei of pot rewards`);
    }
    case 'proposal': {
      const amount = sized(o.size, spendable(MODULE_GAS));
      // a proposal without messages needs metadata (gov refuses one with neither)
      const value = { messages: [], initial_deposit: coins(amount), proposer: user.address, metadata: 'sdsim check --node', title: `check proposal of ${user.address.slice(-6)}`, summary: 'generated by sdsim check --node' };
      return tx([{ typeName: 'sdk.gov.v1.MsgSubmitProposal', value }], MODULE_GAS, `submits a proposal with ${amount} wei`);
    }
    case 'deposit': {
      const id = proposalAt(o.proposal);
      const amount = sized(o.size, spendable(MODULE_GAS));
      return tx([{ typeName: 'sdk.gov.v1.MsgDeposit', value: { proposal_id: id, depositor: user.address, amount: coins(amount) } }], MODULE_GAS, `deposits ${amount} wei on proposal ${id}`);
    }
    case 'vote': {
      const id = proposalAt(o.proposal);
      return tx([{ typeName: 'sdk.gov.v1.MsgVote', value: { proposal_id: id, voter: user.address, option: o.option, metadata: '' } }], MODULE_GAS, `votes ${o.option} on proposal ${id}`);
    }
    case 'create_resource_node': {
      const node = actors.nodes[o.from]!;
      const deposit = sized(o.size, spendable(MODULE_GAS));
      const msg = createResourceNode({ ...node, deposit, address: user.address, name: user.name.replace(/^.*\//, ''), nodeType: o.nodeType }, codec);
      return tx([msg], MODULE_GAS, `registers resource node ${node.networkAddress} (type ${o.nodeType}, deposit ${deposit} wei)`);
    }
    case 'remove_resource_node': {
      const node = actors.nodes[o.from]!;
      const known = getResourceNode(state, node.networkAddress) !== undefined;
      const msg: TxMessage = { typeName: 'chain.register.v1.MsgRemoveResourceNode', value: { resource_node_address: node.networkAddress, owner_address: user.address } };
      return tx([msg], MODULE_GAS, `unbonds resource node ${node.networkAddress}${known ? '' : ' (not registered)'}`);
    }
    case 'bad_sequence':
      return { ...tx([send(actors.stranger.address, 1n)], BANK_GAS, 'sends 1 wei with a sequence 3 ahead'), broken: 'sequence' };
    case 'bad_signature':
      return { ...tx([send(actors.stranger.address, 1n)], BANK_GAS, 'sends 1 wei signed for another chain id'), broken: 'signature' };
    case 'low_fee':
      return { ...tx([send(actors.stranger.address, 1n)], BANK_GAS, 'sends 1 wei paying half the minimum fee'), broken: 'fee' };
    case 'unfunded':
      return { signer: actors.stranger, msgs: [{ typeName: 'sdk.bank.v1beta1.MsgSend', value: { from_address: actors.stranger.address, to_address: user.address, amount: coins(1n) } }], gas: BANK_GAS, what: 'an account with no funds sends 1 wei' };
    case 'low_gas':
      return tx([send(peer(0).address, 1n)], BigInt(o.gas), `sends 1 wei with a gas limit of ${o.gas}`);
  }
}

/** The account number and sequence a tx of `address` signs with now (0, 0 for an account the chain does not know). */
export function signerState(state: AppState, address: string): { accountNumber: bigint; sequence: bigint } {
  const a = getAccount(state, address);
  return { accountNumber: a?.account_number ?? 0n, sequence: a?.sequence ?? 0n };
}
