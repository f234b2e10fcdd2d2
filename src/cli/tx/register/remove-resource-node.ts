/**
 * `chaind tx register remove-resource-node --network-address stsds1…` (spec §4.3;
 * reference/chain-semantics.md §1.5.3): the owner (`--from`) starts the node's unbonding.
 */
import { Command } from 'commander';
import type { CliContext } from '../../context.ts';
import { networkAddressFlag } from './node-flags.ts';
import { REGISTER, type RegisterMsgBuilder, registerTxAction } from './run.ts';

export interface RemoveResourceNodeOptions {
  networkAddress: string;
}

export const removeResourceNodeMsg: RegisterMsgBuilder<RemoveResourceNodeOptions> = (from, opts) => ({
  typeName: `${REGISTER}.MsgRemoveResourceNode`,
  value: { resource_node_address: networkAddressFlag(opts.networkAddress), owner_address: from },
});

export function removeResourceNodeCommand(ctx: CliContext): Command {
  const cmd = new Command('remove-resource-node').description('remove resource node').requiredOption('--network-address <stsds1…>', 'The network id of the node');
  return registerTxAction(ctx, cmd, removeResourceNodeMsg);
}
