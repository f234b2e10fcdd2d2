/**
 * The storage client's CIDs in process: the golden CIDv0 vectors of reference §3.5 through
 * `importCandidates` (what `add` answers), and larger files, directories, CIDv1, raw leaves and
 * other chunk sizes compared with @helia/unixfs's addBytes/addAll on the same bytes and options;
 * Kubo's `Size` (the cumulative DAG size) checked against the sum of the blocks Helia wrote. Also
 * what the index keeps (structure blocks, never a file's data leaves) and path resolution.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unixfs } from '@helia/unixfs';
import { MemoryBlockstore } from 'blockstore-core/memory';
import { fixedSize } from 'ipfs-unixfs-importer/chunker';
import * as dagPb from '@ipld/dag-pb';
import { CID } from 'multiformats/cid';
import { CidIndex } from '../../../src/sds/storage-client/cid-index.ts';
import { importCandidates, IndexBlockstore, KUBO_DEFAULTS, parseIpfsPath, resolvePath, type AddCandidate, type AddOptions } from '../../../src/sds/storage-client/unixfs.ts';
import { content } from '../content.ts';

let dir: string;
let index: CidIndex;
let store: IndexBlockstore;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'unixfs-'));
  index = new CidIndex(join(dir, 'data', 'ipfs.sqlite'));
  store = new IndexBlockstore(index);
});

afterAll(() => {
  index.close();
  rmSync(dir, { recursive: true, force: true });
});

let n = 0;
function local(bytes: Uint8Array): string {
  const p = join(dir, `f${n++}`);
  writeFileSync(p, bytes);
  return p;
}

async function add(files: { path: string; bytes?: Uint8Array }[], opts: Partial<AddOptions> = {}) {
  const candidates: AddCandidate[] = files.map((f) => (f.bytes !== undefined ? { path: f.path, file: local(f.bytes) } : { path: f.path }));
  const out: { Name: string; Hash: string; Size: string }[] = [];
  for await (const e of importCandidates(candidates, { ...KUBO_DEFAULTS, ...opts }, store)) out.push({ Name: e.path, Hash: e.cid.toString(), Size: e.size.toString() });
  return out;
}

/** Helia with the same importer options as Kubo's add (`opts` as the API maps them) */
function heliaOptions(opts: Partial<AddOptions> = {}) {
  const o = { ...KUBO_DEFAULTS, ...opts };
  return { cidVersion: o.cidVersion, rawLeaves: o.rawLeaves, chunker: fixedSize({ chunkSize: o.chunkSize }), wrapWithDirectory: o.wrapWithDirectory, reduceSingleLeafToSelf: true };
}

/** The DAG's cumulative size (Kubo's CumulativeSize): every block under `cid`, counted by walking Helia's blockstore. */
async function dagBytes(bs: MemoryBlockstore, cid: CID): Promise<number> {
  const parts: Uint8Array[] = [];
  for await (const p of bs.get(cid) as unknown as AsyncIterable<Uint8Array> | Uint8Array[]) parts.push(p);
  const bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  if (cid.code !== dagPb.code) return bytes.length;
  let total = bytes.length;
  for (const l of dagPb.decode(bytes).Links) total += await dagBytes(bs, l.Hash);
  return total;
}

