/**
 * `nodeclient ipfs migrate <filecid> [filename]` (spec §4.2; the real client, reference §3.4, runs an
 * embedded Kubo node and fetches over bitswap): here the blocks come from an IPFS source over HTTP,
 * either a trustless gateway (`GET <source>/ipfs/<cid>?format=raw`, `Accept:
 * application/vnd.ipld.raw`, specs.ipfs.tech/http-gateways/trustless-gateway/) or a Kubo RPC API
 * (`<source>` ending in `/api/v0`: `POST <source>/block/get?arg=<cid>`). The source is never
 * trusted: every block is hashed with the multiformats hasher its CID names and refused unless the
 * multihash matches; the unixfs exporter walks the DAG over that verifying blockstore and streams the
 * file to `<home>/tmp/ipfs/<cid>/<filename or cid>`. Only once the whole file is written (so every
 * byte verified) is it uploaded to SDS by the resource node's upload session and its CID registered
 * in the index, with the structure blocks that let `cat`/`ls`/`get` resolve it. Any failure removes
 * the temp folder and uploads nothing.
 */
import { createWriteStream, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as dagPb from '@ipld/dag-pb';
import { exporter } from 'ipfs-unixfs-exporter';
import { CID } from 'multiformats/cid';
import { equals } from 'multiformats/bytes';
import { identity } from 'multiformats/hashes/identity';
import { sha256, sha512 } from 'multiformats/hashes/sha2';
import type { MultihashHasher } from 'multiformats/hashes/interface';
import { SdsClient } from '../client/sds-client.ts';
import { formatFileHandle } from '../protocol/file-handle.ts';
import { sdsFileHashOfPath } from '../protocol/file-hash.ts';
import type { SdsRpcClient } from '../rpc/client.ts';
import type { CidIndex } from './cid-index.ts';
import { storedAlready, type SdsBackend } from './sds-backend.ts';
import { IndexBlockstore, parseIpfsPath } from './unixfs.ts';
import { makeDirs } from '../../make-dirs.ts';

/** A block larger than this is refused before it is read whole (bitswap's and the gateways' limit is 2 MiB; 4 MiB leaves room). */
export const MAX_BLOCK_BYTES = 4 * 1024 * 1024;
/** blocks fetched ahead of the one being written */
export const BLOCK_READ_CONCURRENCY = 8;

const HASHERS: ReadonlyMap<number, MultihashHasher<number>> = new Map<number, MultihashHasher<number>>([
  [sha256.code, sha256],
  [sha512.code, sha512],
]);

/** A block whose bytes do not hash to its CID, or a source that failed to give it. */
export class MigrateError extends Error {
  override readonly name = 'MigrateError';
}

/**
 * Whether `bytes` are the block `cid` names: the multihash of the bytes equals the CID's (sha2-256,
 * sha2-512, or identity: the bytes themselves); another hash function is refused.
 */
export async function blockMatches(cid: CID, bytes: Uint8Array): Promise<boolean> {
  const mh = cid.multihash;
  if (mh.code === identity.code) return equals(mh.digest, bytes);
  const hasher = HASHERS.get(mh.code);
  if (!hasher) throw new MigrateError(`block ${cid.toString()}: multihash code 0x${mh.code.toString(16)} is not supported (sha2-256, sha2-512 and identity are)`);
  return equals((await hasher.digest(bytes)).bytes, mh.bytes);
}

/** Verifies that `bytes` are the block `cid` names (`blockMatches`), naming what did not match. */
export async function verifyBlock(cid: CID, bytes: Uint8Array): Promise<void> {
  if (await blockMatches(cid, bytes)) return;
  const code = cid.multihash.code;
  if (code === identity.code) throw new MigrateError(`block ${cid.toString()} does not match its CID (identity multihash)`);
  throw new MigrateError(`block ${cid.toString()} failed verification: the source sent ${bytes.length} bytes whose ${HASHERS.get(code)!.name} is not the CID's (tampered or wrong block); nothing was uploaded`);
}

/** Where blocks come from (unverified). */
export interface BlockSource {
  readonly url: string;
  readonly kind: 'trustless-gateway' | 'kubo-rpc';
  fetchBlock(cid: CID, signal?: AbortSignal): Promise<Uint8Array>;
}

async function readLimited(res: Response, cid: CID, url: string): Promise<Uint8Array> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > MAX_BLOCK_BYTES) {
    await res.body?.cancel();
    throw new MigrateError(`block ${cid.toString()} from ${url}: ${declared} bytes is over the block limit of ${MAX_BLOCK_BYTES}`);
  }
  const parts: Uint8Array[] = [];
  let total = 0;
  if (res.body) {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      total += chunk.length;
      if (total > MAX_BLOCK_BYTES) {
        await res.body.cancel().catch(() => undefined);
        throw new MigrateError(`block ${cid.toString()} from ${url}: over the block limit of ${MAX_BLOCK_BYTES} bytes`);
      }
      parts.push(chunk);
    }
  }
  return parts.length === 1 ? parts[0]! : new Uint8Array(Buffer.concat(parts));
}

