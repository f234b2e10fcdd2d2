/**
 * `block_search` over the consensus RPC (CometBFT 0.37 rpc/core/blocks.go BlockSearch with the kv
 * block indexer), on the gov scenario's node (test/api/rest/gov-node.ts): 17 blocks whose BeginBlock
 * events carry mint's and the fee distribution's attributes and whose EndBlock events at 11, 12 and
 * 13 end proposals 1 (passed), 2 (rejected, deposit burned) and 3 (failed). Heights come newest
 * first unless `order_by` is `asc`, paged as tx_search pages; each a ResultBlock as `block` answers
 * it. Then CosmJS's Tendermint37Client `blockSearch` / `blockSearchAll` reading the answers.
 */
import { Tendermint37Client } from '@cosmjs/tendermint-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGovScenario, startGovNode } from '../rest/gov-node.ts';
import type { StakingNode } from '../rest/staking-family-node.ts';

let n: StakingNode;
let tm: Tendermint37Client;

beforeAll(async () => {
  n = await startGovNode();
  await runGovScenario(n);
  expect(n.node.height).toBe(17n);
  tm = await Tendermint37Client.connect(n.rpcUrl);
}, 60_000);
afterAll(async () => {
  tm?.disconnect();
  await n?.close();
});

async function rpc(method: string, params: Record<string, unknown>): Promise<any> {
  const res = await fetch(n.rpcUrl, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return res.json();
}
const internalError = (data: string) => ({ jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'Internal error', data } });
/** the heights of a block_search answer, in its order, and its total */
async function found(params: Record<string, unknown>): Promise<{ heights: number[]; total: string }> {
  const body = await rpc('block_search', params);
  if (!body.result) throw new Error(JSON.stringify(body));
  return { heights: body.result.blocks.map((b: any) => Number(b.block.header.height)), total: body.result.total_count };
}

