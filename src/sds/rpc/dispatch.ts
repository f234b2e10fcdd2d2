/**
 * The resource node's JSON-RPC 2.0 dispatcher: what the node's fork of go-ethereum's `rpc` package
 * does with one HTTP body or one IPC message (reference §1.1, §1.4): single requests and batches,
 * notifications, `rpc_modules`, geth's error objects and texts, a crashing method answered with
 * -32000 `method handler crashed` instead of taking the node down.
 */
import { compactJson, firstJsonValue, goHtmlEscape, rawArrayElements, rawObjectMembers } from './json-stream.ts';

/** A method takes the ONE parameter object (params[0]; `{}` when params is absent/empty) and returns the result object */
export type RpcMethod = (params: Record<string, unknown>, context: { readonly transport: 'http' | 'ipc' }) => Promise<unknown>;

/**
 * A JSON-RPC error a method wants answered as such (e.g. -32602 for a field of the wrong type);
 * any other exception is a crash (-32000 `method handler crashed`).
 */
export class RpcCallError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'RpcCallError';
  }
}

/** geth's error codes */
export const RPC_PARSE_ERROR = -32700;
export const RPC_INVALID_REQUEST = -32600;
export const RPC_METHOD_NOT_FOUND = -32601;
export const RPC_INVALID_PARAMS = -32602;
export const RPC_DEFAULT_ERROR = -32000;

/** The metadata namespace every server has (`rpc_modules`). */
export const RPC_METADATA_NAMESPACE = 'rpc';

/**
 * How a parameter that is not an object is named in the -32602 text (`invalid argument 0: json:
 * cannot unmarshal string into Go value of type <this>`). The node's methods take Go structs such
 * as `rpc.ParamReqUploadFile`; set `paramType` on a method function to name its struct.
 */
export const DEFAULT_PARAM_TYPE = 'object';

/** The fields of a Go `jsonrpcMessage` as decoded from one message (raw JSON texts, Go's zero values when absent). */
interface Message {
  method: string;
  /** raw JSON text of `id`, undefined when absent */
  id?: string;
  /** raw JSON text of `params`, undefined when absent */
  params?: string;
  hasResult: boolean;
  hasError: boolean;
}

const FIELDS = ['jsonrpc', 'id', 'method', 'params', 'error', 'result'] as const;

/**
 * Go `json.Unmarshal(raw, &jsonrpcMessage{})`, errors ignored: keys match fields exactly or
 * case-insensitively, the last one wins, a value of the wrong type leaves the field as it was.
 */
function decodeMessage(raw: string): Message {
  const msg: Message = { method: '', hasResult: false, hasError: false };
  if (!raw.startsWith('{')) return msg;
  for (const [key, value] of rawObjectMembers(raw)) {
    const field = FIELDS.find((f) => f === key) ?? FIELDS.find((f) => f === key.toLowerCase());
    switch (field) {
      case 'id':
        msg.id = compactJson(value);
        break;
      case 'params':
        msg.params = value;
        break;
      case 'method':
        if (value.startsWith('"')) msg.method = JSON.parse(value) as string;
        break;
      case 'result':
        msg.hasResult = true;
        break;
      case 'error':
        msg.hasError = value !== 'null';
        break;
    }
  }
  return msg;
}

function hasValidId(msg: Message): boolean {
  return msg.id !== undefined && msg.id.length > 0 && msg.id[0] !== '{' && msg.id[0] !== '[';
}
function isNotification(msg: Message): boolean {
  return msg.id === undefined && msg.method !== '';
}
function isCall(msg: Message): boolean {
  return hasValidId(msg) && msg.method !== '';
}
function isResponse(msg: Message): boolean {
  return hasValidId(msg) && msg.method === '' && msg.params === undefined && (msg.hasResult || msg.hasError);
}

