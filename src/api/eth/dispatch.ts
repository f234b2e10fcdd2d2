/**
 * The Ethereum JSON-RPC 2.0 dispatcher, following go-ethereum 1.10.26's `rpc` package (reference
 * B.4): single requests and batches (`empty batch`, `invalid request`), notifications (run, never
 * answered), `parse error` for bad JSON, `the method X does not exist/is not available` for methods
 * outside the served namespaces, positional arguments (src/api/eth/params.ts), `rpc_modules`,
 * `<ns>_subscribe` / `<ns>_unsubscribe` for connections that carry notifications (the websocket),
 * and `method handler crashed` for a method that fails unexpectedly. Answers are Go's JSON (HTML
 * characters escaped), fields in geth's order. The envelope, batch and error rules are the shared
 * ones of src/api/geth-rpc/dispatch.ts; this server's own: a batch's calls run one after the other,
 * every namespace of `json-rpc.api` is served (`rpc_modules` lists those with methods), arguments
 * decode as the methods' Go types, and a session (a websocket) carries subscriptions.
 */
import { randomBytes } from 'node:crypto';
import { DEFAULT_ERROR, errorText, GethRpcEngine, GethRpcError, INVALID_PARAMS, notificationText, ParamsError, resultText, type GethRpcRules, type Message } from '../geth-rpc/dispatch.ts';
import { parsePositional, type ArgType } from './params.ts';

/** A subscription notification (`eth_subscription`). */
export { notificationText };

/** geth's error codes (DEFAULT_ERROR: what geth answers for any error a method returns) */
export { PARSE_ERROR as ETH_PARSE_ERROR, INVALID_REQUEST as ETH_INVALID_REQUEST, METHOD_NOT_FOUND as ETH_METHOD_NOT_FOUND, INVALID_PARAMS as ETH_INVALID_PARAMS, DEFAULT_ERROR as ETH_DEFAULT_ERROR } from '../geth-rpc/dispatch.ts';

/** An error a method answers (geth: an error returned by the handler, code -32000 unless it has its own). */
export class EthRpcError extends GethRpcError {
  constructor(code: number, message: string, data?: unknown) {
    super(code, message, data);
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

export class EthDispatcher implements GethRpcRules<EthSession | undefined> {
  readonly batch = 'sequential';
  readonly served: ReadonlySet<string>;
  private readonly engine = new GethRpcEngine<EthSession | undefined>(this);

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
  handle(body: Uint8Array, session?: EthSession): Promise<string | undefined> {
    return this.engine.handleBody(body, session);
  }

  bind(name: string, params: string | undefined): (() => EthJson | Promise<EthJson>) | undefined {
    const method = this.opts.methods.get(name);
    if (method === undefined) return undefined;
    const args = parsePositional(params, method.args);
    return () => method.run(args);
  }

  /** geth 1.10.26: -32000 `notifications not supported` over a transport without them */
  carriesNotifications(session: EthSession | undefined): boolean {
    return session !== undefined;
  }

  subscribe(msg: Message, namespace: string, kindName: string, rest: readonly string[], session: EthSession | undefined): string | undefined {
    const kind = this.served.has(namespace) ? this.opts.subscriptions?.get(namespace)?.get(kindName) : undefined;
    if (!kind || !session) return undefined;
    let args: unknown[];
    try {
      // geth decodes the kind's name as argument 0, then the kind's own arguments from 1
      args = parsePositional(`[${[JSON.stringify(kindName), ...rest].join(',')}]`, [SUBSCRIPTION_NAME, ...kind.args]).slice(1);
    } catch (e) {
      if (e instanceof ParamsError) return errorText(msg.id, INVALID_PARAMS, e.message);
      throw e;
    }
    const sub = newSubscriptionId();
    let stop: () => void;
    try {
      // kinds notify from later events (a committed block), so the answer always goes out first
      stop = kind.start(args, (result) => session.send(notificationText(namespace, sub, result)));
    } catch (e) {
      // the kind refused (its handler's error)
      if (e instanceof GethRpcError) return errorText(msg.id, e.code, e.message, e.data);
      throw e;
    }
    session.subscriptions.set(sub, stop);
    return resultText(msg.id ?? 'null', sub);
  }

  unsubscribe(msg: Message, session: EthSession | undefined): string {
    let id: string | undefined;
    try {
      [id] = parsePositional(msg.params, [SUBSCRIPTION_ID]) as [string];
    } catch (e) {
      if (e instanceof ParamsError) return errorText(msg.id, INVALID_PARAMS, e.message);
      throw e;
    }
    const stop = session?.subscriptions.get(id);
    if (!stop) return errorText(msg.id, DEFAULT_ERROR, 'subscription not found');
    stop();
    session!.subscriptions.delete(id);
    return resultText(msg.id ?? 'null', true);
  }

  crashed(method: string, err: unknown): void {
    (this.opts.onCrash ?? defaultCrashReport)(method, err);
  }
}

/** The kind's name, already read by the engine (a string). */
const SUBSCRIPTION_NAME: ArgType<string> = { goType: 'string', decode: (raw) => JSON.parse(raw) as string };

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