describe('the golden CIDv0 vectors of reference §3.5 (Kubo add with default options)', () => {
  it.each([
    ['hello world\\n', 'hello world\n', 'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o', '20'],
    ['hello', 'hello', 'QmWfVY9y3xjsixTgbd9AorQxH7VtMpzfx2HaWtsoUYecaX', '13'],
    ['the empty file', '', 'QmbFMke1KXqnYyBBWxB74N4c5SBnJMVAiMNRcGu6x1AwQH', '6'],
  ])('%s → %s, Size %s', async (_label, text, cid, size) => {
    expect(await add([{ path: 'f.txt', bytes: Buffer.from(text) }])).toEqual([{ Name: 'f.txt', Hash: cid, Size: size }]);
    // the single-leaf root is a structure block the index keeps (cat/ls resolve through it)
    expect(index.block(cid)).toBeDefined();
    const e = await resolvePath(cid, store);
    expect([e.type, e.size]).toEqual(['file', BigInt(text.length)]);
  });

  it('Helia gives the same CIDs for the same bytes and options', async () => {
    const fs = unixfs({ blockstore: new MemoryBlockstore() });
    expect((await fs.addBytes(Buffer.from('hello world\n'), heliaOptions())).toString()).toBe('QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o');
    expect((await fs.addBytes(Buffer.from('hello'), heliaOptions())).toString()).toBe('QmWfVY9y3xjsixTgbd9AorQxH7VtMpzfx2HaWtsoUYecaX');
    expect((await fs.addBytes(new Uint8Array(0), heliaOptions())).toString()).toBe('QmbFMke1KXqnYyBBWxB74N4c5SBnJMVAiMNRcGu6x1AwQH');
  });
});

