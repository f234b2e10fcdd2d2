/**
 * Deleting a file at the meta-node service (in process, fake chain view): the owner's record and
 * shares go; the slices and their replicas go only with the last owner of the content, and then
 * every holder is told to drop its copy (`DELETE <peer url>/slices/<slice hash>`, received here by a
 * real HTTP server on a free port standing in for the resource nodes' internal port).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../src/api/http.ts';
import { joinCluster, listSigned, node, openMeta, prepay, requestUpload, share, testFile, upload, uploadSign, wallet, type Meta, type TestNode } from './fixture.ts';

const [alice, bob] = [wallet(1), wallet(2)];
const f = testFile('shared-content.bin', [64, 32]);
let peers: RunningServer;
let deletes: string[] = [];
let m: Meta;
let n1: TestNode;
let n2: TestNode;

beforeAll(async () => {
  peers = await listen({ host: '127.0.0.1', port: 0 }, (req, res) => {
    if (req.method === 'DELETE') deletes.push(req.url!);
    res.writeHead(200).end();
  });
  const base = `http://127.0.0.1:${peers.address.port}`;
  [n1, n2] = [node(1, `${base}/n1`), node(2, `${base}/n2`)];
});
afterAll(() => peers.close());

beforeEach(async () => {
  deletes = [];
  m = openMeta({ replicas: 2 });
  await joinCluster(m, n1);
  await joinCluster(m, n2);
  prepay(m, alice, 10_000n);
  prepay(m, bob, 10_000n);
});
afterEach(() => m.close());

async function until(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
}

describe('deleteFile', () => {
  it('keeps the slices while another owner holds the same content; the last owner removes slices and replicas, and the holders are told', async () => {
    await upload(m, alice, f, n1);
    // bob uploads the same bytes: the replicas are already there, no new traffic
    const traffic = m.store.unsettled();
    await upload(m, bob, f, n2);
    expect(m.store.unsettled()).toEqual(traffic);
    expect(m.store.file(bob.address, f.fileHash)?.state).toBe(4);
    const s = await share(m, alice, f);
    expect(s.ok).toBe(true);

    expect(await m.service.deleteFile({ wallet: alice.address, fileHash: f.fileHash })).toEqual({ ok: true });
    expect(m.store.file(alice.address, f.fileHash)).toBeUndefined();
    expect(await m.service.list({ ...listSigned(m, alice), page: 0 })).toEqual({ ok: true, total: 0, page: 0, files: [] });
    expect(await m.service.listShare({ ...listSigned(m, alice), page: 0 })).toEqual({ ok: true, total: 0, page: 0, shares: [] });
    expect(m.store.slices(f.fileHash).length).toBe(2);
    expect(f.slices.map((x) => m.store.replicas(x.sliceHash).length)).toEqual([2, 2]);

    expect(await m.service.deleteFile({ wallet: bob.address, fileHash: f.fileHash })).toEqual({ ok: true });
    expect(m.store.slices(f.fileHash)).toEqual([]);
    expect(f.slices.map((x) => m.store.replicas(x.sliceHash))).toEqual([[], []]);
    await until(() => deletes.length >= 4);
    expect(deletes.sort()).toEqual(['/n1', '/n2'].flatMap((p) => f.slices.map((x) => `${p}/slices/${x.sliceHash}`)).sort());
    expect(m.store.events(0, 100, 'file_deleted').map((e) => e.attributes)).toEqual([
      { wallet: alice.address, file_hash: f.fileHash },
      { wallet: bob.address, file_hash: f.fileHash },
    ]);
  });

  it("another owner's failed upload of the same content does not keep the slices alive", async () => {
    await upload(m, alice, f, n1);
    // bob's upload of the same bytes fails (its node died before uploadSign's pushes were done)
    expect((await requestUpload(m, bob, f, n2)).ok).toBe(true);
    expect((await uploadSign(m, bob, f, n2)).ok).toBe(true);
    expect(await m.service.uploadFailed({ owner: bob.address, fileHash: f.fileHash, reason: 'node killed' })).toEqual({ ok: true });
    expect(await m.service.deleteFile({ wallet: alice.address, fileHash: f.fileHash })).toEqual({ ok: true });
    expect(m.store.slices(f.fileHash)).toEqual([]);
    expect(f.slices.map((x) => m.store.replicas(x.sliceHash))).toEqual([[], []]);
    await until(() => deletes.length >= 4);
    expect(deletes.length).toBe(4);
    // bob may still upload the bytes again
    expect(await upload(m, bob, f, n2)).toEqual([n2.networkAddress, n1.networkAddress]);
    expect(m.store.file(bob.address, f.fileHash)?.state).toBe(4);
  });

  it('a second delete is refused with the SP error text as the code', async () => {
    await upload(m, alice, f, n1);
    expect(await m.service.deleteFile({ wallet: alice.address, fileHash: f.fileHash })).toEqual({ ok: true });
    expect(await m.service.deleteFile({ wallet: alice.address, fileHash: f.fileHash })).toEqual({ ok: false, code: `file ${f.fileHash} not found`, detail: `file ${f.fileHash} not found` });
    expect(await m.service.deleteFile({ wallet: bob.address, fileHash: f.fileHash })).toEqual({ ok: false, code: `file ${f.fileHash} not found`, detail: `file ${f.fileHash} not found` });
  });

  it('a holder that is down keeps its copy; the index is cleaned all the same', async () => {
    const gone = node(3, 'http://127.0.0.1:1/gone');
    const m2 = openMeta({ replicas: 1 });
    try {
      await joinCluster(m2, gone);
      prepay(m2, alice, 1000n);
      await upload(m2, alice, f, gone);
      expect(await m2.service.deleteFile({ wallet: alice.address, fileHash: f.fileHash })).toEqual({ ok: true });
      expect(m2.store.slices(f.fileHash)).toEqual([]);
    } finally {
      m2.close();
    }
  });
});
