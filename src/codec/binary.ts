/**
 * Binary protobuf encoding and decoding of plain objects, driven by protobufjs reflection.
 *
 * Encoding is byte-exact with gogoproto (reference/wire-formats.md §2.1): fields in number order,
 * proto3 zero values omitted, repeated numerics packed, embedded messages written whenever present
 * (even empty), and gogoproto's non-nullable fields and custom scalars always written.
 *
 * Decoded objects carry every field: repeated → [], string → '', bytes → Uint8Array(0), 64-bit
 * integers → bigint, other numbers and enums → number, messages → null when absent (an empty
 * message for non-nullable ones), oneof members → null unless set, custom Int → decimal text,
 * custom Dec → 18-place decimal text.
 */
import type protobuf from 'protobufjs';
import { decFromWire, decToWire, intFromWire, intText, ZERO_DEC } from './custom-scalars.ts';
import { type FieldInfo, LONG_SCALARS, messageInfo, type ScalarType } from './field-info.ts';
import { MalformedProtoError, WireReader, WireType, WireWriter } from './wire.ts';

export type ProtoObject = Record<string, unknown>;

const I64_MIN = -(1n << 63n);
const I64_MAX = (1n << 63n) - 1n;
const U64_MAX = (1n << 64n) - 1n;

// ---------------------------------------------------------------- defaults

export function defaultFieldValue(f: FieldInfo): unknown {
  if (f.repeated) return [];
  if (f.oneof !== null) return null;
  if (f.kind === 'message') return f.nonNullable ? defaultMessage(f.messageType as protobuf.Type) : null;
  if (f.custom === 'int') return f.nonNullable ? '0' : null;
  if (f.custom === 'dec') return f.nonNullable ? ZERO_DEC : null;
  if (f.kind === 'enum') return 0;
  return defaultScalar(f.scalar as ScalarType);
}

function defaultScalar(t: ScalarType): unknown {
  if (LONG_SCALARS.has(t)) return 0n;
  if (t === 'bool') return false;
  if (t === 'string') return '';
  if (t === 'bytes') return new Uint8Array(0);
  return 0;
}

/**
 * Per message type: the fields whose default is an immutable value (copied as is) and those whose
 * default must be a fresh object (arrays, bytes, nested non-nullable messages), computed once.
 */
interface DefaultsPlan {
  readonly names: readonly string[];
  readonly constants: readonly unknown[];
  /** for each field: its constant default, or null when `fresh` builds it */
  readonly fresh: readonly (FieldInfo | null)[];
}

const plans = new WeakMap<protobuf.Type, DefaultsPlan>();

function defaultsPlan(type: protobuf.Type): DefaultsPlan {
  let plan = plans.get(type);
  if (plan === undefined) {
    const fields = messageInfo(type).fields;
    const constants = fields.map((f) => {
      const v = defaultFieldValue(f);
      return typeof v === 'object' && v !== null ? undefined : v;
    });
    const fresh = fields.map((f) => {
      const v = defaultFieldValue(f);
      return typeof v === 'object' && v !== null ? f : null;
    });
    plan = { names: fields.map((f) => f.name), constants, fresh };
    plans.set(type, plan);
  }
  return plan;
}

/** The decoded form of an empty message of `type` (every object in it is new). */
export function defaultMessage(type: protobuf.Type): ProtoObject {
  const plan = defaultsPlan(type);
  const out = constantDefaults(plan);
  freshDefaults(out, plan);
  return out;
}

/**
 * Every field of the type at its constant default, and undefined where the default is a fresh
 * object: the keys in field order either way, so that the objects of a type share one shape.
 */
function constantDefaults({ names, constants }: DefaultsPlan): ProtoObject {
  const out: ProtoObject = {};
  for (let i = 0; i < names.length; i++) out[names[i]!] = constants[i];
  return out;
}

/** The fresh defaults (lists, bytes, non-nullable messages) of the fields still unset in `out`. */
function freshDefaults(out: ProtoObject, { names, fresh }: DefaultsPlan): void {
  for (let i = 0; i < names.length; i++) {
    const f = fresh[i];
    if (f !== null && out[names[i]!] === undefined) out[names[i]!] = defaultFieldValue(f!);
  }
}

// ---------------------------------------------------------------- encoding

