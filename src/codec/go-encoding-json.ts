/**
 * The SDK's exception to proto-JSON in the answers of the REST gateway and of the CLI's queries
 * (both print with gogo jsonpb; reference/sdk-modules.md §1.1): gogo jsonpb calls a Go
 * type's own `MarshalJSON` for a NESTED message value (never for the top-level response), and a few
 * SDK response types have one that goes through Go's `encoding/json`. Their JSON then follows the
 * Go struct tags instead of the proto field rules:
 *
 * - keys and `omitempty` from the tag (the proto's `(go_json)` option, gogoproto's default being
 *   `"<field>,omitempty"`); an empty string, a 0 number, `false` and an empty list are omitted;
 * - int32/int64/uint64 are JSON **numbers** (no quotes), enums their number;
 * - a repeated field is `null` when empty (a gRPC-decoded Go slice with no element is nil);
 * - Int and Dec print their decimal text in quotes (their MarshalJSON), bytes base64;
 * - time.Time is Go's RFC 3339 with nanoseconds, trailing fraction zeros trimmed entirely
 *   (`2024-02-12T10:00:00.5Z`), time.Duration its nanoseconds as a number.
 *
 * The one such type on a route of this chain is staking's `RedelegationResponse` (its MarshalJSON
 * marshals an alias type with encoding/json), which gives the [QUIRK] shape of every redelegations
 * answer: `redelegation.entries` null (the SDK's constructor never fills it), `creation_height` and
 * `unbonding_id` numbers omitted when 0, `unbonding_on_hold_ref_count` omitted when 0.
 * `DelegationResponse` has one too, but its encoding/json shape is the proto-JSON one in every
 * case that can occur (non-empty addresses, a Coin and a Dec), so it is printed as proto-JSON.
 */
import type protobuf from 'protobufjs';
import { decText, intText } from './custom-scalars.ts';
import { type FieldInfo, LONG_SCALARS, messageInfo, protoName } from './field-info.ts';
import { base64, type GoJsonValue } from './go-json.ts';
import { protoJsonValue } from './proto-json.ts';
import type { Codec, ProtoObject } from './registry.ts';
import { durationToGoNanos, timestampToGoTime } from './time-text.ts';

/** Neutral names of the message types printed with Go encoding/json when nested in a gateway answer. */
export const GO_ENCODING_JSON_TYPES: ReadonlySet<string> = new Set(['sdk.staking.v1beta1.RedelegationResponse']);

const WKT_TIMESTAMP = 'google.protobuf.Timestamp';
const WKT_DURATION = 'google.protobuf.Duration';
const WKT_ANY = 'google.protobuf.Any';

/** The JSON value of a query answer (REST, CLI): proto-JSON, with the nested GO_ENCODING_JSON_TYPES values in their encoding/json form. */
export function responseJsonValue(codec: Codec, typeName: string, message: unknown): GoJsonValue {
  const type = codec.lookupType(typeName);
  const value = protoJsonValue(typeName, message, { codec });
  return holdsGoJsonType(codec, type) ? withGoJsonFields(codec, type, (message ?? {}) as ProtoObject, value as { [k: string]: GoJsonValue }) : value;
}

function isGoJsonType(codec: Codec, type: protobuf.Type): boolean {
  return GO_ENCODING_JSON_TYPES.has(codec.neutralName(protoName(type)));
}

const holds = new WeakMap<protobuf.Type, boolean>();

/** Whether a GO_ENCODING_JSON_TYPES message can occur below `type` (not through an Any). */
function holdsGoJsonType(codec: Codec, type: protobuf.Type, visiting = new Set<protobuf.Type>()): boolean {
  const known = holds.get(type);
  if (known !== undefined) return known;
  if (visiting.has(type)) return false;
  visiting.add(type);
  let found = false;
  for (const f of messageInfo(type).fields) {
    if (f.kind !== 'message' || protoName(f.messageType!) === WKT_ANY) continue;
    const inner = f.messageType!;
    if (isGoJsonType(codec, inner) || holdsGoJsonType(codec, inner, visiting)) found = true;
  }
  visiting.delete(type);
  holds.set(type, found);
  return found;
}

