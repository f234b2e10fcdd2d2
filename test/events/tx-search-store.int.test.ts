/**
 * tx_search's matching (src/events/tx-search.ts) over a block store, with tx events made for the
 * rules of CometBFT 0.37's kv tx indexer (state/txindex/kv): ranges read a value whole as a
 * base-10 big integer and one value must fall in all of a key's bounds, `=` compares the operand's
 * `%v`, a `tx.hash` decides alone, and the indexer's quirks with `tx.height`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TxResult } from '../../src/abci/tx-result.ts';
import { txHash } from '../../src/codec/tx.ts';
import { BlockStore, type BlockRecord } from '../../src/events/block-store.ts';
import type { AbciEvent } from '../../src/events/event.ts';
import { parseSearchQuery, QuerySyntaxError } from '../../src/events/search-query.ts';

const ev = (type: string, attrs: [string, string][]): AbciEvent => ({ type, attributes: attrs.map(([key, value]) => ({ key, value, index: true })) });
const result = (events: AbciEvent[]): TxResult => ({ code: 0, codespace: '', log: '[]', info: '', gas_wanted: 1n, gas_used: 1n, events, data: new Uint8Array(), logs: [] });

/** height → the events of each of its txs */
const BLOCKS: AbciEvent[][][] = [
  [[ev('coin_spent', [['amount', '200wei']]), ev('x', [['n', '200']])], [ev('x', [['n', '3'], ['n', '10']])]],
  [[ev('x', [['n', '18446744073709551617'], ['f', '5.5']])], [ev('x', [['n', '-5']])]],
  [[ev('x', [['n', '100']])]],
  [],
  [[], []],
  [],
  [],
  [],
  [],
  [],
  [[ev('x', [['n', '7']])]],
];

const raw = (height: number, index: number) => Uint8Array.of(height, index, 0x5a);
let dir: string;
let store: BlockStore;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tx-search-'));
  store = new BlockStore(join(dir, 'chain.sqlite'));
  BLOCKS.forEach((txs, i) => {
    const block: BlockRecord = {
      height: BigInt(i + 1),
      timeNs: 1_000_000_000n * BigInt(i + 1),
      hash: new Uint8Array(32).fill(i + 1),
      appHash: new Uint8Array(32),
      header: {},
      lastCommit: {},
      txs: txs.map((_, j) => raw(i + 1, j)),
      beginBlockEvents: [],
      endBlockEvents: [],
    };
    store.saveBlock(block, txs.map(result));
  });
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The txs found, as `height/index`. */
const search = (query: string) => store.searchTxs(parseSearchQuery(query), { perPage: 100 }).txs.map((t) => `${t.height}/${t.index}`);
const hashOf = (height: number, index: number) => txHash(raw(height, index));

describe('tx_search matching (the kv indexer)', () => {
  it.each([
    // a range reads the value whole as an integer: `200wei` is no number (CometBFT 0.37.2+)
    ['coin_spent.amount>100', []],
    ['x.n>100', ['1/0', '2/0']],
    ['x.n>=100', ['1/0', '2/0', '3/0']],
    // big integers, not doubles: 2^64 + 1 against 2^64
    ['x.n>18446744073709551616', ['2/0']],
    ['x.n<18446744073709551617 AND x.n>=200', ['1/0']],
    // Go's SetString reads a sign
    ['x.n<0', ['2/1']],
    // the bounds of one key make one range a single value must fall in (3 and 10 do not)
    ['x.n>5 AND x.n<4', []],
    ['x.n>2 AND x.n<4', ['1/1']],
    // a later bound replaces an earlier one
    ['x.n>150 AND x.n>5', ['1/0', '1/1', '2/0', '3/0', '11/0']],
    // a decimal bound matches nothing
    ['x.n>5.5', []],
    // = compares the operand's %v: a number as Go prints it
    ['x.n=10', ['1/1']],
    ['x.f=5.50', ['2/0']],
    ["x.f='5.50'", []],
    ['x.f CONTAINS \'.5\'', ['2/0']],
    ['x.f EXISTS', ['2/0']],
  ])('%s → %j', (query, found) => {
    expect(search(query)).toEqual(found);
  });

  it('a tx.hash condition decides alone; a bad one is an error', () => {
    expect(search(`tx.hash='${hashOf(2, 1).toLowerCase()}' AND x.n=999`)).toEqual(['2/1']);
    expect(search(`tx.hash='${'00'.repeat(32)}'`)).toEqual([]);
    expect(() => search("tx.hash='XYZ'")).toThrow(new QuerySyntaxError("error during searching for a hash in the query: encoding/hex: invalid byte: U+0058 'X'"));
    expect(() => search("tx.hash='ABC'")).toThrow(new QuerySyntaxError('error during searching for a hash in the query: encoding/hex: odd length hex string'));
    expect(() => search("tx.hash=''")).toThrow(new QuerySyntaxError('error while retrieving the result: transaction hash cannot be empty'));
  });

  it('tx.height: the first = counts, a range or EXISTS beside it drops it, 0 bounds nothing', () => {
    expect(search('tx.height=2')).toEqual(['2/0', '2/1']);
    expect(search('tx.height=2 AND tx.height=3')).toEqual(['2/0', '2/1']);
    expect(search('tx.height=2 AND tx.height>2')).toEqual(['3/0', '5/0', '5/1', '11/0']);
    expect(search('tx.height=2 AND x.n EXISTS')).toEqual(['2/0', '2/1']);
    expect(search('tx.height=0 AND x.n>150')).toEqual(['1/0', '2/0']);
    expect(search('tx.height>=2 AND tx.height<5 AND x.n EXISTS')).toEqual(['2/0', '2/1', '3/0']);
    expect(search('tx.height CONTAINS \'1\'')).toEqual(['1/0', '1/1', '11/0']);
    expect(search('tx.height EXISTS AND tx.height=3')).toHaveLength(8);
    expect(search('block.height>0')).toEqual([]);
  });

  it('an operand time.Parse refuses is the search error Conditions gives', () => {
    expect(() => search('x.t>TIME 2021-02-29T10:00:00Z')).toThrow(
      new QuerySyntaxError('error during parsing conditions from query: got parsing time "2021-02-29T10:00:00Z": day out of range while trying to parse 2021-02-29T10:00:00Z as time.Time / RFC3339 (should never happen if the grammar is correct)'),
    );
  });
});
