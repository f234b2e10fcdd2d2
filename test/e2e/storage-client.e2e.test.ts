/**
 * The storage client API end to end (`nodeclient ipfs`, spec §4.2; issue 15): against a running
 * local network (`chaind start`, the compiled `nodeclient meta start` and two `nodeclient start`
 * processes), `nodeclient ipfs` runs as a process on a resource node's home, once per rpc mode
 * (`-m httpRpc` on resource node 1's JSON-RPC URL, `-m ipc` on resource node 0's socket), and the
 * same tests run against both:
 * - kubo-rpc-client (what IPFS users use) unchanged: add (bytes, 1 MB, a directory with addAll and
 *   wrapWithDirectory), cat byte-exact, ls, get (tar), pin, version, id, files/*; every CID equal to
 *   @helia/unixfs's for the same bytes and options; the bytes really stored in SDS (the meta node's
 *   `/files`, the chain's MsgFileUpload);
 * - the spec's routes: add?arg=<local path> → ls?page → get?arg=sdm://… into `<home>/download/`;
 * - bad input: Kubo-style errors, nothing stored, a file name from SDS that cannot leave download/;
 * - `nodeclient ipfs config`: the file, the server reading it (limit, port) and flags over it; 403
 *   for add?arg when the server does not listen on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { create, type KuboRPCClient } from 'kubo-rpc-client';
import { unixfs } from '@helia/unixfs';
import { base16 } from 'multiformats/bases/base16';
import { base64url } from 'multiformats/bases/base64';
import { MemoryBlockstore } from 'blockstore-core/memory';
import * as dagPb from '@ipld/dag-pb';
import { CID } from 'multiformats/cid';
import { fixedSize } from 'ipfs-unixfs-importer/chunker';
import tar from 'tar-stream';
import { parse } from 'smol-toml';
import { metaGet, startStorageNet, type StorageNet } from '../sds/storage-network.ts';
import { networkClient, until } from './network-client.ts';
import { spawnNodeclient, stopProcess, type StorageProcess } from '../../src/node/storage-processes.ts';
import { sdsFileHash } from '../../src/sds/protocol/file-hash.ts';
import { SdsClient } from '../../src/sds/client/sds-client.ts';
import { httpRpcClient, ipcRpcClient, type SdsRpcClient } from '../../src/sds/rpc/client.ts';
import { loadWallet } from '../../src/sds/wallet/wallet-files.ts';
import { freePort } from '../cli/node/node-process.ts';
import { content } from '../sds/content.ts';

const run = promisify(execFile);
const NODECLIENT = resolve('dist/bundle/nodeclient-main.js');

let n: StorageNet;
let chain: ReturnType<typeof networkClient>;
const started: StorageProcess[] = [];

async function concat(it: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const p of it) parts.push(p);
  return Buffer.concat(parts);
}

async function all<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const v of it) out.push(v);
  return out;
}

/** Kubo's add options as the importer takes them, for Helia */
const heliaOpts = (o: { cidVersion?: 0 | 1; rawLeaves?: boolean; chunk?: number; wrap?: boolean } = {}) => ({
  cidVersion: o.cidVersion ?? 0, rawLeaves: o.rawLeaves ?? (o.cidVersion === 1), chunker: fixedSize({ chunkSize: o.chunk ?? 262_144 }), wrapWithDirectory: o.wrap ?? false, reduceSingleLeafToSelf: true,
});

async function heliaCid(bytes: Uint8Array, o: Parameters<typeof heliaOpts>[0] = {}): Promise<string> {
  return (await unixfs({ blockstore: new MemoryBlockstore() }).addBytes(bytes, heliaOpts(o))).toString();
}

/** Every CID reachable from `root` in a blockstore holding the whole DAG (data leaves included), root excluded. */
async function reachable(blockstore: MemoryBlockstore, root: CID): Promise<string[]> {
  const out = new Set<string>();
  const stack = [root];
  while (stack.length > 0) {
    const cid = stack.pop()!;
    if (cid.code !== dagPb.code) continue;
    for (const l of dagPb.decode(await concat(blockstore.get(cid) as AsyncIterable<Uint8Array>)).Links) {
      if (out.has(l.Hash.toString())) continue;
      out.add(l.Hash.toString());
      stack.push(l.Hash);
    }
  }
  return [...out];
}

/** A raw POST to the API: status, headers, body text. */
async function post(api: string, path: string, init: RequestInit = {}): Promise<{ status: number; body: string; json: any; headers: Headers }> {
  const res = await fetch(`${api}${path}`, { method: 'POST', ...init });
  const body = await res.text();
  let json: any;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  return { status: res.status, body, json, headers: res.headers };
}

const kuboError = (Message: string | RegExp, Code = 0) => ({ Message: typeof Message === 'string' ? Message : expect.stringMatching(Message), Code, Type: 'error' });

async function nodeclient(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await run(process.execPath, [NODECLIENT, ...args], { timeout: 60_000 });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof err.code === 'number' ? err.code : 1, stdout: err.stdout ?? '', stderr: err.stderr ?? '' };
  }
}

async function startApi(home: string, args: string[], log: string): Promise<{ p: StorageProcess; api: string; url: string }> {
  const p = await spawnNodeclient('ipfs', ['-r', home, 'ipfs', ...args], join(home, log));
  started.push(p);
  const api = String(p.serving.api);
  return { p, api, url: api.replace(/\/api\/v0$/, '') };
}

async function prepayFor(address: string, key: Uint8Array, rpc: SdsRpcClient): Promise<void> {
  const c = new SdsClient(rpc, key);
  const before = (await c.ozone()).ozone;
  await chain.tx('dev0', ['sds', 'prepay', 'dev0', address, '5stos']);
  await until(() => c.ozone(), (o) => o.ozone > before, `the prepay of ${address} at the meta node`);
}

async function onChain(fileHash: string): Promise<any> {
  return until(
    () => chain.rest(`/chain/sds/v1/file_upload/${fileHash}`).catch(() => undefined),
    (v) => v !== undefined,
    `MsgFileUpload of ${fileHash}`,
  );
}

interface Mode {
  readonly name: 'httpRpc' | 'ipc';
  readonly rn: number;
  home: string;
  wallet: string;
  key: Uint8Array;
  api: string;
  url: string;
  kubo: KuboRPCClient;
  sds: SdsClient;
}

const modes: Record<'httpRpc' | 'ipc', Mode> = {
  httpRpc: { name: 'httpRpc', rn: 1 } as Mode,
  ipc: { name: 'ipc', rn: 0 } as Mode,
};

beforeAll(async () => {
  n = await startStorageNet();
  chain = networkClient({ home: () => n.home, rpcPort: () => n.rpcPort, restPort: () => n.restPort });
  for (const m of Object.values(modes)) {
    const rn = n.layout.resourceNodes[m.rn]!;
    m.home = rn.home;
    m.wallet = rn.wallet;
    m.key = loadWallet(rn.home, rn.wallet, '').privateKey;
    const rpc = m.name === 'ipc' ? ipcRpcClient(join(rn.home, 'sds.ipc')) : httpRpcClient(n.rpcUrl(m.rn));
    m.sds = new SdsClient(rpc, m.key);
    await prepayFor(rn.wallet, m.key, rpc);
    const args = m.name === 'ipc' ? ['-m', 'ipc', '-p', '0'] : ['-m', 'httpRpc', '--httpRpcUrl', n.rpcUrl(m.rn), '-p', '0'];
    const s = await startApi(rn.home, args, `ipfs-${m.name}.log`);
    expect(s.p.serving).toEqual({ api: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/api\/v0$/), wallet: rn.wallet, resource_node: m.name === 'ipc' ? `ipc ${join(rn.home, 'sds.ipc')}` : `httpRpc ${n.rpcUrl(m.rn)}` });
    m.api = s.api;
    m.url = s.url;
    m.kubo = create({ url: s.api });
  }
}, 240_000);

afterAll(async () => {
  for (const p of started) await stopProcess(p).catch(() => undefined);
  await n?.stop();
});

