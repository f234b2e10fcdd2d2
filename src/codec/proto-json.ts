/**
 * Proto-JSON as the SDK prints it (CLI output, gRPC gateway; reference/wire-formats.md §4.6): gogo
 * jsonpb with OrigName and EmitDefaults. Keys are the snake_case field names in declaration order
 * (Go struct order), every field present (null for an absent message, [] for an empty list, only the
 * set member of a oneof), int64/uint64 as strings, bytes base64, enums by name, Any as
 * `{"@type": url, …fields}`, Timestamp as RFC 3339 with `Z`, Duration as "1209600s", Int and Dec
 * custom scalars as their decimal text. Strings are escaped as Go does (go-json.ts).
 *
 * `parseProtoJson` reads the same JSON back (also the lowerCamelCase names jsonpb accepts) into the
 * decoded object shape of binary.ts; Any values are packed to bytes.
 */
import type protobuf from 'protobufjs';
import { type NamingProfile, wrongProfileHint } from '../naming.ts';
import { defaultFieldValue, defaultMessage, encodeMessage, int64, type ProtoObject } from './binary.ts';
import { decText, intText } from './custom-scalars.ts';
import { type FieldInfo, LONG_SCALARS, messageInfo, protoName } from './field-info.ts';
import { base64, goJson, type GoJsonValue } from './go-json.ts';
import { decodeGoBase64 } from './go-base64.ts';
import { parseJsonGoErrors } from './go-json-reader.ts';
import { type Any, type Codec, codec as neutralCodec, createCodec } from './registry.ts';
import { goTypeName } from './unknown-fields.ts';
import { durationFromText, durationToJsonpb, timestampFromText, timestampToJsonpb } from './time-text.ts';

export interface ProtoJsonOptions {
  /** naming profile of the type URLs printed in `@type` (default: the codec's, neutral) */
  profile?: NamingProfile;
  codec?: Codec;
}

const WKT_TIMESTAMP = 'google.protobuf.Timestamp';
const WKT_DURATION = 'google.protobuf.Duration';
const WKT_ANY = 'google.protobuf.Any';

function pickCodec(opts: ProtoJsonOptions): Codec {
  if (opts.codec) return opts.codec;
  return opts.profile ? createCodec(opts.profile) : neutralCodec;
}

/** Proto-JSON text (compact) of `obj` as message `typeName` (neutral name). */
export function printProtoJson(typeName: string, obj: unknown, opts: ProtoJsonOptions = {}): string {
  return goJson(protoJsonValue(typeName, obj, opts));
}

/** The same as a JSON value tree (key order kept), to embed in larger documents. */
export function protoJsonValue(typeName: string, obj: unknown, opts: ProtoJsonOptions = {}): GoJsonValue {
  const c = pickCodec(opts);
  return messageValue(c, c.lookupType(typeName), obj as ProtoObject);
}

function messageValue(c: Codec, type: protobuf.Type, obj: ProtoObject | null): GoJsonValue {
  const name = protoName(type);
  const value = obj ?? {};
  if (name === WKT_TIMESTAMP) return timestampToJsonpb(timeOf(value));
  if (name === WKT_DURATION) return durationToJsonpb(timeOf(value));
  if (name === WKT_ANY) return anyValue(c, value as unknown as Any);
  const out: { [k: string]: GoJsonValue } = {};
  for (const f of messageInfo(type).fields) {
    const v = value[f.name];
    if (f.oneof !== null) {
      if (v !== null && v !== undefined) out[f.name] = singleValue(c, f, v);
      continue;
    }
    if (f.repeated) {
      out[f.name] = ((v ?? []) as unknown[]).map((item) => singleValue(c, f, item));
      continue;
    }
    out[f.name] = singleValue(c, f, v === undefined ? defaultFieldValue(f) : v);
  }
  return out;
}

