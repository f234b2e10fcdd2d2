/**
 * A client of a resource node's JSON-RPC API that does what the real example client and the
 * network's TypeScript SDK do (reference §1.4): upload a file in the node's packets (read from
 * disk at the asked offsets, never the whole file in memory), sign each step with the wallet key
 * and the SN from `user_requestGetOzone`, wait for the file status; download by `sdm://` handle or
 * share link into a file, placing each piece at its offset. Used by tests, benchmarks and the
 * storage client API.
 */
import { open, stat, unlink } from 'node:fs/promises';
import { basename } from 'node:path';
import { formatFileHandle } from '../protocol/file-handle.ts';
import { sdsFileHashOfPath } from '../protocol/file-hash.ts';
import { ReturnCode, FileUploadState } from '../protocol/return-codes.ts';
import { MAX_CONCURRENT_UPLOADS } from '../protocol/transfer-plan.ts';
import { signSds, SignedMessage, walletAddressOf } from '../protocol/signature.ts';
import type { SdsRpcClient } from '../rpc/client.ts';
import { ethPubKey } from '../../crypto/ethsecp256k1.ts';

export type RpcResult = Record<string, unknown> & { return?: string; detail?: string };

/** A result whose `return` is not the one the step expects. */
export class SdsReturnError extends Error {
  constructor(
    readonly method: string,
    readonly result: RpcResult,
  ) {
    super(`${method} answered return ${JSON.stringify(result.return)}${result.detail ? `: ${String(result.detail)}` : ''}`);
    this.name = 'SdsReturnError';
  }
}

export interface UploadOutcome {
  readonly fileHash: string;
  readonly fileSize: number;
  /** the offsets the node asked for, in order */
  readonly packets: readonly { start: number; end: number }[];
  /** the final file status (when waited for) */
  readonly state?: number;
  /** the final status' `error` (why a FAILED upload failed) */
  readonly error?: string;
}

const now = (): number => Math.floor(Date.now() / 1000);

/** `user_requestGetOzone`: a wallet's ozone (noz) and SN; needs no key (the call is not signed). */
export async function requestOzone(rpc: SdsRpcClient, wallet: string): Promise<{ ozone: bigint; sequenceNumber: string }> {
  const r = await rpc.call<RpcResult>('user_requestGetOzone', { walletaddr: wallet });
  if (r.return !== ReturnCode.SUCCESS) throw new SdsReturnError('user_requestGetOzone', r);
  return { ozone: BigInt(String(r.ozone)), sequenceNumber: String(r.sequencynumber) };
}

export class SdsClient {
  readonly address: string;
  /** the end of the last step that asked for the SN and spent it (`withSequenceNumber`) */
  private snTurn: Promise<unknown> = Promise.resolve();
  /** uploads under way (requestUpload to uploadSign), and those waiting for one to end */
  private uploading = 0;
  private readonly uploadWaiters: (() => void)[] = [];

  constructor(
    readonly rpc: SdsRpcClient,
    private readonly privateKey: Uint8Array,
  ) {
    this.address = walletAddressOf(ethPubKey(privateKey));
  }

  private async call(method: string, params: Record<string, unknown>, expect: readonly string[]): Promise<RpcResult> {
    const r = await this.rpc.call<RpcResult>(method, params);
    if (!expect.includes(String(r.return))) throw new SdsReturnError(method, r);
    return r;
  }

  async ozone(wallet = this.address): Promise<{ ozone: bigint; sequenceNumber: string }> {
    return requestOzone(this.rpc, wallet);
  }

  /**
   * Asks for the wallet's SN and runs `step`, which signs over it and sends the request that spends
   * it (requestUpload, uploadSign, requestDownload, getShared: the meta node moves the SN on at
   * each), one step at a time: two at once would sign the same SN, and the second would be refused
   * as stale (`-3`, `-6`). Only the asking and that one request wait for each other.
   */
  private withSequenceNumber<T>(step: (sequenceNumber: string) => Promise<T>): Promise<T> {
    const run = this.snTurn.then(async () => step((await this.ozone()).sequenceNumber));
    this.snTurn = run.catch(() => undefined);
    return run;
  }

