/**
 * The Kubo commands that read blocks and the node's state (docs/storage-client.md, "Blocks, DAG
 * nodes and the repo"): `block/stat`, `block/get`, `dag/get`, `object/stat`, `repo/stat`, and
 * `swarm/peers` (this API is not a libp2p node: no peers, ever).
 *
 * A block is either held by the index (directories, files' inner nodes and roots: the structure) or
 * a file's data leaf, whose bytes live only in SDS. A leaf is found through the index's blocks that
 * link to it (a unixfs file node: which child, and so which bytes of the file it holds, follows from
 * the node's blocksizes, up to a root the index has an SDS file for). Its size is its parent's link's
 * Tsize (for a leaf, its block's length); its bytes are the chunk of the SDS file, downloaded, as the
 * importer wraps it (a raw leaf is the chunk, a dag-pb leaf the chunk in unixfs Data), verified
 * against the CID before anything is sent. Kubo's global `offline` option means "what is local
 * only": a leaf's bytes, which would come from SDS, are then not found.
 */
import { open } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import { equals } from 'multiformats/bytes';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { identity } from 'multiformats/hashes/identity';
import type { CidIndex, ContentRow } from './cid-index.ts';
import { boolOption, KuboError, requireArg, sendKuboJson, type KuboRequest } from './kubo-http.ts';
import type { SdsBackend } from './sds-backend.ts';
import { blockMatches } from './migrate.ts';
import { parseIpfsPath } from './unixfs.ts';

export const BLOCK_COMMANDS: ReadonlySet<string> = new Set(['swarm/peers', 'object/stat', 'block/stat', 'block/get', 'dag/get', 'repo/stat']);

/** Kubo's fs-repo version of 0.29 (`version`'s Repo) */
const REPO_VERSION = 15;
/** corerepo.NoLimit (math.MaxUint64): Kubo's StorageMax when no Datastore.StorageMax is set; written as text, JSON numbers in JS cannot hold it */
const NO_LIMIT = '18446744073709551615';

export interface BlocksContext {
  readonly index: CidIndex;
  readonly backend: SdsBackend;
  /** A path with names after its CID (`/ipfs/<cid>/a/b`) resolved to the entry's CID, with the API's errors. */
  readonly resolve: (arg: string) => Promise<CID>;
}

/** A file's data leaf: its block size, and the bytes of an SDS file it holds. */
interface Leaf {
  readonly size: number;
  readonly content: ContentRow;
  readonly offset: number;
  readonly length: number;
}

type Block = { readonly cid: CID; readonly bytes: Uint8Array } | { readonly cid: CID; readonly leaf: Leaf };

const notFound = (arg: string) => new KuboError(500, `block was not found locally (offline): ${arg} is not known to this node`);

/** The index's dag-pb blocks with a link to exactly this CID (its codec and multihash): the parent's CID and node, and the link's index. */
function parentsOf(index: CidIndex, cid: CID): { parent: CID; node: dagPb.PBNode; i: number }[] {
  const out: { parent: CID; node: dagPb.PBNode; i: number }[] = [];
  for (const row of index.blocksContaining(cid.multihash.bytes)) {
    let parent: CID;
    let node: dagPb.PBNode;
    try {
      parent = CID.parse(row.cid);
      if (parent.code !== dagPb.code) continue;
      node = dagPb.decode(row.bytes);
    } catch {
      continue;
    }
    node.Links.forEach((l, i) => {
      if (l.Hash.code === cid.code && equals(l.Hash.multihash.bytes, cid.multihash.bytes)) out.push({ parent, node, i });
    });
  }
  return out;
}

/** The bytes of the file a unixfs file node's child `i` covers, from the node's start: after the node's own data, by its blocksizes. */
function childRange(node: dagPb.PBNode, i: number): { start: number; length: number } | undefined {
  if (!node.Data) return undefined;
  let fs: UnixFS;
  try {
    fs = UnixFS.unmarshal(node.Data);
  } catch {
    return undefined;
  }
  if (fs.type !== 'file' || fs.blockSizes.length !== node.Links.length) return undefined;
  let start = fs.data?.length ?? 0;
  for (let k = 0; k < i; k++) start += Number(fs.blockSizes[k]);
  return { start, length: Number(fs.blockSizes[i]) };
}

