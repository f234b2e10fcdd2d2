/**
 * The meta-node service in process: downloads charged (and refused without ozone, -6), share links
 * (format, private password, expiry, stop, list), and the state surviving a restart of the service
 * (the store reopened): ozone, SN, files, replicas, traffic, shares, prepays credited once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatSequenceNumber } from '../../../src/sds/protocol/sequence-number.ts';
import { signSds, SignedMessage } from '../../../src/sds/protocol/signature.ts';
import { getShared, joinCluster, listSigned, node, openMeta, prepay, requestDownload, share, sn, stopShare, T0, testFile, upload, wallet, type Meta } from './fixture.ts';

const [alice, bob] = [wallet(1), wallet(2)];
const [n1, n2] = [node(1), node(2)];
const SN = (k: number) => formatSequenceNumber(BigInt(k));
const f = testFile('movie.mp4', [100, 50]);
let m: Meta;

async function ozoneOf(w: typeof alice): Promise<string> {
  const o = await m.service.getOzone({ wallet: w.address });
  if (!o.ok) throw new Error(o.detail);
  return o.ozone;
}

const plan = (owner = alice) => ({
  ok: true, owner: owner.address, fileHash: f.fileHash, fileName: 'movie.mp4', fileSize: 150,
  // holders: the replicas in the order stored (same second: by network address)
  slices: f.slices.map((s) => ({ ...s, holders: byAddress([n1, n2]).map((n) => ({ networkAddress: n.networkAddress, peerUrl: n.peerUrl })) })),
  grantId: expect.stringMatching(/^[0-9a-f-]{36}$/),
});
function byAddress<T extends { networkAddress: string }>(ns: T[]): T[] {
  return [...ns].sort((a, b) => (a.networkAddress < b.networkAddress ? -1 : 1));
}

beforeEach(async () => {
  m = openMeta({ replicas: 2, nozPerByte: 3n, trafficNozPerByte: 2n });
  await joinCluster(m, n1);
  await joinCluster(m, n2);
  // 900 for the upload (150 × 2 × 3), 450 per download (150 × 3)
  prepay(m, alice, 1500n);
  await upload(m, alice, f, n1);
});
afterEach(() => m.close());

describe('download', () => {
  it('is charged size × nozPerByte and moves the SN; without enough ozone it is refused (-6) and nothing moves', async () => {
    expect(await m.service.getOzone({ wallet: alice.address })).toEqual({ ok: true, ozone: '600', sequenceNumber: SN(2) });
    const granted = await requestDownload(m, alice, f, alice, n2);
    expect(granted).toEqual(plan());
    expect(await m.service.getOzone({ wallet: alice.address })).toEqual({ ok: true, ozone: '150', sequenceNumber: SN(3) });
    expect(await requestDownload(m, alice, f, alice, n2)).toEqual({
      ok: false, code: '-6', detail: `not enough ozone: the download of 150 bytes costs 450 noz, wallet ${alice.address} has 150 noz (buy more with tx sds prepay)`,
    });
    expect(await m.service.getOzone({ wallet: alice.address })).toEqual({ ok: true, ozone: '150', sequenceNumber: SN(3) });
    expect(m.store.events(0, 100, 'download_granted').map((e) => e.attributes)).toEqual([
      { wallet: alice.address, owner: alice.address, file_hash: f.fileHash, charged_noz: '450', grant_id: (granted as { grantId: string }).grantId, pp: n2.networkAddress },
    ]);
  });

  it('a download the resource node gave up on gives back the charge of the bytes no slice was served for, once', async () => {
    const first = await requestDownload(m, alice, f, alice, n2);
    if (!first.ok) throw new Error(first.detail);
    expect(await m.service.getOzone({ wallet: alice.address })).toEqual({ ok: true, ozone: '150', sequenceNumber: SN(3) });
    // no slice reached the node: all 450 back
    expect(await m.service.downloadFailed({ grantId: first.grantId, servedBytes: 0, reason: 'slice 1 could not be fetched' })).toEqual({ ok: true });
    expect(await ozoneOf(alice)).toBe('600');
    // reported again, or for a grant never made: nothing more
    expect(await m.service.downloadFailed({ grantId: first.grantId, servedBytes: 0, reason: 'again' })).toEqual({ ok: true });
    expect(await m.service.downloadFailed({ grantId: 'nope', servedBytes: 0, reason: 'x' })).toEqual({ ok: true });
    expect(await ozoneOf(alice)).toBe('600');
    // the first slice (100 bytes) was served, the second not: 50 × 3 back
    const second = await requestDownload(m, alice, f, alice, n2);
    if (!second.ok) throw new Error(second.detail);
    await m.service.downloadFailed({ grantId: second.grantId, servedBytes: 100, reason: 'slice 2 could not be fetched' });
    expect(await ozoneOf(alice)).toBe('300');
    expect(m.store.events(0, 100, 'download_failed').map((e) => e.attributes)).toEqual([
      { wallet: alice.address, file_hash: f.fileHash, grant_id: first.grantId, reason: 'slice 1 could not be fetched', served_bytes: 0, refunded_noz: '450' },
      { wallet: alice.address, file_hash: f.fileHash, grant_id: second.grantId, reason: 'slice 2 could not be fetched', served_bytes: 100, refunded_noz: '150' },
    ]);
  });

  it('a grant outlives a restart of the meta node (kept with its charge), and expires after an hour', async () => {
    const granted = await requestDownload(m, alice, f, alice, n2);
    if (!granted.ok) throw new Error(granted.detail);
    m.reopen();
    await m.service.downloadFailed({ grantId: granted.grantId, servedBytes: 0, reason: 'the node restarted' });
    expect(await ozoneOf(alice)).toBe('600');
    // taken once, across restarts too
    m.reopen();
    await m.service.downloadFailed({ grantId: granted.grantId, servedBytes: 0, reason: 'again' });
    expect(await ozoneOf(alice)).toBe('600');
    // a grant reported more than an hour after it was made gives nothing back
    const late = await requestDownload(m, alice, f, alice, n2);
    if (!late.ok) throw new Error(late.detail);
    m.time += 3601;
    await m.service.downloadFailed({ grantId: late.grantId, servedBytes: 0, reason: 'too late' });
    expect(await ozoneOf(alice)).toBe('150');
    expect(m.store.events(0, 100, 'download_failed').map((e) => e.attributes.grant_id)).toEqual([granted.grantId]);
  });

  it('a signature over a stale SN, an unknown file, a file not yet complete: -6', async () => {
    const t = m.time;
    const stale = await m.service.requestDownload({ signature: signSds(alice.key, SignedMessage.upload(f.fileHash, alice.address, SN(0), t)), reqTime: t, fileHash: f.fileHash, owner: alice.address, pp: n1.networkAddress });
    expect(stale).toEqual({ ok: false, code: '-6', detail: `signature does not verify with the wallet's current sequence number ${SN(2)}: signature does not match` });
    const other = testFile('other', [5]);
    expect(await requestDownload(m, alice, other, alice, n1)).toEqual({ ok: false, code: '-6', detail: `file ${other.fileHash} of ${alice.address} not found` });
    expect(await requestDownload(m, alice, f, bob, n1)).toEqual({ ok: false, code: '-6', detail: `file ${f.fileHash} of ${bob.address} not found` });
    expect(sn(m, alice)).toBe(SN(2));
  });

  it('a slice served credits the serving node, once per report; a node without the slice is refused', async () => {
    const before = m.store.unsettled().get(n2.wallet)!;
    expect(await m.service.sliceServed({ fileHash: f.fileHash, sliceHash: f.slices[0]!.sliceHash, size: 100, servedBy: n2.networkAddress, servedTo: n1.networkAddress })).toEqual({ ok: true });
    expect(m.store.unsettled().get(n2.wallet)).toBe(before + 200n);
    const stranger = node(9);
    await joinCluster(m, stranger);
    expect(await m.service.sliceServed({ fileHash: f.fileHash, sliceHash: f.slices[0]!.sliceHash, size: 100, servedBy: stranger.networkAddress, servedTo: n1.networkAddress })).toEqual({
      ok: false, code: '-9', detail: `resource node ${stranger.networkAddress} holds no slice ${f.slices[0]!.sliceHash}`,
    });
  });
});

describe('shares', () => {
  it('a public link is <6 characters>_<16 hex>, the share id its hex part; anyone with ozone downloads through it and pays', async () => {
    const s = await share(m, alice, f);
    if (!s.ok) throw new Error(s.detail);
    expect(s.shareId).toMatch(/^[0-9a-f]{16}$/);
    expect(s.shareLink).toMatch(/^[A-Za-z0-9]{6}_[0-9a-f]{16}$/);
    expect(s.shareLink.slice(7)).toBe(s.shareId);
    expect(s.password).toBe('');
    const list = await m.service.listShare({ ...listSigned(m, alice), page: 0 });
    expect(list).toEqual({
      ok: true, total: 1, page: 0,
      shares: [{ filehash: f.fileHash, filesize: 150, filename: 'movie.mp4', linktime: T0, linktimeexp: 0, shareid: s.shareId, sharelink: s.shareLink }],
    });
    // bob has no ozone: refused; with ozone: the plan of alice's file, charged to bob
    expect(await getShared(m, bob, s.shareLink, s.shareId, '', n2)).toEqual({
      ok: false, code: '-6', detail: `not enough ozone: the download of 150 bytes costs 450 noz, wallet ${bob.address} has 0 noz (buy more with tx sds prepay)`,
    });
    prepay(m, bob, 500n);
    expect(await getShared(m, bob, s.shareLink, s.shareId, '', n2)).toEqual(plan());
    expect(m.store.wallet(bob.address)).toEqual({ address: bob.address, ozone: 50n, sn: 1n });
    expect(m.store.wallet(alice.address).ozone).toBe(600n);
  });

  it('a private link needs its password (4 lowercase characters)', async () => {
    prepay(m, bob, 10_000n);
    const s = await share(m, alice, f, { privateFlag: true });
    if (!s.ok) throw new Error(s.detail);
    expect(s.password).toMatch(/^[a-z0-9]{4}$/);
    const wrong = `share link ${s.shareLink} is private: wrong or missing password`;
    expect(await getShared(m, bob, s.shareLink, s.shareId, '', n1)).toEqual({ ok: false, code: '-6', detail: wrong });
    expect(await getShared(m, bob, s.shareLink, s.shareId, s.password === 'zzzz' ? 'yyyy' : 'zzzz', n1)).toEqual({ ok: false, code: '-6', detail: wrong });
    expect(await getShared(m, bob, s.shareLink, s.shareId, s.password, n1)).toEqual(plan());
  });

  it('expires after its duration; clearing expired links removes it from the list', async () => {
    prepay(m, bob, 10_000n);
    const s = await share(m, alice, f, { duration: 100 });
    if (!s.ok) throw new Error(s.detail);
    const list = await m.service.listShare({ ...listSigned(m, alice), page: 0 });
    expect(list.ok && list.shares[0]!.linktimeexp).toBe(T0 + 100);
    m.time = T0 + 99;
    expect((await getShared(m, bob, s.shareLink, s.shareId, '', n1)).ok).toBe(true);
    m.time = T0 + 100;
    expect(await getShared(m, bob, s.shareLink, s.shareId, '', n1)).toEqual({ ok: false, code: '-6', detail: `share link ${s.shareLink} not found or expired` });
    expect(await m.service.clearExpiredShares(listSigned(m, alice))).toEqual({ ok: true, deleted: 1, newCount: 0 });
  });

  it('stopped by its owner only; a stopped link is refused; stopping again is -1', async () => {
    prepay(m, bob, 10_000n);
    const s = await share(m, alice, f);
    if (!s.ok) throw new Error(s.detail);
    expect(await stopShare(m, bob, s.shareId)).toEqual({ ok: false, code: '-1', detail: `no share ${s.shareId} of ${bob.address}` });
    expect(await stopShare(m, alice, s.shareId)).toEqual({ ok: true });
    expect(await getShared(m, bob, s.shareLink, s.shareId, '', n1)).toEqual({ ok: false, code: '-6', detail: `share link ${s.shareLink} not found or expired` });
    expect(await stopShare(m, alice, s.shareId)).toEqual({ ok: false, code: '-1', detail: `no share ${s.shareId} of ${alice.address}` });
    expect(await m.service.listShare({ ...listSigned(m, alice), page: 0 })).toEqual({ ok: true, total: 0, page: 0, shares: [] });
  });

  it('only an existing file of the signer is shared; an IPFS CID is its own link, once', async () => {
    const none = await share(m, bob, f);
    expect(none).toEqual({ ok: false, code: `file ${f.fileHash} not found`, detail: `file ${f.fileHash} not found` });
    const cid = 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG';
    const s = await share(m, alice, f, { ipfsCid: cid });
    expect(s).toEqual({ ok: true, shareId: cid, shareLink: cid, password: '' });
    expect(await share(m, alice, f, { ipfsCid: cid })).toEqual({ ok: false, code: `share ${cid} already exists`, detail: `share ${cid} already exists` });
  });
});

describe('restart recovery', () => {
  it('ozone, SN, files, replicas, traffic and shares survive reopening the store; a prepay is never credited twice', async () => {
    const event = { txHash: 'AB'.repeat(32), eventIndex: 3, height: 42n, beneficiary: bob.address, noz: 777n };
    expect(m.store.creditPrepay(event, m.time)).toBe(true);
    expect(m.store.creditPrepay(event, m.time)).toBe(false);
    // another event of the same tx is another prepay
    expect(m.store.creditPrepay({ ...event, eventIndex: 4, noz: 1n }, m.time)).toBe(true);
    expect(m.store.wallet(bob.address).ozone).toBe(778n);
    const s = await share(m, alice, f);
    if (!s.ok) throw new Error(s.detail);
    const before = {
      alice: await m.service.getOzone({ wallet: alice.address }),
      bob: await m.service.getOzone({ wallet: bob.address }),
      list: await m.service.list({ ...listSigned(m, alice), page: 0 }),
      status: await m.service.fileStatus({ wallet: alice.address, fileHash: f.fileHash }),
      traffic: m.store.unsettled(),
      replicas: f.slices.map((x) => m.store.replicas(x.sliceHash)),
      nodes: m.store.resourceNodes(),
    };
    expect(before.alice).toEqual({ ok: true, ozone: '600', sequenceNumber: SN(2) });
    expect(before.list).toEqual({ ok: true, total: 1, page: 0, files: [{ filehash: f.fileHash, filesize: 150, filename: 'movie.mp4', createtime: T0 }] });

    m.reopen();
    expect(await m.service.getOzone({ wallet: alice.address })).toEqual(before.alice);
    expect(await m.service.getOzone({ wallet: bob.address })).toEqual({ ok: true, ozone: '778', sequenceNumber: SN(0) });
    expect(await m.service.list({ ...listSigned(m, alice), page: 0 })).toEqual(before.list);
    expect(await m.service.fileStatus({ wallet: alice.address, fileHash: f.fileHash })).toEqual(before.status);
    expect(m.store.unsettled()).toEqual(before.traffic);
    expect(f.slices.map((x) => m.store.replicas(x.sliceHash))).toEqual(before.replicas);
    expect(m.store.resourceNodes()).toEqual(before.nodes);
    expect(m.store.creditPrepay(event, m.time)).toBe(false);
    expect(m.store.wallet(bob.address).ozone).toBe(778n);
    expect(m.store.events(0, 1000, 'prepay_credited').length).toBe(3);
    // the share still works, and the SN carries on from where it was
    expect(await getShared(m, bob, s.shareLink, s.shareId, '', n1)).toEqual(plan());
    expect(m.store.wallet(bob.address)).toEqual({ address: bob.address, ozone: 328n, sn: 1n });
    expect(await requestDownload(m, alice, f, alice, n1)).toEqual(plan());
    expect(sn(m, alice)).toBe(SN(3));
  });
});
