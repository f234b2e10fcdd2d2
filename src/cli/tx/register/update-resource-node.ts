/**
 * `chaind tx register update-resource-node` (spec §4.3; reference/chain-semantics.md §1.5.5, §1.11):
 * replaces the description, node type and beneficiary. `--node-type` defaults to 0 as on the real
 * CLI, which refuses it itself (ErrNodeType) unless a type is given.
 */
import { Command } from 'commander';
import type { CliContext } from '../../context.ts';
import { addDescriptionFlags, beneficiaryFlag, descriptionOf, type DescriptionOptions, networkAddressFlag, nodeTypeFlag, parseUint32 } from './node-flags.ts';
import { REGISTER, type RegisterMsgBuilder, registerTxAction } from './run.ts';

export interface UpdateResourceNodeOptions extends DescriptionOptions {
  networkAddress: string;
  nodeType: number;
  beneficiaryAddress?: string;
}

/** The flags are read in stratos' order (network address, beneficiary, node type). */
export const updateResourceNodeMsg: RegisterMsgBuilder<UpdateResourceNodeOptions> = (from, opts) => {
  const network_address = networkAddressFlag(opts.networkAddress);
  const beneficiary_address = beneficiaryFlag(opts.beneficiaryAddress) ?? '';
  const node_type = nodeTypeFlag(opts.nodeType);
  return { typeName: `${REGISTER}.MsgUpdateResourceNode`, value: { description: descriptionOf(opts), beneficiary_address, network_address, owner_address: from, node_type } };
};

export function updateResourceNodeCommand(ctx: CliContext): Command {
  const cmd = new Command('update-resource-node')
    .description("update resource node's info")
    .requiredOption('--network-address <stsds1…>', 'The network id of the node')
    .option('--node-type <uint32>', 'The node type: a combination of computation=1, database=2, storage=4 (1~7)', parseUint32, 0)
    .option('--beneficiary-address <st1…>', 'The new beneficiary address of the node', '');
  addDescriptionFlags(cmd, false);
  return registerTxAction(ctx, cmd, updateResourceNodeMsg);
}
