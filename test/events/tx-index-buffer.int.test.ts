/**
 * The tx index written behind the blocks (src/events/tx-index-buffer.ts): rows held until enough
 * have gathered, then written sorted, slice by slice, the blocks that arrive between slices written
 * first, the indexed height recorded with the last slice only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { BlockStore, blockWrite, type BlockRecord } from '../../src/events/block-store.ts';
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

function open() {
  const dir = mkdtempSync(join(tmpdir(), 'tx-index-buffer-'));
  dirs.push(dir);
  const path = join(dir, 'chain.sqlite');
  return { store: new BlockStore(path), reader: new Database(path, { readonly: true }) };
}

const indexRows = (db: Database.Database) => db.prepare('SELECT value, tx_id FROM tx_attrs ORDER BY key, value, tx_id').all() as { value: string; tx_id: number }[];
const indexedHeight = (db: Database.Database) => (db.prepare("SELECT value FROM meta WHERE key = 'tx_index_height'").get() as { value: string } | undefined)?.value;

describe('TxIndexBuffer', () => {
  it('holds rows until enough have gathered, then writes them sorted in slices, recording the height with the last', () => {
    const { store, reader } = open();
    const seen: { values: string[]; height: string | undefined }[] = [];
    const index = new TxIndexBuffer(store, () => seen.push({ values: indexRows(reader).map((r) => r.value), height: indexedHeight(reader) }), { flushRows: 6, sliceRows: 2 });
    index.add(store.writeBlockDeferringIndex(block(1, ['d', 'b'])), 1);
    index.add(store.writeBlockDeferringIndex(block(2, ['a', 'c'])), 2);
    expect(indexRows(reader)).toEqual([]);
    expect(index.empty).toBe(false);
    index.add(store.writeBlockDeferringIndex(block(3, ['b', 'e'])), 3);
    // 6 rows: three slices of two, in (key, value) order; the height only with the last
    expect(seen).toEqual([
      { values: ['a', 'b'], height: '0' },
      { values: ['a', 'b', 'b', 'c'], height: '0' },
    ]);
    expect(indexRows(reader)).toEqual([
      { value: 'a', tx_id: 2_000_000 },
      { value: 'b', tx_id: 1_000_001 },
      { value: 'b', tx_id: 3_000_000 },
      { value: 'c', tx_id: 2_000_001 },
      { value: 'd', tx_id: 1_000_000 },
      { value: 'e', tx_id: 3_000_001 },
    ]);
    expect(indexedHeight(reader)).toBe('3');
    expect(index.empty).toBe(true);
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
        for (const w of arrivals.splice(0)) index.add(store.writeBlockDeferringIndex(w), w.block[0]);
      },
      { flushRows: 100, sliceRows: 1 },
    );
    index.add(store.writeBlockDeferringIndex(block(1, ['m', 'n'])), 1);
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
