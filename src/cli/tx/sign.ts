/**
 * `chaind tx sign <file>` (SDK v0.47 x/auth `GetSignCommand`): signs a tx written by
 * `--generate-only` with the `--from` key and prints the signed tx (or, with `--signature-only`,
 * the SignatureDescriptors) as proto-JSON, to stdout or `--output-document`. Online the account
 * number and sequence come from the node; `--offline` takes them from `-a`/`-s`. Without
 * `--overwrite` the signature is appended to those already there.
 */
import { Command } from 'commander';
import { writeFile } from 'node:fs/promises';
import { printProtoJson } from '../../codec/proto-json.ts';
import { queryAccountInfo } from '../../client/account.ts';
import { signTxDocument, type TxDocument } from '../../client/sign-tx.ts';
import type { CliContext } from '../context.ts';
import { TxContext } from './context.ts';
import { addTxFlags } from './flags.ts';
import { rejectUnsupportedFlags, txSigners } from './framework.ts';
import { documentMessages, readTxDocument } from './tx-file.ts';

export function signCommand(ctx: CliContext): Command {
  const cmd = new Command('sign')
    .summary('Sign a transaction generated offline')
    .description(
      'Sign a transaction generated offline.\nIt reads a transaction from [file], signs it, and prints its JSON encoding.\n' +
        'With --signature-only only the signatures are printed. --offline takes the account number and sequence from -a and -s instead of the node.',
    )
    .argument('<file>', "the tx JSON written by --generate-only ('-' reads stdin)")
    .option('--signature-only', 'Print only the signatures', false)
    .option('--overwrite', 'Overwrite existing signatures with a new one. If disabled, new signature will be appended', false)
    .option('--output-document <file>', 'The document will be written to the given file instead of STDOUT')
    .option('--multisig <name_or_address>', 'Address or key name of the multisig account on behalf of which the transaction shall be signed (not supported)');
  addTxFlags(cmd, { fromRequired: true }).action(async (file: string, opts: { signatureOnly: boolean; overwrite: boolean; outputDocument?: string; multisig?: string }, self: Command) => {
    const tc = TxContext.of(ctx, self);
    rejectUnsupportedFlags(tc.flags);
    if (opts.multisig !== undefined) throw new Error('--multisig is not supported: chaind has no multisig keys');
    const doc = await readTxDocument(ctx, file, tc.codec);
    const from = await tc.resolveFrom(tc.flags.from);
    if (from.keyName === undefined || !from.pubKey) throw new Error(`no key for ${from.address} in the keyring: signing needs the key`);
    const signers = txSigners(documentMessages(doc, tc.codec), doc.auth_info.fee?.payer ?? '');
    if (!signers.includes(from.address)) throw new Error(`tx intended signer does not match the given signer: ${from.keyName}`);
    const f = tc.flags;
    let accountNumber: bigint;
    let sequence: bigint;
    if (f.offline) {
      if (f.accountNumber === undefined || f.sequence === undefined) throw new Error('account-number and sequence must be set in offline mode');
      accountNumber = f.accountNumber;
      sequence = f.sequence;
    } else {
      ({ accountNumber, sequence } = await queryAccountInfo(tc.client, from.address, tc.codec));
    }
    const keyName = from.keyName;
    const signed = await signTxDocument(
      doc,
      {
        pubKey: from.pubKey,
        chainId: await tc.chainId(),
        accountNumber,
        sequence,
        mode: f.signMode === 'amino-json' ? 'amino-json' : 'direct',
        overwrite: opts.overwrite,
        sign: async (bytes) => (await tc.keyring.sign(keyName, bytes)).signature,
      },
      tc.codec,
    );
    const json = opts.signatureOnly ? signatureDescriptorsJson(signed, tc) : printProtoJson('sdk.tx.v1beta1.Tx', signed, { codec: tc.codec });
    if (opts.outputDocument === undefined || opts.outputDocument === '') ctx.out.stdout(json + '\n');
    else await writeFile(opts.outputDocument, json + '\n', { mode: 0o644 });
  });
  return cmd;
}

/** SDK `TxConfig.MarshalSignatureJSON` of every signature of the tx. */
function signatureDescriptorsJson(doc: TxDocument, tc: TxContext): string {
  const signatures = doc.auth_info.signer_infos.map((si, i) => ({
    public_key: si.public_key,
    data: { single: { mode: si.mode_info?.single?.mode ?? 0, signature: doc.signatures[i] ?? new Uint8Array(0) } },
    sequence: si.sequence,
  }));
  return printProtoJson('sdk.tx.signing.v1beta1.SignatureDescriptors', { signatures }, { codec: tc.codec });
}
