/**
 * The tx index in parts (src/events/block-store.ts `INDEX_PART_ROWS`): rows go to the latest part
 * until it is full, a batch behind the blocks goes to one part, every lookup reads all parts (the
 * same results as one part would give), pruning removes the parts it empties, a store from before
 * the parts has its index moved into the first (also when an open stopped halfway), and a batch
 * cut short in the latest part is written again at the next open, once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { BlockStore, blockWrite, type BlockRecord } from '../../src/events/block-store.ts';
import { TxIndexBuffer } from '../../src/events/tx-index-buffer.ts';
import { parseSearchQuery } from '../../src/events/search-query.ts';
import type { TxResult } from '../../src/abci/tx-result.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tx-index-parts-'));
  dirs.push(dir);
  return join(dir, 'chain.sqlite');
}

/** Block `height` with one tx per sender: `message.sender=<sender>`, `transfer.amount=<height>`. */
function block(height: number, senders: string[]) {
  const record = { height: BigInt(height), timeNs: BigInt(height), hash: new Uint8Array(32), appHash: new Uint8Array(32), header: {}, lastCommit: {}, txs: senders.map((s) => Buffer.from(`${height}:${s}`)), beginBlockEvents: [], endBlockEvents: [] } as BlockRecord;
  const results: TxResult[] = senders.map((sender) => ({
    code: 0,
    codespace: '',
    log: '',
    info: '',
    gas_wanted: 1n,
    gas_used: 1n,
    data: new Uint8Array(),
    events: [
      { type: 'message', attributes: [{ key: 'sender', value: sender, index: true }] },
      { type: 'transfer', attributes: [{ key: 'amount', value: String(height), index: true }] },
    ],
    logs: [],
  }));
  return { record, results };
}

const SENDERS = [['a', 'b'], ['b'], ['c', 'a', 'b'], ['a'], ['b', 'c'], ['c'], ['a', 'b', 'c']];

/** The answers a user sees from the index: searches of each shape, both orders, paged, and txs by hash. */
function answers(store: BlockStore) {
  const search = (q: string, opts = {}) => {
    const r = store.searchTxs(parseSearchQuery(q), opts);
    return { total: r.total, txs: r.txs.map((t) => `${t.height}/${t.index}`) };
  };
  const hashes = store.searchTxs(parseSearchQuery('tx.height>0'), { perPage: 100 }).txs.map((t) => t.hash);
  return {
    sender: search("message.sender='b'"),
    senderDesc: search("message.sender='b'", { orderBy: 'desc' }),
    page2: search("message.sender='a'", { perPage: 2, page: 2 }),
    both: search("message.sender='c' AND transfer.amount>=3"),
    exists: search('transfer.amount EXISTS', { perPage: 100 }),
    contains: search("message.sender CONTAINS 'c'"),
    range: search('transfer.amount<3'),
    byHash: search(`tx.hash='${hashes[4]}'`),
    getTx: hashes.map((h) => store.getTx(h.toLowerCase())?.height),
  };
}

const partsOf = (path: string) => {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare('SELECT part, COUNT(*) AS n FROM (SELECT part FROM tx_attrs UNION ALL SELECT part FROM tx_hashes) GROUP BY part ORDER BY part').all() as { part: number; n: number }[];
  } finally {
    db.close();
  }
};

