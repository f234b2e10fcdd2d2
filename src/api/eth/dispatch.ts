/**
 * The Ethereum JSON-RPC 2.0 dispatcher, following go-ethereum 1.10.26's `rpc` package (reference
 * B.4): single requests and batches (`empty batch`, `invalid request`), notifications (run, never
 * answered), `parse error` for bad JSON, `the method X does not exist/is not available` for methods
 * outside the served namespaces, positional arguments (src/api/eth/params.ts), `rpc_modules`,
 * `<ns>_subscribe` / `<ns>_unsubscribe` for connections that carry notifications (the websocket),
 * and `method handler crashed` for a method that fails unexpectedly. Answers are Go's JSON (HTML
 * characters escaped), fields in geth's order.
 */
import { randomBytes } from 'node:crypto';
import { compactJson, firstJsonValue, goHtmlEscape, rawArrayElements, rawObjectMembers } from '../../sds/rpc/json-stream.ts';
import { parsePositional, ParamsError, type ArgType } from './params.ts';

export const ETH_PARSE_ERROR = -32700;
export const ETH_INVALID_REQUEST = -32600;
export const ETH_METHOD_NOT_FOUND = -32601;
export const ETH_INVALID_PARAMS = -32602;
/** what geth answers for any error a method returns */
export const ETH_DEFAULT_ERROR = -32000;

/** An error a method answers (geth: an error returned by the handler, code -32000 unless it has its own). */
export class EthRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'EthRpcError';
  }
}

/** A JSON value a method answers (already in the protocol's encoding: quantities as hex text). */
export type EthJson = string | number | boolean | null | readonly EthJson[] | { readonly [key: string]: EthJson };

export interface EthMethod {
  readonly args: readonly ArgType<unknown>[];
  run(args: readonly unknown[]): EthJson | Promise<EthJson>;
}

/** A subscription kind (`eth_subscribe("newHeads")`): starts delivering results through `notify`; returns the stop. */
export interface EthSubscriptionKind {
  readonly args: readonly ArgType<unknown>[];
  start(args: readonly unknown[], notify: (result: EthJson) => void): () => void;
}

/**
 * A connection that carries notifications (a websocket): its subscriptions, and how a notification
 * text goes out.
 */
export class EthSession {
  readonly subscriptions = new Map<string, () => void>();
  constructor(readonly send: (text: string) => void) {}

  /** Ends every subscription (the connection closed). */
  close(): void {
    for (const stop of this.subscriptions.values()) stop();
    this.subscriptions.clear();
  }
}

/** geth `rpc.NewID`: 16 random bytes in hex, leading zeros trimmed. */
function newSubscriptionId(): string {
  return `0x${randomBytes(16).toString('hex').replace(/^0+/, '') || '0'}`;
}

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

/** `json.Unmarshal(raw, &jsonrpcMessage{})`, errors ignored (keys matched exactly, then case-insensitively). */
function decodeMessage(raw: string): Message {
  const msg: Message = { method: '', hasResult: false, hasError: false };
  if (!raw.startsWith('{')) return msg;
  for (const [key, value] of rawObjectMembers(raw)) {
    const field = FIELDS.find((f) => f === key) ?? FIELDS.find((f) => f === key.toLowerCase());
    if (field === 'id') msg.id = compactJson(value);
    else if (field === 'params') msg.params = value;
    else if (field === 'method' && value.startsWith('"')) msg.method = JSON.parse(value) as string;
    else if (field === 'result') msg.hasResult = true;
    else if (field === 'error') msg.hasError = value !== 'null';
  }
  return msg;
}

const hasValidId = (m: Message) => m.id !== undefined && m.id.length > 0 && m.id[0] !== '{' && m.id[0] !== '[';
const isNotification = (m: Message) => m.id === undefined && m.method !== '';
const isCall = (m: Message) => hasValidId(m) && m.method !== '';
const isResponse = (m: Message) => hasValidId(m) && m.method === '' && m.params === undefined && (m.hasResult || m.hasError);

