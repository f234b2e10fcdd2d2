/**
 * Building and parsing Cosmos transactions (reference/wire-formats.md §2.1–2.4): TxBody and AuthInfo
 * bytes, SIGN_MODE_DIRECT sign bytes, TxRaw, its hash, and the strict decoder the node applies to
 * broadcast bytes (SDK v0.47 x/auth/tx/decoder.go).
 */
import { sha256Text } from '../state/sha256.ts';
import type protobuf from 'protobufjs';
import { ChainError, SdkErrors } from '../errors.ts';
import { messageInfo } from './field-info.ts';
import { GO_INTERFACE, type InterfaceName } from './interface-registry.ts';
import { type Any, type Codec, codec as neutralCodec, type ProtoObject } from './registry.ts';
import { MAX_UNPACK_ANY_CALLS, MAX_UNPACK_ANY_DEPTH, rejectNonADR027TxRaw, rejectUnknownFields } from './unknown-fields.ts';
import { MalformedProtoError, WireType, WireWriter } from './wire.ts';
import { markUnresolvedTypeUrl, unresolvedTypeUrlOf, wrongProfileHint } from '../naming.ts';
import { pubKeyTypeUrl, type PubKey } from '../crypto/keys.ts';

/** SignMode enum of sdk.tx.signing.v1beta1 (§2.1); the chain accepts DIRECT, DIRECT_AUX and LEGACY_AMINO_JSON. */
export const SignMode = {
  UNSPECIFIED: 0,
  DIRECT: 1,
  TEXTUAL: 2,
  DIRECT_AUX: 3,
  LEGACY_AMINO_JSON: 127,
  EIP_191: 191,
} as const;
export type SignMode = (typeof SignMode)[keyof typeof SignMode];

/** A 64-bit integer as callers may give it; decoded values are always bigint. */
export type Int64Like = bigint | number | string;

export interface Coin {
  denom: string;
  amount: string;
}

export interface Fee {
  amount: Coin[];
  gas_limit: bigint;
  payer: string;
  granter: string;
}

export interface Tip {
  amount: Coin[];
  tipper: string;
}

export interface CompactBitArray {
  extra_bits_stored: number;
  elems: Uint8Array;
}

export interface ModeInfo {
  single: { mode: number } | null;
  multi: { bitarray: CompactBitArray | null; mode_infos: ModeInfo[] } | null;
}

export interface SignerInfo {
  public_key: Any | null;
  mode_info: ModeInfo | null;
  sequence: bigint;
}

export interface TxBody {
  messages: Any[];
  memo: string;
  timeout_height: bigint;
  extension_options: Any[];
  non_critical_extension_options: Any[];
}

export interface AuthInfo {
  signer_infos: SignerInfo[];
  fee: Fee | null;
  tip: Tip | null;
}

export interface TxRaw {
  body_bytes: Uint8Array;
  auth_info_bytes: Uint8Array;
  signatures: Uint8Array[];
}

export interface TxBodyInput {
  messages: Any[];
  memo?: string;
  timeout_height?: Int64Like;
  extension_options?: Any[];
  non_critical_extension_options?: Any[];
}

export interface FeeInput {
  amount: Coin[];
  gas_limit: Int64Like;
  payer?: string;
  granter?: string;
}

export interface AuthInfoInput {
  signer_infos: Array<SignerInfo | { public_key: Any | null; mode_info: ModeInfo | null; sequence: Int64Like }>;
  fee: FeeInput | null;
  tip?: Tip | null;
}

export interface DecodedTx {
  raw: TxRaw;
  body: TxBody;
  authInfo: AuthInfo;
  /** exactly the bytes that were signed (SIGN_MODE_DIRECT) */
  bodyBytes: Uint8Array;
  authInfoBytes: Uint8Array;
  signatures: Uint8Array[];
  /** the body carried unknown non-critical fields (number ≥ 1024 with bit 11 set) */
  hasUnknownNonCriticals: boolean;
}

export function encodeTxBody(body: TxBodyInput, c: Codec = neutralCodec): Uint8Array {
  return c.encode('sdk.tx.v1beta1.TxBody', body);
}

export function encodeAuthInfo(authInfo: AuthInfoInput, c: Codec = neutralCodec): Uint8Array {
  return c.encode('sdk.tx.v1beta1.AuthInfo', authInfo);
}

/** A single-signer SignerInfo; `pubkeyAny` null leaves the key out (the account already has one). */
export function makeSignerInfo(pubkeyAny: Any | null, sequence: Int64Like, mode: number): SignerInfo {
  return { public_key: pubkeyAny, mode_info: { single: { mode }, multi: null }, sequence: BigInt(sequence) };
}