/** One response object as Go writes it (field order jsonrpc, id, error|result). */
function errorText(id: string | undefined, code: number, message: string): string {
  return `{"jsonrpc":"2.0","id":${id ?? 'null'},"error":${JSON.stringify({ code, message })}}`;
}
function resultText(id: string, result: unknown): string {
  const enc = result === undefined ? 'null' : JSON.stringify(result);
  return `{"jsonrpc":"2.0","id":${id},"result":${enc ?? 'null'}}`;
}

class ParamsError extends Error {}

function jsonKind(raw: string): string {
  const c = raw[0];
  if (c === '"') return 'string';
  if (c === '[') return 'array';
  if (c === 't' || c === 'f') return 'bool';
  return 'number';
}

/**
 * Go `parsePositionalArguments` for a method with `arity` arguments (0 for `rpc_modules`, 1 — the
 * parameter struct — for the node's methods). Absent, `null` or `[]` params give `{}`.
 */
function parseParams(raw: string | undefined, arity: 0 | 1, paramType: string): Record<string, unknown> {
  const text = raw?.trim();
  if (text === undefined || text === '' || text === 'null') return {};
  if (!text.startsWith('[')) throw new ParamsError('non-array args');
  const elements = rawArrayElements(text);
  if (elements.length === 0) return {};
  if (arity === 0) throw new ParamsError('too many arguments, want at most 0');
  const first = elements[0]!;
  let value: Record<string, unknown> = {};
  if (first.startsWith('{')) value = JSON.parse(first) as Record<string, unknown>;
  else if (first !== 'null') throw new ParamsError(`invalid argument 0: json: cannot unmarshal ${jsonKind(first)} into Go value of type ${paramType}`);
  if (elements.length > 1) throw new ParamsError('too many arguments, want at most 1');
  return value;
}

export class RpcDispatcher {
  private readonly served: ReadonlySet<string>;

  /** `methods` keyed by full name (`user_requestUpload`); only namespaces in `namespaces` are served (plus `rpc`) */
  constructor(
    private readonly methods: ReadonlyMap<string, RpcMethod>,
    namespaces: readonly string[],
  ) {
    // geth registers a namespace only when it has methods; `rpc` always exists
    const withMethods = new Set([...methods.keys()].map((name) => name.split('_')[0]!));
    this.served = new Set([RPC_METADATA_NAMESPACE, ...namespaces.filter((ns) => withMethods.has(ns))]);
  }

