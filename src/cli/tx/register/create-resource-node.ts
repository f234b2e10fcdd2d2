/**
 * `chaind tx register create-resource-node` (spec §4.3; reference/chain-semantics.md §1.5.1, §1.11):
 * bond `--amount` for a new resource node; the owner is `--from`, the beneficiary `--beneficiary-address`
 * or the owner.
 */
import { Command } from 'commander';
import type { CliContext } from '../../context.ts';
import { coinArg } from '../coin-arg.ts';
import { addDescriptionFlags, beneficiaryFlag, descriptionOf, type DescriptionOptions, networkAddressFlag, nodePubKeyHelp, nodeTypeFlag, parseNodePubKey, parseUint32 } from './node-flags.ts';
import { REGISTER, type RegisterMsgBuilder, registerTxAction } from './run.ts';

export interface CreateResourceNodeOptions extends DescriptionOptions {
  networkAddress: string;
  amount: string;
  pubkey: string;
  nodeType: number;
  beneficiaryAddress?: string;
}

/** The flags are read in stratos' order (amount, network address, beneficiary, pubkey, node type): the first bad one is told. */
export const createResourceNodeMsg: RegisterMsgBuilder<CreateResourceNodeOptions> = (from, opts, codec) => {
  const value = coinArg(opts.amount);
  const network_address = networkAddressFlag(opts.networkAddress);
  const beneficiary_address = beneficiaryFlag(opts.beneficiaryAddress) ?? from;
  const pubkey = parseNodePubKey(opts.pubkey, codec);
  const node_type = nodeTypeFlag(opts.nodeType);
  return {
    typeName: `${REGISTER}.MsgCreateResourceNode`,
    value: { network_address, pubkey, value, owner_address: from, beneficiary_address, description: descriptionOf(opts), node_type },
  };
};

export function createResourceNodeCommand(ctx: CliContext): Command {
  const cmd = new Command('create-resource-node')
    .description('create new resource node initialized with a deposit')
    .requiredOption('--network-address <stsds1…>', "The network id of the node")
    .requiredOption('--amount <coin>', 'Amount of coins to bond, e.g. 1stos or 1000000000000000000wei')
    .requiredOption('--pubkey <json>', nodePubKeyHelp(ctx.naming))
    .requiredOption('--node-type <uint32>', 'The node type: a combination of computation=1, database=2, storage=4 (1~7)', parseUint32)
    .option('--beneficiary-address <st1…>', 'The beneficiary address of the node (default: the owner, --from)', '');
  addDescriptionFlags(cmd, true);
  return registerTxAction(ctx, cmd, createResourceNodeMsg);
}
