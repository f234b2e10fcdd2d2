/**
 * The append-only log on disk (ARCHITECTURE.md "Persistence"): blocks with their raw txs, tx
 * results, an attribute index for tx search, state snapshots and node metadata, in one SQLite
 * database (better-sqlite3, WAL). Each block is written in one SQLite transaction, so a crash
 * leaves the last committed block whole and nothing after it. With write-behind the tx index is
 * written behind the blocks (`TxIndexBuffer`), and completed at open up to the latest block.
 */
import Database from 'better-sqlite3';
import type { AbciEvent } from './event.ts';
import { logsFromEvents, messageLogsText, type TxResult } from '../abci/tx-result.ts';
import { txHash } from '../codec/tx.ts';
import type { Condition } from './search-query.ts';
import { GO_INTEGER } from './query-operand.ts';
import { planTxSearch } from './tx-search.ts';
import { WriteBehind } from './write-behind.ts';

export interface BlockRecord {
  readonly height: bigint;
  readonly timeNs: bigint;
  /** block hash (header hash), raw bytes */
  readonly hash: Uint8Array;
  /** app hash after this block (what the next header carries) */
  readonly appHash: Uint8Array;
  /** header and commit as the node builds them (JSON-able) */
  readonly header: unknown;
  readonly lastCommit: unknown;
  readonly txs: readonly Uint8Array[];
  readonly beginBlockEvents: readonly AbciEvent[];
  readonly endBlockEvents: readonly AbciEvent[];
  /** what consensus and the App exchanged besides txs (votes, evidence, validator updates); absent on blocks made without a consensus engine */
  readonly consensus?: BlockConsensusRecord;
}

/**
 * A block's consensus-side ABCI data in JSON form (bigints as decimal text): FinalizeBlock's
 * `decided_last_commit` votes, `misbehavior` and the header staking records, and EndBlock's
 * validator updates. A replay feeds the same inputs back; the RPC's block_results shows the updates.
 */
export interface BlockConsensusRecord {
  /** null: the block was made with no commit information (BlockInfo.lastCommit undefined) */
  readonly votes: readonly { readonly address: string; readonly power: string; readonly signed: boolean }[] | null;
  readonly misbehavior: readonly {
    readonly type: 'DUPLICATE_VOTE' | 'LIGHT_CLIENT_ATTACK';
    readonly address: string;
    readonly power: string;
    readonly height: string;
    readonly time_ns: string;
    readonly total_voting_power: string;
  }[];
  readonly header?: Readonly<Record<string, unknown>>;
  readonly validator_updates: readonly { readonly pub_key: string; readonly power: string }[];
}

export interface TxRecord {
  readonly hash: string;
  readonly height: bigint;
  readonly index: number;
  readonly raw: Uint8Array;
  readonly timeNs: bigint;
  readonly result: TxResult;
}

export interface SearchOptions {
  readonly page?: number;
  readonly perPage?: number;
  readonly orderBy?: 'asc' | 'desc';
}

