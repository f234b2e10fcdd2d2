/** `keys list`: every key as SDK KeyOutput, or names only with `-n/--list-names`. */
import { Command } from 'commander';
import type { CliContext } from '../context.ts';
import { keysFlags, openCliKeyring } from './context.ts';
import { keyOutput, printKeyOutputs } from './key-output.ts';

export function listCommand(ctx: CliContext): Command {
  return new Command('list')
    .description('List all keys')
    .option('-n, --list-names', 'List names only')
    .action(async (opts: { listNames?: boolean }, cmd: Command) => {
      const flags = keysFlags(cmd);
      const records = await openCliKeyring(ctx, flags).list();
      if (records.length === 0 && flags.output === 'json') {
        ctx.out.stdout('No records were found in keyring\n');
        return;
      }
      if (opts.listNames) {
        for (const record of records) ctx.out.stdout(record.name + '\n');
        return;
      }
      printKeyOutputs(ctx.out, records.map((r) => keyOutput(r, ctx.naming)), flags.output);
    });
}
