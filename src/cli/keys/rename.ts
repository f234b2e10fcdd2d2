/**
 * `keys rename <old_name> <new_name>` (SDK v0.47 client/keys/rename.go): asks for confirmation
 * unless `-y`, renames the record (its address stays), then says so on stderr.
 */
import { Command } from 'commander';
import type { CliContext } from '../context.ts';
import { keysFlags, openCliKeyring } from './context.ts';

export function renameCommand(ctx: CliContext): Command {
  return new Command('rename')
    .description('Rename a key from the Keybase backend')
    .argument('<old_name>', 'the key to rename')
    .argument('<new_name>', 'its new name')
    .option('-y, --yes', 'Skip key rename confirmation')
    .action(async (oldName: string, newName: string, opts: { yes?: boolean }, cmd: Command) => {
      const keyring = openCliKeyring(ctx, keysFlags(cmd));
      const record = await keyring.key(oldName);
      if (!opts.yes) {
        const answer = await ctx.prompt.confirm(`Key reference will be renamed from ${oldName} to ${newName}. Continue?`);
        if (answer === undefined) throw new Error(`renaming ${oldName} needs a confirmation: answer y on stdin, or pass -y`);
        if (!answer) return;
      }
      await keyring.rename(oldName, newName);
      if (record.type === 'ledger' || record.type === 'offline') ctx.out.stderr(`Please try to rename with the Key Name:  ${newName}\n`);
      ctx.out.stderr(`Key was successfully renamed from ${oldName} to ${newName}\n`);
    });
}
