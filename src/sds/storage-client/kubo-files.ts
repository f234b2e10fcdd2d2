/**
 * `files/*` (Kubo's MFS, the commands reference §3.5 lists: cp, ls, stat, rm; and mkdir): a tree of
 * names kept in the index, each naming a CID; a directory's CID is its dag-pb/unixfs node built from
 * its entries (links sorted by name, as Kubo's MFS), so `files/stat /` answers Kubo's root hash.
 */
import type { ServerResponse } from 'node:http';
import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import { CID } from 'multiformats/cid';
import { sha256 } from 'multiformats/hashes/sha2';
import type { CidIndex } from './cid-index.ts';
import { boolOption, KuboError, sendKuboJson, type KuboRequest } from './kubo-http.ts';
import { resolvePath, type IndexBlockstore } from './unixfs.ts';

export interface FilesContext {
  readonly index: CidIndex;
  readonly store: IndexBlockstore;
}

function mfsPath(text: string | undefined, dflt?: string): string {
  const t = text ?? dflt;
  if (t === undefined || t === '') throw new KuboError(400, 'argument "path" is required');
  if (!t.startsWith('/')) throw new KuboError(500, `paths must start with a leading slash`);
  const norm = '/' + t.split('/').filter((s) => s !== '' && s !== '.').join('/');
  if (norm.split('/').includes('..')) throw new KuboError(500, `invalid path ${JSON.stringify(t)}`);
  return norm;
}

const parentOf = (p: string): string => (p.lastIndexOf('/') <= 0 ? '/' : p.slice(0, p.lastIndexOf('/')));

/** The CID of an MFS directory: its node from its entries (built and kept in the index). */
async function directoryCid(c: FilesContext, dir: string): Promise<{ cid: CID; cumulative: bigint }> {
  const links: dagPb.PBLink[] = [];
  let cumulative = 0n;
  for (const child of c.index.mfsChildren(dir)) {
    const name = child.path.slice(child.path.lastIndexOf('/') + 1);
    if (child.cid === '') {
      const sub = await directoryCid(c, child.path);
      links.push({ Name: name, Hash: sub.cid, Tsize: Number(sub.cumulative) });
      cumulative += sub.cumulative;
    } else {
      const cid = CID.parse(child.cid);
      const size = await cumulativeSize(c, cid);
      links.push({ Name: name, Hash: cid, Tsize: Number(size) });
      cumulative += size;
    }
  }
  links.sort((a, b) => (a.Name! < b.Name! ? -1 : a.Name! > b.Name! ? 1 : 0));
  const bytes = dagPb.encode(dagPb.prepare({ Data: new UnixFS({ type: 'directory' }).marshal(), Links: links }));
  const cid = CID.createV0(await sha256.digest(bytes));
  c.index.putBlock(cid.toString(), bytes);
  return { cid, cumulative: cumulative + BigInt(bytes.length) };
}

/** A node's cumulative size: its block plus its links' Tsize (Kubo's CumulativeSize). */
async function cumulativeSize(c: FilesContext, cid: CID): Promise<bigint> {
  const block = c.index.block(cid.toString());
  if (!block) {
    const content = c.index.content(cid.toString());
    return BigInt(content?.size ?? 0);
  }
  if (cid.code !== dagPb.code) return BigInt(block.length);
  const node = dagPb.decode(block);
  return BigInt(block.length) + node.Links.reduce((s, l) => s + BigInt(l.Tsize ?? 0), 0n);
}

/** What an MFS path names: a directory of the tree, or an entry's CID. */
async function lookup(c: FilesContext, path: string): Promise<{ kind: 'mfs-dir' } | { kind: 'cid'; cid: CID } | undefined> {
  if (path === '/') return { kind: 'mfs-dir' };
  const cid = c.index.mfsGet(path);
  if (cid === '') return { kind: 'mfs-dir' };
  if (cid !== undefined) return { kind: 'cid', cid: CID.parse(cid) };
  // inside a directory CID copied into the tree
  let up = parentOf(path);
  const rest = [path.slice(path.lastIndexOf('/') + 1)];
  while (up !== '/') {
    const at = c.index.mfsGet(up);
    if (at) {
      try {
        const e = await resolvePath(`${at}/${rest.join('/')}`, c.store);
        return { kind: 'cid', cid: e.cid };
      } catch {
        return undefined;
      }
    }
    rest.unshift(up.slice(up.lastIndexOf('/') + 1));
    up = parentOf(up);
  }
  return undefined;
}

async function isDirectory(c: FilesContext, path: string): Promise<boolean> {
  const l = await lookup(c, path);
  if (!l) return false;
  if (l.kind === 'mfs-dir') return true;
  try {
    return (await resolvePath(l.cid.toString(), c.store)).type === 'directory';
  } catch {
    return false;
  }
}

async function stat(c: FilesContext, path: string) {
  const l = await lookup(c, path);
  if (!l) throw new KuboError(500, 'file does not exist');
  if (l.kind === 'mfs-dir') {
    const d = await directoryCid(c, path);
    const block = c.index.block(d.cid.toString())!;
    return { Hash: d.cid.toString(), Size: 0, CumulativeSize: Number(d.cumulative), Blocks: dagPb.decode(block).Links.length, Type: 'directory' };
  }
  return statCid(c, l.cid);
}

/** `files stat /ipfs/<cid>[/path]`: Kubo resolves such a path instead of the MFS tree (core/commands/files.go `getNodeFromPath`). */
async function statIpfs(c: FilesContext, path: string) {
  let cid: CID;
  try {
    cid = (await resolvePath(path, c.store)).cid;
  } catch (e) {
    throw new KuboError(500, (e as Error).message);
  }
  return statCid(c, cid);
}

