/**
 * The chain as a fold over its block log: the App (pure reducers) plus the SQLite block store and
 * the RxJS stream of committed blocks. `commitBlock` finalizes, persists (one SQLite transaction)
 * and commits; `open` restores from the newest snapshot and replays the blocks after it,
 * checking every stored app hash (ARCHITECTURE.md "The one idea").
 */
import { Subject } from 'rxjs';
import { sha256 } from '@noble/hashes/sha2.js';
import { App, blockTimeText, type AppOptions, type TypedBlockEvents } from './app.ts';
import { MODULES } from './modules.ts';
import { ReplayDecoder } from './replay-decoder.ts';
import { BlockStore, type BlockRecord, type StateSnapshot, type TxRecord } from '../events/block-store.ts';
import { txHash } from '../codec/tx.ts';
import { serializeState } from '../state/canonical.ts';
import { restoreSnapshot } from '../state/snapshot-delta.ts';
import { SnapshotJob, type SnapshotBase } from '../state/snapshot-job.ts';
import { reviveAppState, type AppState } from '../state/app-state.ts';
import type { AbciEvent, ChainEvent } from '../events/event.ts';
import type { TxResult } from './tx-result.ts';
import { parseGenesisDoc, type GenesisDoc } from '../state/genesis.ts';
import { parseTimeNs, type Misbehavior, type ValidatorUpdate, type VoteInfo } from '../state/block-info.ts';
import { consensusRecord, finalizeInputsOf, validatorUpdatesOf } from './consensus-record.ts';
import { createCodec, type Codec } from '../codec/registry.ts';
import { profileOfAppState } from '../naming.ts';

/**
 * The codec of a chain: the naming profile its genesis records (`app_state.naming`, src/naming.ts),
 * so that InitChain, every block and every replay decode in the same words. A codec given in the
 * options must agree with it.
 */
function chainCodec(genesis: GenesisDoc | undefined, given: Codec | undefined, where: string): Codec {
  if (genesis === undefined) return given ?? createCodec();
  const profile = profileOfAppState(genesis.app_state);
  if (given && given.profile !== profile) {
    throw new Error(`naming profile mismatch: ${where} records the ${profile.name} naming profile, the app was given the ${given.profile.name} one`);
  }
  return given ?? createCodec(profile);
}

export interface CommittedBlock {
  readonly height: bigint;
  readonly timeNs: bigint;
  readonly hash: Uint8Array;
  readonly appHash: Uint8Array;
  readonly txs: readonly TxRecord[];
  readonly beginBlockEvents: readonly AbciEvent[];
  readonly endBlockEvents: readonly AbciEvent[];
}

/**
 * A committed block's typed events (`Chain.events$`): the `ChainEvent`s (src/events/event.ts) the
 * block's ABCI events are made from, coin amounts as bigint and typed module events with their
 * proto fields as values (not the JSON text of their ABCI attributes). Each list is one for one
 * with its ABCI form: `toAbciEvent(e, profile)` of `beginBlock[i]` is `block.beginBlockEvents[i]`,
 * of `txs[t].events[i]` is `block.txs[t].result.events[i]`. They are the very objects the handlers
 * emitted, not copies: do not change them.
 *
 * Only blocks run by `Chain.commitBlock` while `events$` has a subscriber are emitted. A replay (`Chain.open` on a stored chain,
 * `replayStored`) emits nothing, and would have no typed events for its passing txs anyway: replay
 * builds none (their stored results are the record), see `TypedBlockEvents.txs`.
 */
export interface BlockEvents {
  /** the block as `blocks$` emitted it (height, time, hashes, the txs' records and ABCI results) */
  readonly block: CommittedBlock;
  /** BeginBlock's events, in the block-hook order */
  readonly beginBlock: readonly ChainEvent[];
  /** each tx's, in block order: `txs[i]` is the block's tx i */
  readonly txs: readonly TxEvents[];
  /** EndBlock's events, in the block-hook order */
  readonly endBlock: readonly ChainEvent[];
}

/** One tx's typed events (`BlockEvents.txs`). */
export interface TxEvents {
  /** its index in the block */
  readonly index: number;
  /** its result code (0: passed) and codespace */
  readonly code: number;
  readonly codespace: string;
  /**
   * the ante's events (fee, sequence, signature), then each message's (a `message` event, then what
   * its handler emitted) when every message passed; when a message failed only the ante's (the
   * SDK's behaviour), when the ante failed or the tx did not decode none
   */
  readonly events: readonly ChainEvent[];
  /** the tx's record, as in `block.txs[index]` (hash, bytes, ABCI result) */
  readonly tx: TxRecord;
}

