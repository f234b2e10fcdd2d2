/**
 * CIDs as Kubo gives them, computed with the IPFS ecosystem's own libraries (the unixfs importer
 * and exporter, dag-pb, multiformats; never by hand): `add` with Kubo's defaults — dag-pb/unixfs
 * nodes, sha2-256, 256 KiB fixed-size chunks, balanced layout, CIDv0 (raw leaves only with
 * `raw-leaves` or CIDv1) — and paths resolved through the directory blocks of the index.
 *
 * `IndexBlockstore` is the blockstore the importer writes to and the exporter reads from: it keeps
 * the blocks that give content its structure (directory nodes, files' inner nodes, and each file's
 * root) in the index and drops the data leaves, whose bytes live in SDS.
 */
import { createReadStream } from 'node:fs';
import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import { importer, type ImportCandidate } from 'ipfs-unixfs-importer';
import { fixedSize } from 'ipfs-unixfs-importer/chunker';
import { exporter, walkPath, NotFoundError as ExporterNotFoundError } from 'ipfs-unixfs-exporter';
import { CID } from 'multiformats/cid';
import { parseCid } from './cid-text.ts';
import type { CidIndex } from './cid-index.ts';

export const KUBO_CHUNK_SIZE = 262_144;

export interface AddOptions {
  readonly cidVersion: 0 | 1;
  readonly rawLeaves: boolean;
  readonly chunkSize: number;
  readonly wrapWithDirectory: boolean;
}

export const KUBO_DEFAULTS: AddOptions = Object.freeze({ cidVersion: 0, rawLeaves: false, chunkSize: KUBO_CHUNK_SIZE, wrapWithDirectory: false });

/** A file or directory to add: `path` relative (a/b.txt), `file` the local file with its bytes (none for a directory). */
export interface AddCandidate {
  readonly path: string;
  readonly file?: string;
}

export interface AddedEntry {
  readonly path: string;
  readonly cid: CID;
  /** the cumulative DAG size (Kubo's `Size`) */
  readonly size: bigint;
  /** the local file of a file entry */
  readonly file?: string;
}

class NotFoundError extends Error {
  override readonly name = 'NotFoundError';
  readonly code = 'ERR_NOT_FOUND';
}

/**
 * data leaves kept until their file's entry is seen: a one-chunk file's root is its leaf, yielded
 * right after it is written (files are imported one at a time; a few leaves are written at once)
 */
const RECENT_LEAVES = 16;

export class IndexBlockstore {
  /** recently written data-only blocks: a file's single-leaf root must be kept once known */
  private readonly recent = new Map<string, Uint8Array>();

  constructor(private readonly index: CidIndex) {}

  async put(cid: CID, value: Uint8Array | Iterable<Uint8Array> | AsyncIterable<Uint8Array>): Promise<CID> {
    let bytes: Uint8Array;
    if (value instanceof Uint8Array) bytes = value;
    else {
      const parts: Uint8Array[] = [];
      for await (const p of value as AsyncIterable<Uint8Array>) parts.push(p);
      bytes = Buffer.concat(parts);
    }
    if (isStructure(cid, bytes)) this.index.putBlock(cid.toString(), bytes);
    else {
      this.recent.set(cid.toString(), bytes);
      if (this.recent.size > RECENT_LEAVES) this.recent.delete(this.recent.keys().next().value!);
    }
    return cid;
  }

  /** Keeps a root block that was written as a data leaf (a file of one chunk). */
  keepRoot(cid: CID): void {
    const key = cid.toString();
    const bytes = this.recent.get(key);
    if (bytes && !this.index.block(key)) this.index.putBlock(key, bytes);
  }

  async *get(cid: CID): AsyncGenerator<Uint8Array> {
    const b = this.index.block(cid.toString());
    if (!b) throw new NotFoundError(`block ${cid.toString()} is not in this node's index (its data lives in SDS)`);
    yield b;
  }
}

/** dag-pb blocks with links, directories, and anything that is not a file's data leaf. */
function isStructure(cid: CID, bytes: Uint8Array): boolean {
  if (cid.code !== dagPb.code) return false;
  const node = dagPb.decode(bytes);
  if (node.Links.length > 0) return true;
  if (!node.Data) return true;
  try {
    const fs = UnixFS.unmarshal(node.Data);
    return fs.type !== 'file' && fs.type !== 'raw';
  } catch {
    return true;
  }
}

/**
 * Imports the candidates (each file read from disk as a stream) and yields each entry as Kubo's add
 * reports it; the structure blocks land in the index.
 */