describe.each(['httpRpc', 'ipc'] as const)('nodeclient ipfs -m %s', { timeout: 180_000 }, (modeName) => {
  const m = modes[modeName];
  // different bytes per mode: the same bytes would be the same SDS file, already stored by the other wallet
  const seed = modeName === 'ipc' ? 100 : 200;
  const big = () => content(1_000_000, seed + 1);
  let bigCid = '';
  let dirRoot = '';
  const dirFiles = () => [
    { path: 'site/index.html', content: Buffer.from(`<h1>${modeName}</h1>\n`) },
    { path: 'site/img/photo.bin', content: content(300_000, seed + 2) },
    { path: 'site/notes/a.txt', content: Buffer.from(`a ${modeName}\n`) },
  ];

  describe('kubo-rpc-client', () => {
    it('add bytes: the CID and Size Kubo gives (hello world → QmT78z…, Size 20); the file is stored in SDS and on chain', async () => {
      const text = `hello world\n`;
      const r = await m.kubo.add(text);
      expect([r.cid.toString(), r.size, r.path]).toEqual(['QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o', 20, 'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o']);
      const own = Buffer.from(`hello ${modeName}\n`);
      const r2 = await m.kubo.add(own);
      expect(r2.cid.toString()).toBe(await heliaCid(own));
      // the bytes live in SDS: the meta node lists the file for the wallet, and the chain has its MsgFileUpload
      const hash = sdsFileHash(own);
      const files = (await metaGet(n, '/files?limit=1000')).files as { owner: string; file_hash: string; file_size: number }[];
      expect(files.find((f) => f.file_hash === hash && f.owner === m.wallet)).toMatchObject({ file_size: own.length });
      const rec = await onChain(hash);
      expect(rec.file_info.uploader).toBe(m.wallet);
      expect(Buffer.from(await concat(m.kubo.cat(r2.cid))).equals(own)).toBe(true);
      // the other golden vectors: hello, and the empty file
      const hello = await m.kubo.add('hello');
      expect([hello.cid.toString(), hello.size]).toEqual(['QmWfVY9y3xjsixTgbd9AorQxH7VtMpzfx2HaWtsoUYecaX', 13]);
      const empty = await m.kubo.add(new Uint8Array(0));
      expect([empty.cid.toString(), empty.size]).toEqual(['QmbFMke1KXqnYyBBWxB74N4c5SBnJMVAiMNRcGu6x1AwQH', 6]);
      expect((await concat(m.kubo.cat(empty.cid))).length).toBe(0);
    });

    it('adds and cats at the same time all succeed (each spends the wallet SN in turn); a raw UTF-8 file name stays UTF-8; a CIDv1 in base16 or base64url reads', async () => {
      const many = [1, 2, 3].map((i) => Buffer.from(`at the same time ${i} ${modeName}\n`));
      const added = await Promise.all(many.map((b) => m.kubo.add(b)));
      expect(added.map((a) => a.cid.toString())).toEqual(await Promise.all(many.map((b) => heliaCid(b))));
      const read = await Promise.all(added.map((a) => concat(m.kubo.cat(a.cid))));
      expect(read.map((b) => b.toString())).toEqual(many.map((b) => b.toString()));
      // the same bytes added three times at once: one upload to SDS, three answers with the one CID
      const same = Buffer.from(`the same bytes at once ${modeName}\n`);
      const twins = await Promise.all([1, 2, 3].map(() => m.kubo.add(same)));
      expect(twins.map((a) => a.cid.toString())).toEqual(Array(3).fill(await heliaCid(same)));
      expect((await concat(m.kubo.cat(twins[0]!.cid))).equals(same)).toBe(true);
      // curl -F 'file=@ünï.txt' sends the name as raw UTF-8 (kubo-rpc-client percent-encodes it)
      const name = `ünï-${modeName}.txt`;
      const bytes = Buffer.from(`utf-8 name ${modeName}\n`);
      const body = Buffer.concat([
        Buffer.from(`--XyZ\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`, 'utf8'),
        bytes,
        Buffer.from('\r\n--XyZ--\r\n'),
      ]);
      const wrapped = await post(m.api, '/add?wrap-with-directory=true', { body, headers: { 'content-type': 'multipart/form-data; boundary=XyZ' } });
      expect(wrapped.status).toBe(200);
      const lines = wrapped.body.trim().split('\n').map((l) => JSON.parse(l));
      expect(lines.map((l) => l.Name)).toEqual([name, '']);
      const [dir] = await all(m.kubo.ls(lines[1].Hash));
      expect([dir!.name, dir!.cid.toString()]).toEqual([name, await heliaCid(bytes)]);
      // another multibase of the same CIDv1
      const v1 = added[0]!.cid.toV1();
      for (const base of [base16, base64url]) expect((await post(m.api, `/cat?arg=${v1.toString(base.encoder)}`)).body).toBe(many[0]!.toString());
    });

    it('add a 1 MB file (CIDv0, 256 KiB chunks) and with cid-version=1, raw-leaves, chunker=size-N: Helia gives the same CIDs; cat is byte-exact', async () => {
      const bytes = big();
      const r = await m.kubo.add(bytes);
      bigCid = r.cid.toString();
      expect(bigCid).toBe(await heliaCid(bytes));
      expect(bigCid).toMatch(/^Qm/);
      expect(r.size).toBeGreaterThan(1_000_000);
      expect((await concat(m.kubo.cat(r.cid))).equals(bytes)).toBe(true);
      expect((await concat(m.kubo.cat(r.cid, { offset: 262_140, length: 10 }))).equals(bytes.subarray(262_140, 262_150))).toBe(true);
      const v1 = await m.kubo.add(bytes, { cidVersion: 1 });
      expect(v1.cid.toString()).toBe(await heliaCid(bytes, { cidVersion: 1 }));
      expect(v1.cid.toString()).toMatch(/^bafy/);
      const raw = await m.kubo.add(bytes, { rawLeaves: true });
      expect(raw.cid.toString()).toBe(await heliaCid(bytes, { rawLeaves: true }));
      const chunked = await m.kubo.add(bytes, { chunker: 'size-65536' });
      expect(chunked.cid.toString()).toBe(await heliaCid(bytes, { chunk: 65_536 }));
      // ls of a file: its chunks, files to Kubo's ls (raw leaves too), each its size
      const chunks = [262_144, 262_144, 262_144, 1_000_000 - 3 * 262_144];
      for (const c of [r.cid, v1.cid, raw.cid]) {
        const ls = await post(m.api, `/ls?arg=${c.toString()}`);
        expect(ls.json.Objects[0].Links.map((l: { Name: string; Type: number; Size: number }) => [l.Name, l.Type, l.Size])).toEqual(chunks.map((size) => ['', 2, size]));
      }
      // all four CIDs read back the same bytes (one SDS file)
      for (const c of [v1.cid, raw.cid, chunked.cid]) expect((await concat(m.kubo.cat(c))).equals(bytes)).toBe(true);
      expect(((await m.sds.list()).fileinfo as { filehash: string }[]).filter((f: { filehash: string }) => f.filehash === sdsFileHash(bytes)).length).toBe(1);
    });

    it('add a directory with addAll and paths, wrapWithDirectory: every entry as Helia gives it; ls shows the Links; get is a tar of the bytes', async () => {
      const files = dirFiles();
      const out = await all(m.kubo.addAll(files, { wrapWithDirectory: true }));
      const helia = await all(unixfs({ blockstore: new MemoryBlockstore() }).addAll(files, heliaOpts({ wrap: true })));
      const byPath = new Map(helia.map((e) => [e.path, e.cid.toString()]));
      expect(out.map((e) => e.path).sort()).toEqual(['', 'site', 'site/img', 'site/img/photo.bin', 'site/index.html', 'site/notes', 'site/notes/a.txt']);
      for (const e of out) expect([e.path, e.cid.toString()]).toEqual([e.path, byPath.get(e.path)]);
      const wrapper = out.find((e) => e.path === '')!;
      dirRoot = out.find((e) => e.path === 'site')!.cid.toString();

      // ls through the client and raw: Links with Name, Hash, Size, Type (unixfs numbers)
      const entries = await all(m.kubo.ls(dirRoot));
      expect(entries.map((e) => [e.name, e.type, e.size, e.cid.toString()])).toEqual([
        ['img', 'dir', 0, byPath.get('site/img')],
        ['index.html', 'file', files[0]!.content.length, byPath.get('site/index.html')],
        ['notes', 'dir', 0, byPath.get('site/notes')],
      ]);
      const raw = await post(m.api, `/ls?arg=${dirRoot}`);
      expect(raw.status).toBe(200);
      expect(raw.json).toEqual({
        Objects: [{
          Hash: dirRoot,
          Links: [
            { Name: 'img', Hash: byPath.get('site/img'), Size: 0, Type: 1, Target: '' },
            { Name: 'index.html', Hash: byPath.get('site/index.html'), Size: files[0]!.content.length, Type: 2, Target: '' },
            { Name: 'notes', Hash: byPath.get('site/notes'), Size: 0, Type: 1, Target: '' },
          ],
        }],
      });
      const wrapLs = await post(m.api, `/ls?arg=/ipfs/${wrapper.cid.toString()}`);
      expect(wrapLs.json.Objects[0].Links).toEqual([{ Name: 'site', Hash: dirRoot, Size: 0, Type: 1, Target: '' }]);
      // cat through a path inside the directory
      expect((await concat(m.kubo.cat(`/ipfs/${dirRoot}/img/photo.bin`))).equals(files[1]!.content)).toBe(true);

      // get: a tar with the directory's entries and the bytes
      const got = await untar(await concat(m.kubo.get(dirRoot)));
      expect([...got.keys()].sort()).toEqual([dirRoot, `${dirRoot}/img`, `${dirRoot}/img/photo.bin`, `${dirRoot}/index.html`, `${dirRoot}/notes`, `${dirRoot}/notes/a.txt`]);
      expect(got.get(dirRoot)!.type).toBe('directory');
      for (const f of files) expect(got.get(`${dirRoot}/${f.path.slice('site/'.length)}`)!.bytes.equals(f.content)).toBe(true);
      // a path inside: the tar's root is its last component (Kubo's fileArchive)
      const sub = await untar(await concat(m.kubo.get(`/ipfs/${dirRoot}/img`)));
      expect([...sub.keys()]).toEqual(['img', 'img/photo.bin']);
      expect(sub.get('img/photo.bin')!.bytes.equals(files[1]!.content)).toBe(true);
      // a file's get: one entry named by the CID
      const single = await post(m.api, `/get?arg=${byPath.get('site/notes/a.txt')}`);
      // as go-ipfs-cmds answers every reader: text/plain, so that a browser never renders it
      expect(single.headers.get('content-type')).toBe('text/plain');
      const one = await untar(Buffer.from(await (await fetch(`${m.api}/get?arg=${byPath.get('site/notes/a.txt')}`, { method: 'POST' })).arrayBuffer()));
      expect([...one.entries()].map(([k, v]) => [k, v.type, v.bytes.toString()])).toEqual([[byPath.get('site/notes/a.txt'), 'file', files[2]!.content.toString()]]);
    });

    it('pin add/ls/rm: add pins the root; pin rm and add again; unknown CIDs are refused', async () => {
      const pins = await all(m.kubo.pin.ls());
      expect(pins.map((p) => p.cid.toString())).toContain(bigCid);
      expect(pins.find((p) => p.cid.toString() === bigCid)!.type).toBe('recursive');
      expect((await m.kubo.pin.rm(bigCid)).toString()).toBe(bigCid);
      expect((await all(m.kubo.pin.ls())).map((p) => p.cid.toString())).not.toContain(bigCid);
      await expect(m.kubo.pin.rm(bigCid)).rejects.toThrow('not pinned or pinned indirectly');
      expect((await m.kubo.pin.add(bigCid)).toString()).toBe(bigCid);
      expect((await all(m.kubo.pin.ls({ paths: bigCid }))).map((p) => [p.cid.toString(), p.type])).toEqual([[bigCid, 'recursive']]);
      expect((await m.kubo.pin.add(dirRoot)).toString()).toBe(dirRoot);
      const unknown = await heliaCid(Buffer.from('never added here'));
      await expect(m.kubo.pin.add(unknown)).rejects.toThrow(`pin: ${unknown} is not known to this node`);
      // add with pin=false pins nothing
      const unpinned = await m.kubo.add(Buffer.from(`unpinned ${modeName}`), { pin: false });
      expect((await all(m.kubo.pin.ls())).map((p) => p.cid.toString())).not.toContain(unpinned.cid.toString());
    });

    it('pin/ls lists indirect pins: a CID under a recursive pin is "indirect through <root>" (a file\'s data leaves too), type=indirect and the default list every one; a type mismatch and a bogus type are errors', async () => {
      const files = [
        { path: 'd1/a.txt', content: Buffer.from(`a in d1 ${modeName}\n`) },
        { path: 'd1/sub/b.txt', content: Buffer.from(`b in d1/sub ${modeName}\n`) },
        { path: 'd1/sub/chunks.bin', content: content(3000, seed + 41) },
      ];
      const out = await all(m.kubo.addAll(files, { chunker: 'size-1024' }));
      const blockstore = new MemoryBlockstore();
      const helia = await all(unixfs({ blockstore }).addAll(files, heliaOpts({ chunk: 1024 })));
      const heliaOf = (path: string) => helia.find((e) => e.path === path)!.cid;
      const R = out.find((e) => e.path === 'd1')!.cid.toString();
      const C = out.find((e) => e.path === 'd1/sub')!.cid.toString();
      expect([R, C]).toEqual([heliaOf('d1').toString(), heliaOf('d1/sub').toString()]);
      // under R: a.txt, sub, b.txt, chunks.bin and its 3 leaves (their bytes are in SDS, not in the index)
      const under = await reachable(blockstore, heliaOf('d1'));
      const leaves = dagPb.decode(await concat(blockstore.get(heliaOf('d1/sub/chunks.bin')) as AsyncIterable<Uint8Array>)).Links.map((l) => l.Hash.toString());
      expect([under.length, leaves.length]).toEqual([7, 3]);

      // one CID: how it is pinned
      for (const q of [`arg=${C}`, `arg=${C}&type=indirect`, `arg=/ipfs/${C}&type=all`]) {
        const r = await post(m.api, `/pin/ls?${q}`);
        expect([q, r.status, r.body]).toEqual([q, 200, `{"Keys":{"${C}":{"Type":"indirect through ${R}"}}}\n`]);
      }
      const leaf = await post(m.api, `/pin/ls?arg=${leaves[2]}`);
      expect([leaf.status, leaf.body]).toEqual([200, `{"Keys":{"${leaves[2]}":{"Type":"indirect through ${R}"}}}\n`]);
      expect((await post(m.api, `/pin/ls?arg=${R}`)).body).toBe(`{"Keys":{"${R}":{"Type":"recursive"}}}\n`);
      expect((await all(m.kubo.pin.ls({ paths: CID.parse(C) }))).map((p) => [p.cid.toString(), p.type])).toEqual([[C, `indirect through ${R}`]]);
      // asked with a type it is not pinned as: Kubo's text, the argument as the path Kubo makes of it
      for (const [q, shown] of [[`arg=${R}&type=indirect`, `/ipfs/${R}`], [`arg=${C}&type=recursive`, `/ipfs/${C}`], [`arg=/ipfs/${C}&type=direct`, `/ipfs/${C}`]]) {
        const r = await post(m.api, `/pin/ls?${q}`);
        expect([q, r.status, r.json]).toEqual([q, 500, kuboError(`path '${shown}' is not pinned`)]);
      }

      // the whole list: type=indirect has every CID under R (and no recursive or direct pin), the default has them too
      const indirect = await post(m.api, '/pin/ls?type=indirect');
      expect(indirect.status).toBe(200);
      const recursive = Object.keys((await post(m.api, '/pin/ls?type=recursive')).json.Keys);
      expect(recursive).toContain(R);
      const keys = Object.keys(indirect.json.Keys);
      expect(keys).toEqual([...keys].sort()); // Go's JSON writes a map's keys sorted
      expect(keys.filter((k) => recursive.includes(k))).toEqual([]);
      expect(new Set(Object.values(indirect.json.Keys).map((v: any) => v.Type))).toEqual(new Set(['indirect']));
      expect(Object.fromEntries(under.map((c) => [c, indirect.json.Keys[c]]))).toEqual(Object.fromEntries(under.map((c) => [c, { Type: 'indirect' }])));
      const dflt = (await post(m.api, '/pin/ls')).json.Keys;
      expect(Object.fromEntries([R, ...under].map((c) => [c, dflt[c]]))).toEqual(Object.fromEntries([[R, { Type: 'recursive' }], ...under.map((c) => [c, { Type: 'indirect' }])]));
      const viaClient = await all(m.kubo.pin.ls({ type: 'indirect' }));
      expect(viaClient.filter((p) => p.cid.toString() === C).map((p) => p.type)).toEqual(['indirect']);

      const bogus = await post(m.api, '/pin/ls?type=bogus');
      expect([bogus.status, bogus.json]).toEqual([500, kuboError("invalid type 'bogus', must be one of {direct, indirect, recursive, all}")]);
      const bogusArg = await post(m.api, `/pin/ls?arg=${C}&type=bogus`);
      expect([bogusArg.status, bogusArg.json]).toEqual([500, kuboError("invalid type 'bogus', must be one of {direct, indirect, recursive, all}")]);
      // an indirect pin cannot be removed; once R is unpinned nothing holds C
      await expect(m.kubo.pin.rm(C)).rejects.toThrow('not pinned or pinned indirectly');
      await m.kubo.pin.rm(R);
      const gone = await post(m.api, `/pin/ls?arg=${C}`);
      expect([gone.status, gone.json]).toEqual([500, kuboError(`path '/ipfs/${C}' is not pinned`)]);
      expect(Object.keys((await post(m.api, '/pin/ls?type=indirect')).json.Keys)).not.toContain(C);
    });

    it('a name missing under a directory: cat, ls, get and files/cp answer Kubo\'s no link named "<name>" under <the directory\'s CID>', async () => {
      const files = [
        { path: 'd3/a.txt', content: Buffer.from(`a in d3 ${modeName}\n`) },
        { path: 'd3/sub/b.txt', content: Buffer.from(`b in d3/sub ${modeName}\n`) },
      ];
      const out = await all(m.kubo.addAll(files));
      const R = out.find((e) => e.path === 'd3')!.cid.toString();
      const C = out.find((e) => e.path === 'd3/sub')!.cid.toString();
      expect((await post(m.api, `/cat?arg=/ipfs/${R}/sub/b.txt`)).body).toBe(files[1]!.content.toString());
      for (const [cmd, path, under] of [['cat', `/ipfs/${R}/nope`, R], ['cat', `/ipfs/${R}/sub/nope`, C], ['cat', `${R}/sub/nope/deeper`, C], ['ls', `/ipfs/${R}/nope`, R], ['get', `/ipfs/${R}/nope`, R]]) {
        const r = await post(m.api, `/${cmd}?arg=${encodeURIComponent(path!)}`);
        expect([cmd, path, r.status, r.json]).toEqual([cmd, path, 500, kuboError(`no link named "nope" under ${under}`)]);
      }
      const cp = await post(m.api, `/files/cp?arg=${encodeURIComponent(`/ipfs/${R}/nope`)}&arg=/nope-${modeName}`);
      expect([cp.status, cp.json]).toEqual([500, kuboError(`cp: cannot get node from path /ipfs/${R}/nope: no link named "nope" under ${R}`)]);
      // a CID this node never saw is still not known to it
      const unknown = await heliaCid(Buffer.from(`never added ${modeName}`));
      const u = await post(m.api, `/cat?arg=/ipfs/${unknown}/nope`);
      expect([u.status, u.json]).toEqual([500, kuboError(`block was not found locally (offline): /ipfs/${unknown}/nope is not known to this node`)]);
    });

    it('version and id', async () => {
      const v = await m.kubo.version();
      expect(v).toMatchObject({ version: '0.29.0', commit: 'stsim', repo: '15' });
      const raw = await post(m.api, '/version');
      expect(Object.keys(raw.json).sort()).toEqual(['Commit', 'Golang', 'Repo', 'System', 'Version']);
      const id = await m.kubo.id();
      expect(id.id.toString()).toMatch(/^12D3KooW|^Qm/);
      expect(id.agentVersion).toBe('kubo/0.29.0/stsim');
      // the same identity each time
      expect((await m.kubo.id()).id.toString()).toBe(id.id.toString());
    });

    it('swarm/peers: {"Peers":null} as Kubo encodes no peers (this API is not a libp2p node), whatever its options; kubo-rpc-client\'s swarm.peers() is []', async () => {
      expect(await m.kubo.swarm.peers()).toEqual([]);
      expect(await m.kubo.swarm.peers({ verbose: true, streams: true, latency: true, direction: true })).toEqual([]);
      for (const q of ['', '?verbose=true', '?verbose', '?streams=1&latency=true&direction=false&identify=true']) {
        const r = await post(m.api, `/swarm/peers${q}`);
        expect([q, r.status, r.headers.get('content-type'), r.body]).toEqual([q, 200, 'application/json', '{"Peers":null}\n']);
      }
      const bad = await post(m.api, '/swarm/peers?latency=maybe');
      expect([bad.status, bad.json]).toEqual([400, kuboError("Could not convert value 'maybe' to type 'bool' (for option '-latency')", 1)]);
    });

    it('block/stat, block/get, object/stat and dag/get of every block of a file (CIDv0 dag-pb leaves, raw leaves) and a directory equal Helia\'s blocks: structure from the index, data leaves rebuilt from the SDS file; offline=true keeps to the index; errors as Kubo', async () => {
      const bytes = content(3000, seed + 51);
      const files = [
        { path: 'd5/one.txt', content: Buffer.from(`one block ${modeName}\n`) },
        { path: 'd5/sub/two.txt', content: Buffer.from(`two ${modeName}\n`) },
      ];
      const blockstore = new MemoryBlockstore();
      const fs = unixfs({ blockstore });
      const added = await m.kubo.add(bytes, { chunker: 'size-1024' });
      const addedRaw = await m.kubo.add(bytes, { chunker: 'size-1024', rawLeaves: true });
      // only-hash: the structure lands in the index, no SDS file (each wallet's SDS files are few: the spec routes page them by 20)
      const dir = await all(m.kubo.addAll(files, { onlyHash: true }));
      const root = await fs.addBytes(bytes, heliaOpts({ chunk: 1024 }));
      const rawRoot = await fs.addBytes(bytes, heliaOpts({ chunk: 1024, rawLeaves: true }));
      const heliaDir = await all(fs.addAll(files, heliaOpts()));
      const D = heliaDir.find((e) => e.path === 'd5')!.cid;
      expect([added.cid.toString(), addedRaw.cid.toString(), dir.find((e) => e.path === 'd5')!.cid.toString()]).toEqual([root.toString(), rawRoot.toString(), D.toString()]);
      const blockOf = async (cid: CID) => concat(blockstore.get(cid) as AsyncIterable<Uint8Array>);
      const linksOf = async (cid: CID) => dagPb.decode(await blockOf(cid)).Links.map((l) => l.Hash);
      const leaves = await linksOf(root);
      const rawLeaves = await linksOf(rawRoot);
      expect([leaves.length, rawLeaves.length, rawLeaves[0]!.code]).toEqual([3, 3, 0x55]);
      // what Kubo answers for each block, from Helia's blocks
      const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64').replace(/=+$/, '');
      const stat = (cid: CID, block: Uint8Array) => {
        if (cid.code === 0x55) return { Hash: cid.toString(), NumLinks: 0, BlockSize: block.length, LinksSize: 0, DataSize: block.length, CumulativeSize: block.length };
        const node = dagPb.decode(block);
        const data = node.Data!.length;
        return { Hash: cid.toString(), NumLinks: node.Links.length, BlockSize: block.length, LinksSize: block.length - data, DataSize: data, CumulativeSize: node.Links.reduce((t, l) => t + l.Tsize!, block.length) };
      };
      const dagJson = (cid: CID, block: Uint8Array) => {
        if (cid.code === 0x55) return JSON.stringify({ '/': { bytes: b64(block) } });
        const node = dagPb.decode(block);
        return JSON.stringify({ Data: { '/': { bytes: b64(node.Data!) } }, Links: node.Links.map((l) => ({ Hash: { '/': l.Hash.toString() }, Name: l.Name, Tsize: l.Tsize })) });
      };
      const structure = [root, rawRoot, D, heliaDir.find((e) => e.path === 'd5/sub')!.cid, heliaDir.find((e) => e.path === 'd5/one.txt')!.cid];
      for (const cid of [...structure, ...leaves, ...rawLeaves]) {
        const block = await blockOf(cid);
        const c = cid.toString();
        const bs = await post(m.api, `/block/stat?arg=${c}`);
        expect([c, bs.status, bs.body]).toEqual([c, 200, `{"Key":"${c}","Size":${block.length}}\n`]);
        const viaClient = await m.kubo.block.stat(cid);
        expect([viaClient.cid.toString(), viaClient.size]).toEqual([c, block.length]);
        const os = await post(m.api, `/object/stat?arg=${c}`);
        expect([c, os.status, os.body]).toEqual([c, 200, JSON.stringify(stat(cid, block)) + '\n']);
        expect([c, Buffer.from(await m.kubo.block.get(cid)).equals(block)]).toEqual([c, true]);
      }
      // the root's CumulativeSize is add's Size (Kubo's); a directory's is its DAG's
      expect((await post(m.api, `/object/stat?arg=${root}`)).json.CumulativeSize).toBe(added.size);
      expect((await post(m.api, `/object/stat?arg=/ipfs/${D}`)).json).toEqual(stat(D, await blockOf(D)));
      // block/get and dag/get as Kubo streams them: text/plain, X-Stream-Output; dag-json without a newline
      for (const cid of [root, D, leaves[1]!, rawLeaves[2]!]) {
        const block = await blockOf(cid);
        const res = await fetch(`${m.api}/block/get?arg=${cid}`, { method: 'POST' });
        const got = Buffer.from(await res.arrayBuffer());
        expect([cid.toString(), res.status, res.headers.get('content-type'), res.headers.get('x-stream-output'), got.equals(block)]).toEqual([cid.toString(), 200, 'text/plain', '1', true]);
        const dag = await post(m.api, `/dag/get?arg=${cid}`);
        expect([cid.toString(), dag.status, dag.headers.get('content-type'), dag.body]).toEqual([cid.toString(), 200, 'text/plain', dagJson(cid, block)]);
        // kubo-rpc-client's dag.get is a block/get decoded by the client
        expect((await m.kubo.dag.get(cid)).value).toEqual(cid.code === 0x55 ? new Uint8Array(block) : dagPb.decode(new Uint8Array(block)));
      }
      expect((await post(m.api, `/dag/get?arg=${D}`)).body).toMatch(/^\{"Data":\{"\/":\{"bytes":"CAE"\}\},"Links":\[\{"Hash":\{"\/":"Qm[^"]+"\},"Name":"one.txt","Tsize":\d+\},\{"Hash":\{"\/":"Qm[^"]+"\},"Name":"sub","Tsize":\d+\}\]\}$/);
      // a path under a directory, a CIDv1 of a CIDv0 block, and the command's path segment as its argument
      const one = heliaDir.find((e) => e.path === 'd5/one.txt')!.cid;
      expect((await post(m.api, `/block/stat?arg=${encodeURIComponent(`/ipfs/${D}/one.txt`)}`)).body).toBe(`{"Key":"${one}","Size":${(await blockOf(one)).length}}\n`);
      expect((await post(m.api, `/dag/get?arg=${encodeURIComponent(`/ipfs/${D}/sub`)}`)).body).toBe(dagJson(heliaDir.find((e) => e.path === 'd5/sub')!.cid, await blockOf(heliaDir.find((e) => e.path === 'd5/sub')!.cid)));
      const v1 = leaves[0]!.toV1();
      expect((await post(m.api, `/block/stat?arg=${v1}`)).body).toBe(`{"Key":"${v1}","Size":${(await blockOf(leaves[0]!)).length}}\n`);
      expect((await post(m.api, `/object/stat/${root}`)).json).toEqual(stat(root, await blockOf(root)));
      expect(Buffer.from(await (await fetch(`${m.api}/block/get/${D}`, { method: 'POST' })).arrayBuffer()).equals(await blockOf(D))).toBe(true);
      // offline=true (Kubo's global option): what the index holds answers; a data leaf would need SDS
      expect(Buffer.from(await m.kubo.block.get(root, { offline: true } as never)).equals(await blockOf(root))).toBe(true);
      for (const cmd of ['block/get', 'dag/get']) {
        const off = await post(m.api, `/${cmd}?arg=${leaves[0]}&offline=true`);
        expect([cmd, off.status, off.json]).toEqual([cmd, 500, kuboError(`block was not found locally (offline): ${leaves[0]} is a data block of a file whose bytes are in SDS (read the file with cat, or ask without offline)`)]);
      }
      // errors: no argument, not a CID, a CID never added, an output codec other than dag-json
      for (const [cmd, name] of [['block/stat', 'cid'], ['block/get', 'cid'], ['object/stat', 'key'], ['dag/get', 'ref']]) {
        const none = await post(m.api, `/${cmd}`);
        expect([cmd, none.status, none.json]).toEqual([cmd, 400, kuboError(`argument "${name}" is required`, 1)]);
        const bad = await post(m.api, `/${cmd}?arg=QmNotACid`);
        expect([cmd, bad.status, bad.json]).toEqual([cmd, 400, kuboError(/^invalid path "QmNotACid": invalid cid: /, 1)]);
      }
      const unknown = await heliaCid(Buffer.from(`never added ${modeName} block`));
      for (const cmd of ['block/stat', 'block/get', 'object/stat', 'dag/get']) {
        const u = await post(m.api, `/${cmd}?arg=${unknown}`);
        expect([cmd, u.status, u.json]).toEqual([cmd, 500, kuboError(`block was not found locally (offline): ${unknown} is not known to this node`)]);
      }
      const cbor = await post(m.api, `/dag/get?arg=${root}&output-codec=dag-cbor`);
      expect([cbor.status, cbor.json]).toEqual([500, kuboError('output-codec "dag-cbor" is not supported by this API: only dag-json')]);
      // a data leaf of content added with only-hash: its root is known, its bytes are nowhere
      const hashed = content(2500, seed + 53);
      const hashedRoot = (await m.kubo.add(hashed, { chunker: 'size-1024', onlyHash: true })).cid;
      const hashedLeaf = dagPb.decode(await concat(blockstore.get(await fs.addBytes(hashed, heliaOpts({ chunk: 1024 }))) as AsyncIterable<Uint8Array>)).Links[0]!.Hash;
      expect((await post(m.api, `/block/stat?arg=${hashedRoot}`)).status).toBe(200);
      for (const cmd of ['block/stat', 'block/get', 'object/stat', 'dag/get']) {
        const r = await post(m.api, `/${cmd}?arg=${hashedLeaf}`);
        expect([cmd, r.status, r.json]).toEqual([cmd, 500, kuboError(`${hashedLeaf}: this node holds no SDS file for this block (only whole files added here can be read)`)]);
      }
    });

    it('repo/stat: the blocks the index holds (NumObjects, RepoSize their bytes: a file\'s structure, not its data in SDS), StorageMax no limit, the index as RepoPath, fs-repo@15; size-only', async () => {
      const before = await post(m.api, '/repo/stat');
      expect(before.status).toBe(200);
      expect(Object.keys(before.json)).toEqual(['RepoSize', 'StorageMax', 'NumObjects', 'RepoPath', 'Version']);
      expect(before.body).toContain('"StorageMax":18446744073709551615,');
      expect([before.json.RepoPath, before.json.Version]).toEqual([join(m.home, 'data', 'ipfs.sqlite'), 'fs-repo@15']);
      // a file of 3 chunks: the index keeps its root (its leaves are in SDS); a file of one chunk: its block
      // (only-hash: the index keeps the same blocks, and no SDS file is made)
      const three = content(3000, seed + 52);
      const single = Buffer.from(`repo stat ${modeName}\n`);
      await m.kubo.add(three, { chunker: 'size-1024', onlyHash: true });
      await m.kubo.add(single, { onlyHash: true });
      const blockstore = new MemoryBlockstore();
      const fs = unixfs({ blockstore });
      const kept = [await fs.addBytes(three, heliaOpts({ chunk: 1024 })), await fs.addBytes(single, heliaOpts())];
      const keptBytes = (await Promise.all(kept.map(async (c) => (await concat(blockstore.get(c) as AsyncIterable<Uint8Array>)).length))).reduce((a, b) => a + b, 0);
      const after = await m.kubo.repo.stat();
      expect([after.numObjects - BigInt(before.json.NumObjects), after.repoSize - BigInt(before.json.RepoSize)]).toEqual([2n, BigInt(keptBytes)]);
      expect([after.repoPath, after.version, after.storageMax]).toEqual([join(m.home, 'data', 'ipfs.sqlite'), 'fs-repo@15', BigInt(Number('18446744073709551615'))]);
      const sizeOnly = await post(m.api, '/repo/stat?size-only=true');
      expect(sizeOnly.body).toBe(`{"RepoSize":${after.repoSize},"StorageMax":18446744073709551615,"NumObjects":0,"RepoPath":"","Version":""}\n`);
      expect((await post(m.api, '/repo/stat?size-only=x')).status).toBe(400);
    });

    it('files: mkdir, cp from /ipfs/, ls, stat, rm', async () => {
      await m.kubo.files.mkdir('/docs');
      await m.kubo.files.cp(`/ipfs/${bigCid}`, '/docs/big.bin');
      await m.kubo.files.cp(`/ipfs/${dirRoot}`, '/docs/site');
      const ls = await all(m.kubo.files.ls('/docs'));
      expect(ls.map((e) => [e.name, e.type])).toEqual([['big.bin', 'file'], ['site', 'directory']]);
      const st = await m.kubo.files.stat('/docs/big.bin');
      expect([st.cid.toString(), st.size, st.type]).toEqual([bigCid, 1_000_000, 'file']);
      const sub = await m.kubo.files.stat('/docs/site/img/photo.bin');
      expect([sub.type, sub.size]).toEqual(['file', 300_000]);
      const dir = await m.kubo.files.stat('/docs/site');
      expect([dir.cid.toString(), dir.type]).toEqual([dirRoot, 'directory']);
      // the MFS root's hash is the unixfs node of its entries, as Helia's mkdir/cp builds it
      const root = await m.kubo.files.stat('/');
      expect(root.type).toBe('directory');
      const fs = unixfs({ blockstore: new MemoryBlockstore() });
      // the same tree built with Helia: big.bin and site under docs
      const bigHelia = await fs.addBytes(big(), heliaOpts());
      const siteHelia = (await all(fs.addAll(dirFiles(), heliaOpts()))).find((e) => e.path === 'site')!.cid;
      let docs = await fs.addDirectory({}, { cidVersion: 0 });
      docs = await fs.cp(bigHelia, docs, 'big.bin');
      docs = await fs.cp(siteHelia, docs, 'site');
      expect((await m.kubo.files.stat('/docs')).cid.toString()).toBe(docs.toString());
      await expect(m.kubo.files.mkdir('/docs')).rejects.toThrow('file already exists');
      await expect(m.kubo.files.cp(`/ipfs/${bigCid}`, '/docs/big.bin')).rejects.toThrow('directory already has entry by that name');
      await expect(m.kubo.files.rm('/docs')).rejects.toThrow('/docs is a directory, use -r to remove directories');
      await m.kubo.files.rm('/docs/big.bin');
      expect((await all(m.kubo.files.ls('/docs'))).map((e) => e.name)).toEqual(['site']);
      await m.kubo.files.rm('/docs', { recursive: true });
      expect(await all(m.kubo.files.ls('/'))).toEqual([]);
      await expect(m.kubo.files.stat('/docs')).rejects.toThrow('file does not exist');
    });
  });

  describe('the spec routes', () => {
    it('add?arg=<local path> → ls?page=<n> shows its v05 hash → get?arg=sdm://<wallet>/<hash> writes it byte-exact into <home>/download/; the chain has its MsgFileUpload', async () => {
      const bytes = content(2_500_000, seed + 3);
      const local = join(n.home, `spec-${modeName}.bin`);
      writeFileSync(local, bytes);
      const hash = sdsFileHash(bytes);
      const add = await post(m.api, `/add?arg=${encodeURIComponent(local)}`);
      expect(add.status).toBe(200);
      const cid = await heliaCid(bytes);
      expect(add.json).toEqual({ Name: `spec-${modeName}.bin`, Hash: cid, Size: expect.stringMatching(/^\d+$/), FileHash: hash, FileHandle: `sdm://${m.wallet}/${hash}` });
      const ls = await post(m.api, '/ls?page=0');
      expect(ls.status).toBe(200);
      expect(ls.json.return).toBe('0');
      // 20 a page, in the meta node's order: the file is on one of them
      const total = ls.json.totalnumber as number;
      const pages = Math.ceil(total / 20);
      expect(ls.json.fileinfo.length).toBe(Math.min(20, total));
      const listed = [...ls.json.fileinfo];
      for (let p = 1; p < pages; p++) listed.push(...(await post(m.api, `/ls?page=${p}`)).json.fileinfo);
      expect(listed.length).toBe(total);
      expect(listed).toContainEqual({ filehash: hash, filesize: bytes.length, filename: `spec-${modeName}.bin`, createtime: expect.any(Number) });
      expect(hash).toMatch(/^v05/);
      const rec = await onChain(hash);
      expect(rec.file_info.uploader).toBe(m.wallet);
      const dl = join(m.home, 'download');
      rmSync(join(dl, `spec-${modeName}.bin`), { force: true });
      const get = await post(m.api, `/get?arg=sdm://${m.wallet}/${hash}`);
      expect(get.status).toBe(200);
      expect(get.json).toEqual({ Name: `spec-${modeName}.bin`, FileHash: hash, Size: bytes.length, Path: join(dl, `spec-${modeName}.bin`) });
      expect(readFileSync(join(dl, `spec-${modeName}.bin`)).equals(bytes)).toBe(true);
      // the CID reads the same bytes through cat
      expect((await concat(m.kubo.cat(cid))).equals(bytes)).toBe(true);
      // the page after the last is past the end: the raw FileListResult, no files
      const past = await post(m.api, `/ls?page=${pages}`);
      expect([past.status, past.json.return, past.json.fileinfo ?? []]).toEqual([200, '0', []]);
    });

    it('an add of bytes whose SDS copy was deleted since uploads them again: SDS decides, not the local index', async () => {
      const bytes = content(300_000, seed + 9);
      const local = join(n.home, `again-${modeName}.bin`);
      writeFileSync(local, bytes);
      const hash = sdsFileHash(bytes);
      const first = await post(m.api, `/add?arg=${encodeURIComponent(local)}`);
      expect([first.status, first.json.FileHash]).toEqual([200, hash]);
      // the wallet's files, 20 a page: on any page
      const listed = async (): Promise<boolean> => {
        for (let page = 0; ; page++) {
          const r = await m.sds.list(page);
          const files = (r.fileinfo as { filehash: string }[] | undefined) ?? [];
          if (files.some((f) => f.filehash === hash)) return true;
          if (files.length === 0 || (page + 1) * 20 >= Number(r.totalnumber)) return false;
        }
      };
      expect(await listed()).toBe(true);
      await m.sds.deleteFile(hash);
      expect(await listed()).toBe(false);
      const again = await post(m.api, `/add?arg=${encodeURIComponent(local)}`);
      expect([again.status, again.json.FileHash, again.json.Hash]).toEqual([200, hash, first.json.Hash]);
      expect(await listed()).toBe(true);
      expect((await concat(m.kubo.cat(first.json.Hash as string))).equals(bytes)).toBe(true);
    });

    it('bad input: Kubo-style errors, nothing stored', async () => {
      expect((await m.kubo.add(Buffer.from(`sha ${modeName}`), { hashAlg: 'sha2-256' })).cid.toString()).toBe(await heliaCid(Buffer.from(`sha ${modeName}`)));
      const before = (await metaGet(n, '/files?limit=1000')).files.length;
      const listBefore = (await m.sds.list()).totalnumber;
      const missing = await post(m.api, '/get');
      expect([missing.status, missing.json]).toEqual([400, kuboError('argument "ipfs-path" is required', 1)]);
      expect((await post(m.api, '/cat')).json).toEqual(kuboError('argument "ipfs-path" is required', 1));
      const noFile = await post(m.api, '/add');
      expect([noFile.status, noFile.json]).toEqual([400, kuboError("file argument 'path' is required", 1)]);
      // sdm handles: malformed, wrong length, another owner's
      const hash = sdsFileHash(content(2_500_000, seed + 3));
      for (const bad of ['sdm://', `sdm://${m.wallet}`, `sdm://${m.wallet}/${hash}x`, `sdm://st1nope/${hash}`]) {
        const r = await post(m.api, `/get?arg=${encodeURIComponent(bad)}`);
        expect([bad, r.status, r.json.Type, r.json.Code]).toEqual([bad, 400, 'error', 1]);
      }
      const other = modes[modeName === 'ipc' ? 'httpRpc' : 'ipc'].wallet;
      const foreign = await post(m.api, `/get?arg=sdm://${other}/${hash}`);
      expect(foreign.status).toBe(500);
      expect(foreign.json).toEqual(kuboError(/^SDS: /));
      expect(existsSync(join(m.home, 'download', `spec-${modeName === 'ipc' ? 'httpRpc' : 'ipc'}.bin`))).toBe(false);
      // CIDs that do not parse
      const badCid = await post(m.api, '/cat?arg=QmNotACid');
      expect([badCid.status, badCid.json]).toEqual([400, kuboError(/^invalid path "QmNotACid": invalid cid: /, 1)]);
      expect((await post(m.api, '/ls?arg=bafyxyz')).status).toBe(400);
      expect((await post(m.api, '/pin/add?arg=nope')).json).toEqual(kuboError(/^invalid path "nope": invalid cid/, 1));
      // a valid CID this node never saw
      const unknown = await heliaCid(Buffer.from('unknown'));
      const u = await post(m.api, `/cat?arg=${unknown}`);
      expect([u.status, u.json]).toEqual([500, kuboError(`block was not found locally (offline): ${unknown} is not known to this node`)]);
      // a page that is not a number
      for (const p of ['x', '-1', '1.5', '18446744073709551616']) {
        const r = await post(m.api, `/ls?page=${p}`);
        expect([r.status, r.json]).toEqual([400, kuboError(`invalid page "${p}": expected a page number from 0 to 18446744073709551615`, 1)]);
      }
      // the last page a uint64 names is past every list: an empty page, not an error
      const last = await post(m.api, '/ls?page=18446744073709551615');
      expect([last.status, (last.json as { return: string; fileinfo?: unknown[] }).return]).toEqual([200, '0']);
      // echoed exactly (a JS number would print 18446744073709552000, which no uint64 holds)
      expect(last.body.trimEnd().endsWith(',"page":18446744073709551615}')).toBe(true);
      expect((await post(m.api, '/ls?page=9007199254740993')).body.trimEnd().endsWith(',"page":9007199254740993}')).toBe(true);
      // bad options
      expect((await post(m.api, '/add?cid-version=2', { body: new FormData() })).json).toEqual(kuboError('unknown CID version: 2', 1));
      // options that would change the CIDs and are not implemented: refused, not ignored
      for (const [q, msg] of [
        ['trickle=true', 'trickle is not supported by this API: only the balanced layout'],
        ['hash=blake2b-256', 'hash "blake2b-256" is not supported by this API: only sha2-256'],
        ['inline=true', 'inline is not supported by this API'],
        ['nocopy=true', 'nocopy (the filestore) is not supported by this API: the bytes go to SDS'],
      ]) {
        const fd = new FormData();
        fd.append('file', new Blob([Buffer.from(`opt ${q}`)]), 'o.txt');
        const r = await post(m.api, `/add?${q}`, { body: fd });
        expect([q, r.status, r.json]).toEqual([q, 500, kuboError(msg!)]);
      }
      const chunker = await post(m.api, '/add?chunker=rabin', { body: new FormData() });
      expect([chunker.status, chunker.json.Message]).toEqual([500, 'chunker "rabin" is not supported: only size-<n> with 1 ≤ n ≤ 1048576']);
      // GET instead of POST, unknown commands and paths
      const get = await fetch(`${m.api}/version`);
      expect([get.status, get.headers.get('allow'), await get.text()]).toEqual([405, 'POST', '405 - Method Not Allowed\n']);
      const unknownCmd = await post(m.api, '/swarm/connect');
      expect([unknownCmd.status, unknownCmd.body]).toEqual([404, '404 page not found\n']);
      expect((await post(m.url, '/nope')).status).toBe(404);
      // a multipart part named with .. is refused
      const fd = new FormData();
      fd.append('file', new Blob([Buffer.from('x')]), encodeURIComponent('../x.txt'));
      const dots = await post(m.api, '/add', { body: fd });
      expect([dots.status, dots.json]).toEqual([400, kuboError('invalid file name "..%2Fx.txt": ".." is not allowed', 1)]);
      // a local path that does not exist
      const none = await post(m.api, `/add?arg=${encodeURIComponent(join(n.home, 'does-not-exist'))}`);
      expect([none.status, none.json]).toEqual([500, kuboError(`failed to get data from file: ${join(n.home, 'does-not-exist')} does not exist`)]);
      const dir = await post(m.api, `/add?arg=${encodeURIComponent(n.home)}`);
      expect([dir.status, dir.json.Message]).toEqual([500, `failed to get data from file: ${n.home} is not a regular file`]);
      // requests from a web page (CSRF: a page must not make the server upload its machine's files): 403 as Kubo
      const victim = join(n.home, `csrf-${modeName}.txt`);
      writeFileSync(victim, `secret ${modeName}`);
      const port = new URL(m.api).port;
      for (const headers of <Record<string, string>[]>[{ origin: 'http://evil.example' }, { referer: 'http://evil.example/page.html' }, { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' }, { origin: 'null' }, { origin: `http://127.0.0.1:${Number(port) + 1}` }]) {
        const r = await rawPost(`${m.api}/add?arg=${encodeURIComponent(victim)}`, headers);
        expect([headers, r.status, r.body]).toEqual([headers, 403, '403 - Forbidden\n']);
      }
      for (const headers of <Record<string, string>[]>[{ origin: `http://127.0.0.1:${port}` }, { origin: `http://localhost:${port}` }, { referer: `http://127.0.0.1:${port}/webui` }, { 'user-agent': 'Mozilla/5.0', origin: `http://127.0.0.1:${port}` }]) {
        const r = await rawPost(`${m.api}/version`, headers);
        expect([headers, r.status]).toEqual([headers, 200]);
      }
      // nothing was stored
      expect((await metaGet(n, '/files?limit=1000')).files.map((f: { file_hash: string }) => f.file_hash)).not.toContain(sdsFileHash(Buffer.from(`secret ${modeName}`)));
      expect((await metaGet(n, '/files?limit=1000')).files.length).toBe(before);
      expect((await m.sds.list()).totalnumber).toBe(listBefore);
      // the server is still up
      expect((await m.kubo.version()).version).toBe('0.29.0');
    });

    it('a path that is not a served command is 404 page not found (text), whatever its arguments (pin/verify, pin/update, files/write, pin, files, two extra segments, add/foo, version/x); one segment after a command that takes paths is its first argument, as go-ipfs-cmds reads it', async () => {
      const bytes = Buffer.from(`served ${modeName}\n`);
      const cid = (await m.kubo.add(bytes)).cid.toString();
      const notFound = [404, 'text/plain; charset=utf-8', '404 page not found\n'];
      const paths = [
        `/cat/x/y?arg=${cid}`, `/pin/rm/x/y?arg=${cid}`, '/files/stat/a/b?arg=/', '/version/x', '/id/x',
        '/pin/verify', `/pin/verify?arg=${cid}`, `/pin/update?arg=${cid}&arg=${cid}`, '/pin', `/pin?arg=${cid}`, '/files', '/files/write?arg=/x', '/files/read?arg=/', '/dag/put', '/dag/export',
        `/block/put?arg=${cid}`, `/block/rm?arg=${cid}`, '/object/get', '/repo/gc', '/swarm/connect', '/swarm/peers/x', '/repo/stat/x', `/block/get/x/y?arg=${cid}`, '/block', '/dag',
      ];
      for (const path of paths) {
        const r = await post(m.api, path);
        expect([path, r.status, r.headers.get('content-type'), r.body]).toEqual([path, ...notFound]);
      }
      // add/foo with a body adds nothing: its CID stays unknown
      const other = Buffer.from(`add/foo ${modeName}\n`);
      const fd = new FormData();
      fd.append('file', new Blob([other]), 'foo.txt');
      const add = await post(m.api, '/add/foo', { body: fd });
      expect([add.status, add.headers.get('content-type'), add.body]).toEqual(notFound);
      const otherCid = await heliaCid(other);
      expect((await post(m.api, `/cat?arg=${otherCid}`)).json).toEqual(kuboError(`block was not found locally (offline): ${otherCid} is not known to this node`));
      // one segment after cat, ls, pin/rm…: the first argument (cat/<cid> = cat?arg=<cid>; cat/x?arg=<cid> reads x first and fails)
      expect((await post(m.api, `/cat/${cid}`)).body).toBe(bytes.toString());
      expect((await post(m.api, `/ls/${cid}`)).json).toEqual((await post(m.api, `/ls?arg=${cid}`)).json);
      for (const path of [`/cat/x?arg=${cid}`, `/pin/rm/x?arg=${cid}`, `/pin/ls/x?arg=${cid}`]) {
        const r = await post(m.api, path);
        expect([path, r.status, r.json?.Message]).toEqual([path, 400, expect.stringMatching(/^invalid path "x": invalid cid: /)]);
      }
      // pin/rm/x removed no pin (its first argument failed before any); the served commands still answer
      expect((await post(m.api, `/pin/ls?arg=${cid}`)).body).toBe(`{"Keys":{"${cid}":{"Type":"recursive"}}}\n`);
      expect((await post(m.api, `/cat?arg=${cid}`)).body).toBe(bytes.toString());
      expect((await post(m.api, '/files/stat?arg=/')).json.Type).toBe('directory');
      // another method is still 405 (checked before the command, as Kubo)
      const get = await fetch(`${m.api}/cat/x?arg=${cid}`);
      expect([get.status, await get.text()]).toEqual([405, '405 - Method Not Allowed\n']);
    });

    it('a file name from SDS that tries to escape download/ lands inside it', async () => {
      const bytes = content(50_000, seed + 4);
      const local = join(n.home, `evil-${modeName}.bin`);
      writeFileSync(local, bytes);
      const up = await m.sds.upload(local, { fileName: `../../evil-${modeName}`, wait: true });
      expect(up.state).toBe(3);
      const get = await post(m.api, `/get?arg=sdm://${m.wallet}/${up.fileHash}`);
      expect(get.status).toBe(200);
      const dl = join(m.home, 'download');
      expect(get.json).toEqual({ Name: `evil-${modeName}`, FileHash: up.fileHash, Size: bytes.length, Path: join(dl, `evil-${modeName}`) });
      expect(readFileSync(join(dl, `evil-${modeName}`)).equals(bytes)).toBe(true);
      expect(existsSync(resolve(dl, '..', '..', `evil-${modeName}`))).toBe(false);
      expect(existsSync(resolve(m.home, '..', `evil-${modeName}`))).toBe(false);
      // a name that is only dots falls back to the file hash
      const dotsLocal = join(n.home, `dots-${modeName}.bin`);
      const dotsBytes = content(10_000, seed + 5);
      writeFileSync(dotsLocal, dotsBytes);
      const up2 = await m.sds.upload(dotsLocal, { fileName: '..', wait: true });
      const get2 = await post(m.api, `/get?arg=sdm://${m.wallet}/${up2.fileHash}`);
      expect([get2.status, get2.json.Name]).toEqual([200, up2.fileHash]);
      expect(readFileSync(join(dl, up2.fileHash)).equals(dotsBytes)).toBe(true);
    });
  });

  describe('nodeclient ipfs config', () => {
    it('writes config/ipfs_config.toml with the spec sections; the server reads it (port, limit) and flags override it; over the limit is 413 with nothing stored', async () => {
      const file = join(m.home, 'config', 'ipfs_config.toml');
      rmSync(file, { force: true });
      const port = await freePort();
      const modeArgs = m.name === 'ipc' ? ['-m', 'ipc'] : ['-m', 'httpRpc', '--httpRpcUrl', n.rpcUrl(m.rn)];
      const w = await nodeclient(['-r', m.home, 'ipfs', 'config', ...modeArgs, '-p', String(port), '--walletAddress', m.wallet, '--password', '']);
      expect([w.code, w.stderr, w.stdout]).toEqual([0, '', `${file}\n`]);
      const doc = parse(readFileSync(file, 'utf8')) as any;
      expect(doc.connectivity).toEqual({
        ipfs_port: String(port), listen_host: '127.0.0.1', rpc_mode: m.name, http_rpc_url: m.name === 'ipc' ? 'http://127.0.0.1:9301' : n.rpcUrl(m.rn), ipc_endpoint: '',
      });
      expect(doc.keys).toEqual({ wallet_address: m.wallet, wallet_password: '' });
      expect(doc.limits).toEqual({ max_add_bytes: 4 * 1024 ** 3 });
      // again without --force: refused, the file unchanged
      const again = await nodeclient(['-r', m.home, 'ipfs', 'config']);
      expect(again.code).not.toBe(0);
      expect(again.stderr).toContain(`${file} exists: add --force`);
      // a small limit, as a user edits the file
      writeFileSync(file, readFileSync(file, 'utf8').replace(/max_add_bytes = \d+/, 'max_add_bytes = 1000'));
      const before = (await metaGet(n, '/files?limit=1000')).files.length;
      const s = await startApi(m.home, [], `ipfs-config-${m.name}.log`);
      try {
        // the port and the rpc mode come from the file
        expect(s.api).toBe(`http://127.0.0.1:${port}/api/v0`);
        expect(s.p.serving.resource_node).toBe(m.name === 'ipc' ? `ipc ${join(m.home, 'sds.ipc')}` : `httpRpc ${n.rpcUrl(m.rn)}`);
        const small = await create({ url: s.api }).add(Buffer.from(`small ${modeName}`));
        expect(small.cid.toString()).toBe(await heliaCid(Buffer.from(`small ${modeName}`)));
        // over the limit: a multipart body (declared length), a streamed body, a local file
        const fd = new FormData();
        fd.append('file', new Blob([content(5000, seed + 6)]), 'big.bin');
        const r = await post(s.api, '/add', { body: fd });
        expect([r.status, r.json]).toEqual([413, kuboError(/^request body of \d+ bytes is over the limit of 1000 bytes$/)]);
        const local = join(n.home, `limit-${modeName}.bin`);
        writeFileSync(local, content(5000, seed + 6));
        const l = await post(s.api, `/add?arg=${encodeURIComponent(local)}`);
        expect([l.status, l.json]).toEqual([413, kuboError(`${local} is 5000 bytes, over the limit of 1000 bytes`)]);
        const chunked = await post(s.api, '/add', {
          body: streamedMultipart(content(5000, seed + 6)),
          headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
          duplex: 'half',
        } as RequestInit);
        expect([chunked.status, chunked.json]).toEqual([413, kuboError('the files added are over the limit of 1000 bytes')]);
        // two files under the limit each, over it together
        const two = await post(s.api, '/add', {
          body: streamedMultipart(content(600, seed + 8), content(600, seed + 9)),
          headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
          duplex: 'half',
        } as RequestInit);
        expect([two.status, two.json]).toEqual([413, kuboError('the files added are over the limit of 1000 bytes')]);
        // at the limit exactly: accepted
        const exact = content(1000, seed + 10);
        const atLimit = await post(s.api, '/add', {
          body: streamedMultipart(exact),
          headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
          duplex: 'half',
        } as RequestInit);
        expect([atLimit.status, atLimit.json]).toEqual([200, { Name: 'f0.bin', Hash: await heliaCid(exact), Size: expect.any(String) }]);
        expect((await metaGet(n, '/files?limit=1000')).files.length).toBe(before + 2);
        const hashes = (await metaGet(n, '/files?limit=1000')).files.map((f: { file_hash: string }) => f.file_hash);
        for (const refused of [content(5000, seed + 6), content(600, seed + 8), content(600, seed + 9)]) expect(hashes).not.toContain(sdsFileHash(refused));
        expect(readdirSync(join(m.home, 'tmp', 'ipfs'))).toEqual([]);
      } finally {
        await stopProcess(s.p);
      }
      // flags override the file: another port
      const o = await startApi(m.home, ['-p', '0'], `ipfs-config-${m.name}.log`);
      try {
        expect(o.api).not.toBe(`http://127.0.0.1:${port}/api/v0`);
        expect((await create({ url: o.api }).version()).version).toBe('0.29.0');
      } finally {
        await stopProcess(o.p);
        rmSync(file, { force: true });
      }
    });

    it('add?arg=<local path> is refused with 403 when the server does not listen on loopback; multipart add still works', async () => {
      const s = await startApi(m.home, [...(m.name === 'ipc' ? ['-m', 'ipc'] : ['-m', 'httpRpc', '--httpRpcUrl', n.rpcUrl(m.rn)]), '-p', '0', '--listenHost', '0.0.0.0'], `ipfs-public-${m.name}.log`);
      try {
        const api = String(s.api).replace(/^http:\/\/[^/]+/, (h) => h.replace(/\/\/.*:/, '//127.0.0.1:'));
        const local = join(n.home, `public-${modeName}.bin`);
        writeFileSync(local, Buffer.from('local'));
        const r = await post(api, `/add?arg=${encodeURIComponent(local)}`);
        expect([r.status, r.json]).toEqual([403, kuboError('add?arg=<local path> is refused: this API is not bound to loopback and has no add.local_root (use a multipart add)')]);
        expect((await create({ url: api }).add(Buffer.from('hello'))).cid.toString()).toBe('QmWfVY9y3xjsixTgbd9AorQxH7VtMpzfx2HaWtsoUYecaX');
      } finally {
        await stopProcess(s.p);
      }
    });

    it('with add.local_root, add?arg=<local path> reads only under that folder (also on a non-loopback host; a symlink cannot point out)', async () => {
      const root = join(n.home, `shared-${modeName}`);
      mkdirSync(root, { recursive: true });
      const inside = join(root, 'in.bin');
      const insideBytes = content(20_000, seed + 7);
      writeFileSync(inside, insideBytes);
      const outside = join(n.home, `outside-${modeName}.bin`);
      writeFileSync(outside, Buffer.from('outside'));
      rmSync(join(root, 'link.bin'), { force: true });
      symlinkSync(outside, join(root, 'link.bin'));
      writeFileSync(join(root, '..notparent'), Buffer.from(`dots ${modeName}`));
      const file = join(m.home, 'config', 'ipfs_config.toml');
      writeFileSync(file, `[add]\nlocal_root = ${JSON.stringify(root)}\n`);
      const s = await startApi(m.home, [...(m.name === 'ipc' ? ['-m', 'ipc'] : ['-m', 'httpRpc', '--httpRpcUrl', n.rpcUrl(m.rn)]), '-p', '0', '--listenHost', '0.0.0.0'], `ipfs-root-${m.name}.log`);
      try {
        const api = String(s.api).replace(/\/\/[^/]+:/, '//127.0.0.1:');
        const ok = await post(api, `/add?arg=${encodeURIComponent(inside)}`);
        expect([ok.status, ok.json]).toEqual([200, { Name: 'in.bin', Hash: await heliaCid(insideBytes), Size: expect.any(String), FileHash: sdsFileHash(insideBytes), FileHandle: `sdm://${m.wallet}/${sdsFileHash(insideBytes)}` }]);
        const out = await post(api, `/add?arg=${encodeURIComponent(outside)}`);
        expect([out.status, out.json]).toEqual([403, kuboError(`${outside} is outside the configured local_root ${root}`)]);
        const up = await post(api, `/add?arg=${encodeURIComponent(join(root, '..', `outside-${modeName}.bin`))}`);
        expect(up.status).toBe(403);
        const link = await post(api, `/add?arg=${encodeURIComponent(join(root, 'link.bin'))}`);
        expect([link.status, link.json]).toEqual([403, kuboError(`${join(root, 'link.bin')} is outside the configured local_root ${root}`)]);
        // a name that starts with two dots is still inside
        const dots = await post(api, `/add?arg=${encodeURIComponent(join(root, '..notparent'))}`);
        expect([dots.status, dots.json.Name]).toEqual([200, '..notparent']);
      } finally {
        await stopProcess(s.p);
        rmSync(file, { force: true });
      }
    });
  });
});

/** A POST with exactly these headers (node:http: fetch may add or drop Origin). */
function rawPost(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    const req = httpRequest(url, { method: 'POST', headers: { 'user-agent': 'test', ...headers } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () => done({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString() }));
    });
    req.on('error', fail);
    req.end();
  });
}

