/**
 * The download sessions of a resource node (reference §1.4.3, §1.4.6): the meta node grants the
 * download (checking the signature against the wallet's SN and charging the ozone) and says where
 * each slice is; the node reads the slices it keeps straight from its store and fetches the others
 * from their holders' internal ports into a session file (reporting each slice served so that the
 * holder's traffic is credited), and hands the file out in pieces of at most 3 MiB that never cross a slice:
 * the first with `"2"` and a reqid, the next ones on `user_downloadData`, then `"3"`. A piece waits
 * only for its own slice. Sessions end on `downloadedFileInfo` or after 120 s without a call.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rm, type FileHandle } from 'node:fs/promises';
import { get } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ReturnCode } from '../protocol/return-codes.ts';
import { downloadPieces, type SliceRange } from '../protocol/transfer-plan.ts';
import type { DownloadPlan, Peer, SliceLocation } from '../meta-node/sp-protocol.ts';
import type { MetaClient } from './meta-client.ts';
import { omitEmpty } from './params.ts';
import type { SliceStore } from './slice-store.ts';
import { makeDirs } from '../../make-dirs.ts';

export const DOWNLOAD_TIMEOUTS = Object.freeze({ idleMs: 120_000, pieceWaitMs: 60_000 });

type Result = Record<string, unknown>;
const result = (code: string, extra: Result = {}): Result => omitEmpty({ return: code, ...extra });

interface Session {
  readonly reqid: string;
  readonly plan: DownloadPlan;
  readonly file: string;
  readonly pieces: readonly SliceRange[];
  next: number;
  readonly ready: Map<number, Promise<void>>;
  /** the slices this node keeps itself: their pieces are read from the store, never copied */
  readonly local: Map<number, SliceLocation>;
  handle?: FileHandle;
  timer?: NodeJS.Timeout;
  closed: boolean;
  /** bytes of the slices this node got (its own, or fetched from a holder): the traffic the download produced */
  served: number;
}

export interface DownloadDeps {
  readonly meta: MetaClient;
  readonly store: SliceStore;
  readonly tmpDir: string;
  readonly self: Peer;
  readonly log: (line: string) => void;
}

export class DownloadSessions {
  private readonly sessions = new Map<string, Session>();

  constructor(private readonly deps: DownloadDeps) {}

  /** Opens a session for a granted plan and returns its first piece (`"2"` with reqid, or `"3"` for an empty file). */
  async open(plan: DownloadPlan, downloader: string, firstPieceFields: (plan: DownloadPlan) => Result): Promise<Result> {
    const reqid = randomUUID();
    makeDirs(join(this.deps.tmpDir, 'download'));
    const file = join(this.deps.tmpDir, 'download', reqid);
    const s: Session = { reqid, plan, file, pieces: downloadPieces(plan.fileSize), next: 0, ready: new Map(), local: new Map(), closed: false, served: 0 };
    this.sessions.set(reqid, s);
    this.touch(s);
    const out = await open(file, 'w');
    await out.close();
    for (const slice of plan.slices) {
      if (slice.holders.some((h) => h.networkAddress === this.deps.self.networkAddress) && this.deps.store.has(slice.sliceHash)) {
        s.local.set(slice.sliceNumber, slice);
        s.ready.set(slice.sliceNumber, Promise.resolve());
        s.served += slice.end - slice.start;
        void this.reportServed(s, slice, this.deps.self, downloader);
        continue;
      }
      const p = this.fetchSlice(s, slice, downloader);
      p.catch(() => undefined);
      s.ready.set(slice.sliceNumber, p);
    }
    if (s.pieces.length === 0) {
      return result(ReturnCode.DL_OK_ASK_INFO, { reqid, ...firstPieceFields(plan) });
    }
    return this.piece(s, { reqid, ...firstPieceFields(plan) });
  }

  private touch(s: Session): void {
    clearTimeout(s.timer);
    s.timer = setTimeout(() => void this.close(s), DOWNLOAD_TIMEOUTS.idleMs);
    s.timer.unref();
  }

  /**
   * Ends a session the node gave up on and tells the meta node, which gives back the charge of the
   * bytes no slice was served for (reference §4.3: the traffic actually produced is charged).
   */
  private async fail(s: Session, reason: string): Promise<void> {
    await this.close(s);
    await this.deps.meta.call('downloadFailed', { grantId: s.plan.grantId, servedBytes: s.served, reason }).then(
      () => undefined,
      (e) => this.deps.log(`reporting the failed download of ${s.plan.fileHash}: ${(e as Error).message}`),
    );
  }

  private async close(s: Session): Promise<void> {
    if (s.closed) return;
    s.closed = true;
    clearTimeout(s.timer);
    this.sessions.delete(s.reqid);
    await s.handle?.close().catch(() => undefined);
    await rm(s.file, { force: true });
  }