/** Everything about a block the consensus side decides: header fields, proposer, commits. */
export interface BlockMeta {
  /** stored in the block's `header` column (the consensus engine's JSON, e.g. StoredHeader) */
  readonly header: unknown;
  /** the previous block's commit, carried in this block */
  readonly lastCommit: unknown;
  readonly hash: Uint8Array;
  /** uppercase hex consensus address of the proposer */
  readonly proposer: string;
  /** FinalizeBlock's consensus inputs (votes of the last commit, evidence, header), when an engine models them */
  readonly consensus?: ConsensusInputs;
}

export interface ConsensusInputs {
  readonly votes: readonly VoteInfo[];
  readonly misbehavior: readonly Misbehavior[];
  readonly header?: Readonly<Record<string, unknown>>;
}

export interface BlockMetaInput {
  readonly chainId: string;
  readonly height: bigint;
  readonly timeNs: bigint;
  readonly txs: readonly Uint8Array[];
  /** app hash after the previous block (genesis app hash at the first block) */
  readonly lastAppHash: Uint8Array;
  /** the previous block as stored, undefined at the first block */
  readonly lastBlock: BlockRecord | undefined;
  /** results of the previous block's txs (for last_results_hash) */
  readonly lastResults: readonly TxResult[];
  /** the validator set InitChain returned (empty: the genesis file's validators) */
  readonly initialValidators: readonly ValidatorUpdate[];
}

/** Builds header, commit and block hash for a block (the in-process consensus engine supplies one). */
export type BlockMetaBuilder = (input: BlockMetaInput) => BlockMeta;

/** A minimal header when no consensus engine is attached (tests, benchmarks, replays). */
export const plainBlockMeta: BlockMetaBuilder = ({ height, timeNs, txs, lastAppHash, chainId, lastBlock }) => {
  const header = {
    chain_id: chainId,
    height: height.toString(),
    time_ns: timeNs.toString(),
    app_hash: Buffer.from(lastAppHash).toString('hex'),
    last_block_hash: lastBlock ? Buffer.from(lastBlock.hash).toString('hex') : '',
    tx_hashes: txs.map(txHash),
  };
  return { header, lastCommit: null, hash: sha256(Buffer.from(JSON.stringify(header))), proposer: '' };
};

export interface ChainOptions extends AppOptions {
  /** SQLite path; ':memory:' for a throwaway chain */
  readonly dbPath: string;
  /** a state snapshot every N blocks (0 = only at genesis) */
  readonly snapshotInterval?: number;
  /**
   * make each snapshot in slices of about this many ms, one with each following block, and write
   * it with the block during which it is done (`SnapshotJob`); 0 or absent: at once, with its own
   * block
   */
  readonly snapshotSliceMs?: number;
  /**
   * write up to this many snapshots in a row as deltas from the one before (`snapshot-delta.ts`),
   * then a whole one; 0 or absent: every snapshot whole
   */
  readonly snapshotDeltas?: number;
  readonly blockMeta?: BlockMetaBuilder;
  /** on reopen, replay stored blocks only up to this height (the rest with `replayStored`) */
  readonly replayUpTo?: bigint;
  /** persist blocks on a writer thread (`BlockStoreOptions.writeBehind`); `blocks$` reports a block once it is written */
  readonly writeBehind?: boolean;
  /**
   * a replay of at least this many txs decodes its blocks on a worker thread
   * (src/abci/replay-decoder.ts): 5000 by default (a worker takes about half a second to start);
   * Infinity never. Only a chain with the standard modules in a database file can.
   */
  readonly replayDecoderMinTxs?: number;
  /**
   * also answer queries at the heights that are multiples of this, older than `keepRecent`, from
   * their state snapshots on disk (pruning's keep-every); 0 or absent: none
   */
  readonly keepEvery?: number;
  /**
   * answer queries at any older height whose blocks the store still holds, by rebuilding its state
   * from the snapshot at or below it and the blocks after (an archive node: pruning `nothing`)
   */
  readonly rebuildPastStates?: boolean;
}

