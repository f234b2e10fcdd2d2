/** `chaind tx register …`: the register module's transactions (spec §4.3), one file per command. */
import { Command } from 'commander';
import type { CliContext } from '../../context.ts';
import { createMetaNodeCommand } from './create-meta-node.ts';
import { createResourceNodeCommand } from './create-resource-node.ts';
import { kickMetaNodeVoteCommand } from './kick-meta-node-vote.ts';
import { metaNodeRegVoteCommand } from './meta-node-reg-vote.ts';
import { removeMetaNodeCommand } from './remove-meta-node.ts';
import { removeResourceNodeCommand } from './remove-resource-node.ts';
import { updateMetaNodeCommand } from './update-meta-node.ts';
import { updateMetaNodeDepositCommand } from './update-meta-node-deposit.ts';
import { updateResourceNodeCommand } from './update-resource-node.ts';
import { updateResourceNodeDepositCommand } from './update-resource-node-deposit.ts';

const COMMANDS = [
  createResourceNodeCommand,
  updateResourceNodeCommand,
  updateResourceNodeDepositCommand,
  removeResourceNodeCommand,
  createMetaNodeCommand,
  metaNodeRegVoteCommand,
  updateMetaNodeCommand,
  removeMetaNodeCommand,
  updateMetaNodeDepositCommand,
  kickMetaNodeVoteCommand,
];

export function registerTxCommand(ctx: CliContext): Command {
  const cmd = new Command('register').description('register transactions subcommands');
  for (const c of COMMANDS) cmd.addCommand(c(ctx));
  return cmd;
}
