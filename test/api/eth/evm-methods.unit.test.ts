// The EVM methods of a chain without an EVM, without a node (reference B.5, B.6): the call object
// and the log filter decoded with geth's texts, the block walk of eth_getLogs with the node's
// block-range-cap and logs-cap (no block above the head is read), and log filters under filter-cap.
import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { filterCriteria } from '../../../src/api/eth/filter-criteria.ts';
import { EthFilters } from '../../../src/api/eth/filters.ts';
import { checkGetLogs, queryLogs, type BlockLogs } from '../../../src/api/eth/logs.ts';
import { parsePositional, ParamsError } from '../../../src/api/eth/params.ts';
import { transactionArgs } from '../../../src/api/eth/transaction-args.ts';
import { paramsError } from './params-error.ts';
import type { Node } from '../../../src/node/node.ts';

const addr = `0x${'ab'.repeat(20)}`;
const topic = `0x${'cd'.repeat(32)}`;
const KNOWN = 'ee'.repeat(32);

const err = paramsError;

describe('the call object (x/evm TransactionArgs) as encoding/json decodes it', () => {
  it('decodes the fields, keys case-insensitively; null unsets; unknown keys are ignored', () => {
    expect(parsePositional(`[{"TO":"${addr}","value":"0x10","gas":"","input":"0x","other":1,"from":null}]`, [transactionArgs])).toEqual([
      { to: new Uint8Array(20).fill(0xab), value: 16n, gas: 0n, input: new Uint8Array(0) },
    ]);
    expect(parsePositional('[null]', [transactionArgs])).toEqual([{}]);
  });

  it("each field's hexutil error, placed on the struct field", () => {
    expect(err('["x"]', [transactionArgs])).toBe('invalid argument 0: json: cannot unmarshal string into Go value of type types.TransactionArgs');
    expect(err('[{"to":"0x1234"}]', [transactionArgs])).toBe('invalid argument 0: hex string has length 4, want 40 for common.Address');
    expect(err('[{"to":5}]', [transactionArgs])).toBe('invalid argument 0: json: cannot unmarshal non-string into Go struct field TransactionArgs.to of type common.Address');
    expect(err(`[{"to":"${addr.slice(2)}"}]`, [transactionArgs])).toBe(
      'invalid argument 0: json: cannot unmarshal hex string without 0x prefix into Go struct field TransactionArgs.to of type common.Address',
    );
    expect(err('[{"data":"0xabc"}]', [transactionArgs])).toBe('invalid argument 0: json: cannot unmarshal hex string of odd length into Go struct field TransactionArgs.data of type hexutil.Bytes');
    expect(err('[{"input":"0xzz"}]', [transactionArgs])).toBe('invalid argument 0: json: cannot unmarshal invalid hex string into Go struct field TransactionArgs.input of type hexutil.Bytes');
    expect(err('[{"value":"0x01"}]', [transactionArgs])).toBe('invalid argument 0: json: cannot unmarshal hex number with leading zero digits into Go struct field TransactionArgs.value of type *hexutil.Big');
    expect(err('[{"gas":"0x10000000000000000"}]', [transactionArgs])).toBe('invalid argument 0: json: cannot unmarshal hex number > 64 bits into Go struct field TransactionArgs.gas of type hexutil.Uint64');
    expect(err('[{"accessList":"x"}]', [transactionArgs])).toBe('invalid argument 0: json: cannot unmarshal string into Go struct field TransactionArgs.accessList of type types.AccessList');
  });
});

