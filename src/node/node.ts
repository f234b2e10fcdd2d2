/**
 * A running node: the chain (app + block store), a mempool and the in-process block producer
 * that stands in for CometBFT consensus. Adapters (consensus RPC, REST, gRPC, CLI) use only the
 * methods here: broadcast, query, and read access to blocks, txs and node status.
 */
import { Observable, filter, firstValueFrom, timeout as rxTimeout } from 'rxjs';
import { txHash } from '../codec/tx.ts';
import type { VerifyPool } from '../crypto/verify-pool.ts';
import { Chain, plainBlockMeta, type BlockMetaBuilder, type CommittedBlock } from '../abci/chain.ts';
import type { AppOptions, QueryResponse } from '../abci/app.ts';
import type { TxResult } from '../abci/tx-result.ts';
import type { BlockRecord, SearchResult, TxRecord } from '../events/block-store.ts';
import { parseSearchQuery } from '../events/search-query.ts';
import type { GenesisDoc } from '../state/genesis.ts';
import type { ValidatorJson } from '../consensus/types.ts';
import { applyValidatorUpdates, nextValidatorSetOfBlock, validatorSetOfBlock } from '../consensus/block-meta.ts';
import { sortValidators } from '../consensus/validator-set.ts';
import { PUB_KEY_ED25519 } from '../consensus/keys.ts';
import type { OperatorControl } from './consensus-control.ts';
import type { GenesisValidatorJson } from './genesis-file.ts';
import { Mempool, MempoolError, DEFAULT_MEMPOOL_LIMITS, type MempoolLimits } from './mempool.ts';

export interface NodeIdentity {
  /** lowercase hex node id (sha256 of the node key)[0:20] */
  readonly id: string;
  readonly moniker: string;
  readonly listenAddr: string;
  readonly rpcAddress: string;
}

export interface NodeOptions extends AppOptions {
  readonly dbPath: string;
  /** persist blocks on a writer thread (`ChainOptions.writeBehind`) */
  readonly writeBehind?: boolean;
  /** make snapshots in slices of this many ms (`ChainOptions.snapshotSliceMs`) */
  readonly snapshotSliceMs?: number;
  /** write up to this many snapshots in a row as deltas (`ChainOptions.snapshotDeltas`) */
  readonly snapshotDeltas?: number;
  /** answer queries at these heights from their snapshots on disk (`ChainOptions.keepEvery`) */
  readonly keepEvery?: number;
  /** answer queries at any height the blocks still hold, rebuilding its state (`ChainOptions.rebuildPastStates`) */
  readonly rebuildPastStates?: boolean;
  /** called when block production fails and stops (without it the error is thrown) */
  readonly onFatal?: (err: Error) => void;
  /** threads that check the signatures of broadcast txs before their CheckTx */
  readonly verifyPool?: VerifyPool;
  /** required when the database is new */
  readonly genesis?: GenesisDoc;
  readonly identity: NodeIdentity;
  /** the genesis file's validators: the (fixed) consensus set when InitChain returns none (src/consensus/block-meta.ts) */
  readonly validators: readonly ValidatorJson[];
  /** genesis.json's `validators` as listed there (with names), for the RPC's `genesis`; default: the validator set, unnamed */
  readonly genesisValidators?: readonly GenesisValidatorJson[];
  /** uppercase hex address of this node's own validator key, if it has one */
  readonly validatorAddress?: string;
  /** base64 of that key's ed25519 public key (status `validator_info` while it is not in the set) */
  readonly validatorPubKey?: string;
  /** the operator's switches on the consensus engine (offline validators, injected evidence) */
  readonly consensusControl?: OperatorControl;
  readonly blockMeta?: BlockMetaBuilder;
  /** pause after a commit before the next block (CometBFT `timeout_commit`, default 1 s) */
  readonly blockIntervalMs?: number;
  readonly createEmptyBlocks?: boolean;
  /** with createEmptyBlocks=false: still make an empty block after this long (0 = never) */
  readonly createEmptyBlocksIntervalMs?: number;
  /** stop before committing this height (0 = off) */
  readonly haltHeight?: bigint;
  /** stop before committing a block whose time is at or after this Unix time in seconds (0 = off) */
  readonly haltTimeS?: bigint;
  readonly snapshotInterval?: number;
  readonly mempool?: MempoolLimits;
  /** wall clock in nanoseconds; injectable for deterministic tests */
  readonly clock?: () => bigint;
  /** called once when the node halts (halt-height/halt-time) */
  readonly onHalt?: (reason: string) => void;
  /** told when block production stops for want of signers (more than 2/3 of the power), and when it goes on */
  readonly onConsensusWait?: (message: string) => void;
  /** query methods answered outside the App (`chaind start` gives the SDK's tx and consensus services: src/api/grpc/node-services.ts) */
  readonly queries?: (node: Node) => NodeQueries;
}

