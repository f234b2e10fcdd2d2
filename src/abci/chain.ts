/**
 * The chain as a fold over its block log: the App (pure reducers) plus the SQLite block store and
 * the RxJS stream of committed blocks. `commitBlock` finalizes, persists (one SQLite transaction)
 * and commits; `open` restores from the newest snapshot and replays the blocks after it,
 * checking every stored app hash (ARCHITECTURE.md "The one idea").
 */
import { Subject } from 'rxjs';
import { sha256 } from '@noble/hashes/sha2.js';
import { App, type AppOptions } from './app.ts';
import { BlockStore, type BlockRecord, type TxRecord } from '../events/block-store.ts';
import { txHash } from '../codec/tx.ts';
import { createHash } from 'node:crypto';

/** The same value as `txHash`, with node's native sha256 on the hot path. */
function fastTxHash(raw: Uint8Array): string {
  return createHash('sha256').update(raw).digest('hex').toUpperCase();
}
import { serializeState, deserializeState } from '../state/canonical.ts';
import type { AppState } from '../state/app-state.ts';
import type { AbciEvent } from '../events/event.ts';
import { parseGenesisDoc, type GenesisDoc } from '../state/genesis.ts';
import { parseTimeNs } from '../state/block-info.ts';

export interface CommittedBlock {
  readonly height: bigint;
  readonly timeNs: bigint;
  readonly hash: Uint8Array;
  readonly appHash: Uint8Array;
  readonly txs: readonly TxRecord[];
  readonly beginBlockEvents: readonly AbciEvent[];
  readonly endBlockEvents: readonly AbciEvent[];
}

/** Everything about a block the consensus side decides: header fields, proposer, commit. */
export interface BlockMeta {
  readonly header: unknown;
  readonly lastCommit: unknown;
  readonly hash: Uint8Array;
  readonly proposer: string;
}

/** Builds header, commit and block hash for a block (the in-process consensus engine supplies one). */
export type BlockMetaBuilder = (input: { height: bigint; timeNs: bigint; txs: readonly Uint8Array[]; lastAppHash: Uint8Array; chainId: string; lastBlockHash: Uint8Array }) => BlockMeta;

/** A minimal header when no consensus engine is attached (tests, benchmarks, replays). */
export const plainBlockMeta: BlockMetaBuilder = ({ height, timeNs, txs, lastAppHash, chainId, lastBlockHash }) => {
  const header = { chain_id: chainId, height: height.toString(), time_ns: timeNs.toString(), app_hash: Buffer.from(lastAppHash).toString('hex'), last_block_hash: Buffer.from(lastBlockHash).toString('hex'), tx_hashes: txs.map(txHash) };
  return { header, lastCommit: null, hash: sha256(Buffer.from(JSON.stringify(header))), proposer: '' };
};

