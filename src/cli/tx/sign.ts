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
    const signer = await fromSigner(tc, doc);
    const signed = await signer.sign(doc, signer.sequence, opts.overwrite);
    await writeOutput(ctx, opts.outputDocument, signedJson(signed, tc, opts.signatureOnly) + '\n');
  });
  return cmd;
}

/** The `--from` key with the account number and first sequence it signs with (SDK `SignTx`'s inputs). */
export interface FromSigner {
  readonly accountNumber: bigint;
  readonly sequence: bigint;
  /** signs a document with `sequence` (SDK `authclient.SignTx`: the key must be one of its signers) */
  sign(doc: TxDocument, sequence: bigint, overwrite: boolean): Promise<TxDocument>;
}

/**
 * The signer of `tx sign` and `tx sign-batch`: the `--from` key, which must be in the keyring;
 * online the account number and sequence come from the node, `--offline` takes them from `-a`/`-s`.
 */
export async function fromSigner(tc: TxContext, firstDoc?: TxDocument): Promise<FromSigner> {
  const from = await tc.resolveFrom(tc.flags.from);
  if (from.keyName === undefined || !from.pubKey) throw new Error(`no key for ${from.address} in the keyring: signing needs the key`);
  const { keyName, pubKey, address } = from;
  const checkSigner = (doc: TxDocument) => {
    const signers = txSigners(documentMessages(doc, tc.codec), doc.auth_info.fee?.payer ?? '');
    if (!signers.includes(address)) throw new Error(`tx intended signer does not match the given signer: ${keyName}`);
  };
  // SignTx checks the signer before it asks the node for the account (tx sign's one document)
  if (firstDoc !== undefined) checkSigner(firstDoc);
  const f = tc.flags;
  let accountNumber: bigint;
  let sequence: bigint;
  if (f.offline) {
    ({ accountNumber, sequence } = offlineAccount(f));
  } else {
    ({ accountNumber, sequence } = await queryAccountInfo(tc.client, from.address, tc.codec));
  }
  const chainId = await tc.chainId();
  return {
    accountNumber,
    sequence,
    sign: async (doc, seq, overwrite) => {
      checkSigner(doc);
      const mode = f.signMode === 'amino-json' ? 'amino-json' : 'direct';
      return signTxDocument(doc, { pubKey, chainId, accountNumber, sequence: seq, mode, overwrite, sign: async (bytes) => (await tc.keyring.sign(keyName, bytes)).signature }, tc.codec);
    },
  };
}

/** `--offline`'s account number and sequence, which `-a` and `-s` must give (the SDK's preSignCmd). */
export function offlineAccount(f: { readonly accountNumber: bigint | undefined; readonly sequence: bigint | undefined }): { accountNumber: bigint; sequence: bigint } {
  if (f.accountNumber === undefined || f.sequence === undefined) throw new Error('account-number and sequence must be set in offline mode');
  return { accountNumber: f.accountNumber, sequence: f.sequence };
}

/** The signed tx as proto-JSON, or with `--signature-only` its SignatureDescriptors. */
export function signedJson(doc: TxDocument, tc: TxContext, signatureOnly: boolean): string {
  return signatureOnly ? signatureDescriptorsJson(doc, tc) : printProtoJson('sdk.tx.v1beta1.Tx', doc, { codec: tc.codec });
}

/** To stdout, or to `--output-document` (created or truncated, 0644). */
export async function writeOutput(ctx: CliContext, outputDocument: string | undefined, text: string): Promise<void> {
  if (outputDocument === undefined || outputDocument === '') ctx.out.stdout(text);
  else await writeFile(outputDocument, text, { mode: 0o644 });
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