/** An abci_query door besides the App's: the answer for a path it serves, undefined for any other. */
export type NodeQueries = (path: string, data: Uint8Array, height: bigint) => QueryResponse | undefined;

export interface BroadcastResult extends TxResult {
  readonly hash: string;
}

export interface BroadcastCommitResult {
  readonly hash: string;
  readonly height: bigint;
  readonly checkTx: TxResult;
  readonly txResult?: TxResult;
}

/** How long the producer waits for a block's write before it goes on (a failed write reports nothing). */
const WRITE_WAIT_LIMIT_MS = 1000;

/**
 * Txs per slice of an admission group sent to the verify pool (`admitArrivals`): small enough that
 * CheckTx starts after about a millisecond of checks, large enough to keep the messages few (10,
 * 25 and whole groups were measured: docs/architecture.md "Serving over RPC"). `CHAIND_ADMIT_SLICE`
 * overrides it, to measure other sizes (`npm run bench -- rpc` passes it on).
 */
const ADMIT_SLICE = admitSlice(process.env.CHAIND_ADMIT_SLICE);

function admitSlice(text: string | undefined): number {
  if (text === undefined || text === '') return 25;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`CHAIND_ADMIT_SLICE=${text} is not a number of txs (a whole number, at least 1)`);
  return n;
}

/** A broadcast tx waiting for its admission. */
interface Arrival {
  readonly hash: string;
  readonly bytes: Uint8Array;
  readonly resolve: (r: BroadcastResult) => void;
  readonly reject: (e: unknown) => void;
}

export class Node {
  readonly chain: Chain;
  readonly mempool: Mempool;
  readonly blocks$: Observable<CommittedBlock>;
  private readonly opts: NodeOptions;
  private readonly clock: () => bigint;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private lastBlockWallNs = 0n;
  private haltReason: string | undefined;
  /** the height block production waits at for more than 2/3 of the voting power to sign (undefined: not waiting) */
  private waitingForSigners: bigint | undefined;
  /** CheckTx of broadcast txs, chained so that they run in arrival order */
  private admission: Promise<unknown> = Promise.resolve();
  /** broadcast txs of this turn of the event loop, admitted together (`admitArrivals`) */
  private arriving: Arrival[] = [];
  private arrivalTurn: NodeJS.Immediate | undefined;
  /** admission groups started and finished, and the producer waiting for some of them (`afterArrivals`) */
  private groupsStarted = 0;
  private groupsAdmitted = 0;
  private admittedWaiter: { readonly target: number; readonly then: () => void } | undefined;
  /** the producer waiting for a block's write (`afterWritten`) */
  private writtenWaiter: { readonly height: bigint; readonly then: () => void } | undefined;
  private readonly queries: NodeQueries | undefined;

  constructor(opts: NodeOptions) {
    this.opts = opts;
    this.clock = opts.clock ?? (() => BigInt(Date.now()) * 1_000_000n);
    this.chain = Chain.open({ ...opts, blockMeta: opts.blockMeta ?? plainBlockMeta });
    this.mempool = new Mempool(opts.mempool ?? DEFAULT_MEMPOOL_LIMITS);
    this.blocks$ = this.chain.blocks$.asObservable();
    this.chain.blocks$.subscribe((b) => this.onWritten(b.height));
    this.queries = opts.queries?.(this);
    this.haltIfDue(this.chain.height + 1n, this.chain.lastBlockTimeNs);
  }

  get identity(): NodeIdentity {
    return this.opts.identity;
  }

  get genesis(): GenesisDoc {
    return this.chain.genesis;
  }

  get chainId(): string {
    return this.chain.app.info().chainId;
  }

