/**
 * `migrate`'s fetching side (src/sds/storage-client/migrate.ts) against a real IPFS implementation:
 * @helia/unixfs adds files into a blockstore-core MemoryBlockstore, and a trustless gateway written
 * here (GET /ipfs/<cid>?format=raw → the block) or a Kubo-RPC-shaped `block/get` serves its blocks
 * on 127.0.0.1. Every block is verified: a tampered leaf is refused with its CID, the temp folder is
 * removed and the resource node is never called.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { unixfs, type UnixFS } from '@helia/unixfs';
import { MemoryBlockstore } from 'blockstore-core/memory';
import { fixedSize } from 'ipfs-unixfs-importer/chunker';
import * as dagPb from '@ipld/dag-pb';
import { CID } from 'multiformats/cid';
import { identity } from 'multiformats/hashes/identity';
import * as raw from 'multiformats/codecs/raw';
import { blockSource, checkFileName, fetchVerifiedFile, migrate, MigrateError, verifyBlock } from '../../../src/sds/storage-client/migrate.ts';
import { CidIndex } from '../../../src/sds/storage-client/cid-index.ts';
import { SdsBackend } from '../../../src/sds/storage-client/sds-backend.ts';
import { importCandidates, IndexBlockstore, KUBO_DEFAULTS } from '../../../src/sds/storage-client/unixfs.ts';
import { content } from '../content.ts';

const SIZE = 1_000_000;
const CHUNK = 262_144;

async function blockBytes(store: MemoryBlockstore, cid: CID): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const p of store.get(cid)) parts.push(p);
  return new Uint8Array(Buffer.concat(parts));
}

interface Gateway {
  readonly url: string;
  /** block CIDs asked, in order */
  readonly asked: string[];
  /** CID → bytes served instead of the block */
  readonly tamper: Map<string, Uint8Array>;
  readonly server: Server;
}

/** A trustless gateway (GET /ipfs/<cid>?format=raw) and a Kubo RPC block/get over one blockstore. */
async function serveBlocks(store: MemoryBlockstore): Promise<Gateway> {
  const asked: string[] = [];
  const tamper = new Map<string, Uint8Array>();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    let text: string | null = null;
    const gw = /^\/ipfs\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && gw && url.searchParams.get('format') === 'raw' && req.headers.accept === 'application/vnd.ipld.raw') text = gw[1]!;
    else if (req.method === 'POST' && url.pathname === '/api/v0/block/get') text = url.searchParams.get('arg');
    if (text === null) {
      res.writeHead(400, { 'Content-Type': 'text/plain' }).end('bad request');
      return;
    }
    asked.push(text);
    let cid: CID;
    try {
      cid = CID.parse(text);
    } catch {
      res.writeHead(400, { 'Content-Type': 'text/plain' }).end('invalid cid');
      return;
    }
    if (!(await store.has(cid))) {
      if (url.pathname.startsWith('/api/v0')) res.writeHead(500, { 'Content-Type': 'application/json' }).end(JSON.stringify({ Message: 'block was not found locally (offline): ipld: could not find ' + text, Code: 0, Type: 'error' }));
      else res.writeHead(404, { 'Content-Type': 'text/plain' }).end(`ipfs resolve -r /ipfs/${text}: block not found`);
      return;
    }
    const bytes = tamper.get(text) ?? (await blockBytes(store, cid));
    res.writeHead(200, { 'Content-Type': url.pathname.startsWith('/api/v0') ? 'text/plain' : 'application/vnd.ipld.raw', 'Content-Length': bytes.length }).end(bytes);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked, tamper, server };
}

let blocks: MemoryBlockstore;
let fs: UnixFS;
let gw: Gateway;
let work: string;
const data = content(SIZE, 15);
let v0: CID;
let v1: CID;
let dir: CID;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'migrate-'));
  blocks = new MemoryBlockstore();
  fs = unixfs({ blockstore: blocks });
  v0 = await fs.addBytes(data, { cidVersion: 0, rawLeaves: false, chunker: fixedSize({ chunkSize: CHUNK }) });
  v1 = await fs.addBytes(data, { cidVersion: 1, rawLeaves: true, chunker: fixedSize({ chunkSize: CHUNK }) });
  const small = await fs.addBytes(new TextEncoder().encode('hello world\n'), { cidVersion: 0, rawLeaves: false });
  dir = await fs.cp(small, await fs.cp(v0, await fs.addDirectory(), 'big.bin'), 'hello.txt');
  gw = await serveBlocks(blocks);
});

afterAll(async () => {
  await new Promise((r) => gw?.server.close(r));
  rmSync(work, { recursive: true, force: true });
});

const noProgress = () => undefined;
const sha = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

