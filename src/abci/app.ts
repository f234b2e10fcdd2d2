/**
 * The application with CometBFT ABCI semantics (Info, InitChain, CheckTx, FinalizeBlock, Commit,
 * Query): a fold of blocks over pure module reducers. It owns no I/O; the node persists what
 * `finalizeBlock` returns and calls `commit`.
 */
import { Immer, type Draft } from 'immer';
import { ChainError, SdkErrors, QueryError, GrpcCode } from '../errors.ts';
import { createCodec, type Codec } from '../codec/registry.ts';
import { printProtoJson } from '../codec/proto-json.ts';
import { appStateNamingEntry, NAMING_GENESIS_KEY, neutralizeGenesisJson, qualifyGenesisJson, routedQueryName } from '../naming.ts';
import { toAbciEvent, type AbciEvent, type ChainEvent } from '../events/event.ts';
import { emptyAppState, type AppState } from '../state/app-state.ts';
import { parseTimeNs, type BlockInfo, type Misbehavior, type ValidatorUpdate, type VoteInfo } from '../state/block-info.ts';
import { genTxBytes, genTxsOf } from './genutil.ts';
import { applyAndReturnValidatorSetUpdates } from '../modules/staking/index.ts';
import { stateDigest } from '../state/canonical.ts';
import { parseGenesisDoc, type GenesisDoc } from '../state/genesis.ts';
import { msgSpecsOf, type Ctx, type Module, type MsgSpec, type QuerySpec } from '../state/module.ts';
import { infiniteGasMeter } from './gas.ts';
import type { MinGasPrices } from './ante.ts';
import { runTx, runTxsInBlock, viewOf, ViewCache, type TxEnv } from './run-tx.ts';
import type { TxResult } from './tx-result.ts';
import { SignedFormSource, viewOfParts, type TxParts } from './tx-view.ts';
import { pendingSignatureChecks } from './preverify.ts';
import { appModules } from './modules.ts';
import { prepForZeroHeightGenesis } from './zero-height.ts';
import { writeValidators, type GenesisSetMember } from '../modules/staking/genesis.ts';
import { GO_ZERO_TIME_NS } from '../modules/staking/redelegation.ts';
import { valHexOf } from '../modules/staking/store.ts';
import type { VerifyPool } from '../crypto/verify-pool.ts';

export interface AppOptions {
  /**
   * the module set, in InitGenesis order; absent: the chain's own, `appModules` of
   * src/abci/modules.ts (its modules and both block orders, unless orders are given here)
   */
  readonly modules?: readonly Module[];
  /** module names in BeginBlock order (reference/chain-semantics.md §0.6); absent: `modules`' order (the chain's order when `modules` is absent) */
  readonly beginBlockOrder?: readonly string[];
  readonly endBlockOrder?: readonly string[];
  readonly codec?: Codec;
  readonly minGasPrices?: MinGasPrices;
  /** how many past states to keep in memory for queries at a height (structurally shared) */
  readonly keepRecent?: number;
  /**
   * Deep-freeze every produced state (immer autoFreeze), so that an accidental mutation outside a
   * reducer throws. On by default except when NODE_ENV=production; it costs about half of a
   * produce (measured: 107 µs vs 51 µs per transfer-sized produce over 100k accounts).
   */
  readonly freezeState?: boolean;
}

export interface FinalizeBlockRequest {
  readonly height: bigint;
  readonly timeNs: bigint;
  readonly proposer: string;
  readonly txs: readonly Uint8Array[];
  /** `decided_last_commit.votes`; undefined when no consensus is modelled (BlockInfo.lastCommit) */
  readonly lastCommit?: readonly VoteInfo[];
  readonly misbehavior?: readonly Misbehavior[];
  /** the block's header in proto-JSON form (staking's historical info) */
  readonly header?: Readonly<Record<string, unknown>>;
  readonly evidenceParams?: BlockInfo['evidenceParams'];
}

/**
 * The typed events of a block (`ChainEvent`, src/events/event.ts: coin amounts as bigint, typed
 * module events with their proto fields as values), each list one for one with the ABCI events
 * made from it (`toAbciEvent(typed[i], profile)` is `abci[i]`). They are the very objects the
 * handlers emitted: do not change them.
 */