/** What the last replay did (`Chain.lastReplay`). */
export interface ReplayStats {
  readonly blocks: number;
  readonly txs: number;
  /** blocks whose txs the replay decoder thread decoded (the others were decoded on this thread) */
  readonly decodedOnWorker: number;
  readonly ms: number;
}

/**
 * The version of the app-hash definition (src/state/canonical.ts) a chain's stored app hashes
 * follow, kept in the store's meta table: a replay under another definition could only fail.
 * 1: every object hashed separately (before trie leaves hashed their entries whole); 2: before the
 * staking family's slices (staking, distribution, slashing, mint, evidence); 3: sds files keyed by their hash's bytes alone and pot's per-epoch records in plain objects; 4: now.
 */
export const STATE_FORMAT = '4';

export class ReplayMismatchError extends Error {
  constructor(readonly height: bigint, expected: string, got: string) {
    super(`replay: app hash mismatch at height ${height}: stored ${expected}, recomputed ${got}`);
    this.name = 'ReplayMismatchError';
  }
}

export class Chain {
  readonly app: App;
  readonly store: BlockStore;
  readonly blocks$ = new Subject<CommittedBlock>();
  /**
   * The typed events of each committed block (`BlockEvents`), emitted right after the block on
   * `blocks$`, in height order: once it is written and committed. Only blocks committed while it
   * has a subscriber are emitted: without one, `commitBlock` keeps no typed events (they are
   * garbage once it returns) and makes no entries. Completes with `blocks$` at `close`.
   */
  readonly events$ = new Subject<BlockEvents>();
  private readonly snapshotInterval: number;
  private readonly snapshotSliceMs: number;
  private readonly snapshotDeltas: number;
  /** the snapshot being made in slices, if any */
  private snapshotJob: SnapshotJob | undefined;
  /** the state of the newest snapshot made (or restored), from which the next may be a delta */
  private snapshotBase: SnapshotBase | undefined;
  /** how many deltas lead from the newest whole snapshot to `snapshotBase` */
  private deltasSinceWhole = 0;
  private readonly blockMeta: BlockMetaBuilder;
  private readonly replayDecoderMinTxs: number;
  /** the last replay (at open or `replayStored`), if any */
  lastReplay: ReplayStats | undefined;
  private lastTimeNs = 0n;
  /** the genesis document, parsed once (at open when it is given, at the first read when it is stored) */
  private genesisDoc: GenesisDoc | undefined;
  /** the stored genesis (or the given one for a new store), parsed once at open for the naming profile and `load` */
  private openingGenesis: GenesisDoc | undefined;
  private genesisParams: GenesisDoc['consensus_params'] | undefined;
  /** the genesis's initial height: the height of the chain's first block */
  private initialHeight = 1n;
  /** blocks to emit on `blocks$` and `events$` (`report`) */
  private readonly reportQueue: { readonly block: CommittedBlock; readonly typed: TypedBlockEvents | undefined }[] = [];
  private reporting = false;
  /** the height of the last block emitted on `blocks$` (written and committed) */
  private reported = 0n;
  /** the validator set InitChain returned (`initialValidators`) */
  private initValidators: readonly ValidatorUpdate[] | undefined;
  /** the last block this process committed, in the form `store.getBlock` returns it (saves reading it back) */
  private last: { block: BlockRecord; results: readonly TxResult[] } | undefined;
  /** the store's first block, when this process committed it: `status` shows it, and its write may still run */
  private first: BlockRecord | undefined;

  private constructor(opts: ChainOptions & { genesis?: GenesisDoc | string }) {
    this.store = new BlockStore(opts.dbPath, { writeBehind: opts.writeBehind ?? false });
    let codec: Codec;
    try {
      const stored = this.store.getMeta('genesis');
      this.openingGenesis = stored !== undefined ? parseGenesisDoc(stored) : opts.genesis !== undefined ? parseGenesisDoc(opts.genesis) : undefined;
      if (stored !== undefined && opts.genesis !== undefined) checkSameGenesis(opts.dbPath, stored, this.openingGenesis!, opts.genesis);
      codec = chainCodec(this.openingGenesis, opts.codec, stored !== undefined ? opts.dbPath : 'the genesis');
    } catch (e) {
      this.store.close();
      throw e;
    }
    this.appOptions = { ...opts, codec };
    this.app = new App(this.appOptions);
    this.snapshotInterval = opts.snapshotInterval ?? 100;
    this.snapshotSliceMs = opts.snapshotSliceMs ?? 0;
    this.snapshotDeltas = opts.snapshotDeltas ?? 0;
    this.blockMeta = opts.blockMeta ?? plainBlockMeta;
    const decoderPossible = this.app.decodesAs(MODULES) && opts.dbPath !== ':memory:' && opts.dbPath !== '';
    this.replayDecoderMinTxs = decoderPossible ? (opts.replayDecoderMinTxs ?? 5000) : Infinity;
    const every = BigInt(opts.keepEvery ?? 0);
    if (opts.rebuildPastStates) this.app.keepPastStates((height) => this.rebuiltState(height));
    else if (every > 0n) this.app.keepPastStates((height) => (height % every === 0n ? this.snapshotState(height) : undefined));
  }

