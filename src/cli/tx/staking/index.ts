/** `chaind tx staking …`: the staking module's transactions (SDK v0.47 x/staking `NewTxCmd`; reference §2.6). */
import { Command } from 'commander';
import type { CliContext } from '../../context.ts';
import { createValidatorCommand } from './create-validator.ts';
import { cancelUnbondCommand, delegateCommand, redelegateCommand, unbondCommand } from './delegations.ts';
import { editValidatorCommand } from './edit-validator.ts';

export function stakingTxCommand(ctx: CliContext): Command {
  const cmd = new Command('staking').description('Staking transaction subcommands');
  for (const c of [createValidatorCommand, editValidatorCommand, delegateCommand, redelegateCommand, unbondCommand, cancelUnbondCommand]) cmd.addCommand(c(ctx));
  return cmd;
}