export interface TypedBlockEvents {
  readonly beginBlock: readonly ChainEvent[];
  /**
   * `txs[i]`: the events of the block's tx i, behind `txResults[i].events`: the ante's, then each
   * message's if all messages passed; empty for a tx that failed before its ante passed. In
   * `replay` mode a passing tx's list is EMPTY: replay builds no events for it (its stored
   * result is the record, `TxResult.events` is empty too); a failing tx's are there.
   */
  readonly txs: readonly (readonly ChainEvent[])[];
  readonly endBlock: readonly ChainEvent[];
}

export interface FinalizeBlockResponse {
  readonly beginBlockEvents: readonly AbciEvent[];
  readonly txResults: readonly TxResult[];
  readonly endBlockEvents: readonly AbciEvent[];
  /** the typed events the three above are made from */
  readonly typedEvents: TypedBlockEvents;
  /** app hash of the state after this block (reported in the next header) */
  readonly appHash: Uint8Array;
  /** EndBlock's validator set changes (applied by consensus at height + 2) */
  readonly validatorUpdates: readonly ValidatorUpdate[];
}

export interface QueryResponse {
  readonly code: number;
  readonly codespace: string;
  readonly log: string;
  readonly value: Uint8Array;
  readonly height: bigint;
  /**
   * the gRPC status the handler's error is on the node's gRPC server (and so on REST), when the
   * ABCI answer does not spell it: a plain error is Unknown there and ErrInvalidRequest here
   */
  readonly status?: { readonly code: number; readonly message: string };
}

/** ABCI query codes the SDK maps gRPC statuses to (reference/wire-formats.md §4.3). */
function abciCodeOf(grpcCode: number): number {
  if (grpcCode === GrpcCode.NotFound) return SdkErrors.KeyNotFound.code;
  if (grpcCode === GrpcCode.InvalidArgument || grpcCode === GrpcCode.FailedPrecondition) return SdkErrors.InvalidRequest.code;
  if (grpcCode === GrpcCode.Unauthenticated) return SdkErrors.Unauthorized.code;
  return SdkErrors.UnknownRequest.code;
}

const GRPC_NAMES: Record<number, string> = {
  1: 'Canceled', 2: 'Unknown', 3: 'InvalidArgument', 4: 'DeadlineExceeded', 5: 'NotFound', 6: 'AlreadyExists', 7: 'PermissionDenied',
  8: 'ResourceExhausted', 9: 'FailedPrecondition', 10: 'Aborted', 11: 'OutOfRange', 12: 'Unimplemented', 13: 'Internal', 14: 'Unavailable',
  15: 'DataLoss', 16: 'Unauthenticated',
};

const MAX_UINT64 = (1n << 64n) - 1n;

/**
 * The store's error for a height whose state the node no longer keeps (or never had): SDK v0.47
 * `rootmulti.Store.CacheMultiStoreWithVersion` → `iavl.Store.GetImmutable` of a version that does
 * not exist. `CreateQueryContext` puts it in `failed to load state at height %d; %s (latest height: %d)`.
 */
export const IAVL_VERSION_DOES_NOT_EXIST =
  'version mismatch on immutable IAVL tree; version does not exist. Version has either been pruned, or is for a future block height';

/** `CreateQueryContext`'s context text when the state at `height` cannot be loaded. */
export function failedToLoadState(height: bigint, latest: bigint): string {
  return `failed to load state at height ${height}; ${IAVL_VERSION_DOES_NOT_EXIST} (latest height: ${latest})`;
}

/**
 * The answer to a gRPC-style query method that failed with a gRPC status (baseapp
 * `gRPCErrorToSDKError`): the SDK's ABCI code and `rpc error: code = <Name> desc = <text>: <sdk text>`.
 */
export function grpcQueryFailure(grpcCode: number, message: string, height: bigint): QueryResponse {
  return handlerQueryFailure(grpcCode, `rpc error: code = ${GRPC_NAMES[grpcCode] ?? 'Unknown'} desc = ${message}`, height);
}

/** `gRPCErrorToSDKError` of a handler error whose gRPC code is `grpcCode` and whose `Error()` is `errorText`. */
export function handlerQueryFailure(grpcCode: number, errorText: string, height: bigint): QueryResponse {
  const code = abciCodeOf(grpcCode);
  const sdkText = code === 22 ? 'key not found' : code === 18 ? 'invalid request' : code === 4 ? 'unauthorized' : 'unknown request';
  return { code, codespace: 'sdk', log: `${errorText}: ${sdkText}`, value: new Uint8Array(0), height };
}

