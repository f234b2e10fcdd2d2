/** `chaind tx sds …`: the sds module's transactions (spec §4.3), one file per command. */
import { Command } from 'commander';
import type { CliContext } from '../../context.ts';
import { prepayCommand } from './prepay.ts';
import { uploadCommand } from './upload.ts';

export function sdsTxCommand(ctx: CliContext): Command {
  const cmd = new Command('sds').description('sds transactions subcommands');
  for (const c of [uploadCommand, prepayCommand]) cmd.addCommand(c(ctx));
  return cmd;
}