/**
 * SIGN_MODE_DIRECT sign bytes: the SignDoc protobuf (§2.2), written field by field (every signature
 * check makes one; the same bytes as the codec's encoding, property-tests/tx-bytes.property.test.ts).
 * Its field numbers are the same in both naming profiles.
 */
export function makeSignDocBytes(bodyBytes: Uint8Array, authInfoBytes: Uint8Array, chainId: string, accountNumber: Int64Like): Uint8Array {
  // three tags, three lengths and a varint take at most 32 bytes; a chain id's UTF-8 at most 3 a unit
  const w = new WireWriter(bodyBytes.length + authInfoBytes.length + 3 * chainId.length + 32);
  if (bodyBytes.length > 0) w.tag(1, WireType.Bytes).bytes(bodyBytes);
  if (authInfoBytes.length > 0) w.tag(2, WireType.Bytes).bytes(authInfoBytes);
  if (chainId !== '') w.tag(3, WireType.Bytes).string(chainId);
  const n = BigInt(accountNumber);
  if (n !== 0n) w.tag(4, WireType.Varint).varint(n);
  return w.finish();
}

/** A public key as the `Any` of a SignerInfo (`/chain.crypto.v1.ethsecp256k1.PubKey` for eth keys). */
export function pubKeyAny(pub: PubKey, c: Codec = neutralCodec): Any {
  const url = pubKeyTypeUrl(pub.algo, c.profile);
  return { type_url: url, value: c.encode(url, { key: pub.key }) };
}

/**
 * `SignDocDirectAux` bytes: what a signer with SIGN_MODE_DIRECT_AUX signs (x/auth/tx `direct_aux.go`):
 * the body bytes, its own public key, chain id, account number, sequence and the tx's tip; neither
 * the fee nor the other signers (so a fee payer may not sign this way).
 */
export function makeSignDocDirectAuxBytes(
  d: { readonly bodyBytes: Uint8Array; readonly publicKey: Any; readonly chainId: string; readonly accountNumber: bigint; readonly sequence: bigint; readonly tip: Tip | null },
  c: Codec = neutralCodec,
): Uint8Array {
  return c.encode('sdk.tx.v1beta1.SignDocDirectAux', {
    body_bytes: d.bodyBytes,
    public_key: d.publicKey,
    chain_id: d.chainId,
    account_number: d.accountNumber,
    sequence: d.sequence,
    tip: d.tip,
  });
}

/**
 * `TxMsgData` bytes of a delivered tx (its result's `data`): the messages' responses as Anys in
 * field 2, written field by field (every passing tx makes one; the same bytes as the codec's
 * encoding, property-tests/tx-bytes.property.test.ts).
 */
export function encodeTxMsgData(msgResponses: readonly Any[]): Uint8Array {
  const w = new WireWriter();
  for (const any of msgResponses) {
    const inner = new WireWriter();
    if (any.type_url !== '') inner.tag(1, WireType.Bytes).string(any.type_url);
    if (any.value.length > 0) inner.tag(2, WireType.Bytes).bytes(any.value);
    w.tag(2, WireType.Bytes).bytes(inner.finish());
  }
  return w.finish();
}

export function encodeTxRaw(raw: TxRaw, c: Codec = neutralCodec): Uint8Array {
  return c.encode('sdk.tx.v1beta1.TxRaw', raw);
}

/** CometBFT tx hash: sha256 of the TxRaw bytes, uppercase hex (§2.4). */
export function txHash(txRawBytes: Uint8Array): string {
  return sha256Text(txRawBytes, 'hex').toUpperCase();
}

/**
 * Decodes broadcast bytes as the node does; any failure is ChainError TxDecode (sdk code 2) with
 * the SDK's log text, e.g. `unable to resolve type URL /x.Y: tx parse error`.
 */