/** Where a file node starts in a file the index has an SDS file for (itself a root, or under one). */
function placeOf(index: CidIndex, cid: CID, depth = 0): { content: ContentRow; offset: number } | undefined {
  const content = index.content(cid.toString());
  if (content) return { content, offset: 0 };
  if (depth > 64) return undefined;
  for (const p of parentsOf(index, cid)) {
    const range = childRange(p.node, p.i);
    if (!range) continue;
    const up = placeOf(index, p.parent, depth + 1);
    if (up) return { content: up.content, offset: up.offset + range.start };
  }
  return undefined;
}

/** A dag-pb leaf's block length for a chunk of n bytes (the importer's wrapping), when its link records no Tsize. */
const dagPbLeafSize = (n: number): number => dagPb.encode({ Data: new UnixFS({ type: 'file', data: new Uint8Array(n) }).marshal(), Links: [] }).length;

/** The block a CID names: held by the index, an identity CID's own bytes, or a data leaf of a file stored in SDS. */
function lookup(index: CidIndex, cid: CID, arg: string): Block {
  if (cid.multihash.code === identity.code) return { cid, bytes: cid.multihash.digest };
  const bytes = index.block(cid.toString());
  if (bytes) return { cid, bytes };
  let linked = false;
  for (const p of parentsOf(index, cid)) {
    const range = childRange(p.node, p.i);
    if (!range) continue;
    linked = true;
    const up = placeOf(index, p.parent);
    if (!up) continue;
    const tsize = p.node.Links[p.i]!.Tsize;
    const size = tsize ?? (cid.code === raw.code ? range.length : dagPbLeafSize(range.length));
    return { cid, leaf: { size, content: up.content, offset: up.offset + range.start, length: range.length } };
  }
  if (linked) throw new KuboError(500, `${cid.toString()}: this node holds no SDS file for this block (only whole files added here can be read)`);
  throw notFound(arg);
}

/**
 * A leaf's bytes, rebuilt from its chunk of the SDS file (the whole file is downloaded, then
 * removed): the chunk itself for a raw leaf, else the chunk in a unixfs node (type file, as the
 * importers write it; type raw, as old go-ipfs did), whichever hashes to the CID.
 */
async function leafBytes(backend: SdsBackend, cid: CID, leaf: Leaf): Promise<Uint8Array> {
  const f = await backend.fetch(leaf.content.file_hash, leaf.content.owner);
  const chunk = new Uint8Array(leaf.length);
  try {
    const fh = await open(f.path, 'r');
    try {
      const { bytesRead } = await fh.read(chunk, 0, leaf.length, leaf.offset);
      if (bytesRead !== leaf.length) throw new KuboError(500, `${cid.toString()}: SDS file ${leaf.content.file_hash} ends before bytes ${leaf.offset}–${leaf.offset + leaf.length} of this block`);
    } finally {
      await fh.close();
    }
  } finally {
    rmSync(f.path, { force: true });
  }
  const candidates = cid.code === raw.code ? [chunk] : (['file', 'raw'] as const).map((type) => dagPb.encode({ Data: new UnixFS({ type, data: chunk }).marshal(), Links: [] }));
  for (const c of candidates) {
    let matches: boolean;
    try {
      matches = await blockMatches(cid, c);
    } catch (e) {
      throw new KuboError(500, (e as Error).message);
    }
    if (matches) return c;
  }
  throw new KuboError(500, `${cid.toString()}: bytes ${leaf.offset}–${leaf.offset + leaf.length} of SDS file ${leaf.content.file_hash} do not hash to this CID: the block cannot be rebuilt`);
}

