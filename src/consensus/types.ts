/**
 * Block, header and commit in the JSON form CometBFT 0.37's RPC prints (reference/wire-formats.md
 * §4.3): int64 as strings, hashes as uppercase hex, signatures base64, times RFC 3339 with up to
 * nine fraction digits. The block store keeps these forms; other adapters convert from them.
 */
export interface PartSetHeaderJson {
  readonly total: number;
  readonly hash: string;
}

export interface BlockIdJson {
  readonly hash: string;
  readonly parts: PartSetHeaderJson;
}

export interface HeaderJson {
  readonly version: { readonly block: string; readonly app: string };
  readonly chain_id: string;
  readonly height: string;
  readonly time: string;
  readonly last_block_id: BlockIdJson;
  readonly last_commit_hash: string;
  readonly data_hash: string;
  readonly validators_hash: string;
  readonly next_validators_hash: string;
  readonly consensus_hash: string;
  readonly app_hash: string;
  readonly last_results_hash: string;
  readonly evidence_hash: string;
  readonly proposer_address: string;
}

/** BLOCK_ID_FLAG_ABSENT 1, COMMIT 2, NIL 3 */
export interface CommitSigJson {
  readonly block_id_flag: number;
  readonly validator_address: string;
  readonly timestamp: string;
  readonly signature: string | null;
}

export interface CommitJson {
  readonly height: string;
  readonly round: number;
  readonly block_id: BlockIdJson;
  readonly signatures: readonly CommitSigJson[];
}

/** What the block store keeps in its `header` column. */
export interface StoredHeader {
  readonly block_id: BlockIdJson;
  readonly header: HeaderJson;
  /** the commit this node made for this block (CometBFT's "seen commit") */
  readonly commit: CommitJson;
  /** the block's evidence list: each DuplicateVoteEvidence's proto bytes, base64 (absent when none) */
  readonly evidence?: readonly string[];
}

/** A validator of the (static, genesis-defined) validator set. */
export interface ValidatorJson {
  /** uppercase hex of sha256(pubkey)[0:20] */
  readonly address: string;
  readonly pub_key: { readonly type: 'tendermint/PubKeyEd25519'; readonly value: string };
  readonly voting_power: string;
  readonly proposer_priority: string;
}

export const EMPTY_BLOCK_ID: BlockIdJson = Object.freeze({ hash: '', parts: Object.freeze({ total: 0, hash: '' }) });

/** Whether a block record's `header` column holds a StoredHeader (blocks made by plainBlockMeta do not). */
export function isStoredHeader(value: unknown): value is StoredHeader {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const obj = (x: unknown) => typeof x === 'object' && x !== null;
  return obj(v.block_id) && obj(v.header) && obj(v.commit) && typeof (v.header as Record<string, unknown>).chain_id === 'string';
}