describe('files, directories and options against @helia/unixfs', () => {
  const cases: [string, number, Partial<AddOptions>][] = [
    ['1 MB, defaults (CIDv0, 256 KiB chunks, dag-pb leaves)', 1_000_000, {}],
    ['1 MB, cid-version=1 (raw leaves by default)', 1_000_000, { cidVersion: 1, rawLeaves: true }],
    ['1 MB, cid-version=1&raw-leaves=false', 1_000_000, { cidVersion: 1, rawLeaves: false }],
    ['1 MB, raw-leaves with CIDv0', 1_000_000, { rawLeaves: true }],
    ['100 kB, chunker=size-1000', 100_000, { chunkSize: 1000 }],
    ['exactly 256 KiB (one chunk)', 262_144, {}],
    ['256 KiB + 1 (two chunks)', 262_145, {}],
    ['small file, cid-version=1 (a raw block)', 11, { cidVersion: 1, rawLeaves: true }],
  ];
  it.each(cases)('%s: same CID and Size as Helia; Size is the DAG bytes', async (_label, size, opts) => {
    const bytes = content(size, size + 7);
    const [mine] = await add([{ path: 'big.bin', bytes }], opts);
    const bs = new MemoryBlockstore();
    const fs = unixfs({ blockstore: bs });
    const helia = await fs.addBytes(bytes, heliaOptions(opts));
    expect(mine!.Hash).toBe(helia.toString());
    expect(mine!.Size).toBe(String(await dagBytes(bs, helia)));
    const cid = CID.parse(mine!.Hash);
    expect(cid.version).toBe(opts.cidVersion ?? 0);
    // file size through the index (the data leaves are not there: they live in SDS)
    const e = await resolvePath(mine!.Hash, store);
    expect(e.size).toBe(BigInt(size));
    for (const l of e.links) expect(index.block(l.cid.toString())).toBeUndefined();
  });

  it('a directory via addAll with paths: every entry as Kubo reports it, equal to Helia', async () => {
    const a = content(300_000, 1);
    const b = Buffer.from('bee\n');
    const files = [
      { path: 'site/index.html', bytes: Buffer.from('<h1>hi</h1>\n') },
      { path: 'site/img/a.bin', bytes: a },
      { path: 'site/b.txt', bytes: b },
      { path: 'site/empty' },
    ];
    const mine = await add(files);
    const fs = unixfs({ blockstore: new MemoryBlockstore() });
    const helia = [];
    for await (const e of fs.addAll(files.map((f) => (f.bytes ? { path: f.path, content: f.bytes } : { path: f.path })), heliaOptions())) helia.push({ Name: e.path, Hash: e.cid.toString(), Size: e.size.toString() });
    // Kubo reports a nested empty directory too (the importer Helia uses links it but does not report it);
    // directories come after the files, each after its children, in name order (Kubo's outputDirs)
    const emptyDir = { Name: 'site/empty', Hash: 'QmUNLLsPACCz1vLxQVkXqqLX5R1X345qqfHbsf67hvA3Nn', Size: '4' };
    expect(mine).toEqual([...helia.slice(0, 3), emptyDir, ...helia.slice(3)]);
    expect(mine.map((e) => e.Name)).toEqual(['site/index.html', 'site/img/a.bin', 'site/b.txt', 'site/empty', 'site/img', 'site']);
    const root = mine.at(-1)!;
    expect(root.Hash).toMatch(/^Qm/);
    // resolve inside the directory through the index's blocks
    const d = await resolvePath(root.Hash, store);
    expect(d.type).toBe('directory');
    expect(d.links.map((l) => l.name)).toEqual(['b.txt', 'empty', 'img', 'index.html']);
    const inner = await resolvePath(`/ipfs/${root.Hash}/img/a.bin`, store);
    expect([inner.type, inner.size, inner.cid.toString()]).toEqual(['file', 300_000n, mine[1]!.Hash]);
    expect((await resolvePath(`${root.Hash}/empty/`, store)).type).toBe('directory');
  });

  it('nested empty directories and directories given in another order: every one reported, children first, by name', async () => {
    const files = [{ path: 'r/z' }, { path: 'r/a/b/c' }, { path: 'r/m.txt', bytes: Buffer.from('m') }, { path: 'r/a' }, { path: 'r' }];
    const mine = await add(files);
    expect(mine.map((e) => e.Name)).toEqual(['r/m.txt', 'r/a/b/c', 'r/a/b', 'r/a', 'r/z', 'r']);
    const fs = unixfs({ blockstore: new MemoryBlockstore() });
    let heliaRoot = '';
    // Helia given each directory before its entries (given after them, the importer replaces the
    // directory by an empty one: Kubo does not, and neither does this API)
    const parentsFirst = [{ path: 'r' }, { path: 'r/a' }, { path: 'r/a/b/c' }, { path: 'r/z' }, { path: 'r/m.txt', content: Buffer.from('m') }];
    for await (const e of fs.addAll(parentsFirst, heliaOptions())) if (e.path === 'r') heliaRoot = e.cid.toString();
    expect(mine.at(-1)!.Hash).toBe(heliaRoot);
    expect(heliaRoot).not.toBe('QmUNLLsPACCz1vLxQVkXqqLX5R1X345qqfHbsf67hvA3Nn');
    const d = await resolvePath(heliaRoot, store);
    expect(d.links.map((l) => l.name)).toEqual(['a', 'm.txt', 'z']);
    expect(mine.find((e) => e.Name === 'r/a/b/c')).toEqual({ Name: 'r/a/b/c', Hash: 'QmUNLLsPACCz1vLxQVkXqqLX5R1X345qqfHbsf67hvA3Nn', Size: '4' });
    expect(mine.find((e) => e.Name === 'r/z')!.Hash).toBe('QmUNLLsPACCz1vLxQVkXqqLX5R1X345qqfHbsf67hvA3Nn');
    // CIDv1: the empty directory as a CIDv1 dag-pb
    const v1 = await add([{ path: 'q/e' }, { path: 'q/f.txt', bytes: Buffer.from('f') }], { cidVersion: 1, rawLeaves: true });
    expect(v1.find((e) => e.Name === 'q/e')).toEqual({ Name: 'q/e', Hash: 'bafybeiczsscdsbs7ffqz55asqdf3smv6klcw3gofszvwlyarci47bgf354', Size: '4' });
    expect((await resolvePath(`${mine.at(-1)!.Hash}/a/b/c`, store)).type).toBe('directory');
  });

  it('two top-level directories: each reported after its files', async () => {
    const mine = await add([{ path: 'a/x', bytes: Buffer.from('x') }, { path: 'b/y', bytes: Buffer.from('y') }, { path: 'top.txt', bytes: Buffer.from('t') }]);
    expect(mine.map((e) => e.Name)).toEqual(['a/x', 'b/y', 'top.txt', 'a', 'b']);
  });

  it('wrap-with-directory: the file then a wrapping directory named ""', async () => {
    const mine = await add([{ path: 'hello.txt', bytes: Buffer.from('hello world\n') }], { wrapWithDirectory: true });
    const fs = unixfs({ blockstore: new MemoryBlockstore() });
    const helia = [];
    for await (const e of fs.addAll([{ path: 'hello.txt', content: Buffer.from('hello world\n') }], heliaOptions({ wrapWithDirectory: true }))) helia.push({ Name: e.path, Hash: e.cid.toString(), Size: e.size.toString() });
    expect(mine).toEqual(helia);
    expect(mine[0]).toEqual({ Name: 'hello.txt', Hash: 'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o', Size: '20' });
    // the well-known wrapped hello world (Kubo: ipfs add -w)
    expect(mine[1]!.Name).toBe('');
    const d = await resolvePath(mine[1]!.Hash, store);
    expect(d.links.map((l) => [l.name, l.cid.toString(), l.size])).toEqual([['hello.txt', 'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o', 20n]]);
  });
});