/** A block time as RFC 3339 UTC with nanoseconds, and the nanoseconds since 1970 it is (for errors). */
export function blockTimeText(ns: bigint): string {
  const frac = (((ns % 1_000_000_000n) + 1_000_000_000n) % 1_000_000_000n).toString().padStart(9, '0');
  const seconds = (ns - BigInt(frac)) / 1_000_000_000n;
  const date = new Date(Number(seconds) * 1000);
  return Number.isNaN(date.getTime()) ? `${ns} ns` : `${date.toISOString().slice(0, 19)}.${frac}Z (${ns} ns)`;
}

/** The module set of an App: the given one, checked, or the chain's (`appModules`). */
function modulesOf(opts: AppOptions): readonly Module[] {
  if (opts === undefined || opts === null) throw new Error('App: options are required ({} runs the chain\'s module set, appModules of src/abci/modules.ts)');
  const modules = opts.modules;
  if (modules === undefined) return appModules.modules;
  if (!Array.isArray(modules) || modules.some((m) => typeof m !== 'object' || m === null || typeof m.name !== 'string')) {
    throw new Error(
      'App: options.modules must be an array of modules; the chain\'s module set is appModules.modules of src/abci/modules.ts ' +
        '(spread appModules into the options for its modules and block orders, or leave modules out to get them)',
    );
  }
  return modules;
}

export class App {
  readonly codec: Codec;
  private readonly modules: readonly Module[];
  private readonly beginOrder: readonly Module[];
  private readonly endOrder: readonly Module[];
  private readonly specs: Map<string, MsgSpec>;
  private readonly queries: Map<string, QuerySpec>;
  private readonly env: TxEnv;
  private readonly keepRecent: number;
  private readonly immer: Immer;

  private chainId = '';
  private committed: AppState = emptyAppState();
  private committedHeight = 0n;
  private committedHash: Uint8Array = new Uint8Array(0);
  private pending: { state: AppState; height: bigint; hash: Uint8Array; timeNs: bigint } | null = null;
  private checkState: AppState = this.committed;
  private readonly history = new Map<bigint, AppState>();
  private pastStates: ((height: bigint) => AppState | undefined) | undefined;
  private genesisValidators: readonly ValidatorUpdate[] = [];

  constructor(opts: AppOptions) {
    this.codec = opts.codec ?? createCodec();
    const modules = modulesOf(opts);
    this.modules = modules;
    const byName = new Map(modules.map((m) => [m.name, m]));
    const order = (names: readonly string[] | undefined) => (names ? names.map((n) => byName.get(n)).filter((m): m is Module => !!m) : modules);
    const chainOrders = opts.modules === undefined ? appModules : undefined;
    this.beginOrder = order(opts.beginBlockOrder ?? chainOrders?.beginBlockOrder);
    this.endOrder = order(opts.endBlockOrder ?? chainOrders?.endBlockOrder);
    this.specs = msgSpecsOf(modules);
    this.queries = new Map(modules.flatMap((m) => (m.queries ?? []).map((q) => [q.method, q] as const)));
    const freezeState = opts.freezeState ?? process.env.NODE_ENV !== 'production';
    this.immer = new Immer({ autoFreeze: freezeState });
    this.env = { codec: this.codec, specs: this.specs, minGasPrices: opts.minGasPrices ?? [], views: new ViewCache(), immer: this.immer };
    this.keepRecent = opts.keepRecent ?? 100;
  }

  /**
   * Whether this App decodes txs as a replay decoder thread would (the chain's own modules and a
   * codec of a naming profile): only then may a replay take the thread's decoding.
   */
  decodesAs(modules: readonly Module[]): boolean {
    return this.modules === modules && this.codec === createCodec(this.codec.profile);
  }

  /** ABCI Info: last committed height and app hash. */
  info(): { lastBlockHeight: bigint; lastBlockAppHash: Uint8Array; chainId: string } {
    return { lastBlockHeight: this.committedHeight, lastBlockAppHash: this.committedHash, chainId: this.chainId };
  }

  get state(): AppState {
    return this.committed;
  }

  get height(): bigint {
    return this.committedHeight;
  }

