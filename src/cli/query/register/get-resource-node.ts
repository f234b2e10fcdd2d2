/**
 * `chaind query register get-resource-node --network-address stsds1…` (spec §4.4, part 2): the
 * resource node record itself (not the `{node}` wrapper), without the deposit fields, which only
 * REST and `DepositByNode` add.
 */
import { Command } from 'commander';
import type { CliContext } from '../../context.ts';
import { addQueryFlags } from '../context.ts';
import { networkAddressQueryFlag, REGISTER, runRegisterQuery } from './run.ts';

export function getResourceNodeCommand(ctx: CliContext): Command {
  const cmd = new Command('get-resource-node').description('Query resource node info by network address').requiredOption('--network-address <stsds1…>', 'The network address of the node');
  return addQueryFlags(cmd).action((opts: { networkAddress: string }, self: Command) =>
    runRegisterQuery(ctx, self, { method: 'ResourceNode', request: { network_addr: networkAddressQueryFlag(opts.networkAddress) }, pick: { typeName: `${REGISTER}.ResourceNode`, of: (r) => r.node } }),
  );
}