describe('paths', () => {
  it('parseIpfsPath takes <cid>, /ipfs/<cid>, <cid>/sub/path', () => {
    const v0 = 'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o';
    expect(parseIpfsPath(v0).rest).toBe('');
    expect(parseIpfsPath(`/ipfs/${v0}/a/b/`).rest).toBe('a/b');
    expect(parseIpfsPath(`${v0}/x`).cid.toString()).toBe(v0);
    expect(() => parseIpfsPath('notacid')).toThrow(/^invalid path "notacid": invalid cid: /);
    expect(() => parseIpfsPath('/ipfs/Qm123')).toThrow(/^invalid path "\/ipfs\/Qm123": invalid cid/);
  });

  it('a CID whose blocks the index does not hold is NotFoundError', async () => {
    const fs = unixfs({ blockstore: new MemoryBlockstore() });
    const other = await fs.addBytes(Buffer.from('not here'), heliaOptions());
    await expect(resolvePath(other.toString(), store)).rejects.toMatchObject({ name: 'NotFoundError' });
  });

  it('a HAMT-sharded directory lists its entries by name (every one, once), not its shard\'s buckets', async () => {
    // 1000 links of 250-character names pass Kubo's 256 KiB limit: the directory is sharded, with
    // sub-shards where buckets collide
    const names = Array.from({ length: 1000 }, (_, i) => `${'n'.repeat(244)}${String(i).padStart(6, '0')}`);
    const same = Buffer.from('same\n');
    const out = await add([...names.map((name) => ({ path: `big/${name}`, bytes: same })), { path: 'big' }]);
    const root = out.at(-1)!;
    expect(root.Name).toBe('big');
    const rootNode = dagPb.decode(index.block(root.Hash)!);
    expect(rootNode.Links.length).toBeLessThan(1000);
    expect(rootNode.Links.some((l) => l.Name!.length === 2)).toBe(true);
    const dirEntry = await resolvePath(root.Hash, store);
    expect(dirEntry.type).toBe('directory');
    expect(dirEntry.links.map((l) => l.name).sort()).toEqual([...names].sort());
    const fileCid = out.find((e) => e.Name === `big/${names[7]}`)!.Hash;
    expect(dirEntry.links.filter((l) => l.cid.toString() === fileCid)).toHaveLength(1000);
    // a path through the shard still resolves
    expect((await resolvePath(`${root.Hash}/${names[7]}`, store)).cid.toString()).toBe(fileCid);
  });

  it('a directory path that does not exist inside a known directory is an error', async () => {
    const [, root] = await add([{ path: 'd/x.txt', bytes: Buffer.from('x') }, { path: 'd' }]).then((r) => [r[0], r.at(-1)!]);
    await expect(resolvePath(`${root!.Hash}/nope`, store)).rejects.toThrow();
  });
});
