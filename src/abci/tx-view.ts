/**
 * A decoded tx as the ante chain and the router see it: messages unpacked to neutral type names,
 * signers resolved from the messages (GetSigners, deduplicated, then the fee payer), signer infos
 * with their public keys, and a function for the sign bytes of each signer's mode.
 */
import { SdkErrors } from '../errors.ts';
import type { ProtoCoin } from '../math/coins.ts';
import type { Codec, Any, ProtoObject } from '../codec/registry.ts';
import { decodeTxRaw, makeSignDocBytes, makeSignDocDirectAuxBytes, pubKeyAny, SignMode, txHash, unpackTxAny, type DecodedTx, type Tip } from '../codec/tx.ts';
import { aminoSignBytes, aminoSignedFee } from '../codec/amino-json.ts';
import { KEY_ALGOS, pubKeyTypeUrl, type PubKey } from '../crypto/keys.ts';
import { NEUTRAL } from '../naming.ts';
import type { MsgSpec } from '../state/module.ts';
import type { PubKeyRecord } from '../modules/auth/account.ts';
import { accAddressProblem, parseAccAddress } from '../modules/auth/account.ts';
import { memoPubKey } from './key-memo.ts';

export interface MsgView {
  readonly typeName: string;
  readonly value: ProtoObject;
  readonly spec: MsgSpec;
}

export interface SignerView {
  /** null when the signer info carries no public key (an account that signed before) */
  readonly pubKey: PubKey | null;
  readonly pubKeyRecord: PubKeyRecord | null;
  readonly sequence: bigint;
  readonly mode: number;
  /** the public key stored on the account, as a key */
  accountPubKey(record: PubKeyRecord): PubKey;
}

export interface TxView {
  /** CometBFT tx hash: uppercase hex sha256 of the bytes */
  readonly hash: string;
  readonly messages: readonly MsgView[];
  readonly memo: string;
  readonly timeoutHeight: bigint;
  readonly gasLimit: bigint;
  readonly fee: readonly ProtoCoin[];
  readonly feePayer: string;
  readonly feeGranter: string;
  readonly signers: readonly string[];
  readonly signerBytes: readonly Uint8Array[];
  readonly signerInfos: readonly SignerView[];
  readonly signatures: readonly Uint8Array[];
  /**
   * signatures already verified: `<signer index>/<account number>/<chain id>` → the key that
   * verified it (a memo, not state; the ante trusts an entry only for that same key object)
   */
  readonly verified: Map<string, PubKey>;
  /**
   * The bytes signer `index` signed in its sign mode; `pub` is the key it is verified with (the
   * account's, which DIRECT_AUX signs over). Throws for a mode this chain does not verify and for a
   * fee payer signing with DIRECT_AUX (the SDK's sign mode handlers refuse both; the ante reports
   * them as a failed verification).
   */
  signBytes(index: number, signer: SignerView, chainId: string, accountNumber: bigint, pub: PubKey): Uint8Array;
  /**
   * Lets go of the decoded signed form (the tx's body and auth info, about half of a view's memory)
   * once its signatures are checked: a view waits in the mempool until its block, and the ante then
   * finds its signatures in `verified`. Sign bytes asked for after this decode it again from the bytes.
   */
  releaseSignedForm(): void;
}

/** Neutral pubkey type URL → algorithm, for the key types a tx signer may use. */
const ALGO_BY_URL = new Map(KEY_ALGOS.map((algo) => [pubKeyTypeUrl(algo, NEUTRAL), algo]));

function pubKeyFromRecord(record: PubKeyRecord): PubKey {
  const algo = ALGO_BY_URL.get(record.type_url);
  if (!algo) throw SdkErrors.InvalidPubKey.wrap(`unsupported public key type ${record.type_url}`);
  return memoPubKey(algo, record.key);
}

function signerPubKey(codec: Codec, any: Any | null): { pubKey: PubKey | null; record: PubKeyRecord | null } {
  if (!any || any.type_url === '') return { pubKey: null, record: null };
  const { typeName, value } = unpackTxAny(codec, any);
  const url = '/' + typeName;
  const algo = ALGO_BY_URL.get(url);
  if (!algo) throw SdkErrors.InvalidPubKey.wrap(`unsupported public key type ${codec.typeUrl(typeName)}`);
  if (algo === 'ed25519') throw SdkErrors.InvalidPubKey.wrap('ED25519 public keys are unsupported');
  const key = value.key as Uint8Array;
  const base64 = Buffer.from(key).toString('base64');
  let pubKey: PubKey;
  try {
    pubKey = memoPubKey(algo, base64, key);
  } catch (e) {
    throw SdkErrors.InvalidPubKey.wrap((e as Error).message);
  }
  return { pubKey, record: { type_url: url, key: base64 } };
}

