/**
 * Block reads (rpc/core/blocks.go): `block`, `block_by_hash`, `header`, `header_by_hash`, `commit`,
 * `blockchain`, `block_results`, `block_search`. Block, header and commit JSON come from the
 * consensus engine's forms (src/consensus/json.ts).
 */
import type { GoJsonValue } from '../../../codec/go-json.ts';
import { blockJson, blockMetaJson, rpcHeaderJson, signedHeaderJson, storedHeaderOf } from '../../../consensus/json.ts';
import { EMPTY_BLOCK_ID } from '../../../consensus/types.ts';
import { searchBlockHeights } from '../../../events/block-search.ts';
import type { BlockRecord } from '../../../events/block-store.ts';
import { conditionsError } from '../../../events/query-operand.ts';
import { parseSearchQuery, QuerySyntaxError, type Condition } from '../../../events/search-query.ts';
import type { Node } from '../../../node/node.ts';
import { blockEventJson, consensusParamUpdatesJson, deliverTxJson, validatorUpdatesJson } from '../abci-json.ts';
import { checkHeight, checkMinMax, checkPage, checkPerPage } from '../arg-checks.ts';
import { RpcError } from '../jsonrpc.ts';
import { P } from '../params.ts';
import { asJson, hexUpper, type Route } from '../route.ts';

/** `blockchain` returns at most this many block metas. */
const BLOCKCHAIN_LIMIT = 20n;

const heightParam = [{ name: 'height', type: P.int64Ptr }] as const;
const byHeight = { unlessZero: ['height'] } as const;

/** The height asked for, checked against the stored blocks (latest when absent). */
function blockHeight(node: Node, height: unknown): bigint {
  return checkHeight(node.height, node.earliestHeight(), height as bigint | undefined);
}

/**
 * The stored block with this hash. The block store has no hash index, so this walks down from the
 * latest block (hash lookups are rare: clients ask by height).
 */
function blockByHash(node: Node, hash: Uint8Array): BlockRecord | undefined {
  if (hash.length === 0) return undefined;
  const wanted = hexUpper(hash);
  const base = node.earliestHeight();
  for (let h = node.height; h >= base && h > 0n; h--) {
    const record = node.block(h);
    if (record && hexUpper(record.hash) === wanted) return record;
  }
  return undefined;
}

const noBlock: GoJsonValue = { block_id: asJson(EMPTY_BLOCK_ID), block: null };
const headerOf = (record: BlockRecord | undefined): GoJsonValue => ({ header: record ? asJson(rpcHeaderJson(storedHeaderOf(record).header)) : null });

export const blockRoutes: Record<string, Route> = {
  block: {
    params: heightParam,
    cacheable: byHeight,
    run: ({ node }, [height]) => {
      const record = node.block(blockHeight(node, height));
      return record ? asJson(blockJson(record)) : noBlock;
    },
  },
  block_by_hash: {
    params: [{ name: 'hash', type: P.bytes }],
    cacheable: { unlessZero: [] },
    run: ({ node }, [hash]) => {
      const record = blockByHash(node, hash as Uint8Array);
      return record ? asJson(blockJson(record)) : noBlock;
    },
  },
  header: {
    params: heightParam,
    cacheable: byHeight,
    run: ({ node }, [height]) => headerOf(node.block(blockHeight(node, height))),
  },
  header_by_hash: {
    params: [{ name: 'hash', type: P.hexBytes }],
    cacheable: { unlessZero: [] },
    run: ({ node }, [hash]) => headerOf(blockByHash(node, hash as Uint8Array)),
  },
  commit: {
    params: heightParam,
    cacheable: byHeight,
    run: ({ node }, [height]) => {
      const h = blockHeight(node, height);
      const record = node.block(h);
      if (!record) return null;
      // the latest block has only this node's seen commit; older ones the canonical commit of the next block
      if (h === node.height) return { signed_header: asJson(signedHeaderJson(record)), canonical: false };
      const next = node.block(h + 1n);
      if (!next) throw RpcError.internal(`block ${h + 1n} is missing from the block store`);
      return { signed_header: { header: asJson(rpcHeaderJson(storedHeaderOf(record).header)), commit: asJson(next.lastCommit) }, canonical: true };
    },
  },
  blockchain: {
    params: [
      { name: 'minHeight', type: P.int64 },
      { name: 'maxHeight', type: P.int64 },
    ],
    cacheable: { unlessZero: [] },
    run: ({ node }, [minHeight, maxHeight]) => {
      const [lo, hi] = checkMinMax(node.earliestHeight(), node.height, minHeight as bigint, maxHeight as bigint, BLOCKCHAIN_LIMIT);
      const metas: GoJsonValue[] = [];
      for (let h = hi; h >= lo; h--) {
        const record = node.block(h);
        metas.push(record ? asJson(blockMetaJson(record)) : null);
      }
      return { last_height: node.height.toString(), block_metas: metas };
    },
  },
  block_results: {
    params: heightParam,
    cacheable: byHeight,
    run: ({ node }, [height]) => {
      const h = blockHeight(node, height);
      const record = node.block(h);
      if (!record) throw RpcError.internal(`could not find results for height #${h}`);
      const results = node.blockResults(h);
      return {
        height: h.toString(),
        txs_results: results.length ? results.map((t) => deliverTxJson(t.result)) : null,
        begin_block_events: record.beginBlockEvents.length ? record.beginBlockEvents.map(blockEventJson) : null,
        end_block_events: record.endBlockEvents.length ? record.endBlockEvents.map(blockEventJson) : null,
        validator_updates: validatorUpdatesJson(record),
        consensus_param_updates: consensusParamUpdatesJson(node.consensusParams),
      };
    },
  },
  block_search: {
    params: [
      { name: 'query', type: P.string },
      { name: 'page', type: P.intPtr },
      { name: 'per_page', type: P.intPtr },
      { name: 'order_by', type: P.string },
    ],
    // BlockSearch: the matching heights (the kv block indexer's rules, src/events/block-search.ts),
    // ordered (newest first unless `asc`), then paged as tx_search pages; each a ResultBlock as `block` answers
    run: ({ node }, [query, page, perPageArg, orderBy]) => {
      let conditions: Condition[];
      try {
        conditions = parseSearchQuery(query as string);
      } catch (e) {
        if (e instanceof QuerySyntaxError) throw RpcError.internal(e.message);
        throw e;
      }
      const bad = conditionsError(conditions);
      if (bad !== undefined) throw RpcError.internal(`failed to parse query conditions: ${bad}`);
      // order_by is checked before the search (the node checks it after; the search itself never fails)
      const order = orderBy as string;
      if (order !== '' && order !== 'asc' && order !== 'desc') throw RpcError.internal('expected order_by to be either `asc` or `desc` or empty');
      const heights = searchBlockHeights(node.chain.store, conditions, node.earliestHeight(), node.height);
      if (order !== 'asc') heights.reverse();
      const perPage = checkPerPage(perPageArg as bigint | undefined);
      const skip = (checkPage(page as bigint | undefined, perPage, heights.length) - 1) * perPage;
      const blocks: GoJsonValue[] = [];
      for (const h of heights.slice(skip, skip + perPage)) {
        const record = node.block(h);
        if (record) blocks.push(asJson(blockJson(record)));
      }
      return { blocks, total_count: heights.length.toString() };
    },
  },
};
