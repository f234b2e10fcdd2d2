/**
 * `tx` and `tx_search` (rpc/core/tx.go): results from the block store's tx index, with CometBFT's
 * paging and ordering rules and optional inclusion proofs.
 */
import type { GoJsonValue } from '../../../codec/go-json.ts';
import { base64 } from '../../../codec/go-json.ts';
import type { TxRecord } from '../../../events/block-store.ts';
import { QuerySyntaxError } from '../../../events/search-query.ts';
import type { Node } from '../../../node/node.ts';
import { deliverTxJson } from '../abci-json.ts';
import { checkPage, checkPerPage } from '../arg-checks.ts';
import { RpcError } from '../jsonrpc.ts';
import { P } from '../params.ts';
import { hexUpper, type Route } from '../route.ts';
import { txProofJson } from '../tx-proof.ts';

/** rpc/core/events.go maxQueryLength (bytes). */
const MAX_QUERY_LENGTH = 512;

/** ResultTx {hash, height, index, tx_result, tx, proof (only when proved)}. */
function txJson(node: Node, tx: TxRecord, hash: string, prove: boolean): GoJsonValue {
  const out: { [k: string]: GoJsonValue } = {
    hash,
    height: tx.height.toString(),
    index: tx.index,
    tx_result: deliverTxJson(tx.result),
    tx: base64(tx.raw),
  };
  if (prove) {
    const block = node.block(tx.height);
    if (!block) throw RpcError.internal(`block ${tx.height} of tx ${tx.hash} is missing from the block store`);
    out.proof = txProofJson(block.txs, tx.index);
  }
  return out;
}

export const txRoutes: Record<string, Route> = {
  tx: {
    params: [
      { name: 'hash', type: P.bytes },
      { name: 'prove', type: P.bool },
    ],
    cacheable: { unlessZero: [] },
    run: ({ node }, [hash, prove]) => {
      const wanted = hexUpper(hash as Uint8Array);
      if (wanted === '') throw RpcError.internal('transaction hash cannot be empty');
      const tx = node.tx(wanted);
      if (!tx) throw RpcError.internal(`tx (${wanted}) not found`);
      // the answer repeats the hash as asked
      return txJson(node, tx, wanted, prove as boolean);
    },
  },
  tx_search: {
    params: [
      { name: 'query', type: P.string },
      { name: 'prove', type: P.bool },
      { name: 'page', type: P.intPtr },
      { name: 'per_page', type: P.intPtr },
      { name: 'order_by', type: P.string },
    ],
    run: ({ node }, [query, prove, page, perPageArg, orderBy]) => {
      const q = query as string;
      if (Buffer.byteLength(q) > MAX_QUERY_LENGTH) throw RpcError.internal('maximum query length exceeded');
      const order = orderBy as string;
      const perPage = checkPerPage(perPageArg as bigint | undefined);
      // the page is checked against the total, which the search itself returns
      const p = page as bigint | undefined;
      const asked = p !== undefined && p >= 1n && p <= 1_000_000_000n ? Number(p) : 1;
      let found;
      try {
        // the query's errors, then the indexer's (TxSearch: cmtquery.New, then TxIndexer.Search)
        found = node.txSearch(q, asked, perPage, order === 'desc' ? 'desc' : 'asc');
      } catch (e) {
        if (e instanceof QuerySyntaxError) throw RpcError.internal(e.message);
        throw e;
      }
      if (order !== '' && order !== 'asc' && order !== 'desc') throw RpcError.internal('expected order_by to be either `asc` or `desc` or empty');
      checkPage(p, perPage, found.total);
      return { txs: found.txs.map((tx) => txJson(node, tx, tx.hash, prove as boolean)), total_count: found.total.toString() };
    },
  },
};
