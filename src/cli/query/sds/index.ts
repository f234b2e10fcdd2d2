/** `chaind query sds …` (spec §4.4): the sds module's queries. */
import { Command } from 'commander';
import type { CliContext } from '../../context.ts';
import { nozPriceCommand, nozSupplyCommand, sdsParamsCommand, simPrepayCommand } from './others.ts';
import { uploadQueryCommand } from './upload.ts';

export function sdsQueryCommand(ctx: CliContext): Command {
  const cmd = new Command('sds').description('Querying commands for the sds module');
  for (const c of [uploadQueryCommand, sdsParamsCommand, simPrepayCommand, nozPriceCommand, nozSupplyCommand]) cmd.addCommand(c(ctx));
  return cmd;
}
