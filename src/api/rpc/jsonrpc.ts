/**
 * The JSON-RPC 2.0 envelope as CometBFT 0.37 reads and writes it (rpc/jsonrpc/types): a single
 * request or a batch, ids that are strings or numbers (numbers truncated to integers), requests
 * without an id are notifications and get no answer, and the error objects
 * `{code, message, data}` with CometBFT's messages. Output text is Go's encoding/json (HTML
 * characters escaped), since CometBFT marshals the whole response with it.
 */
import { goJson, goQuote, type GoJsonValue } from '../../codec/go-json.ts';
import { GoJsonSyntaxError, readGoJson, type GoJsonNode } from '../../codec/go-json-reader.ts';

/** A request id: a string, or an integer (printed as a JSON number). */
export type RpcId = string | bigint;

export interface RpcRequest {
  /** undefined for a notification */
  readonly id: RpcId | undefined;
  readonly method: string;
  /** the raw `params` value, undefined when absent */
  readonly params: GoJsonNode | undefined;
}

/** A JSON-RPC error object. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    readonly rpcMessage: string,
    readonly data: string = '',
  ) {
    super(data ? `${rpcMessage}: ${data}` : rpcMessage);
    this.name = 'RpcError';
  }

  static parse(data: string): RpcError {
    return new RpcError(-32700, 'Parse error. Invalid JSON', data);
  }
  static invalidRequest(data: string): RpcError {
    return new RpcError(-32600, 'Invalid Request', data);
  }
  static methodNotFound(): RpcError {
    return new RpcError(-32601, 'Method not found');
  }
  static invalidParams(data: string): RpcError {
    return new RpcError(-32602, 'Invalid params', data);
  }
  static internal(data: string): RpcError {
    return new RpcError(-32603, 'Internal error', data);
  }
  static server(data: string): RpcError {
    return new RpcError(-32000, 'Server error', data);
  }
}

/** The id of URI (GET) calls, which have none: CometBFT answers with -1. */
export const URI_REQUEST_ID: RpcId = -1n;

/** Go's reflect name of RPCRequest's decoding struct, which appears in CometBFT's parse errors. */
const REQUEST_STRUCT = 'struct { JSONRPC string "json:\\"jsonrpc\\""; ID interface {} "json:\\"id,omitempty\\""; Method string "json:\\"method\\""; Params json.RawMessage "json:\\"params\\"" }';

const INT_MIN = -(2n ** 63n);
const INT_MAX = 2n ** 63n - 1n;

/**
 * Reads a request body: a batch (array) or one request. Throws RpcError(-32700) with CometBFT's
 * `error unmarshaling request: …` text when neither decodes.
 */
export function parseRequests(body: Uint8Array): RpcRequest[] {
  let root: GoJsonNode;
  try {
    root = readGoJson(body);
  } catch (e) {
    if (e instanceof GoJsonSyntaxError) throw RpcError.parse(`error unmarshaling request: ${e.message}`);
    throw e;
  }
  // `null` decodes into an empty batch
  if (root.kind === 'null') return [];
  if (root.kind === 'array') {
    try {
      return root.items.map(decodeRequest);
    } catch {
      // the batch failed, and an array is not one request either
      throw RpcError.parse(`error unmarshaling request: json: cannot unmarshal array into Go value of type ${REQUEST_STRUCT}`);
    }
  }
  try {
    return [decodeRequest(root)];
  } catch (e) {
    throw RpcError.parse(`error unmarshaling request: ${(e as Error).message}`);
  }
}

/**
 * Reads one websocket message as CometBFT's `wsConnection.readRoutine` does (`json.Decoder` into one
 * RPCRequest: no batches, anything after the first value ignored). Throws RpcError(-32700).
 */
export function parseWsRequest(message: Uint8Array): RpcRequest {
  try {
    return decodeRequest(readGoJson(message, { stream: true }));
  } catch (e) {
    if (e instanceof GoJsonSyntaxError || !(e instanceof RpcError)) throw RpcError.parse(`error unmarshaling request: ${(e as Error).message}`);
    throw e;
  }
}

/** Go's lookup of a struct field by JSON key: exact name first, then case-insensitively. */
function fieldOf(key: string): 'jsonrpc' | 'id' | 'method' | 'params' | undefined {
  const names = ['jsonrpc', 'id', 'method', 'params'] as const;
  return names.find((n) => n === key) ?? names.find((n) => n === key.toLowerCase());
}

