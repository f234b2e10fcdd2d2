/**
 * `add`, in its two forms:
 * - Kubo's: a multipart body (part `file`; directories as parts of type `application/x-directory`,
 *   names URI-encoded paths) answered by one NDJSON line `{Name, Hash, Size}` per file and
 *   directory, the CIDs Kubo gives for the same bytes and options; every file's bytes go to SDS;
 * - the spec's (§4.2): `?arg=<path>` of a file on the server's machine, uploaded to SDS; the answer
 *   is the same line plus the SDS fields `FileHash` and `FileHandle` (docs/storage-client.md).
 * Parts are spooled to temp files as they stream in (never whole in memory); over the size limit
 * the request is refused with 413, and nothing is kept; nor when the request is aborted mid-body.
 */
import busboy from 'busboy';
import { createReadStream, createWriteStream, realpathSync, rmSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, basename, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ServerResponse } from 'node:http';
import { formatFileHandle } from '../protocol/file-handle.ts';
import type { CidIndex } from './cid-index.ts';
import { boolOption, intOption, KuboError, type KuboRequest } from './kubo-http.ts';
import type { SdsBackend } from './sds-backend.ts';
import { importCandidates, KUBO_DEFAULTS, type AddCandidate, type AddOptions, type IndexBlockstore } from './unixfs.ts';
import { makeDirs } from '../../make-dirs.ts';

export interface AddContext {
  readonly index: CidIndex;
  readonly store: IndexBlockstore;
  readonly backend: SdsBackend;
  readonly maxAddBytes: number;
  /** `?arg=<path>` allowed: the server is bound to loopback or `localRoot` is set; the path must lie under `localRoot` when set */
  readonly localPathsAllowed: boolean;
  readonly localRoot: string;
}

function addOptions(q: URLSearchParams): AddOptions & { pin: boolean; onlyHash: boolean; silent: boolean } {
  const cidVersion = intOption(q, 'cid-version', 0);
  if (cidVersion !== 0 && cidVersion !== 1) throw new KuboError(400, `unknown CID version: ${cidVersion}`);
  const chunker = q.get('chunker') ?? `size-${KUBO_DEFAULTS.chunkSize}`;
  // options that change the CIDs and that this API does not implement: refused, never ignored
  if (boolOption(q, 'trickle', false)) throw new KuboError(500, 'trickle is not supported by this API: only the balanced layout');
  const hash = q.get('hash');
  if (hash !== null && hash !== '' && hash !== 'sha2-256') throw new KuboError(500, `hash ${JSON.stringify(hash)} is not supported by this API: only sha2-256`);
  if (boolOption(q, 'inline', false)) throw new KuboError(500, 'inline is not supported by this API');
  if (boolOption(q, 'nocopy', false)) throw new KuboError(500, 'nocopy (the filestore) is not supported by this API: the bytes go to SDS');
  const m = /^size-(\d+)$/.exec(chunker);
  if (!m || Number(m[1]) < 1 || Number(m[1]) > 1_048_576) throw new KuboError(500, `chunker ${JSON.stringify(chunker)} is not supported: only size-<n> with 1 ≤ n ≤ 1048576`);
  return {
    cidVersion,
    rawLeaves: boolOption(q, 'raw-leaves', cidVersion === 1),
    chunkSize: Number(m[1]),
    wrapWithDirectory: boolOption(q, 'wrap-with-directory', false),
    pin: boolOption(q, 'pin', true),
    onlyHash: boolOption(q, 'only-hash', false),
    // Kubo's `quiet`/`quieter` shape only what its command line prints; over HTTP every line is
    // sent. `silent` is the adder's option: no output at all
    silent: boolOption(q, 'silent', false),
  };
}

/** A multipart part's path: URI-decoded, relative, no `..`. */
function partPath(raw: string): string {
  let p: string;
  try {
    p = decodeURIComponent(raw);
  } catch {
    p = raw;
  }
  p = p.replace(/^\/+/, '');
  if (p.split('/').some((s) => s === '..')) throw new KuboError(400, `invalid file name ${JSON.stringify(raw)}: ".." is not allowed`);
  return p;
}

