/**
 * go-ethereum's `rpc` package rules for one message or batch, shared by the node's two servers that
 * follow it (the resource node's JSON-RPC, src/sds/rpc/dispatch.ts; the Ethereum JSON-RPC,
 * src/api/eth/dispatch.ts): Go's `jsonrpcMessage` decoding (raw JSON texts, Go's zero values),
 * what a message is (call, notification, unsolicited response, invalid request), batches (`empty
 * batch`; answers in request order, notifications and responses get none), `parse error`, the
 * answer texts in Go's field order and HTML escaping, the namespace check (`the method X does not
 * exist/is not available`), `rpc_modules`, `<ns>_subscribe`'s envelope checks, errors a method
 * answers, and `method handler crashed`.
 *
 * What differs between the two servers is a parameter (GethRpcRules): how batches run, which
 * namespaces are served and what `rpc_modules` lists, how a method's arguments decode, which
 * connections carry notifications and which subscriptions exist, how a crash is reported.
 */
import { compactJson, firstJsonValue, goHtmlEscape, rawArrayElements, rawObjectMembers } from './json-stream.ts';

/** geth's error codes */
export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
/** what geth answers for any error a method returns */
export const DEFAULT_ERROR = -32000;

/** The metadata namespace every server has (`rpc_modules`). */
export const METADATA_NAMESPACE = 'rpc';

/** An error a method answers as such (geth: an error returned by the handler, with its code). Any other exception is a crash. */
export class GethRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'GethRpcError';
  }
}

/** The fields of a Go `jsonrpcMessage` as decoded from one message (raw JSON texts, Go's zero values when absent). */
export interface Message {
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
export function decodeMessage(raw: string): Message {
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

export function hasValidId(msg: Message): boolean {
  return msg.id !== undefined && msg.id.length > 0 && msg.id[0] !== '{' && msg.id[0] !== '[';
}
export function isNotification(msg: Message): boolean {
  return msg.id === undefined && msg.method !== '';
}
export function isCall(msg: Message): boolean {
  return hasValidId(msg) && msg.method !== '';
}
export function isResponse(msg: Message): boolean {
  return hasValidId(msg) && msg.method === '' && msg.params === undefined && (msg.hasResult || msg.hasError);
}

/** One error response as Go writes it (field order jsonrpc, id, error; `data` only when given). */
export function errorText(id: string | undefined, code: number, message: string, data?: unknown): string {
  const error = data === undefined ? { code, message } : { code, message, data };
  return `{"jsonrpc":"2.0","id":${id ?? 'null'},"error":${JSON.stringify(error)}}`;
}

/** One result response as Go writes it (an undefined result is `null`). */
export function resultText(id: string, result: unknown): string {
  return `{"jsonrpc":"2.0","id":${id},"result":${JSON.stringify(result) ?? 'null'}}`;
}

/** A subscription notification (`<ns>_subscription`), HTML-escaped as Go's encoder does. */
export function notificationText(namespace: string, subscription: string, result: unknown): string {
  return goHtmlEscape(`{"jsonrpc":"2.0","method":"${namespace}_subscription","params":{"subscription":${JSON.stringify(subscription)},"result":${JSON.stringify(result)}}}`);
}

/** A parameter error: answered as -32602 with this text. */
export class ParamsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ParamsError';
  }
}

/** encoding/json's name of a JSON value's kind in `cannot unmarshal <kind> into …`. */
export function jsonKind(raw: string): string {
  const c = raw[0];
  if (c === '"') return 'string';
  if (c === '[') return 'array';
  if (c === '{') return 'object';
  if (c === 't' || c === 'f') return 'bool';
  return 'number';
}

/** Go `parsePositionalArguments` for a method without arguments (`rpc_modules`). */
function checkNoArguments(params: string | undefined): void {
  const text = params?.trim();
  if (text === undefined || text === '' || text === 'null') return;
  if (!text.startsWith('[')) throw new ParamsError('non-array args');
  if (rawArrayElements(text).length > 0) throw new ParamsError('too many arguments, want at most 0');
}

/** What one server makes of the shared rules; `Ctx` is what its transports pass along with a message. */
export interface GethRpcRules<Ctx> {
  /** a batch's calls: run all at once, or one after the other (the answers keep request order either way) */
  readonly batch: 'concurrent' | 'sequential';
  /** the namespaces a method name may start with (`rpc` among them) */
  readonly served: ReadonlySet<string>;
  /** `rpc_modules`' answer */
  modules(): Record<string, string>;
  /**
   * The method of this full name, bound to its decoded arguments (throws ParamsError for bad
   * `params`); undefined when there is no such method.
   */
  bind(name: string, params: string | undefined, ctx: Ctx): (() => unknown) | undefined;
  /** does this message's connection carry notifications? (else `notifications not supported`) */
  carriesNotifications(ctx: Ctx): boolean;
  /**
   * `<ns>_subscribe(kind, ...args)` once the envelope checks passed: the answer text, or undefined
   * when the namespace has no such subscription (`args`: the raw texts after the kind's name).
   */
  subscribe(msg: Message, namespace: string, kind: string, args: readonly string[], ctx: Ctx): string | undefined;
  /** `<ns>_unsubscribe`: the answer text */
  unsubscribe(msg: Message, ctx: Ctx): string;
  /** a method threw something that is not a GethRpcError */
  crashed(method: string, err: unknown): void;
}

