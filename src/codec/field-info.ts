/**
 * What the encoders need to know about a proto field, computed once per protobufjs Field from its
 * type and from the few options our .proto sources keep (proto/README.md, "Options").
 */
import protobuf from 'protobufjs';

export type ScalarType =
  | 'double'
  | 'float'
  | 'int32'
  | 'int64'
  | 'uint32'
  | 'uint64'
  | 'sint32'
  | 'sint64'
  | 'fixed32'
  | 'fixed64'
  | 'sfixed32'
  | 'sfixed64'
  | 'bool'
  | 'string'
  | 'bytes';

/** Wire type of each scalar when not packed. */
export const SCALAR_WIRE: Record<ScalarType, number> = {
  double: 1,
  float: 5,
  int32: 0,
  int64: 0,
  uint32: 0,
  uint64: 0,
  sint32: 0,
  sint64: 0,
  fixed32: 5,
  fixed64: 1,
  sfixed32: 5,
  sfixed64: 1,
  bool: 0,
  string: 2,
  bytes: 2,
};

export const LONG_SCALARS: ReadonlySet<string> = new Set(['int64', 'uint64', 'sint64', 'fixed64', 'sfixed64']);

/** Custom scalar kinds carried as strings (gogoproto customtype Int / LegacyDec). */
export type CustomScalar = 'int' | 'dec';

export interface FieldInfo {
  readonly field: protobuf.Field;
  readonly name: string;
  readonly number: number;
  readonly kind: 'scalar' | 'enum' | 'message';
  /** for kind 'scalar' */
  readonly scalar: ScalarType | null;
  readonly enumType: protobuf.Enum | null;
  readonly messageType: protobuf.Type | null;
  readonly repeated: boolean;
  /** repeated numeric scalars and enums: proto3 packs them */
  readonly packed: boolean;
  /** name of the (real, not synthetic) oneof this field belongs to */
  readonly oneof: string | null;
  /** gogoproto nullable=false: always encoded, decoded as a value rather than null */
  readonly nonNullable: boolean;
  readonly custom: CustomScalar | null;
  /** Go field is time.Time / time.Duration (legacy amino JSON formats them differently) */
  readonly goStd: boolean;
  /** the Go struct JSON tag: key name and whether empty values are omitted (legacy amino JSON) */
  readonly goJsonName: string;
  readonly goJsonOmitEmpty: boolean;
  /** for Any fields: the interface the packed value must implement (interface-registry.ts) */
  readonly accepts: string | null;
  /** Go wire-type number expected when not packed */
  readonly wireType: number;
}

const cache = new WeakMap<protobuf.Field, FieldInfo>();

export function fieldInfo(field: protobuf.Field): FieldInfo {
  const hit = cache.get(field);
  if (hit) return hit;
  if (field instanceof protobuf.MapField) {
    throw new Error(`map field ${field.fullName} is not supported by the codec (no map fields in proto/)`);
  }
  field.resolve();
  const opts = (field.options ?? {}) as Record<string, unknown>;
  const resolved = field.resolvedType;
  const kind = resolved instanceof protobuf.Type ? 'message' : resolved instanceof protobuf.Enum ? 'enum' : 'scalar';
  if (kind === 'scalar' && !(field.type in SCALAR_WIRE)) {
    throw new Error(`field ${field.fullName} has unknown type ${field.type}`);
  }
  const scalar = kind === 'scalar' ? (field.type as ScalarType) : null;
  const customOpt = opts['(scalar)'];
  if (customOpt !== undefined && customOpt !== 'int' && customOpt !== 'dec') {
    throw new Error(`field ${field.fullName}: (scalar) must be "int" or "dec", got ${String(customOpt)}`);
  }
  const tag = typeof opts['(go_json)'] === 'string' ? (opts['(go_json)'] as string) : `${field.name},omitempty`;
  const [tagName, ...tagFlags] = tag.split(',');
  const oneof = field.partOf && !(field.partOf.name.startsWith('_') && field.options?.proto3_optional) ? field.partOf.name : null;
  const info: FieldInfo = {
    field,
    name: field.name,
    number: field.id,
    kind,
    scalar,
    enumType: resolved instanceof protobuf.Enum ? resolved : null,
    messageType: resolved instanceof protobuf.Type ? resolved : null,
    repeated: field.repeated,
    packed: field.repeated && (kind === 'enum' || (scalar !== null && scalar !== 'string' && scalar !== 'bytes')),
    oneof,
    nonNullable: opts['(non_nullable)'] === true,
    custom: (customOpt as CustomScalar | undefined) ?? null,
    goStd: opts['(go_std)'] === true,
    goJsonName: tagName || field.name,
    goJsonOmitEmpty: tagFlags.includes('omitempty'),
    accepts: typeof opts['(accepts)'] === 'string' ? (opts['(accepts)'] as string) : null,
    wireType: kind === 'message' ? 2 : kind === 'enum' ? 0 : SCALAR_WIRE[scalar as ScalarType],
  };
  cache.set(field, info);
  return info;
}

export interface MessageInfo {
  readonly type: protobuf.Type;
  /** declaration order (Go struct order: jsonpb and amino JSON follow it) */
  readonly fields: readonly FieldInfo[];
  /** field number order (binary encoding follows it) */
  readonly byNumberOrder: readonly FieldInfo[];
  readonly byNumber: ReadonlyMap<number, FieldInfo>;
  readonly byName: ReadonlyMap<string, FieldInfo>;
}

const messageCache = new WeakMap<protobuf.Type, MessageInfo>();

export function messageInfo(type: protobuf.Type): MessageInfo {
  const hit = messageCache.get(type);
  if (hit) return hit;
  const fields = type.fieldsArray.map(fieldInfo);
  const info: MessageInfo = {
    type,
    fields,
    byNumberOrder: [...fields].sort((a, b) => a.number - b.number),
    byNumber: new Map(fields.map((f) => [f.number, f])),
    byName: new Map(fields.map((f) => [f.name, f])),
  };
  messageCache.set(type, info);
  return info;
}

const names = new WeakMap<protobuf.ReflectionObject, string>();

/**
 * The full proto name without the leading dot (`sdk.bank.v1beta1.MsgSend`). Memoized: protobufjs
 * recomputes `fullName` from the parent chain on every read, and the decoder asks for it per field.
 */
export function protoName(type: protobuf.ReflectionObject): string {
  let name = names.get(type);
  if (name === undefined) {
    name = type.fullName.replace(/^\./, '');
    names.set(type, name);
  }
  return name;
}
