/**
 * `chaind tx broadcast <file>` (SDK v0.47 x/auth `GetBroadcastCommand`): sends a signed tx file
 * (`-` reads stdin) in the `-b` mode and prints the TxResponse.
 */
import { Command } from 'commander';
import { encodeTxDocument } from '../../client/sign-tx.ts';
import type { CliContext } from '../context.ts';
import { TxContext } from './context.ts';
import { addTxFlags } from './flags.ts';
import { broadcastTxBytes, printTxResponse, rejectUnsupportedFlags } from './framework.ts';
import { readTxDocument } from './tx-file.ts';

export function broadcastCommand(ctx: CliContext): Command {
  const cmd = new Command('broadcast')
    .summary('Broadcast transactions generated offline')
    .description(
      'Broadcast transactions generated offline.\nBroadcast transactions created with the --generate-only flag and signed with the sign command. ' +
        'Read a transaction from [file_path] and broadcast it to a node. If you supply a dash (-) argument in place of an input filename, the command reads from standard input.',
    )
    .argument('<file_path>', "the signed tx JSON ('-' reads stdin)");
  addTxFlags(cmd).action(async (file: string, _opts: unknown, self: Command) => {
    const tc = TxContext.of(ctx, self);
    rejectUnsupportedFlags(tc.flags);
    if (tc.flags.offline) throw new Error('cannot broadcast tx during offline mode');
    const doc = await readTxDocument(ctx, file, tc.codec);
    printTxResponse(tc, await broadcastTxBytes(tc, encodeTxDocument(doc, tc.codec)));
  });
  return cmd;
}