export function encodeMessage(type: protobuf.Type, obj: unknown, path = typeLabel(type)): Uint8Array {
  const w = new WireWriter();
  writeMessageFields(w, type, obj, path);
  return w.finish();
}

function writeMessageFields(w: WireWriter, type: protobuf.Type, obj: unknown, path: string): void {
  if (obj === null || obj === undefined) return;
  if (typeof obj !== 'object' || Array.isArray(obj) || obj instanceof Uint8Array) {
    throw new Error(`${path}: expected an object for message ${typeLabel(type)}, got ${describe(obj)}`);
  }
  const info = messageInfo(type);
  const record = obj as ProtoObject;
  for (const key of Object.keys(record)) {
    if (!info.byName.has(key) && record[key] !== undefined) {
      throw new Error(`${path}: unknown field "${key}" for message ${typeLabel(type)}`);
    }
  }
  const oneofSeen = new Map<string, string>();
  for (const f of info.byNumberOrder) {
    const value = record[f.name];
    const where = `${path}.${f.name}`;
    if (f.repeated) {
      if (value === null || value === undefined) continue;
      if (!Array.isArray(value)) throw new Error(`${where}: expected an array, got ${describe(value)}`);
      writeRepeated(w, f, value, where);
      continue;
    }
    if (f.oneof !== null) {
      if (value === null || value === undefined) continue;
      const other = oneofSeen.get(f.oneof);
      if (other) throw new Error(`${path}: oneof ${f.oneof} has both ${other} and ${f.name} set`);
      oneofSeen.set(f.oneof, f.name);
      writeField(w, f, value, where); // a set oneof member is written even when it holds a zero value
      continue;
    }
    if (f.kind === 'message') {
      if (value === null || value === undefined) {
        if (f.nonNullable) writeField(w, f, {}, where);
        continue;
      }
      writeField(w, f, value, where);
      continue;
    }
    if (f.custom !== null) {
      const empty = value === null || value === undefined || value === '';
      if (empty && !f.nonNullable) continue;
      writeField(w, f, empty ? '0' : value, where); // gogoproto writes custom scalars even when zero
      continue;
    }
    if (value === null || value === undefined || isZeroScalar(f, value)) continue;
    writeField(w, f, value, where);
  }
}

function writeRepeated(w: WireWriter, f: FieldInfo, values: unknown[], where: string): void {
  if (values.length === 0) return;
  if (f.packed) {
    const inner = new WireWriter();
    values.forEach((v, i) => writeScalarValue(inner, f, v, `${where}[${i}]`));
    w.tag(f.number, WireType.Bytes).bytes(inner.finish());
    return;
  }
  values.forEach((v, i) => {
    if (v === null || v === undefined) {
      if (f.kind !== 'message') throw new Error(`${where}[${i}]: null element in a repeated ${f.field.type} field`);
      v = {}; // a nil element of a repeated message is written as an empty message
    }
    writeField(w, f, v, `${where}[${i}]`);
  });
}

function writeField(w: WireWriter, f: FieldInfo, value: unknown, where: string): void {
  if (f.kind === 'message') {
    w.tag(f.number, WireType.Bytes);
    const inner = new WireWriter();
    writeMessageFields(inner, f.messageType as protobuf.Type, value, where);
    w.bytes(inner.finish());
    return;
  }
  w.tag(f.number, f.wireType as WireType);
  writeScalarValue(w, f, value, where);
}