async function statCid(c: FilesContext, cid: CID) {
  const cumulative = await cumulativeSize(c, cid);
  let e;
  try {
    e = await resolvePath(cid.toString(), c.store);
  } catch {
    e = undefined;
  }
  const block = c.index.block(cid.toString());
  const blocks = block && cid.code === dagPb.code ? dagPb.decode(block).Links.length : 0;
  return { Hash: cid.toString(), Size: e && e.type !== 'directory' ? Number(e.size) : 0, CumulativeSize: Number(cumulative), Blocks: blocks, Type: e?.type === 'directory' ? 'directory' : 'file' };
}

export async function handleFiles(c: FilesContext, sub: string, r: KuboRequest, res: ServerResponse): Promise<void> {
  switch (sub) {
    case 'cp': {
      if (r.args.length < 2) throw new KuboError(400, 'argument "dest" is required');
      const src = r.args[0]!;
      const dest = mfsPath(r.args[1]);
      let cid: string;
      if (src.startsWith('/ipfs/')) {
        try {
          cid = (await resolvePath(src, c.store)).cid.toString();
        } catch (e) {
          throw new KuboError(500, `cp: cannot get node from path ${src}: ${(e as Error).message}`);
        }
      } else {
        const s = await lookup(c, mfsPath(src));
        if (!s) throw new KuboError(500, `cp: cannot get node from path ${src}: file does not exist`);
        cid = s.kind === 'mfs-dir' ? (await directoryCid(c, mfsPath(src))).cid.toString() : s.cid.toString();
      }
      const parent = parentOf(dest);
      if (boolOption(r.options, 'parents', false)) {
        for (let p = parent; p !== '/'; p = parentOf(p)) if (c.index.mfsGet(p) === undefined) c.index.mfsPut(p, '');
      } else if (!(await isDirectory(c, parent)) || (parent !== '/' && c.index.mfsGet(parent) !== '')) {
        if (parent !== '/' && c.index.mfsGet(parent) !== '') throw new KuboError(500, `cp: cannot put node in path ${dest}: directory does not exist`);
      }
      if ((await lookup(c, dest)) !== undefined) throw new KuboError(500, `cp: cannot put node in path ${dest}: directory already has entry by that name`);
      c.index.mfsPut(dest, cid);
      res.writeHead(200, { 'Content-Length': 0 }).end();
      return;
    }
    case 'mkdir': {
      const path = mfsPath(r.args[0]);
      if ((await lookup(c, path)) !== undefined) {
        if (boolOption(r.options, 'parents', false)) return void res.writeHead(200, { 'Content-Length': 0 }).end();
        throw new KuboError(500, 'file already exists');
      }
      const parent = parentOf(path);
      if (boolOption(r.options, 'parents', false)) {
        for (let p = parent; p !== '/'; p = parentOf(p)) if (c.index.mfsGet(p) === undefined) c.index.mfsPut(p, '');
      } else if (parent !== '/' && c.index.mfsGet(parent) !== '') throw new KuboError(500, 'file does not exist');
      c.index.mfsPut(path, '');
      res.writeHead(200, { 'Content-Length': 0 }).end();
      return;
    }
    case 'ls': {
      const path = mfsPath(r.args[0], '/');
      const long = boolOption(r.options, 'long', false) || boolOption(r.options, 'l', false);
      const l = await lookup(c, path);
      if (!l) throw new KuboError(500, 'file does not exist');
      const entries: { Name: string; Type: number; Size: number; Hash: string }[] = [];
      if (l.kind === 'mfs-dir') {
        for (const child of c.index.mfsChildren(path)) {
          const s = await stat(c, child.path);
          entries.push({ Name: child.path.slice(child.path.lastIndexOf('/') + 1), Type: s.Type === 'directory' ? 1 : 0, Size: long ? s.Size : 0, Hash: long ? s.Hash : '' });
        }
      } else {
        const e = await resolvePath(l.cid.toString(), c.store).catch(() => undefined);
        if (e?.type === 'directory') {
          for (const link of e.links) {
            const s = await stat(c, `${path}/${link.name}`);
            entries.push({ Name: link.name, Type: s.Type === 'directory' ? 1 : 0, Size: long ? s.Size : 0, Hash: long ? link.cid.toString() : '' });
          }
        } else {
          const s = await stat(c, path);
          entries.push({ Name: path.slice(path.lastIndexOf('/') + 1), Type: 0, Size: long ? s.Size : 0, Hash: long ? s.Hash : '' });
        }
      }
      sendKuboJson(res, { Entries: entries });
      return;
    }
    case 'stat': {
      const arg = r.args[0] ?? '';
      sendKuboJson(res, arg.startsWith('/ipfs/') ? await statIpfs(c, arg) : await stat(c, mfsPath(r.args[0])));
      return;
    }
    case 'rm': {
      const path = mfsPath(r.args[0]);
      if (path === '/') throw new KuboError(500, 'cannot delete root');
      const l = await lookup(c, path);
      if (!l || c.index.mfsGet(path) === undefined) {
        if (boolOption(r.options, 'force', false)) return void res.writeHead(200, { 'Content-Length': 0 }).end();
        throw new KuboError(500, `${path}: file does not exist`);
      }
      const dir = l.kind === 'mfs-dir' || (await isDirectory(c, path));
      if (dir && !boolOption(r.options, 'recursive', false) && !boolOption(r.options, 'r', false) && !boolOption(r.options, 'force', false)) {
        throw new KuboError(500, `${path} is a directory, use -r to remove directories`);
      }
      c.index.mfsRemove(path);
      res.writeHead(200, { 'Content-Length': 0 }).end();
      return;
    }
    default:
      throw new KuboError(404, `unknown command files/${sub}`);
  }
}
