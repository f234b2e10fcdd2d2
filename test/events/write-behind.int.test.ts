/**
 * Write-behind persistence (src/events/write-behind.ts): blocks are written by the writer thread,
 * reported only once written, always visible to reads, replayable after a reopen; a failed write
 * is fatal and names the height. The tx index is written behind the blocks: held by the writer
 * until a read of the index, a pause or the close, and completed at the next open after a crash.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { Chain, type CommittedBlock } from '../../src/abci/chain.ts';
import { Node } from '../../src/node/node.ts';
import { appModules } from '../../src/abci/modules.ts';
import { parseSearchQuery } from '../../src/events/search-query.ts';
import { genesisWith, msgSend, signed, testKey } from '../helpers/fixture.ts';

const alice = testKey(0);
const bob = testKey(1);
const FEE = [{ denom: 'wei', amount: '200000000000000' }];
const genesis = genesisWith([[alice.address, 10n ** 21n]]);
const sendTx = (seq: bigint) => signed(alice, 0n, seq, { messages: [msgSend(alice.address, bob.address, 1n + seq)], fee: FEE });

const dirs: string[] = [];
function tempDb(): string {
  const dir = mkdtempSync(join(tmpdir(), 'write-behind-'));
  dirs.push(dir);
  return join(dir, 'chain.sqlite');
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A chain on a new store, written behind, and the heights it reports on `blocks$`. */
function reportingChain(dbPath = tempDb()) {
  const chain = Chain.open({ ...appModules, dbPath, genesis, snapshotInterval: 0, writeBehind: true });
  const reported: bigint[] = [];
  chain.blocks$.subscribe((b: CommittedBlock) => reported.push(b.height));
  return { chain, reported };
}