function writeScalarValue(w: WireWriter, f: FieldInfo, value: unknown, where: string): void {
  if (f.kind === 'enum') {
    w.varint(BigInt.asUintN(64, BigInt(enumNumber(f, value, where))));
    return;
  }
  if (f.custom === 'int') {
    w.string(intText(value, where));
    return;
  }
  if (f.custom === 'dec') {
    w.string(decToWire(value, where));
    return;
  }
  const t = f.scalar as ScalarType;
  switch (t) {
    case 'string':
      if (typeof value !== 'string') throw new Error(`${where}: expected a string, got ${describe(value)}`);
      w.string(value);
      return;
    case 'bytes':
      if (!(value instanceof Uint8Array)) throw new Error(`${where}: expected a Uint8Array, got ${describe(value)}`);
      w.bytes(value);
      return;
    case 'bool':
      if (typeof value !== 'boolean') throw new Error(`${where}: expected a boolean, got ${describe(value)}`);
      w.uvarint(value ? 1 : 0);
      return;
    case 'double':
    case 'float':
      if (typeof value !== 'number') throw new Error(`${where}: expected a number, got ${describe(value)}`);
      if (t === 'double') w.double(value);
      else w.float(value);
      return;
    case 'int32':
      w.varint(BigInt.asUintN(64, BigInt(int32(value, where, true))));
      return;
    case 'uint32':
      w.uvarint(int32(value, where, false));
      return;
    case 'sint32': {
      const n = int32(value, where, true);
      w.uvarint(((n << 1) ^ (n >> 31)) >>> 0);
      return;
    }
    case 'fixed32':
      w.fixed32(int32(value, where, false));
      return;
    case 'sfixed32':
      w.fixed32(int32(value, where, true) >>> 0);
      return;
    case 'int64':
      w.varint(BigInt.asUintN(64, int64(value, where, true)));
      return;
    case 'uint64':
      w.varint(int64(value, where, false));
      return;
    case 'sint64': {
      const n = int64(value, where, true);
      w.varint(BigInt.asUintN(64, (n << 1n) ^ (n >> 63n)));
      return;
    }
    case 'fixed64':
      w.fixed64(int64(value, where, false));
      return;
    case 'sfixed64':
      w.fixed64(BigInt.asUintN(64, int64(value, where, true)));
      return;
  }
}

function isZeroScalar(f: FieldInfo, value: unknown): boolean {
  if (f.kind === 'enum') return value === 0 || (typeof value === 'string' && f.enumType?.values[value] === 0);
  switch (f.scalar) {
    case 'string':
      return value === '';
    case 'bytes':
      return value instanceof Uint8Array && value.length === 0;
    case 'bool':
      return value === false;
    default:
      return value === 0 || value === 0n || value === '0';
  }
}

function enumNumber(f: FieldInfo, value: unknown, where: string): number {
  const e = f.enumType as protobuf.Enum;
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && value in e.values) return e.values[value];
  throw new Error(`${where}: expected a ${typeLabel(e)} number or name, got ${describe(value)}`);
}

function int32(value: unknown, where: string, signed: boolean): number {
  const n = typeof value === 'bigint' ? Number(value) : typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  const ok = typeof n === 'number' && Number.isInteger(n) && (signed ? n >= -(2 ** 31) && n < 2 ** 31 : n >= 0 && n < 2 ** 32);
  if (!ok) throw new Error(`${where}: expected a ${signed ? 'signed' : 'unsigned'} 32-bit integer, got ${describe(value)}`);
  return n as number;
}

/** A 64-bit integer field value from bigint, safe integer or decimal text. */
export function int64(value: unknown, where: string, signed: boolean): bigint {
  let v: bigint | null = null;
  if (typeof value === 'bigint') v = value;
  else if (typeof value === 'number' && Number.isSafeInteger(value)) v = BigInt(value);
  else if (typeof value === 'string' && /^-?\d+$/.test(value)) v = BigInt(value);
  const ok = v !== null && (signed ? v >= I64_MIN && v <= I64_MAX : v >= 0n && v <= U64_MAX);
  if (!ok) {
    throw new Error(`${where}: expected a ${signed ? 'signed' : 'unsigned'} 64-bit integer (bigint, safe integer or decimal string), got ${describe(value)}`);
  }
  return v as bigint;
}

// ---------------------------------------------------------------- decoding

export function decodeMessage(type: protobuf.Type, bytes: Uint8Array): ProtoObject {
  if (!(bytes instanceof Uint8Array)) throw new Error(`decode ${typeLabel(type)}: expected a Uint8Array, got ${describe(bytes)}`);
  return readMessage(type, new WireReader(bytes));
}

/** Fields by number in a dense array (field numbers of our messages are small), built once per type. */
const byNumberDense = new WeakMap<protobuf.Type, readonly (FieldInfo | undefined)[]>();

function fieldsByNumber(type: protobuf.Type): readonly (FieldInfo | undefined)[] {
  let dense = byNumberDense.get(type);
  if (dense === undefined) {
    const fields = messageInfo(type).fields;
    const max = fields.reduce((m, f) => Math.max(m, f.number), 0);
    const arr: (FieldInfo | undefined)[] = new Array(Math.min(max, 4096) + 1).fill(undefined);
    for (const f of fields) if (f.number <= 4096) arr[f.number] = f;
    dense = arr;
    byNumberDense.set(type, dense);
  }
  return dense;
}

