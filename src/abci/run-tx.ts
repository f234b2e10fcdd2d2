/**
 * Txs through the SDK's runTx (v0.47 baseapp): decode, ante, then the messages. A failing message
 * drops everything the messages did, so only the fee and the sequence bump survive; a failing ante
 * leaves no trace at all (ARCHITECTURE.md, property 2).
 *
 * Two ways to get that atomicity from immer, with identical results:
 * - `runTx`: the ante in one `produce`, the messages in a second one over its result;
 * - `runTxsInBlock`: the common case of a block whose txs all succeed runs in ONE `produce`, so
 *   each trie node is copied once per block instead of once per tx. At the first failing tx the
 *   block draft is dropped, the txs before it are re-run in one `produce` (deterministic, so with
 *   the same results), the failing tx goes through `runTx`, and the fast path resumes after it.
 */
import type { Draft, Immer } from 'immer';
import { SdkErrors } from '../errors.ts';
import type { Codec, Any } from '../codec/registry.ts';
import { toAbciEvent, type AbciEvent, type ChainEvent } from '../events/event.ts';
import type { NamingProfile } from '../naming.ts';
import type { AppState } from '../state/app-state.ts';
import type { BlockInfo } from '../state/block-info.ts';
import type { MsgSpec } from '../state/module.ts';
import { runAnte, type MinGasPrices, type RunMode } from './ante.ts';
import { GasMeter } from './gas.ts';
import { asChainError, errorResult, messageLogsText, stringifyEvents, type MessageLog, type TxResult } from './tx-result.ts';
import { buildTxView, type TxView } from './tx-view.ts';
import { encodeTxMsgData, txHash } from '../codec/tx.ts';

export interface TxEnv {
  readonly codec: Codec;
  readonly specs: ReadonlyMap<string, MsgSpec>;
  readonly minGasPrices: MinGasPrices;
  /** decoded txs by hash, shared between CheckTx and FinalizeBlock (a cache, not state) */
  readonly views: ViewCache;
  /** the immer instance (freezing on in development and tests, off in production) */
  readonly immer: Immer;
}

export interface TxOutcome {
  readonly state: AppState;
  readonly result: TxResult;
  /**
   * the typed events behind `result.events`, one for one (`toAbciEvent` of each gives them): the
   * ante's, then each message's when the messages passed; none when the tx failed before its ante
   * passed. Not kept for CheckTx (`check`, `recheck`): `NO_EVENTS` there.
   */
  readonly events: readonly ChainEvent[];
}

/** The typed events of a tx that has none, or whose events were not built (shared, never written). */
export const NO_EVENTS: readonly ChainEvent[] = Object.freeze([]);

/**
 * Decoded tx views by tx hash (sha256 of their bytes); bounded, cleared when full. Also by the very
 * bytes object a view was found for: a tx's bytes pass its admission's signature checks, CheckTx and
 * its block as one object, and each of those used to hash them again only to find the view (tx
 * bytes are never written after they arrive).
 */
export class ViewCache {
  private readonly map = new Map<string, TxView>();
  private readonly byBytes = new WeakMap<Uint8Array, TxView>();
  constructor(private readonly limit = 50_000) {}
  get(key: string): TxView | undefined {
    return this.map.get(key);
  }
  set(key: string, view: TxView): void {
    if (this.map.size >= this.limit) this.map.clear();
    this.map.set(key, view);
  }
  /** The view last found for this bytes object, without hashing it. */
  ofBytes(bytes: Uint8Array): TxView | undefined {
    return this.byBytes.get(bytes);
  }
  rememberBytes(bytes: Uint8Array, view: TxView): void {
    this.byBytes.set(bytes, view);
  }
  /** Forgets a delivered tx's view. */
  forget(bytes: Uint8Array): void {
    const view = this.byBytes.get(bytes);
    this.byBytes.delete(bytes);
    this.map.delete(view?.hash ?? txHash(bytes));
  }
}