  /** what the App was made with (a state rebuilt for a past height replays on another App made so) */
  private readonly appOptions: AppOptions;
  /** the last state rebuilt for a past height (`rebuiltState`) */
  private rebuilt: { height: bigint; state: AppState } | undefined;

  /**
   * The state at a past height, rebuilt on a scratch App from the snapshot at or below it and the
   * stored blocks after it, each checked against its stored app hash; undefined when the blocks it
   * needs were pruned. The last one rebuilt is kept.
   */
  private rebuiltState(height: bigint): AppState | undefined {
    if (this.rebuilt?.height === height) return this.rebuilt.state;
    const snap = this.store.latestSnapshot(height);
    if (!snap) return undefined;
    if (snap.height < height && this.store.earliestHeight() > snap.height + 1n) return undefined;
    // a scratch App: only its last state is wanted
    const app = new App({ ...this.appOptions, keepRecent: 1 });
    const snapTime = snap.height >= this.initialHeight ? this.store.getBlock(snap.height)?.timeNs : undefined;
    app.restore(reviveAppState(restoreSnapshot(snap.texts) as AppState), snap.height, this.app.info().chainId, snapTime);
    for (let h = snap.height + 1n; h <= height; h++) {
      const block = this.store.getBlock(h);
      if (!block) return undefined;
      this.replayBlock(app, h, block);
    }
    this.rebuilt = { height, state: app.state };
    return app.state;
  }

  /** One stored block onto `app`, as a replay runs it (no signature checks), its app hash checked. */
  private replayBlock(app: App, h: bigint, block: BlockRecord, parts?: Parameters<App['finalizeBlock']>[2]): void {
    const req = { height: h, timeNs: block.timeNs, proposer: proposerOf(block.header), txs: block.txs, ...finalizeInputsOf(block.consensus), evidenceParams: this.evidenceParams };
    const res = app.finalizeBlock(req, 'replay', parts);
    const got = Buffer.from(res.appHash).toString('hex');
    const want = Buffer.from(block.appHash).toString('hex');
    if (got !== want) {
      app.abandonPending();
      throw new ReplayMismatchError(h, want, got);
    }
    app.commit();
  }

  /** The last state read back from a snapshot (`snapshotState`). */
  private snapshotRead: { height: bigint; state: AppState } | undefined;

  /**
   * The state of the snapshot at exactly `height`, read back from the store (the whole snapshot and
   * the deltas after it), for queries at a height that pruning keeps on disk only. Reading one takes
   * about as long as a restart's; the last one read is kept.
   */
  private snapshotState(height: bigint): AppState | undefined {
    if (this.snapshotRead?.height === height) return this.snapshotRead.state;
    if (!this.store.hasSnapshot(height)) return undefined;
    const snap = this.store.latestSnapshot(height)!;
    this.snapshotRead = { height, state: reviveAppState(restoreSnapshot(snap.texts) as AppState) };
    return this.snapshotRead.state;
  }

  /**
   * Opens a chain: a new database is initialised from `genesis`; an existing one is restored from
   * its newest snapshot and the blocks after it are replayed (signatures are not re-verified).
   * A `genesis` given for an existing database must be the stored one (compared as parsed JSON,
   * key order aside), otherwise `open` refuses, naming the first difference: omit it to open
   * whatever chain the database holds. Without `modules` the chain's own module set and block
   * orders are used (`appModules`, src/abci/modules.ts).
   */
  static open(opts: ChainOptions & { genesis?: GenesisDoc | string }): Chain {
    const chain = new Chain(opts);
    try {
      chain.load(opts);
    } catch (e) {
      chain.store.close(); // its writer thread would otherwise keep the process alive
      throw e;
    }
    return chain;
  }