async function spoolMultipart(r: KuboRequest, dir: string, limit: number): Promise<AddCandidate[]> {
  const type = r.req.headers['content-type'] ?? '';
  if (!type.startsWith('multipart/form-data')) throw new KuboError(400, "file argument 'path' is required");
  const declared = Number(r.req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw new KuboError(413, `request body of ${declared} bytes is over the limit of ${limit} bytes`);
  const candidates: AddCandidate[] = [];
  const writes: Promise<void>[] = [];
  const parts: Readable[] = [];
  let total = 0;
  let n = 0;
  const spooled = new Promise<void>((resolveAll, reject) => {
    let bb: busboy.Busboy;
    try {
      // fileSize one over the limit: busboy truncates a file at fileSize silently, so the count below must see it pass.
      // A file name sent as raw UTF-8 (curl, browsers' FormData) is read as UTF-8, as Go's mime/multipart
      // does for Kubo; busboy's default would read it as Latin-1.
      bb = busboy({ headers: r.req.headers, preservePath: true, defParamCharset: 'utf8', limits: { fileSize: limit + 1 } });
    } catch (e) {
      reject(new KuboError(400, (e as Error).message));
      return;
    }
    bb.on('file', (_field, stream, info) => {
      let path: string;
      try {
        path = partPath(info.filename ?? '');
      } catch (e) {
        stream.resume();
        reject(e);
        return;
      }
      if (info.mimeType === 'application/x-directory') {
        stream.resume();
        candidates.push({ path });
        return;
      }
      const file = join(dir, String(n++));
      candidates.push({ path, file });
      parts.push(stream);
      // destroyed with the error: busboy's file streams emit no 'close' on a plain destroy, so the
      // spool's pipeline below would wait for an end that never comes (and the add for ever)
      const overLimit = (): void => {
        const e = new KuboError(413, `the files added are over the limit of ${limit} bytes`);
        r.req.unpipe(bb);
        stream.destroy(e);
        reject(e);
      };
      stream.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > limit) overLimit();
      });
      stream.on('limit', overLimit);
      const write = pipeline(stream, createWriteStream(file));
      // an error ends the spooling now; one after busboy's close fails the await of every write below
      write.catch(reject);
      writes.push(write);
    });
    bb.on('error', (e) => reject(new KuboError(400, `multipart: ${(e as Error).message}`)));
    bb.on('close', () => resolveAll());
    // `pipe` does not pass an abort on: a client that goes away mid-body (or a gateway that cut
    // it off) would leave busboy waiting for the rest forever, and the spool on disk
    const aborted = (): void => {
      if (r.req.complete) return;
      reject(new KuboError(400, 'the request was aborted before its body ended: nothing was added'));
      r.req.unpipe(bb);
      bb.destroy();
    };
    r.req.once('aborted', aborted);
    r.req.once('close', aborted);
    r.req.once('error', aborted);
    r.req.pipe(bb);
  });
  try {
    await spooled;
  } catch (e) {
    // a refused add (over the limit, a bad name) leaves no write running: the caller removes the
    // spool folder next, which must not race a file still being created in it
    for (const part of parts) part.destroy(e as Error);
    await Promise.allSettled(writes);
    throw e;
  }
  await Promise.all(writes);
  if (candidates.length === 0) throw new KuboError(400, "file argument 'path' is required");
  return candidates;
}

/** `path` is `root` or lies under it (both real paths: a symlink under the root cannot point out of it). */
function isUnder(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

const realOrResolved = (p: string): string => {
  try {
    return realpathSync(p);
  } catch {
    return resolve(p);
  }
};

/**
 * Checks the spec form's local path and copies the file into the spool, read to its end: its CID,
 * SDS hash, size and upload then all come from the same bytes, whatever happens to the file
 * meanwhile (one still being written; a `/proc` file, whose size says 0).
 */
async function localCandidate(c: AddContext, arg: string, spoolDir: string): Promise<AddCandidate> {
  if (!c.localPathsAllowed) throw new KuboError(403, 'add?arg=<local path> is refused: this API is not bound to loopback and has no add.local_root (use a multipart add)');
  const path = resolve(arg);
  if (c.localRoot !== '') {
    const root = realOrResolved(c.localRoot);
    if (!isUnder(root, realOrResolved(path))) throw new KuboError(403, `${path} is outside the configured local_root ${root}`);
  }
  let st;
  try {
    st = statSync(path);
  } catch {
    throw new KuboError(500, `failed to get data from file: ${path} does not exist`);
  }
  if (!st.isFile()) throw new KuboError(500, `failed to get data from file: ${path} is not a regular file`);
  if (st.size > c.maxAddBytes) throw new KuboError(413, `${path} is ${st.size} bytes, over the limit of ${c.maxAddBytes} bytes`);
  const copy = join(spoolDir, 'local');
  let read = 0;
  const bounded = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      read += chunk.length;
      if (read > c.maxAddBytes) done(new KuboError(413, `${path} grew past the limit of ${c.maxAddBytes} bytes while it was read`));
      else done(null, chunk);
    },
  });
  try {
    await pipeline(createReadStream(path), bounded, createWriteStream(copy));
  } catch (e) {
    if (e instanceof KuboError) throw e;
    throw new KuboError(500, `failed to get data from file: ${(e as Error).message}`);
  }
  return { path: basename(path), file: copy };
}

export async function handleAdd(c: AddContext, r: KuboRequest, res: ServerResponse): Promise<void> {
  const opts = addOptions(r.options);
  const spoolDir = c.backend.tempPath('add');
  makeDirs(spoolDir);
  try {
    const specForm = r.args.length > 0 && !(r.req.headers['content-type'] ?? '').startsWith('multipart/form-data');
    const candidates = specForm ? [await localCandidate(c, r.args[0]!, spoolDir)] : await spoolMultipart(r, spoolDir, c.maxAddBytes);
    const lines: string[] = [];
    let last: { Name: string; Hash: string; Size: string } | undefined;
    for await (const e of importCandidates(candidates, opts, c.store)) {
      // a file part without a name is named by its CID, as Kubo's adder does (a wrapping directory stays "")
      const line = { Name: e.path === '' && e.file !== undefined ? e.cid.toString() : e.path, Hash: e.cid.toString(), Size: e.size.toString() };
      let extra: Record<string, string> = {};
      if (e.file !== undefined && !opts.onlyHash) {
        const size = statSync(e.file).size;
        const fileHash = await c.backend.store(e.file, basename(e.path) || e.cid.toString());
        await c.backend.register(line.Hash, fileHash, size, basename(line.Name));
        if (specForm) extra = { FileHash: fileHash, FileHandle: formatFileHandle({ owner: c.backend.owner, fileHash }) };
      }
      last = line;
      lines.push(JSON.stringify({ ...line, ...extra }));
    }
    if (last && opts.pin && !opts.onlyHash) c.index.pin(last.Hash);
    const out = opts.silent ? '' : lines.join('\n') + '\n';
    res.writeHead(200, { 'Content-Type': 'application/json', 'X-Chunked-Output': '1', 'Content-Length': Buffer.byteLength(out) }).end(out);
  } finally {
    rmSync(spoolDir, { recursive: true, force: true });
  }
}
