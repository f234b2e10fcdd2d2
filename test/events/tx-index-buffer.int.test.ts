/**
 * The tx index written behind the blocks (src/events/tx-index-buffer.ts): rows gathered into a
 * sorted batch, written slice by slice as the next blocks pay for it or all at once by a flush (in
 * both, the blocks that arrive between its slices written first), the indexed height recorded with a
 * batch's last slice only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { BlockStore, blockWrite, TX_HASH_KEY, type BlockRecord } from '../../src/events/block-store.ts';
import { TxIndexBuffer } from '../../src/events/tx-index-buffer.ts';
import type { TxResult } from '../../src/abci/tx-result.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A block of one tx per value, each with one indexed attribute `transfer.recipient=<value>`. */
function block(height: number, values: string[]) {
  const record = { height: BigInt(height), timeNs: BigInt(height), hash: new Uint8Array(32), appHash: new Uint8Array(32), header: {}, lastCommit: {}, txs: values.map((v) => Buffer.from(`${height}:${v}`)), beginBlockEvents: [], endBlockEvents: [] } as BlockRecord;
  const results: TxResult[] = values.map((value) => ({ code: 0, codespace: '', log: '', info: '', gas_wanted: 1n, gas_used: 1n, data: new Uint8Array(), events: [{ type: 'transfer', attributes: [{ key: 'recipient', value, index: true }, { key: 'memo', value: 'x', index: false }] }], logs: [] }));
  return blockWrite(record, results, undefined, undefined, false);
}

/** A written block's index rows without its txs' hash rows (these tests count attribute rows only). */
function written(store: BlockStore, w: ReturnType<typeof block>): unknown[] {
  const rows = store.writeBlockDeferringIndex(w);
  const out: unknown[] = [];
  for (let i = 0; i < rows.length; i += 3) if (rows[i] !== TX_HASH_KEY) out.push(rows[i], rows[i + 1], rows[i + 2]);
  return out;
}

function open() {
  const dir = mkdtempSync(join(tmpdir(), 'tx-index-buffer-'));
  dirs.push(dir);
  const path = join(dir, 'chain.sqlite');
  return { store: new BlockStore(path), reader: new Database(path, { readonly: true }) };
}

const indexRows = (db: Database.Database) => db.prepare('SELECT value, tx_id FROM tx_attrs ORDER BY key, value, tx_id').all() as { value: string; tx_id: number }[];
const indexedHeight = (db: Database.Database) => (db.prepare("SELECT value FROM meta WHERE key = 'tx_index_height'").get() as { value: string } | undefined)?.value;