  /** `rpc_modules`: each served namespace → "1.0", keys sorted (Go marshals maps sorted). */
  modules(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const ns of [...this.served].sort()) out[ns] = '1.0';
    return out;
  }

  /** One HTTP body or IPC message (single request or batch) → the response text, or undefined when nothing is to be sent (only notifications) */
  async handle(body: string, transport: 'http' | 'ipc'): Promise<string | undefined> {
    const first = firstJsonValue(Buffer.from(body, 'utf8'));
    if (first.kind === 'eof') return undefined;
    if (first.kind === 'error') return errorText(undefined, RPC_PARSE_ERROR, 'parse error');
    return this.handleValue(first.text, transport);
  }

  /** One syntactically valid JSON value (the IPC server frames them) → the response text or undefined. */
  async handleValue(text: string, transport: 'http' | 'ipc'): Promise<string | undefined> {
    const trimmed = text.trimStart();
    if (!trimmed.startsWith('[')) {
      const answer = await this.handleMessage(decodeMessage(trimmed), transport);
      return answer === undefined ? undefined : goHtmlEscape(answer);
    }
    const elements = rawArrayElements(trimmed);
    if (elements.length === 0) return errorText(undefined, RPC_INVALID_REQUEST, 'empty batch');
    // batch elements run concurrently; the answers keep request order, notifications and responses get none
    const answers = await Promise.all(elements.map((raw) => this.handleMessage(decodeMessage(raw), transport)));
    const sent = answers.filter((a): a is string => a !== undefined);
    return sent.length === 0 ? undefined : goHtmlEscape(`[${sent.join(',')}]`);
  }

  private async handleMessage(msg: Message, transport: 'http' | 'ipc'): Promise<string | undefined> {
    if (isResponse(msg)) return undefined; // an unsolicited response: dropped
    if (isNotification(msg)) {
      await this.call(msg, transport);
      return undefined;
    }
    if (isCall(msg)) return this.call(msg, transport);
    return errorText(hasValidId(msg) ? msg.id : undefined, RPC_INVALID_REQUEST, 'invalid request');
  }

  /** Runs one call; the answer text (also computed for notifications, then dropped). */
  private async call(msg: Message, transport: 'http' | 'ipc'): Promise<string> {
    const id = msg.id;
    const name = msg.method;
    if (name.endsWith('_subscribe')) return this.subscribe(msg, transport);
    if (name.endsWith('_unsubscribe')) {
      try {
        const args = msg.params?.trim();
        if (args !== undefined && args !== 'null' && !args.startsWith('[')) throw new ParamsError('non-array args');
        const elements = args?.startsWith('[') ? rawArrayElements(args) : [];
        if (elements.length === 0) throw new ParamsError('missing value for required argument 0');
        if (!elements[0]!.startsWith('"') && elements[0] !== 'null') throw new ParamsError(`invalid argument 0: json: cannot unmarshal ${elements[0]!.startsWith('{') ? 'object' : jsonKind(elements[0]!)} into Go value of type rpc.ID`);
        if (elements.length > 1) throw new ParamsError('too many arguments, want at most 1');
      } catch (e) {
        return errorText(id, RPC_INVALID_PARAMS, (e as Error).message);
      }
      return errorText(id, RPC_DEFAULT_ERROR, 'subscription not found');
    }
    const sep = name.indexOf('_');
    const namespace = sep < 0 ? '' : name.slice(0, sep);
    const notFound = errorText(id, RPC_METHOD_NOT_FOUND, `the method ${name} does not exist/is not available`);
    if (sep < 0 || !this.served.has(namespace)) return notFound;
    if (name === 'rpc_modules') {
      try {
        parseParams(msg.params, 0, DEFAULT_PARAM_TYPE);
      } catch (e) {
        return errorText(id, RPC_INVALID_PARAMS, (e as Error).message);
      }
      return resultText(id ?? 'null', this.modules());
    }
    const method = this.methods.get(name);
    if (method === undefined) return notFound;
    let params: Record<string, unknown>;
    try {
      params = parseParams(msg.params, 1, (method as { paramType?: string }).paramType ?? DEFAULT_PARAM_TYPE);
    } catch (e) {
      return errorText(id, RPC_INVALID_PARAMS, (e as Error).message);
    }
    try {
      const result = await method(params, { transport });
      return resultText(id ?? 'null', result);
    } catch (e) {
      if (e instanceof RpcCallError) return errorText(id, e.code, e.message);
      process.stderr.write(`RPC method ${name} crashed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      return errorText(id, RPC_DEFAULT_ERROR, 'method handler crashed');
    }
  }

  /** `<ns>_subscribe`: HTTP cannot carry notifications; the node's namespaces have no subscriptions. */
  private subscribe(msg: Message, transport: 'http' | 'ipc'): string {
    if (transport === 'http') return errorText(msg.id, RPC_DEFAULT_ERROR, 'notifications not supported');
    const args = msg.params?.trim() ?? '';
    const elements = args.startsWith('[') ? rawArrayElements(args) : undefined;
    if (elements === undefined) return errorText(msg.id, RPC_INVALID_PARAMS, 'non-array args');
    const first = elements[0];
    if (first === undefined || !first.startsWith('"')) return errorText(msg.id, RPC_INVALID_PARAMS, 'expected subscription name as first argument');
    const namespace = msg.method.slice(0, msg.method.indexOf('_'));
    return errorText(msg.id, RPC_METHOD_NOT_FOUND, `no ${JSON.stringify(JSON.parse(first))} subscription in ${namespace} namespace`);
  }
}