describe('the log filter (geth filters.FilterCriteria)', () => {
  it('a range, tags as geth numbers them, one address or several, topics with wildcards', () => {
    expect(parsePositional(`[{"fromBlock":"0x1","toBlock":"latest","address":"${addr}","topics":[null,"${topic}",["${topic}",null,5]]}]`, [filterCriteria])).toEqual([
      // go-ethereum v1.10.26 rpc/types.go: LatestBlockNumber = -1, PendingBlockNumber = -2
      { fromBlock: 1n, toBlock: -1n, addresses: [new Uint8Array(20).fill(0xab)], topics: [undefined, [new Uint8Array(32).fill(0xcd)], undefined] },
    ]);
    expect(parsePositional('[{}]', [filterCriteria])).toEqual([{ fromBlock: undefined, toBlock: undefined, addresses: [], topics: [] }]);
    expect(parsePositional(`[{"blockHash":"0x${KNOWN}","address":["${addr}"]}]`, [filterCriteria])).toEqual([
      { blockHash: new Uint8Array(32).fill(0xee), addresses: [new Uint8Array(20).fill(0xab)], topics: [] },
    ]);
  });

  it("geth's texts", () => {
    const crit = (json: string) => err(`[${json}]`, [filterCriteria]);
    expect(crit('"latest"')).toBe('invalid argument 0: json: cannot unmarshal string into Go value of type filters.input');
    expect(crit(`{"blockHash":"0x${KNOWN}","fromBlock":"0x1"}`)).toBe('invalid argument 0: cannot specify both BlockHash and FromBlock/ToBlock, choose one or the other');
    expect(crit('{"blockHash":"0x12"}')).toBe('invalid argument 0: hex string has length 2, want 64 for common.Hash');
    // geth's rpc.BlockNumber: no decimal text
    expect(crit('{"fromBlock":"16"}')).toBe('invalid argument 0: hex string without 0x prefix');
    expect(crit('{"toBlock":"0x8000000000000000"}')).toBe('invalid argument 0: block number larger than int64');
    expect(crit('{"address":"0x01"}')).toBe('invalid argument 0: invalid address: hex has invalid length 1 after decoding; expected 20 for address');
    expect(crit('{"address":["0x01"]}')).toBe('invalid argument 0: invalid address at index 0: hex has invalid length 1 after decoding; expected 20 for address');
    expect(crit('{"address":[null]}')).toBe('invalid argument 0: non-string address at index 0');
    expect(crit('{"address":{}}')).toBe('invalid argument 0: invalid addresses in query');
    expect(crit('{"topics":[1]}')).toBe('invalid argument 0: invalid topic(s)');
    expect(crit('{"topics":[[1]]}')).toBe('invalid argument 0: invalid topic(s)');
    expect(crit('{"topics":["0x01"]}')).toBe('invalid argument 0: hex has invalid length 1 after decoding; expected 32 for topic');
    expect(crit('{"topics":"x"}')).toBe('invalid argument 0: json: cannot unmarshal string into Go struct field input.topics of type []interface {}');
  });
});

describe('eth_getLogs walks the blocks as the node does', () => {
  const node = { height: 100n, blockByHash: (h: string) => (h === KNOWN ? { height: 7n } : undefined) } as unknown as Node;
  const caps = { logsCap: 3, blockRangeCap: 20 };
  const crit = (json: string) => parsePositional(`[${json}]`, [filterCriteria])[0] as Parameters<typeof queryLogs>[1];
  /** a log per block, to see which blocks are read */
  const seen: bigint[] = [];
  const oneEach: BlockLogs = (h) => (seen.push(h), [`0x${h.toString(16)}`]);

  it('no EVM, no logs: [] for a range, a block hash', () => {
    expect(queryLogs(node, crit('{"fromBlock":"0x1","toBlock":"0x15"}'), caps)).toEqual([]);
    expect(queryLogs(node, crit(`{"blockHash":"0x${KNOWN}"}`), caps)).toEqual([]);
  });

  it('block-range-cap on toBlock − fromBlock, with latest the head and earliest block 1', () => {
    expect(() => queryLogs(node, crit('{"fromBlock":"0x1","toBlock":"0x16"}'), caps)).toThrow('maximum [from, to] blocks distance: 20');
    expect(() => queryLogs(node, crit('{"fromBlock":"earliest"}'), caps)).toThrow('maximum [from, to] blocks distance: 20');
    expect(queryLogs(node, crit('{"fromBlock":"0x50"}'), { ...caps, blockRangeCap: 20 })).toEqual([]);
  });

  it('a fromBlock above the head is []; the first block above the head read is CometBFT\'s block_results error; the range cap counts the toBlock as asked', () => {
    seen.length = 0;
    expect(queryLogs(node, crit('{"fromBlock":"0x65","toBlock":"0x66"}'), caps, oneEach)).toEqual([]);
    expect(seen).toEqual([]);
    // stratos-chain Filter.Logs reads each block's bloom through block_results, which stops at the head
    expect(() => queryLogs(node, crit('{"fromBlock":"0x63","toBlock":"0x1000"}'), { logsCap: 10, blockRangeCap: 10_000 }, oneEach)).toThrow(
      'height 101 must be less than or equal to the current blockchain height 100',
    );
    expect(seen).toEqual([0x63n, 0x64n]);
    expect(queryLogs(node, crit('{"fromBlock":"0x63","toBlock":"latest"}'), { logsCap: 10, blockRangeCap: 10_000 }, oneEach)).toEqual(['0x63', '0x64']);
    // the node cuts toBlock to head + 600 only after this check: cut first, 0x2bc − 0x63 = 601 would pass
    expect(() => queryLogs(node, crit('{"fromBlock":"0x63","toBlock":"0x7fffffff"}'), { logsCap: 10, blockRangeCap: 10_000 }, oneEach)).toThrow('maximum [from, to] blocks distance: 10000');
  });

  it('logs-cap: more logs than the cap is the node error', () => {
    expect(queryLogs(node, crit('{"fromBlock":"0x1","toBlock":"0x3"}'), caps, oneEach)).toEqual(['0x1', '0x2', '0x3']);
    expect(() => queryLogs(node, crit('{"fromBlock":"0x1","toBlock":"0x4"}'), caps, oneEach)).toThrow('query returned more than 3 results');
  });

  it('an unknown block hash is named', () => {
    expect(() => queryLogs(node, crit(`{"blockHash":"0x${'01'.repeat(32)}"}`), caps)).toThrow(`failed to fetch header by hash: block not found for hash 0x${'01'.repeat(32)}`);
  });

  it("eth_getLogs' checks (stratos-chain GetLogs): at most 4 topics, two numbers in order", () => {
    const t = `"${topic}"`;
    expect(() => checkGetLogs(crit(`{"topics":[${t},${t},${t},${t},null]}`))).toThrow('exceed max topics');
    expect(() => checkGetLogs(crit(`{"topics":[${t},${t},${t},${t}]}`))).not.toThrow();
    expect(() => checkGetLogs(crit('{"fromBlock":"0x5","toBlock":"0x3"}'))).toThrow('invalid block range params');
    // only two numbers above 0 are compared
    for (const ok of ['{"fromBlock":"0x5","toBlock":"0x0"}', '{"fromBlock":"0x5","toBlock":"latest"}', '{"fromBlock":"latest","toBlock":"0x3"}', '{"fromBlock":"0x5"}']) expect(() => checkGetLogs(crit(ok))).not.toThrow();
  });
});