  /**
   * Uploads a file from disk; with `wait`, polls the file status until FINISHED (or FAILED). At
   * most MAX_CONCURRENT_UPLOADS at once, as the node holds: more would wait for a slot inside
   * their requestUpload while holding the SN's turn, and the uploads under way could not sign.
   */
  async upload(path: string, o: { fileName?: string; wait?: boolean; pollMs?: number; timeoutMs?: number } = {}): Promise<UploadOutcome> {
    // read and hashed before a slot is taken: only the exchange with the node holds one
    const fileSize = (await stat(path)).size;
    const fileHash = await sdsFileHashOfPath(path);
    if (this.uploading >= MAX_CONCURRENT_UPLOADS) await new Promise<void>((resolve) => this.uploadWaiters.push(resolve));
    this.uploading++;
    let sent: { fileHash: string; fileSize: number; packets: { start: number; end: number }[] };
    try {
      sent = await this.send(path, o.fileName ?? basename(path), fileSize, fileHash);
    } finally {
      this.uploading--;
      this.uploadWaiters.shift()?.();
    }
    if (!o.wait) return sent;
    const status = await this.finalStatus(sent.fileHash, o.pollMs ?? 200, o.timeoutMs ?? 120_000);
    return { ...sent, state: Number(status.file_upload_state), ...(status.error ? { error: String(status.error) } : {}) };
  }

  /** An upload's requestUpload, its packets and its uploadSign (the part that holds one of the node's slots). */
  private async send(path: string, fileName: string, fileSize: number, fileHash: string): Promise<{ fileHash: string; fileSize: number; packets: { start: number; end: number }[] }> {
    let sequenceNumber = '';
    const t = now();
    const sign = () => signSds(this.privateKey, SignedMessage.upload(fileHash, this.address, sequenceNumber, t));
    let r = await this.withSequenceNumber((sn) => {
      sequenceNumber = sn;
      return this.call('user_requestUpload', { filename: fileName, filesize: fileSize, filehash: fileHash, signature: sign(), req_time: t, sequencenumber: sequenceNumber }, [ReturnCode.SUCCESS, ReturnCode.UPLOAD_DATA]);
    });
    const packets: { start: number; end: number }[] = [];
    const fh = await open(path, 'r');
    try {
      while (r.return === ReturnCode.UPLOAD_DATA) {
        const start = Number(r.offsetstart);
        const end = Number(r.offsetend);
        packets.push({ start, end });
        const buf = Buffer.allocUnsafe(end - start);
        await fh.read(buf, 0, buf.length, start);
        r = await this.call('user_uploadData', { filehash: fileHash, data: buf.toString('base64'), signature: sign(), req_time: t, sequencenumber: sequenceNumber }, [ReturnCode.SUCCESS, ReturnCode.UPLOAD_DATA]);
      }
    } finally {
      await fh.close();
    }
    await this.withSequenceNumber((sn) => {
      sequenceNumber = sn;
      return this.call('user_uploadSign', { filehash: fileHash, signature: sign(), sequencenumber: sequenceNumber, req_time: t }, [ReturnCode.SUCCESS]);
    });
    return { fileHash, fileSize, packets };
  }

  async fileStatus(fileHash: string): Promise<RpcResult> {
    const t = now();
    return this.call('user_getFileStatus', { filehash: fileHash, signature: signSds(this.privateKey, SignedMessage.fileStatus(fileHash, this.address, t)), req_time: t }, [ReturnCode.SUCCESS]);
  }

  /** Polls `user_getFileStatus` until FINISHED or FAILED; returns the state. */
  async waitForFile(fileHash: string, pollMs = 200, timeoutMs = 120_000): Promise<number> {
    return Number((await this.finalStatus(fileHash, pollMs, timeoutMs)).file_upload_state);
  }

