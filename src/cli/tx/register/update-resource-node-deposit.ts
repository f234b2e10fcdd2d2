/**
 * `chaind tx register update-resource-node-deposit` (spec §4.3; reference/chain-semantics.md
 * §1.5.7): add `--deposit-delta` (a positive coin) to the node's deposit. `--incr-deposit` exists
 * on the real CLI and is ignored there; so here.
 */
import { Command } from 'commander';
import type { CliContext } from '../../context.ts';
import { coinArg } from '../coin-arg.ts';
import { networkAddressFlag, parseGoBool } from './node-flags.ts';
import { REGISTER, type RegisterMsgBuilder, registerTxAction } from './run.ts';

export interface UpdateResourceNodeDepositOptions {
  networkAddress: string;
  depositDelta: string;
}

export const updateResourceNodeDepositMsg: RegisterMsgBuilder<UpdateResourceNodeDepositOptions> = (from, opts) => {
  const deposit_delta = coinArg(opts.depositDelta);
  return { typeName: `${REGISTER}.MsgUpdateResourceNodeDeposit`, value: { network_address: networkAddressFlag(opts.networkAddress), owner_address: from, deposit_delta } };
};

export function updateResourceNodeDepositCommand(ctx: CliContext): Command {
  const cmd = new Command('update-resource-node-deposit')
    .description("update resource node's deposit")
    .requiredOption('--network-address <stsds1…>', 'The network id of the node')
    .requiredOption('--deposit-delta <coin>', 'Deposit to add (always positive), e.g. 100gwei')
    .option('--incr-deposit [bool]', 'accepted and ignored, as on the real CLI: a resource node deposit only increases', parseGoBool);
  return registerTxAction(ctx, cmd, updateResourceNodeDepositMsg);
}