function anyValue(c: Codec, any: Any): GoJsonValue {
  if (!any.type_url) throw new Error('proto-JSON: an Any with an empty type URL cannot be printed');
  const { typeName, value } = c.unpackAny(any);
  const inner = messageValue(c, c.lookupType(typeName), value);
  const innerName = c.neutralName(typeName);
  // well-known types inside an Any keep their JSON form under "value"
  if (innerName === WKT_TIMESTAMP || innerName === WKT_DURATION || innerName === WKT_ANY) {
    return { '@type': any.type_url, value: inner };
  }
  return { '@type': any.type_url, ...(inner as { [k: string]: GoJsonValue }) };
}

function singleValue(c: Codec, f: FieldInfo, v: unknown): GoJsonValue {
  if (v === null || v === undefined) {
    if (f.kind === 'message' && f.nonNullable) return messageValue(c, f.messageType as protobuf.Type, null);
    return null;
  }
  if (f.kind === 'message') return messageValue(c, f.messageType as protobuf.Type, v as ProtoObject);
  if (f.custom === 'int') return intText(v, f.name);
  if (f.custom === 'dec') return decText(v, f.name);
  if (f.kind === 'enum') {
    const e = f.enumType as protobuf.Enum;
    if (typeof v === 'string') return v;
    return e.valuesById[v as number] ?? (v as number);
  }
  const t = f.scalar;
  if (t && LONG_SCALARS.has(t)) return BigInt(v as bigint).toString();
  if (t === 'bytes') return base64(v as Uint8Array);
  if (t === 'double' || t === 'float') {
    const n = v as number;
    return Number.isNaN(n) ? 'NaN' : n === Infinity ? 'Infinity' : n === -Infinity ? '-Infinity' : n;
  }
  return v as GoJsonValue;
}

function timeOf(v: ProtoObject): { seconds: bigint; nanos: number } {
  return { seconds: BigInt((v.seconds as bigint | undefined) ?? 0n), nanos: (v.nanos as number | undefined) ?? 0 };
}

// ---------------------------------------------------------------- parsing

/**
 * A proto-JSON value refused: the path to it, and the text Go's jsonpb gives for it (`goText`,
 * what the REST gateway answers), e.g. `illegal base64 data at input byte 0`.
 */
export class ProtoJsonError extends Error {
  constructor(
    readonly path: string,
    readonly goText: string,
  ) {
    super(`${path}: ${goText}`);
    this.name = 'ProtoJsonError';
  }
}

/** The kind encoding/json names in `json: cannot unmarshal <kind> into Go value of type …`. */
function jsonKind(v: unknown): string {
  return Array.isArray(v) ? 'array' : typeof v === 'boolean' ? 'bool' : typeof v;
}

/**
 * Reads proto-JSON (text or an already parsed value) into the decoded object shape. Unknown keys
 * fail like jsonpb: `unknown field "x" in types.MsgSend`.
 */
