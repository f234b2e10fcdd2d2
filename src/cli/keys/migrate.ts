/**
 * `keys migrate`: the SDK converts amino records to protobuf. chaind writes one record format, so
 * this checks every record and says that there is nothing to migrate, or which items it cannot read
 * (e.g. files copied from a real node's keyring).
 */
import { Command } from 'commander';
import type { CliContext } from '../context.ts';
import { keysFlags, openCliKeyring } from './context.ts';

export function migrateCommand(ctx: CliContext): Command {
  return new Command('migrate')
    .description('Migrate keys from amino to proto serialization format (nothing to do for chaind records)')
    .action(async (_opts: unknown, cmd: Command) => {
      const keyring = openCliKeyring(ctx, keysFlags(cmd));
      const report = await keyring.migrateAll();
      for (const { item, reason } of report.unreadable) ctx.out.stderr(`cannot migrate ${item}: ${reason}\n`);
      if (report.unreadable.length > 0) {
        throw new Error(`${report.unreadable.length} keyring item(s) in ${keyring.store.location} could not be read; nothing was changed`);
      }
      const count = report.current.length;
      ctx.out.stdout(
        count === 0
          ? `Nothing to migrate: the keyring in ${keyring.store.location} holds no keys.\n`
          : `Nothing to migrate: all ${count} key(s) in ${keyring.store.location} are already in the current format.\n`,
      );
    });
}
