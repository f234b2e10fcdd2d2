/**
 * Where the storage client's content lives: SDS, through a resource node's JSON-RPC (HTTP or IPC,
 * spec §4.2 `--rpcMode`). A file is uploaded once per SDS hash (an upload the meta node refuses as
 * the same file of the same wallet counts as stored); each file CID is registered as an IPFS share
 * link of its SDS file (reference §5.2); bytes come back by a download session into a local file.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { SdsClient, SdsReturnError } from '../client/sds-client.ts';
import { sdsFileHashOfPath } from '../protocol/file-hash.ts';
import { httpRpcClient, ipcRpcClient, type SdsRpcClient } from '../rpc/client.ts';
import type { CidIndex, ContentRow } from './cid-index.ts';
import type { RpcMode } from './config.ts';
import { makeDirs } from '../../make-dirs.ts';

/** The meta node's refusal of an upload of a file the wallet holds already: the file counts as stored. */
export function storedAlready(e: unknown): boolean {
  return e instanceof SdsReturnError && String(e.result.detail ?? '').startsWith('Same file with the name');
}

export class SdsBackend {
  readonly client: SdsClient;
  private readonly rpc: SdsRpcClient;

  constructor(
    mode: RpcMode,
    endpoint: string,
    privateKey: Uint8Array,
    private readonly index: CidIndex,
    readonly tmpDir: string,
  ) {
    this.rpc = mode === 'ipc' ? ipcRpcClient(endpoint) : httpRpcClient(endpoint);
    this.client = new SdsClient(this.rpc, privateKey);
    makeDirs(tmpDir);
  }

  get owner(): string {
    return this.client.address;
  }

  close(): Promise<void> {
    return this.rpc.close();
  }

  /** A fresh path under the temp folder (the caller removes it). */
  tempPath(what: string): string {
    return join(this.tmpDir, `${what}-${randomBytes(6).toString('hex')}`);
  }

  /** Uploads under way, by SDS hash: the same bytes added twice at once are uploaded once. */
  private readonly uploading = new Map<string, Promise<void>>();

  /**
   * Uploads the local file to SDS unless this wallet stores it already; returns its SDS hash. SDS
   * decides which: the meta node refuses the upload of a file the wallet holds (then it counts as
   * stored), so bytes whose SDS copy was deleted since they were first added are uploaded again
   * (this index alone would still name them). An add of the same bytes while they upload waits for
   * that upload (the resource node refuses a second session of one file hash, `-13`; Kubo adds the
   * same content twice without complaint).
   */
  async store(file: string, name: string): Promise<string> {
    const fileHash = await sdsFileHashOfPath(file);
    const running = this.uploading.get(fileHash);
    if (running) {
      await running;
      return fileHash;
    }
    const upload = this.upload(file, name);
    this.uploading.set(fileHash, upload);
    try {
      await upload;
    } finally {
      this.uploading.delete(fileHash);
    }
    return fileHash;
  }

  private async upload(file: string, name: string): Promise<void> {
    try {
      const up = await this.client.upload(file, { fileName: name, wait: true });
      if (up.state !== 3) throw new Error(`the upload of ${name} ended in state ${up.state} (failed): upload it again`);
    } catch (e) {
      if (!storedAlready(e)) throw e;
    }
  }

  /** Records `cid` → the SDS file, with an IPFS share link of it (best effort: a share the meta node refuses leaves the link empty). */
  async register(cid: string, fileHash: string, size: number, name: string): Promise<ContentRow> {
    let shareLink = this.index.content(cid)?.share_link ?? '';
    if (shareLink === '') {
      try {
        shareLink = (await this.client.share(fileHash, { ipfsCid: cid })).sharelink;
      } catch {
        shareLink = '';
      }
    }
    const row: ContentRow = { cid, file_hash: fileHash, owner: this.owner, size, name, share_link: shareLink, added_at: Math.floor(Date.now() / 1000) };
    this.index.putContent(row);
    return row;
  }

  /** Downloads an SDS file of `owner` into a temp file; the caller removes it. */
  async fetch(fileHash: string, owner: string): Promise<{ path: string; fileName: string }> {
    const path = this.tempPath('cat');
    try {
      const r = await this.client.download(fileHash, path, owner);
      return { path, fileName: r.fileName };
    } catch (e) {
      rmSync(path, { force: true });
      throw e;
    }
  }
}
