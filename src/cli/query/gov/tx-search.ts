/**
 * What SDK v0.47 x/gov client/utils/query.go rebuilds from the tx index for proposals the chain
 * has finished with (votes are deleted by the tally, reference §3.1): the messages of the txs
 * `tx_search` finds for one event condition, unpacked.
 */
import type { Codec, ProtoObject } from '../../../codec/registry.ts';
import type { RpcClient } from '../../../client/rpc-client.ts';
import { queryTxsByEvents } from '../../../client/tx-query.ts';

/** `defaultPage`, `defaultLimit` of the SDK's gov utils. */
const DEFAULT_LIMIT = 30;

export interface FoundMsg {
  typeName: string;
  value: ProtoObject;
}

/** The messages of the txs of one search page (`page`, 30 txs), in the index's order. */
export async function searchPageMessages(client: RpcClient, query: string, page: number, codec: Codec): Promise<{ msgs: FoundMsg[]; txs: number }> {
  const result = await queryTxsByEvents(client, [query], page, DEFAULT_LIMIT, '', codec);
  const msgs: FoundMsg[] = [];
  for (const r of result.txs) {
    if (!r.tx) continue;
    const tx = codec.unpackAny(r.tx).value as { body?: { messages?: { type_url: string; value: Uint8Array }[] } };
    for (const any of tx.body?.messages ?? []) {
      if (codec.typeNameOfUrl(any.type_url) === null) continue;
      msgs.push(codec.unpackAny(any));
    }
  }
  return { msgs, txs: result.txs.length };
}

export { DEFAULT_LIMIT as GOV_SEARCH_LIMIT };
