/**
 * Committed txs as TxResponses (SDK v0.47 x/auth/tx `QueryTx`, `QueryTxsByEvents`): the consensus
 * RPC `tx` / `tx_search` results, each with the time of its block (one `block` call per height).
 */
import { decodeGoHex } from '../codec/go-hex.ts';
import { type Codec, codec as neutralCodec } from '../codec/registry.ts';
import type { OrderBy, ResultTx, RpcClient } from './rpc-client.ts';
import { searchTxsResult, type SearchTxsResultObject, txResponseOfResultTx, type TxResponseObject } from './tx-response.ts';

/**
 * The tx with this hash (hex, either case): `hex.DecodeString`'s error as it is for text that is
 * not hex (`encoding/hex: invalid byte: U+0078 'x'`); the node's `tx (…) not found` error passes through.
 */
export async function queryTx(client: RpcClient, hashHex: string, c: Codec = neutralCodec): Promise<TxResponseObject> {
  const res = await client.tx(decodeGoHex(hashHex));
  const [response] = await withBlockTimes(client, [res], c);
  return response!;
}

/**
 * SDK `QueryTxsByEvents`: conditions joined with AND, one page of `limit` txs. The wrapper's
 * `page_total` is ceil(total / limit).
 */
export async function queryTxsByEvents(
  client: RpcClient,
  events: readonly string[],
  page: number,
  limit: number,
  orderBy: OrderBy = '',
  c: Codec = neutralCodec,
): Promise<SearchTxsResultObject> {
  if (events.length === 0) throw new Error('must declare at least one event to search');
  if (page <= 0) throw new Error('page must greater than 0');
  if (limit <= 0) throw new Error('limit must greater than 0');
  const res = await client.txSearch(events.join(' AND '), page, limit, orderBy);
  const txs = await withBlockTimes(client, res.txs, c);
  return searchTxsResult(BigInt(res.total_count), BigInt(page), BigInt(limit), txs);
}

async function withBlockTimes(client: RpcClient, results: readonly ResultTx[], c: Codec): Promise<TxResponseObject[]> {
  const times = new Map<string, string>();
  for (const r of results) {
    if (!times.has(r.height)) times.set(r.height, (await client.block(BigInt(r.height))).block.header.time);
  }
  return results.map((r) => txResponseOfResultTx(r, times.get(r.height)!, c));
}
