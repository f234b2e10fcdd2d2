/**
 * `chaind tx validate-signatures <file>` (SDK v0.47 x/auth `GetValidateSignaturesCommand`, which
 * stchaind mounts): prints the addresses that must sign the tx (its messages' signers in order, then
 * a fee payer not among them) and those whose signatures it carries, each checked against its
 * signer; online, each signature is verified over the sign bytes of its mode with the signer's
 * account number and sequence as the node has them now. Fails with `signatures validation failed`
 * — as the SDK, silently at the first signature that does not verify, after the lines before it.
 */
import { Command } from 'commander';
import { queryAccountInfo } from '../../client/account.ts';
import { signDocumentBytes } from '../../client/sign-tx.ts';
import type { Any } from '../../codec/registry.ts';
import { encodeTxBody, makeSignDocDirectAuxBytes, SignMode, unpackTxAny } from '../../codec/tx.ts';
import { accAddress } from '../../crypto/address.ts';
import { KEY_ALGOS, pubKeyAddress, pubKeyTypeUrl, verifySignature, type PubKey } from '../../crypto/keys.ts';
import { NEUTRAL } from '../../naming.ts';
import type { CliContext } from '../context.ts';
import { TxContext } from './context.ts';
import { addTxFlags } from './flags.ts';
import { txSigners } from './framework.ts';
import { offlineAccount } from './sign.ts';
import { documentMessages, readTxDocument } from './tx-file.ts';

/** A signer info's public key (the SDK panics on one without a key: here it is an error). */
function signerKey(tc: TxContext, any: Any | null, index: number): PubKey {
  if (any === null || any.type_url === '') throw new Error(`signature ${index} has no public key in its signer info`);
  const { typeName, value } = unpackTxAny(tc.codec, any);
  const algo = KEY_ALGOS.find((a) => pubKeyTypeUrl(a, NEUTRAL) === `/${typeName}`);
  if (algo === undefined) throw new Error(`signature ${index}: public key type ${any.type_url} is not a single key`);
  return { algo, key: value.key as Uint8Array };
}

export function validateSignaturesCommand(ctx: CliContext): Command {
  const cmd = new Command('validate-signatures')
    .summary('validate transactions signatures')
    .description(
      'Print the addresses that must sign the transaction, those who have already\nsigned it, and make sure that signatures are in the correct order.\n\n' +
        'The command would check whether all required signers have signed the transactions, whether\nthe signatures were collected in the right order, and if the signature is valid over the\n' +
        'given transaction. If the --offline flag is also set, signature validation over the\ntransaction will be not be performed as that will require RPC communication with a full node.',
    )
    .argument('<file>', "the tx JSON ('-' reads stdin)");
  addTxFlags(cmd).action(async (file: string, _opts: unknown, self: Command) => {
    const tc = TxContext.of(ctx, self);
    const doc = await readTxDocument(ctx, file, tc.codec);
    const signers = txSigners(documentMessages(doc, tc.codec), doc.auth_info.fee?.payer ?? '');
    const offline = tc.flags.offline;
    // preSignCmd: offline, the account number and sequence must be given (as for tx sign), though unused here
    if (offline) offlineAccount(tc.flags);
    const out: string[] = ['Signers:', ...signers.map((s, i) => `  ${i}: ${s}`), '', 'Signatures:'];
    const flush = () => ctx.out.stdout(out.splice(0).map((l) => l + '\n').join(''));
    const infos = doc.auth_info.signer_infos;
    let success = infos.length === signers.length;
    const bodyBytes = encodeTxBody(doc.body, tc.codec);
    for (let i = 0; i < infos.length; i++) {
      const info = infos[i]!;
      const pubKey = signerKey(tc, info.public_key as Any | null, i);
      const address = accAddress(pubKeyAddress(pubKey));
      let sanity = 'OK';
      if (i >= signers.length || signers[i] !== address) {
        sanity = 'ERROR: signature does not match its respective signer';
        success = false;
      }
      // verified over the tx only online, and only while every signature before it passed
      if (!offline && success) {
        let account;
        try {
          account = await queryAccountInfo(tc.client, address, tc.codec);
        } catch {
          flush();
          ctx.out.stderr(`failed to get account: ${address}\n`);
          throw new Error('signatures validation failed');
        }
        const mode = info.mode_info?.single?.mode;
        const signer = { chainId: await tc.chainId(), accountNumber: account.accountNumber, sequence: account.sequence };
        const bytes =
          mode === SignMode.DIRECT
            ? signDocumentBytes(doc, { ...signer, mode: 'direct' }, tc.codec)
            : mode === SignMode.LEGACY_AMINO_JSON
              ? signDocumentBytes(doc, { ...signer, mode: 'amino-json' }, tc.codec)
              : mode === SignMode.DIRECT_AUX
                ? makeSignDocDirectAuxBytes({ bodyBytes, publicKey: info.public_key as Any, ...signer, tip: doc.auth_info.tip }, tc.codec)
                : undefined;
        if (bytes === undefined || !verifySignature(pubKey, bytes, doc.signatures[i] ?? new Uint8Array(0))) {
          flush();
          throw new Error('signatures validation failed');
        }
      }
      out.push(`  ${i}: ${address}\t\t\t[${sanity}]`);
    }
    out.push('');
    flush();
    if (!success) throw new Error('signatures validation failed');
  });
  return cmd;
}