async function errorText(res: Response): Promise<string> {
  const text = (await res.text().catch(() => '')).trim();
  try {
    const j = JSON.parse(text) as { Message?: unknown };
    if (typeof j.Message === 'string') return j.Message;
  } catch {
    // not Kubo's error object
  }
  return text.slice(0, 300);
}

/** The source named by `url`: a Kubo RPC API when its path ends in `/api/v0`, else a trustless gateway. */
export function blockSource(url: string): BlockSource {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new MigrateError(`invalid IPFS source ${JSON.stringify(url)}: expected an http(s) URL of a trustless gateway or of a Kubo RPC API (…/api/v0)`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new MigrateError(`invalid IPFS source ${JSON.stringify(url)}: only http and https are supported`);
  const base = url.replace(/\/+$/, '');
  const kubo = /\/api\/v0$/.test(u.pathname.replace(/\/+$/, ''));
  const describe = (cid: CID, e: unknown): MigrateError => {
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    return new MigrateError(`fetching block ${cid.toString()} from ${base}: ${cause?.code ?? cause?.message ?? (e as Error).message}`);
  };
  /** the answer to a block request, 200 or a MigrateError naming the block */
  const fetched = async (cid: CID, target: string, init: RequestInit): Promise<Response> => {
    let res: Response;
    try {
      res = await fetch(target, init);
    } catch (e) {
      throw describe(cid, e);
    }
    if (res.status !== 200) throw new MigrateError(`fetching block ${cid.toString()} from ${base}: HTTP ${res.status}: ${await errorText(res)}`);
    return res;
  };
  if (kubo) {
    return {
      url: base,
      kind: 'kubo-rpc',
      async fetchBlock(cid, signal) {
        return readLimited(await fetched(cid, `${base}/block/get?arg=${cid.toString()}`, { method: 'POST', signal }), cid, base);
      },
    };
  }
  return {
    url: base,
    kind: 'trustless-gateway',
    async fetchBlock(cid, signal) {
      const res = await fetched(cid, `${base}/ipfs/${cid.toString()}?format=raw`, { headers: { Accept: 'application/vnd.ipld.raw' }, signal });
      const type = res.headers.get('content-type') ?? '';
      if (type !== '' && !type.startsWith('application/vnd.ipld.raw')) {
        await res.body?.cancel();
        throw new MigrateError(`fetching block ${cid.toString()} from ${base}: the gateway answered ${type}, not application/vnd.ipld.raw (not a trustless gateway?)`);
      }
      return readLimited(res, cid, base);
    },
  };
}

/**
 * A read-only blockstore over a source: each block is fetched, verified against its CID, counted,
 * and (when it gives the DAG its structure) remembered for the index.
 */
export class VerifyingBlockstore {
  blocks = 0;
  bytes = 0;
  /** dag-pb blocks with links, and the root: what `cat`/`ls` need in the index */
  readonly structure = new Map<string, { cid: CID; bytes: Uint8Array }>();

  constructor(
    private readonly source: BlockSource,
    private readonly root: CID,
    private readonly onBlock: (v: VerifyingBlockstore) => void = () => undefined,
  ) {}

  async *get(cid: CID, options?: { signal?: AbortSignal }): AsyncGenerator<Uint8Array> {
    const bytes = cid.multihash.code === identity.code ? cid.multihash.digest : await this.source.fetchBlock(cid, options?.signal);
    await verifyBlock(cid, bytes);
    this.blocks++;
    this.bytes += bytes.length;
    if (cid.equals(this.root) || (cid.code === dagPb.code && dagPb.decode(bytes).Links.length > 0)) this.structure.set(cid.toString(), { cid, bytes });
    this.onBlock(this);
    yield bytes;
  }
}

/** A file name for SDS and the temp folder: one path segment. */
export function checkFileName(name: string): string {
  if (name === '' || name === '.' || name === '..' || /[/\\\0]/.test(name) || Buffer.byteLength(name) > 255) {
    throw new MigrateError(`invalid file name ${JSON.stringify(name)}: one path segment of 1 to 255 bytes, without / \\ or NUL`);
  }
  return name;
}

export interface FetchedFile {
  /** the file's CID (the root, or the entry a `<cid>/<path>` names) */
  readonly cid: CID;
  readonly path: string;
  readonly name: string;
  readonly size: number;
  readonly blocks: number;
  readonly blockBytes: number;
  readonly structure: readonly { cid: CID; bytes: Uint8Array }[];
}

/**
 * Fetches the file `arg` names (`<cid>`, `/ipfs/<cid>`, or `<cid>/<path in a directory>`), verified
 * block by block, streaming it into `<tmpRoot>/<cid>/<name>`; on failure removes that folder.
 */
export async function fetchVerifiedFile(arg: string, name: string | undefined, source: BlockSource, tmpRoot: string, progress: (line: string) => void): Promise<FetchedFile> {
  const { cid: root, rest } = (() => {
    try {
      return parseIpfsPath(arg);
    } catch (e) {
      throw new MigrateError((e as Error).message);
    }
  })();
  if (name !== undefined) checkFileName(name);
  let last = 0;
  const store = new VerifyingBlockstore(source, root, (v) => {
    const now = Date.now();
    if (now - last >= 1000) {
      last = now;
      progress(`fetched ${v.blocks} blocks, ${v.bytes} bytes`);
    }
  });
  const path = rest === '' ? root.toString() : `${root.toString()}/${rest}`;
  let entry;
  try {
    entry = await exporter(path, store as never);
  } catch (e) {
    if (e instanceof MigrateError) throw e;
    throw new MigrateError(`${arg}: ${(e as Error).message}`);
  }
  if (entry.type === 'directory') throw new MigrateError(`${arg} is a directory (${entry.cid.toString()}): migrate takes a file; give the path of a file in it, <cid>/<name>`);
  if (entry.type !== 'file' && entry.type !== 'raw' && entry.type !== 'identity') {
    throw new MigrateError(`${arg} is not a unixfs file (a ${entry.type} node of codec 0x${entry.cid.code.toString(16)}): migrate takes a file`);
  }
  const fileName = name ?? (rest === '' ? entry.cid.toString() : checkFileName(entry.name));
  const dir = join(tmpRoot, entry.cid.toString());
  const file = join(dir, fileName);
  rmSync(dir, { recursive: true, force: true });
  makeDirs(dir);
  try {
    await pipeline(entry.content({ blockReadConcurrency: BLOCK_READ_CONCURRENCY }), createWriteStream(file));
    const size = statSync(file).size;
    if (BigInt(size) !== BigInt(entry.size)) throw new MigrateError(`${entry.cid.toString()}: wrote ${size} bytes, the DAG says ${entry.size}`);
    progress(`fetched ${store.blocks} blocks, ${store.bytes} bytes: ${entry.cid.toString()} verified, ${size} bytes in ${file}`);
    return { cid: entry.cid, path: file, name: fileName, size, blocks: store.blocks, blockBytes: store.bytes, structure: [...store.structure.values()] };
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    if (e instanceof MigrateError) throw e;
    throw new MigrateError(`${entry.cid.toString()}: ${(e as Error).message}`);
  }
}

/** An RPC client that reports each upload packet the resource node asks for. */
function packetReporting(rpc: SdsRpcClient, size: number, progress: (line: string) => void): SdsRpcClient {
  let packets = 0;
  return {
    async call<T>(method: string, params?: Record<string, unknown>): Promise<T> {
      const r = await rpc.call<T>(method, params);
      const a = r as Record<string, unknown>;
      if ((method === 'user_requestUpload' || method === 'user_uploadData') && a.return === '1') {
        packets++;
        progress(`upload packet ${packets}: bytes ${String(a.offsetstart)}–${String(a.offsetend)} of ${size}`);
      }
      if (method === 'user_uploadSign' && a.return === '0') progress(`upload signed after ${packets} packets, waiting for the network to hold it`);
      return r;
    },
    batch: (calls) => rpc.batch(calls),
    close: () => rpc.close(),
  };
}

export interface MigrateOptions {
  readonly arg: string;
  readonly name?: string;
  readonly source: string;
  readonly backend: SdsBackend;
  readonly index: CidIndex;
  /** the wallet key the backend signs with (the upload's progress goes through a reporting client of the same node) */
  readonly privateKey: Uint8Array;
  /** `<home>/tmp/ipfs` */
  readonly tmpRoot: string;
  readonly progress: (line: string) => void;
}

export interface MigrateResult {
  readonly cid: string;
  readonly name: string;
  readonly size: number;
  readonly filehash: string;
  readonly handle: string;
}

/** Fetches and verifies the file, uploads it to SDS, registers its CID; the temp folder is removed in every case. */
export async function migrate(o: MigrateOptions): Promise<MigrateResult> {
  const source = blockSource(o.source);
  o.progress(`migrating ${o.arg} from ${source.kind} ${source.url}`);
  const f = await fetchVerifiedFile(o.arg, o.name, source, o.tmpRoot, o.progress);
  try {
    const fileHash = await sdsFileHashOfPath(f.path);
    const owner = o.backend.owner;
    // SDS decides whether the wallet holds the file already (its meta node refuses the upload then),
    // not this index: a file deleted from SDS since is uploaded again
    const client = new SdsClient(packetReporting(o.backend.client.rpc, f.size, o.progress), o.privateKey);
    try {
      const up = await client.upload(f.path, { fileName: f.name, wait: true });
      if (up.state !== 3) throw new MigrateError(`the upload of ${f.name} (${fileHash}) ended in state ${up.state} (failed): migrate it again`);
      o.progress(`uploaded ${f.size} bytes in ${up.packets.length} packets: SDS file ${fileHash}`);
    } catch (e) {
      if (!storedAlready(e)) throw e;
      o.progress(`SDS file ${fileHash} is already stored by ${owner}: not uploaded again`);
    }
    const structure = new IndexBlockstore(o.index);
    for (const b of f.structure) await structure.put(b.cid, b.bytes);
    structure.keepRoot(f.cid);
    const cid = f.cid.toString();
    await o.backend.register(cid, fileHash, f.size, f.name);
    return { cid, name: f.name, size: f.size, filehash: fileHash, handle: formatFileHandle({ owner, fileHash }) };
  } finally {
    rmSync(join(o.tmpRoot, f.cid.toString()), { recursive: true, force: true });
  }
}