  /** Initialises a new database from the genesis, or restores the stored chain. */
  private load(opts: ChainOptions & { genesis?: GenesisDoc | string }): void {
    const stored = this.store.getMeta('genesis');
    const opening = this.openingGenesis;
    this.openingGenesis = undefined;
    if (stored === undefined) {
      if (opts.genesis === undefined || opening === undefined) throw new Error(`no chain in ${opts.dbPath} and no genesis given`);
      const doc = opening;
      this.genesisParams = structuredClone(doc.consensus_params);
      this.initialHeight = BigInt(doc.initial_height);
      this.app.initChain(doc);
      this.store.setMeta('genesis', JSON.stringify(doc));
      this.initValidators = this.app.initialValidators;
      this.store.setMeta('initial_validators', JSON.stringify(consensusRecord(undefined, this.initValidators)?.validator_updates ?? []));
      this.store.setMeta('state_format', STATE_FORMAT);
      this.store.saveSnapshot(this.app.height, serializeState(this.app.state));
      this.keepSnapshotBase(this.app.height, this.app.state);
      this.lastTimeNs = parseTimeNs(doc.genesis_time);
    } else {
      const format = this.store.getMeta('state_format') ?? '1';
      if (format !== STATE_FORMAT) {
        throw new Error(
          `${opts.dbPath} holds a chain whose app hashes follow state format ${format}; this version computes format ${STATE_FORMAT} ` +
            '(docs/architecture.md "App hash") and cannot replay it: start a new chain (`chaind consensus unsafe-reset-all` keeps the ' +
            'genesis; `npm start -- --reset` for the local network), or use the version that wrote it',
        );
      }
      const doc = opening ?? parseGenesisDoc(stored);
      this.genesisParams = structuredClone(doc.consensus_params);
      this.initialHeight = BigInt(doc.initial_height);
      this.recover(doc, opts.replayUpTo);
    }
  }

  get height(): bigint {
    return this.app.height;
  }

  /** The height of the last block reported on `blocks$`: with write-behind, it may trail `height` while its write runs. */
  get reportedHeight(): bigint {
    return this.reported > 0n ? this.reported : this.app.height;
  }

  /** Time of the last committed block (genesis time before the first block). */
  get lastBlockTimeNs(): bigint {
    return this.lastTimeNs;
  }

  /**
   * The stored genesis document, read and parsed at the first call and kept: every caller gets the
   * same object (do not change it). Per-block code reads `consensusParams` instead.
   */
  get genesis(): GenesisDoc {
    this.genesisDoc ??= parseGenesisDoc(this.store.getMeta('genesis')!);
    return this.genesisDoc;
  }

  /** The header column of the last committed block, without a store read when this process committed it. */
  headerOf(height: bigint): unknown {
    return this.block(height)?.header;
  }

  /**
   * A stored block; the last committed one from memory when this process committed it (the record
   * as the store returns it), so that `status` and the latest `block`, which clients poll, never
   * wait for the writer thread to write it.
   */
  block(height: bigint): BlockRecord | undefined {
    if (this.last?.block.height === height) return this.last.block;
    if (this.first?.height === height && this.store.earliestHeight() === height) return this.first;
    return this.store.getBlock(height);
  }

  /** The validator set InitChain returned, kept in the store's meta table (empty: the genesis file's validators). */
  get initialValidators(): readonly ValidatorUpdate[] {
    if (this.initValidators === undefined) {
      const stored = this.store.getMeta('initial_validators');
      this.initValidators = stored ? validatorUpdatesOf({ votes: null, misbehavior: [], validator_updates: JSON.parse(stored) }) : [];
    }
    return this.initValidators;
  }

  /** The evidence ages of the consensus params, as FinalizeBlock passes them to evidence handling. */
  private get evidenceParams(): { maxAgeNumBlocks: bigint; maxAgeDurationNs: bigint } {
    const e = this.consensusParams.evidence;
    return { maxAgeNumBlocks: BigInt(e.max_age_num_blocks), maxAgeDurationNs: BigInt(e.max_age_duration) };
  }

  /** The genesis's consensus params (static: there are no param updates), kept in memory since open. */
  get consensusParams(): GenesisDoc['consensus_params'] {
    return this.genesisParams!;
  }