/** The entries of a tar: name → type and bytes, in order. */
async function untar(bytes: Buffer): Promise<Map<string, { type: string; bytes: Buffer }>> {
  const got = new Map<string, { type: string; bytes: Buffer }>();
  await new Promise<void>((done, fail) => {
    const ex = tar.extract();
    ex.on('entry', (h, stream, next) => {
      const parts: Buffer[] = [];
      stream.on('data', (d: unknown) => parts.push(d as Buffer));
      stream.on('end', () => {
        got.set(h.name, { type: h.type ?? '', bytes: Buffer.concat(parts) });
        next();
      });
    });
    ex.on('finish', () => done());
    ex.on('error', fail);
    ex.end(bytes);
  });
  return got;
}

/** A multipart body sent chunked (no Content-Length): one part per buffer, each sent in two pieces. */
function streamedMultipart(...files: Buffer[]): ReadableStream<Uint8Array> {
  const parts: Buffer[] = [];
  files.forEach((bytes, i) => {
    parts.push(Buffer.from(`${i > 0 ? '\r\n' : ''}--XyZ\r\nContent-Disposition: form-data; name="file"; filename="f${i}.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`));
    parts.push(bytes.subarray(0, bytes.length >> 1), bytes.subarray(bytes.length >> 1));
  });
  parts.push(Buffer.from('\r\n--XyZ--\r\n'));
  return new ReadableStream({
    pull(c) {
      const p = parts.shift();
      if (p) c.enqueue(new Uint8Array(p));
      else c.close();
    },
  });
}