describe('the test source is a real IPFS DAG', () => {
  it('helia gives the CIDs Kubo gives (the unixfs importer with Kubo defaults): CIDv0 dag-pb leaves, CIDv1 raw leaves', async () => {
    expect(v0.toString()).toBe('QmWpkaPjivmXhrbKQNHwTB9QnaKAsK3eBv28ZJgvmCphor');
    expect(v1.toString()).toBe('bafybeiebe6aou2kj2cbc3v3esd2sloaf5noadf7t4srf5q4iid2n3hkh74');
    const idx = new CidIndex(join(work, 'cids.sqlite'));
    try {
      const file = join(work, 'data.bin');
      (await import('node:fs')).writeFileSync(file, data);
      const kubo = [];
      for await (const e of importCandidates([{ path: 'data.bin', file }], KUBO_DEFAULTS, new IndexBlockstore(idx))) kubo.push(e.cid.toString());
      expect(kubo).toEqual([v0.toString()]);
      const kuboV1 = [];
      for await (const e of importCandidates([{ path: 'data.bin', file }], { ...KUBO_DEFAULTS, cidVersion: 1, rawLeaves: true }, new IndexBlockstore(idx))) kuboV1.push(e.cid.toString());
      expect(kuboV1).toEqual([v1.toString()]);
    } finally {
      idx.close();
    }
    const root = dagPb.decode(await blockBytes(blocks, v0));
    expect(root.Links.length).toBe(4);
    expect(root.Links.every((l) => l.Hash.version === 0 && l.Hash.code === dagPb.code)).toBe(true);
    const rootV1 = dagPb.decode(await blockBytes(blocks, v1));
    expect(rootV1.Links.map((l) => l.Hash.code)).toEqual([raw.code, raw.code, raw.code, raw.code]);
  });
});

describe('verifyBlock', () => {
  it('accepts the block its CID names, refuses other bytes with the CID in the message', async () => {
    const bytes = await blockBytes(blocks, v0);
    await expect(verifyBlock(v0, bytes)).resolves.toBeUndefined();
    const bad = new Uint8Array(bytes);
    bad[bad.length - 1]! ^= 1;
    await expect(verifyBlock(v0, bad)).rejects.toThrow(
      `block ${v0.toString()} failed verification: the source sent ${bytes.length} bytes whose sha2-256 is not the CID's (tampered or wrong block); nothing was uploaded`,
    );
  });

  it('identity CIDs carry their bytes; an unsupported multihash is refused', async () => {
    const bytes = new TextEncoder().encode('inline');
    const id = CID.createV1(raw.code, identity.digest(bytes));
    await expect(verifyBlock(id, bytes)).resolves.toBeUndefined();
    await expect(verifyBlock(id, new TextEncoder().encode('other'))).rejects.toThrow(`block ${id.toString()} does not match its CID (identity multihash)`);
    const blake3 = CID.parse('bafkr4ihkr4ld3m4gqkjf4reryxsy2s5tkbxprqkow6fin2iiyvreuzzab4');
    await expect(verifyBlock(blake3, bytes)).rejects.toThrow(`block ${blake3.toString()}: multihash code 0x1e is not supported (sha2-256, sha2-512 and identity are)`);
  });
});