/** RPCRequest.UnmarshalJSON: decode the four fields, then interpret the id. */
function decodeRequest(node: GoJsonNode): RpcRequest {
  if (node.kind === 'null') return { id: undefined, method: '', params: undefined };
  if (node.kind !== 'object') throw new Error(`json: cannot unmarshal ${node.kind} into Go value of type ${REQUEST_STRUCT}`);
  let firstError: string | undefined;
  let id: GoJsonNode | undefined;
  let method = '';
  let params: GoJsonNode | undefined;
  for (const [key, value] of node.entries) {
    const field = fieldOf(key);
    if (field === 'id') id = value;
    else if (field === 'params') params = value;
    else if (field === 'jsonrpc' || field === 'method') {
      if (value.kind === 'string') {
        if (field === 'method') method = value.value;
      } else if (value.kind !== 'null') firstError ??= `json: cannot unmarshal ${value.kind} into Go struct field .${field} of type string`;
    }
  }
  if (id?.kind === 'number' && !Number.isFinite(Number(id.raw))) {
    firstError ??= `json: cannot unmarshal number ${id.raw} into Go struct field .id of type float64`;
  }
  if (firstError) throw new Error(firstError);
  if (id === undefined || id.kind === 'null') return { id: undefined, method, params };
  if (id.kind === 'string') return { id: id.value, method, params };
  if (id.kind === 'number') return { id: goIntOfFloat(Number(id.raw)), method, params };
  throw new Error(`json-rpc ID (${goValueText(id)}) is of unknown type (${goTypeText(id)})`);
}

/** Go's `int(f)` on amd64: truncation, and the minimum int for values out of range. */
function goIntOfFloat(f: number): bigint {
  const t = BigInt(Math.trunc(f));
  return t < INT_MIN || t > INT_MAX ? INT_MIN : t;
}

/** `%v` of a float64: strconv's shortest 'g', exponent form below 1e-4 or from 1e6. */
function goFloatText(f: number): string {
  if (f === 0) return Object.is(f, -0) ? '-0' : '0';
  const exp = Math.floor(Math.log10(Math.abs(f)));
  if (exp >= -4 && exp < 6) return String(f);
  const [mant, e] = f.toExponential().split('e') as [string, string];
  return `${mant}e${e[0] === '-' ? '-' : '+'}${e.replace(/^[+-]/, '').padStart(2, '0')}`;
}

/** `%v` of a value decoded into interface{} (what CometBFT prints for an id of the wrong type). */
function goValueText(node: GoJsonNode): string {
  switch (node.kind) {
    case 'null':
      return '<nil>';
    case 'bool':
      return String(node.value);
    case 'number':
      return goFloatText(Number(node.raw));
    case 'string':
      return node.value;
    case 'array':
      return `[${node.items.map(goValueText).join(' ')}]`;
    case 'object': {
      const map = new Map(node.entries);
      return `map[${[...map.keys()].sort().map((k) => `${k}:${goValueText(map.get(k)!)}`).join(' ')}]`;
    }
  }
}

function goTypeText(node: GoJsonNode): string {
  return node.kind === 'object' ? 'map[string]interface {}' : node.kind === 'array' ? '[]interface {}' : node.kind === 'bool' ? 'bool' : 'interface {}';
}

const idText = (id: RpcId): string => (typeof id === 'bigint' ? id.toString() : goQuote(id));

/** One response object: `{"jsonrpc":"2.0","id":…,"result":…}` (id omitted when there is none). */
export function successText(id: RpcId | undefined, result: GoJsonValue): string {
  return successTextOf(id, goJson(result));
}

/** `successText` with the result already as JSON text. */
export function successTextOf(id: RpcId | undefined, resultText: string): string {
  return `{"jsonrpc":"2.0"${id === undefined ? '' : `,"id":${idText(id)}`},"result":${resultText}}`;
}

/** One error response: `{"jsonrpc":"2.0","id":…,"error":{"code":…,"message":…,"data":…}}` (data omitted when empty). */
export function errorText(id: RpcId | undefined, err: RpcError): string {
  const data = err.data ? `,"data":${goQuote(err.data)}` : '';
  return `{"jsonrpc":"2.0"${id === undefined ? '' : `,"id":${idText(id)}`},"error":{"code":${err.code},"message":${goQuote(err.rpcMessage)}${data}}}`;
}
