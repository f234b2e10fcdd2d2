/**
 * `chaind tx decode <protobuf-byte-string>` (SDK v0.47 x/auth `GetDecodeCommand`): TxRaw bytes
 * (base64, or hex with `-x`) decoded as the node decodes them, printed as the `Tx` proto-JSON
 * (YAML with `-o text`).
 */
import { decodeGoBase64 } from '../../codec/go-base64.ts';
import { decodeGoHex } from '../../codec/go-hex.ts';
import { Command } from 'commander';
import { printProtoJson } from '../../codec/proto-json.ts';
import { decodeTxRaw } from '../../codec/tx.ts';
import { txDocumentOf } from '../../client/sign-tx.ts';
import type { CliContext } from '../context.ts';
import { printSdkJson } from '../query/sdk-output.ts';
import { TxContext } from './context.ts';
import { addTxFlags } from './flags.ts';

export function decodeCommand(ctx: CliContext): Command {
  const cmd = new Command('decode')
    .description('Decode a binary encoded transaction string')
    .argument('<protobuf-byte-string>', 'TxRaw bytes in base64 (hex with --hex)')
    .option('-x, --hex', 'Treat input as hexadecimal instead of base64', false);
  addTxFlags(cmd).action(async (text: string, opts: { hex: boolean }, self: Command) => {
    const tc = TxContext.of(ctx, self);
    const bytes = opts.hex ? decodeGoHex(text) : decodeGoBase64(text, 'std');
    let decoded;
    try {
      decoded = decodeTxRaw(bytes, tc.codec);
    } catch (err) {
      // the bytes are the user's, not a node's answer: the codec's own text, without the client's account of a node answer
      throw err instanceof Error ? new Error(err.message) : err;
    }
    const doc = txDocumentOf(decoded);
    printSdkJson(ctx.out, printProtoJson('sdk.tx.v1beta1.Tx', doc, { codec: tc.codec }), tc.flags.output);
  });
  return cmd;
}