  /**
   * The snapshot to write with block `height`: its own state's when one is due and snapshots are
   * made at once; in slices, the one whose last slice ran now (a due one starts a job of the state
   * after this block, finishing a previous job first if it is not done yet).
   */
  private snapshotFor(height: bigint): StateSnapshot | undefined {
    const due = this.snapshotInterval > 0 && height % BigInt(this.snapshotInterval) === 0n;
    let done: StateSnapshot | undefined;
    const job = this.snapshotJob;
    if (job) {
      const text = due ? job.finish() : job.step(this.snapshotSliceMs);
      if (text !== undefined) {
        done = this.snapshotMade(job, text);
        this.snapshotJob = undefined;
      }
    }
    if (due) {
      // a whole snapshot after `snapshotDeltas` deltas, so that a restore applies at most that many
      const base = this.snapshotBase !== undefined && this.deltasSinceWhole < this.snapshotDeltas ? this.snapshotBase : undefined;
      const next = new SnapshotJob(height, this.app.pendingState!, base);
      if (this.snapshotSliceMs > 0) this.snapshotJob = next;
      else done = this.snapshotMade(next, next.finish());
    }
    return done;
  }

  /** A finished job's snapshot; its state is the base of the next. */
  private snapshotMade(job: SnapshotJob, text: string): StateSnapshot {
    this.keepSnapshotBase(job.height, job.state);
    this.deltasSinceWhole = job.base ? this.deltasSinceWhole + 1 : 0;
    return { height: Number(job.height), text, ...(job.base ? { base: Number(job.base.height) } : {}) };
  }

  /** The state of the newest snapshot, kept only when the next may be a delta from it (it holds the nodes later states replaced). */
  private keepSnapshotBase(height: bigint, state: object): void {
    if (this.snapshotDeltas > 0) this.snapshotBase = { height, state };
  }

  /**
   * Runs one block through the app, persists it atomically and commits. `timeNs` defaults to one
   * second after the last block (or the genesis time). A time earlier than the last block's is
   * refused, changing nothing (as `App.finalizeBlock` does: the first block's time is free); an
   * equal one is accepted.
   */
  commitBlock(txs: readonly Uint8Array[], timeNs?: bigint): CommittedBlock {
    const height = this.app.height + 1n;
    const time = timeNs ?? this.lastTimeNs + 1_000_000_000n;
    if (time < this.lastTimeNs && this.hasBlockBefore(height)) {
      throw new Error(`commitBlock: block ${height}'s time ${blockTimeText(time)} is earlier than block ${height - 1n}'s time, ${blockTimeText(this.lastTimeNs)}: block times never go back`);
    }
    const lastAppHash = this.app.info().lastBlockAppHash;
    // the previous block as the store returns it: kept from the last commitBlock, read back after a reopen
    const cached = this.last?.block.height === height - 1n ? this.last : undefined;
    const lastBlock = cached ? cached.block : height > 1n ? this.store.getBlock(height - 1n) : undefined;
    const lastResults = cached ? cached.results : lastBlock ? this.store.blockResults(height - 1n).map((t) => t.result) : [];
    const initialValidators = this.initialValidators;
    const meta = this.blockMeta({ height, timeNs: time, txs, lastAppHash, chainId: this.app.info().chainId, lastBlock, lastResults, initialValidators });
    const evidenceParams = this.evidenceParams;
    const res = this.app.finalizeBlock({
      height,
      timeNs: time,
      proposer: meta.proposer,
      txs,
      ...(meta.consensus ? { lastCommit: meta.consensus.votes, misbehavior: meta.consensus.misbehavior, header: meta.consensus.header } : {}),
      evidenceParams,
    });
    const consensus = consensusRecord(meta.consensus, res.validatorUpdates);
    const record: BlockRecord = {
      height,
      timeNs: time,
      hash: meta.hash,
      appHash: res.appHash,
      header: meta.header,
      lastCommit: meta.lastCommit,
      txs,
      beginBlockEvents: res.beginBlockEvents,
      endBlockEvents: res.endBlockEvents,
      ...(consensus ? { consensus } : {}),
    };
    const hashes = txs.map(txHash);
    const committed: CommittedBlock = {
      height,
      timeNs: time,
      hash: meta.hash,
      appHash: res.appHash,
      txs: txs.map((raw, i) => ({ hash: hashes[i]!, height, index: i, raw, timeNs: time, result: res.txResults[i]! })),
      beginBlockEvents: res.beginBlockEvents,
      endBlockEvents: res.endBlockEvents,
    };
    // reported on `blocks$` once it is both committed here and written (later, with write-behind)
    let written = false;
    let applied = false;
    // kept for `events$` only while it has a subscriber: otherwise the typed events die with this call
    const typed = this.events$.observed ? res.typedEvents : undefined;
    const report = () => {
      written = true;
      if (applied) this.report(committed, typed);
    };
    const snapshot = this.snapshotFor(height);
    try {
      this.store.saveBlock(record, res.txResults, snapshot, hashes, report);
    } catch (e) {
      this.app.abandonPending();
      throw e;
    }
    this.app.commit();
    this.lastTimeNs = time;
    this.last = { block: asStored(record), results: res.txResults };
    if (this.store.earliestHeight() === height) this.first = this.last.block;
    applied = true;
    if (written) this.report(committed, typed);
    return committed;
  }

