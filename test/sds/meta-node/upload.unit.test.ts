/**
 * The meta-node service in process (fake chain view, store on a temp file): what an upload does to
 * the wallet's SN and ozone, the refusals a resource node passes on (-3 stale SN, -9 no ozone),
 * replica placement, and slices stored → traffic credited, file complete once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatSequenceNumber } from '../../../src/sds/protocol/sequence-number.ts';
import { signSds, SignedMessage } from '../../../src/sds/protocol/signature.ts';
import { joinCluster, node, openMeta, prepay, requestUpload, sn, testFile, upload, uploadSign, wallet, type Meta } from './fixture.ts';

const alice = wallet(1);
const [n1, n2, n3] = [node(1), node(2), node(3)];
const peer = (n: typeof n1) => ({ networkAddress: n.networkAddress, peerUrl: n.peerUrl });
const SN = (k: number) => formatSequenceNumber(BigInt(k));
let m: Meta;

beforeEach(() => {
  // an upload costs size × replicas × 3 noz; a node earns 2 noz of traffic per byte
  m = openMeta({ replicas: 2, nozPerByte: 3n, trafficNozPerByte: 2n });
});
afterEach(() => m.close());

describe('upload: sequence number and ozone', () => {
  it('requestUpload and uploadSign each move the SN by one; the upload is charged size × replicas × nozPerByte at uploadSign', async () => {
    await joinCluster(m, n1);
    await joinCluster(m, n2);
    prepay(m, alice, 1000n);
    const f = testFile('a.txt', [100, 50]);
    expect(await m.service.getOzone({ wallet: alice.address })).toEqual({ ok: true, ozone: '1000', sequenceNumber: SN(0) });
    expect(await requestUpload(m, alice, f, n1)).toEqual({ ok: true, sequenceNumber: SN(1) });
    expect(await m.service.getOzone({ wallet: alice.address })).toEqual({ ok: true, ozone: '1000', sequenceNumber: SN(1) });
    expect(await uploadSign(m, alice, f, n1)).toEqual({ ok: true, placement: [peer(n1), peer(n2)] });
    // 150 bytes × 2 replicas × 3 noz
    expect(await m.service.getOzone({ wallet: alice.address })).toEqual({ ok: true, ozone: '100', sequenceNumber: SN(2) });
    expect(m.store.file(alice.address, f.fileHash)).toMatchObject({ file_name: 'a.txt', file_size: 150, state: 1, replicas: 2, uploaded_by: n1.networkAddress });
    expect(await m.service.fileStatus({ wallet: alice.address, fileHash: f.fileHash })).toEqual({ ok: true, state: 1, replicas: 0, userHasFile: false });
  });

  it('a stale or replayed SN is refused with -3 and the detail naming both SNs; nothing moves', async () => {
    await joinCluster(m, n1);
    prepay(m, alice, 1000n);
    const f = testFile('b.txt', [10]);
    expect((await requestUpload(m, alice, f, n1)).ok).toBe(true);
    const stale = { ok: false, code: '-3', detail: `sequence number ${SN(0)} is not the wallet's current ${SN(1)} (stale or replayed signature): ask user_requestGetOzone for a fresh one` };
    // the same requestUpload again (a replay), and uploadSign with the old SN
    expect(await requestUpload(m, alice, f, n1, SN(0))).toEqual(stale);
    expect(await uploadSign(m, alice, f, n1, SN(0))).toEqual(stale);
    // a future SN as well
    expect(await uploadSign(m, alice, f, n1, SN(7))).toEqual({ ok: false, code: '-3', detail: `sequence number ${SN(7)} is not the wallet's current ${SN(1)} (stale or replayed signature): ask user_requestGetOzone for a fresh one` });
    expect(await requestUpload(m, alice, f, n1, 'SN:1')).toEqual({ ok: false, code: '-3', detail: 'invalid sequence number "SN:1": expected "SN:" followed by 19 decimal digits' });
    // the current SN claimed, the signature made over another one
    const t = m.time;
    const r = await m.service.uploadSign({
      signature: signSds(alice.key, SignedMessage.upload(f.fileHash, alice.address, SN(0), t)), reqTime: t, sequenceNumber: SN(1),
      fileHash: f.fileHash, fileName: f.fileName, fileSize: f.fileSize, pp: n1.networkAddress, slices: f.slices,
    });
    expect(r).toEqual({ ok: false, code: '-3', detail: 'signature does not match' });
    expect(m.store.wallet(alice.address)).toEqual({ address: alice.address, ozone: 1000n, sn: 1n });
    expect(m.store.file(alice.address, f.fileHash)).toBeUndefined();
  });

  it('without enough ozone requestUpload is refused with -9 naming both amounts; the SN stays', async () => {
    await joinCluster(m, n1);
    await joinCluster(m, n2);
    prepay(m, alice, 899n);
    const f = testFile('c.txt', [150]);
    expect(await requestUpload(m, alice, f, n1)).toEqual({
      ok: false, code: '-9',
      detail: `not enough ozone: the upload of 150 bytes × 2 replicas costs 900 noz, wallet ${alice.address} has 899 noz (buy more with tx sds prepay)`,
    });
    expect(sn(m, alice)).toBe(SN(0));
    prepay(m, alice, 1n);
    expect(await requestUpload(m, alice, f, n1)).toEqual({ ok: true, sequenceNumber: SN(1) });
    expect((await uploadSign(m, alice, f, n1)).ok).toBe(true);
    expect(m.store.wallet(alice.address).ozone).toBe(0n);
  });

  it('the same file of the same owner again is refused (-9)', async () => {
    await joinCluster(m, n1);
    prepay(m, alice, 10_000n);
    const f = testFile('d.txt', [10]);
    await upload(m, alice, f, n1);
    expect(await requestUpload(m, alice, f, n1)).toEqual({ ok: false, code: '-9', detail: `Same file with the name d.txt (hash ${f.fileHash}) already exists` });
  });

  it('an uploading node unknown to the cluster is refused (-9)', async () => {
    await joinCluster(m, n1);
    prepay(m, alice, 10_000n);
    const f = testFile('e.txt', [10]);
    await requestUpload(m, alice, f, n1);
    expect(await uploadSign(m, alice, f, n3)).toEqual({ ok: false, code: '-9', detail: `resource node ${n3.networkAddress} is not part of this meta node's cluster` });
  });
});

describe('placement', () => {
  it('the uploading node first, then the online nodes holding the fewest replicas (ties by address); replicas capped by the nodes online', async () => {
    for (const n of [n1, n2, n3]) await joinCluster(m, n);
    prepay(m, alice, 1_000_000n);
    const [lo, hi] = [n1, n3].sort((a, b) => (a.networkAddress < b.networkAddress ? -1 : 1)) as [typeof n1, typeof n1];
    expect(await upload(m, alice, testFile('p1', [10, 10]), n2)).toEqual([n2.networkAddress, lo.networkAddress]);
    // lo now holds 2 replicas, hi none
    expect(await upload(m, alice, testFile('p2', [10]), n2)).toEqual([n2.networkAddress, hi.networkAddress]);
    // lo 2, hi 1, n2 3: through lo → lo, then hi
    expect(await upload(m, alice, testFile('p3', [10]), lo)).toEqual([lo.networkAddress, hi.networkAddress]);
    // n3 goes silent for longer than nodeTimeoutSeconds: skipped although it holds the fewest
    m.time += 61;
    await joinCluster(m, n1);
    await joinCluster(m, n2);
    expect(await upload(m, alice, testFile('p4', [10]), n1)).toEqual([n1.networkAddress, n2.networkAddress]);
    // only one node online: one replica, charged once
    m.time += 61;
    await joinCluster(m, n1);
    const before = m.store.wallet(alice.address).ozone;
    expect(await upload(m, alice, testFile('p5', [7]), n1)).toEqual([n1.networkAddress]);
    expect(before - m.store.wallet(alice.address).ozone).toBe(7n * 1n * 3n);
  });
});

describe('slices stored', () => {
  it('credit the storing node traffic once per replica and complete the file when every slice has its replicas (onFileComplete once)', async () => {
    await joinCluster(m, n1);
    await joinCluster(m, n2);
    prepay(m, alice, 10_000n);
    const f = testFile('s.bin', [100, 50]);
    await requestUpload(m, alice, f, n1);
    expect((await uploadSign(m, alice, f, n1)).ok).toBe(true);
    const stored = (sliceNumber: number, by: typeof n1, size?: number) => {
      const s = f.slices[sliceNumber - 1]!;
      return m.service.sliceStored({ owner: alice.address, fileHash: f.fileHash, sliceNumber, sliceHash: s.sliceHash, size: size ?? s.end - s.start, storedBy: by.networkAddress });
    };
    expect(await stored(1, n1)).toEqual({ ok: true, complete: false });
    expect(m.store.unsettled()).toEqual(new Map([[n1.wallet, 200n]]));
    // the same replica reported again: no more traffic
    expect(await stored(1, n1)).toEqual({ ok: true, complete: false });
    expect(m.store.unsettled()).toEqual(new Map([[n1.wallet, 200n]]));
    expect(await stored(1, n1, 99)).toEqual({ ok: false, code: '-9', detail: `slice 1 of ${f.fileHash} is not ${f.slices[0]!.sliceHash} of 99 bytes` });
    expect(await stored(1, n3)).toEqual({ ok: false, code: '-8', detail: `resource node ${n3.networkAddress} is not part of this cluster` });
    expect(await m.service.sliceStored({ owner: n1.wallet, fileHash: f.fileHash, sliceNumber: 1, sliceHash: f.slices[0]!.sliceHash, size: 100, storedBy: n1.networkAddress })).toEqual({
      ok: false, code: '-9', detail: `no upload of ${f.fileHash} by ${n1.wallet}`,
    });
    expect(await stored(2, n1)).toEqual({ ok: true, complete: false });
    expect(await stored(1, n2)).toEqual({ ok: true, complete: false });
    expect(m.completed).toEqual([]);
    expect(await stored(2, n2)).toEqual({ ok: true, complete: true });
    expect(m.completed).toEqual([`${alice.address}/${f.fileHash}/4`]);
    expect(await stored(2, n2)).toEqual({ ok: true, complete: true });
    expect(m.completed.length).toBe(1);
    expect(m.store.unsettled()).toEqual(new Map([[n1.wallet, 300n], [n2.wallet, 300n]]));
    expect(await m.service.fileStatus({ wallet: alice.address, fileHash: f.fileHash })).toEqual({ ok: true, state: 4, replicas: 2, userHasFile: true });
    expect(m.store.events(0, 100, 'file_replicated').map((e) => e.attributes)).toEqual([{ wallet: alice.address, file_hash: f.fileHash, replicas: 2 }]);
  });

  it('a failed upload leaves the file FAILED, out of the list; it may be uploaded again', async () => {
    await joinCluster(m, n1);
    prepay(m, alice, 10_000n);
    const f = testFile('f.bin', [10]);
    await requestUpload(m, alice, f, n1);
    await uploadSign(m, alice, f, n1);
    expect(await m.service.uploadFailed({ owner: alice.address, fileHash: f.fileHash, reason: 'node stopped' })).toEqual({ ok: true });
    expect(await m.service.fileStatus({ wallet: alice.address, fileHash: f.fileHash })).toEqual({ ok: true, state: 2, replicas: 0, userHasFile: false, failure: 'node stopped' });
    expect(m.store.filesOf(alice.address, 0, 20).total).toBe(0);
    expect(await upload(m, alice, f, n1)).toEqual([n1.networkAddress]);
    expect(m.store.file(alice.address, f.fileHash)?.state).toBe(4);
  });

  it('a FAILED upload gives back the charge of the replicas not stored: with none stored, all of it; the SN stays', async () => {
    await joinCluster(m, n1);
    await joinCluster(m, n2);
    prepay(m, alice, 10_000n);
    const f = testFile('none.bin', [100, 50]);
    await requestUpload(m, alice, f, n1);
    await uploadSign(m, alice, f, n1);
    // 150 bytes × 2 replicas × 3 noz taken at uploadSign
    expect(await m.service.getOzone({ wallet: alice.address })).toEqual({ ok: true, ozone: '9100', sequenceNumber: SN(2) });
    await m.service.uploadFailed({ owner: alice.address, fileHash: f.fileHash, reason: 'connect ECONNREFUSED 127.0.0.1:41483' });
    expect(await m.service.getOzone({ wallet: alice.address })).toEqual({ ok: true, ozone: '10000', sequenceNumber: SN(2) });
    expect(m.store.events(0, 100, 'upload_failed').map((e) => e.attributes)).toEqual([
      { wallet: alice.address, file_hash: f.fileHash, reason: 'connect ECONNREFUSED 127.0.0.1:41483', refunded_noz: '900' },
    ]);
    // a second report of the failure gives nothing more
    await m.service.uploadFailed({ owner: alice.address, fileHash: f.fileHash, reason: 'again' });
    expect(m.store.wallet(alice.address).ozone).toBe(10_000n);
  });

  it('an upload with no slice stored for uploadTimeoutSeconds turns FAILED with its refund (its node died, or the meta node missed its reports)', async () => {
    await joinCluster(m, n1);
    await joinCluster(m, n2);
    prepay(m, alice, 10_000n);
    const f = testFile('stuck.bin', [100, 50]);
    await requestUpload(m, alice, f, n1);
    await uploadSign(m, alice, f, n1);
    const x = f.slices[0]!;
    m.time += 300;
    await m.service.sliceStored({ owner: alice.address, fileHash: f.fileHash, sliceNumber: 1, sliceHash: x.sliceHash, size: 100, storedBy: n2.networkAddress });
    // 600 s (the default) after the last slice, not before
    m.time += 599;
    expect(m.service.expireStaleUploads()).toBe(0);
    m.time += 1;
    expect(m.service.expireStaleUploads()).toBe(1);
    expect(await m.service.fileStatus({ wallet: alice.address, fileHash: f.fileHash })).toEqual({ ok: true, state: 2, replicas: 0, userHasFile: false, failure: 'no slice stored for 600 s' });
    // kept: slice 1 once (100 × 3); given back: slice 1's second replica and slice 2's two (100 + 100) × 3
    expect(m.store.events(0, 100, 'upload_failed').map((e) => e.attributes)).toEqual([
      { wallet: alice.address, file_hash: f.fileHash, reason: 'no slice stored for 600 s', refunded_noz: '600' },
    ]);
    expect(m.service.expireStaleUploads()).toBe(0);
  });

  it('a FAILED upload keeps the charge of the replicas stored (as the traffic credited for them) and gives back the rest', async () => {
    await joinCluster(m, n1);
    await joinCluster(m, n2);
    prepay(m, alice, 10_000n);
    const f = testFile('part.bin', [100, 50]);
    await requestUpload(m, alice, f, n1);
    await uploadSign(m, alice, f, n1);
    const stored = (s: number, n: typeof n1) => {
      const x = f.slices[s - 1]!;
      return m.service.sliceStored({ owner: alice.address, fileHash: f.fileHash, sliceNumber: s, sliceHash: x.sliceHash, size: x.end - x.start, storedBy: n.networkAddress });
    };
    // slice 1 on both nodes, slice 2 on n2 only: 100 × 2 + 50 × 1 = 250 bytes kept; 50 bytes missing
    await stored(1, n2);
    await stored(1, n1);
    await stored(2, n2);
    await m.service.uploadFailed({ owner: alice.address, fileHash: f.fileHash, reason: 'node n1 stopped' });
    // 9100 + 50 bytes × 3 noz
    expect(m.store.wallet(alice.address).ozone).toBe(9250n);
    expect(m.store.events(0, 100, 'upload_failed').map((e) => e.attributes.refunded_noz)).toEqual(['150']);
    expect(m.store.unsettled()).toEqual(new Map([[n1.wallet, 200n], [n2.wallet, 300n]]));
  });

  it('an upload started again after its node died mid-way (left UPLOADING) is paid once: the first charge is given back as the retry is charged', async () => {
    await joinCluster(m, n1);
    await joinCluster(m, n2);
    prepay(m, alice, 10_000n);
    const f = testFile('retry.bin', [100, 50]);
    await requestUpload(m, alice, f, n1);
    await uploadSign(m, alice, f, n1);
    const x = f.slices[0]!;
    await m.service.sliceStored({ owner: alice.address, fileHash: f.fileHash, sliceNumber: 1, sliceHash: x.sliceHash, size: 100, storedBy: n1.networkAddress });
    expect(m.store.wallet(alice.address).ozone).toBe(9100n);
    // the node died: the row stays UPLOADING; the same upload again
    expect(await upload(m, alice, f, n1)).toEqual([n1.networkAddress, n2.networkAddress]);
    expect(m.store.wallet(alice.address).ozone).toBe(9100n);
    expect(m.store.file(alice.address, f.fileHash)).toMatchObject({ state: 4, charged_noz: '900' });
    expect(m.store.events(0, 100, 'upload_accepted').map((e) => [e.attributes.charged_noz, e.attributes.refunded_noz])).toEqual([['900', undefined], ['900', '900']]);
  });

  it('an upload started again after it FAILED is paid once too: what the FAILED attempt kept is given back as the retry is charged', async () => {
    await joinCluster(m, n1);
    await joinCluster(m, n2);
    prepay(m, alice, 10_000n);
    const f = testFile('again.bin', [100, 50]);
    await requestUpload(m, alice, f, n1);
    await uploadSign(m, alice, f, n1);
    const x = f.slices[0]!;
    await m.service.sliceStored({ owner: alice.address, fileHash: f.fileHash, sliceNumber: 1, sliceHash: x.sliceHash, size: 100, storedBy: n2.networkAddress });
    await m.service.uploadFailed({ owner: alice.address, fileHash: f.fileHash, reason: 'node n1 stopped' });
    // kept: slice 1 on n2, 100 bytes × 3 noz
    expect([m.store.wallet(alice.address).ozone, m.store.file(alice.address, f.fileHash)?.charged_noz]).toEqual([9700n, '300']);
    expect(await upload(m, alice, f, n1)).toEqual([n1.networkAddress, n2.networkAddress]);
    expect([m.store.wallet(alice.address).ozone, m.store.file(alice.address, f.fileHash)?.charged_noz]).toEqual([9100n, '900']);
  });

  it('a retry is not refused for ozone its earlier attempt holds', async () => {
    await joinCluster(m, n1);
    prepay(m, alice, 30n);
    const f = testFile('tight.bin', [10]);
    await requestUpload(m, alice, f, n1);
    await uploadSign(m, alice, f, n1);
    expect(m.store.wallet(alice.address).ozone).toBe(0n);
    expect(await upload(m, alice, f, n1)).toEqual([n1.networkAddress]);
    expect(m.store.wallet(alice.address).ozone).toBe(0n);
  });
});