/** The CID an argument names: a CID, `/ipfs/<cid>`, or a path under one (resolved through the index's directories). */
async function cidOf(c: BlocksContext, arg: string): Promise<CID> {
  let parsed: { cid: CID; rest: string };
  try {
    parsed = parseIpfsPath(arg);
  } catch (e) {
    throw new KuboError(400, (e as Error).message);
  }
  return parsed.rest === '' ? parsed.cid : c.resolve(arg);
}

/** The bytes of a block; a leaf's come from SDS, unless the request is offline (Kubo's global option: local blocks only). */
async function bytesOf(c: BlocksContext, r: KuboRequest, b: Block, arg: string): Promise<Uint8Array> {
  if ('bytes' in b) return b.bytes;
  if (boolOption(r.options, 'offline', false) || boolOption(r.options, 'local', false)) {
    throw new KuboError(500, `block was not found locally (offline): ${arg} is a data block of a file whose bytes are in SDS (read the file with cat, or ask without offline)`);
  }
  return leafBytes(c.backend, b.cid, b.leaf);
}

/** Kubo's streamed output (an io.Reader emitted: text/plain, X-Stream-Output). */
function sendStream(res: ServerResponse, bytes: Uint8Array | string): void {
  res.writeHead(200, { 'Content-Type': 'text/plain', 'X-Stream-Output': '1' }).end(bytes);
}

/**
 * A JSON string as go-ipld-prime's dag-json writes it (refmt): `"` and `\` escaped, \n \r \t by
 * name, other control characters as \u00xx, U+2028 and U+2029 escaped; the rest as is.
 */
function refmtString(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (c < 0x20) out += `\\u00${c.toString(16).padStart(2, '0')}`;
    else if (c === 0x2028 || c === 0x2029) out += `\\u${c.toString(16)}`;
    else out += ch;
  }
  return out + '"';
}

/** base64 without padding (Go's RawStdEncoding), as dag-json writes bytes */
const dagJsonBytes = (b: Uint8Array): string => `{"/":{"bytes":"${Buffer.from(b).toString('base64').replace(/=+$/, '')}"}}`;

/**
 * A block as Kubo's `dag get` writes it in dag-json (go-ipld-prime: map keys sorted, no whitespace,
 * no newline): dag-pb as its data model `{"Data":…,"Links":[{"Hash":…,"Name":…,"Tsize":…}]}` with
 * each optional field only when the block has it; raw as bytes.
 */
function dagJson(cid: CID, bytes: Uint8Array): string {
  if (cid.code === raw.code) return dagJsonBytes(bytes);
  if (cid.code !== dagPb.code) throw new KuboError(500, `${cid.toString()}: codec 0x${cid.code.toString(16)} is not supported by this API (dag-pb and raw are)`);
  const node = dagPb.decode(bytes);
  const links = node.Links.map((l) => {
    const fields = [`"Hash":{"/":"${l.Hash.toString()}"}`];
    if (l.Name !== undefined) fields.push(`"Name":${refmtString(l.Name)}`);
    if (l.Tsize !== undefined) fields.push(`"Tsize":${l.Tsize}`);
    return `{${fields.join(',')}}`;
  });
  return `{${node.Data !== undefined ? `"Data":${dagJsonBytes(node.Data)},` : ''}"Links":[${links.join(',')}]}`;
}

function varintLength(n: number): number {
  let length = 1;
  while (n >= 128) {
    n = Math.floor(n / 128);
    length++;
  }
  return length;
}

/** The data size of a dag-pb block of `size` bytes holding only Data (a leaf): size = 1 (tag) + varint(length) + length. */
function leafDataSize(cid: CID, size: number): number {
  for (let n = 1; n <= 10; n++) {
    const d = size - 1 - n;
    if (d >= 0 && varintLength(d) === n) return d;
  }
  throw new KuboError(500, `${cid.toString()}: its parent records ${size} bytes, which no dag-pb leaf block has`);
}