  /**
   * ABCI InitChain: runs every module's InitGenesis, then delivers the genesis txs (genutil) and
   * takes the validator set from staking; returns the genesis app hash (the set: `initialValidators`).
   */
  initChain(genesis: GenesisDoc | string): Uint8Array {
    const parsed = parseGenesisDoc(genesis);
    // the modules keep neutral words; genutil's txs are decoded by the codec in the chain's words
    const doc = { ...parsed, app_state: neutralizeGenesisJson(this.codec.profile, parsed.app_state, ['genutil', NAMING_GENESIS_KEY]) };
    this.chainId = doc.chain_id;
    const block: BlockInfo = { chainId: doc.chain_id, height: 0n, timeNs: parseTimeNs(doc.genesis_time), proposer: '' };
    let updates: readonly ValidatorUpdate[] = [];
    const ctx = { ...this.blockCtx(block, []), setValidatorUpdates: (u: readonly ValidatorUpdate[]) => void (updates = u) };
    let state = this.immer.produce(emptyAppState(), (draft) => {
      for (const m of this.modules) {
        const g = doc.app_state[m.name] ?? m.defaultGenesis();
        m.validateGenesis?.(g);
        m.initGenesis(draft, g, ctx);
      }
    });
    const genTxs = genTxsOf(doc.app_state);
    if (genTxs.length > 0) {
      genTxs.forEach((json, i) => {
        const outcome = runTx(this.env, state, genTxBytes(this.codec, json, i), 'deliver', block);
        if (outcome.result.code !== 0) throw new Error(`genesis.app_state.genutil.gen_txs[${i}] failed: ${outcome.result.log}`);
        state = outcome.state;
      });
      // genutil: staking's ApplyAndReturnValidatorSetUpdates (the set update alone, not the queues of EndBlock)
      state = this.immer.produce(state, (draft) => void (updates = applyAndReturnValidatorSetUpdates(draft, ctx)));
    }
    this.genesisValidators = updates;
    const hash = this.hashOf(state);
    this.setCommitted(state, BigInt(doc.initial_height) - 1n, hash);
    this.committedTime = undefined; // the first block's time is not bound (see finalizeBlock)
    return hash;
  }

  /** The validator set the last InitChain returned (empty: consensus keeps the genesis file's validators). */
  get initialValidators(): readonly ValidatorUpdate[] {
    return this.genesisValidators;
  }

  /**
   * Restores a committed state (from a snapshot) without running genesis. `timeNs`: the time of the
   * block at `height`, below which `finalizeBlock` refuses the next block's; absent: the bound is
   * left as it was.
   */
  restore(state: AppState, height: bigint, chainId: string, timeNs?: bigint): void {
    this.chainId = chainId;
    this.setCommitted(state, height, this.hashOf(state));
    if (timeNs !== undefined) this.committedTime = { ns: timeNs, what: `the time of block ${height}` };
  }

  /** ABCI CheckTx: the ante chain against the check state, which keeps the sequence bumps of accepted txs. */
  checkTx(txBytes: Uint8Array, recheck = false): TxResult {
    const block = this.nextBlockInfo(this.lastTimeNs);
    const outcome = runTx(this.env, this.checkState, txBytes, recheck ? 'recheck' : 'check', block);
    if (outcome.result.code === 0) this.checkState = outcome.state;
    return outcome.result;
  }

  /**
   * Checks the signatures of `txs` on the pool's threads ahead of their CheckTx (mempool
   * admission of a batch); CheckTx then skips the checks that passed. Results are the same with or
   * without this call (src/abci/preverify.ts).
   */
  async preverify(txs: readonly Uint8Array[], pool: VerifyPool): Promise<void> {
    const pending = pendingSignatureChecks(this.env, this.checkState, txs, this.nextBlockInfo(this.lastTimeNs));
    pending.record(await pool.verify(pending.checks));
  }

  /**
   * CheckTx of a batch (mempool admission of several txs, or the recheck of the mempool after a
   * block): the same results, and the same check state, as `checkTx` on each in order, with one
   * state copy per batch instead of per tx.
   */
  checkTxs(txs: readonly Uint8Array[], recheck = false): TxResult[] {
    const { state, results } = runTxsInBlock(this.env, this.checkState, txs, recheck ? 'recheck' : 'check', this.nextBlockInfo(this.lastTimeNs));
    this.checkState = state;
    return results;
  }

  /** CheckTx whose effect on the check state is discarded (CometBFT's `check_tx` RPC). */
  simulateCheck(txBytes: Uint8Array): TxResult {
    return runTx(this.env, this.checkState, txBytes, 'check', this.nextBlockInfo(this.lastTimeNs)).result;
  }