function errorText(id: string | undefined, code: number, message: string, data?: unknown): string {
  const error = data === undefined ? { code, message } : { code, message, data };
  return `{"jsonrpc":"2.0","id":${id ?? 'null'},"error":${JSON.stringify(error)}}`;
}

function resultText(id: string, result: EthJson): string {
  return `{"jsonrpc":"2.0","id":${id},"result":${JSON.stringify(result) ?? 'null'}}`;
}

/** A subscription notification (`eth_subscription`). */
export function notificationText(namespace: string, subscription: string, result: EthJson): string {
  return goHtmlEscape(`{"jsonrpc":"2.0","method":"${namespace}_subscription","params":{"subscription":${JSON.stringify(subscription)},"result":${JSON.stringify(result)}}}`);
}

export interface EthDispatcherOptions {
  /** methods by full name (`eth_getBalance`) */
  readonly methods: ReadonlyMap<string, EthMethod>;
  /** subscription kinds by namespace, then name (`eth` → `newHeads`) */
  readonly subscriptions?: ReadonlyMap<string, ReadonlyMap<string, EthSubscriptionKind>>;
  /** the namespaces served (`json-rpc.api`); `rpc` is always served */
  readonly namespaces: readonly string[];
  /** where a crashed method is reported (default: stderr) */
  readonly onCrash?: (method: string, err: unknown) => void;
}

export class EthDispatcher {
  private readonly served: ReadonlySet<string>;

  constructor(private readonly opts: EthDispatcherOptions) {
    this.served = new Set(['rpc', ...opts.namespaces]);
  }

  /** `rpc_modules`: each served namespace → "1.0", sorted (Go marshals maps sorted). */
  modules(): Record<string, string> {
    const withMethods = new Set([...this.opts.methods.keys()].map((m) => m.slice(0, m.indexOf('_'))));
    const out: Record<string, string> = {};
    for (const ns of [...this.served].sort()) if (ns === 'rpc' || withMethods.has(ns)) out[ns] = '1.0';
    return out;
  }

  /**
   * One HTTP body or websocket message (a request or a batch) → the answer text, or undefined when
   * nothing is to be sent (empty input, only notifications). `session` carries subscriptions.
   */
  async handle(body: Uint8Array, session?: EthSession): Promise<string | undefined> {
    const first = firstJsonValue(body);
    if (first.kind === 'eof') return undefined;
    if (first.kind === 'error') return errorText(undefined, ETH_PARSE_ERROR, 'parse error');
    const text = first.text.trimStart();
    if (!text.startsWith('[')) {
      const answer = await this.handleMessage(decodeMessage(text), session);
      return answer === undefined ? undefined : goHtmlEscape(answer);
    }
    const elements = rawArrayElements(text);
    if (elements.length === 0) return errorText(undefined, ETH_INVALID_REQUEST, 'empty batch');
    // geth runs a batch's calls one after the other; the answers keep request order
    const answers: string[] = [];
    for (const raw of elements) {
      const answer = await this.handleMessage(decodeMessage(raw), session);
      if (answer !== undefined) answers.push(answer);
    }
    return answers.length === 0 ? undefined : goHtmlEscape(`[${answers.join(',')}]`);
  }

  private async handleMessage(msg: Message, session: EthSession | undefined): Promise<string | undefined> {
    if (isResponse(msg)) return undefined;
    if (isNotification(msg)) {
      await this.call(msg, session);
      return undefined;
    }
    if (isCall(msg)) return this.call(msg, session);
    return errorText(hasValidId(msg) ? msg.id : undefined, ETH_INVALID_REQUEST, 'invalid request');
  }

