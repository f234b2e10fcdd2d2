/**
 * `chaind tx encode <file>` (SDK v0.47 x/auth `GetEncodeCommand`): the tx JSON as TxRaw protobuf
 * bytes, printed base64.
 */
import { Command } from 'commander';
import { encodeTxDocument } from '../../client/sign-tx.ts';
import type { CliContext } from '../context.ts';
import { TxContext } from './context.ts';
import { addTxFlags } from './flags.ts';
import { readTxDocument } from './tx-file.ts';

export function encodeCommand(ctx: CliContext): Command {
  const cmd = new Command('encode')
    .summary('Encode transactions generated offline')
    .description(
      'Encode transactions generated offline.\nRead a transaction from <file>, serialize it to the Protobuf wire protocol, and output it as base64. ' +
        'If you supply a dash (-) argument in place of an input filename, the command reads from standard input.',
    )
    .argument('<file>', "the tx JSON ('-' reads stdin)");
  addTxFlags(cmd).action(async (file: string, _opts: unknown, self: Command) => {
    const tc = TxContext.of(ctx, self);
    const doc = await readTxDocument(ctx, file, tc.codec);
    ctx.out.stdout(Buffer.from(encodeTxDocument(doc, tc.codec)).toString('base64') + '\n');
  });
  return cmd;
}
