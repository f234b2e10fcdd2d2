/** `chaind query register …` (spec §4.4): the register module's queries, one file per command. */
import { Command } from 'commander';
import type { CliContext } from '../../context.ts';
import { depositByNodeCommand, depositByOwnerCommand, depositTotalCommand, remainingOzoneLimitCommand } from './deposits.ts';
import { getMetaNodeCommand } from './get-meta-node.ts';
import { getResourceNodeCommand } from './get-resource-node.ts';
import { getMetaCountCommand, getResourceCountCommand } from './node-counts.ts';
import { registerParamsCommand } from './params.ts';

const COMMANDS = [
  getResourceNodeCommand,
  getMetaNodeCommand,
  getResourceCountCommand,
  getMetaCountCommand,
  registerParamsCommand,
  depositByNodeCommand,
  depositByOwnerCommand,
  depositTotalCommand,
  remainingOzoneLimitCommand,
];

export function registerQueryCommand(ctx: CliContext): Command {
  const cmd = new Command('register').description('Querying commands for the register module');
  for (const c of COMMANDS) cmd.addCommand(c(ctx));
  return cmd;
}
