/**
 * One consensus RPC method: its arguments (CometBFT's names, order and Go types), whether answers
 * may be cached, and the handler. Handlers throw RpcError for CometBFT's method errors; any other
 * exception is answered as an internal error with its message.
 */
import type { GoJsonValue } from '../../codec/go-json.ts';
import type { Node } from '../../node/node.ts';
import type { EventBus, Subscriber } from './event-bus.ts';
import { RpcError, type RpcId } from './jsonrpc.ts';
import type { ParamSpec, ParamValue } from './params.ts';

export interface RpcContext {
  readonly node: Node;
  /** the event bus of `subscribe` (absent where the server offers no websocket) */
  readonly events?: EventBus;
  /** the websocket connection and the request's id, for the websocket-only methods */
  readonly ws?: { readonly subscriber: Subscriber; readonly requestId: RpcId };
}

export interface Route {
  readonly params: readonly ParamSpec[];
  /**
   * CometBFT's `rpc.Cacheable(args…)`: successful answers carry `Cache-Control: public,
   * max-age=86400`, except when one of the named arguments is absent or zero.
   */
  readonly cacheable?: { readonly unlessZero: readonly string[] };
  /** websocket-only methods (subscribe…): "Method not found" over HTTP */
  readonly wsOnly?: boolean;
  /** served only with `rpc.unsafe` */
  readonly unsafe?: boolean;
  readonly run: (ctx: RpcContext, args: readonly ParamValue[]) => GoJsonValue | Promise<GoJsonValue>;
}

/** Typed results (interfaces) as the JSON value tree they are. */
export const asJson = (value: unknown): GoJsonValue => value as GoJsonValue;

export const hexUpper = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex').toUpperCase();

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Runs a method; any failure becomes the RpcError CometBFT would answer with. */
export async function runRoute(ctx: RpcContext, route: Route, args: readonly ParamValue[]): Promise<{ result: GoJsonValue } | { error: RpcError }> {
  try {
    return { result: await route.run(ctx, args) };
  } catch (e) {
    return { error: e instanceof RpcError ? e : RpcError.internal(message(e)) };
  }
}