  /** Whether a block precedes `height` (not so for the chain's first block: the genesis precedes it). */
  private hasBlockBefore(height: bigint): boolean {
    return height > this.initialHeight;
  }

  /**
   * Emits a block on `blocks$`, then its typed events on `events$`, in height order even when a
   * subscriber's read of the store makes the writer report the next block from inside this call
   * (it is emitted after this one).
   */
  private report(block: CommittedBlock, typed: TypedBlockEvents | undefined): void {
    this.reportQueue.push({ block, typed });
    if (this.reporting) return;
    this.reporting = true;
    try {
      for (let q = this.reportQueue.shift(); q; q = this.reportQueue.shift()) {
        this.reported = q.block.height;
        this.blocks$.next(q.block);
        if (q.typed && this.events$.observed) this.events$.next(blockEventsOf(q.block, q.typed));
      }
    } finally {
      this.reporting = false;
    }
  }

  /**
   * Replays the stored blocks after the current height (after `open` with `replayUpTo`);
   * `afterBlock` runs after each block is committed (a throw there stops the replay).
   */
  replayStored(afterBlock?: (height: bigint) => void): void {
    this.replayFrom(this.app.height + 1n, this.store.latestHeight(), undefined, afterBlock);
  }

  private recover(genesis: GenesisDoc, upTo?: bigint): void {
    const latest = upTo !== undefined && upTo < this.store.latestHeight() ? upTo : this.store.latestHeight();
    const snap = this.store.latestSnapshot(latest);
    const from = (snap ? snap.height : BigInt(genesis.initial_height) - 1n) + 1n;
    // the decoder thread starts while the snapshot loads (both take about as long)
    const replay = this.replayPlan(from, latest);
    try {
      if (snap) {
        const snapTime = snap.height >= BigInt(genesis.initial_height) ? this.store.getBlock(snap.height)?.timeNs : undefined;
        this.app.restore(reviveAppState(restoreSnapshot(snap.texts) as AppState), snap.height, genesis.chain_id, snapTime);
        this.keepSnapshotBase(snap.height, this.app.state);
        this.deltasSinceWhole = snap.texts.length - 1;
      } else {
        this.app.initChain(genesis);
      }
    } catch (e) {
      replay.decoder?.close();
      throw e;
    }
    this.lastTimeNs = parseTimeNs(genesis.genesis_time);
    this.replayFrom(from, latest, replay);
  }

  /** How many txs a replay of [from, to] has, and the decoder thread for it when that is enough. */
  private replayPlan(from: bigint, to: bigint): { txs: number; decoder: ReplayDecoder | undefined } {
    const txs = from <= to ? this.store.txCount(from, to) : 0;
    const decoder = txs > 0 && txs >= this.replayDecoderMinTxs ? new ReplayDecoder(this.store.path, from, to, this.app.codec.profile.name) : undefined;
    return { txs, decoder };
  }

  /** Replays stored blocks [from, to] onto the current app state, checking each stored app hash. */
  private replayFrom(from: bigint, to: bigint, plan = this.replayPlan(from, to), afterBlock?: (height: bigint) => void): void {
    if (from > to) {
      plan.decoder?.close();
      // nothing to replay: the time of the newest block is the last block time
      const block = to > 0n ? this.store.getBlock(to) : undefined;
      if (block) this.lastTimeNs = block.timeNs;
      this.lastReplay = { blocks: 0, txs: 0, decodedOnWorker: 0, ms: 0 };
      return;
    }
    const started = performance.now();
    const { txs: txCount, decoder } = plan;
    let decodedOnWorker = 0;
    try {
      for (let h = from; h <= to; h++) {
        const decoded = decoder?.take(h);
        if (decoded) decodedOnWorker++;
        const block = decoded?.block ?? this.store.getBlock(h);
        if (!block) throw new Error(`replay: block ${h} is missing from the store`);
        this.replayBlock(this.app, h, block, decoded?.parts);
        this.lastTimeNs = block.timeNs;
        afterBlock?.(h);
      }
    } finally {
      decoder?.close();
    }
    this.lastReplay = { blocks: Number(to - from + 1n), txs: txCount, decodedOnWorker, ms: performance.now() - started };
  }