export interface SearchResult {
  readonly txs: TxRecord[];
  readonly total: number;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS blocks (
  height INTEGER PRIMARY KEY,
  time_ns TEXT NOT NULL,
  hash BLOB NOT NULL,
  app_hash BLOB NOT NULL,
  header TEXT NOT NULL,
  last_commit TEXT NOT NULL,
  begin_events TEXT NOT NULL,
  end_events TEXT NOT NULL,
  num_txs INTEGER NOT NULL,
  consensus TEXT NOT NULL DEFAULT 'null'
);
CREATE TABLE IF NOT EXISTS txs (
  id INTEGER PRIMARY KEY,
  hash TEXT NOT NULL,
  height INTEGER NOT NULL,
  idx INTEGER NOT NULL,
  raw BLOB NOT NULL,
  code INTEGER NOT NULL,
  codespace TEXT NOT NULL,
  log TEXT NOT NULL,
  info TEXT NOT NULL,
  gas_wanted TEXT NOT NULL,
  gas_used TEXT NOT NULL,
  data BLOB NOT NULL,
  events TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS blocks_hash ON blocks(hash);
CREATE INDEX IF NOT EXISTS txs_height ON txs(height);
CREATE TABLE IF NOT EXISTS tx_attrs (
  part INTEGER NOT NULL,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  tx_id INTEGER NOT NULL,
  PRIMARY KEY (part, key, value, tx_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS tx_hashes (
  part INTEGER NOT NULL,
  hash TEXT NOT NULL,
  tx_id INTEGER NOT NULL,
  PRIMARY KEY (part, hash, tx_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS tx_index_parts (part INTEGER PRIMARY KEY, rows INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS snapshots (height INTEGER PRIMARY KEY, state TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS snapshot_bases (height INTEGER PRIMARY KEY, base INTEGER NOT NULL);
`;

export interface BlockStoreOptions {
  /**
   * Persist blocks on a writer thread (`src/events/write-behind.ts`), so that SQLite's work overlaps
   * the next block's; reads wait for the pending writes, so they always see every saved block.
   */
  readonly writeBehind?: boolean;
  /** rows a part of the tx index takes before a new part begins (`INDEX_PART_ROWS`) */
  readonly indexPartRows?: number;
}

/** Index rows go in multi-row INSERTs of this many rows (fewer statement executions per block). */
const ATTR_BATCH = 64;

/**
 * The tx index (`tx_attrs`, `tx_hashes`) is kept in parts, the part leading each row's key: rows
 * go to the latest part until it holds this many, then a new part begins. Writing stays within the
 * latest part's pages, however large the index grows: a batch of the index behind the blocks
 * (`TxIndexBuffer`, about as many rows) fills a part of its own in key order, which is appending;
 * into one index B-tree the same rows land all over it, and the pages they dirty grow with it.
 * A lookup seeks each part (`tx_index_parts`): about a hundred at a million transfers.
 */
export const INDEX_PART_ROWS = 200_000;

/** The `meta` key holding the height up to which the tx index (`tx_attrs`, `tx_hashes`) is written. */
const TX_INDEX_HEIGHT = 'tx_index_height';

/**
 * The key of a tx's hash among its index rows (they go to `tx_hashes`): an event attribute's key is
 * `type.key`, which always holds a dot, so it cannot be this.
 */
export const TX_HASH_KEY = '#hash';

/** The condition that a row of the tx index (`alias`) is in one of its parts: a lookup seeks each part. */
const IN_PARTS = (alias: string) => `${alias}.part IN (SELECT part FROM tx_index_parts)`;

/** Tx ids encode the position so that id order is (height, index) order. */
const TX_ID_SHIFT = 1_000_000n;

export class BlockStore {
  private readonly db: Database.Database;
  private readonly stmts;

  private readonly behind: WriteBehind | undefined;
  private readonly indexPartRows: number;
  /** the lowest stored height, read at open (`earliestHeight`); unknown again after pruning */
  private earliest: bigint | undefined;
  /** `blockHeights`' statement, prepared on first use */
  private heightsStmt: Database.Statement | undefined;

  constructor(readonly path: string, opts: BlockStoreOptions = {}) {
    this.indexPartRows = opts.indexPartRows ?? INDEX_PART_ROWS;
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    // tx_search's integer ranges: the value read whole as Go's big.Int SetString(v, 10) reads it, within [lo, hi]
    this.db.function('go_int_within', { deterministic: true }, (value: unknown, lo: unknown, hi: unknown) => {
      if (typeof value !== 'string' || !GO_INTEGER.test(value)) return 0;
      const v = BigInt(value);
      return (lo === null || v >= BigInt(lo as string)) && (hi === null || v <= BigInt(hi as string)) ? 1 : 0;
    });
    const unparted = this.setAsideUnpartedIndex();
    this.db.exec(SCHEMA);
    this.stmts = {
      insertBlock: this.db.prepare(
        'INSERT INTO blocks (height, time_ns, hash, app_hash, header, last_commit, begin_events, end_events, num_txs, consensus) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      insertTx: this.db.prepare(
        'INSERT INTO txs (id, hash, height, idx, raw, code, codespace, log, info, gas_wanted, gas_used, data, events) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      insertAttr: this.db.prepare('INSERT OR IGNORE INTO tx_attrs (part, key, value, tx_id) VALUES (?, ?, ?, ?)'),
      insertHash: this.db.prepare('INSERT OR IGNORE INTO tx_hashes (part, hash, tx_id) VALUES (?, ?, ?)'),
      insertAttrs: this.db.prepare(`INSERT OR IGNORE INTO tx_attrs (part, key, value, tx_id) VALUES ${Array(ATTR_BATCH).fill('(?, ?, ?, ?)').join(', ')}`),
      latestPart: this.db.prepare('SELECT part, rows FROM tx_index_parts ORDER BY part DESC LIMIT 1'),
      newPart: this.db.prepare('INSERT INTO tx_index_parts (part, rows) VALUES (?, 0)'),
      partRows: this.db.prepare('UPDATE tx_index_parts SET rows = rows + ? WHERE part = ?'),
      insertSnapshot: this.db.prepare('INSERT OR REPLACE INTO snapshots (height, state) VALUES (?, ?)'),
      insertSnapshotBase: this.db.prepare('INSERT OR REPLACE INTO snapshot_bases (height, base) VALUES (?, ?)'),
      deleteSnapshotBase: this.db.prepare('DELETE FROM snapshot_bases WHERE height = ?'),
      setMeta: this.db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)'),
      getMeta: this.db.prepare('SELECT value FROM meta WHERE key = ?'),
      latestHeight: this.db.prepare('SELECT MAX(height) AS h FROM blocks'),
      earliestHeight: this.db.prepare('SELECT MIN(height) AS h FROM blocks'),
      getBlock: this.db.prepare('SELECT * FROM blocks WHERE height = ?'),
      heightByHash: this.db.prepare('SELECT height FROM blocks WHERE hash = ?'),
      blockTxs: this.db.prepare('SELECT raw FROM txs WHERE height = ? ORDER BY idx'),
      txCount: this.db.prepare('SELECT COUNT(*) AS n FROM txs WHERE height BETWEEN ? AND ?'),
      blockTxRows: this.db.prepare('SELECT * FROM txs WHERE height = ? ORDER BY idx'),
      txByHash: this.db.prepare(
        `SELECT txs.*, blocks.time_ns FROM tx_hashes h JOIN txs ON txs.id = h.tx_id JOIN blocks ON blocks.height = txs.height WHERE ${IN_PARTS('h')} AND h.hash = ? ORDER BY h.tx_id LIMIT 1`,
      ),
      latestSnapshot: this.db.prepare('SELECT s.height, s.state, b.base FROM snapshots s LEFT JOIN snapshot_bases b ON b.height = s.height WHERE s.height <= ? ORDER BY s.height DESC LIMIT 1'),
      snapshotAt: this.db.prepare('SELECT s.height, s.state, b.base FROM snapshots s LEFT JOIN snapshot_bases b ON b.height = s.height WHERE s.height = ?'),
      // the heights only: a snapshot's text is in overflow pages that a read of a later column would walk
      snapshotHeights: this.db.prepare('SELECT s.height, b.base FROM snapshots s LEFT JOIN snapshot_bases b ON b.height = s.height ORDER BY s.height'),
      hasSnapshot: this.db.prepare('SELECT 1 FROM snapshots WHERE height = ?'),
    };
    if (unparted) this.partitionIndex();
    this.completeIndex();
    // read before any write is pending, so that the first `status` does not wait for the writer thread's start and first block
    this.earliest = BigInt((this.stmts.earliestHeight.get() as { h: number | null }).h ?? 0);
    // an in-memory database exists only on this connection: it is always written here
    this.behind = opts.writeBehind && path !== ':memory:' && path !== '' ? new WriteBehind(path) : undefined;
  }

  /**
   * Writes one block, its tx results, their index and optionally a state snapshot, atomically.
   * With write-behind (`BlockStoreOptions.writeBehind`) the write happens on the writer thread and
   * `onDurable` runs once it has committed; every read of this store waits for pending writes first.
   */
  saveBlock(block: BlockRecord, results: readonly TxResult[], snapshot?: StateSnapshot, hashes?: readonly string[], onDurable?: () => void): void {
    const write = blockWrite(block, results, snapshot, hashes, this.behind === undefined);
    if (this.earliest === 0n) this.earliest = block.height;
    if (this.behind) {
      this.behind.post(write, onDurable);
      return;
    }
    this.writeBlock(write);
    onDurable?.();
  }

  /** The SQL side of `saveBlock`, index included: one transaction. */
  writeBlock(w: BlockWrite): void {
    this.db.transaction(() => {
      this.insertBlockRows(w);
      this.insertIndexRows(w.attrs ?? attrRows(w.txs), this.indexPart(), w.block[0]);
    })();
  }

  /**
   * The writer thread's side of `saveBlock`: the block, its txs and snapshot in one transaction,
   * without the tx index; returns the block's index rows, for `writeIndex` (`TxIndexBuffer`).
   */
  writeBlockDeferringIndex(w: BlockWrite): readonly unknown[] {
    this.db.transaction(() => this.insertBlockRows(w))();
    return w.attrs ?? attrRows(w.txs);
  }

  /**
   * Index rows (flat key, value, tx_id…) into `part` (`indexPart`) in one transaction; with
   * `height`, the rows of every block up to it are now written, and that is recorded.
   */
  writeIndex(attrs: readonly unknown[], part: number, height?: number): void {
    this.db.transaction(() => this.insertIndexRows(attrs, part, height))();
  }

  /**
   * The part of the tx index that the next rows go to: the latest, or a new one once the latest
   * holds `INDEX_PART_ROWS` rows (`BlockStoreOptions.indexPartRows`; rows a primary key ignored
   * count too). The rows of one batch go to one part, so that a sorted batch is written in key
   * order within its part.
   */
  indexPart(): number {
    const latest = this.stmts.latestPart.get() as { part: number; rows: number } | undefined;
    if (latest !== undefined && latest.rows < this.indexPartRows) return latest.part;
    const part = (latest?.part ?? 0) + 1;
    this.stmts.newPart.run(part);
    return part;
  }

  private insertBlockRows(w: BlockWrite): void {
    this.stmts.insertBlock.run(...w.block);
    for (const row of w.txs) this.stmts.insertTx.run(row);
    if (w.snapshot !== undefined) this.insertSnapshot(w.snapshot.height, w.snapshot.text, w.snapshot.base);
  }

  /** Rows keyed `TX_HASH_KEY` go to `tx_hashes`, the others to `tx_attrs` (in runs of `ATTR_BATCH`). */
  private insertIndexRows(rows: readonly unknown[], part: number, height: number | undefined): void {
    let run: unknown[] = [];
    for (let j = 0; j < rows.length; j += 3) {
      if (rows[j] === TX_HASH_KEY) this.stmts.insertHash.run(part, rows[j + 1], rows[j + 2]);
      else {
        run.push(part, rows[j], rows[j + 1], rows[j + 2]);
        if (run.length === ATTR_BATCH * 4) {
          this.stmts.insertAttrs.run(run);
          run = [];
        }
      }
    }
    for (let j = 0; j < run.length; j += 4) this.stmts.insertAttr.run(run[j], run[j + 1], run[j + 2], run[j + 3]);
    this.stmts.partRows.run(rows.length / 3, part);
    if (height !== undefined) this.stmts.setMeta.run(TX_INDEX_HEIGHT, String(height));
  }

  /**
   * A store from before the index had parts: its index tables are renamed (in one transaction), to
   * be copied into the first part once the new tables exist (`partitionIndex`). Returns whether
   * there are rows set aside, also those of an open stopped between the two steps.
   */
  private setAsideUnpartedIndex(): boolean {
    const columns = this.db.prepare("SELECT name FROM pragma_table_info('tx_attrs')").all() as { name: string }[];
    if (columns.length > 0 && !columns.some((c) => c.name === 'part')) {
      this.db.transaction(() => {
        this.db.exec('ALTER TABLE tx_attrs RENAME TO tx_attrs_unparted');
        if (this.hasTable('tx_hashes')) this.db.exec('ALTER TABLE tx_hashes RENAME TO tx_hashes_unparted');
      })();
    }
    return this.hasTable('tx_attrs_unparted');
  }

  private hasTable(name: string): boolean {
    return this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
  }

  /** The rows set aside by `setAsideUnpartedIndex` become part 1, once, in one transaction. */
  private partitionIndex(): void {
    this.db.transaction(() => {
      const part = this.indexPart();
      const attrs = this.db.prepare('INSERT OR IGNORE INTO tx_attrs (part, key, value, tx_id) SELECT ?, key, value, tx_id FROM tx_attrs_unparted ORDER BY key, value, tx_id').run(part);
      let rows = attrs.changes;
      if (this.hasTable('tx_hashes_unparted')) {
        rows += this.db.prepare('INSERT OR IGNORE INTO tx_hashes (part, hash, tx_id) SELECT ?, hash, tx_id FROM tx_hashes_unparted ORDER BY hash, tx_id').run(part).changes;
        this.db.exec('DROP TABLE tx_hashes_unparted');
      }
      this.db.exec('DROP TABLE tx_attrs_unparted');
      this.stmts.partRows.run(rows, part);
    })();
  }

  /**
   * A store from before `tx_hashes` kept the hash index on `txs` (`txs_hash`): its hashes move to
   * `tx_hashes`, once, and the old index goes.
   */
  private moveHashIndex(): void {
    const old = this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = 'txs_hash'").get();
    if (old === undefined) return;
    this.db.transaction(() => {
      const part = this.indexPart();
      const moved = this.db.prepare('INSERT OR IGNORE INTO tx_hashes (part, hash, tx_id) SELECT ?, hash, id FROM txs').run(part);
      this.stmts.partRows.run(moved.changes, part);
      this.db.exec('DROP INDEX txs_hash');
    })();
  }

  /**
   * Writes the index rows of the stored blocks above the indexed height: what a writer thread that
   * stopped before flushing its deferred index (a crash, a kill) left out. A store that never
   * recorded its indexed height predates the deferred index and indexed every block as it wrote it.
   */
  private completeIndex(): void {
    this.moveHashIndex();
    const latest = (this.stmts.latestHeight.get() as { h: number | null }).h ?? 0;
    const recorded = this.stmts.getMeta.get(TX_INDEX_HEIGHT) as { value: string } | undefined;
    if (recorded === undefined) {
      // a new store starts its record at 0 here, before any block is written behind
      this.stmts.setMeta.run(TX_INDEX_HEIGHT, String(latest));
      return;
    }
    const from = Number(recorded.value) + 1;
    if (from > latest) return;
    // a batch cut short (its part is the latest) leaves rows of these blocks: they are written again
    const cut = this.stmts.latestPart.get() as { part: number } | undefined;
    if (cut !== undefined) {
      const firstId = BigInt(from) * TX_ID_SHIFT;
      this.db.transaction(() => {
        this.db.prepare('DELETE FROM tx_attrs WHERE part = ? AND tx_id >= ?').run(cut.part, firstId);
        this.db.prepare('DELETE FROM tx_hashes WHERE part = ? AND tx_id >= ?').run(cut.part, firstId);
      })();
    }
    const part = this.indexPart();
    const rows = this.db.prepare('SELECT id, hash, events FROM txs WHERE height BETWEEN ? AND ? ORDER BY id').raw().iterate(from, latest) as Iterable<unknown[]>;
    const attrs: unknown[] = [];
    for (const [id, hash, events] of rows) pushIndexRows(attrs, hash as string, JSON.parse(events as string) as AbciEvent[], BigInt(id as number));
    this.writeIndex(attrs, part, latest);
  }

  /** Waits until every write posted to the writer thread has committed (no-op without write-behind). */
  settle(): void {
    this.behind?.settle();
  }

  /** Waits until the writes of the blocks up to `height` have committed (without write-behind: at once). */
  settleThrough(height: bigint): void {
    this.behind?.settleThrough(Number(height));
  }

  /** Waits until every write has committed and the tx index holds every written block. */
  settleIndex(): void {
    if (this.behind) this.behind.settleIndex();
  }

  /** Writes a whole snapshot, or with `base` a delta from the snapshot at that height. */
  saveSnapshot(height: bigint, state: string, base?: bigint): void {
    this.settle();
    this.db.transaction(() => this.insertSnapshot(Number(height), state, base === undefined ? undefined : Number(base)))();
  }

  private insertSnapshot(height: number, text: string, base: number | undefined): void {
    this.stmts.insertSnapshot.run(height, text);
    if (base === undefined) this.stmts.deleteSnapshotBase.run(height);
    else this.stmts.insertSnapshotBase.run(height, base);
  }

  /**
   * The newest snapshot at or below a height, with the ones it needs: `texts` holds the whole
   * snapshot it starts from, then each delta up to it, in height order (`restoreSnapshot`).
   */
  latestSnapshot(atOrBelow: bigint = BigInt(Number.MAX_SAFE_INTEGER)): { height: bigint; texts: string[] } | undefined {
    this.settle();
    type Row = { height: number; state: string; base: number | null };
    let row = this.stmts.latestSnapshot.get(Number(atOrBelow)) as Row | undefined;
    if (!row) return undefined;
    const height = BigInt(row.height);
    const texts = [row.state];
    while (row.base !== null) {
      const base: number = row.base;
      row = this.stmts.snapshotAt.get(base) as Row | undefined;
      if (!row) throw new Error(`${this.path}: the state snapshot at height ${height} is a delta from the one at ${base}, which is missing`);
      texts.unshift(row.state);
    }
    return { height, texts };
  }

  /** Whether a snapshot is stored at exactly `height` (without reading it). */
  hasSnapshot(height: bigint): boolean {
    this.settle();
    return this.stmts.hasSnapshot.get(Number(height)) !== undefined;
  }

  snapshotHeights(): bigint[] {
    return this.snapshotBases().map(([h]) => h);
  }

  /** Each snapshot's height and, for a delta, the height of the snapshot it is a delta from. */
  snapshotBases(): [bigint, bigint | undefined][] {
    this.settle();
    return (this.stmts.snapshotHeights.all() as { height: number; base: number | null }[]).map((r) => [BigInt(r.height), r.base === null ? undefined : BigInt(r.base)]);
  }

  latestHeight(): bigint {
    this.settle();
    const row = this.stmts.latestHeight.get() as { h: number | null };
    return BigInt(row.h ?? 0);
  }

  /**
   * The lowest stored height (0 without blocks). Kept once read, so that `status`, which shows it,
   * does not wait for the writer thread: only a first block and pruning change it.
   */
  earliestHeight(): bigint {
    if (this.earliest === undefined) {
      this.settle();
      const row = this.stmts.earliestHeight.get() as { h: number | null };
      this.earliest = BigInt(row.h ?? 0);
    }
    return this.earliest;
  }

  getBlock(height: bigint): BlockRecord | undefined {
    this.settleThrough(height);
    const row = this.stmts.getBlock.get(Number(height)) as any;
    if (!row) return undefined;
    const txs = (this.stmts.blockTxs.all(Number(height)) as { raw: Buffer }[]).map((r) => new Uint8Array(r.raw));
    return {
      height: BigInt(row.height),
      timeNs: BigInt(row.time_ns),
      hash: new Uint8Array(row.hash),
      appHash: new Uint8Array(row.app_hash),
      header: JSON.parse(row.header),
      lastCommit: JSON.parse(row.last_commit),
      txs,
      beginBlockEvents: JSON.parse(row.begin_events),
      endBlockEvents: JSON.parse(row.end_events),
      ...(row.consensus !== 'null' ? { consensus: JSON.parse(row.consensus) as BlockConsensusRecord } : {}),
    };
  }

  /** How many txs the blocks [from, to] hold. */
  txCount(from: bigint, to: bigint): number {
    this.settleThrough(to);
    return (this.stmts.txCount.get(Number(from), Number(to)) as { n: number }).n;
  }

  /** A block by its hash (hex, any case). */
  getBlockByHash(hashHex: string): BlockRecord | undefined {
    this.settle();
    if (!/^[0-9a-fA-F]*$/.test(hashHex) || hashHex.length % 2 !== 0) return undefined;
    const row = this.stmts.heightByHash.get(Buffer.from(hashHex, 'hex')) as { height: number } | undefined;
    return row ? this.getBlock(BigInt(row.height)) : undefined;
  }

  /** Tx results of a block in order (block_results). */
  blockResults(height: bigint): TxRecord[] {
    this.settleThrough(height);
    const block = this.stmts.getBlock.get(Number(height)) as any;
    if (!block) return [];
    return (this.stmts.blockTxRows.all(Number(height)) as any[]).map((r) => rowToTx({ ...r, time_ns: block.time_ns }));
  }

  /** The heights of the stored blocks in [from, to], ascending (block_search by `block.height` alone). */
  blockHeights(from: bigint, to: bigint): bigint[] {
    if (from > to) return [];
    this.settleThrough(to);
    this.heightsStmt ??= this.db.prepare('SELECT height FROM blocks WHERE height BETWEEN ? AND ? ORDER BY height').pluck();
    return (this.heightsStmt.all(Number(from), Number(to)) as number[]).map((h) => BigInt(h));
  }

  /**
   * Visits each stored block in [from, to], ascending, with its BeginBlock and EndBlock events as
   * stored (JSON text of `AbciEvent[]`); only these columns are read. block_search scans them: there
   * is no block index. With `mustContain`, only blocks whose begin or end events text holds each of
   * these strings are visited (a filter in SQL, before any JSON is parsed).
   * `visit` must not use this store: the rows are read as it goes.
   */
  scanBlockEvents(from: bigint, to: bigint, visit: (height: bigint, beginEvents: string, endEvents: string) => void, mustContain: readonly string[] = []): void {
    if (from > to) return;
    this.settleThrough(to);
    const filter = mustContain.map(() => ' AND (instr(begin_events, ?) > 0 OR instr(end_events, ?) > 0)').join('');
    const stmt = this.db.prepare(`SELECT height, begin_events, end_events FROM blocks WHERE height BETWEEN ? AND ?${filter} ORDER BY height`).raw();
    const args: unknown[] = [Number(from), Number(to)];
    for (const s of mustContain) args.push(s, s);
    for (const [height, begin, end] of stmt.iterate(...args) as Iterable<[number, string, string]>) visit(BigInt(height), begin, end);
  }

  /** A tx by its hash (hex, any case): the first block's, if it was included twice. Reads the tx index (CometBFT's indexer keeps txs by hash). */
  getTx(hash: string): TxRecord | undefined {
    this.settleIndex();
    const row = this.stmts.txByHash.get(hash.toUpperCase()) as any;
    return row ? rowToTx(row) : undefined;
  }

  /**
   * tx_search: the txs a query's conditions select (`planTxSearch`, CometBFT 0.37's kv indexer
   * rules), in (height, index) order, paged from 1. Each attribute test is the set of tx ids whose
   * rows pass it, read once by its key (a test per tx of the candidates, `EXISTS (… a.tx_id =
   * txs.id)`, read all of a key's rows again for each: 0.6 s for `transfer.recipient EXISTS AND
   * tx.height=500` on 100,000 transfers). Throws QuerySyntaxError where the indexer fails.
   */
  searchTxs(conditions: readonly Condition[], opts: SearchOptions = {}): SearchResult {
    const plan = planTxSearch(conditions);
    if (plan.kind === 'none') return { txs: [], total: 0 };
    if (plan.kind === 'hash') {
      const tx = this.getTx(plan.hash);
      return { txs: tx && (opts.page ?? 1) === 1 ? [tx] : [], total: tx ? 1 : 0 };
    }
    this.settleIndex();
    const where: string[] = [];
    const params: unknown[] = [];
    if (plan.heights.lo !== undefined) {
      where.push('txs.height >= ?');
      params.push(plan.heights.lo);
    }
    if (plan.heights.hi !== undefined) {
      where.push('txs.height <= ?');
      params.push(plan.heights.hi);
    }
    for (const t of plan.tests) {
      const value = (expr: string) => (t.kind === '=' ? `${expr} = ?` : t.kind === 'CONTAINS' ? `instr(${expr}, ?) > 0` : t.kind === 'range' ? `go_int_within(${expr}, ?, ?)` : '1');
      // the index keys each tx by its height too (`tx.height/H/H/i`)
      if (t.key === 'tx.height') where.push(value('CAST(txs.height AS TEXT)'));
      else {
        where.push(`txs.id IN (SELECT a.tx_id FROM tx_attrs a WHERE ${IN_PARTS('a')} AND a.key = ? AND ${value('a.value')})`);
        params.push(t.key);
      }
      if (t.kind === '=' || t.kind === 'CONTAINS') params.push(t.value);
      if (t.kind === 'range') params.push(t.bounds.lo?.toString() ?? null, t.bounds.hi?.toString() ?? null);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const total = (this.db.prepare(`SELECT COUNT(*) AS n FROM txs ${clause}`).get(...params) as { n: number }).n;
    const perPage = opts.perPage ?? 30;
    const page = opts.page ?? 1;
    const order = opts.orderBy === 'desc' ? 'DESC' : 'ASC';
    const rows = this.db
      .prepare(`SELECT txs.*, blocks.time_ns FROM txs JOIN blocks ON blocks.height = txs.height ${clause} ORDER BY txs.id ${order} LIMIT ? OFFSET ?`)
      .all(...params, perPage, (page - 1) * perPage) as any[];
    return { txs: rows.map(rowToTx), total };
  }

  setMeta(key: string, value: string): void {
    this.settle();
    this.stmts.setMeta.run(key, value);
  }

  getMeta(key: string): string | undefined {
    this.settle();
    return (this.stmts.getMeta.get(key) as { value: string } | undefined)?.value;
  }

  /** Deletes blocks, txs and index entries below `height` (pruning of the block store). */
  pruneBlocksBelow(height: bigint): void {
    this.settleIndex();
    this.earliest = undefined;
    const h = Number(height);
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM tx_attrs WHERE tx_id < ?').run(height * TX_ID_SHIFT);
      this.db.prepare('DELETE FROM tx_hashes WHERE tx_id < ?').run(height * TX_ID_SHIFT);
      // parts left empty go
      this.db.exec('DELETE FROM tx_index_parts WHERE NOT EXISTS (SELECT 1 FROM tx_attrs a WHERE a.part = tx_index_parts.part) AND NOT EXISTS (SELECT 1 FROM tx_hashes h WHERE h.part = tx_index_parts.part)');
      this.db.prepare('DELETE FROM txs WHERE height < ?').run(h);
      this.db.prepare('DELETE FROM blocks WHERE height < ?').run(h);
    })();
  }

  deleteSnapshotsExcept(keep: (height: bigint) => boolean): void {
    this.settle();
    const del = this.db.prepare('DELETE FROM snapshots WHERE height = ?');
    this.db.transaction(() => {
      for (const h of this.snapshotHeights()) {
        if (keep(h)) continue;
        del.run(Number(h));
        this.stmts.deleteSnapshotBase.run(Number(h));
      }
    })();
  }

  close(): void {
    try {
      this.behind?.close();
    } finally {
      this.db.close();
    }
  }
}

/**
 * A block as SQL rows, in a form that crosses to the writer thread cheaply (strings, bytes and
 * flat arrays). The index rows are derived from the events here when `withAttrs`, otherwise by the
 * writer from the events JSON (so that the work is done on its thread).
 */
export interface BlockWrite {
  /** the `blocks` row: height, time_ns, hash, app_hash, header, last_commit, begin_events, end_events, num_txs, consensus */
  readonly block: readonly [number, string, Uint8Array, Uint8Array, string, string, string, string, number, string];
  /** `txs` rows: id, hash, height, idx, raw, code, codespace, log, info, gas_wanted, gas_used, data, events */
  readonly txs: readonly (readonly unknown[])[];
  /** the index rows, flat (key, value, tx_id)…: the hash under `TX_HASH_KEY` (to `tx_hashes`), the attributes (to `tx_attrs`) */
  readonly attrs?: readonly unknown[];
  /** a state snapshot written with the block: of this block's height, or of an earlier one (`StateSnapshot`) */
  readonly snapshot?: StateSnapshot;
}

/** The state after the block at `height`: whole, as `serializeState` writes it, or a delta from the snapshot at `base` (`snapshot-delta.ts`). */
export interface StateSnapshot {
  readonly height: number;
  readonly text: string;
  readonly base?: number;
}

const TX_EVENTS_COLUMN = 12;
const TX_ID_COLUMN = 0;
const TX_HASH_COLUMN = 1;

/** A block and its results as the rows `writeBlock` writes; the index rows only when `withAttrs` (else the writer derives them). */
export function blockWrite(block: BlockRecord, results: readonly TxResult[], snapshot: StateSnapshot | undefined, hashes: readonly string[] | undefined, withAttrs: boolean): BlockWrite {
  if (results.length !== block.txs.length) throw new Error(`saveBlock: ${block.txs.length} txs but ${results.length} results`);
  const h = Number(block.height);
  const attrs: unknown[] | undefined = withAttrs ? [] : undefined;
  const txs = block.txs.map((raw, i) => {
    const r = results[i]!;
    const id = block.height * TX_ID_SHIFT + BigInt(i);
    // raw_log and logs of a successful tx are derived from its events on read
    const log = r.code === 0 ? '' : r.log;
    const hash = hashes?.[i] ?? txHash(raw);
    if (attrs) pushIndexRows(attrs, hash, r.events, id);
    return [id, hash, h, i, raw, r.code, r.codespace, log, r.info, r.gas_wanted.toString(), r.gas_used.toString(), r.data, JSON.stringify(r.events)];
  });
  return {
    block: [
      h,
      block.timeNs.toString(),
      block.hash,
      block.appHash,
      JSON.stringify(block.header),
      JSON.stringify(block.lastCommit),
      JSON.stringify(block.beginBlockEvents),
      JSON.stringify(block.endBlockEvents),
      block.txs.length,
      JSON.stringify(block.consensus ?? null),
    ],
    txs,
    ...(attrs ? { attrs } : {}),
    ...(snapshot !== undefined ? { snapshot } : {}),
  };
}

/**
 * A tx's index rows, flat (key, value, tx id): its hash under `TX_HASH_KEY`, then each indexed
 * event attribute under `type.key`.
 */
function pushIndexRows(out: unknown[], hash: string, events: readonly AbciEvent[], id: bigint): void {
  out.push(TX_HASH_KEY, hash, id);
  for (const e of events) for (const a of e.attributes) if (a.index) out.push(`${e.type}.${a.key}`, a.value, id);
}

function attrRows(txs: readonly (readonly unknown[])[]): unknown[] {
  const out: unknown[] = [];
  for (const row of txs) pushIndexRows(out, row[TX_HASH_COLUMN] as string, JSON.parse(row[TX_EVENTS_COLUMN] as string) as AbciEvent[], row[TX_ID_COLUMN] as bigint);
  return out;
}

function rowToTx(r: any): TxRecord {
  const events = JSON.parse(r.events) as AbciEvent[];
  const logs = r.code === 0 ? logsFromEvents(events) : [];
  return {
    hash: r.hash,
    height: BigInt(r.height),
    index: r.idx,
    raw: new Uint8Array(r.raw),
    timeNs: BigInt(r.time_ns),
    result: {
      code: r.code,
      codespace: r.codespace,
      log: r.code === 0 ? messageLogsText(logs) : r.log,
      info: r.info,
      gas_wanted: BigInt(r.gas_wanted),
      gas_used: BigInt(r.gas_used),
      data: new Uint8Array(r.data),
      events,
      logs,
    },
  };
}
