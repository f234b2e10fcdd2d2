/**
 * Client-side tx construction: messages + fee + signer keys → signed TxRaw bytes, in
 * SIGN_MODE_DIRECT or LEGACY_AMINO_JSON (reference/wire-formats.md §2.2–2.3). Used by the CLI and
 * by tests; the node never signs user txs.
 */
import type { Codec, Any } from '../codec/registry.ts';
import { codec as neutralCodec } from '../codec/registry.ts';
import { encodeAuthInfo, encodeTxBody, encodeTxRaw, makeSignDocBytes, makeSignerInfo, SignMode } from '../codec/tx.ts';
import { aminoSignBytes } from '../codec/amino-json.ts';
import { pubKeyOf, pubKeyTypeUrl, signBytes, type PrivKey } from '../crypto/keys.ts';
import type { ProtoCoin } from '../math/coins.ts';

export interface TxMessage {
  /** neutral proto name, e.g. `sdk.bank.v1beta1.MsgSend` */
  readonly typeName: string;
  readonly value: Record<string, unknown>;
}

export interface TxSigner {
  readonly privKey: PrivKey;
  readonly accountNumber: bigint;
  readonly sequence: bigint;
  /** leave the pubkey out of the signer info (an account that already has one on chain) */
  readonly omitPubKey?: boolean;
}

export interface UnsignedTx {
  readonly messages: readonly TxMessage[];
  readonly memo?: string;
  readonly timeoutHeight?: bigint;
  readonly fee?: readonly ProtoCoin[];
  readonly gasLimit?: bigint;
  readonly payer?: string;
  readonly granter?: string;
}

export interface SignOptions {
  readonly chainId: string;
  readonly signers: readonly TxSigner[];
  readonly mode?: 'direct' | 'amino-json';
  readonly codec?: Codec;
}

export const DEFAULT_GAS_LIMIT = 200000n;

export function packMessages(c: Codec, messages: readonly TxMessage[]): Any[] {
  return messages.map((m) => c.packAny(m.typeName, m.value));
}

/** Builds the TxBody and AuthInfo bytes and the signatures; returns the TxRaw bytes. */
export function signTx(tx: UnsignedTx, opts: SignOptions): Uint8Array {
  const c = opts.codec ?? neutralCodec;
  const mode = opts.mode === 'amino-json' ? SignMode.LEGACY_AMINO_JSON : SignMode.DIRECT;
  const anys = packMessages(c, tx.messages);
  const bodyBytes = encodeTxBody({ messages: anys, memo: tx.memo ?? '', timeout_height: tx.timeoutHeight ?? 0n }, c);
  const fee = { amount: [...(tx.fee ?? [])], gas_limit: tx.gasLimit ?? DEFAULT_GAS_LIMIT, payer: tx.payer ?? '', granter: tx.granter ?? '' };
  const signerInfos = opts.signers.map((s) => {
    const pub = pubKeyOf(s.privKey);
    const any = s.omitPubKey ? null : { type_url: pubKeyTypeUrl(pub.algo, c.profile), value: c.encode(pubKeyTypeUrl(pub.algo, c.profile), { key: pub.key }) };
    return makeSignerInfo(any, s.sequence, mode);
  });
  const authInfoBytes = encodeAuthInfo({ signer_infos: signerInfos, fee }, c);
  const signatures = opts.signers.map((s) => {
    const bytes =
      mode === SignMode.DIRECT
        ? makeSignDocBytes(bodyBytes, authInfoBytes, opts.chainId, s.accountNumber, c)
        : aminoSignBytes({ chainId: opts.chainId, accountNumber: s.accountNumber, sequence: s.sequence, timeoutHeight: tx.timeoutHeight ?? 0n, fee, msgs: anys, memo: tx.memo ?? '' }, c);
    return signBytes(s.privKey, bytes);
  });
  return encodeTxRaw({ body_bytes: bodyBytes, auth_info_bytes: authInfoBytes, signatures }, c);
}
