/**
 * `chaind tx register update-meta-node` (spec §4.3; reference/chain-semantics.md §1.5.6, §1.11):
 * replaces the description and beneficiary.
 */
import { Command } from 'commander';
import type { CliContext } from '../../context.ts';
import { addDescriptionFlags, beneficiaryFlag, descriptionOf, type DescriptionOptions, networkAddressFlag } from './node-flags.ts';
import { REGISTER, type RegisterMsgBuilder, registerTxAction } from './run.ts';

export interface UpdateMetaNodeOptions extends DescriptionOptions {
  networkAddress: string;
  beneficiaryAddress?: string;
}

export const updateMetaNodeMsg: RegisterMsgBuilder<UpdateMetaNodeOptions> = (from, opts) => {
  const network_address = networkAddressFlag(opts.networkAddress);
  const beneficiary_address = beneficiaryFlag(opts.beneficiaryAddress) ?? '';
  return { typeName: `${REGISTER}.MsgUpdateMetaNode`, value: { description: descriptionOf(opts), beneficiary_address, network_address, owner_address: from } };
};

export function updateMetaNodeCommand(ctx: CliContext): Command {
  const cmd = new Command('update-meta-node')
    .description("update meta node's info")
    .requiredOption('--network-address <stsds1…>', 'The network id of the node')
    .option('--beneficiary-address <st1…>', 'The new beneficiary address of the node', '');
  addDescriptionFlags(cmd, false);
  return registerTxAction(ctx, cmd, updateMetaNodeMsg);
}
