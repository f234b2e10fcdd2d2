/**
 * `nodeclient ipfs migrate <filecid> [filename]` end to end: the local storage network
 * (startStorageNet), a real IPFS implementation from npm as the source (@helia/unixfs over a
 * blockstore-core MemoryBlockstore, served by a trustless gateway written here: GET
 * /ipfs/<cid>?format=raw), and `bin/nodeclient -r <resource node home> ipfs migrate …` as a process,
 * over `-m httpRpc` and `-m ipc`: exit 0 and its JSON line, the file in SDS (the meta node's /files,
 * the chain's file_upload), a byte-exact download, the CID readable through `nodeclient ipfs`'s cat;
 * a tampered block: exit 1, the error naming the block, nothing new in /files, no temp files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unixfs } from '@helia/unixfs';
import { MemoryBlockstore } from 'blockstore-core/memory';
import { fixedSize } from 'ipfs-unixfs-importer/chunker';
import * as dagPb from '@ipld/dag-pb';
import { CID } from 'multiformats/cid';
import { metaGet, startStorageNet, type StorageNet } from '../sds/storage-network.ts';
import { networkClient, sleep } from './network-client.ts';
import { SdsClient } from '../../src/sds/client/sds-client.ts';
import { sdsFileHash } from '../../src/sds/protocol/file-hash.ts';
import { loadWallet } from '../../src/sds/wallet/wallet-files.ts';
import { spawnNodeclient, stopProcess } from '../../src/node/storage-processes.ts';
import { content } from '../sds/content.ts';

const NODECLIENT = fileURLToPath(new URL('../../bin/nodeclient', import.meta.url));
const CHUNK = 262_144;

const sha = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

async function blockBytes(store: MemoryBlockstore, cid: CID): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const p of store.get(cid)) parts.push(p);
  return new Uint8Array(Buffer.concat(parts));
}

function runNodeclient(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [NODECLIENT, ...args], { maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

let n: StorageNet;
let chain: ReturnType<typeof networkClient>;
let rnHome: string;
let rnWallet: string;
let owner: SdsClient;
const blocks = new MemoryBlockstore();
const tamper = new Map<string, Uint8Array>();
let gateway: Server;
let source: string;
const fileA = content(1_000_000, 21);
const fileB = content(700_000, 22);
const fileBad = content(900_000, 23);
let cidA: CID;
let cidB: CID;
let cidBad: CID;

beforeAll(async () => {
  const fs = unixfs({ blockstore: blocks });
  cidA = await fs.addBytes(fileA, { cidVersion: 0, rawLeaves: false, chunker: fixedSize({ chunkSize: CHUNK }) });
  cidB = await fs.addBytes(fileB, { cidVersion: 1, rawLeaves: true, chunker: fixedSize({ chunkSize: CHUNK }) });
  cidBad = await fs.addBytes(fileBad, { cidVersion: 0, rawLeaves: false, chunker: fixedSize({ chunkSize: CHUNK }) });
  gateway = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const m = /^\/ipfs\/([^/]+)$/.exec(url.pathname);
    if (req.method !== 'GET' || !m || url.searchParams.get('format') !== 'raw') {
      res.writeHead(400).end('only /ipfs/<cid>?format=raw');
      return;
    }
    const cid = CID.parse(m[1]!);
    if (!(await blocks.has(cid))) {
      res.writeHead(404).end('block not found');
      return;
    }
    const bytes = tamper.get(cid.toString()) ?? (await blockBytes(blocks, cid));
    res.writeHead(200, { 'Content-Type': 'application/vnd.ipld.raw', 'Content-Length': bytes.length }).end(bytes);
  });
  await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', () => r()));
  source = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;

  n = await startStorageNet();
  chain = networkClient({ home: () => n.home, rpcPort: () => n.rpcPort, restPort: () => n.restPort });
  rnHome = n.layout.resourceNodes[0]!.home;
  rnWallet = n.layout.resourceNodes[0]!.wallet;
  owner = new SdsClient(n.rpc(1), loadWallet(rnHome, rnWallet, '').privateKey);
  await chain.tx('dev0', ['sds', 'prepay', 'dev0', rnWallet, '5stos']);
  for (let i = 0; i < 300 && (await owner.ozone()).ozone === 0n; i++) await sleep(100);
  expect((await owner.ozone()).ozone > 0n).toBe(true);
}, 180_000);

afterAll(async () => {
  await n?.stop();
  await new Promise((r) => gateway?.close(r));
});

const files = async (): Promise<{ owner: string; file_hash: string; file_size: number }[]> => (await metaGet(n, '/files')).files;
const tmpIpfs = (): string[] => (existsSync(join(rnHome, 'tmp', 'ipfs')) ? readdirSync(join(rnHome, 'tmp', 'ipfs')) : []);

describe('nodeclient ipfs migrate', { timeout: 180_000 }, () => {
  it('-m httpRpc: fetches and verifies a CIDv0 file from a trustless gateway, uploads it as <filename>; in SDS, on chain, byte-exact', async () => {
    const hash = sdsFileHash(fileA);
    const r = await runNodeclient(['-r', rnHome, 'ipfs', 'migrate', cidA.toString(), 'a.bin', '-m', 'httpRpc', '--httpRpcUrl', n.rpcUrl(0), '--source', source]);
    expect([r.code, r.stdout]).toEqual([0, JSON.stringify({ cid: cidA.toString(), name: 'a.bin', size: 1_000_000, filehash: hash, handle: `sdm://${rnWallet}/${hash}` }) + '\n']);
    const progress = r.stderr.split('\n').map((l) => l.replace(/^\S+ /, ''));
    expect(progress.slice(0, 2)).toEqual([`wallet ${rnWallet}, resource node httpRpc ${n.rpcUrl(0)}`, `migrating ${cidA.toString()} from trustless-gateway ${source}`]);
    expect(progress).toContain(`fetched 5 blocks, 1000256 bytes: ${cidA.toString()} verified, 1000000 bytes in ${join(rnHome, 'tmp', 'ipfs', cidA.toString(), 'a.bin')}`);
    expect(progress).toContain('upload packet 1: bytes 0–1000000 of 1000000');
    expect(progress).toContain(`uploaded 1000000 bytes in 1 packets: SDS file ${hash}`);
    expect(tmpIpfs()).toEqual([]);

    expect(await files()).toContainEqual(expect.objectContaining({ owner: rnWallet, file_hash: hash, file_size: 1_000_000 }));
    expect((await chain.rest(`/chain/sds/v1/file_upload/${hash}`)).file_info.uploader).toBe(rnWallet);
    const out = join(n.home, 'a.out');
    expect((await owner.download(hash, out)).fileName).toBe('a.bin');
    expect(sha(readFileSync(out))).toBe(sha(fileA));
  });

  it('-m ipc: a CIDv1 raw-leaves file, named by its CID by default; nodeclient ipfs then cats the migrated CID', async () => {
    const hash = sdsFileHash(fileB);
    const r = await runNodeclient(['-r', rnHome, 'ipfs', 'migrate', cidB.toString(), '-m', 'ipc', '--source', source]);
    expect(r.stderr.split('\n')[0]!.replace(/^\S+ /, '')).toBe(`wallet ${rnWallet}, resource node ipc ${join(rnHome, 'sds.ipc')}`);
    expect([r.code, r.stdout]).toEqual([0, JSON.stringify({ cid: cidB.toString(), name: cidB.toString(), size: 700_000, filehash: hash, handle: `sdm://${rnWallet}/${hash}` }) + '\n']);
    expect(await files()).toContainEqual(expect.objectContaining({ owner: rnWallet, file_hash: hash, file_size: 700_000 }));
    const out = join(n.home, 'b.out');
    expect((await owner.download(hash, out)).fileName).toBe(cidB.toString());
    expect(sha(readFileSync(out))).toBe(sha(fileB));

    const api = await spawnNodeclient('ipfs', ['-r', rnHome, 'ipfs', '-m', 'httpRpc', '--httpRpcUrl', n.rpcUrl(0), '-p', '0'], join(rnHome, 'ipfs.log'));
    try {
      for (const [cid, bytes] of [
        [cidA, fileA],
        [cidB, fileB],
      ] as const) {
        const res = await fetch(`${String(api.serving.api)}/cat?arg=${cid.toString()}`, { method: 'POST' });
        expect(res.status).toBe(200);
        expect(sha(new Uint8Array(await res.arrayBuffer()))).toBe(sha(bytes));
      }
    } finally {
      await stopProcess(api);
    }
  });

  it('a tampered block: exit 1 with the error naming it, nothing uploaded, no temp files', async () => {
    const leaf = dagPb.decode(await blockBytes(blocks, cidBad)).Links[1]!.Hash;
    const good = await blockBytes(blocks, leaf);
    const bad = new Uint8Array(good);
    bad[5000]! ^= 1;
    tamper.set(leaf.toString(), bad);
    const before = await files();
    for (const mode of [['-m', 'httpRpc', '--httpRpcUrl', n.rpcUrl(0)], ['-m', 'ipc']]) {
      const r = await runNodeclient(['-r', rnHome, 'ipfs', 'migrate', cidBad.toString(), 'bad.bin', ...mode, '--source', source]);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr.split('\n').filter((l) => l.startsWith('Error: '))).toEqual([
        `Error: block ${leaf.toString()} failed verification: the source sent ${good.length} bytes whose sha2-256 is not the CID's (tampered or wrong block); nothing was uploaded`,
      ]);
      expect(r.stderr).not.toContain('upload packet');
    }
    expect(await files()).toEqual(before);
    expect(tmpIpfs()).toEqual([]);
    tamper.clear();
  });

  it('bad input: a directory, a CID that does not parse, a source that is not a URL: exit 1 with the error', async () => {
    const fs = unixfs({ blockstore: blocks });
    const dir = await fs.cp(cidA, await fs.addDirectory(), 'a.bin');
    const cases: [string[], string][] = [
      [[dir.toString()], `Error: ${dir.toString()} is a directory (${dir.toString()}): migrate takes a file; give the path of a file in it, <cid>/<name>`],
      [['Qmnotacid'], 'Error: invalid path "Qmnotacid": invalid cid: '],
      [[cidA.toString(), 'x', '--source', 'not a url'], 'Error: invalid IPFS source "not a url": expected an http(s) URL of a trustless gateway or of a Kubo RPC API (…/api/v0)'],
    ];
    for (const [args, error] of cases) {
      const r = await runNodeclient(['-r', rnHome, 'ipfs', 'migrate', ...args, '-m', 'httpRpc', '--httpRpcUrl', n.rpcUrl(0), ...(args.includes('--source') ? [] : ['--source', source])]);
      expect(r.code).toBe(1);
      expect(r.stderr.split('\n').find((l) => l.startsWith('Error: '))).toContain(error);
    }
    expect(tmpIpfs()).toEqual([]);
  });
});