  private async call(msg: Message, session: EthSession | undefined): Promise<string> {
    const { id, method: name } = msg;
    if (name.endsWith('_subscribe')) return this.subscribe(msg, session);
    if (name.endsWith('_unsubscribe')) return this.unsubscribe(msg, session);
    const sep = name.indexOf('_');
    const namespace = sep < 0 ? '' : name.slice(0, sep);
    const notFound = errorText(id, ETH_METHOD_NOT_FOUND, `the method ${name} does not exist/is not available`);
    if (!this.served.has(namespace)) return notFound;
    if (name === 'rpc_modules') {
      try {
        parsePositional(msg.params, []);
      } catch (e) {
        return errorText(id, ETH_INVALID_PARAMS, (e as Error).message);
      }
      return resultText(id ?? 'null', this.modules());
    }
    const method = this.opts.methods.get(name);
    if (method === undefined) return notFound;
    let args: unknown[];
    try {
      args = parsePositional(msg.params, method.args);
    } catch (e) {
      if (e instanceof ParamsError) return errorText(id, ETH_INVALID_PARAMS, e.message);
      throw e;
    }
    try {
      return resultText(id ?? 'null', await method.run(args));
    } catch (e) {
      if (e instanceof EthRpcError) return errorText(id, e.code, e.message, e.data);
      (this.opts.onCrash ?? defaultCrashReport)(name, e);
      return errorText(id, ETH_DEFAULT_ERROR, 'method handler crashed');
    }
  }

  private subscribe(msg: Message, session: EthSession | undefined): string {
    // geth 1.10.26: -32000 over a transport without notifications
    if (!session) return errorText(msg.id, ETH_DEFAULT_ERROR, 'notifications not supported');
    const params = msg.params?.trim() ?? '';
    if (!params.startsWith('[')) return errorText(msg.id, ETH_INVALID_PARAMS, 'non-array args');
    const [first, ...rest] = rawArrayElements(params);
    if (first === undefined || !first.startsWith('"')) return errorText(msg.id, ETH_INVALID_PARAMS, 'expected subscription name as first argument');
    const kindName = JSON.parse(first) as string;
    const namespace = msg.method.slice(0, msg.method.indexOf('_'));
    const kind = this.served.has(namespace) ? this.opts.subscriptions?.get(namespace)?.get(kindName) : undefined;
    if (!kind) return errorText(msg.id, ETH_METHOD_NOT_FOUND, `no ${JSON.stringify(kindName)} subscription in ${namespace} namespace`);
    let args: unknown[];
    try {
      args = parsePositional(`[${rest.join(',')}]`, kind.args);
    } catch (e) {
      if (e instanceof ParamsError) return errorText(msg.id, ETH_INVALID_PARAMS, e.message);
      throw e;
    }
    const sub = newSubscriptionId();
    // kinds notify from later events (a committed block), so the answer always goes out first
    session.subscriptions.set(sub, kind.start(args, (result) => session.send(notificationText(namespace, sub, result))));
    return resultText(msg.id ?? 'null', sub);
  }

  private unsubscribe(msg: Message, session: EthSession | undefined): string {
    let id: string | undefined;
    try {
      [id] = parsePositional(msg.params, [SUBSCRIPTION_ID]) as [string];
    } catch (e) {
      if (e instanceof ParamsError) return errorText(msg.id, ETH_INVALID_PARAMS, e.message);
      throw e;
    }
    const stop = session?.subscriptions.get(id);
    if (!stop) return errorText(msg.id, ETH_DEFAULT_ERROR, 'subscription not found');
    stop();
    session!.subscriptions.delete(id);
    return resultText(msg.id ?? 'null', true);
  }
}

const SUBSCRIPTION_ID: ArgType<string> = {
  goType: 'rpc.ID',
  decode(raw) {
    if (raw === 'null') return '';
    if (!raw.startsWith('"')) throw new Error(`json: cannot unmarshal ${raw.startsWith('{') ? 'object' : raw.startsWith('[') ? 'array' : 'number'} into Go value of type rpc.ID`);
    return JSON.parse(raw) as string;
  },
};

function defaultCrashReport(method: string, err: unknown): void {
  process.stderr.write(`Ethereum JSON-RPC method ${method} crashed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
}
