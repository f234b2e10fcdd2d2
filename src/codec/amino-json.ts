/**
 * SIGN_MODE_LEGACY_AMINO_JSON (reference/wire-formats.md §2.3): the StdSignDoc JSON with keys sorted
 * at every level (SDK v0.47 x/auth/migrations/legacytx/stdsign.go), each message as go-amino's JSON.
 *
 * go-amino v0.16 JSON rules reproduced here: keys and `omitempty` come from the Go struct JSON tags
 * (the `(go_json)` option of proto/, gogoproto's default being `"<field>,omitempty"`); a value is
 * empty when it equals Go's zero value or is an empty string/slice; int64/uint64 are strings, 32-bit
 * ints and enums numbers, bytes base64, nil slices and nil pointers `null`; Int and Dec print their
 * decimal text; time.Time prints RFC 3339 and time.Duration its nanoseconds; an Any prints as the
 * registered concrete value `{type, value}`, where key types print only their key bytes.
 */
import type protobuf from 'protobufjs';
import { SdkErrors } from '../errors.ts';
import { aminoTypeName, UNWRAPPED_AMINO_MESSAGES } from './amino-names.ts';
import { decText } from './custom-scalars.ts';
import { type FieldInfo, LONG_SCALARS, messageInfo, protoName } from './field-info.ts';
import { base64, type GoJsonValue, sortedGoJson } from './go-json.ts';
import { type Any, type Codec, codec as neutralCodec, type ProtoObject } from './registry.ts';
import { durationToGoNanos, GO_ZERO_TIME_SECONDS, type TimestampValue, timestampToGoTime } from './time-text.ts';
import type { Coin, DecodedTx, Int64Like, Tip } from './tx.ts';

export interface AminoFeeInput {
  amount: Coin[];
  /** the gas limit; `gas` is accepted as its StdFee name */
  gas_limit?: Int64Like;
  gas?: Int64Like;
  payer?: string;
  granter?: string;
}

export interface AminoSignDocInput {
  chainId: string;
  accountNumber: Int64Like;
  sequence: Int64Like;
  timeoutHeight?: Int64Like;
  fee: AminoFeeInput;
  /** the tx body messages, packed */
  msgs: Any[];
  memo: string;
  tip?: Tip | null;
}

/**
 * The fee a LEGACY_AMINO_JSON signer signs over: the tx's, except for the tipper, who by the SDK's
 * convention signs over an empty fee (no amount, no gas, no payer or granter): an aux signer's
 * amino signature, made before the fee payer set the fee.
 */
export function aminoSignedFee(signer: string, tip: Tip | null | undefined, fee: AminoFeeInput | null): AminoFeeInput {
  return (tip && tip.tipper === signer) || !fee ? { amount: [], gas_limit: 0 } : fee;
}

/** The StdSignDoc bytes to sign (UTF-8 of the sorted compact JSON). */
export function aminoSignBytes(input: AminoSignDocInput, c: Codec = neutralCodec): Uint8Array {
  return new TextEncoder().encode(aminoSignDocJson(input, c));
}

export function aminoSignDocJson(input: AminoSignDocInput, c: Codec = neutralCodec): string {
  const gas = input.fee.gas_limit ?? input.fee.gas ?? 0;
  const fee: { [k: string]: GoJsonValue } = {
    // StdFee.Bytes turns an empty fee amount into an empty (not nil) Coins: `[]`
    amount: input.fee.amount.map((coin) => aminoStruct(c, c.lookupType('sdk.base.v1beta1.Coin'), coin as unknown as ProtoObject)),
    gas: BigInt(gas).toString(),
  };
  if (input.fee.payer) fee.payer = input.fee.payer;
  if (input.fee.granter) fee.granter = input.fee.granter;
  const doc: { [k: string]: GoJsonValue } = {
    account_number: BigInt(input.accountNumber).toString(),
    chain_id: input.chainId,
    fee,
    memo: input.memo,
    msgs: input.msgs.map((m) => aminoMsgJson(c, m)),
    sequence: BigInt(input.sequence).toString(),
  };
  const timeout = BigInt(input.timeoutHeight ?? 0);
  if (timeout !== 0n) doc.timeout_height = timeout.toString();
  if (input.tip) {
    if (input.tip.tipper === '') throw new Error('tipper cannot be empty');
    const coin = c.lookupType('sdk.base.v1beta1.Coin');
    doc.tip = {
      amount: input.tip.amount.length ? input.tip.amount.map((x) => aminoStruct(c, coin, x as unknown as ProtoObject)) : null,
      tipper: input.tip.tipper,
    };
  }
  return sortedGoJson(doc);
}

