/**
 * The genesis document in the Cosmos / CometBFT JSON shape (`genesis.json`), with validation that
 * names the bad field.
 */
import { parseTimeNs } from './block-info.ts';

export interface GenesisDoc {
  genesis_time: string;
  chain_id: string;
  initial_height: string;
  consensus_params: ConsensusParamsJson;
  app_hash: string;
  app_state: Record<string, unknown>;
}

export interface ConsensusParamsJson {
  block: { max_bytes: string; max_gas: string };
  evidence: { max_age_num_blocks: string; max_age_duration: string; max_bytes: string };
  validator: { pub_key_types: string[] };
  version: { app: string };
}

/** CometBFT 0.37 defaults, with the chain's mainnet max gas (reference/sdk-modules.md §0.2). */
export function defaultConsensusParams(): ConsensusParamsJson {
  return {
    block: { max_bytes: '22020096', max_gas: '20000000' },
    evidence: { max_age_num_blocks: '100000', max_age_duration: '172800000000000', max_bytes: '1048576' },
    validator: { pub_key_types: ['ed25519'] },
    version: { app: '0' },
  };
}

/** CometBFT's MaxChainIDLen (bytes). */
const MAX_CHAIN_ID_LEN = 50;

/** Parses genesis JSON text or an object; throws Error naming the field that is wrong. */
export function parseGenesisDoc(input: string | unknown): GenesisDoc {
  let doc: any;
  if (typeof input === 'string') {
    try {
      doc = JSON.parse(input);
    } catch (e) {
      throw new Error(`genesis: not valid JSON: ${(e as Error).message}`);
    }
  } else doc = input;
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw new Error('genesis: expected a JSON object');
  // GenesisDoc.ValidateAndComplete: any text, not empty, at most 50 bytes
  if (doc.chain_id !== undefined && doc.chain_id !== null && typeof doc.chain_id !== 'string') {
    throw new Error(`genesis.chain_id: expected a string, got ${JSON.stringify(doc.chain_id)}`);
  }
  if (!doc.chain_id) throw new Error('genesis doc must include non-empty chain_id');
  if (Buffer.byteLength(doc.chain_id) > MAX_CHAIN_ID_LEN) throw new Error(`chain_id in genesis doc is too long (max: ${MAX_CHAIN_ID_LEN})`);
  if (typeof doc.genesis_time !== 'string') throw new Error('genesis.genesis_time: missing (RFC 3339 time expected)');
  try {
    parseTimeNs(doc.genesis_time);
  } catch (e) {
    throw new Error(`genesis.genesis_time: ${(e as Error).message}`);
  }
  const initial = doc.initial_height ?? '1';
  if (!/^\d+$/.test(String(initial)) || BigInt(initial) < 1n) throw new Error(`genesis.initial_height: expected a positive integer string, got ${JSON.stringify(initial)}`);
  if (doc.app_state !== undefined && (typeof doc.app_state !== 'object' || doc.app_state === null || Array.isArray(doc.app_state))) {
    throw new Error('genesis.app_state: expected a JSON object');
  }
  return {
    genesis_time: doc.genesis_time,
    chain_id: doc.chain_id,
    initial_height: String(initial),
    consensus_params: doc.consensus_params ?? defaultConsensusParams(),
    app_hash: doc.app_hash ?? '',
    app_state: doc.app_state ?? {},
  };
}
