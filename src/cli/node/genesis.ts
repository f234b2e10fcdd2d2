/** `chaind genesis …`: the genesis helpers of SDK v0.47's genesis command group. */
import { Command } from 'commander';
import type { CliContext } from '../context.ts';
import { addGenesisAccountCommand } from './add-genesis-account.ts';
import { collectGentxsCommand, gentxCommand } from './gentx.ts';
import { validateGenesisCommand } from './validate-genesis.ts';

export function genesisCommand(ctx: CliContext): Command {
  const cmd = new Command('genesis').description('Application\'s genesis-related subcommands');
  for (const sub of [addGenesisAccountCommand, validateGenesisCommand, gentxCommand, collectGentxsCommand]) cmd.addCommand(sub(ctx));
  return cmd;
}