/**
 * Kubo ≤ 0.27's `object stat` (ipld.NodeStat of the node, boxo merkledag): dag-pb NumLinks, BlockSize
 * (the encoded block), DataSize (its Data field), LinksSize = BlockSize − DataSize (links and
 * framing), CumulativeSize = BlockSize + the links' Tsize; a raw block is all data.
 */
function objectStat(b: Block): Record<string, string | number> {
  const Hash = b.cid.toString();
  if ('leaf' in b) {
    const size = b.leaf.size;
    if (b.cid.code === raw.code) return { Hash, NumLinks: 0, BlockSize: size, LinksSize: 0, DataSize: size, CumulativeSize: size };
    const data = leafDataSize(b.cid, size);
    return { Hash, NumLinks: 0, BlockSize: size, LinksSize: size - data, DataSize: data, CumulativeSize: size };
  }
  const size = b.bytes.length;
  if (b.cid.code === raw.code) return { Hash, NumLinks: 0, BlockSize: size, LinksSize: 0, DataSize: size, CumulativeSize: size };
  if (b.cid.code !== dagPb.code) throw new KuboError(500, `${Hash}: codec 0x${b.cid.code.toString(16)} is not supported by this API (dag-pb and raw are)`);
  const node = dagPb.decode(b.bytes);
  const data = node.Data?.length ?? 0;
  const cumulative = node.Links.reduce((t, l) => t + (l.Tsize ?? 0), size);
  return { Hash, NumLinks: node.Links.length, BlockSize: size, LinksSize: size - data, DataSize: data, CumulativeSize: cumulative };
}

export async function handleBlockCommand(c: BlocksContext, r: KuboRequest, res: ServerResponse): Promise<void> {
  switch (r.command) {
    case 'swarm/peers': {
      // connInfos{Peers []connInfo}: a nil slice, which Go's encoder writes as null; the options change only what each peer shows
      for (const o of ['verbose', 'streams', 'latency', 'direction', 'identify']) boolOption(r.options, o, false);
      return sendKuboJson(res, { Peers: null });
    }
    case 'repo/stat': {
      const sizeOnly = boolOption(r.options, 'size-only', false);
      boolOption(r.options, 'human', false); // the text encoder's
      const t = c.index.blockTotals();
      // corerepo.Stat: SizeStat's fields, then the rest, zero values with size-only (no omitempty)
      const body = `{"RepoSize":${t.bytes},"StorageMax":${NO_LIMIT},"NumObjects":${sizeOnly ? 0 : t.count},"RepoPath":${JSON.stringify(sizeOnly ? '' : c.index.db.name)},"Version":${JSON.stringify(sizeOnly ? '' : `fs-repo@${REPO_VERSION}`)}}\n`;
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }).end(body);
      return;
    }
    case 'object/stat': {
      const arg = requireArg(r, 'key');
      boolOption(r.options, 'human', false); // the text encoder's
      return sendKuboJson(res, objectStat(lookup(c.index, await cidOf(c, arg), arg)));
    }
    case 'block/stat': {
      const arg = requireArg(r, 'cid');
      const b = lookup(c.index, await cidOf(c, arg), arg);
      return sendKuboJson(res, { Key: b.cid.toString(), Size: 'bytes' in b ? b.bytes.length : b.leaf.size });
    }
    case 'block/get': {
      const arg = requireArg(r, 'cid');
      const b = lookup(c.index, await cidOf(c, arg), arg);
      return sendStream(res, await bytesOf(c, r, b, arg));
    }
    case 'dag/get': {
      const arg = requireArg(r, 'ref');
      const codec = r.options.get('output-codec') ?? 'dag-json';
      if (codec !== 'dag-json') throw new KuboError(500, `output-codec ${JSON.stringify(codec)} is not supported by this API: only dag-json`);
      const b = lookup(c.index, await cidOf(c, arg), arg);
      return sendStream(res, dagJson(b.cid, await bytesOf(c, r, b, arg)));
    }
    default:
      throw new KuboError(500, `${r.command} is not a block command`);
  }
}