/** The module a message belongs to: second dot-segment of its type URL (`/sdk.bank.v1beta1.MsgSend` → `bank`). */
function moduleOf(typeName: string): string {
  return typeName.split('.')[1] ?? '';
}

const UNLIMITED = Number.MAX_SAFE_INTEGER;

/** Decodes (or recalls) a tx; throws the decode or ValidateBasic ChainError. */
export function viewOf(env: TxEnv, txBytes: Uint8Array): TxView {
  let view = env.views.ofBytes(txBytes);
  if (view) return view;
  const key = txHash(txBytes); // the view's own hash too: computed once
  view = env.views.get(key);
  if (!view) {
    view = buildTxView(env.codec, txBytes, env.specs, key);
    env.views.set(key, view);
  }
  env.views.rememberBytes(txBytes, view);
  return view;
}

/** SetUpContextDecorator: an infinite meter when simulating and at genesis (gentxs). */
function gasMeterFor(view: TxView, mode: RunMode, block: BlockInfo): GasMeter {
  const limit = mode === 'simulate' || block.height === 0n || view.gasLimit > BigInt(UNLIMITED) ? UNLIMITED : Number(view.gasLimit);
  return new GasMeter(limit);
}

interface MsgRun {
  /**
   * the tx's typed events: the ante's array, to which each message's events are appended (so a
   * tx's typed events are kept without a copy); the ABCI form of the appended ones goes to `events`
   */
  readonly typed: ChainEvent[];
  readonly events: AbciEvent[];
  /** each message's events (its message log's, made only when read: `successResult`) */
  readonly msgEvents: AbciEvent[][];
  readonly responses: Any[];
  failedIndex: number;
}

/** An event sink that keeps nothing (replay: the stored results are the record). */
const DISCARD = (): void => undefined;

/**
 * Runs every message on the draft; throws at the first failure, leaving `run.failedIndex`. With
 * `record` false (replay) the events, logs and responses are not built: only the state matters.
 */
function runMsgs(env: TxEnv, draft: Draft<AppState>, view: TxView, gas: GasMeter, block: BlockInfo, run: MsgRun, record = true): void {
  const txHash = view.hash;
  const { codec } = env;
  view.messages.forEach((m, i) => {
    run.failedIndex = i;
    if (!record) {
      m.spec.handle(draft, m.value, { block, gas, emit: DISCARD, txHash });
      return;
    }
    const typed = run.typed;
    const start = typed.length;
    typed.push({ type: 'message', data: { action: codec.typeUrl(m.typeName), sender: m.spec.signers(m.value)[0], module: moduleOf(m.typeName) } });
    const response = m.spec.handle(draft, m.value, { block, gas, emit: (e) => typed.push(e), txHash });
    run.responses.push(codec.packAny(m.spec.responseType, response ?? {}));
    const abci = abciEventsOf(typed, start, typed.length, codec.profile);
    run.events.push(...abci);
    run.msgEvents.push(abci);
  });
  run.failedIndex = -1;
}

/** The ABCI form of `typed[from, to)`. */
function abciEventsOf(typed: readonly ChainEvent[], from: number, to: number, profile: NamingProfile): AbciEvent[] {
  const abci: AbciEvent[] = [];
  for (let i = from; i < to; i++) abci.push(toAbciEvent(typed[i]!, profile));
  return abci;
}

/**
 * A delivered tx's result. Its message logs and their text (`log`) are made when read: the block
 * store keeps only the events of a passing tx and derives them on read, so most are never asked for.
 */
function successResult(view: TxView, gas: GasMeter, anteEvents: readonly AbciEvent[], run: MsgRun): TxResult {
  let logs: MessageLog[] | undefined;
  let log: string | undefined;
  const logsOf = () => (logs ??= run.msgEvents.map((events, i) => ({ msg_index: i, log: '', events: stringifyEvents(events) })));
  return {
    code: 0,
    codespace: '',
    get log() {
      return (log ??= messageLogsText(logsOf()));
    },
    info: '',
    gas_wanted: view.gasLimit,
    gas_used: BigInt(gas.consumed),
    events: [...anteEvents, ...run.events],
    data: encodeTxMsgData(run.responses),
    get logs() {
      return logsOf();
    },
  };
}