  /**
   * Runs a tx against the check state (which holds the sequence bumps of txs already in the
   * mempool, as in SDK v0.47) without keeping anything (`--gas auto`, `--dry-run`). Gas wanted is
   * the infinite meter's limit, 2^64 − 1, as the SDK reports it.
   */
  simulate(txBytes: Uint8Array): TxResult {
    const r = runTx(this.env, this.checkState, txBytes, 'simulate', this.nextBlockInfo(this.lastTimeNs)).result;
    // the ante's SetUpContextDecorator gives a simulation its infinite gas meter (limit MaxUint64);
    // a tx that fails before the ante (decoding, ValidateBasic) reports the gas wanted it had: 0
    return { ...r, gas_wanted: this.decodes(txBytes) ? MAX_UINT64 : 0n };
  }

  /** Whether a tx decodes and passes ValidateBasic (the steps before the ante). */
  private decodes(txBytes: Uint8Array): boolean {
    try {
      viewOf(this.env, txBytes);
      return true;
    } catch {
      return false;
    }
  }

  private lastTimeNs = 0n;
  /**
   * The time of the last committed block (after a `restore` given it, the restored block's);
   * undefined before the first block. No block may be earlier (`finalizeBlock`).
   */
  private committedTime: { readonly ns: bigint; readonly what: string } | undefined;

  /**
   * ABCI FinalizeBlock: begin-block hooks, each tx, end-block hooks; the result is pending until
   * commit. In `replay` mode (rebuilding state from stored blocks) signatures are not checked and
   * the results of passing txs carry only their code and gas: the stored results are the record
   * (and their typed events are not built: `TypedBlockEvents.txs`).
   * `decoded` holds the txs' decoded parts where the caller has them (a replay decoded on a
   * worker, src/abci/replay-decoder.ts); the others are decoded here.
   *
   * A block time earlier than the last committed block's is refused, changing nothing: CometBFT's
   * block times never go back. An equal time is accepted (the scenario runner's virtual clock makes
   * one when `block_interval` is a third of the epoch). The first block's time is not compared
   * with the genesis time (CometBFT gives it the genesis time), because callers of this library
   * count virtual time from 0 or 1 ns whatever the genesis says (the property tests, the module
   * tests). A replay re-runs stored blocks as they are, unchecked.
   */
  finalizeBlock(req: FinalizeBlockRequest, mode: 'deliver' | 'replay' = 'deliver', decoded?: readonly (TxParts | null)[]): FinalizeBlockResponse {
    if (req.height !== this.committedHeight + 1n) {
      throw new Error(`finalizeBlock: expected height ${this.committedHeight + 1n}, got ${req.height}`);
    }
    const floor = this.committedTime;
    if (mode === 'deliver' && floor !== undefined && req.timeNs < floor.ns) {
      throw new Error(`finalizeBlock: block ${req.height}'s time ${blockTimeText(req.timeNs)} is earlier than ${floor.what}, ${blockTimeText(floor.ns)}: block times never go back`);
    }
    const block: BlockInfo = {
      chainId: this.chainId,
      height: req.height,
      timeNs: req.timeNs,
      proposer: req.proposer,
      ...(req.lastCommit ? { lastCommit: req.lastCommit } : {}),
      ...(req.misbehavior ? { misbehavior: req.misbehavior } : {}),
      ...(req.header ? { header: req.header } : {}),
      ...(req.evidenceParams ? { evidenceParams: req.evidenceParams } : {}),
    };
    let state = this.committed;
    const beginEvents: ChainEvent[] = [];
    state = this.immer.produce(state, (draft) => {
      const ctx = this.blockCtx(block, beginEvents);
      for (const m of this.beginOrder) m.beginBlock?.(draft, ctx);
    });
    const views = decoded?.map((parts, i) => (parts ? viewOfParts(this.codec, parts, this.specs, new SignedFormSource(this.codec, req.txs[i]!)) : undefined));
    const txEvents: (readonly ChainEvent[])[] = [];
    const delivered = runTxsInBlock(this.env, state, req.txs, mode, block, views, txEvents);
    state = delivered.state;
    const txResults = delivered.results;
    const endEvents: ChainEvent[] = [];
    let validatorUpdates: readonly ValidatorUpdate[] = [];
    state = this.immer.produce(state, (draft) => {
      const ctx: Ctx = { ...this.blockCtx(block, endEvents), setValidatorUpdates: (u) => void (validatorUpdates = u) };
      for (const m of this.endOrder) m.endBlock?.(draft, ctx);
    });
    const appHash = this.hashOf(state);
    this.pending = { state, height: req.height, hash: appHash, timeNs: req.timeNs };
    this.lastTimeNs = req.timeNs;
    const profile = this.codec.profile;
    return {
      beginBlockEvents: beginEvents.map((e) => toAbciEvent(e, profile)),
      txResults,
      endBlockEvents: endEvents.map((e) => toAbciEvent(e, profile)),
      typedEvents: { beginBlock: beginEvents, txs: txEvents, endBlock: endEvents },
      appHash,
      validatorUpdates,
    };
  }