/**
 * Reads a message: its fields start at their constant defaults, and those whose default is a
 * fresh object (lists, bytes, non-nullable messages) are made only if the bytes leave them unset —
 * most are set (a tx's bytes fields, its lists), and an empty Uint8Array made to be replaced was a
 * visible share of decoding.
 */
function readMessage(type: protobuf.Type, r: WireReader): ProtoObject {
  const info = messageInfo(type);
  const dense = fieldsByNumber(type);
  const plan = defaultsPlan(type);
  const out = constantDefaults(plan);
  while (!r.done) {
    const tag = r.uvarint();
    const number = Math.floor(tag / 8);
    const wireType = tag % 8;
    if (number <= 0) throw new MalformedProtoError(`proto: ${type.name}: illegal tag ${number} (wire type ${wireType})`);
    const f = number < dense.length ? dense[number] : info.byNumber.get(number);
    if (!f) {
      r.skip(wireType); // unknown fields are skipped, as gogoproto's Unmarshal does
      continue;
    }
    if (f.repeated) {
      let list = out[f.name] as unknown[] | undefined;
      if (list === undefined) out[f.name] = list = [];
      if (f.packed && wireType === WireType.Bytes) {
        const len = r.length();
        const inner = new WireReader(r.buf, r.pos, r.pos + len);
        while (!inner.done) list.push(readScalarValue(f, inner));
        r.pos += len;
        continue;
      }
      expectWireType(f, wireType);
      list.push(readValue(f, r));
      continue;
    }
    expectWireType(f, wireType);
    out[f.name] = readValue(f, r);
    if (f.oneof !== null) {
      for (const other of info.fields) if (other.oneof === f.oneof && other !== f) out[other.name] = null;
    }
  }
  freshDefaults(out, plan);
  return out;
}

function expectWireType(f: FieldInfo, wireType: number): void {
  if (wireType !== f.wireType) {
    throw new MalformedProtoError(`proto: wrong wireType = ${wireType} for field ${goFieldName(f.name)}`);
  }
}

function readValue(f: FieldInfo, r: WireReader): unknown {
  if (f.kind === 'message') {
    const len = r.length();
    const value = readMessage(f.messageType as protobuf.Type, new WireReader(r.buf, r.pos, r.pos + len));
    r.pos += len;
    return value;
  }
  return readScalarValue(f, r);
}

function readScalarValue(f: FieldInfo, r: WireReader): unknown {
  if (f.kind === 'enum') return Number(BigInt.asIntN(32, r.varint()));
  if (f.custom === 'int') return intFromWire(r.string());
  if (f.custom === 'dec') return decFromWire(r.string());
  switch (f.scalar as ScalarType) {
    case 'string':
      return r.string();
    case 'bytes':
      return r.bytes();
    case 'bool':
      return r.varint() !== 0n;
    case 'double':
      return r.double();
    case 'float':
      return r.float();
    case 'int32':
      return Number(BigInt.asIntN(32, r.varint()));
    case 'uint32':
      return Number(BigInt.asUintN(32, r.varint()));
    case 'sint32': {
      const n = Number(BigInt.asUintN(32, r.varint()));
      return (n >>> 1) ^ -(n & 1);
    }
    case 'fixed32':
      return r.fixed32();
    case 'sfixed32':
      return r.fixed32() | 0;
    case 'int64':
      return BigInt.asIntN(64, r.varint());
    case 'uint64':
      return r.varint();
    case 'sint64': {
      const n = r.varint();
      return (n >> 1n) ^ -(n & 1n);
    }
    case 'fixed64':
      return r.fixed64();
    case 'sfixed64':
      return BigInt.asIntN(64, r.fixed64());
  }
}

// ---------------------------------------------------------------- helpers

function typeLabel(t: protobuf.ReflectionObject): string {
  return t.fullName.replace(/^\./, '');
}

/** Go field name gogoproto uses in its errors: `body_bytes` → `BodyBytes`. */
export function goFieldName(name: string): string {
  return name
    .split('_')
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('');
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value instanceof Uint8Array) return `Uint8Array(${value.length})`;
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'object') return 'an object';
  return String(value);
}