describe('tx index in parts', () => {
  it('fills the latest part and then begins a new one; lookups across parts answer as one part does', () => {
    const onePath = tempPath();
    const one = new BlockStore(onePath);
    const manyPath = tempPath();
    // each block writes 3 rows a tx (hash, sender, amount): a part is full after 4 rows
    const many = new BlockStore(manyPath, { indexPartRows: 4 });
    SENDERS.forEach((senders, i) => {
      const { record, results } = block(i + 1, senders);
      one.saveBlock(record, results);
      many.saveBlock(record, results);
    });
    // blocks of 6, 3, 9, 3, 6, 3, 9 rows: a block's rows go to one part, a full part takes no more
    expect(partsOf(onePath)).toEqual([{ part: 1, n: 39 }]);
    expect(partsOf(manyPath)).toEqual([
      { part: 1, n: 6 },
      { part: 2, n: 3 + 9 },
      { part: 3, n: 3 + 6 },
      { part: 4, n: 3 + 9 },
    ]);
    const expected = answers(one);
    expect(expected.sender).toEqual({ total: 5, txs: ['1/1', '2/0', '3/2', '5/0', '7/1'] });
    expect(expected.senderDesc.txs).toEqual(['7/1', '5/0', '3/2', '2/0', '1/1']);
    expect(expected.page2).toEqual({ total: 4, txs: ['4/0', '7/0'] });
    expect(expected.both).toEqual({ total: 4, txs: ['3/0', '5/1', '6/0', '7/2'] });
    expect(expected.exists.total).toBe(13);
    expect(expected.contains).toEqual({ total: 4, txs: ['3/0', '5/1', '6/0', '7/2'] });
    expect(expected.range).toEqual({ total: 3, txs: ['1/0', '1/1', '2/0'] });
    expect(expected.byHash).toEqual({ total: 1, txs: ['3/1'] });
    expect(expected.getTx).toEqual([1n, 1n, 2n, 3n, 3n, 3n, 4n, 5n, 5n, 6n, 7n, 7n, 7n]);
    expect(answers(many)).toEqual(expected);
    one.close();
    many.close();
  });

  it('pruning removes the parts it empties; the rest answer as before', () => {
    const path = tempPath();
    const store = new BlockStore(path, { indexPartRows: 4 });
    SENDERS.forEach((senders, i) => store.saveBlock(block(i + 1, senders).record, block(i + 1, senders).results));
    // parts 1 (height 1), 2 (heights 2–3), 3 (4–5), 4 (6–7): below height 4, parts 1 and 2 empty
    store.pruneBlocksBelow(4n);
    expect(partsOf(path)).toEqual([
      { part: 3, n: 3 + 6 },
      { part: 4, n: 3 + 9 },
    ]);
    const db = new Database(path, { readonly: true });
    expect(db.prepare('SELECT part FROM tx_index_parts ORDER BY part').all()).toEqual([{ part: 3 }, { part: 4 }]);
    db.close();
    expect(store.searchTxs(parseSearchQuery("message.sender='b'")).txs.map((t) => `${t.height}/${t.index}`)).toEqual(['5/0', '7/1']);
    // new rows go on into the latest part, or a new one after it once it is full
    store.saveBlock(block(8, ['a']).record, block(8, ['a']).results);
    expect(partsOf(path).at(-1)).toEqual({ part: 5, n: 3 });
    expect(store.searchTxs(parseSearchQuery("message.sender='a'")).txs.map((t) => `${t.height}/${t.index}`)).toEqual(['4/0', '7/0', '8/0']);
    store.close();
  });

  it('a batch behind the blocks goes to one part, in key order', () => {
    const path = tempPath();
    const store = new BlockStore(path, { indexPartRows: 10 });
    const index = new TxIndexBuffer(store, undefined, { flushRows: 12, sliceRows: 5 });
    SENDERS.forEach((senders, i) => {
      const { record, results } = block(i + 1, senders);
      index.add(store.writeBlockDeferringIndex(blockWrite(record, results, undefined, undefined, false)), i + 1);
    });
    index.flush();
    // batches of heights 1–3 (18 rows), 4–6 (12) and 7 (9): each batch a part of its own (the
    // first two fill theirs); the last is not full and would take the next batch
    expect(partsOf(path)).toEqual([
      { part: 1, n: 18 },
      { part: 2, n: 12 },
      { part: 3, n: 9 },
    ]);
    const reference = new BlockStore(tempPath());
    SENDERS.forEach((senders, i) => reference.saveBlock(block(i + 1, senders).record, block(i + 1, senders).results));
    expect(answers(store)).toEqual(answers(reference));
    reference.close();
    store.close();
  });

  it.each([
    [
      'a store from before the parts has its index moved into the first part when opened',
      // the tables as they were: no part column, no list of parts
      `CREATE TABLE old_attrs (key TEXT NOT NULL, value TEXT NOT NULL, tx_id INTEGER NOT NULL, PRIMARY KEY (key, value, tx_id)) WITHOUT ROWID;
       INSERT INTO old_attrs SELECT key, value, tx_id FROM tx_attrs;
       CREATE TABLE old_hashes (hash TEXT NOT NULL, tx_id INTEGER NOT NULL, PRIMARY KEY (hash, tx_id)) WITHOUT ROWID;
       INSERT INTO old_hashes SELECT hash, tx_id FROM tx_hashes;
       DROP TABLE tx_attrs; DROP TABLE tx_hashes; DROP TABLE tx_index_parts;
       ALTER TABLE old_attrs RENAME TO tx_attrs; ALTER TABLE old_hashes RENAME TO tx_hashes;`,
    ],
    [
      'an open stopped after setting the old index aside moves it at the next open',
      // the old tables renamed, the new ones made and empty: what a stop before the copy leaves
      `CREATE TABLE tx_attrs_unparted (key TEXT NOT NULL, value TEXT NOT NULL, tx_id INTEGER NOT NULL, PRIMARY KEY (key, value, tx_id)) WITHOUT ROWID;
       INSERT INTO tx_attrs_unparted SELECT key, value, tx_id FROM tx_attrs;
       CREATE TABLE tx_hashes_unparted (hash TEXT NOT NULL, tx_id INTEGER NOT NULL, PRIMARY KEY (hash, tx_id)) WITHOUT ROWID;
       INSERT INTO tx_hashes_unparted SELECT hash, tx_id FROM tx_hashes;
       DELETE FROM tx_attrs; DELETE FROM tx_hashes; DELETE FROM tx_index_parts;`,
    ],
  ])('%s', (_name, oldLayout) => {
    const path = tempPath();
    const store = new BlockStore(path);
    SENDERS.forEach((senders, i) => store.saveBlock(block(i + 1, senders).record, block(i + 1, senders).results));
    const expected = answers(store);
    store.close();
    const old = new Database(path);
    old.exec(oldLayout);
    old.close();
    const reopened = new BlockStore(path);
    expect(answers(reopened)).toEqual(expected);
    reopened.close();
    expect(partsOf(path)).toEqual([{ part: 1, n: 39 }]);
    const check = new Database(path, { readonly: true });
    expect(check.prepare("SELECT name FROM sqlite_master WHERE name LIKE '%unparted%'").all()).toEqual([]);
    expect(check.prepare('SELECT part, rows FROM tx_index_parts').all()).toEqual([{ part: 1, rows: 39 }]);
    check.close();
  });

  it('a batch cut short in the latest part is written again at the next open, each row once', () => {
    const path = tempPath();
    // parts of 5 rows: the cut batch's part is full, so the rows are written again to a new one
    const store = new BlockStore(path, { indexPartRows: 5 });
    const index = new TxIndexBuffer(store, undefined, { flushRows: 18, sliceRows: 3 });
    for (const h of [1, 2, 3]) index.add(store.writeBlockDeferringIndex(blockWrite(block(h, SENDERS[h - 1]!).record, block(h, SENDERS[h - 1]!).results, undefined, undefined, false)), h);
    // heights 1–3 are one batch of 18 rows; a block of 6 rows pays for four slices of 3: the six
    // hashes (their key sorts first) and six attributes
    index.add(store.writeBlockDeferringIndex(blockWrite(block(4, ['a', 'b']).record, block(4, ['a', 'b']).results, undefined, undefined, false)), 4);
    expect(partsOf(path)).toEqual([{ part: 1, n: 12 }]);
    store.close(); // without a flush: the writer thread stopped here
    const reopened = new BlockStore(path, { indexPartRows: 5 });
    expect(partsOf(path)).toEqual([{ part: 2, n: 18 + 6 }]);
    const reference = new BlockStore(tempPath());
    for (const h of [1, 2, 3, 4]) reference.saveBlock(block(h, h === 4 ? ['a', 'b'] : SENDERS[h - 1]!).record, block(h, h === 4 ? ['a', 'b'] : SENDERS[h - 1]!).results);
    expect(answers(reopened)).toEqual(answers(reference));
    reference.close();
    reopened.close();
  });
});