  /** Writes one slice into the session file: from this node's store, else from a holder. */
  private async fetchSlice(s: Session, slice: SliceLocation, downloader: string): Promise<void> {
    const size = slice.end - slice.start;
    const holders = [...slice.holders].sort((a, b) => (a.networkAddress === this.deps.self.networkAddress ? -1 : b.networkAddress === this.deps.self.networkAddress ? 1 : 0));
    let lastError: Error | undefined;
    for (const holder of holders) {
      try {
        const out = createWriteStream(s.file, { flags: 'r+', start: slice.start });
        if (holder.networkAddress === this.deps.self.networkAddress && this.deps.store.has(slice.sliceHash)) {
          await pipeline(this.deps.store.read(slice.sliceHash), out);
        } else {
          await pipeline(await fetchFromPeer(holder, slice.sliceHash, size), out);
        }
        s.served += size;
        await this.reportServed(s, slice, holder, downloader);
        return;
      } catch (e) {
        lastError = e as Error;
        this.deps.log(`slice ${slice.sliceNumber} of ${s.plan.fileHash} from ${holder.networkAddress}: ${lastError.message}`);
      }
    }
    throw lastError ?? new Error(`no holder of slice ${slice.sliceNumber}`);
  }

  /** Tells the meta node who served a slice (the holder's traffic); a failure is only logged. */
  private reportServed(s: Session, slice: SliceLocation, holder: Peer, downloader: string): Promise<void> {
    return this.deps.meta
      .call('sliceServed', { fileHash: s.plan.fileHash, sliceHash: slice.sliceHash, size: slice.end - slice.start, servedBy: holder.networkAddress, servedTo: downloader })
      .then(
        () => undefined,
        (e) => this.deps.log(`reporting slice ${slice.sliceHash} served: ${(e as Error).message}`),
      );
  }

  /** A piece of a slice this node keeps, read from its store file. */
  private async readLocal(slice: SliceLocation, p: SliceRange): Promise<Buffer> {
    const fh = await open(this.deps.store.path(slice.sliceHash), 'r');
    try {
      const buf = Buffer.allocUnsafe(p.end - p.start);
      const { bytesRead } = await fh.read(buf, 0, buf.length, p.start - slice.start);
      if (bytesRead !== buf.length) throw new Error(`the stored slice holds ${p.start - slice.start + bytesRead} bytes, not ${slice.end - slice.start}`);
      return buf;
    } finally {
      await fh.close();
    }
  }

  private async piece(s: Session, extra: Result = {}): Promise<Result> {
    const p = s.pieces[s.next]!;
    const ready = s.ready.get(p.sliceNumber)!;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([ready, new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), DOWNLOAD_TIMEOUTS.pieceWaitMs)))]);
    } catch (e) {
      const timeout = (e as Error).message === 'timeout';
      const detail = timeout ? 'the slice did not arrive in time' : `slice ${p.sliceNumber} could not be fetched: ${(e as Error).message}`;
      await this.fail(s, detail);
      return result(timeout ? ReturnCode.TIME_OUT : ReturnCode.FILE_REQ_FAILURE, { detail });
    } finally {
      clearTimeout(timer);
    }
    const local = s.local.get(p.sliceNumber);
    let buf: Buffer;
    if (local) {
      try {
        buf = await this.readLocal(local, p);
      } catch (e) {
        const detail = `slice ${p.sliceNumber} could not be read: ${(e as Error).message}`;
        await this.fail(s, detail);
        return result(ReturnCode.FILE_REQ_FAILURE, { detail });
      }
    } else {
      s.handle ??= await open(s.file, 'r');
      buf = Buffer.allocUnsafe(p.end - p.start);
      await s.handle.read(buf, 0, buf.length, p.start);
    }
    s.next++;
    this.touch(s);
    return result(ReturnCode.DOWNLOAD_OK, { ...extra, offsetstart: p.start, offsetend: p.end, filedata: buf.toString('base64') });
  }

  async downloadData(p: { filehash: string; reqid: string }): Promise<Result> {
    const s = this.sessions.get(p.reqid);
    if (!s || s.plan.fileHash !== p.filehash) return result(ReturnCode.WRONG_INPUT, { detail: `no download session ${JSON.stringify(p.reqid)} for ${p.filehash}` });
    if (s.next >= s.pieces.length) return result(ReturnCode.DL_OK_ASK_INFO);
    return this.piece(s, { filename: s.plan.fileName });
  }

  /** reference §1.4.3: at v0.12.11 always `"0"`; the session ends here. */
  async downloadedFileInfo(p: { filehash: string; filesize: number; reqid: string }): Promise<Result> {
    const s = this.sessions.get(p.reqid);
    if (s) await this.close(s);
    return result(ReturnCode.SUCCESS);
  }

  /** Drops every session file (at start: sessions do not survive the process). */
  static async clear(tmpDir: string): Promise<void> {
    await rm(join(tmpDir, 'download'), { recursive: true, force: true });
  }
}

function fetchFromPeer(peer: Peer, sliceHash: string, size: number): Promise<import('node:http').IncomingMessage> {
  return new Promise((resolve, reject) => {
    get(`${peer.peerUrl}/slices/${sliceHash}`, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`${peer.networkAddress} answered ${res.statusCode}`));
        return;
      }
      if (Number(res.headers['content-length']) !== size) {
        res.resume();
        reject(new Error(`${peer.networkAddress} sent ${res.headers['content-length']} bytes, expected ${size}`));
        return;
      }
      resolve(res);
    }).on('error', reject);
  });
}
