/**
 * A client of a resource node's JSON-RPC API that does what the real example client and the
 * network's TypeScript SDK do (reference §1.4): upload a file in the node's packets (read from
 * disk at the asked offsets, never the whole file in memory), sign each step with the wallet key
 * and the SN from `user_requestGetOzone`, wait for the file status; download by `sdm://` handle or
 * share link into a file, placing each piece at its offset. Used by tests, benchmarks and the
 * storage client API.
 */
import { open, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { formatFileHandle } from '../protocol/file-handle.ts';
import { sdsFileHashOfPath } from '../protocol/file-hash.ts';
import { ReturnCode, FileUploadState } from '../protocol/return-codes.ts';
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
}

const now = (): number => Math.floor(Date.now() / 1000);

export class SdsClient {
  readonly address: string;
  /** the end of the last step that asked for the SN and spent it (`withSequenceNumber`) */
  private snTurn: Promise<unknown> = Promise.resolve();

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
    const r = await this.call('user_requestGetOzone', { walletaddr: wallet }, [ReturnCode.SUCCESS]);
    return { ozone: BigInt(String(r.ozone)), sequenceNumber: String(r.sequencynumber) };
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

  /** Uploads a file from disk; with `wait`, polls the file status until FINISHED (or FAILED). */
  async upload(path: string, o: { fileName?: string; wait?: boolean; pollMs?: number; timeoutMs?: number } = {}): Promise<UploadOutcome> {
    const fileSize = (await stat(path)).size;
    const fileHash = await sdsFileHashOfPath(path);
    const fileName = o.fileName ?? basename(path);
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
    if (!o.wait) return { fileHash, fileSize, packets };
    const state = await this.waitForFile(fileHash, o.pollMs ?? 200, o.timeoutMs ?? 120_000);
    return { fileHash, fileSize, packets, state };
  }

  async fileStatus(fileHash: string): Promise<RpcResult> {
    const t = now();
    return this.call('user_getFileStatus', { filehash: fileHash, signature: signSds(this.privateKey, SignedMessage.fileStatus(fileHash, this.address, t)), req_time: t }, [ReturnCode.SUCCESS]);
  }

  /** Polls `user_getFileStatus` until FINISHED or FAILED; returns the state. */
  async waitForFile(fileHash: string, pollMs = 200, timeoutMs = 120_000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const s = Number((await this.fileStatus(fileHash)).file_upload_state);
      if (s === FileUploadState.FINISHED || s === FileUploadState.FAILED) return s;
      if (Date.now() > deadline) throw new Error(`file ${fileHash} still in state ${s} after ${timeoutMs / 1000} s`);
      await new Promise((res) => setTimeout(res, pollMs));
    }
  }

  /** Downloads the owner's file (`sdm://`) into `to`; returns its name and the pieces' offsets. */
  async download(fileHash: string, to: string, owner = this.address): Promise<{ fileName: string; pieces: { start: number; end: number }[] }> {
    const t = now();
    const first = await this.withSequenceNumber((sequenceNumber) =>
      this.call(
        'user_requestDownload',
        { filehandle: formatFileHandle({ owner, fileHash }), signature: signSds(this.privateKey, SignedMessage.upload(fileHash, this.address, sequenceNumber, t)), req_time: t },
        [ReturnCode.DOWNLOAD_OK, ReturnCode.DL_OK_ASK_INFO],
      ),
    );
    return this.receive(fileHash, first, to);
  }

  /** Downloads through a share link (`sds://…`) into `to`. */
  async downloadShared(shareLink: string, to: string): Promise<{ fileName: string; fileHash: string; pieces: { start: number; end: number }[] }> {
    const t = now();
    const link = shareLink.replace(/^sds:\/\//, '').split('/')[0]!;
    const first = await this.withSequenceNumber((sequenceNumber) =>
      this.call(
        'user_requestGetShared',
        { sharelink: shareLink, signature: signSds(this.privateKey, SignedMessage.getShared(link, this.address, sequenceNumber, t)), req_time: t },
        [ReturnCode.DOWNLOAD_OK, ReturnCode.DL_OK_ASK_INFO],
      ),
    );
    const fileHash = String(first.filehash);
    return { ...(await this.receive(fileHash, first, to)), fileHash };
  }

  private async receive(fileHash: string, first: RpcResult, to: string): Promise<{ fileName: string; pieces: { start: number; end: number }[] }> {
    const reqid = String(first.reqid);
    const fileName = String(first.filename ?? '');
    const pieces: { start: number; end: number }[] = [];
    const fh = await open(to, 'w');
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