/**
 * A decoded and checked tx as plain data, all the ante and the message router need (a replay
 * decodes blocks on a worker thread and sends these, src/abci/replay-decoder.ts); `viewOfParts`
 * makes the TxView of it. The signer keys are in their stored form (type URL and base64).
 */
export interface TxParts {
  /** CometBFT tx hash: uppercase hex sha256 of the bytes */
  readonly hash: string;
  readonly messages: readonly { readonly typeName: string; readonly value: ProtoObject }[];
  readonly memo: string;
  readonly timeoutHeight: bigint;
  readonly fee: { readonly amount: readonly ProtoCoin[]; readonly gas_limit: bigint; readonly payer: string; readonly granter: string };
  readonly signers: readonly string[];
  readonly signerBytes: readonly Uint8Array[];
  readonly signerInfos: readonly { readonly pubKeyRecord: PubKeyRecord | null; readonly sequence: bigint; readonly mode: number }[];
  readonly signatures: readonly Uint8Array[];
}

/** What the sign bytes are made of besides the parts: the signed bytes and the packed messages. */
export interface SignedForm {
  readonly bodyBytes: Uint8Array;
  readonly authInfoBytes: Uint8Array;
  readonly messages: readonly Any[];
  readonly tip: Tip | null;
}

function signedFormOf(tx: DecodedTx): SignedForm {
  return { bodyBytes: tx.bodyBytes, authInfoBytes: tx.authInfoBytes, messages: tx.body.messages, tip: tx.authInfo.tip };
}

/**
 * Decodes and checks a tx. Failures are ChainErrors: code 2 for bytes or type URLs that do not
 * decode, 18 for a tx without messages, and each message's own ValidateBasic error.
 */
export function decodeTxParts(codec: Codec, txBytes: Uint8Array, specs: ReadonlyMap<string, MsgSpec>): TxParts {
  return decodeTx(codec, txBytes, specs, txHash(txBytes)).parts;
}

function decodeTx(codec: Codec, txBytes: Uint8Array, specs: ReadonlyMap<string, MsgSpec>, hash: string): { parts: TxParts; tx: DecodedTx } {
  const tx = decodeTxRaw(txBytes, codec);
  const body = tx.body;
  const authInfo = tx.authInfo;
  const messages = (body.messages as Any[]).map((any) => {
    const { typeName, value } = unpackTxAny(codec, any);
    const spec = specs.get(typeName);
    if (!spec) throw SdkErrors.TxDecode.wrap(`unable to resolve type URL ${any.type_url}`);
    return { typeName, value, spec };
  });
  if (messages.length === 0) throw SdkErrors.InvalidRequest.wrap('must contain at least one message');
  for (const m of messages) m.spec.validateBasic?.(m.value);

  const fee = (authInfo.fee ?? { amount: [], gas_limit: 0n, payer: '', granter: '' }) as TxParts['fee'];
  const signers: string[] = [];
  for (const m of messages) for (const s of m.spec.signers(m.value)) if (!signers.includes(s)) signers.push(s);
  // a payer that does not parse is left to the ante's Tx.ValidateBasic (`Invalid fee payer address
  // (…)`), which checks the fee amounts before it, as the SDK does
  if (fee.payer && !signers.includes(fee.payer) && accAddressProblem(fee.payer) === undefined) signers.push(fee.payer);

  const signerInfos = (authInfo.signer_infos as unknown as ProtoObject[]).map((si) => {
    const { record } = signerPubKey(codec, si.public_key as Any | null);
    const modeInfo = si.mode_info as { single: { mode: number } | null; multi: unknown } | null;
    if (modeInfo?.multi) throw SdkErrors.InvalidPubKey.wrap('multisig signers are not supported');
    return { pubKeyRecord: record, sequence: si.sequence as bigint, mode: modeInfo?.single?.mode ?? 0 };
  });

  const parts: TxParts = {
    hash,
    messages: messages.map(({ typeName, value }) => ({ typeName, value })),
    memo: body.memo as string,
    timeoutHeight: body.timeout_height as bigint,
    fee,
    signers,
    signerBytes: signers.map((s) => parseAccAddress(s)),
    signerInfos,
    signatures: tx.signatures,
  };
  return { parts, tx };
}