describe('fetchVerifiedFile from a trustless gateway', () => {
  for (const [label, cid] of [
    ['CIDv0 (dag-pb leaves)', () => v0],
    ['CIDv1 (raw leaves)', () => v1],
  ] as const) {
    it(`${label}: every block asked once, the bytes streamed into <tmp>/<cid>/<name>`, async () => {
      const root = cid();
      const tmp = join(work, 'tmp-ok');
      gw.asked.length = 0;
      const lines: string[] = [];
      const f = await fetchVerifiedFile(root.toString(), undefined, blockSource(gw.url), tmp, (l) => lines.push(l));
      expect(f.path).toBe(join(tmp, root.toString(), root.toString()));
      expect(f.name).toBe(root.toString());
      expect(f.size).toBe(SIZE);
      expect(f.blocks).toBe(5);
      expect(sha(readFileSync(f.path))).toBe(sha(data));
      const leaves = dagPb.decode(await blockBytes(blocks, root)).Links.map((l) => l.Hash.toString());
      expect([...gw.asked].sort()).toEqual([root.toString(), ...leaves].sort());
      expect(f.structure.map((b) => b.cid.toString())).toEqual([root.toString()]);
      expect(lines[lines.length - 1]).toBe(`fetched 5 blocks, ${f.blockBytes} bytes: ${root.toString()} verified, ${SIZE} bytes in ${f.path}`);
      rmSync(tmp, { recursive: true });
    });
  }

  it('a Kubo RPC API source (…/api/v0): POST block/get, the same file; a name is used as given', async () => {
    const tmp = join(work, 'tmp-kubo');
    gw.asked.length = 0;
    const f = await fetchVerifiedFile(`/ipfs/${v1.toString()}`, 'renamed.bin', blockSource(`${gw.url}/api/v0`), tmp, noProgress);
    expect(f.path).toBe(join(tmp, v1.toString(), 'renamed.bin'));
    expect(sha(readFileSync(f.path))).toBe(sha(data));
    expect(gw.asked.length).toBe(5);
    rmSync(tmp, { recursive: true });
  });

  it('a tampered leaf is refused with its CID; the temp folder is removed', async () => {
    const leaf = dagPb.decode(await blockBytes(blocks, v0)).Links[2]!.Hash;
    const good = await blockBytes(blocks, leaf);
    const bad = new Uint8Array(good);
    bad[100]! ^= 0xff;
    gw.tamper.set(leaf.toString(), bad);
    const tmp = join(work, 'tmp-bad');
    try {
      await expect(fetchVerifiedFile(v0.toString(), 'x.bin', blockSource(gw.url), tmp, noProgress)).rejects.toThrow(
        `block ${leaf.toString()} failed verification: the source sent ${good.length} bytes whose sha2-256 is not the CID's (tampered or wrong block); nothing was uploaded`,
      );
      expect(readdirSync(tmp)).toEqual([]);
    } finally {
      gw.tamper.clear();
    }
  });

  it('a directory is refused; a file in it is fetched by <dircid>/<name> and keeps its name and CID', async () => {
    const tmp = join(work, 'tmp-dir');
    await expect(fetchVerifiedFile(dir.toString(), undefined, blockSource(gw.url), tmp, noProgress)).rejects.toThrow(
      `${dir.toString()} is a directory (${dir.toString()}): migrate takes a file; give the path of a file in it, <cid>/<name>`,
    );
    const f = await fetchVerifiedFile(`${dir.toString()}/hello.txt`, undefined, blockSource(gw.url), tmp, noProgress);
    expect(f.cid.toString()).toBe('QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o');
    expect(f.name).toBe('hello.txt');
    expect(readFileSync(f.path, 'utf8')).toBe('hello world\n');
    rmSync(tmp, { recursive: true });
  });

  it('bad input: a CID that does not parse, a name with a slash, a block the source lacks, a source that is not a URL or not reachable', async () => {
    const tmp = join(work, 'tmp-bad-input');
    const src = blockSource(gw.url);
    await expect(fetchVerifiedFile('notacid', undefined, src, tmp, noProgress)).rejects.toThrow(/^invalid path "notacid": invalid cid: /);
    await expect(fetchVerifiedFile(v0.toString(), '../x', src, tmp, noProgress)).rejects.toThrow('invalid file name "../x": one path segment of 1 to 255 bytes, without / \\ or NUL');
    expect(() => checkFileName('..')).toThrow(MigrateError);
    const missing = 'QmWfVY9y3xjsixTgbd9AorQxH7VtMpzfx2HaWtsoUYecaX';
    await expect(fetchVerifiedFile(missing, undefined, src, tmp, noProgress)).rejects.toThrow(`fetching block ${missing} from ${gw.url}: HTTP 404: ipfs resolve -r /ipfs/${missing}: block not found`);
    await expect(fetchVerifiedFile(missing, undefined, blockSource(`${gw.url}/api/v0/`), tmp, noProgress)).rejects.toThrow(
      `fetching block ${missing} from ${gw.url}/api/v0: HTTP 500: block was not found locally (offline): ipld: could not find ${missing}`,
    );
    expect(() => blockSource('gateway.example')).toThrow('invalid IPFS source "gateway.example": expected an http(s) URL of a trustless gateway or of a Kubo RPC API (…/api/v0)');
    expect(() => blockSource('ftp://gateway.example')).toThrow('invalid IPFS source "ftp://gateway.example": only http and https are supported');
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const dead = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((r) => closed.close(r));
    await expect(fetchVerifiedFile(missing, undefined, blockSource(dead), tmp, noProgress)).rejects.toThrow(`fetching block ${missing} from ${dead}: ECONNREFUSED`);
    expect(existsSync(tmp) ? readdirSync(tmp) : []).toEqual([]);
  });
});

describe('migrate: unverified bytes never reach the resource node', () => {
  it('a tampered block: the error names it, no JSON-RPC call is made, nothing is registered, the temp folder is gone', async () => {
    let calls = 0;
    const rpcServer = createServer((req, res) => {
      calls++;
      req.resume();
      res.writeHead(500).end();
    });
    await new Promise<void>((r) => rpcServer.listen(0, '127.0.0.1', () => r()));
    const index = new CidIndex(join(work, 'migrate-index.sqlite'));
    const tmpRoot = join(work, 'migrate-tmp');
    const backend = new SdsBackend('httpRpc', `http://127.0.0.1:${(rpcServer.address() as AddressInfo).port}`, randomBytes(32), index, tmpRoot);
    const leaf = dagPb.decode(await blockBytes(blocks, v1)).Links[3]!.Hash;
    gw.tamper.set(leaf.toString(), content(SIZE - 3 * CHUNK, 99));
    try {
      const run = migrate({ arg: v1.toString(), name: 'file.bin', source: gw.url, backend, index, privateKey: randomBytes(32), tmpRoot, progress: noProgress });
      await expect(run).rejects.toThrow(`block ${leaf.toString()} failed verification: the source sent ${SIZE - 3 * CHUNK} bytes whose sha2-256 is not the CID's (tampered or wrong block); nothing was uploaded`);
      expect(calls).toBe(0);
      expect(index.content(v1.toString())).toBeUndefined();
      expect(index.block(v1.toString())).toBeUndefined();
      expect(readdirSync(tmpRoot)).toEqual([]);
    } finally {
      gw.tamper.clear();
      await backend.close();
      index.close();
      await new Promise((r) => rpcServer.close(r));
    }
  });
});