/** The shared dispatcher: one HTTP body, websocket message or IPC value → the answer text. */
export class GethRpcEngine<Ctx> {
  constructor(private readonly rules: GethRpcRules<Ctx>) {}

  /** A whole body (its first JSON value; Go's decoder reads no further) → the answer text, or undefined when nothing is to be sent. */
  async handleBody(body: Uint8Array, ctx: Ctx): Promise<string | undefined> {
    const first = firstJsonValue(body);
    if (first.kind === 'eof') return undefined;
    if (first.kind === 'error') return errorText(undefined, PARSE_ERROR, 'parse error');
    return this.handleValue(first.text, ctx);
  }

  /** One syntactically valid JSON value (a request or a batch) → the answer text, or undefined (only notifications and responses). */
  async handleValue(text: string, ctx: Ctx): Promise<string | undefined> {
    const trimmed = text.trimStart();
    if (!trimmed.startsWith('[')) {
      const answer = await this.handleMessage(decodeMessage(trimmed), ctx);
      return answer === undefined ? undefined : goHtmlEscape(answer);
    }
    const elements = rawArrayElements(trimmed);
    if (elements.length === 0) return errorText(undefined, INVALID_REQUEST, 'empty batch');
    let answers: (string | undefined)[];
    if (this.rules.batch === 'concurrent') {
      answers = await Promise.all(elements.map((raw) => this.handleMessage(decodeMessage(raw), ctx)));
    } else {
      answers = [];
      for (const raw of elements) answers.push(await this.handleMessage(decodeMessage(raw), ctx));
    }
    const sent = answers.filter((a): a is string => a !== undefined);
    return sent.length === 0 ? undefined : goHtmlEscape(`[${sent.join(',')}]`);
  }

  private async handleMessage(msg: Message, ctx: Ctx): Promise<string | undefined> {
    if (isResponse(msg)) return undefined; // an unsolicited response: dropped
    if (isNotification(msg)) {
      await this.call(msg, ctx); // run, never answered
      return undefined;
    }
    if (isCall(msg)) return this.call(msg, ctx);
    return errorText(hasValidId(msg) ? msg.id : undefined, INVALID_REQUEST, 'invalid request');
  }

  /** Runs one call; the answer text (also computed for notifications, then dropped). */
  private async call(msg: Message, ctx: Ctx): Promise<string> {
    const { id, method: name } = msg;
    if (name.endsWith('_subscribe')) return this.subscribe(msg, ctx);
    if (name.endsWith('_unsubscribe')) return this.rules.unsubscribe(msg, ctx);
    const sep = name.indexOf('_');
    const namespace = sep < 0 ? '' : name.slice(0, sep);
    const notFound = errorText(id, METHOD_NOT_FOUND, `the method ${name} does not exist/is not available`);
    if (sep < 0 || !this.rules.served.has(namespace)) return notFound;
    if (name === `${METADATA_NAMESPACE}_modules`) {
      try {
        checkNoArguments(msg.params);
      } catch (e) {
        return errorText(id, INVALID_PARAMS, (e as Error).message);
      }
      return resultText(id ?? 'null', this.rules.modules());
    }
    let run: (() => unknown) | undefined;
    try {
      run = this.rules.bind(name, msg.params, ctx);
    } catch (e) {
      if (e instanceof ParamsError) return errorText(id, INVALID_PARAMS, e.message);
      throw e;
    }
    if (run === undefined) return notFound;
    try {
      return resultText(id ?? 'null', await run());
    } catch (e) {
      if (e instanceof GethRpcError) return errorText(id, e.code, e.message, e.data);
      this.rules.crashed(name, e);
      return errorText(id, DEFAULT_ERROR, 'method handler crashed');
    }
  }

  /** `<ns>_subscribe`: a connection without notifications, the arguments' envelope (kind name first), then the server's kinds. */
  private subscribe(msg: Message, ctx: Ctx): string {
    if (!this.rules.carriesNotifications(ctx)) return errorText(msg.id, DEFAULT_ERROR, 'notifications not supported');
    const params = msg.params?.trim() ?? '';
    if (!params.startsWith('[')) return errorText(msg.id, INVALID_PARAMS, 'non-array args');
    const [first, ...rest] = rawArrayElements(params);
    if (first === undefined || !first.startsWith('"')) return errorText(msg.id, INVALID_PARAMS, 'expected subscription name as first argument');
    const kind = JSON.parse(first) as string;
    const namespace = msg.method.slice(0, msg.method.indexOf('_'));
    return this.rules.subscribe(msg, namespace, kind, rest, ctx) ?? errorText(msg.id, METHOD_NOT_FOUND, `no ${JSON.stringify(kind)} subscription in ${namespace} namespace`);
  }
}