  /** The genesis's consensus params, kept in memory (`Chain.consensusParams`). */
  get consensusParams(): GenesisDoc['consensus_params'] {
    return this.chain.consensusParams;
  }

  get height(): bigint {
    return this.chain.height;
  }

  /** The operator's switches on the consensus engine, when the node has them (`chaind start`). */
  get consensusControl(): OperatorControl | undefined {
    return this.opts.consensusControl;
  }

  get halted(): string | undefined {
    return this.haltReason;
  }

  /**
   * The consensus validator set of a height (default: the latest block's), in CometBFT order: as
   * the block's stored header records it, the next height's from the latest header, the fixed
   * genesis set for blocks made without an engine that records sets.
   */
  validators(height?: bigint): readonly ValidatorJson[] {
    const h = height ?? this.chain.height;
    const fixed = this.opts.validators;
    if (h > this.chain.height) {
      // before the chain's first block (its initial height may be above 1): InitChain's set
      const latest = this.chain.height === 0n ? undefined : this.chain.headerOf(this.chain.height);
      if (latest === undefined) {
        const initial = this.chain.initialValidators;
        return initial.length > 0 ? applyValidatorUpdates([], initial) : sortValidators(fixed);
      }
      return nextValidatorSetOfBlock(latest, fixed);
    }
    if (h === 0n) return this.validators(1n);
    return validatorSetOfBlock(this.chain.headerOf(h), fixed);
  }

  /** The genesis document's validators (CometBFT `GenesisValidator`: address, pub_key, power, name). */
  genesisValidators(): readonly GenesisValidatorJson[] {
    return this.opts.genesisValidators ?? this.opts.validators.map((v) => ({ address: v.address, pub_key: v.pub_key, power: v.voting_power, name: '' }));
  }

  /**
   * This node's validator (status `validator_info`): as in the latest set, with voting power 0 while
   * its key is not in it. A node not told its key (embedders, tests) shows the set's first validator.
   */
  ownValidator(): ValidatorJson | undefined {
    const address = this.opts.validatorAddress;
    if (!address) return this.validators()[0];
    const member = this.validators().find((v) => v.address === address);
    if (member || !this.opts.validatorPubKey) return member;
    return { address, pub_key: { type: PUB_KEY_ED25519, value: this.opts.validatorPubKey }, voting_power: '0', proposer_priority: '0' };
  }

  /** ABCI Info. */
  info(): { lastBlockHeight: bigint; lastBlockAppHash: Uint8Array; chainId: string } {
    return this.chain.app.info();
  }

  /** CometBFT `check_tx`: CheckTx without adding to the mempool (on a copy: the check state is kept). */
  checkTx(bytes: Uint8Array): TxResult {
    return this.chain.app.simulateCheck(bytes);
  }

  blockByHash(hash: string): BlockRecord | undefined {
    return this.chain.store.getBlockByHash(hash);
  }

  /** Starts producing blocks every `blockIntervalMs`. */
  start(): void {
    if (this.running || this.haltReason) return;
    this.running = true;
    this.lastBlockWallNs = this.clock();
    this.schedule();
  }

  /** Stops the producer; the block in progress (if any) completes first, as everything is synchronous. */
  stop(): void {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.admittedWaiter = undefined;
    const written = this.writtenWaiter;
    this.writtenWaiter = undefined;
    written?.then(); // clears its fallback timer; nothing is scheduled as the node is stopped
  }

  close(): void {
    this.stop();
    this.chain.close();
  }

