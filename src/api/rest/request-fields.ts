/**
 * Path and query parameters → request message fields, as grpc-gateway v1.16 fills a request
 * (`runtime/query.go` PopulateQueryParameters and the generated `request_*` functions):
 * - a query key is a dotted field path by proto name or JSON name (`pagination.count_total`,
 *   `pagination.countTotal`); unknown keys and keys naming a path parameter are ignored;
 * - a repeated field takes every value of its key (`events=a&events=b`), a singular one the first;
 * - 64-bit integers parse with base 0, booleans as Go's ParseBool, bytes as base64 (std or URL),
 *   enums by name or number;
 * - a conversion failure is the Go error text (the caller answers 400 InvalidArgument with it).
 */
import protobuf from 'protobufjs';
import type { Codec, ProtoObject } from '../../codec/registry.ts';
import { type FieldInfo, messageInfo } from '../../codec/field-info.ts';
import { goTypeName } from '../../codec/unknown-fields.ts';
import { decodeGatewayBytes, GoParseError, parseGoBool, parseGoFloat, parseGoInt, parseGoUint } from '../../codec/go-parse.ts';

function lowerCamel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_m, ch: string) => ch.toUpperCase());
}

function fieldByName(type: protobuf.Type, name: string): FieldInfo | undefined {
  return messageInfo(type).fields.find((f) => f.name === name || lowerCamel(f.name) === name);
}

/** Go type name as `%T`/reflect print it: `*types.MsgSend` for a message. */
function goName(codec: Codec, t: protobuf.Type, pointer: boolean): string {
  const name = goTypeName(codec, t).replace(/^\*/, '');
  return pointer ? `*${name}` : name;
}

/** Go name of an enum type, `tx.OrderBy`: the package of its proto package, nested names joined by `_`. */
function goEnumName(codec: Codec, e: protobuf.Enum): string {
  const names = [e.name];
  let p = e.parent;
  while (p instanceof protobuf.Type) {
    names.unshift(p.name);
    p = p.parent;
  }
  const sibling = (p as protobuf.Namespace | null)?.nestedArray.find((x): x is protobuf.Type => x instanceof protobuf.Type);
  const pkg = sibling ? goName(codec, sibling, false).split('.')[0] : 'types';
  return `${pkg}.${names.join('_')}`;
}

/** One scalar or enum value from its text; throws GoParseError. */
export function convertFieldValue(codec: Codec, f: FieldInfo, text: string): unknown {
  if (f.kind === 'enum') {
    const e = f.enumType as protobuf.Enum;
    if (Object.prototype.hasOwnProperty.call(e.values, text)) return e.values[text];
    if (/^[+-]?\d+$/.test(text) && Object.values(e.values).includes(Number(text))) return Number(text);
    throw new GoParseError(`${text} is not a valid ${goEnumName(codec, e)}`);
  }
  if (f.kind === 'message') throw new GoParseError(`field type ${goName(codec, f.messageType as protobuf.Type, true)} is not supported in query parameters`);
  if (f.custom !== null) return text;
  switch (f.scalar) {
    case 'string':
      return text;
    case 'bool':
      return parseGoBool(text);
    case 'bytes':
      return decodeGatewayBytes(text);
    case 'double':
    case 'float':
      return parseGoFloat(text);
    case 'int64':
    case 'sint64':
    case 'sfixed64':
      return parseGoInt(text, 64);
    case 'uint64':
    case 'fixed64':
      return parseGoUint(text, 64);
    case 'int32':
    case 'sint32':
    case 'sfixed32':
      return Number(parseGoInt(text, 32));
    default:
      return Number(parseGoUint(text, 32));
  }
}

/** Sets a path parameter (a top-level field); the gateway's error names the parameter. */
export function setPathParameter(codec: Codec, type: protobuf.Type, target: ProtoObject, name: string, text: string): void {
  const f = fieldByName(type, name);
  if (!f) throw new Error(`path parameter {${name}} names no field of ${type.fullName}`);
  try {
    target[f.name] = f.repeated ? [convertFieldValue(codec, f, text)] : convertFieldValue(codec, f, text);
  } catch (e) {
    if (e instanceof GoParseError) throw new GoParseError(`type mismatch, parameter: ${name}, error: ${e.message}`);
    throw e;
  }
}

/**
 * Fills `target` (a decoded-shape object of `type`) from the query parameters; keys whose first
 * path element is in `skip` (the path parameters) are ignored. Throws GoParseError.
 */
export { parseGoQuery, groupQuery } from '../http.ts';

export function populateQueryParameters(
  codec: Codec,
  type: protobuf.Type,
  target: ProtoObject,
  query: ReadonlyMap<string, readonly string[]>,
  skip: ReadonlySet<string> = new Set(),
): void {
  for (const [key, values] of query) {
    const path = key.split('.');
    if (skip.has(path[0]!)) continue;
    populatePath(codec, type, target, path, values);
  }
}

function populatePath(codec: Codec, rootType: protobuf.Type, root: ProtoObject, path: readonly string[], values: readonly string[]): void {
  let type = rootType;
  let msg = root;
  for (let i = 0; i < path.length; i++) {
    const last = i === path.length - 1;
    const f = fieldByName(type, path[i]!);
    if (!f) return; // the gateway logs and ignores fields it does not know
    if (f.repeated) {
      if (!last) throw new GoParseError(`unexpected repeated field in ${path.join('.')}`);
      if (f.kind === 'message') throw new GoParseError(`unsupported field type ${goName(codec, f.messageType as protobuf.Type, true)}`);
      msg[f.name] = values.map((v) => convertFieldValue(codec, f, v));
      return;
    }
    if (f.kind === 'message' && !last) {
      const inner = f.messageType as protobuf.Type;
      if (msg[f.name] === null || msg[f.name] === undefined) msg[f.name] = codec.create(codec.neutralName(inner));
      type = inner;
      msg = msg[f.name] as ProtoObject;
      continue;
    }
    if (!last) throw new GoParseError(`unexpected nested field ${path[i + 1]} in ${path.slice(0, i + 1).join('.')}`);
    if (values.length === 0) throw new GoParseError(`no value of field: ${path.join('.')}`);
    msg[f.name] = convertFieldValue(codec, f, values[0]!);
  }
}