export function decodeTxRaw(bytes: Uint8Array, c: Codec = neutralCodec): DecodedTx {
  if (!(bytes instanceof Uint8Array)) throw new Error('decodeTxRaw: expected the TxRaw bytes as a Uint8Array');
  const step = <T>(fn: () => T): T => {
    try {
      return fn();
    } catch (err) {
      if (err instanceof ChainError) throw err;
      const wrapped = SdkErrors.TxDecode.wrap((err as Error).message);
      const url = unresolvedTypeUrlOf(err);
      throw url === undefined ? wrapped : markUnresolvedTypeUrl(wrapped, url);
    }
  };
  const txRawType = c.lookupType('sdk.tx.v1beta1.TxRaw');
  const bodyType = c.lookupType('sdk.tx.v1beta1.TxBody');
  const authInfoType = c.lookupType('sdk.tx.v1beta1.AuthInfo');

  step(() => rejectNonADR027TxRaw(bytes));
  step(() => rejectUnknownFields(c, txRawType, bytes, false));
  const raw = step(() => c.decode('sdk.tx.v1beta1.TxRaw', bytes)) as unknown as TxRaw;

  const hasUnknownNonCriticals = step(() => rejectUnknownFields(c, bodyType, raw.body_bytes, true));
  const body = step(() => c.decode('sdk.tx.v1beta1.TxBody', raw.body_bytes)) as unknown as TxBody;
  step(() => {
    for (const any of body.messages) unpackAs(c, any, 'Msg');
    for (const any of [...body.extension_options, ...body.non_critical_extension_options]) unpackAs(c, any, 'ExtensionOption');
  });

  step(() => rejectUnknownFields(c, authInfoType, raw.auth_info_bytes, false));
  const authInfo = step(() => c.decode('sdk.tx.v1beta1.AuthInfo', raw.auth_info_bytes)) as unknown as AuthInfo;
  step(() => {
    for (const si of authInfo.signer_infos) if (si.public_key) unpackAs(c, si.public_key, 'PubKey');
  });

  return {
    raw,
    body,
    authInfo,
    bodyBytes: raw.body_bytes,
    authInfoBytes: raw.auth_info_bytes,
    signatures: raw.signatures,
    hasUnknownNonCriticals,
  };
}

/**
 * The values `decodeTxRaw` unpacked while checking the tx's Anys (messages, signer keys), by Any
 * object, so that the tx's consumers do not decode each message a second time.
 */
const unpackedByAny = new WeakMap<Any, { typeName: string; value: ProtoObject }>();

/**
 * `codec.unpackAny(any)` for an Any of a tx returned by `decodeTxRaw` (same result, decoded once);
 * any other Any is unpacked by the codec.
 */
export function unpackTxAny(c: Codec, any: Any): { typeName: string; value: ProtoObject } {
  return unpackedByAny.get(any) ?? c.unpackAny(any);
}

/** What an unpacking may still do: its depth left, and the calls left to the whole of it (shared). */
interface UnpackBudget {
  readonly depth: number;
  readonly calls: { count: number };
}

/**
 * InterfaceRegistry.UnpackAny: an empty type URL unpacks to nothing; otherwise the type must
 * implement `iface`, and Any fields inside it are checked against the interfaces they accept. Each
 * top-level Any gets the SDK's budget (`statefulUnpacker`): depth 10, 100 calls in all. Also what
 * the SDK CLI's `UnmarshalInterfaceJSON` runs on an Any it read from JSON.
 */
export function unpackAs(c: Codec, any: Any, iface: InterfaceName, budget: UnpackBudget = { depth: MAX_UNPACK_ANY_DEPTH, calls: { count: MAX_UNPACK_ANY_CALLS } }): void {
  if (budget.depth === 0) throw new Error('max depth exceeded');
  if (budget.calls.count === 0) throw new Error('call limit exceeded');
  budget.calls.count--;
  if (any.type_url === '') return;
  const name = c.typeNameOfUrl(any.type_url);
  if (name === null || !c.interfaces.implements(iface, name)) {
    throw markUnresolvedTypeUrl(new Error(`no concrete type registered for type URL ${any.type_url} against interface ${GO_INTERFACE[iface]}${wrongProfileHint(c.profile, any.type_url)}`), any.type_url);
  }
  try {
    const type = c.lookupType(name);
    const value = c.decode(name, any.value);
    checkAcceptedInterfaces(c, type, value, { depth: budget.depth - 1, calls: budget.calls });
    unpackedByAny.set(any, { typeName: c.neutralName(type), value });
  } catch (err) {
    if (err instanceof MalformedProtoError) throw new Error(err.message);
    throw err;
  }
}

function checkAcceptedInterfaces(c: Codec, type: protobuf.Type, value: ProtoObject, budget: UnpackBudget): void {
  for (const f of messageInfo(type).fields) {
    if (f.kind !== 'message') continue;
    const items = (f.repeated ? value[f.name] : [value[f.name]]) as Array<ProtoObject | null>;
    for (const item of items) {
      if (!item) continue;
      if (f.accepts) unpackAs(c, item as unknown as Any, f.accepts as InterfaceName, budget);
      else checkAcceptedInterfaces(c, f.messageType as protobuf.Type, item, budget);
    }
  }
}