export interface ChainOptions extends AppOptions {
  /** SQLite path; ':memory:' for a throwaway chain */
  readonly dbPath: string;
  /** a state snapshot every N blocks (0 = only at genesis) */
  readonly snapshotInterval?: number;
  readonly blockMeta?: BlockMetaBuilder;
  /** on reopen, replay stored blocks only up to this height (the rest with `replayStored`) */
  readonly replayUpTo?: bigint;
}

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
  private readonly snapshotInterval: number;
  private readonly blockMeta: BlockMetaBuilder;
  private lastBlockHash: Uint8Array = new Uint8Array(0);
  private lastTimeNs = 0n;

  private constructor(opts: ChainOptions) {
    this.app = new App(opts);
    this.store = new BlockStore(opts.dbPath);
    this.snapshotInterval = opts.snapshotInterval ?? 100;
    this.blockMeta = opts.blockMeta ?? plainBlockMeta;
  }

  /**
   * Opens a chain: a new database is initialised from `genesis`; an existing one is restored from
   * its newest snapshot and the blocks after it are replayed (signatures are not re-verified).
   */
  static open(opts: ChainOptions & { genesis?: GenesisDoc | string }): Chain {
    const chain = new Chain(opts);
    const stored = chain.store.getMeta('genesis');
    if (stored === undefined) {
      if (opts.genesis === undefined) throw new Error(`no chain in ${opts.dbPath} and no genesis given`);
      const doc = parseGenesisDoc(opts.genesis);
      chain.app.initChain(doc);
      chain.store.setMeta('genesis', JSON.stringify(doc));
      chain.store.saveSnapshot(chain.app.height, serializeState(chain.app.state));
      chain.lastTimeNs = parseTimeNs(doc.genesis_time);
    } else {
      chain.recover(parseGenesisDoc(stored), opts.replayUpTo);
    }
    return chain;
  }

  get height(): bigint {
    return this.app.height;
  }

  get genesis(): GenesisDoc {
    return parseGenesisDoc(this.store.getMeta('genesis')!);
  }

  /** Runs one block through the app, persists it atomically and commits. */
  commitBlock(txs: readonly Uint8Array[], timeNs?: bigint): CommittedBlock {
    const height = this.app.height + 1n;
    const time = timeNs ?? this.lastTimeNs + 1_000_000_000n;
    const lastAppHash = this.app.info().lastBlockAppHash;
    const meta = this.blockMeta({ height, timeNs: time, txs, lastAppHash, chainId: this.app.info().chainId, lastBlockHash: this.lastBlockHash });
    const res = this.app.finalizeBlock({ height, timeNs: time, proposer: meta.proposer, txs });
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
    };
    const hashes = txs.map(fastTxHash);
    const snapshot = this.snapshotInterval > 0 && height % BigInt(this.snapshotInterval) === 0n;
    try {
      this.store.saveBlock(record, res.txResults, snapshot ? serializeState(this.app.pendingState) : undefined, hashes);
    } catch (e) {
      this.app.abandonPending();
      throw e;
    }
    this.app.commit();
    this.lastBlockHash = meta.hash;
    this.lastTimeNs = time;
    const committed: CommittedBlock = {
      height,
      timeNs: time,
      hash: meta.hash,
      appHash: res.appHash,
      txs: txs.map((raw, i) => ({ hash: hashes[i]!, height, index: i, raw, timeNs: time, result: res.txResults[i]! })),
      beginBlockEvents: res.beginBlockEvents,
      endBlockEvents: res.endBlockEvents,
    };
    this.blocks$.next(committed);
    return committed;
  }

  /** Replays the stored blocks after the current height (after `open` with `replayUpTo`). */
  replayStored(): void {
    this.replayFrom(this.app.height + 1n, this.store.latestHeight());
  }

  private recover(genesis: GenesisDoc, upTo?: bigint): void {
    const latest = upTo !== undefined && upTo < this.store.latestHeight() ? upTo : this.store.latestHeight();
    const snap = this.store.latestSnapshot(latest);
    if (snap) {
      this.app.restore(deserializeState<AppState>(snap.state), snap.height, genesis.chain_id);
    } else {
      this.app.initChain(genesis);
    }
    this.lastTimeNs = parseTimeNs(genesis.genesis_time);
    this.replayFrom(this.app.height + 1n, latest);
  }

  /** Replays stored blocks [from, to] onto the current app state, checking each stored app hash. */
  private replayFrom(from: bigint, to: bigint): void {
    for (let h = from; h <= to; h++) {
      const block = this.store.getBlock(h);
      if (!block) throw new Error(`replay: block ${h} is missing from the store`);
      const res = this.app.finalizeBlock({ height: h, timeNs: block.timeNs, proposer: proposerOf(block.header), txs: block.txs }, 'replay');
      const got = Buffer.from(res.appHash).toString('hex');
      const want = Buffer.from(block.appHash).toString('hex');
      if (got !== want) {
        this.app.abandonPending();
        throw new ReplayMismatchError(h, want, got);
      }
      this.app.commit();
      this.lastBlockHash = block.hash;
      this.lastTimeNs = block.timeNs;
    }
    if (to > 0n && from > to) {
      const block = this.store.getBlock(to);
      if (block) {
        this.lastBlockHash = block.hash;
        this.lastTimeNs = block.timeNs;
      }
    }
  }

  close(): void {
    this.blocks$.complete();
    this.store.close();
  }
}

function proposerOf(header: unknown): string {
  const h = header as { proposer_address?: string } | null;
  return h?.proposer_address ?? '';
}
