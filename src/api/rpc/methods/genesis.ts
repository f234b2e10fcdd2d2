/**
 * `genesis` and `genesis_chunked` (rpc/core/net.go, env.go): the genesis document as CometBFT
 * prints it, and the same JSON text cut into 16 MiB base64 chunks. A genesis of more than one chunk
 * is only available chunked.
 */
import { goJson, type GoJsonValue } from '../../../codec/go-json.ts';
import type { Node } from '../../../node/node.ts';
import { formatTimeNs, parseTimeNs } from '../../../state/block-info.ts';
import type { GenesisDoc } from '../../../state/genesis.ts';
import { RpcError } from '../jsonrpc.ts';
import { P } from '../params.ts';
import { asJson, type Route } from '../route.ts';
import { consensusParamsJson } from './consensus.ts';

export const GENESIS_CHUNK_SIZE = 16 * 1024 * 1024;

/** types.GenesisDoc: time in UTC, initial_height a string, app_hash uppercase hex, no validators (they come from gentxs). */
export function genesisDocJson(doc: GenesisDoc): GoJsonValue {
  return {
    genesis_time: formatTimeNs(parseTimeNs(doc.genesis_time)),
    chain_id: doc.chain_id,
    initial_height: doc.initial_height,
    consensus_params: consensusParamsJson(doc.consensus_params),
    app_hash: doc.app_hash.toUpperCase(),
    app_state: asJson(doc.app_state),
  };
}

/** Chunks are made once per node, as CometBFT does at start-up. */
const chunksByNode = new WeakMap<Node, string[]>();

export function genesisChunks(node: Node, chunkSize = GENESIS_CHUNK_SIZE): string[] {
  const known = chunksByNode.get(node);
  if (known) return known;
  const bytes = Buffer.from(goJson(genesisDocJson(node.genesis)));
  const chunks: string[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize) chunks.push(bytes.subarray(i, i + chunkSize).toString('base64'));
  chunksByNode.set(node, chunks);
  return chunks;
}

export const genesisRoutes: Record<string, Route> = {
  genesis: {
    params: [],
    cacheable: { unlessZero: [] },
    run: ({ node }) => {
      if (genesisChunks(node).length > 1) throw RpcError.internal('genesis response is large, please use the genesis_chunked API instead');
      return { genesis: genesisDocJson(node.genesis) };
    },
  },
  genesis_chunked: {
    params: [{ name: 'chunk', type: P.uint }],
    cacheable: { unlessZero: [] },
    run: ({ node }, [chunk]) => {
      const chunks = genesisChunks(node);
      const id = chunk as bigint;
      if (id > BigInt(chunks.length - 1)) throw RpcError.internal(`there are ${chunks.length - 1} chunks, ${id} is invalid`);
      return { chunk: id.toString(), total: chunks.length.toString(), data: chunks[Number(id)]! };
    },
  },
};
