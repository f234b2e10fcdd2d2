/**
 * The sds slice (reference/chain-semantics.md §2.1): FileInfo records stored under the raw bytes of
 * the file-hash string, so the Sharded key is the hex of those UTF-8 bytes and iteration follows the
 * chain's store order. `reporters` is the bitmap in hex (proto bytes at the edges).
 */
import type { Draft } from 'immer';
import { shardGet, shardSet, type Sharded } from '../../state/sharded.ts';
import { sha256Text } from '../../state/sha256.ts';
import { DEFAULT_SDS_PARAMS, type SdsParams } from './params.ts';

export interface FileInfoRecord {
  /** height of the latest upload report */
  readonly height: bigint;
  /** reporters bitmap bytes as lowercase hex */
  readonly reporters: string;
  /** uploader of the latest report */
  readonly uploader: string;
}

export interface SdsState {
  readonly params: SdsParams;
  readonly files: Sharded<FileInfoRecord>;
}

export interface HasSds {
  readonly sds: SdsState;
}

export function emptySdsState(): SdsState {
  return { params: DEFAULT_SDS_PARAMS, files: {} };
}

/**
 * Store key of a file: 8 hex digits of sha256 of its hash string, then the hex of the string's
 * UTF-8 bytes. Every `v05…` hash begins with the same characters, so keyed by its bytes alone all
 * files would share one leaf of the trie (src/state/sharded.ts), re-hashed whole at each upload;
 * the leading digest spreads them (state format 4, docs/architecture.md). Iteration by key is then
 * not by file hash: the genesis export sorts.
 */
export function fileKey(fileHash: string): string {
  return sha256Text(fileHash, 'hex').slice(0, 8) + Buffer.from(fileHash, 'utf8').toString('hex');
}

/** The file hash back from its store key. */
export function fileHashOfKey(key: string): string {
  return Buffer.from(key.slice(8), 'hex').toString('utf8');
}

export function getFileInfo(state: HasSds, fileHash: string): FileInfoRecord | undefined {
  return shardGet(state.sds.files, fileKey(fileHash));
}

export function setFileInfo(draft: Draft<HasSds>, fileHash: string, info: FileInfoRecord): void {
  shardSet(draft.sds.files as Sharded<FileInfoRecord>, fileKey(fileHash), info);
}
