/**
 * `genesis` and `genesis_chunked` (rpc/core/net.go, env.go): the genesis document as CometBFT
 * prints it, and the same JSON text cut into 16 MiB base64 chunks. A genesis of more than one chunk
 * is only available chunked.
 */
import { goJson, type GoJsonValue } from '../../../codec/go-json.ts';
import type { Node } from '../../../node/node.ts';
import { formatTimeNs, parseTimeNs } from '../../../state/block-info.ts';
import type { GenesisDoc } from '../../../state/genesis.ts';
import type { GenesisValidatorJson } from '../../../node/genesis-file.ts';
import { RpcError } from '../jsonrpc.ts';
import { P } from '../params.ts';
import { asJson, type Route } from '../route.ts';
import { consensusParamsJson } from './consensus.ts';

export const GENESIS_CHUNK_SIZE = 16 * 1024 * 1024;

/**
 * types.GenesisDoc: time in UTC, initial_height a string, `validators` as genesis.json lists them
 * (GenesisValidator {address, pub_key {type, value}, power, name}; left out when there are none,
 * `omitempty`), app_hash uppercase hex. CometBFT serves the document as loaded from genesis.json and
 * never fills `validators` in: an SDK chain whose set comes from gentxs shows none, while
 * `chaind init` (like `cometbft init`) lists this node's key there.
 */
export function genesisDocJson(doc: GenesisDoc, validators: readonly GenesisValidatorJson[] = []): GoJsonValue {
  const out: { [k: string]: GoJsonValue } = {
    genesis_time: formatTimeNs(parseTimeNs(doc.genesis_time)),
    chain_id: doc.chain_id,
    initial_height: doc.initial_height,
    consensus_params: consensusParamsJson(doc.consensus_params),
  };
  if (validators.length) {
    out.validators = validators.map((v) => ({ address: v.address.toUpperCase(), pub_key: { type: v.pub_key.type, value: v.pub_key.value }, power: v.power, name: v.name }));
  }
  out.app_hash = doc.app_hash.toUpperCase();
  out.app_state = asJson(doc.app_state);
  return out;
}

/** Chunks are made once per node, as CometBFT does at start-up. */
const chunksByNode = new WeakMap<Node, string[]>();

export function genesisChunks(node: Node, chunkSize = GENESIS_CHUNK_SIZE): string[] {
  const known = chunksByNode.get(node);
  if (known) return known;
  const bytes = Buffer.from(goJson(genesisDocJson(node.genesis, node.genesisValidators())));
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
      return { genesis: genesisDocJson(node.genesis, node.genesisValidators()) };
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