  /** Polls `user_getFileStatus` until FINISHED or FAILED; returns that status. */
  private async finalStatus(fileHash: string, pollMs: number, timeoutMs: number): Promise<RpcResult> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const status = await this.fileStatus(fileHash);
      const s = Number(status.file_upload_state);
      if (s === FileUploadState.FINISHED || s === FileUploadState.FAILED) return status;
      if (Date.now() > deadline) throw new Error(`file ${fileHash} still in state ${s} after ${timeoutMs / 1000} s`);
      await new Promise((res) => setTimeout(res, pollMs));
    }
  }

  /** Downloads the owner's file (`sdm://`) into `to`; returns its name and the pieces' offsets. */
  async download(fileHash: string, to: string, owner = this.address): Promise<{ fileName: string; pieces: { start: number; end: number }[] }> {
    const t = now();
    return this.receive(to, () =>
      this.withSequenceNumber((sequenceNumber) =>
        this.call(
          'user_requestDownload',
          { filehandle: formatFileHandle({ owner, fileHash }), signature: signSds(this.privateKey, SignedMessage.upload(fileHash, this.address, sequenceNumber, t)), req_time: t },
          [ReturnCode.DOWNLOAD_OK, ReturnCode.DL_OK_ASK_INFO],
        ),
      ), () => fileHash,
    );
  }

  /** Downloads through a share link (`sds://…`) into `to`. */
  async downloadShared(shareLink: string, to: string): Promise<{ fileName: string; fileHash: string; pieces: { start: number; end: number }[] }> {
    const t = now();
    const link = shareLink.replace(/^sds:\/\//, '').split('/')[0]!;
    let fileHash = '';
    const got = await this.receive(to, () =>
      this.withSequenceNumber((sequenceNumber) =>
        this.call(
          'user_requestGetShared',
          { sharelink: shareLink, signature: signSds(this.privateKey, SignedMessage.getShared(link, this.address, sequenceNumber, t)), req_time: t },
          [ReturnCode.DOWNLOAD_OK, ReturnCode.DL_OK_ASK_INFO],
        ),
      ), (first) => (fileHash = String(first.filehash)),
    );
    return { ...got, fileHash };
  }

  /**
   * Opens `to` for writing BEFORE the charged request (`ask`), so that a path that cannot be
   * written costs nothing; an existing file is kept until the download is granted (then emptied),
   * a file created here is removed when it is refused.
   */
  private async receive(to: string, ask: () => Promise<RpcResult>, hashOf: (first: RpcResult) => string): Promise<{ fileName: string; pieces: { start: number; end: number }[] }> {
    let created = false;
    let fh = await open(to, 'r+').catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e;
      return undefined;
    });
    if (!fh) {
      fh = await open(to, 'wx');
      created = true;
    }
    let first: RpcResult;
    try {
      first = await ask();
      await fh.truncate(0);
    } catch (e) {
      await fh.close();
      if (created) await unlink(to).catch(() => undefined);
      throw e;
    }
    const fileHash = hashOf(first);
    const reqid = String(first.reqid);
    const fileName = String(first.filename ?? '');
    const pieces: { start: number; end: number }[] = [];
    let size = 0;
    try {
      let r = first;
      while (r.return === ReturnCode.DOWNLOAD_OK) {
        const start = Number(r.offsetstart);
        const data = Buffer.from(String(r.filedata), 'base64');
        pieces.push({ start, end: start + data.length });
        await fh.write(data, 0, data.length, start);
        size = Math.max(size, start + data.length);
        r = await this.call('user_downloadData', { filehash: fileHash, reqid }, [ReturnCode.DOWNLOAD_OK, ReturnCode.DL_OK_ASK_INFO]);
      }
    } finally {
      await fh.close();
    }
    await this.call('user_downloadedFileInfo', { filehash: fileHash, filesize: size, reqid }, [ReturnCode.SUCCESS]);
    return { fileName, pieces };
  }

  async list(page = 0): Promise<RpcResult> {
    const t = now();
    return this.call('user_requestList', { signature: signSds(this.privateKey, SignedMessage.list(this.address, t)), page, req_time: t }, [ReturnCode.SUCCESS]);
  }

  async share(fileHash: string, o: { duration?: number; privateFlag?: boolean; metaInfo?: string; ipfsCid?: string } = {}): Promise<{ shareid: string; sharelink: string }> {
    const t = now();
    const r = await this.call(
      'user_requestShare',
      { filehash: fileHash, signature: signSds(this.privateKey, SignedMessage.fileStatus(fileHash, this.address, t)), duration: o.duration ?? 0, private_flag: o.privateFlag ?? false, req_time: t, ipfs_cid: o.ipfsCid ?? '', meta_info: o.metaInfo ?? '' },
      [ReturnCode.SUCCESS],
    );
    return { shareid: String(r.shareid), sharelink: String(r.sharelink) };
  }

  async deleteFile(fileHash: string): Promise<RpcResult> {
    const t = now();
    return this.call('user_requestDeleteFile', { filehash: fileHash, signature: signSds(this.privateKey, SignedMessage.fileStatus(fileHash, this.address, t)), req_time: t }, [ReturnCode.SUCCESS]);
  }
}
