/**
 * Method arguments as CometBFT 0.37's RPC server decodes them (rpc/jsonrpc/server), with its error
 * texts:
 * - JSON-RPC `params` (a map by name or an array by position) go through CometBFT's JSON decoder:
 *   64-bit integers must be strings (`"height":"5"`), `[]byte` is base64, `HexBytes` is hex;
 * - URI arguments (`GET /block?height=5`) follow the URI rules: bare integers, `"quoted"` strings,
 *   `0x…` hex for bytes and strings, anything else parsed as JSON.
 */
import { GoDecodeError, goBase64Decode, goHexDecode } from './go-bytes-text.ts';
import { GoJsonSyntaxError, readGoJson, type GoJsonNode } from '../../codec/go-json-reader.ts';
import { goQuoteString } from '../../codec/go-quote.ts';
import { utf8Text } from '../../codec/utf8.ts';

/** The Go type of a method argument. `optional` ones are pointers: absent or null → undefined. */
export type ParamType =
  | { readonly kind: 'int'; readonly go: 'int64' | 'int' | 'uint'; readonly optional: boolean }
  | { readonly kind: 'string' }
  | { readonly kind: 'bool' }
  /** `[]byte` (`[]uint8`) or `types.Tx`: base64 in JSON */
  | { readonly kind: 'bytes'; readonly go: '[]uint8' | 'types.Tx' }
  /** `bytes.HexBytes`: a quoted hex string in JSON */
  | { readonly kind: 'hexbytes' }
  /**
   * An interface or struct argument (`types.Evidence`): `decode` reads its raw JSON text (throwing
   * ParamError); null or absent is undefined.
   */
  | { readonly kind: 'json'; readonly go: string; readonly decode: (raw: string) => object | undefined };

export type ParamValue = bigint | undefined | string | boolean | Uint8Array | object;

export const P = {
  int64: { kind: 'int', go: 'int64', optional: false },
  int64Ptr: { kind: 'int', go: 'int64', optional: true },
  intPtr: { kind: 'int', go: 'int', optional: true },
  uint: { kind: 'int', go: 'uint', optional: false },
  string: { kind: 'string' },
  bool: { kind: 'bool' },
  bytes: { kind: 'bytes', go: '[]uint8' },
  tx: { kind: 'bytes', go: 'types.Tx' },
  hexBytes: { kind: 'hexbytes' },
} as const satisfies Record<string, ParamType>;

export interface ParamSpec {
  readonly name: string;
  readonly type: ParamType;
}

/** A param that cannot be decoded; the message is the Go error text (without CometBFT's prefix). */
export class ParamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ParamError';
  }
}

function defaultOf(t: ParamType): ParamValue {
  switch (t.kind) {
    case 'int':
      return t.optional ? undefined : 0n;
    case 'string':
      return '';
    case 'bool':
      return false;
    case 'json':
      return undefined;
    default:
      return new Uint8Array(0);
  }
}

/** encoding/json's name of a JSON value's kind in an UnmarshalTypeError. */
const jsonKindName = (node: GoJsonNode): string => (node.kind === 'bool' ? 'bool' : node.kind);

const typeError = (value: string, goType: string) => new ParamError(`json: cannot unmarshal ${value} into Go value of type ${goType}`);

/** Parses raw JSON text, turning a syntax error into a ParamError with Go's text. */
function parseRaw(raw: string): GoJsonNode {
  try {
    return readGoJson(raw);
  } catch (e) {
    if (e instanceof GoJsonSyntaxError) throw new ParamError(e.message);
    throw e;
  }
}

const INT_RANGES = {
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
  int: [-(2n ** 63n), 2n ** 63n - 1n],
  uint: [0n, 2n ** 64n - 1n],
  uint8: [0n, 255n],
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  uint32: [0n, 2n ** 32n - 1n],
} as const;

/** encoding/json into a Go integer: only an integer literal in range (`strconv.ParseInt`). */
export function stdlibInt(raw: string, go: keyof typeof INT_RANGES): bigint {
  const node = parseRaw(raw);
  if (node.kind === 'null') return 0n;
  if (node.kind !== 'number') throw typeError(jsonKindName(node), go);
  const [min, max] = INT_RANGES[go];
  if (!/^-?\d+$/.test(node.raw)) throw typeError(`number ${node.raw}`, go);
  const v = BigInt(node.raw);
  if (v < min || v > max) throw typeError(`number ${node.raw}`, go);
  return v;
}

/**
 * The bytes of canonical padded standard base64 (what Node writes back for the bytes it read), for
 * which Go's decoder gives the same bytes; undefined for anything else. Cheaper than a pattern test.
 */
function plainBase64(text: string): Uint8Array | undefined {
  const b = Buffer.from(text, 'base64');
  return b.toString('base64') === text ? new Uint8Array(b.buffer, b.byteOffset, b.length) : undefined;
}

