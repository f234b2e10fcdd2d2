/**
 * `chaind tx register update-meta-node-deposit --network-address … --deposit-delta … --incr-deposit
 * true|false` (spec §4.3): `true` increases the deposit by the delta, `false` decreases it. The
 * spec is explicit here and wins over the real CLI, which ignores the flag
 * (reference/chain-semantics.md §1.11): a decrease is the message with the delta negated, the
 * only way the message can say it.
 */
import { Command } from 'commander';
import type { CliContext } from '../../context.ts';
import { coinArg } from '../coin-arg.ts';
import { networkAddressFlag, parseGoBool } from './node-flags.ts';
import { REGISTER, type RegisterMsgBuilder, registerTxAction } from './run.ts';

export interface UpdateMetaNodeDepositOptions {
  networkAddress: string;
  depositDelta: string;
  incrDeposit: boolean;
}

export const updateMetaNodeDepositMsg: RegisterMsgBuilder<UpdateMetaNodeDepositOptions> = (from, opts) => {
  const delta = coinArg(opts.depositDelta);
  const network_address = networkAddressFlag(opts.networkAddress);
  return {
    typeName: `${REGISTER}.MsgUpdateMetaNodeDeposit`,
    value: { network_address, owner_address: from, deposit_delta: opts.incrDeposit ? delta : { denom: delta.denom, amount: (-BigInt(delta.amount)).toString() } },
  };
};

export function updateMetaNodeDepositCommand(ctx: CliContext): Command {
  const cmd = new Command('update-meta-node-deposit')
    .description("update meta node's deposit")
    .requiredOption('--network-address <stsds1…>', 'The network id of the node')
    .requiredOption('--deposit-delta <coin>', 'Deposit change (always positive), e.g. 100gwei')
    .requiredOption('--incr-deposit [bool]', 'true increases the deposit by --deposit-delta, false decreases it', parseGoBool);
  return registerTxAction(ctx, cmd, updateMetaNodeDepositMsg);
}
