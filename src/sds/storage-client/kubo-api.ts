/**
 * The storage client API (`nodeclient ipfs`, spec §4.2; reference §3): the spec's routes (`add?arg=`
 * a local path, `get?arg=sdm://…` into `download/`, `ls?page=` the wallet's SDS files) and the
 * Kubo-compatible surface IPFS tools use unchanged (multipart `add`, `cat`, `get` as tar, `ls` of a
 * CID, `pin/*`, `files/*`, `version`, `id`, `swarm/peers`, `block/stat|get`, `dag/get`, `object/stat`,
 * `repo/stat`), whose content lives in SDS.
 */
import { createReadStream, rmSync, statSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { arch, platform } from 'node:os';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import tar from 'tar-stream';
import { CID } from 'multiformats/cid';
import { parseCid } from './cid-text.ts';
import { listen, type RunningServer } from '../../api/http.ts';
import { parseFileHandle } from '../protocol/file-handle.ts';
import { SdsReturnError } from '../client/sds-client.ts';
import { SdsRpcTransportError } from '../rpc/client.ts';
import type { CidIndex } from './cid-index.ts';
import { handleAdd } from './kubo-add.ts';
import { BLOCK_COMMANDS, handleBlockCommand } from './kubo-blocks.ts';
import { handleFiles } from './kubo-files.ts';
import { boolOption, intOption, KuboError, parseKuboRequest, pathArgument, requireArg, sendKuboError, sendKuboJson, sendKuboNotFound, sendKuboText, STREAM_HEADERS, type KuboRequest } from './kubo-http.ts';
import type { SdsBackend } from './sds-backend.ts';
import { IndexBlockstore, reachableCids, resolvePath, type ResolvedEntry } from './unixfs.ts';
import { UnixFS } from 'ipfs-unixfs';
import * as dagPb from '@ipld/dag-pb';
import { makeDirs } from '../../make-dirs.ts';

/** The Kubo version this API answers as (the sdspfs plugin's Kubo, reference §5.2) */
export const KUBO_VERSION = '0.29.0';

export interface StorageClientApiOptions {
  readonly host: string;
  readonly port: number;
  readonly index: CidIndex;
  readonly backend: SdsBackend;
  /** the resource node's root: `get?arg=sdm://…` saves into its `download/` */
  readonly home: string;
  readonly maxAddBytes: number;
  readonly localRoot: string;
  readonly peer: { readonly id: string; readonly publicKey: string };
  readonly log: (line: string) => void;
}

const isLoopback = (host: string): boolean => host === '127.0.0.1' || host === '::1' || host === 'localhost';

/**
 * go-ipfs-cmds' checks against requests from web pages (Kubo answers `403 - Forbidden`): an `Origin`
 * or `Referer` must be the API's own address (`http://127.0.0.1:<port>`, `http://localhost:<port>`,
 * `http://[::1]:<port>`, or the listen host's); a POST from a browser (`User-Agent: Mozilla…`) must carry
 * one of them. Requests of tools (curl, kubo-rpc-client in Node) carry neither and pass.
 */
function allowedBrowserRequest(req: IncomingMessage): boolean {
  const port = req.socket.localPort;
  const own = new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`, `http://[::1]:${port}`]);
  const host = req.socket.localAddress;
  if (host) own.add(`http://${host.includes(':') ? `[${host}]` : host}:${port}`);
  const origin = req.headers.origin;
  if (origin !== undefined && !own.has(origin)) return false;
  const referer = req.headers.referer;
  if (referer !== undefined) {
    let from: string;
    try {
      from = new URL(referer).origin;
    } catch {
      return false;
    }
    if (!own.has(from)) return false;
  }
  if (req.method === 'POST' && origin === undefined && referer === undefined && /^Mozilla/.test(String(req.headers['user-agent'] ?? ''))) return false;
  return true;
}

/**
 * The `Type` of Kubo's `ls` links: coreapi's file type (processLink: unixfs file and raw, and raw
 * leaves, are files; a HAMT shard is a directory) as the unixfs_pb number: 2 file, 1 directory, 4 symlink.
 */
const UNIXFS_TYPE: Record<string, number> = { raw: 2, directory: 1, file: 2, metadata: 2, symlink: 4, 'hamt-sharded-directory': 1 };

/**
 * The commands served, by their whole path (docs/storage-client.md): any other path under /api/v0/
 * is not a command, as Kubo's router answers for one it lacks (`pin/verify`, `files/write`, `dag/put`).
 */
const SERVED_COMMANDS: ReadonlySet<string> = new Set([
  'add', 'cat', 'get', 'ls', 'version', 'id',
  'pin/add', 'pin/rm', 'pin/ls',
  'files/mkdir', 'files/cp', 'files/ls', 'files/stat', 'files/rm',
  ...BLOCK_COMMANDS,
]);

/** The request as the served command it names, with a trailing path segment as its first argument; undefined for a path that is not one. */
function servedRequest(r: KuboRequest): KuboRequest | undefined {
  if (SERVED_COMMANDS.has(r.command)) return r;
  const split = pathArgument(r.command);
  if (split === undefined) return undefined;
  return { ...r, command: split.command, args: [split.arg, ...r.args] };
}

const PIN_LS_TYPES: ReadonlySet<string> = new Set(['direct', 'indirect', 'recursive', 'all']);

/**
 * The pins `pin/ls?type=` lists, as Kubo's coreapi pinLsAll: the recursive and direct pins, then
 * every CID a recursive pin reaches that is not itself pinned, `indirect` (through the blocks the
 * index holds: a file's data leaves are listed from its root's links, not read).
 */
function pinsOfType(index: CidIndex, type: string): Map<string, string> {
  const pins = index.pins();
  const out = new Map<string, string>();
  for (const p of pins) if (type === 'all' || p.type === type) out.set(p.cid, p.type);
  if (type !== 'all' && type !== 'indirect') return out;
  const pinned = new Set(pins.map((p) => p.cid));
  const seen = new Set<string>();
  for (const p of pins) {
    if (p.type !== 'recursive') continue;
    for (const cid of reachableCids(index, p.cid, seen)) if (!pinned.has(cid)) out.set(cid, 'indirect');
  }
  return out;
}

/**
 * How one CID is pinned, asked with a type, as Kubo's IsPinnedWithType: `recursive`/`direct` only when
 * pinned so; `indirect` asks only the recursive pins' DAGs (a recursive root under no other pin is not
 * indirectly pinned); `all` the CID's own pin first, then the DAGs. Indirect is `indirect through <root>`.
 */
function pinTypeOf(index: CidIndex, cid: string, type: string): string | undefined {
  const own = index.isPinned(cid);
  if (type === 'recursive' || type === 'direct') return own === type ? own : undefined;
  if (type === 'all' && own) return own;
  const seen = new Set<string>();
  for (const p of index.pins()) {
    if (p.type !== 'recursive') continue;
    for (const reached of reachableCids(index, p.cid, seen)) if (reached === cid) return `indirect through ${p.cid}`;
  }
  return undefined;
}

/** Keys in byte order: Go's encoding/json writes a map so, and `pin/ls`'s Keys is one. */
function sortedKeys<T>(keys: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(keys).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export async function serveStorageClientApi(o: StorageClientApiOptions): Promise<RunningServer> {
  const store = new IndexBlockstore(o.index);
  const addContext = { index: o.index, store, backend: o.backend, maxAddBytes: o.maxAddBytes, localPathsAllowed: isLoopback(o.host) || o.localRoot !== '', localRoot: o.localRoot };
  const blocksContext = { index: o.index, backend: o.backend, resolve: async (arg: string) => (await resolveOrFail(arg)).cid };

  /** The SDS file behind a file entry; a Kubo error when the index has none. */
  function contentOf(e: ResolvedEntry) {
    const c = o.index.content(e.cid.toString());
    if (!c) throw new KuboError(500, `${e.cid.toString()}: this node holds no SDS file for this block (only whole files added here can be read)`);
    return c;
  }

  async function resolveOrFail(arg: string): Promise<ResolvedEntry> {
    try {
      return await resolvePath(arg, store);
    } catch (e) {
      const msg = (e as Error).message;
      if (msg.startsWith('invalid path')) throw new KuboError(400, msg);
      throw new KuboError(500, (e as { name?: string }).name === 'NotFoundError' ? `block was not found locally (offline): ${arg} is not known to this node` : msg);
    }
  }

  /**
   * Kubo `cat <path>…`: the files one after the other (core/commands/cat.go); `offset` and `length`
   * span them: an offset past a file skips it and counts on into the next, `length` cuts the whole.
   * Every argument is resolved first (a directory or an unknown path is an error before any byte);
   * each SDS file is downloaded only when its bytes are next, and only if any of them are sent.
   */
  async function cat(r: KuboRequest, res: ServerResponse): Promise<void> {
    requireArg(r, 'ipfs-path');
    let offset = intOption(r.options, 'offset', 0);
    const length = r.options.has('length') ? intOption(r.options, 'length', 0) : undefined;
    if (offset < 0) throw new KuboError(500, 'cannot specify negative offset');
    if (length !== undefined && length < 0) throw new KuboError(500, 'cannot specify negative length');
    const files = [];
    for (const arg of r.args) {
      const e = await resolveOrFail(arg);
      if (e.type === 'directory') throw new KuboError(500, 'this dag node is a directory');
      files.push(contentOf(e));
    }
    // the byte ranges to send, as cat.go's loop: [start, end) of each file
    const parts: { content: (typeof files)[number]; start: number; end: number }[] = [];
    let total = 0;
    if (length !== 0) {
      for (const c of files) {
        if (offset > c.size) {
          offset -= c.size;
          continue;
        }
        const start = offset;
        offset = 0;
        let end = c.size;
        if (length !== undefined && total + (end - start) >= length) end = start + (length - total);
        parts.push({ content: c, start, end });
        total += end - start;
        if (length !== undefined && total >= length) break;
      }
    }
    const fetchPart = (i: number) => {
      const p = parts[i]!;
      return p.end > p.start ? o.backend.fetch(p.content.file_hash, p.content.owner) : Promise.resolve(undefined);
    };
    // the first file is read before the answer starts, so that its failure is a status, not a trailer
    let current = parts.length > 0 ? await fetchPart(0) : undefined;
    try {
      res.writeHead(200, { 'Content-Type': 'text/plain', 'X-Stream-Output': '1', 'X-Content-Length': String(total), ...STREAM_HEADERS });
      for (let i = 0; i < parts.length; i++) {
        if (i > 0) current = await fetchPart(i);
        if (!current) continue;
        const p = parts[i]!;
        await pipeline(createReadStream(current.path, { start: p.start, end: p.end - 1 }), res, { end: false });
        rmSync(current.path, { force: true });
        current = undefined;
      }
      res.end();
    } finally {
      if (current) rmSync(current.path, { force: true });
    }
  }

  /** Kubo `get`: a tar of the file or directory; the spec's `sdm://` form saves into download/. */
  async function get(r: KuboRequest, res: ServerResponse): Promise<void> {
    const arg = requireArg(r, 'ipfs-path');
    if (arg.startsWith('sdm://')) {
      let h;
      try {
        h = parseFileHandle(arg);
      } catch (e) {
        throw new KuboError(400, (e as Error).message);
      }
      const f = await o.backend.fetch(h.fileHash, h.owner);
      // the name comes from SDS: only its last component, never a path out of download/
      const name = basename(f.fileName.replaceAll('\\', '/')) .replace(/^\.+$/, '') || h.fileHash;
      const dir = join(o.home, 'download');
      makeDirs(dir);
      const target = join(dir, name);
      try {
        await rename(f.path, target);
      } finally {
        rmSync(f.path, { force: true });
      }
      sendKuboJson(res, { Name: name, FileHash: h.fileHash, Size: statSync(target).size, Path: target });
      return;
    }
    const root = await resolveOrFail(arg);
    if (boolOption(r.options, 'compress', false)) throw new KuboError(500, 'compress is not supported by this API: get the tar and compress it yourself');
    // the tar's root is the path's last component, as Kubo's fileArchive (path.Split of the cleaned path)
    const cleaned = arg.replace(/\/+$/, '');
    const rootName = cleaned.slice(cleaned.lastIndexOf('/') + 1);
    // the whole tree is resolved, and each file's SDS record found, before the answer starts: what
    // fails there is a status; only a download failing midway is left for the trailer
    const entries: { name: string; content?: ReturnType<typeof contentOf> }[] = [];
    const walk = async (e: ResolvedEntry, name: string): Promise<void> => {
      if (e.type !== 'directory') {
        entries.push({ name, content: contentOf(e) });
        return;
      }
      entries.push({ name });
      for (const l of e.links) await walk(await resolveOrFail(l.cid.toString()), `${name}/${l.name}`);
    };
    await walk(root, rootName);
    const fetchAt = (i: number) => {
      const c = entries[i]?.content;
      return c ? o.backend.fetch(c.file_hash, c.owner) : Promise.resolve(undefined);
    };
    // the first file is downloaded before the answer starts too (a resource node down is a 502)
    const firstFile = entries.findIndex((e) => e.content !== undefined);
    let current = firstFile >= 0 ? await fetchAt(firstFile) : undefined;
    const pack = tar.pack();
    // an entry's failure reaches its pipeline, which rejects; the pack's own echo of it is not another error
    pack.on('error', () => {});
    // a reader that goes away stops the download of the file under way and the ones after it
    const stopped = new AbortController();
    const onClose = () => {
      if (!res.writableFinished) stopped.abort(new Error('the client closed the connection'));
    };
    const gone = new Promise<never>((_, reject) => stopped.signal.addEventListener('abort', () => reject(stopped.signal.reason as Error)));
    gone.catch(() => {});
    // the tar's bytes are written on by hand, not piped: a pipe would destroy the answer with the
    // pack, where an error must end it with its trailer
    const forward = (chunk: unknown) => {
      if (!res.write(chunk as Uint8Array)) pack.pause();
    };
    const drain = () => pack.resume();
    const packed = new Promise<void>((resolve) => pack.once('end', resolve));
    res.on('close', onClose);
    try {
      // go-ipfs-cmds answers every reader as text/plain (so that a browser never renders it), a tar too
      res.writeHead(200, { 'Content-Type': 'text/plain', 'X-Stream-Output': '1', ...STREAM_HEADERS });
      pack.on('data', forward);
      res.on('drain', drain);
      for (let i = 0; i < entries.length; i++) {
        stopped.signal.throwIfAborted();
        const { name, content } = entries[i]!;
        if (!content) {
          pack.entry({ name, type: 'directory', mode: 0o755, mtime: new Date(0) });
          continue;
        }
        if (i !== firstFile) {
          const fetching = fetchAt(i);
          // a download that ends after the reader left leaves no file behind
          fetching.then((f) => stopped.signal.aborted && f && rmSync(f.path, { force: true }), () => undefined);
          current = await Promise.race([fetching, gone]);
        }
        await pipeline(createReadStream(current!.path), pack.entry({ name, size: content.size, mode: 0o644, mtime: new Date(0) }), { signal: stopped.signal });
        rmSync(current!.path, { force: true });
        current = undefined;
      }
      pack.finalize();
      await Promise.race([packed, gone]);
      res.end();
    } finally {
      res.off('close', onClose);
      res.off('drain', drain);
      pack.off('data', forward);
      // the tar stops where it is; an error goes in the trailer (or nowhere, if the reader left)
      pack.destroy();
      if (current) rmSync(current.path, { force: true });
    }
  }

  /** The file size a link's child has: the child's own root when known, else the parent's blocksizes. */
  function linkInfo(parent: ResolvedEntry, i: number): { Type: number; Size: number } {
    const l = parent.links[i]!;
    const c = o.index.content(l.cid.toString());
    const block = o.index.block(l.cid.toString());
    if (block && l.cid.code === dagPb.code) {
      const node = dagPb.decode(block);
      const fs = node.Data ? UnixFS.unmarshal(node.Data) : undefined;
      if (fs) return { Type: UNIXFS_TYPE[fs.type] ?? 2, Size: fs.type === 'directory' || fs.type === 'hamt-sharded-directory' ? 0 : Number(fs.fileSize()) };
    }
    if (c) return { Type: 2, Size: c.size };
    // a data chunk of a file: its size is in the parent's blocksizes
    const parentBlock = o.index.block(parent.cid.toString());
    if (parentBlock) {
      const node = dagPb.decode(parentBlock);
      const fs = node.Data ? UnixFS.unmarshal(node.Data) : undefined;
      const size = fs?.blockSizes[i];
      // a raw leaf is a file to Kubo's ls too (coreapi processLink: cid.Raw → TFile)
      if (size !== undefined) return { Type: 2, Size: Number(size) };
    }
    return { Type: 2, Size: Number(l.size) };
  }

  /** Kubo `ls <cid>…`, or the spec's `ls?page=<n>`: the wallet's SDS files, the raw FileListResult. */
  async function ls(r: KuboRequest, res: ServerResponse): Promise<void> {
    if (r.args.length === 0) {
      const page = r.options.get('page') ?? '0';
      if (!/^\d+$/.test(page) || BigInt(page) >= 2n ** 64n) throw new KuboError(400, `invalid page ${JSON.stringify(page)}: expected a page number from 0 to 18446744073709551615`);
      const { page: echoed, ...list } = await o.backend.client.list(Number(page));
      // the FileListResult, its `page` (last, omitted when 0) as asked: past 2^53 a JS number would
      // round it (such a page is past every list either way)
      const body = echoed === undefined ? JSON.stringify(list) : `${JSON.stringify(list).slice(0, -1)},"page":${BigInt(page)}}`;
      sendKuboText(res, body);
      return;
    }
    const objects = [];
    for (const arg of r.args) {
      const e = await resolveOrFail(arg);
      objects.push({
        Hash: arg,
        Links: e.links.map((l, i) => ({ Name: l.name, Hash: l.cid.toString(), Size: linkInfo(e, i).Size, Type: linkInfo(e, i).Type, Target: '' })),
      });
    }
    sendKuboJson(res, { Objects: objects });
  }

  function parseCidArg(arg: string): string {
    if (/^\/ipns\//.test(arg)) throw new KuboError(400, `invalid path ${JSON.stringify(arg)}: IPNS names are not supported by this API: give /ipfs/<cid> or a CID`);
    try {
      return parseCid(arg.replace(/^\/ipfs\//, '').replace(/\/+$/, '')).toString();
    } catch (e) {
      throw new KuboError(400, `invalid path ${JSON.stringify(arg)}: invalid cid: ${(e as Error).message}`);
    }
  }

  /** Kubo `pin/ls`: the pins of a type, or the arguments' pin types (each must be pinned so). */
  function pinLs(r: KuboRequest, res: ServerResponse): void {
    const type = r.options.get('type') ?? 'all';
    if (!PIN_LS_TYPES.has(type)) throw new KuboError(500, `invalid type '${type}', must be one of {direct, indirect, recursive, all}`);
    const keys: Record<string, { Type: string }> = {};
    if (r.args.length === 0) for (const [cid, t] of pinsOfType(o.index, type)) keys[cid] = { Type: t };
    for (const arg of r.args) {
      const cid = parseCidArg(arg);
      const t = pinTypeOf(o.index, cid, type);
      // Kubo names the argument as the path it made of it (PathOrCidPath: /ipfs/ before a bare CID)
      if (!t) throw new KuboError(500, `path '${arg.startsWith('/') ? arg.replace(/\/+$/, '') : `/ipfs/${arg}`}' is not pinned`);
      keys[cid] = { Type: t };
    }
    sendKuboJson(res, { Keys: sortedKeys(keys) });
  }

  function pinAdd(r: KuboRequest, res: ServerResponse): void {
    const cids = requiredCids(r);
    for (const cid of cids) {
      if (!o.index.block(cid) && !o.index.content(cid)) throw new KuboError(500, `pin: ${cid} is not known to this node: add the content first (pins keep content this API added)`);
    }
    for (const cid of cids) o.index.pin(cid, boolOption(r.options, 'recursive', true) ? 'recursive' : 'direct');
    sendKuboJson(res, { Pins: cids });
  }

  function pinRm(r: KuboRequest, res: ServerResponse): void {
    const cids = requiredCids(r);
    for (const cid of cids) if (!o.index.isPinned(cid)) throw new KuboError(500, 'not pinned or pinned indirectly');
    for (const cid of cids) o.index.unpin(cid);
    sendKuboJson(res, { Pins: cids });
  }

  function requiredCids(r: KuboRequest): string[] {
    const cids = r.args.map(parseCidArg);
    if (cids.length === 0) throw new KuboError(400, 'argument "ipfs-path" is required');
    return cids;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const parsed = parseKuboRequest(req);
    if ('notFound' in parsed) return sendKuboNotFound(res);
    if (!allowedBrowserRequest(req)) {
      // a web page must not drive this API (it would upload the machine's files with add?arg): go-ipfs-cmds' CSRF rule
      o.log(`storage client API: blocked ${req.method} ${req.url} from origin ${JSON.stringify(req.headers.origin ?? req.headers.referer ?? req.headers['user-agent'] ?? '')} (possible CSRF)`);
      res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' }).end('403 - Forbidden\n');
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { 'Content-Type': 'text/plain; charset=utf-8', Allow: 'POST' }).end(`405 - Method Not Allowed\n`);
      return;
    }
    // only a served command runs (`pin/verify` is not one here, whatever its arguments)
    const r = servedRequest(parsed);
    if (r === undefined) return sendKuboNotFound(res);
    if (BLOCK_COMMANDS.has(r.command)) return handleBlockCommand(blocksContext, r, res);
    switch (r.command) {
      case 'add':
        return handleAdd(addContext, r, res);
      case 'cat':
        return cat(r, res);
      case 'get':
        return get(r, res);
      case 'ls':
        return ls(r, res);
      case 'pin/ls':
        return pinLs(r, res);
      case 'pin/add':
        return pinAdd(r, res);
      case 'pin/rm':
        return pinRm(r, res);
      case 'version':
        return sendKuboJson(res, { Version: KUBO_VERSION, Commit: 'stsim', Repo: '15', System: `${({ x64: 'amd64', ia32: '386' } as Record<string, string>)[arch()] ?? arch()}/${platform()}`, Golang: 'none (TypeScript simulator)' });
      case 'id':
        return sendKuboJson(res, { ID: o.peer.id, PublicKey: o.peer.publicKey, Addresses: [], AgentVersion: `kubo/${KUBO_VERSION}/stsim`, Protocols: [] });
      default:
        // files/<one of SERVED_COMMANDS' files commands>
        return handleFiles({ index: o.index, store }, r.command.slice('files/'.length), r, res);
    }
  }

  const server = await listen({ host: o.host, port: o.port }, async (req, res) => {
    try {
      await handle(req, res);
    } catch (e) {
      req.resume();
      if (res.destroyed && !res.writableFinished) {
        // the client went away (a download or upload it stopped): a normal event, one line
        o.log(`storage client API: ${req.method} ${req.url} ended early: the client closed the connection`);
        return;
      }
      if (e instanceof KuboError) sendKuboError(res, e.status, e.message, e.code);
      else if (e instanceof SdsReturnError) sendKuboError(res, 500, `SDS: ${e.message}`);
      else if (e instanceof SdsRpcTransportError) {
        // the resource node is down or unreachable: a dependency failed, not the command; its
        // endpoint (an IPC socket path on this machine) stays in the log
        o.log(`storage client API: ${req.method} ${req.url}: ${e.message}`);
        sendKuboError(res, 502, RESOURCE_NODE_UNAVAILABLE);
      } else {
        o.log(`storage client API: ${(e as Error).stack ?? String(e)}`);
        sendKuboError(res, 500, (e as Error).message);
      }
    }
  });
  // Kubo sets no deadline on a request's body: an add of a large file over a slow link (or through a
  // gateway that forwards it as it arrives) must not be cut off by Node's default of 300 s
  server.server.requestTimeout = 0;
  return server;
}

/** The 502 of a command that needed the resource node when it did not answer (docs/storage-client.md). */
export const RESOURCE_NODE_UNAVAILABLE = 'the resource node did not answer: the storage network is unavailable from this storage client (the cause is in its log)';