describe('TxIndexBuffer', () => {
  it('gathers rows into a sorted batch, written slice by slice as the next blocks pay for it, the height with the last slice', () => {
    const { store, reader } = open();
    const between: string[][] = [];
    const index = new TxIndexBuffer(store, () => between.push(indexRows(reader).map((r) => r.value)), { flushRows: 6, sliceRows: 2 });
    const values = () => indexRows(reader).map((r) => r.value);
    index.add(written(store, block(1, ['d', 'b'])), 1);
    index.add(written(store, block(2, ['a', 'c'])), 2);
    index.add(written(store, block(3, ['b', 'e'])), 3);
    // six rows: the batch of heights 1–3, not yet written
    expect(values()).toEqual([]);
    expect(indexedHeight(reader)).toBe('0');
    expect(index.empty).toBe(false);
    // a block of one row pays for two rows of the batch: its first slice, in (key, value) order
    index.add(written(store, block(4, ['f'])), 4);
    expect(values()).toEqual(['a', 'b']);
    expect(indexedHeight(reader)).toBe('0');
    // two rows pay for four: the rest of the batch, and the height it covers
    index.add(written(store, block(5, ['h', 'g'])), 5);
    expect(indexRows(reader)).toEqual([
      { value: 'a', tx_id: 2_000_000 },
      { value: 'b', tx_id: 1_000_001 },
      { value: 'b', tx_id: 3_000_000 },
      { value: 'c', tx_id: 2_000_001 },
      { value: 'd', tx_id: 1_000_000 },
      { value: 'e', tx_id: 3_000_001 },
    ]);
    expect(indexedHeight(reader)).toBe('3');
    // between those two slices the writer took the blocks that had arrived
    expect(between).toEqual([['a', 'b', 'b', 'c']]);
    // a flush writes what is held, in slices
    index.flush();
    expect(between).toEqual([['a', 'b', 'b', 'c'], ['a', 'b', 'b', 'c', 'd', 'e', 'f', 'g']]);
    expect(values()).toEqual(['a', 'b', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
    expect(indexedHeight(reader)).toBe('5');
    expect(index.empty).toBe(true);
    reader.close();
    store.close();
  });

  it('a batch not done when the next is gathered is finished first', () => {
    const { store, reader } = open();
    const index = new TxIndexBuffer(store, undefined, { flushRows: 4, sliceRows: 100 });
    index.add(written(store, block(1, ['b', 'a', 'c', 'd'])), 1);
    expect(indexRows(reader)).toEqual([]);
    index.add(written(store, block(2, ['z', 'y', 'x', 'w'])), 2);
    // four rows pay for eight, less than a slice of 100: the first batch is written whole as the second forms
    expect(indexRows(reader).map((r) => r.value)).toEqual(['a', 'b', 'c', 'd']);
    expect(indexedHeight(reader)).toBe('1');
    index.flush();
    expect(indexRows(reader).map((r) => r.value)).toEqual(['a', 'b', 'c', 'd', 'w', 'x', 'y', 'z']);
    expect(indexedHeight(reader)).toBe('2');
    reader.close();
    store.close();
  });

  it('blocks written while a batch is finished gather for the next batch, which takes them all', () => {
    const { store, reader } = open();
    const arrivals = [block(3, ['m'])];
    const index: TxIndexBuffer = new TxIndexBuffer(
      store,
      () => {
        for (const w of arrivals.splice(0)) index.add(written(store, w), w.block[0]);
      },
      { flushRows: 2, sliceRows: 1 },
    );
    index.add(written(store, block(1, ['f', 'e', 'd', 'c', 'b', 'a'])), 1); // a batch of six, unwritten
    // two rows pay for four slices of it, then form a batch of their own: the first is finished,
    // slice by slice, and block 3 arrives between two slices
    index.add(written(store, block(2, ['h', 'g'])), 2);
    expect(indexRows(reader).map((r) => r.value)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(indexedHeight(reader)).toBe('1');
    expect(store.latestHeight()).toBe(3n);
    index.flush();
    expect(indexRows(reader).map((r) => r.value)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'm']);
    expect(indexedHeight(reader)).toBe('3');
    reader.close();
    store.close();
  });

  it('writes a row a tx has twice once, the same rows as the index keeps', () => {
    const { store, reader } = open();
    const record = { height: 1n, timeNs: 1n, hash: new Uint8Array(32), appHash: new Uint8Array(32), header: {}, lastCommit: {}, txs: [Buffer.from('1:a'), Buffer.from('1:b')], beginBlockEvents: [], endBlockEvents: [] } as BlockRecord;
    const attr = (key: string, value: string) => ({ key, value, index: true });
    const events = (sender: string) => [
      { type: 'message', attributes: [attr('sender', sender)] },
      { type: 'transfer', attributes: [attr('sender', sender), attr('recipient', 'r')] },
      { type: 'message', attributes: [attr('sender', sender), attr('module', 'bank')] },
    ];
    const results: TxResult[] = ['s1', 's2'].map((sender) => ({ code: 0, codespace: '', log: '', info: '', gas_wanted: 1n, gas_used: 1n, data: new Uint8Array(), events: events(sender), logs: [] }));
    const sent: unknown[][] = [];
    const writeIndex = store.writeIndex.bind(store);
    store.writeIndex = (rows, height) => {
      sent.push([...rows]);
      writeIndex(rows, height);
    };
    const index = new TxIndexBuffer(store, () => {}, { flushRows: 100, sliceRows: 100 });
    index.add(written(store, blockWrite(record, results, undefined, undefined, false)), 1);
    index.flush();
    const [id0, id1] = [1_000_000n, 1_000_001n]; // height × 10⁶ + index in the block
    expect(sent).toEqual([
      ['message.module', 'bank', id0, 'message.module', 'bank', id1, 'message.sender', 's1', id0, 'message.sender', 's2', id1, 'transfer.recipient', 'r', id0, 'transfer.recipient', 'r', id1, 'transfer.sender', 's1', id0, 'transfer.sender', 's2', id1],
    ]);
    expect(reader.prepare('SELECT key, value, tx_id FROM tx_attrs ORDER BY key, value, tx_id').all().length).toBe(8);
    reader.close();
    store.close();
  });

  it('blocks written between slices are held for the next flush', () => {
    const { store, reader } = open();
    let arrivals = [block(4, ['z']), block(5, ['y'])];
    const index: TxIndexBuffer = new TxIndexBuffer(
      store,
      () => {
        // the writer thread takes the blocks that arrived during the flush
        for (const w of arrivals.splice(0)) index.add(written(store, w), w.block[0]);
      },
      { flushRows: 100, sliceRows: 1 },
    );
    index.add(written(store, block(1, ['m', 'n'])), 1);
    index.flush();
    expect(store.latestHeight()).toBe(5n);
    expect(indexRows(reader).map((r) => r.value)).toEqual(['m', 'n']);
    expect(indexedHeight(reader)).toBe('1');
    expect(index.empty).toBe(false);
    arrivals = [];
    index.flush();
    expect(indexRows(reader).map((r) => r.value)).toEqual(['m', 'n', 'y', 'z']);
    expect(indexedHeight(reader)).toBe('5');
    reader.close();
    store.close();
  });
});