  close(): void {
    try {
      this.store.settle(); // the last blocks are reported before the stream completes
    } finally {
      this.blocks$.complete();
      this.events$.complete();
      this.store.close();
    }
  }
}

/** The typed events of a committed block, for `events$`. */
function blockEventsOf(block: CommittedBlock, typed: TypedBlockEvents): BlockEvents {
  return {
    block,
    beginBlock: typed.beginBlock,
    txs: block.txs.map((tx, index) => ({ index, code: tx.result.code, codespace: tx.result.codespace, events: typed.txs[index]!, tx })),
    endBlock: typed.endBlock,
  };
}

/** `Chain.open`'s refusal of a genesis other than the one its database's chain started from. */
export class GenesisMismatchError extends Error {}

/**
 * Refuses a genesis given for a database that holds another chain (`Chain.open`): equal when its
 * parsed JSON is the stored text, or equal to the stored one key order aside; otherwise the error
 * names the database, both chains and the first place they differ.
 */
function checkSameGenesis(dbPath: string, stored: string, storedDoc: GenesisDoc, given: GenesisDoc | string): void {
  let givenDoc: GenesisDoc;
  try {
    givenDoc = parseGenesisDoc(given);
  } catch (e) {
    throw new GenesisMismatchError(`genesis mismatch: ${dbPath} holds a chain, and the genesis given with it is not valid: ${(e as Error).message}`);
  }
  const text = JSON.stringify(givenDoc);
  if (text === stored) return;
  const diff = firstDifference(storedDoc, JSON.parse(text), 'genesis');
  if (diff === undefined) return;
  const chain = (d: GenesisDoc) => `chain_id ${JSON.stringify(d.chain_id)}, genesis_time ${d.genesis_time}`;
  throw new GenesisMismatchError(
    `genesis mismatch: ${dbPath} holds the chain of another genesis (${chain(storedDoc)}; given: ${chain(givenDoc)}). ` +
      `They differ at ${diff.path}: stored ${diff.stored}, given ${diff.given}. ` +
      'Open it without a genesis to use the stored chain, or give a new database for this genesis',
  );
}

/** The first place two JSON values differ (object key order aside), with both values' text (shortened). */
function firstDifference(a: unknown, b: unknown, path: string): { path: string; stored: string; given: string } | undefined {
  const text = (v: unknown) => {
    const t = v === undefined ? 'nothing' : JSON.stringify(v);
    return t.length > 80 ? `${t.slice(0, 77)}...` : t;
  };
  const differ = () => ({ path, stored: text(a), given: text(b) });
  if (a === b) return undefined;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return differ();
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const d = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (d) return d;
    }
    return undefined;
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  for (const key of new Set([...Object.keys(ao), ...Object.keys(bo)])) {
    const d = firstDifference(ao[key], bo[key], `${path}.${key}`);
    if (d) return d;
  }
  return undefined;
}

/** A block record as `BlockStore.getBlock` returns it after saving: JSON columns round-tripped, bytes copied. */
function asStored(record: BlockRecord): BlockRecord {
  const json = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
  return {
    height: record.height,
    timeNs: record.timeNs,
    hash: Uint8Array.from(record.hash),
    appHash: Uint8Array.from(record.appHash),
    header: json(record.header),
    lastCommit: json(record.lastCommit),
    txs: record.txs.map((t) => Uint8Array.from(t)),
    beginBlockEvents: json(record.beginBlockEvents),
    endBlockEvents: json(record.endBlockEvents),
    ...(record.consensus ? { consensus: json(record.consensus) } : {}),
  };
}

/** The proposer recorded in a stored header (plain or consensus-engine form). */
function proposerOf(header: unknown): string {
  const h = header as { proposer_address?: string; header?: { proposer_address?: string } } | null;
  return h?.header?.proposer_address ?? h?.proposer_address ?? '';
}
