/**
 * Client-side tx construction: messages + fee + signer keys → signed TxRaw bytes, in
 * SIGN_MODE_DIRECT or LEGACY_AMINO_JSON (reference/wire-formats.md §2.2–2.3). Used by the CLI and
 * by tests; the node never signs user txs.
 */
import type { Codec, Any } from '../codec/registry.ts';
import { codec as neutralCodec } from '../codec/registry.ts';
import { type AuthInfo, type DecodedTx, encodeAuthInfo, encodeTxBody, encodeTxRaw, makeSignDocBytes, makeSignerInfo, pubKeyAny, SignMode, type TxBody } from '../codec/tx.ts';
import { aminoSignBytes } from '../codec/amino-json.ts';
import { pubKeyOf, pubKeyTypeUrl, signBytes, type PrivKey, type PubKey } from '../crypto/keys.ts';
import { SdkErrors } from '../errors.ts';
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
        ? makeSignDocBytes(bodyBytes, authInfoBytes, opts.chainId, s.accountNumber)
        : aminoSignBytes({ chainId: opts.chainId, accountNumber: s.accountNumber, sequence: s.sequence, timeoutHeight: tx.timeoutHeight ?? 0n, fee, msgs: anys, memo: tx.memo ?? '' }, c);
    return signBytes(s.privKey, bytes);
  });
  return encodeTxRaw({ body_bytes: bodyBytes, auth_info_bytes: authInfoBytes, signatures }, c);
}

// ------------------------------------------------------------------ tx documents (CLI signing)

/**
 * A tx as the `Tx` message (body, auth_info, signatures) in the codec's decoded shape: what
 * `--generate-only` prints as proto-JSON, what `tx sign` reads back and signs, and what `tx
 * broadcast`/`tx encode` turn into TxRaw bytes (SDK `TxBuilder` over a `Tx`).
 */
export interface TxDocument {
  body: TxBody;
  auth_info: AuthInfo;
  signatures: Uint8Array[];
}

/** SDK `Factory.BuildUnsignedTx`: messages, memo, timeout, fee; no signer infos, no signatures. */
export function unsignedTxDocument(tx: UnsignedTx, c: Codec = neutralCodec): TxDocument {
  return {
    body: {
      messages: packMessages(c, tx.messages),
      memo: tx.memo ?? '',
      timeout_height: tx.timeoutHeight ?? 0n,
      extension_options: [],
      non_critical_extension_options: [],
    },
    auth_info: {
      signer_infos: [],
      fee: { amount: (tx.fee ?? []).map((x) => ({ denom: x.denom, amount: x.amount })), gas_limit: tx.gasLimit ?? DEFAULT_GAS_LIMIT, payer: tx.payer ?? '', granter: tx.granter ?? '' },
      tip: null,
    },
    signatures: [],
  };
}

/** The document of decoded TxRaw bytes. */
export function txDocumentOf(decoded: DecodedTx): TxDocument {
  return { body: decoded.body, auth_info: decoded.authInfo, signatures: [...decoded.signatures] };
}

/** SDK `TxEncoder`: TxRaw of the body and auth info as encoded now, with the signatures. */
export function encodeTxDocument(doc: TxDocument, c: Codec = neutralCodec): Uint8Array {
  return encodeTxRaw({ body_bytes: encodeTxBody(doc.body, c), auth_info_bytes: encodeAuthInfo(doc.auth_info, c), signatures: doc.signatures }, c);
}

export interface DocumentSigner {
  /** null only for simulation (SDK BuildSimTx without a known key) */
  readonly pubKey: PubKey | null;
  readonly chainId: string;
  readonly accountNumber: bigint;
  readonly sequence: bigint;
  readonly mode: 'direct' | 'amino-json';
  /** replace earlier signatures (`--overwrite`, and every fresh tx) instead of appending */
  readonly overwrite: boolean;
  /** signs the sign bytes (a keyring key; eth keys may answer 65 bytes r‖s‖v) */
  readonly sign: (signBytes: Uint8Array) => Promise<Uint8Array> | Uint8Array;
}

/**
 * SDK `tx.Sign`: puts the signer's SignerInfo into the auth info (with an empty signature, which is
 * what the DIRECT sign bytes cover), computes the sign bytes of `mode`, signs, and stores the
 * signature. At most one DIRECT signer, as the SDK CLI enforces: a second DIRECT signature would
 * invalidate the first one (its sign bytes include every SignerInfo).
 */
export async function signTxDocument(doc: TxDocument, signer: DocumentSigner, c: Codec = neutralCodec): Promise<TxDocument> {
  const mode = signer.mode === 'amino-json' ? SignMode.LEGACY_AMINO_JSON : SignMode.DIRECT;
  const info = makeSignerInfo(signer.pubKey ? pubKeyAny(signer.pubKey, c) : null, signer.sequence, mode);
  const previousInfos = signer.overwrite ? [] : doc.auth_info.signer_infos;
  const previousSigs = signer.overwrite ? [] : doc.signatures;
  const directSigners = [...previousInfos, info].filter((si) => si.mode_info?.single?.mode === SignMode.DIRECT).length;
  if (directSigners > 1) throw SdkErrors.NotSupported.wrap('txs signed with CLI can have maximum 1 DIRECT signer');
  const unsigned: TxDocument = { ...doc, auth_info: { ...doc.auth_info, signer_infos: [...previousInfos, info] }, signatures: [...previousSigs, new Uint8Array(0)] };
  const bytes = signDocumentBytes(unsigned, signer, c);
  const signature = await signer.sign(bytes);
  return { ...unsigned, signatures: [...previousSigs, signature] };
}

/** The bytes a signer signs over a document, in SIGN_MODE_DIRECT or LEGACY_AMINO_JSON (§2.2–2.3). */
export function signDocumentBytes(doc: TxDocument, signer: Pick<DocumentSigner, 'chainId' | 'accountNumber' | 'sequence' | 'mode'>, c: Codec = neutralCodec): Uint8Array {
  if (signer.mode === 'direct') {
    return makeSignDocBytes(encodeTxBody(doc.body, c), encodeAuthInfo(doc.auth_info, c), signer.chainId, signer.accountNumber);
  }
  if (doc.body.extension_options.length || doc.body.non_critical_extension_options.length) {
    throw SdkErrors.InvalidRequest.wrap('SIGN_MODE_LEGACY_AMINO_JSON does not support protobuf extension options');
  }
  const fee = doc.auth_info.fee ?? { amount: [], gas_limit: 0n, payer: '', granter: '' };
  return aminoSignBytes(
    {
      chainId: signer.chainId,
      accountNumber: signer.accountNumber,
      sequence: signer.sequence,
      timeoutHeight: doc.body.timeout_height,
      fee,
      msgs: doc.body.messages,
      memo: doc.body.memo,
      tip: doc.auth_info.tip,
    },
    c,
  );
}
