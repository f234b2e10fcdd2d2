/**
 * `chaind tx register update-resource-node` (spec §4.3; reference/chain-semantics.md §1.5.5, §1.11):
 * replaces the description, node type and beneficiary. `--node-type` defaults to 0 as on the real
 * CLI, which the message's ValidateBasic refuses unless a type is given.
 */
import { Command } from 'commander';
import type { CliContext } from '../../context.ts';
import { addDescriptionFlags, descriptionOf, type DescriptionOptions, parseUint32 } from './node-flags.ts';
import { REGISTER, type RegisterMsgBuilder, registerTxAction } from './run.ts';

export interface UpdateResourceNodeOptions extends DescriptionOptions {
  networkAddress: string;
  nodeType: number;
  beneficiaryAddress?: string;
}

export const updateResourceNodeMsg: RegisterMsgBuilder<UpdateResourceNodeOptions> = (from, opts) => ({
  typeName: `${REGISTER}.MsgUpdateResourceNode`,
  value: {
    description: descriptionOf(opts),
    beneficiary_address: opts.beneficiaryAddress ?? '',
    network_address: opts.networkAddress,
    owner_address: from,
    node_type: opts.nodeType,
  },
});

export function updateResourceNodeCommand(ctx: CliContext): Command {
  const cmd = new Command('update-resource-node')
    .description("update resource node's info")
    .requiredOption('--network-address <stsds1…>', 'The network id of the node')
    .option('--node-type <uint32>', 'The node type: a combination of computation=1, database=2, storage=4 (1~7)', parseUint32, 0)
    .option('--beneficiary-address <st1…>', 'The new beneficiary address of the node', '');
  addDescriptionFlags(cmd, false);
  return registerTxAction(ctx, cmd, updateResourceNodeMsg);
}
