/**
 * One consensus RPC method: its arguments (CometBFT's names, order and Go types), whether answers
 * may be cached, and the handler. Handlers throw RpcError for CometBFT's method errors; any other
 * exception is answered as an internal error with its message.
 */
import type { GoJsonValue } from '../../codec/go-json.ts';
import type { Node } from '../../node/node.ts';
import type { ParamSpec, ParamValue } from './params.ts';

export interface RpcContext {
  readonly node: Node;
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
  readonly run: (ctx: RpcContext, args: readonly ParamValue[]) => GoJsonValue | Promise<GoJsonValue>;
}

/** Typed results (interfaces) as the JSON value tree they are. */
export const asJson = (value: unknown): GoJsonValue => value as GoJsonValue;

export const hexUpper = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex').toUpperCase();
