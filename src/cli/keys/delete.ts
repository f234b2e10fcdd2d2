/** `keys delete <name>...`: asks for confirmation per key unless `-y` (SDK client/keys/delete.go). */
import { Command } from 'commander';
import type { CliContext } from '../context.ts';
import { keysFlags, openCliKeyring } from './context.ts';

export function deleteCommand(ctx: CliContext): Command {
  return new Command('delete')
    .description('Delete the given keys')
    .argument('<names...>', 'names of the keys to delete')
    .option('-y, --yes', 'Skip confirmation prompt when deleting offline or ledger key references')
    .option('-f, --force', 'Remove the key unconditionally without asking for the passphrase. Deprecated.')
    .action(async (names: string[], opts: { yes?: boolean }, cmd: Command) => {
      const keyring = openCliKeyring(ctx, keysFlags(cmd));
      // every name must exist before anything is deleted
      const records = [];
      for (const name of names) records.push(await keyring.key(name));
      for (const record of records) {
        if (!opts.yes) {
          const answer = await ctx.prompt.confirm('Key reference will be deleted. Continue?');
          if (answer === undefined) {
            throw new Error(`deleting ${record.name} needs a confirmation: answer y on stdin, or pass -y`);
          }
          if (!answer) continue;
        }
        await keyring.delete(record.name);
        const reference = record.type === 'offline' || record.type === 'ledger';
        ctx.out.stderr(reference ? 'Public key reference deleted\n' : 'Key deleted forever (uh oh!)\n');
      }
    });
}