describe('write-behind block store', () => {
  it('reports each block after its write, and reads see every committed block', async () => {
    const dbPath = tempDb();
    const chain = Chain.open({ ...appModules, dbPath, genesis, snapshotInterval: 2, writeBehind: true });
    const reported: { height: bigint; inStore: boolean }[] = [];
    // a second connection sees only what the writer thread has committed
    const reader = new Database(dbPath, { readonly: true });
    const inStore = (h: bigint) => reader.prepare('SELECT 1 FROM blocks WHERE height = ?').get(Number(h)) !== undefined;
    chain.blocks$.subscribe((b: CommittedBlock) => reported.push({ height: b.height, inStore: inStore(b.height) }));

    const b1 = chain.commitBlock([sendTx(0n), sendTx(1n)]);
    expect(reported).toEqual([]); // not yet written: not reported
    expect(chain.store.getTx(b1.txs[1]!.hash)!.height).toBe(1n); // the read waits for the write
    expect(reported).toEqual([{ height: 1n, inStore: true }]);

    chain.commitBlock([sendTx(2n)]);
    chain.commitBlock([]);
    await new Promise((r) => setTimeout(r, 200)); // reported from the writer's message as well
    expect(reported.map((r) => r.height)).toEqual([1n, 2n, 3n]);
    expect(reported.every((r) => r.inStore)).toBe(true);
    expect(chain.store.searchTxs(parseSearchQuery(`message.sender='${alice.address}'`)).total).toBe(3);
    expect(chain.store.snapshotHeights()).toEqual([0n, 2n]);
    const appHash = Buffer.from(chain.app.info().lastBlockAppHash).toString('hex');
    chain.close();
    reader.close();

    const reopened = Chain.open({ ...appModules, dbPath, writeBehind: true });
    expect(reopened.height).toBe(3n);
    expect(Buffer.from(reopened.app.info().lastBlockAppHash).toString('hex')).toBe(appHash);
    reopened.commitBlock([sendTx(3n)]);
    expect(reopened.store.latestHeight()).toBe(4n);
    reopened.close();
  });

  it('serves the last committed block and the first from memory, without waiting for their writes, as the store returns them', () => {
    const { chain, reported } = reportingChain();
    chain.commitBlock([sendTx(0n)]);
    chain.commitBlock([sendTx(1n), sendTx(2n)]);
    const latest = chain.block(2n)!;
    // the first block, which `status` shows as the earliest: at a node's start its write may still run
    const first = chain.block(1n)!;
    expect(reported).toEqual([]); // no store read: nothing waited for the writer
    expect([first.height, latest.height]).toEqual([1n, 2n]);
    expect(latest).toEqual(chain.store.getBlock(2n)); // this read waits for the write
    expect(first).toEqual(chain.store.getBlock(1n));
    expect(reported).toEqual([1n, 2n]);
    chain.commitBlock([sendTx(3n)]);
    expect(chain.block(2n)).toEqual(chain.store.getBlock(2n)); // blocks in between come from the store
    chain.close();
  });

  it('a read of given blocks waits only for theirs; the earliest height is known without waiting', () => {
    const dbPath = tempDb();
    const { chain, reported } = reportingChain(dbPath);
    expect(chain.store.earliestHeight()).toBe(0n);
    chain.commitBlock([sendTx(0n)]);
    expect(chain.store.earliestHeight()).toBe(1n);
    expect(reported).toEqual([]); // the first block's height, without waiting for its write
    expect(chain.store.getBlock(1n)!.txs).toHaveLength(1); // waits for block 1
    expect(reported).toEqual([1n]);
    // another connection holds SQLite's write lock: the writer thread cannot write block 2 meanwhile
    const locker = new Database(dbPath);
    locker.exec('BEGIN IMMEDIATE');
    chain.commitBlock([sendTx(1n), sendTx(2n)]);
    const t = Date.now();
    expect(chain.store.getBlock(1n)!.height).toBe(1n);
    expect(chain.store.blockResults(1n)).toHaveLength(1);
    expect(chain.store.txCount(1n, 1n)).toBe(1);
    expect(Date.now() - t).toBeLessThan(1000);
    expect(reported).toEqual([1n]);
    locker.exec('ROLLBACK');
    locker.close();
    expect(chain.store.txCount(1n, 2n)).toBe(3); // waits for block 2
    expect(reported).toEqual([1n, 2n]);
    chain.store.pruneBlocksBelow(2n);
    expect(chain.store.earliestHeight()).toBe(2n);
    chain.close();
  });

  it('reports written blocks even when the thread never yields to the event loop', () => {
    const dbPath = tempDb();
    const { chain, reported } = reportingChain(dbPath);
    chain.commitBlock([sendTx(0n)]);
    // wait without yielding until the writer thread has written block 1 (seen by another connection)
    const reader = new Database(dbPath, { readonly: true });
    const sleeper = new Int32Array(new SharedArrayBuffer(4));
    const deadline = Date.now() + 20_000;
    while (reader.prepare('SELECT 1 FROM blocks WHERE height = 1').get() === undefined && Date.now() < deadline) Atomics.wait(sleeper, 0, 0, 20);
    reader.close();
    // the writer bumps its shared counter just after its transaction commits: give it that moment
    // (still without yielding; on a loaded machine the thread may be descheduled in between)
    Atomics.wait(sleeper, 0, 0, 300);
    chain.commitBlock([]);
    expect(reported).toEqual([1n]); // reported when block 2 was handed to the writer
    chain.close();
    expect(reported).toEqual([1n, 2n]); // close waits for the last write and reports it
  });

  it('a writer thread that dies fails the store with a message saying so', async () => {
    const chain = Chain.open({ ...appModules, dbPath: tempDb(), genesis, snapshotInterval: 0, writeBehind: true });
    chain.commitBlock([sendTx(0n)]);
    expect(chain.store.latestHeight()).toBe(1n);
    // the thread is stopped from outside, as a crash would stop it
    await (chain.store as unknown as { behind: { worker: { terminate(): Promise<number> } } }).behind.worker.terminate();
    await new Promise((r) => setTimeout(r, 50));
    const dead = /block store: writing block failed, the node must restart \(it resumes from the last written block\): the writer thread exited with code 1/;
    expect(() => chain.commitBlock([])).toThrow(dead);
    expect(() => chain.close()).toThrow(dead); // at once, and the connection is closed
  });

  it('a node whose block store fails stops producing and reports the error once', async () => {
    const errors: string[] = [];
    const node = new Node({
      ...appModules,
      dbPath: tempDb(),
      genesis,
      identity: { id: 'ab'.repeat(20), moniker: 'write-behind', listenAddr: 'tcp://127.0.0.1:26656', rpcAddress: 'tcp://127.0.0.1:0' },
      validators: [],
      blockIntervalMs: 20,
      writeBehind: true,
      onFatal: (err) => errors.push(err.message),
    });
    node.produceBlock();
    expect(node.chain.store.latestHeight()).toBe(1n);
    await (node.chain.store as unknown as { behind: { worker: { terminate(): Promise<number> } } }).behind.worker.terminate();
    node.start();
    await new Promise((r) => setTimeout(r, 300));
    expect(errors).toEqual([
      'block store: writing block failed, the node must restart (it resumes from the last written block): the writer thread exited with code 1',
    ]);
    expect(node.height).toBe(1n); // nothing was committed after the failure
    expect(() => node.close()).toThrow(/the writer thread exited with code 1/);
  });

  it('a failed write is fatal: the next call names the height and the cause, nothing after it is written', () => {
    const dbPath = tempDb();
    const chain = Chain.open({ ...appModules, dbPath, genesis, snapshotInterval: 0, writeBehind: true });
    chain.commitBlock([sendTx(0n)]);
    expect(chain.store.latestHeight()).toBe(1n);
    // another writer takes height 2 first, so the writer thread's insert fails
    const other = new Database(dbPath);
    other.prepare("INSERT INTO blocks (height, time_ns, hash, app_hash, header, last_commit, begin_events, end_events, num_txs) VALUES (2, '0', x'00', x'00', 'null', 'null', '[]', '[]', 0)").run();
    other.close();
    chain.commitBlock([sendTx(1n)]);
    const fatal = /block store: writing block failed, the node must restart \(it resumes from the last written block\): height 2: UNIQUE constraint failed: blocks\.height/;
    expect(() => chain.store.getBlock(2n)).toThrow(fatal);
    expect(() => chain.commitBlock([])).toThrow(fatal);
    expect(() => chain.close()).toThrow(fatal);
    const check = new Database(dbPath, { readonly: true });
    expect((check.prepare('SELECT COUNT(*) AS n FROM txs WHERE height = 2').get() as { n: number }).n).toBe(0);
    check.close();
  });

  it('writes the tx index behind the blocks: held until the index is read, complete at close', () => {
    const dbPath = tempDb();
    const chain = Chain.open({ ...appModules, dbPath, genesis, snapshotInterval: 0, writeBehind: true });
    const reader = new Database(dbPath, { readonly: true });
    const indexRows = () => (reader.prepare('SELECT COUNT(*) AS n FROM tx_attrs').get() as { n: number }).n;
    const hashRows = () => (reader.prepare('SELECT COUNT(*) AS n FROM tx_hashes').get() as { n: number }).n;
    const indexedHeight = () => (reader.prepare("SELECT value FROM meta WHERE key = 'tx_index_height'").get() as { value: string } | undefined)?.value;
    chain.commitBlock([sendTx(0n), sendTx(1n)]);
    chain.commitBlock([sendTx(2n)]);
    expect(chain.store.latestHeight()).toBe(2n);
    expect(indexRows()).toBe(0);
    expect(hashRows()).toBe(0);
    expect(indexedHeight()).toBe('0');
    const bySender = parseSearchQuery(`message.sender='${alice.address}'`);
    expect(chain.store.searchTxs(bySender).txs.map((t) => [t.height, t.index])).toEqual([[1n, 0], [1n, 1], [2n, 0]]);
    const rowsOfThree = indexRows();
    expect(rowsOfThree).toBeGreaterThan(3 * 15);
    expect(hashRows()).toBe(3);
    expect(indexedHeight()).toBe('2');
    // a tx by its hash reads the index too
    const third = chain.commitBlock([sendTx(3n)]).txs[0]!.hash;
    expect(chain.store.getTx(third)!.height).toBe(3n);
    expect(hashRows()).toBe(4);
    expect(indexedHeight()).toBe('3');
    const rowsOfFour = indexRows();
    chain.commitBlock([sendTx(4n)]);
    expect(chain.store.latestHeight()).toBe(4n);
    expect(indexRows()).toBe(rowsOfFour);
    chain.close();
    expect(indexRows()).toBe((rowsOfThree / 3) * 5);
    expect(hashRows()).toBe(5);
    expect(indexedHeight()).toBe('4');
    reader.close();
  });

  it('writes held index rows after three seconds without a new block', async () => {
    const dbPath = tempDb();
    const chain = Chain.open({ ...appModules, dbPath, genesis, snapshotInterval: 0, writeBehind: true });
    const reader = new Database(dbPath, { readonly: true });
    const indexed = () => (reader.prepare("SELECT value FROM meta WHERE key = 'tx_index_height'").get() as { value: string } | undefined)?.value;
    chain.commitBlock([sendTx(0n)]);
    expect(chain.store.latestHeight()).toBe(1n);
    expect(indexed()).toBe('0');
    await new Promise((r) => setTimeout(r, 2_000));
    expect(indexed()).toBe('0');
    await new Promise((r) => setTimeout(r, 1_500));
    expect(indexed()).toBe('1');
    reader.close();
    chain.close();
  });

  it('a writer stopped while holding index rows loses nothing: the next open indexes the blocks above the indexed height', async () => {
    const dbPath = tempDb();
    const chain = Chain.open({ ...appModules, dbPath, genesis, snapshotInterval: 0, writeBehind: true });
    chain.commitBlock([sendTx(0n)]);
    const bySender = parseSearchQuery(`message.sender='${alice.address}'`);
    expect(chain.store.searchTxs(bySender).total).toBe(1); // height 1 indexed
    chain.commitBlock([sendTx(1n), sendTx(2n)]);
    chain.commitBlock([sendTx(3n)]);
    expect(chain.store.latestHeight()).toBe(3n);
    // the thread is stopped from outside, as a crash would stop it, with heights 2 and 3 unindexed
    await (chain.store as unknown as { behind: { worker: { terminate(): Promise<number> } } }).behind.worker.terminate();
    const check = new Database(dbPath, { readonly: true });
    expect(check.prepare("SELECT value FROM meta WHERE key = 'tx_index_height'").get()).toEqual({ value: '1' });
    check.close();
    expect(() => chain.close()).toThrow(/the writer thread exited/);

    const reopened = Chain.open({ ...appModules, dbPath, writeBehind: true });
    expect(reopened.store.searchTxs(bySender).txs.map((t) => [t.height, t.index])).toEqual([[1n, 0], [2n, 0], [2n, 1], [3n, 0]]);
    expect(reopened.store.searchTxs(parseSearchQuery(`tx.acc_seq='${alice.address}/2'`)).txs.map((t) => t.height)).toEqual([2n]);
    reopened.close();
    // the same index as a store written with the index in each block's transaction
    const inline = tempDb();
    const same = Chain.open({ ...appModules, dbPath: inline, genesis, snapshotInterval: 0 });
    same.commitBlock([sendTx(0n)]);
    same.commitBlock([sendTx(1n), sendTx(2n)]);
    same.commitBlock([sendTx(3n)]);
    same.close();
    const rows = (path: string) => {
      const db = new Database(path, { readonly: true });
      const out = db.prepare('SELECT key, value, tx_id FROM tx_attrs ORDER BY key, value, tx_id').all();
      db.close();
      return out;
    };
    expect(rows(dbPath)).toEqual(rows(inline));
  });

  it('a new store whose writer is stopped before its first index write indexes every block at the next open', async () => {
    const dbPath = tempDb();
    const chain = Chain.open({ ...appModules, dbPath, genesis, snapshotInterval: 0, writeBehind: true });
    chain.commitBlock([sendTx(0n)]);
    chain.commitBlock([sendTx(1n)]);
    expect(chain.store.latestHeight()).toBe(2n);
    await (chain.store as unknown as { behind: { worker: { terminate(): Promise<number> } } }).behind.worker.terminate();
    expect(() => chain.close()).toThrow(/the writer thread exited/);
    const reopened = Chain.open({ ...appModules, dbPath, writeBehind: true });
    expect(reopened.store.searchTxs(parseSearchQuery(`message.sender='${alice.address}'`)).txs.map((t) => t.height)).toEqual([1n, 2n]);
    reopened.close();
  });

  it('a store from before tx_hashes moves its hash index there when opened', () => {
    const dbPath = tempDb();
    const chain = Chain.open({ ...appModules, dbPath, genesis, snapshotInterval: 0 });
    const hashes = [chain.commitBlock([sendTx(0n), sendTx(1n)]), chain.commitBlock([sendTx(2n)])].flatMap((b) => b.txs.map((t) => t.hash));
    chain.close();
    const old = new Database(dbPath);
    old.exec('DROP TABLE tx_hashes; CREATE INDEX txs_hash ON txs(hash);');
    old.close();
    const reopened = Chain.open({ ...appModules, dbPath, writeBehind: true });
    expect(hashes.map((h) => reopened.store.getTx(h.toLowerCase())?.height)).toEqual([1n, 1n, 2n]);
    expect(reopened.store.searchTxs(parseSearchQuery(`tx.hash='${hashes[2]}'`)).txs.map((t) => t.index)).toEqual([0]);
    reopened.close();
    const check = new Database(dbPath, { readonly: true });
    expect(check.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'txs_hash'").all()).toEqual([]);
    expect((check.prepare('SELECT COUNT(*) AS n FROM tx_hashes').get() as { n: number }).n).toBe(3);
    check.close();
  });

  it('a store from before the indexed height was recorded counts every stored block as indexed', () => {
    const dbPath = tempDb();
    const chain = Chain.open({ ...appModules, dbPath, genesis, snapshotInterval: 0 });
    chain.commitBlock([sendTx(0n)]);
    chain.commitBlock([sendTx(1n)]);
    chain.close();
    const old = new Database(dbPath);
    old.prepare("DELETE FROM meta WHERE key = 'tx_index_height'").run();
    const rowsBefore = (old.prepare('SELECT COUNT(*) AS n FROM tx_attrs').get() as { n: number }).n;
    old.close();
    const reopened = Chain.open({ ...appModules, dbPath, writeBehind: true });
    expect(reopened.store.searchTxs(parseSearchQuery(`message.sender='${alice.address}'`)).total).toBe(2);
    reopened.close();
    const check = new Database(dbPath, { readonly: true });
    expect(check.prepare("SELECT value FROM meta WHERE key = 'tx_index_height'").get()).toEqual({ value: '2' });
    expect((check.prepare('SELECT COUNT(*) AS n FROM tx_attrs').get() as { n: number }).n).toBe(rowsBefore);
    check.close();
  });
});