export interface AminoSignerData {
  chainId: string;
  accountNumber: Int64Like;
  sequence: Int64Like;
  /** the signer's account address (a tipper signs over an empty fee) */
  address: string;
}

/**
 * The LEGACY_AMINO_JSON sign mode handler of SDK v0.47 (x/auth/tx/legacy_amino_json.go) over a
 * decoded tx: refuses bodies with unknown non-critical fields or extension options
 * (ErrInvalidRequest), and gives a tipper the empty-fee convention.
 */
export function aminoSignBytesOfTx(tx: DecodedTx, signer: AminoSignerData, c: Codec = neutralCodec): Uint8Array {
  if (tx.hasUnknownNonCriticals) {
    throw SdkErrors.InvalidRequest.wrap(
      'protobuf transaction contains unknown non-critical fields. This is a transaction malleability issue and SIGN_MODE_LEGACY_AMINO_JSON cannot be used.',
    );
  }
  if (tx.body.extension_options.length || tx.body.non_critical_extension_options.length) {
    throw SdkErrors.InvalidRequest.wrap('SIGN_MODE_LEGACY_AMINO_JSON does not support protobuf extension options');
  }
  if (signer.address === '') throw SdkErrors.InvalidRequest.wrap('got empty address in SIGN_MODE_LEGACY_AMINO_JSON handler');
  const tip = tx.authInfo.tip;
  return aminoSignBytes(
    {
      chainId: signer.chainId,
      accountNumber: signer.accountNumber,
      sequence: signer.sequence,
      timeoutHeight: tx.body.timeout_height,
      fee: aminoSignedFee(signer.address, tip, tx.authInfo.fee),
      msgs: tx.body.messages,
      memo: tx.body.memo,
      tip,
    },
    c,
  );
}

/** A message's `GetSignBytes` JSON value: `{type, value}`, or the bare value for unregistered ones. */
export function aminoMsgJson(c: Codec, any: Any): GoJsonValue {
  const { typeName, value } = c.unpackAny(any);
  const type = c.lookupType(typeName);
  if (UNWRAPPED_AMINO_MESSAGES.has(typeName)) return aminoStruct(c, type, value);
  const name = aminoTypeName(c.profile, typeName);
  if (!name || !c.interfaces.implements('Msg', typeName)) {
    throw new Error(`expected *legacytx.LegacyMsg when using amino JSON: ${any.type_url} has no legacy amino sign bytes`);
  }
  return { type: name, value: aminoStruct(c, type, value) };
}

/** The amino JSON of a packed interface value (pubkey, proposal content, account): `{type, value}`. */
export function aminoAnyJson(c: Codec, any: Any): GoJsonValue {
  const { typeName, value } = c.unpackAny(any);
  const name = aminoTypeName(c.profile, typeName);
  if (!name) throw new Error(`amino: no concrete type registered for ${any.type_url}`);
  if (typeName === 'sdk.crypto.multisig.LegacyAminoPubKey') {
    // MarshalAminoJSON converts to the consensus engine's struct {threshold uint, pubkeys}
    const keys = value.public_keys as Any[];
    return { type: name, value: { threshold: String(value.threshold), pubkeys: keys.map((k) => aminoAnyJson(c, k)) } };
  }
  if (/\.(PubKey|PrivKey)$/.test(typeName)) {
    // key types marshal to their raw key bytes (MarshalAmino)
    return { type: name, value: base64(value.key as Uint8Array) };
  }
  return { type: name, value: aminoStruct(c, c.lookupType(typeName), value) };
}

