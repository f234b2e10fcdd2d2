/**
 * The shape of a module (ARCHITECTURE.md "Layout"): genesis, messages, block hooks and queries,
 * all pure functions over the app state. The App composes modules; nothing else knows their insides.
 */
import type { Draft } from 'immer';
import type { GasMeter } from '../abci/gas.ts';
import type { Codec } from '../codec/registry.ts';
import type { ChainEvent } from '../events/event.ts';
import type { AppState } from './app-state.ts';
import type { BlockInfo, ValidatorUpdate } from './block-info.ts';

/** What a handler, hook or genesis function may use besides the state. */
export interface Ctx {
  readonly block: BlockInfo;
  readonly gas: GasMeter;
  emit(event: ChainEvent): void;
  /** uppercase hex sha256 of the tx bytes, when a message runs inside a tx (pot records it with a report) */
  readonly txHash?: string;
  /**
   * Hands the validator set changes to consensus (staking's EndBlock, and its InitGenesis). Only
   * block hooks and genesis get it; the last call of a block wins.
   */
  readonly setValidatorUpdates?: (updates: readonly ValidatorUpdate[]) => void;
}

/** A message type: who signs it, its stateless checks, and its handler. Types use neutral names. */
export interface MsgSpec<M = any> {
  /** neutral proto name, e.g. `sdk.bank.v1beta1.MsgSend` */
  readonly typeName: string;
  /** neutral proto name of the response put into TxMsgData, e.g. `sdk.bank.v1beta1.MsgSendResponse` */
  readonly responseType: string;
  /** bech32 addresses that must sign, in order (GetSigners) */
  signers(msg: M): string[];
  /** stateless checks (ValidateBasic); throws ChainError */
  validateBasic?(msg: M): void;
  /** applies the message; returns the response message object (or undefined for an empty response) */
  handle(draft: Draft<AppState>, msg: M, ctx: Ctx): unknown;
}

export interface QueryCtx {
  readonly height: bigint;
  /** deterministic encoder for responses that carry Any (accounts, pubkeys) */
  readonly codec: Codec;
}

/** A gRPC-style query method: request object in, response object out; fails with QueryError. */
export interface QuerySpec<Req = any, Res = any> {
  /** neutral full method name, e.g. `sdk.bank.v1beta1.Query/Balance` */
  readonly method: string;
  readonly requestType: string;
  readonly responseType: string;
  run(state: AppState, req: Req, ctx: QueryCtx): Res;
}

export interface Module<G = unknown> {
  readonly name: string;
  defaultGenesis(): G;
  /** throws Error naming the bad field */
  validateGenesis?(genesis: G): void;
  initGenesis(draft: Draft<AppState>, genesis: G, ctx: Ctx): void;
  exportGenesis(state: AppState): G;
  readonly msgs?: readonly MsgSpec[];
  readonly queries?: readonly QuerySpec[];
  beginBlock?(draft: Draft<AppState>, ctx: Ctx): void;
  endBlock?(draft: Draft<AppState>, ctx: Ctx): void;
}

/** The message handlers of a module set by type name (the App's router). */
export function msgSpecsOf(modules: readonly Module[]): Map<string, MsgSpec> {
  return new Map(modules.flatMap((m) => (m.msgs ?? []).map((s) => [s.typeName, s] as const)));
}
