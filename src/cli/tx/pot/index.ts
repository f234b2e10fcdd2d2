/** `chaind tx pot …`: the pot module's transactions (spec §4.3; reference §3.10). */
import { Command } from 'commander';
import type { CliContext } from '../../context.ts';
import { reportCommand } from './report.ts';
import { foundationDepositCommand, legacyWithdrawCommand, withdrawCommand } from './rewards.ts';
import { slashingCommand } from './slashing.ts';

export function potTxCommand(ctx: CliContext): Command {
  const cmd = new Command('pot').description('pot transactions subcommands');
  for (const c of [foundationDepositCommand, withdrawCommand, legacyWithdrawCommand, reportCommand, slashingCommand]) cmd.addCommand(c(ctx));
  return cmd;
}