  /** ABCI Commit: the pending state becomes the committed one; the check state is reset to it. */
  commit(): { height: bigint; appHash: Uint8Array } {
    if (!this.pending) throw new Error('commit: no finalized block to commit');
    const { state, height, hash, timeNs } = this.pending;
    this.pending = null;
    this.setCommitted(state, height, hash);
    this.committedTime = { ns: timeNs, what: `block ${height}'s time` };
    return { height, appHash: hash };
  }

  /** The state of the finalized, not yet committed block (for a snapshot written with it). */
  get pendingState(): AppState | undefined {
    return this.pending?.state;
  }

  /** Drops a finalized block that will not be committed (halt-height, crash simulation). */
  abandonPending(): void {
    this.pending = null;
  }

  /**
   * The state at a height still kept: in memory, or a past state the source set by
   * `keepPastStates` reads back (a snapshot on disk); undefined when neither has it.
   */
  stateAt(height: bigint): AppState | undefined {
    if (height === 0n || height === this.committedHeight) return this.committed;
    return this.history.get(height) ?? (height > 0n && height < this.committedHeight ? this.pastStates?.(height) : undefined);
  }

  /** Where the states older than the ones kept in memory come from (`ChainOptions.keepEvery`). */
  keepPastStates(source: (height: bigint) => AppState | undefined): void {
    this.pastStates = source;
  }

