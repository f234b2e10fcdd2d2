/**
 * `chaind tx aux-to-fee <aux_signed_tx.json>` (SDK v0.47 `AuxToFeeCommand`): the fee payer's half of
 * an aux signature. It reads the `AuxSignerData` a `--aux` command printed, makes the tx of its
 * body with the aux signer's signer info (its key, mode and sequence), signature and tip, sets
 * itself (`--from`) as the fee payer with `--fees`/`--gas-prices` and `--gas`, signs it in DIRECT
 * after the aux signature, and broadcasts it (`--generate-only` prints it unsigned by the payer).
 */
import { readFile } from 'node:fs/promises';
import { Command } from 'commander';
import { encodeTxDocument, signTxDocument, type TxDocument } from '../../client/sign-tx.ts';
import { parseProtoJson, printProtoJson } from '../../codec/proto-json.ts';
import type { Any } from '../../codec/registry.ts';
import { makeSignerInfo, type TxBody } from '../../codec/tx.ts';
import { queryAccountInfo } from '../../client/account.ts';
import { SdkErrors } from '../../errors.ts';
import type { CliContext } from '../context.ts';
import { TxContext } from './context.ts';
import { addTxFlags } from './flags.ts';
import { broadcastTxBytes, feeAmount, printTxResponse, rejectUnsupportedFlags, txSigners } from './framework.ts';

interface AuxSignerData {
  address: string;
  sign_doc: { body_bytes: Uint8Array; public_key: Any | null; chain_id: string; account_number: bigint; sequence: bigint; tip: { amount: { denom: string; amount: string }[]; tipper: string } | null };
  mode: number;
  sig: Uint8Array;
}

export function auxToFeeCommand(ctx: CliContext): Command {
  const cmd = new Command('aux-to-fee')
    .description('Includes the aux signer data in the tx, broadcast the tx, and sends the tip amount to the broadcaster')
    .argument('<aux_signed_tx.json>', 'the aux signer data a command printed with --aux');
  addTxFlags(cmd).action(async (file: string, _opts: unknown, self: Command) => {
    const tc = TxContext.of(ctx, self);
    rejectUnsupportedFlags(tc.flags);
    const text = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
      throw new Error(`open ${file}: ${err.code === 'ENOENT' ? 'no such file or directory' : err.message}`);
    });
    const aux = parseProtoJson('sdk.tx.v1beta1.AuxSignerData', text, { codec: tc.codec }) as unknown as AuxSignerData;
    const chainId = await tc.chainId();
    if (aux.sign_doc.chain_id !== chainId) throw new Error(`expected chain-id ${chainId}, got ${aux.sign_doc.chain_id} in aux signer data`);
    const f = tc.flags;
    if (f.from === '') throw new Error('--from is required: the fee payer, who signs the tx after the aux signer');
    const payer = await tc.resolveFrom(f.from);

    // AddAuxSignerData: the aux body, its tip, the aux signer's info and signature at its index
    const body = tc.codec.decode('sdk.tx.v1beta1.TxBody', aux.sign_doc.body_bytes) as unknown as TxBody;
    const signers = txSigners(body.messages.map((m) => tc.codec.unpackAny(m)), payer.address);
    const index = signers.indexOf(aux.address);
    if (index < 0) throw SdkErrors.Logic.wrap(`address ${aux.address} is not a signer`);
    if (index !== 0 || signers.length !== 2) throw new Error(`this tx has the signers ${signers.join(', ')}: aux-to-fee completes a tx of one aux signer and the fee payer`);
    const gasLimit = f.gas.limit;
    const doc: TxDocument = {
      body: { ...body, extension_options: body.extension_options ?? [], non_critical_extension_options: body.non_critical_extension_options ?? [] },
      auth_info: {
        signer_infos: [makeSignerInfo(aux.sign_doc.public_key, aux.sign_doc.sequence, aux.mode)],
        fee: { amount: feeAmount(f.fees, f.gasPrices, gasLimit), gas_limit: gasLimit, payer: payer.address, granter: '' },
        tip: aux.sign_doc.tip,
      },
      signatures: [aux.sig],
    };
    if (f.generateOnly) {
      tc.cli.out.stdout(printProtoJson('sdk.tx.v1beta1.Tx', doc, { codec: tc.codec }) + '\n');
      return;
    }
    const keyName = payer.keyName;
    if (keyName === undefined) throw new Error(`no key for ${payer.address} in the keyring: the fee payer signs the tx`);
    const account = f.offline ? { accountNumber: f.accountNumber!, sequence: f.sequence! } : await queryAccountInfo(tc.client, payer.address, tc.codec);
    const signed = await signTxDocument(
      doc,
      {
        pubKey: payer.pubKey ?? null,
        chainId,
        accountNumber: account.accountNumber,
        sequence: account.sequence,
        mode: 'direct',
        overwrite: false,
        sign: async (bytes) => (await tc.keyring.sign(keyName, bytes)).signature,
      },
      tc.codec,
    );
    printTxResponse(tc, await broadcastTxBytes(tc, encodeTxDocument(signed, tc.codec)));
  });
  return cmd;
}