/** encoding/json into `[]byte`: a base64 string, or an array of byte numbers. */
function stdlibBytes(raw: string, go: string): Uint8Array {
  // the common case, a broadcast's tx: a string literal of plain base64 has no escapes to read
  if (raw.length >= 2 && raw.charCodeAt(0) === 0x22 && raw.charCodeAt(raw.length - 1) === 0x22) {
    const plain = plainBase64(raw.slice(1, -1));
    if (plain !== undefined) return plain;
  }
  const node = parseRaw(raw);
  if (node.kind === 'null') return new Uint8Array(0);
  if (node.kind === 'string') {
    // the common case (a tx in broadcast_tx_*) natively; newlines, errors and their texts in Go's decoder
    const plain = plainBase64(node.value);
    if (plain !== undefined) return plain;
    try {
      return goBase64Decode(new TextEncoder().encode(node.value));
    } catch (e) {
      if (e instanceof GoDecodeError) throw new ParamError(e.message);
      throw e;
    }
  }
  if (node.kind === 'array') return Uint8Array.from(node.items.map((item) => Number(stdlibInt(item.raw, 'uint8'))));
  throw typeError(jsonKindName(node), go);
}

/** CometBFT's JSON decoder (libs/json) applied to one argument's raw JSON text. */
export function decodeJsonParam(t: ParamType, raw: string): ParamValue {
  // libs/json: null sets the zero value (a nil pointer for optional arguments)
  if (raw === 'null') return defaultOf(t);
  switch (t.kind) {
    case 'int': {
      // libs/json: 64-bit integers travel as strings; the text inside the quotes goes to encoding/json as is
      if (raw.length < 1 || raw[0] !== '"' || raw[raw.length - 1] !== '"') {
        throw new ParamError(`invalid 64-bit integer encoding ${goQuoteString(raw)}, expected string`);
      }
      return stdlibInt(raw.slice(1, -1), t.go);
    }
    case 'hexbytes': {
      if (raw.length < 2 || raw[0] !== '"' || raw[raw.length - 1] !== '"') throw new ParamError(`invalid hex string: ${raw}`);
      try {
        return goHexDecode(raw.slice(1, -1));
      } catch (e) {
        if (e instanceof GoDecodeError) throw new ParamError(e.message);
        throw e;
      }
    }
    case 'bytes':
      return stdlibBytes(raw, t.go);
    case 'string': {
      const node = parseRaw(raw);
      if (node.kind === 'string') return node.value;
      throw typeError(jsonKindName(node), 'string');
    }
    case 'bool': {
      const node = parseRaw(raw);
      if (node.kind === 'bool') return node.value;
      throw typeError(jsonKindName(node), 'bool');
    }
    case 'json':
      parseRaw(raw);
      return t.decode(raw);
  }
}

const formatRawList = (items: readonly GoJsonNode[]) =>
  `[${items.map((n) => `[${Array.from(new TextEncoder().encode(n.raw)).join(' ')}]`).join(' ')}]`;

/**
 * JSON-RPC `params` → argument values in spec order: a map by name (unknown names ignored, missing
 * ones default) or an array with exactly one entry per argument.
 */
export function decodeJsonParams(specs: readonly ParamSpec[], params: GoJsonNode | undefined): ParamValue[] {
  if (params === undefined || params.kind === 'null') return specs.map((s) => defaultOf(s.type));
  if (params.kind === 'object') {
    const byName = new Map(params.entries);
    return specs.map((s) => {
      const node = byName.get(s.name);
      return node === undefined ? defaultOf(s.type) : decodeJsonParam(s.type, node.raw);
    });
  }
  if (params.kind === 'array') {
    if (params.items.length !== specs.length) {
      throw new ParamError(
        `expected ${specs.length} parameters ([${specs.map((s) => s.name).join(' ')}]), got ${params.items.length} (${formatRawList(params.items)})`,
      );
    }
    return specs.map((s, k) => decodeJsonParam(s.type, params.items[k]!.raw));
  }
  throw new ParamError(`unknown type for JSON params: json: cannot unmarshal ${jsonKindName(params)} into Go value of type []json.RawMessage. Expected map or array`);
}

const kindWord = (t: ParamType): string => (t.kind === 'int' ? t.go : t.kind === 'bool' ? 'bool' : t.kind === 'string' ? 'string' : t.kind === 'json' ? 'interface' : 'slice');

/** One URI argument (already URL-decoded), by CometBFT's `nonJSONStringToArg` rules. */
export function decodeUriParam(t: ParamType, arg: string): ParamValue {
  if (arg === '') return defaultOf(t);
  const isInt = /^-?[0-9]+$/.test(arg);
  const isQuoted = arg.startsWith('"') && arg.endsWith('"');
  const isHex = arg.toLowerCase().startsWith('0x');
  const wantsBytes = t.kind === 'bytes' || t.kind === 'hexbytes';
  if (isInt && t.kind === 'int') return decodeJsonParam(t, `"${arg}"`);
  if (isHex) {
    if (t.kind !== 'string' && !wantsBytes) throw new ParamError(`got a hex string arg, but expected '${kindWord(t)}'`);
    let bytes: Uint8Array;
    try {
      bytes = goHexDecode(arg.slice(2));
    } catch (e) {
      if (e instanceof GoDecodeError) throw new ParamError(e.message);
      throw e;
    }
    return t.kind === 'string' ? utf8Text(bytes) : bytes;
  }
  if (isQuoted && wantsBytes) return new TextEncoder().encode(decodeJsonParam(P.string, arg) as string);
  return decodeJsonParam(t, arg);
}

/** URI query arguments by name → argument values in spec order. */
export function decodeUriParams(specs: readonly ParamSpec[], get: (name: string) => string): ParamValue[] {
  return specs.map((s) => decodeUriParam(s.type, get(s.name)));
}