function msgFailure(e: unknown, index: number): ReturnType<typeof asChainError> {
  const err = asChainError(e);
  // out of gas is a recovered panic in runTx: reported as is, not as a message failure
  if (err.codespace === SdkErrors.OutOfGas.codespace && err.code === SdkErrors.OutOfGas.code) return err;
  return err.wrap(`failed to execute message; message index: ${index}`);
}

/**
 * One tx with two `produce` calls: the per-tx path (CheckTx, simulate, failing txs). `decoded` is
 * its view when the caller has it already (a replay decoded on a worker thread).
 */
export function runTx(env: TxEnv, state: AppState, txBytes: Uint8Array, mode: RunMode, block: BlockInfo, decoded?: TxView): TxOutcome {
  let view: TxView;
  try {
    view = decoded ?? viewOf(env, txBytes);
  } catch (e) {
    return { state, result: errorResult(e, 0n, 0n), events: NO_EVENTS };
  }
  const gas = gasMeterFor(view, mode, block);
  const used = () => BigInt(gas.consumed);
  const anteEvents: ChainEvent[] = [];
  let afterAnte: AppState;
  try {
    afterAnte = env.immer.produce(state, (draft) => {
      runAnte(draft, { tx: view, txSize: txBytes.length, mode, minGasPrices: env.minGasPrices }, { block, gas, emit: (e) => anteEvents.push(e) });
    });
  } catch (e) {
    return { state, result: errorResult(e, view.gasLimit, used()), events: NO_EVENTS };
  }
  if (mode === 'check' || mode === 'recheck') return { state: afterAnte, result: checkedResult(view, gas, anteEvents, env.codec.profile), events: NO_EVENTS };
  const anteCount = anteEvents.length;
  const anteAbci = abciEventsOf(anteEvents, 0, anteCount, env.codec.profile);
  const run: MsgRun = { typed: anteEvents, events: [], msgEvents: [], responses: [], failedIndex: -1 };
  let afterMsgs: AppState;
  try {
    afterMsgs = env.immer.produce(afterAnte, (draft) => runMsgs(env, draft, view, gas, block, run));
  } catch (e) {
    anteEvents.length = anteCount; // a failed message's events are dropped, as its state changes are
    return { state: afterAnte, result: errorResult(msgFailure(e, run.failedIndex), view.gasLimit, used(), anteAbci), events: anteEvents };
  }
  return { state: afterMsgs, result: successResult(view, gas, anteAbci, run), events: anteEvents };
}

class TxFailed extends Error {
  constructor(readonly index: number) {
    super(`tx ${index} failed`);
  }
}

/**
 * Runs ante and messages of one tx on a shared block draft; throws TxFailed on any failure. In
 * `deliver` mode its typed events go to `typed[index]`.
 */
function applyOnDraft(
  env: TxEnv,
  draft: Draft<AppState>,
  txBytes: Uint8Array,
  index: number,
  mode: RunMode,
  block: BlockInfo,
  decoded: TxView | undefined,
  typed: (readonly ChainEvent[])[] | undefined,
): TxResult {
  let view: TxView;
  try {
    view = decoded ?? viewOf(env, txBytes);
  } catch {
    throw new TxFailed(index);
  }
  const gas = gasMeterFor(view, mode, block);
  const anteEvents: ChainEvent[] = [];
  const run: MsgRun = { typed: anteEvents, events: [], msgEvents: [], responses: [], failedIndex: -1 };
  let anteCount = 0;
  const checkOnly = mode === 'check' || mode === 'recheck';
  const record = mode !== 'replay';
  try {
    runAnte(draft, { tx: view, txSize: txBytes.length, mode, minGasPrices: env.minGasPrices }, { block, gas, emit: record ? (e) => anteEvents.push(e) : DISCARD });
    anteCount = anteEvents.length;
    if (!checkOnly) runMsgs(env, draft, view, gas, block, run, record);
  } catch {
    throw new TxFailed(index);
  }
  if (!record) {
    if (typed) typed[index] = NO_EVENTS;
    return replayedResult(view, gas);
  }
  if (checkOnly) return checkedResult(view, gas, anteEvents, env.codec.profile);
  if (typed) typed[index] = anteEvents;
  return successResult(view, gas, abciEventsOf(anteEvents, 0, anteCount, env.codec.profile), run);
}

