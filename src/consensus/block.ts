/**
 * A block as CometBFT encodes it (types/block.go `Block.ToProto`): Block{header, data{txs},
 * evidence{evidence[]}, last_commit}. Its proto bytes give the part set, and with the header hash
 * the block ID.
 */
import { codec } from '../codec/index.ts';
import { evidenceListProto } from './evidence.ts';
import { headerHash } from './header.ts';
import { partSetHeader } from './part-set.ts';
import { commitProto, headerProto, hexText } from './proto-forms.ts';
import type { BlockIdJson, CommitJson, HeaderJson, StoredHeader } from './types.ts';

export interface BlockParts {
  readonly header: HeaderJson;
  readonly txs: readonly Uint8Array[];
  /** the previous block's commit (the empty commit at the first height) */
  readonly lastCommit: CommitJson;
  /** the evidence it commits: each DuplicateVoteEvidence's proto bytes (none when absent) */
  readonly evidence?: readonly Uint8Array[];
}

/** The evidence list a stored block committed (proto bytes, in block order). */
export function storedEvidence(stored: StoredHeader): Uint8Array[] {
  return (stored.evidence ?? []).map((b64) => Uint8Array.from(Buffer.from(b64, 'base64')));
}

/** `Block.evidence` as its proto: the Block proto's field and the SDK services' answers. */
export function blockEvidenceProto(block: Pick<BlockParts, 'evidence'>): ReturnType<typeof evidenceListProto> {
  return evidenceListProto(block.evidence ?? []);
}

export function blockProtoBytes(block: BlockParts): Uint8Array {
  return codec.encode('consensus.types.Block', {
    header: headerProto(block.header),
    data: { txs: [...block.txs] },
    evidence: blockEvidenceProto(block),
    last_commit: commitProto(block.lastCommit),
  });
}

/** The block ID {hash: header hash, parts: part set header of the Block proto}. */
export function blockIdOf(block: BlockParts): BlockIdJson {
  const parts = partSetHeader(blockProtoBytes(block));
  return { hash: hexText(headerHash(block.header)), parts: { total: parts.total, hash: hexText(parts.hash) } };
}