/** go-amino JSON of a struct (a proto message value). */
export function aminoStruct(c: Codec, type: protobuf.Type, obj: ProtoObject): { [k: string]: GoJsonValue } {
  const full = c.create(c.neutralName(type), {});
  const value = { ...full, ...obj };
  const out: { [k: string]: GoJsonValue } = {};
  for (const f of messageInfo(type).fields) {
    if (f.oneof !== null) throw new Error(`amino JSON of oneof ${protoName(type)}.${f.oneof} is not supported`);
    if (f.goJsonName === '-') continue;
    const v = value[f.name];
    if (f.goJsonOmitEmpty && isEmpty(c, f, v)) continue;
    out[f.goJsonName] = fieldValue(c, f, v);
  }
  return out;
}

function fieldValue(c: Codec, f: FieldInfo, v: unknown): GoJsonValue {
  if (f.repeated) {
    const list = v as unknown[];
    return list.length === 0 ? null : list.map((item) => singleValue(c, f, item));
  }
  return singleValue(c, f, v);
}

function singleValue(c: Codec, f: FieldInfo, v: unknown): GoJsonValue {
  if (v === null || v === undefined) return null;
  if (f.kind === 'message') {
    const name = protoName(f.messageType as protobuf.Type);
    if (name === 'google.protobuf.Any') return aminoAnyJson(c, v as Any);
    if (f.goStd && name === 'google.protobuf.Timestamp') return timestampToGoTime(timestampOf(v));
    if (f.goStd && name === 'google.protobuf.Duration') return durationToGoNanos(timestampOf(v));
    return aminoStruct(c, f.messageType as protobuf.Type, v as ProtoObject);
  }
  if (f.custom === 'int') return String(v);
  if (f.custom === 'dec') return decText(v, f.name);
  if (f.kind === 'enum') return typeof v === 'string' ? ((f.enumType as protobuf.Enum).values[v] ?? 0) : (v as number);
  const t = f.scalar;
  if (t && LONG_SCALARS.has(t)) return BigInt(v as Int64Like).toString();
  if (t === 'bytes') return (v as Uint8Array).length === 0 ? null : base64(v as Uint8Array);
  if (t === 'double' || t === 'float') throw new Error(`amino JSON of float field ${f.name} needs amino:"unsafe"`);
  return v as GoJsonValue;
}

function timestampOf(v: unknown): TimestampValue {
  const o = v as { seconds: Int64Like; nanos: number };
  return { seconds: BigInt(o.seconds ?? 0), nanos: o.nanos ?? 0 };
}

/** go-amino isEmpty: Go zero value (nil slices and pointers, zero structs) or an empty string/slice. */
function isEmpty(c: Codec, f: FieldInfo, v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (f.repeated) return (v as unknown[]).length === 0;
  if (f.kind === 'message') {
    if (!f.nonNullable) return false; // a non-nil pointer is never empty
    const name = protoName(f.messageType as protobuf.Type);
    if (f.goStd && name === 'google.protobuf.Timestamp') {
      const ts = timestampOf(v);
      return ts.seconds === GO_ZERO_TIME_SECONDS && ts.nanos === 0;
    }
    return isZeroStruct(c, f.messageType as protobuf.Type, v as ProtoObject);
  }
  if (f.custom !== null) return v === ''; // a decoded Int/Dec is never the nil zero value
  if (f.kind === 'enum') return v === 0;
  switch (f.scalar) {
    case 'string':
      return v === '';
    case 'bytes':
      return (v as Uint8Array).length === 0;
    case 'bool':
      return v === false;
    default:
      return v === 0 || v === 0n || v === '0';
  }
}

function isZeroStruct(c: Codec, type: protobuf.Type, obj: ProtoObject): boolean {
  return messageInfo(type).fields.every((f) => {
    const v = obj[f.name];
    if (v === null || v === undefined) return true;
    if (f.kind === 'message' && !f.repeated) return f.nonNullable ? isZeroStruct(c, f.messageType as protobuf.Type, v as ProtoObject) : false;
    return isEmpty(c, { ...f, nonNullable: false }, v);
  });
}
