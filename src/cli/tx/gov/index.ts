/** `chaind tx gov …`: the gov module's transactions (SDK v0.47 x/gov `NewTxCmd`; reference §3.6, docs/gov-cli.md). */
import { Command } from 'commander';
import type { CliContext } from '../../context.ts';
import { draftProposalCommand } from './draft-proposal.ts';
import { submitLegacyProposalCommand, submitProposalCommand } from './submit-proposal.ts';
import { depositCommand, voteCommand, weightedVoteCommand } from './votes.ts';

export function govTxCommand(ctx: CliContext): Command {
  const cmd = new Command('gov').description('Governance transactions subcommands');
  for (const c of [depositCommand, voteCommand, weightedVoteCommand, submitProposalCommand, draftProposalCommand, submitLegacyProposalCommand]) cmd.addCommand(c(ctx));
  return cmd;
}
