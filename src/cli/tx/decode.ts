/**
 * `chaind tx decode <protobuf-byte-string>` (SDK v0.47 x/auth `GetDecodeCommand`): TxRaw bytes
 * (base64, or hex with `-x`) decoded as the node decodes them, printed as the `Tx` proto-JSON
 * (YAML with `-o text`).
 */
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
    const bytes = opts.hex ? decodeHex(text) : decodeBase64(text);
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

/** Go `base64.StdEncoding.DecodeString`: padded standard alphabet only. */
export function decodeBase64(text: string): Uint8Array {
  const bad = text.search(/[^A-Za-z0-9+/=]/);
  const padding = text.indexOf('=');
  const badAt = bad >= 0 ? bad : text.length % 4 !== 0 ? text.length - (text.length % 4) : padding >= 0 && padding < text.length - 2 ? padding : -1;
  if (badAt >= 0) throw new Error(`illegal base64 data at input byte ${badAt}`);
  return new Uint8Array(Buffer.from(text, 'base64'));
}

/** Go `hex.DecodeString`. */
export function decodeHex(text: string): Uint8Array {
  const bad = text.search(/[^0-9a-fA-F]/);
  if (bad >= 0) throw new Error(`encoding/hex: invalid byte: U+${text.codePointAt(bad)!.toString(16).toUpperCase().padStart(4, '0')} ${JSON.stringify(text[bad]).replace(/^"|"$/g, "'")}`);
  if (text.length % 2 !== 0) throw new Error('encoding/hex: odd length hex string');
  return new Uint8Array(Buffer.from(text, 'hex'));
}
