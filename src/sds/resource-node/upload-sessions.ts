/**
 * The upload sessions of a resource node (reference §1.4.2, protocol v0.12.6+):
 * `requestUpload` → the meta node accepts → the node asks for the file's bytes one packet at a
 * time (32 MiB slices, ≤ 3,500,000-byte packets that never cross a slice, each packet's signature
 * checked) and writes each slice to its session folder as it arrives, hashing it on the way →
 * `"0"` when every slice is cached → `uploadSign` (within 15 s) → the meta node charges the ozone and
 * places the replicas → the node pushes each slice to the placed nodes and keeps its own copy.
 *
 * Nothing is ever half-stored: a session's bytes live in `tmp/upload/<session>/` until the slice
 * store adopts them whole; a session that breaks, is stopped or times out is deleted with its
 * folder, and every session folder is dropped when the node starts. The client then starts again.
 */
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rm, type FileHandle } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { ReturnCode, FileUploadState } from '../protocol/return-codes.ts';
import { SignedMessage, verifySds, type SdsSignature } from '../protocol/signature.ts';
import { sdsHashProblem, SliceHasher } from '../protocol/file-hash.ts';
import { MAX_CONCURRENT_UPLOADS, slicesOf, uploadPackets, type SliceRange } from '../protocol/transfer-plan.ts';
import type { Peer, SliceInfo } from '../meta-node/sp-protocol.ts';
import type { MetaClient } from './meta-client.ts';
import { omitEmpty } from './params.ts';
import type { SliceStore } from './slice-store.ts';
import { makeDirs } from '../../make-dirs.ts';

/** reference §1.5 */
export const UPLOAD_TIMEOUTS = Object.freeze({ initWaitMs: 15_000, packetGapMs: 120_000, signWaitMs: 15_000 });
export { MAX_CONCURRENT_UPLOADS };

type Result = Record<string, unknown>;
const result = (code: string, extra: Result = {}): Result => omitEmpty({ return: code, ...extra });

interface Session {
  readonly id: string;
  readonly owner: string;
  readonly fileHash: string;
  readonly fileName: string;
  readonly fileSize: number;
  readonly dir: string;
  /** the plan, made once the meta node accepted the size */
  packets: readonly SliceRange[];
  slices: readonly SliceRange[];
  next: number;
  state: 'receiving' | 'cached' | 'signing' | 'closed';
  sliceInfos: SliceInfo[];
  current?: { slice: SliceRange; file: FileHandle; hasher: SliceHasher };
  timer?: NodeJS.Timeout;
  /** when the session last heard from its client (its start, then each packet), ms since the epoch */
  heardAt: number;
  lock: Promise<unknown>;
}

/**
 * A session this long without a packet, still receiving or waiting for its uploadSign, is taken to be abandoned by its client
 * (the process that sent it died) when its owner asks to upload the same file again: the new
 * upload replaces it instead of waiting out the packet timeout.
 */
export const ABANDONED_AFTER_MS = 2_000;

export interface UploadDeps {
  readonly meta: MetaClient;
  readonly store: SliceStore;
  readonly tmpDir: string;
  readonly self: Peer;
  readonly log: (line: string) => void;
}

export class UploadSessions {
  private readonly byHash = new Map<string, Session>();
  private waiting: (() => void)[] = [];

  constructor(private readonly deps: UploadDeps) {}

  get active(): number {
    return this.byHash.size;
  }

  private dirOf(id: string): string {
    return join(this.deps.tmpDir, 'upload', id);
  }