export function parseProtoJson(typeName: string, json: string | unknown, opts: ProtoJsonOptions = {}): ProtoObject {
  const c = pickCodec(opts);
  const value = typeof json === 'string' ? parseJsonGoErrors(json) : json;
  return parseMessage(c, c.lookupType(typeName), value, typeName.replace(/^\//, '')) as ProtoObject;
}

function parseMessage(c: Codec, type: protobuf.Type, json: unknown, path: string): ProtoObject | null {
  const name = protoName(type);
  if (json === null) return null;
  if (name === WKT_TIMESTAMP) {
    if (typeof json !== 'string') throw new Error(`${path}: expected an RFC 3339 string`);
    return { ...timestampFromText(json) };
  }
  if (name === WKT_DURATION) {
    if (typeof json !== 'string') throw new Error(`${path}: expected a duration string such as "1.5s"`);
    return { ...durationFromText(json) };
  }
  // jsonpb reads a message's fields into a map first
  if (typeof json !== 'object' || Array.isArray(json)) throw new ProtoJsonError(path, `json: cannot unmarshal ${jsonKind(json)} into Go value of type map[string]json.RawMessage`);
  if (name === WKT_ANY) return parseAny(c, json as Record<string, unknown>, path) as unknown as ProtoObject;
  const info = messageInfo(type);
  const byJsonName = new Map<string, FieldInfo>();
  for (const f of info.fields) {
    byJsonName.set(f.name, f);
    byJsonName.set(lowerCamel(f.name), f);
  }
  const out = defaultMessage(type);
  for (const [key, raw] of Object.entries(json as Record<string, unknown>)) {
    const f = byJsonName.get(key);
    if (!f) throw new Error(`unknown field ${JSON.stringify(key)} in ${goTypeName(c, type).slice(1)}`);
    const where = `${path}.${f.name}`;
    if (f.repeated) {
      if (raw === null) continue;
      if (!Array.isArray(raw)) throw new Error(`${where}: expected a JSON array`);
      out[f.name] = raw.map((item, i) => parseSingle(c, f, item, `${where}[${i}]`));
      continue;
    }
    if (raw === null) {
      out[f.name] = defaultFieldValue(f);
      continue;
    }
    out[f.name] = parseSingle(c, f, raw, where);
  }
  return out;
}

function parseAny(c: Codec, json: Record<string, unknown>, path: string): Any {
  const url = json['@type'];
  if (typeof url !== 'string' || url === '') throw new Error(`${path}: an Any needs an "@type" type URL`);
  const innerName = c.typeNameOfUrl(url);
  if (innerName === null) throw new Error(`unable to resolve type URL ${url}${wrongProfileHint(c.profile, url)}`);
  const innerType = c.lookupType(innerName);
  const wkt = [WKT_TIMESTAMP, WKT_DURATION, WKT_ANY].includes(protoName(innerType));
  const { '@type': _ignored, ...fields } = json;
  const inner = parseMessage(c, innerType, wkt ? fields.value : fields, `${path}(${innerName})`);
  return { type_url: url, value: encodeMessage(innerType, inner ?? {}) };
}

function parseSingle(c: Codec, f: FieldInfo, raw: unknown, where: string): unknown {
  if (f.kind === 'message') {
    const parsed = parseMessage(c, f.messageType as protobuf.Type, raw, where);
    return parsed ?? (f.nonNullable && !f.repeated ? defaultMessage(f.messageType as protobuf.Type) : null);
  }
  if (f.custom === 'int') return intText(raw, where);
  if (f.custom === 'dec') return decText(raw, where);
  if (f.kind === 'enum') {
    const e = f.enumType as protobuf.Enum;
    if (typeof raw === 'string' && raw in e.values) return e.values[raw];
    if (typeof raw === 'number' && Number.isInteger(raw)) return raw;
    throw new Error(`${where}: unknown value ${JSON.stringify(raw)} for enum ${protoName(e)}`);
  }
  switch (f.scalar) {
    case 'string':
      if (typeof raw !== 'string') throw new Error(`${where}: expected a string`);
      return raw;
    case 'bool':
      if (typeof raw !== 'boolean') throw new Error(`${where}: expected true or false`);
      return raw;
    case 'bytes':
      // encoding/json's []byte: standard, padded base64
      if (typeof raw !== 'string') throw new ProtoJsonError(where, `json: cannot unmarshal ${jsonKind(raw)} into Go value of type []uint8`);
      try {
        return decodeGoBase64(raw, 'std');
      } catch (e) {
        throw new ProtoJsonError(where, (e as Error).message);
      }
    case 'double':
    case 'float':
      if (raw === 'NaN') return NaN;
      if (raw === 'Infinity') return Infinity;
      if (raw === '-Infinity') return -Infinity;
      if (typeof raw === 'number' || (typeof raw === 'string' && raw.trim() !== '' && !Number.isNaN(Number(raw)))) return Number(raw);
      throw new Error(`${where}: expected a number`);
    default: {
      const t = f.scalar as string;
      const signed = !t.startsWith('u') && t !== 'fixed32' && t !== 'fixed64';
      const n = int64(raw, where, signed);
      if (LONG_SCALARS.has(t)) return n;
      const ok = signed ? n >= -(2n ** 31n) && n < 2n ** 31n : n < 2n ** 32n;
      if (!ok) throw new Error(`${where}: ${String(raw)} does not fit a 32-bit field`);
      return Number(n);
    }
  }
}

function lowerCamel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_m, ch: string) => ch.toUpperCase());
}
