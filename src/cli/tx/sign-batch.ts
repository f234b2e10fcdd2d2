/**
 * `chaind tx sign-batch <file> [file2...]` (SDK v0.47 x/auth `GetSignBatchCommand`, mounted by
 * stchaind): signs batch files of txs written by `--generate-only` (one tx per line, `-` reads
 * stdin) with the `--from` key, the sequence counting up from the account's (online) or `-s`
 * (`--offline`) tx after tx, each replacing the signatures it had; prints each signed tx (or with
 * `--signature-only` its signatures) on its own line. `--append` combines every tx's messages into
 * one tx, signed once, whose gas limit is the sum of theirs and whose memo, fees, fee payer and
 * granter come from the flags. A line that is no tx ends the batch with its error, after the txs
 * before it.
 */
import { Command } from 'commander';
import { unsignedTxDocument, type TxDocument } from '../../client/sign-tx.ts';
import type { CliContext } from '../context.ts';
import { TxContext } from './context.ts';
import { addTxFlags } from './flags.ts';
import { feeAmount, rejectUnsupportedFlags } from './framework.ts';
import { fromSigner, signedJson, writeOutput } from './sign.ts';
import { documentMessages, readTxBatch } from './tx-file.ts';

interface SignBatchOptions {
  readonly signatureOnly: boolean;
  readonly append: boolean;
  readonly outputDocument?: string;
  readonly multisig?: string;
}

export function signBatchCommand(ctx: CliContext): Command {
  const cmd = new Command('sign-batch')
    .summary('Sign transaction batch files')
    .description(
      "Sign batch files of transactions generated with --generate-only.\nThe command processes list of transactions from a file (one StdTx each line), or multiple files.\nThen generates signed transactions or signatures and print their JSON encoding, delimited by '\\n'.\n" +
        'As the signatures are generated, the command updates the account and sequence number accordingly.\n\nIf the --signature-only flag is set, it will output the signature parts only.\n\n' +
        'The --offline flag makes sure that the client will not reach out to full node.\nAs a result, the account and the sequence number queries will not be performed and\nit is required to set such parameters manually. Note, invalid values will cause\n' +
        'the transaction to fail. The sequence will be incremented automatically for each\ntransaction that is signed.',
    )
    .argument('<files...>', "tx batch files, one tx JSON per line ('-' reads stdin)")
    .option('--multisig <name_or_address>', 'Address or key name of the multisig account on behalf of which the transaction shall be signed (not supported)')
    .option('--output-document <file>', 'The document will be written to the given file instead of STDOUT')
    .option('--signature-only', 'Print only the generated signature, then exit', false)
    .option('--append', 'Combine all message and generate single signed transaction for broadcast.', false);
  addTxFlags(cmd, { fromRequired: true }).action(async (files: string[], opts: SignBatchOptions, self: Command) => {
    const tc = TxContext.of(ctx, self);
    rejectUnsupportedFlags(tc.flags);
    if (opts.multisig !== undefined) throw new Error('--multisig is not supported: chaind has no multisig keys');
    const signer = await fromSigner(tc);
    const { docs, error } = await readTxBatch(ctx, files, tc.codec);
    const lines: string[] = [];
    if (opts.append) {
      const f = tc.flags;
      const gasLimit = docs.reduce((sum, d) => sum + BigInt(d.auth_info.fee?.gas_limit ?? 0n), 0n);
      const combined: TxDocument = unsignedTxDocument(
        {
          messages: docs.flatMap((d) => documentMessages(d, tc.codec)),
          memo: f.note,
          fee: feeAmount(f.fees, f.gasPrices, gasLimit),
          gasLimit,
          payer: f.feePayer,
          granter: f.feeGranter,
        },
        tc.codec,
      );
      lines.push(signedJson(await signer.sign(combined, signer.sequence, true), tc, opts.signatureOnly));
    } else {
      let sequence = signer.sequence;
      for (const doc of docs) lines.push(signedJson(await signer.sign(doc, sequence++, true), tc, opts.signatureOnly));
    }
    await writeOutput(ctx, opts.outputDocument, lines.map((l) => l + '\n').join(''));
    if (error) throw error;
  });
  return cmd;
}