  /** Waits for one of the MAX_CONCURRENT_UPLOADS slots; false after the init timeout. */
  private async slot(): Promise<boolean> {
    if (this.byHash.size < MAX_CONCURRENT_UPLOADS) return true;
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.waiting = this.waiting.filter((w) => w !== wake);
        resolve(false);
      }, UPLOAD_TIMEOUTS.initWaitMs);
      const wake = () => {
        clearTimeout(t);
        resolve(true);
      };
      this.waiting.push(wake);
    });
  }

  private async close(s: Session, why: string): Promise<void> {
    if (s.state === 'closed') return;
    s.state = 'closed';
    clearTimeout(s.timer);
    if (this.byHash.get(s.fileHash) === s) this.byHash.delete(s.fileHash);
    await s.current?.file.close().catch(() => undefined);
    await rm(s.dir, { recursive: true, force: true });
    this.deps.log(`upload session ${s.fileHash} closed: ${why}`);
    this.waiting.shift()?.();
  }

  private arm(s: Session, ms: number, why: string): void {
    s.heardAt = Date.now();
    clearTimeout(s.timer);
    s.timer = setTimeout(() => void this.close(s, why), ms);
    s.timer.unref();
  }

  /**
   * The refusal of an upload of `fileHash` while another session holds it, or undefined. A session
   * of the same owner that is still receiving (or waits for its uploadSign) and has heard nothing for ABANDONED_AFTER_MS (its
   * client died mid-way) is closed instead, and the new upload goes ahead.
   */
  private async sessionInTheWay(fileHash: string, owner: string): Promise<Result | undefined> {
    const s = this.byHash.get(fileHash);
    if (!s) return undefined;
    const idle = Date.now() - s.heardAt;
    if (s.owner === owner && (s.state === 'receiving' || s.state === 'cached') && idle >= ABANDONED_AFTER_MS) {
      await this.close(s, `replaced by a new upload of the same file by its owner (nothing received for ${Math.floor(idle / 1000)} s)`);
      return undefined;
    }
    return result(ReturnCode.CONFLICT_WITH_ANOTHER_SESSION, {
      detail: `an upload of ${fileHash} is already under way on this node (it ends after ${UPLOAD_TIMEOUTS.packetGapMs / 1000} s without a packet; its owner may start it again after ${ABANDONED_AFTER_MS / 1000} s without one)`,
    });
  }

  async requestUpload(p: { filename: string; filesize: number; filehash: string; signature: SdsSignature; req_time: number; sequencenumber: string }): Promise<Result> {
    const hashProblem = sdsHashProblem(p.filehash);
    if (hashProblem !== undefined) return result(ReturnCode.WRONG_INPUT, { detail: `invalid filehash ${JSON.stringify(p.filehash)}: ${hashProblem}` });
    if (p.filesize < 0 || !Number.isSafeInteger(p.filesize)) return result(ReturnCode.WRONG_INPUT, { detail: `invalid filesize ${Number.isInteger(p.filesize) ? BigInt(p.filesize) : p.filesize}` });
    const check = verifySds(p.signature, SignedMessage.upload(p.filehash, p.signature.address, p.sequencenumber, p.req_time));
    if (!check.ok) return result(`${ReturnCode.SIGNATURE_FAILURE}, ${check.detail}`, { detail: check.detail });
    const conflict = await this.sessionInTheWay(p.filehash, p.signature.address);
    if (conflict) return conflict;
    if (!(await this.slot())) return result(ReturnCode.TIME_OUT, { detail: `${MAX_CONCURRENT_UPLOADS} uploads are under way on this node` });
    const still = await this.sessionInTheWay(p.filehash, p.signature.address);
    if (still) return still;
    const id = `${p.filehash}-${randomBytes(4).toString('hex')}`;
    const s: Session = {
      id, owner: p.signature.address, fileHash: p.filehash, fileName: p.filename, fileSize: p.filesize, dir: this.dirOf(id),
      packets: [], slices: [], next: 0, state: 'receiving', sliceInfos: [], heardAt: Date.now(), lock: Promise.resolve(),
    };
    // reserve the hash before the meta node answers: a second session for it is refused meanwhile
    this.byHash.set(p.filehash, s);
    let answer;
    try {
      answer = await this.deps.meta.call('requestUpload', {
        signature: p.signature, reqTime: p.req_time, sequenceNumber: p.sequencenumber, fileHash: p.filehash, fileName: p.filename, fileSize: p.filesize, pp: this.deps.self.networkAddress,
      }, UPLOAD_TIMEOUTS.initWaitMs);
    } catch (e) {
      await this.close(s, (e as Error).message);
      return result(ReturnCode.TIME_OUT, { detail: (e as Error).message });
    }
    if (!answer.ok) {
      await this.close(s, `refused by the meta node: ${answer.detail}`);
      return result(answer.code, { detail: answer.detail });
    }
    // planned only now: a size the wallet has no ozone for never makes the node build millions of packets
    s.packets = uploadPackets(p.filesize);
    s.slices = slicesOf(p.filesize);
    makeDirs(s.dir);
    if (s.packets.length === 0) {
      s.state = 'cached';
      this.arm(s, UPLOAD_TIMEOUTS.signWaitMs, 'no uploadSign within 15 s');
      return result(ReturnCode.SUCCESS);
    }
    this.arm(s, UPLOAD_TIMEOUTS.packetGapMs, 'no packet within 120 s');
    const first = s.packets[0]!;
    return result(ReturnCode.UPLOAD_DATA, { offsetstart: first.start, offsetend: first.end });
  }

  uploadData(p: { filehash: string; data: string; signature: SdsSignature; req_time: number; sequencenumber: string; stop: boolean }): Promise<Result> {
    const s = this.byHash.get(p.filehash);
    if (!s || s.state === 'closed') return Promise.resolve(result(ReturnCode.SESSION_STOPPED, { detail: `no upload session for ${p.filehash}` }));
    const run = s.lock.then(() => this.receive(s, p));
    s.lock = run.catch(() => undefined);
    return run;
  }

  private async receive(s: Session, p: { filehash: string; data: string; signature: SdsSignature; req_time: number; sequencenumber: string; stop: boolean }): Promise<Result> {
    if (s.state !== 'receiving') return result(ReturnCode.SESSION_STOPPED, { detail: `the upload session for ${s.fileHash} is not receiving data` });
    if (p.stop) {
      await this.close(s, 'stopped by the client');
      return result(ReturnCode.SESSION_STOPPED, { detail: 'upload stopped' });
    }
    const check = verifySds(p.signature, SignedMessage.upload(p.filehash, p.signature.address, p.sequencenumber, p.req_time));
    if (!check.ok) return result(`${ReturnCode.SIGNATURE_FAILURE}, ${check.detail}`, { detail: check.detail });
    if (p.signature.address !== s.owner) return result(`${ReturnCode.SIGNATURE_FAILURE}, the session belongs to ${s.owner}`, { detail: `the session belongs to ${s.owner}` });
    const packet = s.packets[s.next]!;
    const data = Buffer.from(p.data, 'base64');
    if (data.length !== packet.end - packet.start) {
      await this.close(s, `packet of ${data.length} bytes where [${packet.start}, ${packet.end}) was asked`);
      return result(ReturnCode.INTERNAL_DATA_FAILURE, { detail: `expected the ${packet.end - packet.start} bytes [${packet.start}, ${packet.end}), got ${data.length}: the session is closed, start the upload again` });
    }
    this.arm(s, UPLOAD_TIMEOUTS.packetGapMs, 'no packet within 120 s');
    if (!s.current) {
      const slice = s.slices[packet.sliceNumber - 1]!;
      s.current = { slice, file: await open(join(s.dir, `slice-${slice.sliceNumber}`), 'w'), hasher: await SliceHasher.create(s.fileHash, slice.sliceNumber) };
    }
    const cur = s.current;
    await cur.file.write(data, 0, data.length, packet.start - cur.slice.start);
    cur.hasher.update(data);
    s.next++;
    if (packet.end === cur.slice.end) {
      await cur.file.close();
      s.sliceInfos.push({ sliceNumber: cur.slice.sliceNumber, sliceHash: cur.hasher.digest(), start: cur.slice.start, end: cur.slice.end });
      s.current = undefined;
    }
    if (s.next < s.packets.length) {
      const n = s.packets[s.next]!;
      return result(ReturnCode.UPLOAD_DATA, { offsetstart: n.start, offsetend: n.end });
    }
    s.state = 'cached';
    this.arm(s, UPLOAD_TIMEOUTS.signWaitMs, 'no uploadSign within 15 s');
    return result(ReturnCode.SUCCESS);
  }

  async uploadSign(p: { filehash: string; signature: SdsSignature; sequencenumber: string; req_time: number }): Promise<Result> {
    const s = this.byHash.get(p.filehash);
    if (!s || s.state !== 'cached') return result(ReturnCode.SESSION_STOPPED, { detail: `no finished upload of ${p.filehash} waits for its signature on this node` });
    const check = verifySds(p.signature, SignedMessage.upload(p.filehash, p.signature.address, p.sequencenumber, p.req_time));
    if (!check.ok) return result(`${ReturnCode.SIGNATURE_FAILURE}, ${check.detail}`, { detail: check.detail });
    if (p.signature.address !== s.owner) return result(`${ReturnCode.SIGNATURE_FAILURE}, the session belongs to ${s.owner}`, { detail: `the session belongs to ${s.owner}` });
    s.state = 'signing';
    clearTimeout(s.timer);
    let answer;
    try {
      answer = await this.deps.meta.call('uploadSign', {
        signature: p.signature, reqTime: p.req_time, sequenceNumber: p.sequencenumber, fileHash: s.fileHash, fileName: s.fileName, fileSize: s.fileSize,
        pp: this.deps.self.networkAddress, slices: s.sliceInfos,
      });
    } catch (e) {
      s.state = 'cached';
      this.arm(s, UPLOAD_TIMEOUTS.signWaitMs, 'no uploadSign within 15 s');
      return result(ReturnCode.TIME_OUT, { detail: (e as Error).message });
    }
    if (!answer.ok) {
      // a refusal for a stale SN can be signed again with a fresh one; any other ends the session
      if (String(answer.code).startsWith(ReturnCode.SIGNATURE_FAILURE)) {
        s.state = 'cached';
        this.arm(s, UPLOAD_TIMEOUTS.signWaitMs, 'no uploadSign within 15 s');
        return result(answer.code, { detail: answer.detail });
      }
      await this.close(s, `refused by the meta node: ${answer.detail}`);
      return result(ReturnCode.INTERNAL_DATA_FAILURE, { detail: answer.detail });
    }
    void this.distribute(s, answer.placement);
    return result(ReturnCode.SUCCESS);
  }

  /** Pushes every slice to the placed nodes, then keeps this node's copy; FAILED at the meta node when a push fails. */
  private async distribute(s: Session, placement: readonly Peer[]): Promise<void> {
    try {
      for (const slice of s.sliceInfos) {
        const file = join(s.dir, `slice-${slice.sliceNumber}`);
        for (const peer of placement) {
          if (peer.networkAddress === this.deps.self.networkAddress) continue;
          await pushSlice(peer, file, { fileHash: s.fileHash, owner: s.owner, slice });
        }
        if (placement.some((p) => p.networkAddress === this.deps.self.networkAddress)) {
          if (!this.deps.store.has(slice.sliceHash)) this.deps.store.adopt(slice.sliceHash, file);
          const answer = await this.deps.meta.call('sliceStored', {
            owner: s.owner, fileHash: s.fileHash, sliceNumber: slice.sliceNumber, sliceHash: slice.sliceHash, size: slice.end - slice.start, storedBy: this.deps.self.networkAddress,
          });
          if (!answer.ok) throw new Error(answer.detail);
        }
      }
      await this.close(s, 'all slices placed');
    } catch (e) {
      this.deps.log(`upload ${s.fileHash}: ${(e as Error).message}`);
      await this.deps.meta.call('uploadFailed', { owner: s.owner, fileHash: s.fileHash, reason: (e as Error).message }).catch(() => undefined);
      await this.close(s, `failed: ${(e as Error).message}`);
    }
  }

  async getFileStatus(p: { filehash: string; signature: SdsSignature; req_time: number }): Promise<Result> {
    const check = verifySds(p.signature, SignedMessage.fileStatus(p.filehash, p.signature.address, p.req_time));
    if (!check.ok) return result(`${ReturnCode.SIGNATURE_FAILURE}, ${check.detail}`, { detail: check.detail });
    let answer;
    try {
      answer = await this.deps.meta.call('fileStatus', { wallet: p.signature.address, fileHash: p.filehash }, 10_000);
    } catch (e) {
      return result(ReturnCode.TIME_OUT, { detail: (e as Error).message });
    }
    if (!answer.ok) return result(ReturnCode.INTERNAL_COMM_FAILURE, { detail: answer.detail });
    const error = answer.state === FileUploadState.FAILED && answer.failure !== undefined
      ? `the upload failed (${answer.failure}): upload it again`
      : answer.state === FileUploadState.FAILED || (answer.state !== FileUploadState.UNKNOWN && answer.state !== FileUploadState.UPLOADING && answer.replicas === 0)
        ? 'the file has no replica in the network: upload it again'
        : '';
    // file_upload_state is always written (an integer enum), replicas and user_has_file as Go omits them
    return { ...omitEmpty({ return: ReturnCode.SUCCESS, error }), file_upload_state: answer.state, ...omitEmpty({ user_has_file: answer.userHasFile, replicas: answer.replicas }) };
  }

  /** Drops every session folder (at start: sessions do not survive the process). */
  static async clear(tmpDir: string): Promise<void> {
    await rm(join(tmpDir, 'upload'), { recursive: true, force: true });
  }
}

/** PUT a slice file to a peer's internal port; rejects unless the peer kept it. */
async function pushSlice(peer: Peer, file: string, what: { fileHash: string; owner: string; slice: SliceInfo }): Promise<void> {
  const size = what.slice.end - what.slice.start;
  const url = new URL(`${peer.peerUrl}/slices/${what.slice.sliceHash}`);
  url.search = new URLSearchParams({ file: what.fileHash, n: String(what.slice.sliceNumber), size: String(size), owner: what.owner }).toString();
  const req = request(url, { method: 'PUT', headers: { 'Content-Type': 'application/octet-stream', 'Content-Length': size } });
  const response = once(req, 'response') as Promise<[import('node:http').IncomingMessage]>;
  createReadStream(file).on('error', (e) => req.destroy(e)).pipe(req);
  const [res] = await response;
  let body = '';
  for await (const chunk of res) body += chunk;
  if (res.statusCode !== 200) throw new Error(`resource node ${peer.networkAddress} did not keep slice ${what.slice.sliceNumber}: ${res.statusCode} ${body.slice(0, 200)}`);
}
