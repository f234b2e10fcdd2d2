/**
 * The sds slice (reference/chain-semantics.md §2.1): FileInfo records stored under the raw bytes of
 * the file-hash string, so the Sharded key is the hex of those UTF-8 bytes and iteration follows the
 * chain's store order. `reporters` is the bitmap in hex (proto bytes at the edges).
 */
import type { Draft } from 'immer';
import { shardGet, shardSet, type Sharded } from '../../state/sharded.ts';
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

/** Store key of a file: hex of the UTF-8 bytes of its hash string. */
export function fileKey(fileHash: string): string {
  return Buffer.from(fileHash, 'utf8').toString('hex');
}

/** The file hash back from its store key. */
export function fileHashOfKey(key: string): string {
  return Buffer.from(key, 'hex').toString('utf8');
}

export function getFileInfo(state: HasSds, fileHash: string): FileInfoRecord | undefined {
  return shardGet(state.sds.files, fileKey(fileHash));
}

export function setFileInfo(draft: Draft<HasSds>, fileHash: string, info: FileInfoRecord): void {
  shardSet(draft.sds.files as Sharded<FileInfoRecord>, fileKey(fileHash), info);
}
