/**
 * The resource node's JSON-RPC 2.0 dispatcher: what the node's fork of go-ethereum's `rpc` package
 * does with one HTTP body or one IPC message (reference §1.1, §1.4): single requests and batches,
 * notifications, `rpc_modules`, geth's error objects and texts, a crashing method answered with
 * -32000 `method handler crashed` instead of taking the node down. The envelope, batch and error
 * rules are the shared ones of src/api/geth-rpc/dispatch.ts; this server's own: a batch's calls run
 * concurrently, only namespaces with methods are served, a method takes ONE parameter object (named
 * by its Go struct in errors), `<ns>_subscribe` finds no subscription (none exist).
 */
import { DEFAULT_ERROR, errorText, GethRpcEngine, GethRpcError, INVALID_PARAMS, jsonKind, METADATA_NAMESPACE, ParamsError, type GethRpcRules, type Message } from '../../api/geth-rpc/dispatch.ts';
import { rawArrayElements } from '../../api/geth-rpc/json-stream.ts';

type Transport = 'http' | 'ipc';

/** A method takes the ONE parameter object (params[0]; `{}` when params is absent/empty) and returns the result object */
export type RpcMethod = (params: Record<string, unknown>, context: { readonly transport: Transport }) => Promise<unknown>;

/**
 * A JSON-RPC error a method wants answered as such (e.g. -32602 for a field of the wrong type);
 * any other exception is a crash (-32000 `method handler crashed`).
 */
export class RpcCallError extends GethRpcError {
  constructor(code: number, message: string) {
    super(code, message);
    this.name = 'RpcCallError';
  }
}

/** geth's error codes, and the metadata namespace every server has (`rpc_modules`) */
export { PARSE_ERROR as RPC_PARSE_ERROR, INVALID_REQUEST as RPC_INVALID_REQUEST, METHOD_NOT_FOUND as RPC_METHOD_NOT_FOUND, INVALID_PARAMS as RPC_INVALID_PARAMS, DEFAULT_ERROR as RPC_DEFAULT_ERROR, METADATA_NAMESPACE as RPC_METADATA_NAMESPACE } from '../../api/geth-rpc/dispatch.ts';

/**
 * How a parameter that is not an object is named in the -32602 text (`invalid argument 0: json:
 * cannot unmarshal string into Go value of type <this>`). The node's methods take Go structs such
 * as `rpc.ParamReqUploadFile`; set `paramType` on a method function to name its struct.
 */
export const DEFAULT_PARAM_TYPE = 'object';

/**
 * Go `parsePositionalArguments` for a method whose one argument is its parameter struct (a
 * pointer: may be left out). Absent, `null` or `[]` params give `{}`.
 */
function parseParams(raw: string | undefined, paramType: string): Record<string, unknown> {
  const text = raw?.trim();
  if (text === undefined || text === '' || text === 'null') return {};
  if (!text.startsWith('[')) throw new ParamsError('non-array args');
  const elements = rawArrayElements(text);
  if (elements.length === 0) return {};
  const first = elements[0]!;
  let value: Record<string, unknown> = {};
  if (first.startsWith('{')) value = JSON.parse(first) as Record<string, unknown>;
  else if (first !== 'null') throw new ParamsError(`invalid argument 0: json: cannot unmarshal ${jsonKind(first)} into Go value of type ${paramType}`);
  if (elements.length > 1) throw new ParamsError('too many arguments, want at most 1');
  return value;
}

export class RpcDispatcher implements GethRpcRules<Transport> {
  readonly batch = 'concurrent';
  readonly served: ReadonlySet<string>;
  private readonly engine = new GethRpcEngine<Transport>(this);

  /** `methods` keyed by full name (`user_requestUpload`); only namespaces in `namespaces` are served (plus `rpc`) */
  constructor(
    private readonly methods: ReadonlyMap<string, RpcMethod>,
    namespaces: readonly string[],
  ) {
    // geth registers a namespace only when it has methods; `rpc` always exists
    const withMethods = new Set([...methods.keys()].map((name) => name.split('_')[0]!));
    this.served = new Set([METADATA_NAMESPACE, ...namespaces.filter((ns) => withMethods.has(ns))]);
  }

  /** `rpc_modules`: each served namespace → "1.0", keys sorted (Go marshals maps sorted). */
  modules(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const ns of [...this.served].sort()) out[ns] = '1.0';
    return out;
  }

  /** One HTTP body or IPC message (single request or batch) → the response text, or undefined when nothing is to be sent (only notifications) */
  handle(body: string, transport: Transport): Promise<string | undefined> {
    return this.engine.handleBody(Buffer.from(body, 'utf8'), transport);
  }

  /** One syntactically valid JSON value (the IPC server frames them) → the response text or undefined. */
  handleValue(text: string, transport: Transport): Promise<string | undefined> {
    return this.engine.handleValue(text, transport);
  }

  bind(name: string, params: string | undefined, transport: Transport): (() => Promise<unknown>) | undefined {
    const method = this.methods.get(name);
    if (method === undefined) return undefined;
    const args = parseParams(params, (method as { paramType?: string }).paramType ?? DEFAULT_PARAM_TYPE);
    return () => method(args, { transport });
  }

  /** HTTP cannot carry notifications */
  carriesNotifications(transport: Transport): boolean {
    return transport !== 'http';
  }

  /** the node's namespaces have no subscriptions */
  subscribe(): undefined {
    return undefined;
  }

  /** `<ns>_unsubscribe`: the argument checked (one `rpc.ID`), then no subscription has it. */
  unsubscribe(msg: Message): string {
    try {
      const args = msg.params?.trim();
      if (args !== undefined && args !== 'null' && !args.startsWith('[')) throw new ParamsError('non-array args');
      const elements = args?.startsWith('[') ? rawArrayElements(args) : [];
      if (elements.length === 0) throw new ParamsError('missing value for required argument 0');
      if (!elements[0]!.startsWith('"') && elements[0] !== 'null') throw new ParamsError(`invalid argument 0: json: cannot unmarshal ${jsonKind(elements[0]!)} into Go value of type rpc.ID`);
      if (elements.length > 1) throw new ParamsError('too many arguments, want at most 1');
    } catch (e) {
      return errorText(msg.id, INVALID_PARAMS, (e as Error).message);
    }
    return errorText(msg.id, DEFAULT_ERROR, 'subscription not found');
  }

  crashed(name: string, e: unknown): void {
    process.stderr.write(`RPC method ${name} crashed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  }
}