export async function* importCandidates(candidates: readonly AddCandidate[], opts: AddOptions, store: IndexBlockstore): AsyncGenerator<AddedEntry> {
  const byPath = new Map(candidates.map((c) => [c.path, c]));
  // every directory: those given and those implied by a path
  const dirs = new Set<string>();
  const implied = new Set<string>();
  for (const c of candidates) {
    const parts = c.path.replace(/^\/+|\/+$/g, '').split('/');
    for (let i = 1; i <= parts.length; i++) {
      if (i < parts.length) implied.add(parts.slice(0, i).join('/'));
      if (i < parts.length || c.file === undefined) dirs.add(parts.slice(0, i).join('/'));
    }
  }
  // the importer replaces a directory given after its entries by an empty one (Kubo's add keeps the
  // entries: its mkdir -p is idempotent): only directories that nothing else implies go to it
  const source: ImportCandidate[] = candidates
    .filter((c) => c.file !== undefined || !implied.has(c.path.replace(/^\/+|\/+$/g, '')))
    .map((c) => (c.file !== undefined ? { path: c.path, content: createReadStream(c.file) } : { path: c.path }));
  // directories come last (the importer writes them once every file is in); Kubo reports every one,
  // nested empty ones included (the importer links them but reports only some), each after its
  // children, in name order (Kubo's outputDirs)
  const dirEntries = new Map<string, AddedEntry>();
  for await (const e of importer(source, store, {
    cidVersion: opts.cidVersion,
    rawLeaves: opts.rawLeaves,
    chunker: fixedSize({ chunkSize: opts.chunkSize }),
    wrapWithDirectory: opts.wrapWithDirectory,
    reduceSingleLeafToSelf: true,
    fileImportConcurrency: 1,
  })) {
    store.keepRoot(e.cid);
    const path = e.path ?? '';
    const file = byPath.get(path)?.file;
    if (file !== undefined) yield { path, cid: e.cid, size: BigInt(e.size), file };
    else dirEntries.set(path, { path, cid: e.cid, size: BigInt(e.size) });
  }
  const missing = [...dirs].filter((d) => !dirEntries.has(d));
  for (const d of missing) {
    // its node is linked under a reported ancestor (the importer wrote it): resolve it there
    let up = d;
    let root: AddedEntry | undefined;
    while (!root && up.includes('/')) root = dirEntries.get((up = up.slice(0, up.lastIndexOf('/'))));
    root ??= dirEntries.get('');
    if (!root) continue;
    const entry = await exporter(root.path === '' ? `${root.cid.toString()}/${d}` : `${root.cid.toString()}/${d.slice(root.path.length + 1)}`, store as never);
    let bytes: Uint8Array = new Uint8Array(0);
    for await (const b of store.get(entry.cid)) bytes = b;
    const links = dagPb.decode(bytes).Links;
    dirEntries.set(d, { path: d, cid: entry.cid, size: BigInt(bytes.length) + links.reduce((t, l) => t + BigInt(l.Tsize ?? 0), 0n) });
  }
  const parentOf = (p: string): string | undefined => (p === '' ? undefined : p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');
  const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  const children = (p: string | undefined): string[] =>
    [...dirEntries.keys()].filter((d) => (p === undefined ? !dirEntries.has(parentOf(d) ?? '\u0000') : parentOf(d) === p)).sort(byName);
  function* postOrder(p: string): Generator<AddedEntry> {
    for (const c of children(p)) yield* postOrder(c);
    yield dirEntries.get(p)!;
  }
  for (const root of children(undefined)) yield* postOrder(root);
}

/** A path argument (`<cid>`, `/ipfs/<cid>[/sub/path]`, `<cid>/sub`) → the CID and the rest. */
export function parseIpfsPath(text: string): { cid: CID; rest: string } {
  // IPNS names resolve through the IPFS network's name system, which no SDS-backed API has
  if (/^\/ipns\//.test(text)) throw new Error(`invalid path ${JSON.stringify(text)}: IPNS names are not supported by this API: give /ipfs/<cid> or a CID`);
  const t = text.replace(/^\/ipfs\//, '');
  const slash = t.indexOf('/');
  const head = slash < 0 ? t : t.slice(0, slash);
  let cid: CID;
  try {
    cid = parseCid(head);
  } catch (e) {
    throw new Error(`invalid path ${JSON.stringify(text)}: invalid cid: ${(e as Error).message}`);
  }
  return { cid, rest: slash < 0 ? '' : t.slice(slash + 1).replace(/\/+$/, '') };
}

export interface ResolvedEntry {
  readonly cid: CID;
  readonly name: string;
  readonly type: 'file' | 'directory' | 'raw' | 'other';
  /** file size in bytes (files) */
  readonly size: bigint;
  readonly links: readonly { name: string; cid: CID; size: bigint }[];
}

/** A path names an entry its node does not have: Kubo's path resolver's ErrNoLink, its text. */
class NoLinkError extends Error {
  override readonly name = 'NoLinkError';
  constructor(
    readonly link: string,
    readonly under: CID,
  ) {
    super(`no link named ${JSON.stringify(link)} under ${under.toString()}`);
  }
}

/**
 * Walks the path's segments again after the exporter failed to find its entry, to tell a name
 * missing from a directory (`NoLinkError`) from a block the index lacks: the exporter throws its own
 * NotFoundError for the first, the store this module's for the second. (A segment under a file is
 * not a missing link to Kubo, whose resolver fails on the file's kind: it keeps the exporter's error.)
 */
async function walkSegments(path: string, store: IndexBlockstore): Promise<void> {
  let at: { cid: CID; remainder: string[] } | undefined;
  try {
    for await (const step of walkPath(path, store as never)) at = step;
  } catch (e) {
    if (e instanceof ExporterNotFoundError && at && at.remainder.length > 0 && (await isDirectory(at.cid, store))) throw new NoLinkError(at.remainder[0]!, at.cid);
    throw e;
  }
}

/** A unixfs directory (plain or sharded) node. */
async function isDirectory(cid: CID, store: IndexBlockstore): Promise<boolean> {
  if (cid.code !== dagPb.code) return false;
  for await (const block of store.get(cid)) {
    try {
      const type = UnixFS.unmarshal(dagPb.decode(block).Data ?? new Uint8Array()).type;
      return type === 'directory' || type === 'hamt-sharded-directory';
    } catch {
      return false; // not unixfs
    }
  }
  return false;
}

type EntryLink = ResolvedEntry['links'][number];

/**
 * A directory's entries. A plain directory's are its node's links; a HAMT-sharded one's are spread
 * over its shard: each link's name starts with its bucket in hex (two digits at Kubo's fanout of
 * 256), a link named by the bucket alone is a sub-shard, walked in turn (its block is structure,
 * held by the index). Entries come in the shard's order, as boxo's HAMT enumerates them.
 */
async function directoryLinks(node: dagPb.PBNode, store: IndexBlockstore): Promise<EntryLink[]> {
  const plain = (n: dagPb.PBNode) => n.Links.map((l) => ({ name: l.Name ?? '', cid: l.Hash, size: BigInt(l.Tsize ?? 0) }));
  const fs = node.Data ? UnixFS.unmarshal(node.Data) : undefined;
  if (fs?.type !== 'hamt-sharded-directory') return plain(node);
  const prefix = (Number(fs.fanout ?? 256n) - 1).toString(16).length;
  const out: EntryLink[] = [];
  const walk = async (shard: dagPb.PBNode): Promise<void> => {
    for (const l of shard.Links) {
      const name = l.Name ?? '';
      if (name.length > prefix) {
        out.push({ name: name.slice(prefix), cid: l.Hash, size: BigInt(l.Tsize ?? 0) });
        continue;
      }
      for await (const block of store.get(l.Hash)) await walk(dagPb.decode(block));
    }
  };
  await walk(node);
  return out;
}

/** Resolves a path through the index's blocks (directories and file roots). */
export async function resolvePath(text: string, store: IndexBlockstore): Promise<ResolvedEntry> {
  const { cid, rest } = parseIpfsPath(text);
  const path = rest === '' ? cid.toString() : `${cid.toString()}/${rest}`;
  let entry: Awaited<ReturnType<typeof exporter>>;
  try {
    entry = await exporter(path, store as never);
  } catch (e) {
    if (rest !== '' && e instanceof ExporterNotFoundError) await walkSegments(path, store);
    throw e;
  }
  if (entry.type === 'directory' || entry.type === 'file') {
    const node = (entry as { node: dagPb.PBNode }).node;
    const links = entry.type === 'directory' ? await directoryLinks(node, store) : node.Links.map((l) => ({ name: l.Name ?? '', cid: l.Hash, size: BigInt(l.Tsize ?? 0) }));
    return { cid: entry.cid, name: entry.name, type: entry.type, size: entry.type === 'file' ? BigInt(entry.size) : 0n, links };
  }
  if (entry.type === 'raw') return { cid: entry.cid, name: entry.name, type: 'raw', size: BigInt(entry.size), links: [] };
  return { cid: entry.cid, name: entry.name, type: 'other', size: 0n, links: [] };
}

/** The CIDs a block links to: a dag-pb node's links; none for a raw block or one the index lacks (a file's data leaf). */
function linkedCids(index: CidIndex, cid: string): string[] {
  const block = index.block(cid);
  if (!block || parseCid(cid).code !== dagPb.code) return [];
  return dagPb.decode(block).Links.map((l) => l.Hash.toString());
}

/**
 * Every CID reachable from `root` through the index's blocks (root itself excluded), each once across
 * the walks that share `seen`: what a recursive pin holds indirectly. A linked CID whose block the
 * index lacks (a data leaf: its bytes are in SDS) is listed and not descended into.
 */
export function* reachableCids(index: CidIndex, root: string, seen: Set<string> = new Set()): Generator<string> {
  const stack = [root];
  while (stack.length > 0) {
    for (const c of linkedCids(index, stack.pop()!)) {
      if (seen.has(c)) continue;
      seen.add(c);
      yield c;
      stack.push(c);
    }
  }
}