describe('log filters', () => {
  it('count against filter-cap (eth_newFilter fails at it), poll no changes, and are not block filters', () => {
    const blocks$ = new Subject<{ hash: Uint8Array; height: bigint }>();
    const filters = new EthFilters({ blocks$ } as unknown as Node, 2);
    try {
      const crit = { addresses: [], topics: [] };
      const logFilter = filters.newLogFilter(crit);
      const blockFilter = filters.newBlockFilter();
      expect(() => filters.newLogFilter(crit)).toThrow('error creating filter: max limit reached');
      // stratos-chain NewBlockFilter answers its pending-tx filter's text as the id
      expect(filters.newBlockFilter()).toBe('error creating pending tx filter: max limit reached');
      expect(filters.newPendingTxFilter(true)).toBe('error creating pending tx filter: max limit reached');
      blocks$.next({ hash: new Uint8Array(32).fill(1), height: 5n });
      expect(filters.changes(logFilter)).toEqual([]);
      expect(filters.changes(blockFilter)).toEqual([`0x${'01'.repeat(32)}`]);
      expect(filters.logCriteria(logFilter)).toBe(crit);
      // stratos-chain GetFilterLogs: a filter that is not a log filter is errFilterNotFound
      expect(() => filters.logCriteria(blockFilter)).toThrow('filter not found');
      expect(() => filters.logCriteria('0x1')).toThrow('filter not found');
      expect(filters.uninstall(logFilter)).toBe(true);
      // the event system's SubscribeLogs checks, after the cap
      const decoded = (json: string) => parsePositional(`[${json}]`, [filterCriteria])[0] as Parameters<typeof filters.newLogFilter>[0];
      expect(() => filters.newLogFilter(decoded('{"fromBlock":"pending"}'))).toThrow('pending logs are not supported');
      expect(() => filters.newLogFilter(decoded('{"toBlock":"pending"}'))).toThrow('pending logs are not supported');
      for (const bad of ['{"fromBlock":"latest","toBlock":"0x5"}', '{"fromBlock":"0x5","toBlock":"0x3"}', '{"fromBlock":"safe"}', '{"fromBlock":"0x1","toBlock":"finalized"}']) {
        expect(() => filters.newLogFilter(decoded(bad))).toThrow('invalid block range params');
      }
      expect(() => filters.newLogFilter(decoded(`{"topics":[null,null,null,null,null]}`))).toThrow('exceed max topics');
      expect(filters.size).toBe(1);
      for (const good of ['{}', '{"fromBlock":"0x3","toBlock":"0x3"}', '{"fromBlock":"earliest"}', `{"blockHash":"0x${KNOWN}"}`]) {
        const id = filters.newLogFilter(decoded(good));
        expect(id).toMatch(/^0x[0-9a-f]+$/);
        filters.uninstall(id);
      }
      expect(filters.newLogFilter(crit)).toMatch(/^0x[0-9a-f]+$/);
    } finally {
      filters.close();
    }
  });
});
