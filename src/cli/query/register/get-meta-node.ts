/** `chaind query register get-meta-node --network-address stsds1…` (spec §4.4, part 2): the meta node record under `node`. */
import { Command } from 'commander';
import type { CliContext } from '../../context.ts';
import { addQueryFlags } from '../context.ts';
import { networkAddressQueryFlag, runRegisterQuery } from './run.ts';

export function getMetaNodeCommand(ctx: CliContext): Command {
  const cmd = new Command('get-meta-node').description('Query meta node info by network address').requiredOption('--network-address <stsds1…>', 'The network address of the node');
  return addQueryFlags(cmd).action((opts: { networkAddress: string }, self: Command) => runRegisterQuery(ctx, self, { method: 'MetaNode', request: { network_addr: networkAddressQueryFlag(opts.networkAddress) } }));
}
