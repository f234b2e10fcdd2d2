/**
 * block_search's matching (src/events/block-search.ts) over a block store written behind, with
 * BeginBlock and EndBlock events made for the rules of CometBFT 0.37's kv block indexer
 * (state/indexer/block/kv): `block.height` alone selects blocks, attribute conditions must all hold
 * in one event, ranges compare base-10 integers, and the indexer's quirks with repeated conditions.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchBlockHeights } from '../../../src/events/block-search.ts';
import { BlockStore, type BlockRecord } from '../../../src/events/block-store.ts';
import type { AbciEvent } from '../../../src/events/event.ts';
import { parseSearchQuery } from '../../../src/events/search-query.ts';

const ev = (type: string, attrs: Record<string, string>, index = true): AbciEvent => ({ type, attributes: Object.entries(attrs).map(([key, value]) => ({ key, value, index })) });

/** height → [BeginBlock events, EndBlock events] */
const EVENTS: [AbciEvent[], AbciEvent[]][] = [
  [[ev('mint', { amount: '10', minter: 'm1' })], []],
  [[ev('mint', { amount: '20' }), ev('transfer', { sender: 'a', recipient: 'b' })], [ev('complete_unbonding', { delegator: 'd1', amount: '5' })]],
  [[ev('transfer', { sender: 'a', recipient: 'c' }), ev('transfer', { sender: 'x', recipient: 'b' })], []],
  [[ev('mint', { amount: 'abc' }), ev('hidden', { k: 'v' }, false)], [ev('mint', { amount: '7' })]],
  [[ev('mint', { amount: '+30' })], [ev('', { k: 'v' }), ev('note', { text: 'say «hi» \\ ok' })]],
  [[], []],
];

let dir: string;
let store: BlockStore;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'block-search-'));
  // written behind: every search below runs right after the writes were posted to the writer thread
  store = new BlockStore(join(dir, 'chain.sqlite'), { writeBehind: true });
  EVENTS.forEach(([begin, end], i) => {
    const block: BlockRecord = {
      height: BigInt(i + 1),
      timeNs: 1_000_000_000n * BigInt(i + 1),
      hash: new Uint8Array(32).fill(i + 1),
      appHash: new Uint8Array(32),
      header: {},
      lastCommit: {},
      txs: [],
      beginBlockEvents: begin,
      endBlockEvents: end,
    };
    store.saveBlock(block, []);
  });
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const search = (query: string, base = 1n, latest = 6n) => searchBlockHeights(store, parseSearchQuery(query), base, latest).map(Number);

describe('block_search matching', () => {
  it('reads blocks the writer thread has not yet committed (it waits for them)', () => {
    const fresh = new BlockStore(join(dir, 'fresh.sqlite'), { writeBehind: true });
    try {
      for (let h = 1; h <= 3; h++) {
        fresh.saveBlock({ height: BigInt(h), timeNs: BigInt(h), hash: new Uint8Array(32).fill(h), appHash: new Uint8Array(32), header: {}, lastCommit: {}, txs: [], beginBlockEvents: [ev('mint', { amount: String(h) })], endBlockEvents: [] }, []);
      }
      expect(searchBlockHeights(fresh, parseSearchQuery('mint.amount >= 2'), 1n, 3n)).toEqual([2n, 3n]);
      expect(searchBlockHeights(fresh, parseSearchQuery('block.height > 0'), 1n, 3n)).toEqual([1n, 2n, 3n]);
    } finally {
      fresh.close();
    }
  });

  it.each([
    ['block.height = 3', [3]],
    ['block.height = 3 AND block.height = 5', [3]],
    ['block.height = 9', []],
    ['block.height = 0', []],
    ['block.height >= 2 AND block.height < 5', [2, 3, 4]],
    ['block.height > 4', [5, 6]],
    ['block.height <= 2', [1, 2]],
    // a `block.height =` beside a height range is dropped
    ['block.height = 2 AND block.height > 4', [5, 6]],
    // a later bound replaces an earlier one; an inclusive bound stays inclusive
    ['block.height > 2 AND block.height > 4', [5, 6]],
    ['block.height > 4 AND block.height > 2', [3, 4, 5, 6]],
    ['block.height >= 2 AND block.height > 4', [4, 5, 6]],
    ['block.height > 2.5', []],
    ['block.height EXISTS', []],
    ["block.height CONTAINS '1'", []],
  ])('by height: %s → %j', (query, heights) => {
    expect(search(query)).toEqual(heights);
  });

  it.each([
    ['mint.amount EXISTS', [1, 2, 4, 5]],
    // an EndBlock event (block 2), a BeginBlock one (block 4's `7` is in EndBlock)
    ["complete_unbonding.delegator = 'd1'", [2]],
    ["mint.amount = '7'", [4]],
    ["mint.minter CONTAINS '1'", [1]],
    // integers only: `abc` never matches, `+30` is 30 (Go's big.Int)
    ['mint.amount > 15', [2, 5]],
    ['mint.amount >= 7 AND mint.amount <= 10', [1, 4]],
    ['mint.amount > 5.5', []],
    ["transfer.recipient = 'b'", [2, 3]],
    // every attribute condition in one event: block 3 has sender a and recipient b, in two events
    ["transfer.sender = 'a' AND transfer.recipient = 'b'", [2]],
    ['mint.amount EXISTS AND transfer.sender EXISTS', []],
    // attributes with index false are not indexed; tm.event is no block event attribute
    ['hidden.k EXISTS', []],
    ["tm.event = 'NewBlock'", []],
    // heights bound the attribute matches
    ['mint.amount EXISTS AND block.height > 1 AND block.height < 5', [2, 4]],
    ['mint.amount EXISTS AND block.height = 4', [4]],
    ['mint.amount EXISTS AND block.height = 0', [1, 2, 4, 5]],
    // values with JSON escapes
    [`note.text = 'say «hi» \\ ok'`, [5]],
    [`note.text CONTAINS '«hi» \\'`, [5]],
    ["note.text = 'say'", []],
  ])('by event attribute: %s → %j', (query, heights) => {
    expect(search(query)).toEqual(heights);
  });

  it('only the stored heights between base and latest', () => {
    expect(search('block.height > 0', 3n, 5n)).toEqual([3, 4, 5]);
    expect(search('block.height = 2', 3n, 5n)).toEqual([]);
    expect(search('mint.amount EXISTS', 3n, 5n)).toEqual([4, 5]);
    expect(search('block.height > 0', 1n, 0n)).toEqual([]);
  });
});
