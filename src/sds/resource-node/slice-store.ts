/**
 * The slices a resource node keeps, one file per slice under `<home>/storage/<slice hash>`. A slice
 * enters the store complete or not at all: it is written to `tmp/` and renamed in (same file
 * system), so a node killed mid-transfer keeps every slice it had and none half-written.
 */
import { createReadStream, createWriteStream, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { SliceHasher } from '../protocol/file-hash.ts';
import { makeDirs } from '../../make-dirs.ts';

const SLICE_HASH = /^v[0-9a-v]{39}$/;

export class SliceStore {
  constructor(
    readonly dir: string,
    readonly tmpDir: string,
  ) {
    makeDirs(dir);
    makeDirs(tmpDir);
  }

  path(sliceHash: string): string {
    if (!SLICE_HASH.test(sliceHash)) throw new Error(`invalid slice hash ${JSON.stringify(sliceHash)}`);
    return join(this.dir, sliceHash);
  }

  has(sliceHash: string): boolean {
    return SLICE_HASH.test(sliceHash) && existsSync(this.path(sliceHash));
  }

  size(sliceHash: string): number {
    return statSync(this.path(sliceHash)).size;
  }

  /** Moves a complete slice file (on the same file system) into the store. */
  adopt(sliceHash: string, file: string): void {
    renameSync(file, this.path(sliceHash));
  }

  /**
   * Receives a slice from a stream: its hash is recomputed from the bytes, the file hash and the
   * slice number (reference §2.2: a node keeps a slice only when the hash matches); returns the size.
   */
  async receive(input: Readable, expected: { sliceHash: string; fileHash: string; sliceNumber: number; size: number }): Promise<number> {
    const target = this.path(expected.sliceHash);
    const tmp = join(this.tmpDir, `recv-${randomBytes(6).toString('hex')}`);
    const hasher = await SliceHasher.create(expected.fileHash, expected.sliceNumber);
    let size = 0;
    try {
      await pipeline(
        input,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            size += chunk.length;
            if (size > expected.size) throw new Error(`slice ${expected.sliceHash} is longer than ${expected.size} bytes`);
            hasher.update(chunk);
            yield chunk;
          }
        },
        createWriteStream(tmp),
      );
      if (size !== expected.size) throw new Error(`slice ${expected.sliceHash}: received ${size} bytes, expected ${expected.size}`);
      const got = hasher.digest();
      if (got !== expected.sliceHash) throw new Error(`slice hash mismatch: the bytes of slice ${expected.sliceNumber} of ${expected.fileHash} hash to ${got}, not ${expected.sliceHash}`);
      renameSync(tmp, target);
      return size;
    } catch (e) {
      rmSync(tmp, { force: true });
      throw e;
    }
  }

  read(sliceHash: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.path(sliceHash), range ? { start: range.start, end: range.end - 1 } : {});
  }

  delete(sliceHash: string): boolean {
    if (!this.has(sliceHash)) return false;
    rmSync(this.path(sliceHash), { force: true });
    return true;
  }
}
