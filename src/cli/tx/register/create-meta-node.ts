/**
 * `chaind tx register create-meta-node` (spec §4.3; reference/chain-semantics.md §1.5.2, §1.11):
 * as `create-resource-node` without `--node-type`. The new meta node waits for the votes of the
 * active meta nodes.
 */
import { Command } from 'commander';
import type { CliContext } from '../../context.ts';
import { coinArg } from '../coin-arg.ts';
import { addDescriptionFlags, beneficiaryFlag, descriptionOf, type DescriptionOptions, networkAddressFlag, nodePubKeyHelp, parseNodePubKey } from './node-flags.ts';
import { REGISTER, type RegisterMsgBuilder, registerTxAction } from './run.ts';

export interface CreateMetaNodeOptions extends DescriptionOptions {
  networkAddress: string;
  amount: string;
  pubkey: string;
  beneficiaryAddress?: string;
}

/** The flags are read in stratos' order (amount, network address, beneficiary, pubkey): the first bad one is told. */
export const createMetaNodeMsg: RegisterMsgBuilder<CreateMetaNodeOptions> = (from, opts, codec) => {
  const value = coinArg(opts.amount);
  const network_address = networkAddressFlag(opts.networkAddress);
  const beneficiary_address = beneficiaryFlag(opts.beneficiaryAddress) ?? from;
  const pubkey = parseNodePubKey(opts.pubkey, codec);
  return { typeName: `${REGISTER}.MsgCreateMetaNode`, value: { network_address, pubkey, value, owner_address: from, beneficiary_address, description: descriptionOf(opts) } };
};

export function createMetaNodeCommand(ctx: CliContext): Command {
  const cmd = new Command('create-meta-node')
    .description('create new meta node initialized with a deposit')
    .requiredOption('--network-address <stsds1…>', 'The network id of the node')
    .requiredOption('--amount <coin>', 'Amount of coins to bond, e.g. 1stos or 1000000000000000000wei')
    .requiredOption('--pubkey <json>', nodePubKeyHelp(ctx.naming))
    .option('--beneficiary-address <st1…>', 'The beneficiary address of the node (default: the owner, --from)', '');
  addDescriptionFlags(cmd, true);
  return registerTxAction(ctx, cmd, createMetaNodeMsg);
}