/**
 * A passing CheckTx: the ante's events, log "[]". The events' ABCI form is made when read: only
 * `broadcast_tx_commit` and `check_tx` show them, while the mempool's admissions and rechecks
 * (`broadcast_tx_sync|async`) answer code, log and hash only.
 */
function checkedResult(view: TxView, gas: GasMeter, anteEvents: readonly ChainEvent[], profile: NamingProfile): TxResult {
  let events: AbciEvent[] | undefined;
  return {
    code: 0,
    codespace: '',
    log: '[]',
    info: '',
    gas_wanted: view.gasLimit,
    gas_used: BigInt(gas.consumed),
    get events() {
      return (events ??= anteEvents.map((e) => toAbciEvent(e, profile)));
    },
    data: new Uint8Array(0),
    logs: [],
  };
}

/**
 * A passing tx in replay: no events, log "" (replay rebuilds state from blocks whose results are
 * stored, and building their events, logs and responses again was about a fifth of its time).
 */
function replayedResult(view: TxView, gas: GasMeter): TxResult {
  return { code: 0, codespace: '', log: '', info: '', gas_wanted: view.gasLimit, gas_used: BigInt(gas.consumed), events: [], data: new Uint8Array(0), logs: [] };
}

/**
 * All txs of a block in order, with the block-level fast path described above; also a batch of
 * CheckTx (`check`/`recheck`: the ante only, on the check state), with the same results as one
 * `runTx` per tx. `views` holds the txs' views where the caller decoded them already (replay).
 * `typed`, when given, receives each tx's typed events at its index (`TxOutcome.events`); a passing
 * tx in replay gets `NO_EVENTS` (replay builds no events for it).
 */
export function runTxsInBlock(
  env: TxEnv,
  state: AppState,
  txs: readonly Uint8Array[],
  mode: 'deliver' | 'replay' | 'check' | 'recheck',
  block: BlockInfo,
  views?: readonly (TxView | undefined)[],
  typed?: (readonly ChainEvent[])[],
): { state: AppState; results: TxResult[] } {
  const results: TxResult[] = [];
  let from = 0;
  while (from < txs.length) {
    const segment: TxResult[] = [];
    try {
      state = env.immer.produce(state, (draft) => {
        for (let i = from; i < txs.length; i++) segment.push(applyOnDraft(env, draft, txs[i]!, i, mode, block, views?.[i], typed));
      });
      results.push(...segment);
      break;
    } catch (e) {
      if (!(e instanceof TxFailed)) throw e;
      const failed = e.index;
      if (failed > from) {
        const again: TxResult[] = [];
        state = env.immer.produce(state, (draft) => {
          for (let i = from; i < failed; i++) again.push(applyOnDraft(env, draft, txs[i]!, i, mode, block, views?.[i], typed));
        });
        results.push(...again);
      }
      const outcome = runTx(env, state, txs[failed]!, mode, block, views?.[failed]);
      state = outcome.state;
      results.push(outcome.result);
      if (typed) typed[failed] = outcome.events;
      from = failed + 1;
    }
  }
  // a delivered tx is not checked again (a rebroadcast fails on its sequence), so its view, which
  // was kept from CheckTx to here, is dropped: the cache then holds about the mempool, not the last
  // tens of thousands of txs (replay would otherwise fill it with txs it never sees again)
  if (mode === 'deliver' || mode === 'replay') txs.forEach((tx, i) => {
    if (!views?.[i]) env.views.forget(tx);
  });
  return { state, results };
}