  /**
   * ABCI Query over gRPC-style paths (`/sdk.bank.v1beta1.Query/Balance`, neutral or profile words):
   * protobuf request in, protobuf response out. Errors carry the SDK's ABCI codes.
   */
  query(path: string, data: Uint8Array, height = 0n): QueryResponse {
    const at = height === 0n ? this.committedHeight : height;
    const fail = (code: number, log: string, codespace = 'sdk'): QueryResponse => ({ code, codespace, log, value: new Uint8Array(0), height: at });
    const bare = path.replace(/^\//, '');
    // in the chain's words (a real chain refuses `/sdk.tx.v1beta1.Service/Simulate` as an unknown path)
    if (routedQueryName(this.codec.profile, bare) === 'sdk.tx.v1beta1.Service/Simulate') return this.simulateQuery(data, at);
    if (bare === 'app' || bare.startsWith('app/')) return this.appQuery(bare.split('/'), data, height);
    const spec = this.querySpec(path);
    if (!spec) return fail(SdkErrors.UnknownRequest.code, `unknown query path: ${path}: ${SdkErrors.UnknownRequest.text}`);
    const refused = this.refuseQueryHeight(height);
    if (refused) return refused;
    const state = this.stateAt(at);
    if (!state) return fail(SdkErrors.InvalidRequest.code, `${failedToLoadState(at, this.committedHeight)}: ${SdkErrors.InvalidRequest.text}`);
    let request: unknown;
    try {
      request = this.codec.decode(spec.requestType, data);
    } catch (e) {
      return fail(SdkErrors.InvalidRequest.code, `${(e as Error).message}: ${SdkErrors.InvalidRequest.text}`);
    }
    try {
      const response = spec.run(state, request, { height: at, codec: this.codec });
      return { code: 0, codespace: '', log: '', value: this.codec.encode(spec.responseType, response), height: at };
    } catch (e) {
      // a plain error (a bad bech32 address) is no gRPC status: baseapp's gRPCErrorToSDKError wraps it
      // in ErrInvalidRequest; a status keeps its code's mapping (registered SDK errors carry Unknown)
      if (e instanceof QueryError && e.plain) return { ...fail(SdkErrors.InvalidRequest.code, `${e.message}: ${SdkErrors.InvalidRequest.text}`), status: { code: e.grpcCode, message: e.message } };
      // anything else a handler throws is a bug, the Go handler's panic: BaseApp.Query recovers it as
      // ErrPanic (the log unredacted, as a tx's recovered panic); gRPC and REST keep it Unknown
      if (!(e instanceof QueryError) && !(e instanceof ChainError)) {
        const text = e instanceof Error ? e.message : String(e);
        return { ...fail(SdkErrors.Panic.code, `${text}: ${SdkErrors.Panic.text}`, SdkErrors.Panic.codespace), status: { code: GrpcCode.Unknown, message: text } };
      }
      const err = e instanceof QueryError ? e : new QueryError(GrpcCode.Unknown, e.message);
      // a registered SDK error: its Error() is not its status text, which gRPC and REST show
      if (err.goText !== undefined) return { ...handlerQueryFailure(err.grpcCode, err.goText, at), status: { code: err.grpcCode, message: err.message } };
      return grpcQueryFailure(err.grpcCode, err.message, at);
    }
  }

  /** `query`'s refusal of a height (negative, or after the last committed block); undefined when it can be served. */
  refuseQueryHeight(height: bigint): QueryResponse | undefined {
    const at = height === 0n ? this.committedHeight : height;
    const fail = (code: number, log: string): QueryResponse => ({ code, codespace: 'sdk', log, value: new Uint8Array(0), height: at });
    if (height < 0n) return fail(SdkErrors.InvalidRequest.code, `cannot query with height < 0; please provide a valid height: ${SdkErrors.InvalidRequest.text}`);
    if (at > this.committedHeight) return fail(SdkErrors.InvalidHeight.code, `cannot query with height in the future; please provide a valid height: ${SdkErrors.InvalidHeight.text}`);
    return undefined;
  }

  /**
   * `sdk.tx.v1beta1.Service/Simulate` through abci_query (what cosmjs and `--gas auto` call):
   * a failing simulation is gRPC Unknown with the SDK's "With gas wanted" text (ABCI code 6).
   */
  private simulateQuery(data: Uint8Array, height: bigint): QueryResponse {
    const fail = (code: number, log: string): QueryResponse => ({ code, codespace: 'sdk', log, value: new Uint8Array(0), height });
    let req: { tx: { body: unknown; auth_info: unknown; signatures: Uint8Array[] } | null; tx_bytes: Uint8Array };
    try {
      req = this.codec.decode('sdk.tx.v1beta1.SimulateRequest', data) as typeof req;
    } catch (e) {
      return fail(SdkErrors.InvalidRequest.code, `${(e as Error).message}: invalid request`);
    }
    let txBytes = req.tx_bytes;
    if (txBytes.length === 0 && req.tx) {
      txBytes = this.codec.encode('sdk.tx.v1beta1.TxRaw', {
        body_bytes: this.codec.encode('sdk.tx.v1beta1.TxBody', req.tx.body ?? {}),
        auth_info_bytes: this.codec.encode('sdk.tx.v1beta1.AuthInfo', req.tx.auth_info ?? {}),
        signatures: req.tx.signatures,
      });
    }
    if (txBytes.length === 0) return fail(SdkErrors.InvalidRequest.code, 'rpc error: code = InvalidArgument desc = empty txBytes is not allowed: invalid request');
    const r = this.simulate(txBytes);
    if (r.code !== 0) {
      return fail(SdkErrors.UnknownRequest.code, `rpc error: code = Unknown desc = ${r.log} With gas wanted: '${r.gas_wanted}' and gas used: '${r.gas_used}' : unknown request`);
    }
    const value = this.codec.encode('sdk.tx.v1beta1.SimulateResponse', this.simulationResponse(r));
    return { code: 0, codespace: '', log: '', value, height };
  }

  /**
   * baseapp's `/app/…` queries (`handleQueryApp`): `/app/simulate` runs the tx bytes of `data` as
   * Simulate does and answers the SimulationResponse as proto-JSON (`codec.ProtoMarshalJSON`);
   * `/app/version` the app's version, as abci_info reports it (none: the value is empty). The
   * height is the request's.
   */
  private appQuery(path: readonly string[], data: Uint8Array, height: bigint): QueryResponse {
    const fail = (code: number, log: string, codespace = 'sdk'): QueryResponse => ({ code, codespace, log, value: new Uint8Array(0), height: 0n });
    if (path.length < 2) return fail(SdkErrors.UnknownRequest.code, `expected second parameter to be either 'simulate' or 'version', neither was present: ${SdkErrors.UnknownRequest.text}`);
    const ok = (value: Uint8Array): QueryResponse => ({ code: 0, codespace: 'sdk', log: '', value, height });
    if (path[1] === 'version') return ok(new Uint8Array(0));
    if (path[1] !== 'simulate') return fail(SdkErrors.UnknownRequest.code, `unknown query: [${path.join(' ')}]: ${SdkErrors.UnknownRequest.text}`);
    const r = this.simulate(data);
    if (r.code !== 0) return fail(r.code, `failed to simulate tx: ${r.log}`, r.codespace);
    return ok(new TextEncoder().encode(printProtoJson('sdk.base.abci.v1beta1.SimulationResponse', this.simulationResponse(r), { codec: this.codec })));
  }

  /** A successful simulation as the SDK answers it: `{gas_info, result}` (SimulateResponse, SimulationResponse). */
  private simulationResponse(r: TxResult) {
    const msgResponses = (this.codec.decode('sdk.base.abci.v1beta1.TxMsgData', r.data) as { msg_responses: unknown[] }).msg_responses;
    return {
      gas_info: { gas_wanted: r.gas_wanted, gas_used: r.gas_used },
      result: { data: r.data, log: r.log, events: r.events.map((e) => ({ type: e.type, attributes: e.attributes.map((a) => ({ ...a })) })), msg_responses: msgResponses },
    };
  }

  /**
   * The query method of a gRPC path in the chain's words, or on a neutral chain also in the real
   * network's (`/cosmos.bank.v1beta1.Query/Balance`), so that clients built for the real chain can
   * query (`routedQueryName`); a real chain answers a neutral path as an unknown one.
   */
  private querySpec(path: string): QuerySpec | undefined {
    const name = routedQueryName(this.codec.profile, path.replace(/^\//, ''));
    return name === undefined ? undefined : this.queries.get(name);
  }

  /** Runs a query method directly on an object request (for in-process adapters). */
  queryObject(method: string, request: unknown, height = 0n): unknown {
    const spec = this.queries.get(method);
    if (!spec) throw new QueryError(GrpcCode.Unimplemented, `unknown method ${method}`);
    const at = height === 0n ? this.committedHeight : height;
    const state = this.stateAt(at);
    if (!state) throw QueryError.invalidArgument(failedToLoadState(at, this.committedHeight));
    return spec.run(state, this.codec.create(spec.requestType, request as Record<string, unknown>), { height: at, codec: this.codec });
  }

  /** Module genesis of the committed state. */
  exportGenesis(state: AppState = this.committed): Record<string, unknown> {
    const profile = this.codec.profile;
    const modules = Object.fromEntries(this.modules.map((m) => [m.name, m.exportGenesis(state)]));
    const naming = appStateNamingEntry(profile);
    return naming ? { ...qualifyGenesisJson(profile, modules, ['genutil']), [NAMING_GENESIS_KEY]: naming } : modules;
  }

  /**
   * `ExportAppStateAndValidators` (`chaind export`): the modules' genesis of the committed state and
   * staking's last bonded set (`WriteValidators`). With `forZeroHeight`, of the state after
   * `prepForZeroHeightGenesis` (src/abci/zero-height.ts), made on a copy: the committed state stays.
   * `jailAllowedAddrs`: operator addresses (`stvaloper1…`); with zero height, every other validator
   * is jailed when the list is not empty.
   */
  exportAppStateAndValidators(opts: { readonly forZeroHeight?: boolean; readonly jailAllowedAddrs?: readonly string[] } = {}): {
    appState: Record<string, unknown>;
    validators: GenesisSetMember[];
  } {
    let state = this.committed;
    if (opts.forZeroHeight) {
      // the real node's export context: the last height, Go's zero time, no chain id; events dropped
      const ctx: Ctx = { block: { chainId: '', height: this.committedHeight, timeNs: GO_ZERO_TIME_NS, proposer: '' }, gas: infiniteGasMeter(), emit: () => {} };
      const allowed = new Set((opts.jailAllowedAddrs ?? []).map(valHexOf));
      state = this.immer.produce(state, (draft) => prepForZeroHeightGenesis(draft, allowed, ctx));
    }
    return { appState: this.exportGenesis(state), validators: writeValidators(state) };
  }

  private setCommitted(state: AppState, height: bigint, hash: Uint8Array): void {
    this.committed = state;
    this.committedHeight = height;
    this.committedHash = hash;
    this.checkState = state;
    this.history.set(height, state);
    for (const h of this.history.keys()) if (h <= height - BigInt(this.keepRecent)) this.history.delete(h);
  }

  private hashOf(state: AppState): Uint8Array {
    return Buffer.from(stateDigest(state), 'hex');
  }

  private nextBlockInfo(timeNs: bigint): BlockInfo {
    return { chainId: this.chainId, height: this.committedHeight + 1n, timeNs, proposer: '' };
  }

  private blockCtx(block: BlockInfo, sink: ChainEvent[]): Ctx {
    return { block, gas: infiniteGasMeter(), emit: (e) => sink.push(e) };
  }
}

export type { Draft };