describe('block_search', () => {
  it('by block.height: newest first by default, asc, paging; each block as `block` answers it', async () => {
    const body = await rpc('block_search', { query: 'block.height >= 5 AND block.height < 9' });
    expect(Object.keys(body.result)).toEqual(['blocks', 'total_count']);
    expect(body.result.total_count).toBe('4');
    expect(body.result.blocks.map((b: any) => b.block.header.height)).toEqual(['8', '7', '6', '5']);
    expect(body.result.blocks[0]).toEqual((await rpc('block', { height: '8' })).result);
    expect(await found({ query: 'block.height >= 5 AND block.height < 9', order_by: 'desc' })).toEqual({ heights: [8, 7, 6, 5], total: '4' });
    expect(await found({ query: 'block.height >= 5 AND block.height < 9', order_by: 'asc' })).toEqual({ heights: [5, 6, 7, 8], total: '4' });
    expect(await found({ query: 'block.height >= 5 AND block.height < 9', page: '2', per_page: '3' })).toEqual({ heights: [5], total: '4' });
    expect(await found({ query: 'block.height >= 5 AND block.height < 9', page: '1', per_page: '3', order_by: 'asc' })).toEqual({ heights: [5, 6, 7], total: '4' });
    expect(await found({ query: 'block.height = 11' })).toEqual({ heights: [11], total: '1' });
    expect(await found({ query: 'block.height > 15' })).toEqual({ heights: [17, 16], total: '2' });
    expect((await rpc('block_search', { query: 'block.height = 99' })).result).toEqual({ blocks: [], total_count: '0' });
  });

  it('URI form', async () => {
    const res = await fetch(`${n.rpcUrl}/block_search?query=%22block.height<3%22&order_by=%22asc%22`);
    const body: any = await res.json();
    expect(body.result.blocks.map((b: any) => b.block.header.height)).toEqual(['1', '2']);
    expect(body.result.total_count).toBe('2');
  });

  it.each([
    // EndBlock events: gov's active_proposal
    ['active_proposal.proposal_id EXISTS', [13, 12, 11]],
    ["active_proposal.proposal_result = 'proposal_passed'", [11]],
    ['active_proposal.proposal_id >= 2', [13, 12]],
    ["active_proposal.proposal_result CONTAINS 'rej'", [12]],
    ['burn.burner EXISTS', [12]],
    // all attribute conditions must hold in one event
    ["active_proposal.proposal_id = 2 AND active_proposal.proposal_result = 'proposal_rejected'", [12]],
    ["active_proposal.proposal_id = 1 AND active_proposal.proposal_result = 'proposal_rejected'", []],
    ['active_proposal.proposal_id EXISTS AND burn.burner EXISTS', []],
    // BeginBlock events: mint's, the fees of the block before
    ["mint.bonded_ratio = '0.100000000000000000'", [2, 1]],
    ["coin_spent.amount = '200000000000000wei' AND block.height <= 4", [4, 3]],
    ['active_proposal.proposal_id EXISTS AND block.height > 11', [13, 12]],
    // tm.event is not indexed for blocks
    ["tm.event = 'NewBlock'", []],
  ])('by event attribute: %s → %j', async (query, heights) => {
    expect(await found({ query })).toEqual({ heights, total: String(heights.length) });
  });

  it('per_page: at most 100, 30 when absent or below 1', async () => {
    expect((await found({ query: 'block.height > 0', per_page: '1000' })).heights).toHaveLength(17);
    expect((await found({ query: 'block.height > 0', per_page: '0', page: '1' })).heights).toHaveLength(17);
    expect(await found({ query: 'block.height > 0', per_page: '5', page: '4' })).toEqual({ heights: [2, 1], total: '17' });
    expect(await found({ query: 'block.height > 0', per_page: '4', page: '5' })).toEqual({ heights: [1], total: '17' });
  });

  it('has no query length limit (unlike tx_search)', async () => {
    expect(await found({ query: `active_proposal.proposal_result = '${'x'.repeat(600)}'` })).toEqual({ heights: [], total: '0' });
  });

  it.each([
    [{ query: 'block.height > 0', page: '6', per_page: '4' }, 'page should be within [1, 5] range, given 6'],
    [{ query: 'block.height > 0', page: '0' }, 'page should be within [1, 1] range, given 0'],
    [{ query: 'block.height = 99', page: '2' }, 'page should be within [1, 1] range, given 2'],
    [{ query: 'block.height > 0', order_by: 'up' }, 'expected order_by to be either `asc` or `desc` or empty'],
    // the generated parser's errors (query.peg): the furthest text a rule matched, positions in the query wrapped in quotes
    [{ query: 'block.height' }, '\nparse error near PegText (line 1 symbol 2 - line 1 symbol 14):\n"block.height"\n'],
    [{ query: '' }, '\nparse error near Unknown (line 1 symbol 1 - line 1 symbol 1):\n""\n'],
    [{ query: 'block.height > DATE 2020-02-30' }, 'failed to parse query conditions: got parsing time "2020-02-30": day out of range while trying to parse 2020-02-30 as time.Time / \'2006-01-02\' (should never happen if the grammar is correct)'],
  ])('%j → %s', async (params, data) => {
    expect(await rpc('block_search', params)).toEqual(internalError(data));
  });

  it('a malformed query is refused before order_by is looked at', async () => {
    expect(await rpc('block_search', { query: 'block.height', order_by: 'up' })).toEqual(internalError('\nparse error near PegText (line 1 symbol 2 - line 1 symbol 14):\n"block.height"\n'));
  });
});

describe('Tendermint37Client', () => {
  it('blockSearch: decodes the blocks (CosmJS sorts them by height)', async () => {
    const res = await tm.blockSearch({ query: 'active_proposal.proposal_id EXISTS' });
    expect(res.totalCount).toBe(3);
    expect(res.blocks.map((b) => b.block.header.height)).toEqual([11, 12, 13]);
    const b11 = res.blocks[0]!;
    expect(Buffer.from(b11.blockId.hash).toString('hex').toUpperCase()).toBe(Buffer.from(n.node.block(11n)!.hash).toString('hex').toUpperCase());
    expect(b11.block.header.chainId).toBe(n.node.chainId);
    expect(b11.block.lastCommit!.height).toBe(10);
    const paged = await tm.blockSearch({ query: 'block.height > 0', page: 2, per_page: 5, order_by: 'asc' });
    expect(paged.totalCount).toBe(17);
    expect(paged.blocks.map((b) => b.block.header.height)).toEqual([6, 7, 8, 9, 10]);
  });

  it('blockSearchAll: pages through every match', async () => {
    const all = await tm.blockSearchAll({ query: 'block.height >= 2', per_page: 5 });
    expect(all.totalCount).toBe(16);
    expect(all.blocks.map((b) => b.block.header.height)).toEqual(Array.from({ length: 16 }, (_, i) => i + 2));
  });

  it('blockSearch: an error answer rejects', async () => {
    await expect(tm.blockSearch({ query: 'block.height > 0', order_by: 'up' })).rejects.toThrow(/expected order_by to be either `asc` or `desc` or empty/);
  });
});