  /**
   * The next height: `timeout_commit` after the previous block was decided, and not before that
   * block is written — as CometBFT's `StartTime = CommitTime + timeout_commit`, where `CommitTime`
   * is taken when the commit is decided, before the block is executed and saved, and the next
   * height waits for both. Then, once the txs that had arrived by then are admitted, the block: a
   * block takes what the mempool holds at that moment, also with `timeout_commit` 0.
   */
  private schedule(delayMs = this.interval): void {
    if (!this.running) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.afterArrivals(() => this.produceScheduled());
    }, delayMs);
  }

  private produceScheduled(): void {
    if (!this.running) return;
    const decided = Date.now();
    const height = this.chain.height;
    try {
      this.tick();
    } catch (e) {
      // a block that cannot be made or stored (e.g. the block store failed): stop producing
      this.stop();
      if (!this.opts.onFatal) throw e;
      this.opts.onFatal(e instanceof Error ? e : new Error(String(e)));
      return;
    }
    if (!this.running) return; // halted
    // without a block (no empty blocks), the next try is a whole interval away
    const committed = this.chain.height > height;
    this.afterWritten(() => this.schedule(committed ? Math.max(0, this.interval - (Date.now() - decided)) : this.interval));
  }

  /** `timeout_commit`, in ms: the wait between a commit and the next height's round. */
  get timeoutCommitMs(): number {
    return this.interval;
  }

  /** `timeout_commit`, in ms. */
  private get interval(): number {
    return this.opts.blockIntervalMs ?? 1000;
  }

  /** Runs `then` once the txs that have arrived until now went through admission (groups after them are not waited for). */
  private afterArrivals(then: () => void): void {
    const target = this.groupsStarted + (this.arriving.length > 0 ? 1 : 0);
    if (this.groupsAdmitted >= target) return then();
    this.admittedWaiter = { target, then };
  }

  /** Runs `then` once the last committed block is written (at once without write-behind). */
  private afterWritten(then: () => void): void {
    const height = this.chain.height;
    if (this.chain.reportedHeight >= height) return then();
    // a failed write reports nothing: the next block then fails on the store and stops the node
    const fallback = setTimeout(() => {
      this.writtenWaiter = undefined;
      then();
    }, WRITE_WAIT_LIMIT_MS);
    this.writtenWaiter = {
      height,
      then: () => {
        clearTimeout(fallback);
        then();
      },
    };
  }

  private onWritten(height: bigint): void {
    const waiter = this.writtenWaiter;
    if (!waiter || height < waiter.height) return;
    this.writtenWaiter = undefined;
    waiter.then();
  }

  private onGroupAdmitted(): void {
    this.groupsAdmitted++;
    const waiter = this.admittedWaiter;
    if (!waiter || this.groupsAdmitted < waiter.target) return;
    this.admittedWaiter = undefined;
    waiter.then();
  }

  private tick(): void {
    if (this.haltReason) return;
    const createEmpty = this.opts.createEmptyBlocks ?? true;
    if (!createEmpty && this.mempool.size === 0) {
      const interval = BigInt(this.opts.createEmptyBlocksIntervalMs ?? 0) * 1_000_000n;
      if (interval === 0n || this.clock() - this.lastBlockWallNs < interval) return;
    }
    this.produceBlock();
  }

  /**
   * Makes one block from the mempool now (the producer calls this; tests may too). Returns
   * undefined when the node halts instead of committing.
   */
  produceBlock(): CommittedBlock | undefined {
    if (this.haltReason) return undefined;
    const height = this.chain.height + 1n;
    // block time: wall clock, strictly after the previous block (CometBFT's BFT time is monotonic)
    const now = this.clock();
    const time = now > this.chain.lastBlockTimeNs ? now : this.chain.lastBlockTimeNs + 1_000_000n;
    if (this.haltIfDue(height, time)) return undefined;
    if (!this.enoughSigners(height)) return undefined;
    const params = this.chain.consensusParams.block;
    const txs = this.mempool.reap(Number(params.max_bytes), BigInt(params.max_gas));
    const block = this.chain.commitBlock(
      txs.map((t) => t.bytes),
      time,
    );
    this.lastBlockWallNs = now;
    for (const t of txs) this.mempool.remove(t.hash);
    this.recheck();
    return block;
  }

  /**
   * CometBFT commits a block only with precommits of more than 2/3 of its set's voting power: with
   * less (validators switched offline, or a set that changed since: a delegation, an unjail, a
   * validator whose key this node does not hold), the node makes no block and waits, as a real
   * network waits for its validators, until enough of them sign again. Said once per wait.
   */
  private enoughSigners(height: bigint): boolean {
    const control = this.opts.consensusControl;
    if (!control) return true;
    const { signing, total } = control.signingPower(this.validators(height));
    // no set known here: the block's own builder says what is wrong
    if (total === 0n || signing * 3n > total * 2n) {
      if (this.waitingForSigners !== undefined) this.opts.onConsensusWait?.(`consensus goes on at height ${height}: validators holding ${signing} of ${total} voting power sign`);
      this.waitingForSigners = undefined;
      return true;
    }
    if (this.waitingForSigners !== height) {
      this.waitingForSigners = height;
      this.opts.onConsensusWait?.(
        `consensus waits at height ${height}: the validators that sign hold ${signing} of ${total} voting power, and a block needs more than 2/3 (switch validators online with "chaind consensus validator-offline <validator> --online")`,
      );
    }
    return false;
  }

  /** SDK halt-height / halt-time: the block at the limit is not committed and the node stops. */
  private haltIfDue(height: bigint, timeNs: bigint): boolean {
    const haltHeight = this.opts.haltHeight ?? 0n;
    const haltTime = this.opts.haltTimeS ?? 0n;
    let reason: string | undefined;
    if (haltHeight > 0n && height >= haltHeight) reason = `halt per configuration height ${haltHeight}`;
    else if (haltTime > 0n && timeNs >= haltTime * 1_000_000_000n) reason = `halt per configuration time ${haltTime}`;
    if (!reason) return false;
    this.haltReason = reason;
    this.stop();
    this.opts.onHalt?.(reason);
    return true;
  }

  /** CometBFT rechecks the remaining mempool after each block and drops what no longer passes. */
  private recheck(): void {
    const txs = this.mempool.all();
    if (txs.length === 0) return;
    // one batch: the results of `checkTx(…, true)` on each in order (App.checkTxs)
    const results = this.chain.app.checkTxs(
      txs.map((t) => t.bytes),
      true,
    );
    txs.forEach((tx, i) => {
      if (results[i]!.code !== 0) this.mempool.remove(tx.hash);
    });
  }

  /** The CometBFT tx hash (the codec's `txHash`). */
  static txHash(bytes: Uint8Array): string {
    return txHash(bytes);
  }

  /**
   * broadcast_tx_sync: CheckTx, then into the mempool when it passes; rejects with MempoolError
   * for cache/size refusals. Txs that arrive in the same turn of the event loop (a JSON-RPC batch,
   * concurrent requests) are admitted together: their signatures are checked on the verify pool's
   * threads in one go (`App.preverify`), then each tx is admitted in arrival order exactly as it
   * would be alone (`admitGroup`): the same refusals, results and mempool.
   */
  broadcastTxSync(bytes: Uint8Array): Promise<BroadcastResult> {
    return new Promise<BroadcastResult>((resolve, reject) => {
      this.arriving.push({ hash: Node.txHash(bytes), bytes, resolve, reject });
      this.arrivalTurn ??= setImmediate(() => this.admitArrivals());
    });
  }

  /**
   * Starts the admission of the txs that arrived in this turn, after the groups before it. The
   * group's signatures go to the verify pool in slices of `ADMIT_SLICE` txs, and each slice is
   * admitted as soon as its own answers are back: CheckTx of the first slice runs while the pool
   * checks the next, and their senders get their answers sooner. The order is arrival order, and
   * each tx is admitted exactly as alone, so slicing changes no result.
   */
  private admitArrivals(): void {
    this.arrivalTurn = undefined;
    const group = this.arriving.splice(0);
    if (group.length === 0) return;
    const pool = this.opts.verifyPool;
    this.groupsStarted++;
    for (let start = 0; start < group.length; start += ADMIT_SLICE) {
      const slice = group.slice(start, start + ADMIT_SLICE);
      // a failed pre-check only means CheckTx verifies the signature itself
      const verified = pool ? this.chain.app.preverify(slice.map((a) => a.bytes), pool).catch(() => undefined) : undefined;
      this.admission = this.admission
        .then(() => verified)
        .then(() => this.admitGroup(slice))
        .catch((e) => {
          for (const a of slice) a.reject(e); // a no-op for the answered ones
        });
    }
    this.admission = this.admission.then(() => this.onGroupAdmitted());
  }

  /**
   * Admits a group in arrival order, each tx as `precheck` → `markSeen` → CheckTx → mempool, the
   * sequence of a tx sent alone. When no refusal of the mempool can depend on the CheckTx results
   * inside the group (room for all of them, no repeated tx, no cache reset), CheckTx runs as one
   * batch (`App.checkTxs`, the same results as one by one).
   */
  private admitGroup(group: readonly Arrival[]): void {
    const limits = this.mempool.limits;
    let bytes = 0;
    for (const a of group) bytes += a.bytes.length;
    const batchable =
      group.length > 1 &&
      this.mempool.size + group.length <= limits.size &&
      this.mempool.totalBytes + bytes <= limits.maxTxsBytes &&
      this.mempool.seenCount + group.length <= limits.cacheSize &&
      new Set(group.map((a) => a.hash)).size === group.length;
    if (!batchable) {
      for (const a of group) {
        try {
          this.mempool.precheck(a.hash, a.bytes);
          this.mempool.markSeen(a.hash);
          a.resolve(this.admitChecked(a, this.chain.app.checkTx(a.bytes)));
        } catch (e) {
          a.reject(e);
        }
      }
      return;
    }
    const checked: Arrival[] = [];
    for (const a of group) {
      try {
        this.mempool.precheck(a.hash, a.bytes);
      } catch (e) {
        a.reject(e); // only too large or in the cache here: independent of the other txs' results
        continue;
      }
      this.mempool.markSeen(a.hash);
      checked.push(a);
    }
    let results: TxResult[];
    try {
      results = this.chain.app.checkTxs(checked.map((a) => a.bytes));
    } catch (e) {
      for (const a of checked) a.reject(e);
      return;
    }
    checked.forEach((a, i) => a.resolve(this.admitChecked(a, results[i]!)));
  }

  private admitChecked(a: Arrival, result: TxResult): BroadcastResult {
    if (result.code === 0) this.mempool.add({ hash: a.hash, bytes: a.bytes, gasWanted: result.gas_wanted });
    else this.mempool.forget(a.hash);
    // the result is this admission's own object: the hash is added to it rather than copied with
    // it, which would make the CheckTx events that `broadcast_tx_sync` never shows (checkedResult)
    return Object.assign(result, { hash: a.hash });
  }

  /** broadcast_tx_async: like sync, the answer carries only the hash and the CheckTx code. */
  broadcastTxAsync(bytes: Uint8Array): Promise<BroadcastResult> {
    return this.broadcastTxSync(bytes);
  }

  /** broadcast_tx_commit: CheckTx, then waits for the block that includes the tx. */
  async broadcastTxCommit(bytes: Uint8Array, timeoutMs = 10_000): Promise<BroadcastCommitResult> {
    const hash = Node.txHash(bytes);
    const included = firstValueFrom(
      this.blocks$.pipe(
        filter((b) => b.txs.some((t) => t.hash === hash)),
        rxTimeout(timeoutMs),
      ),
    );
    included.catch(() => undefined); // settled below, or abandoned when CheckTx refuses
    const checkTx = await this.broadcastTxSync(bytes);
    if (checkTx.code !== 0) return { hash, height: 0n, checkTx };
    try {
      const block = await included;
      const tx = block.txs.find((t) => t.hash === hash)!;
      return { hash, height: block.height, checkTx, txResult: tx.result };
    } catch {
      throw new MempoolError('timed out waiting for tx to be included in a block');
    }
  }

  /** abci_query: the node's own query methods (`queries`), then the App's */
  query(path: string, data: Uint8Array, height = 0n): QueryResponse {
    return this.queries?.(path, data, height) ?? this.chain.app.query(path, data, height);
  }

  /** Simulates a tx against the latest state (`/sdk.tx.v1beta1.Service/Simulate`). */
  simulate(bytes: Uint8Array): TxResult {
    return this.chain.app.simulate(bytes);
  }

  block(height?: bigint): BlockRecord | undefined {
    return this.chain.block(height ?? this.chain.height);
  }

  blockResults(height: bigint): TxRecord[] {
    return this.chain.store.blockResults(height);
  }

  tx(hash: string): TxRecord | undefined {
    return this.chain.store.getTx(hash);
  }

  /** tx_search: CometBFT 0.37's query language and kv indexer rules; throws QuerySyntaxError on bad queries (the node's texts). */
  txSearch(query: string, page = 1, perPage = 30, orderBy: 'asc' | 'desc' = 'asc'): SearchResult {
    return this.chain.store.searchTxs(parseSearchQuery(query), { page, perPage, orderBy });
  }

  earliestHeight(): bigint {
    return this.chain.store.earliestHeight();
  }
}

export { MempoolError };