/** Decodes and resolves a tx (`decodeTxParts`, then `viewOfParts`); `hash` is its tx hash when known. */
export function buildTxView(codec: Codec, txBytes: Uint8Array, specs: ReadonlyMap<string, MsgSpec>, hash = txHash(txBytes)): TxView {
  const { parts, tx } = decodeTx(codec, txBytes, specs, hash);
  return viewOfParts(codec, parts, specs, new SignedFormSource(codec, txBytes, signedFormOf(tx)));
}

/**
 * The TxView of decoded parts, made on this thread: message specs attached, signer keys shared
 * through the key memo (the ante compares key objects), sign bytes on demand from `signed` (the
 * replay, which checks no signature, never asks; the worker's views decode it from the bytes).
 */
export function viewOfParts(codec: Codec, parts: TxParts, specs: ReadonlyMap<string, MsgSpec>, signed: SignedFormSource): TxView {
  const { fee } = parts;
  const feePayer = fee.payer || parts.signers[0] || '';
  const messages: MsgView[] = parts.messages.map((m) => {
    const spec = specs.get(m.typeName);
    if (!spec) throw SdkErrors.TxDecode.wrap(`unable to resolve type URL ${codec.typeUrl(m.typeName)}`);
    return { typeName: m.typeName, value: m.value, spec };
  });
  const signerInfos: SignerView[] = parts.signerInfos.map((si) => ({
    pubKey: si.pubKeyRecord ? pubKeyFromRecord(si.pubKeyRecord) : null,
    pubKeyRecord: si.pubKeyRecord,
    sequence: si.sequence,
    mode: si.mode,
    accountPubKey: pubKeyFromRecord,
  }));
  return {
    hash: parts.hash,
    messages,
    memo: parts.memo,
    timeoutHeight: parts.timeoutHeight,
    gasLimit: fee.gas_limit,
    fee: fee.amount,
    feePayer,
    feeGranter: fee.granter,
    signers: parts.signers,
    signerBytes: parts.signerBytes,
    signerInfos,
    signatures: parts.signatures,
    verified: new Map(),
    releaseSignedForm: () => signed.release(),
    signBytes(index, signer, chainId, accountNumber, pub) {
      switch (signer.mode) {
        case SignMode.DIRECT: {
          const { bodyBytes, authInfoBytes } = signed.get();
          return makeSignDocBytes(bodyBytes, authInfoBytes, chainId, accountNumber);
        }
        case SignMode.DIRECT_AUX: {
          // it does not sign over the fee: the fee payer may not use it
          const address = parts.signers[index] ?? '';
          if (address === feePayer) throw SdkErrors.Unauthorized.wrap(`fee payer ${address} cannot sign with SIGN_MODE_DIRECT_AUX`);
          const { bodyBytes, tip } = signed.get();
          return makeSignDocDirectAuxBytes({ bodyBytes, publicKey: pubKeyAny(pub, codec), chainId, accountNumber, sequence: signer.sequence, tip }, codec);
        }
        case SignMode.LEGACY_AMINO_JSON: {
          const { messages: msgs, tip } = signed.get();
          return aminoSignBytes(
            {
              chainId,
              accountNumber,
              sequence: signer.sequence,
              timeoutHeight: parts.timeoutHeight,
              fee: aminoSignedFee(parts.signers[index] ?? '', tip, { amount: fee.amount as ProtoCoin[], gas: fee.gas_limit, payer: fee.payer, granter: fee.granter }),
              msgs: msgs as Any[],
              memo: parts.memo,
              tip,
            },
            codec,
          );
        }
        default:
          throw SdkErrors.Unauthorized.wrap(`signature of signer ${index}: sign mode ${signer.mode} is not supported (DIRECT, DIRECT_AUX and LEGACY_AMINO_JSON are)`);
      }
    },
  };
}

/**
 * The signed form of a tx's bytes: the one decoded with its view, or decoded on first use (a view
 * made from a worker's parts), kept until released (`TxView.releaseSignedForm`), then decoded again
 * if asked for.
 */
export class SignedFormSource {
  constructor(
    private readonly codec: Codec,
    private readonly txBytes: Uint8Array,
    private form?: SignedForm,
  ) {}
  get(): SignedForm {
    return (this.form ??= signedFormOf(decodeTxRaw(this.txBytes, this.codec)));
  }
  release(): void {
    this.form = undefined;
  }
}