function withGoJsonFields(codec: Codec, type: protobuf.Type, obj: ProtoObject, json: { [k: string]: GoJsonValue }): GoJsonValue {
  const out = { ...json };
  for (const f of messageInfo(type).fields) {
    if (f.kind !== 'message') continue;
    const inner = f.messageType!;
    const v = obj[f.name];
    if (v === null || v === undefined) continue;
    if (isGoJsonType(codec, inner)) {
      out[f.name] = f.repeated ? (v as ProtoObject[]).map((item) => goStruct(inner, item)) : goStruct(inner, v as ProtoObject);
    } else if (holdsGoJsonType(codec, inner)) {
      out[f.name] = f.repeated
        ? (v as ProtoObject[]).map((item, i) => withGoJsonFields(codec, inner, item, (json[f.name] as { [k: string]: GoJsonValue }[])[i]!))
        : withGoJsonFields(codec, inner, v as ProtoObject, json[f.name] as { [k: string]: GoJsonValue });
    }
  }
  return out;
}

/** Go encoding/json of a gogoproto-generated struct (decoded as a gRPC client holds it). */
export function goStruct(type: protobuf.Type, obj: ProtoObject | null): GoJsonValue {
  const value = obj ?? {};
  const out: { [k: string]: GoJsonValue } = {};
  for (const f of messageInfo(type).fields) {
    if (f.oneof !== null) throw new Error(`encoding/json of ${protoName(type)}: oneof field ${f.name} is not supported`);
    const v = value[f.name];
    const printed = f.repeated ? goList(f, v as unknown[] | null | undefined) : goField(f, v);
    if (printed === undefined) continue;
    if (f.goJsonOmitEmpty && isEmpty(f, printed)) continue;
    out[f.goJsonName] = printed;
  }
  return out;
}

function goList(f: FieldInfo, v: unknown[] | null | undefined): GoJsonValue {
  if (!v || v.length === 0) return null; // a nil slice after the gRPC round trip
  return v.map((item) => goField(f, item));
}

function goField(f: FieldInfo, v: unknown): GoJsonValue {
  if (f.kind === 'message') {
    const inner = f.messageType!;
    const name = protoName(inner);
    if (name === WKT_ANY) throw new Error(`encoding/json of an Any (${f.name}) is not supported`);
    if (v === null || v === undefined) {
      if (!f.nonNullable) return null;
      v = {};
    }
    if (name === WKT_TIMESTAMP) return timestampToGoTime(timeOf(v as ProtoObject));
    if (name === WKT_DURATION) return goInteger(BigInt(durationToGoNanos(timeOf(v as ProtoObject))), f);
    return goStruct(inner, v as ProtoObject);
  }
  if (f.custom === 'int') return intText(v ?? '0', f.name);
  if (f.custom === 'dec') return decText(v ?? '0', f.name);
  if (f.kind === 'enum') return typeof v === 'number' ? v : v === undefined || v === null ? 0 : (f.enumType!.values[v as string] ?? 0);
  const t = f.scalar;
  if (t && LONG_SCALARS.has(t)) return goInteger(BigInt((v ?? 0n) as bigint), f);
  if (t === 'bytes') return v instanceof Uint8Array && v.length > 0 ? base64(v) : null;
  if (t === 'string') return (v ?? '') as string;
  if (t === 'bool') return (v ?? false) as boolean;
  return (v ?? 0) as number;
}

/** A 64-bit integer as a JSON number (exact up to 2^53, far above any height or id a node reaches). */
function goInteger(n: bigint, f: FieldInfo): number {
  if (n > BigInt(Number.MAX_SAFE_INTEGER) || n < -BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`encoding/json of ${f.name}: ${n} is beyond the exact JSON numbers this printer writes`);
  return Number(n);
}

/** encoding/json's omitempty: false, 0, "", nil pointer/slice, empty slice (never a struct, so never a time, Int or Dec). */
function isEmpty(f: FieldInfo, printed: GoJsonValue): boolean {
  if (f.repeated) return printed === null;
  if (f.kind === 'message') return printed === null;
  if (f.custom !== null) return false;
  return printed === null || printed === '' || printed === 0 || printed === false;
}

function timeOf(v: ProtoObject): { seconds: bigint; nanos: number } {
  return { seconds: BigInt((v.seconds as bigint | undefined) ?? 0n), nanos: (v.nanos as number | undefined) ?? 0 };
}
