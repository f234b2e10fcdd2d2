/**
 * The storage network end to end, against a running local network (the home `npm start` builds,
 * `chaind start`, the compiled `nodeclient meta start` and two `nodeclient start` processes),
 * driven as a client would through the resource nodes' JSON-RPC:
 * prepay → ozone → a 100,000,000-byte upload in the reference's 30 packets → the file record on
 * chain → a byte-exact download → the epoch's volume report credits the resource nodes by their
 * traffic → the rewards mature and are withdrawn through the owner API; the refusals of reference
 * §7 leave nothing half-stored; a resource node killed mid-upload keeps its files and the client
 * uploads again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { closeEpoch, metaGet, startStorageNet, type StorageNet } from '../sds/storage-network.ts';
import { networkClient, sleep } from './network-client.ts';
import { SdsClient, SdsReturnError } from '../../src/sds/client/sds-client.ts';
import { sdsFileHash, sdsFileHashOfPath } from '../../src/sds/protocol/file-hash.ts';
import { formatSequenceNumber } from '../../src/sds/protocol/sequence-number.ts';
import { signSds, SignedMessage } from '../../src/sds/protocol/signature.ts';
import { uploadPackets } from '../../src/sds/protocol/transfer-plan.ts';
import { content } from '../sds/content.ts';

const FILE_SIZE = 100_000_000;
let n: StorageNet;
let chain: ReturnType<typeof networkClient>;
let bigFile: string;
let bigHash: string;
let purchased: bigint;

const tmpUploads = (i: number): string[] => {
  try {
    return readdirSync(join(n.layout.resourceNodes[i]!.home, 'tmp', 'upload'));
  } catch {
    return [];
  }
};
const storedSlices = (i: number): string[] => readdirSync(join(n.layout.resourceNodes[i]!.home, 'storage'));

beforeAll(async () => {
  n = await startStorageNet({
    rpcNamespaces: 'user,owner',
    patchGenesis: (g) => {
      // rewards mature one epoch after their report
      g.app_state.pot.params.mature_epoch = '1';
    },
  });
  chain = networkClient({ home: () => n.home, rpcPort: () => n.rpcPort, restPort: () => n.restPort });
  bigFile = join(n.home, 'big.bin');
  writeFileSync(bigFile, content(FILE_SIZE, 7));
  bigHash = await sdsFileHashOfPath(bigFile);
}, 120_000);

afterAll(async () => {
  await n?.stop();
});

describe('the storage network end to end', { timeout: 300_000 }, () => {
  it('prepay: the meta node credits the purchased noz of EventPrePay, getOzone shows it with the SN', async () => {
    const before = await n.client(0).ozone();
    expect(before).toEqual({ ozone: 0n, sequenceNumber: 'SN:0000000000000000000' });
    const r = await chain.tx('dev0', ['sds', 'prepay', 'dev0', '10stos']);
    const ev = r.events.find((e) => e.type === 'chain.sds.v1.EventPrePay')!;
    purchased = BigInt(JSON.parse(ev.attributes.find((a) => a.key === 'purchased_noz')!.value));
    expect(purchased > 0n).toBe(true);
    let oz = before;
    for (let i = 0; i < 100 && oz.ozone === 0n; i++) {
      await sleep(100);
      oz = await n.client(0).ozone();
    }
    expect(oz).toEqual({ ozone: purchased, sequenceNumber: 'SN:0000000000000000000' });
    // the raw result keys as the spec spells them
    expect(await n.rpc(1).call('user_requestGetOzone', { walletaddr: n.net.accounts[0]!.address })).toEqual({ return: '0', ozone: purchased.toString(), sequencynumber: 'SN:0000000000000000000' });
  });

  it('an upload without ozone is refused (-9), a bad signature (-3), a second session for a hash (-13): nothing is stored', async () => {
    const noOzone = n.client(1);
    const small = join(n.home, 'small.bin');
    writeFileSync(small, content(5_000_000, 3));
    const err = await noOzone.upload(small).catch((e) => e as SdsReturnError);
    expect(err).toBeInstanceOf(SdsReturnError);
    expect((err as SdsReturnError).result).toEqual({
      return: '-9',
      detail: `not enough ozone: the upload of 5000000 bytes × 2 replicas costs 10000000 noz, wallet ${n.net.accounts[1]!.address} has 0 noz (buy more with tx sds prepay)`,
    });

    const rpc = n.rpc(0);
    const hash = sdsFileHash(readFileSync(small));
    const t = 1_800_000_000;
    const other = signSds(n.devKey(2), SignedMessage.upload(hash, n.net.accounts[0]!.address, formatSequenceNumber(0n), t));
    const forged = { ...other, address: n.net.accounts[0]!.address };
    expect(await rpc.call('user_requestUpload', { filename: 'small.bin', filesize: 5_000_000, filehash: hash, signature: forged, req_time: t, sequencenumber: formatSequenceNumber(0n) })).toEqual({
      return: `-3, address ${n.net.accounts[0]!.address} does not match the pubkey`,
      detail: `address ${n.net.accounts[0]!.address} does not match the pubkey`,
    });
    const good = signSds(n.devKey(0), SignedMessage.upload(hash, n.net.accounts[0]!.address, formatSequenceNumber(0n), t));
    const tampered = { ...good, signature: good.signature.slice(0, 10) + (good.signature[10] === '0' ? '1' : '0') + good.signature.slice(11) };
    expect((await rpc.call('user_requestUpload', { filename: 'small.bin', filesize: 5_000_000, filehash: hash, signature: tampered, req_time: t, sequencenumber: formatSequenceNumber(0n) })).return).toBe('-3, signature does not match');

    const first = await rpc.call('user_requestUpload', { filename: 'small.bin', filesize: 5_000_000, filehash: hash, signature: good, req_time: t, sequencenumber: formatSequenceNumber(0n) });
    expect(first).toEqual({ return: '1', offsetstart: 0, offsetend: 3_500_000 });
    const second = await rpc.call('user_requestUpload', { filename: 'small.bin', filesize: 5_000_000, filehash: hash, signature: good, req_time: t, sequencenumber: formatSequenceNumber(0n) });
    expect(second).toEqual({ return: '-13', detail: `an upload of ${hash} is already under way on this node (it ends after 120 s without a packet; its owner may start it again after 2 s without one)` });
    // the client stops: the session and its bytes are gone, later packets get -14
    expect(await rpc.call('user_uploadData', { filehash: hash, data: '', signature: good, req_time: t, sequencenumber: formatSequenceNumber(0n), stop: true })).toEqual({ return: '-14', detail: 'upload stopped' });
    expect(await rpc.call('user_uploadData', { filehash: hash, data: 'AA==', signature: good, req_time: t, sequencenumber: formatSequenceNumber(0n) })).toEqual({
      return: '-14',
      detail: `no upload session for ${hash}`,
    });
    expect(tmpUploads(0)).toEqual([]);
    expect((await metaGet(n, '/files')).files).toEqual([]);
    expect([...storedSlices(0), ...storedSlices(1)]).toEqual([]);
  });

  it("uploads 100,000,000 bytes in the reference's 30 packets; the meta node records it on chain with MsgFileUpload", async () => {
    const c = n.client(0);
    const sn = (await c.ozone()).sequenceNumber;
    const up = await c.upload(bigFile, { wait: true });
    expect(up.fileHash).toBe(bigHash);
    expect(up.packets).toEqual(uploadPackets(FILE_SIZE).map((p) => ({ start: p.start, end: p.end })));
    expect(up.packets.length).toBe(30);
    expect(up.packets[29]).toEqual({ start: 98_608_864, end: 100_000_000 });
    expect(up.state).toBe(3);
    // requestUpload and uploadSign each moved the SN; 2 replicas × 100 MB charged
    const after = await c.ozone();
    expect(BigInt(sn.slice(3)) + 2n).toBe(BigInt(after.sequenceNumber.slice(3)));
    expect(after.ozone).toBe(purchased - 2n * BigInt(FILE_SIZE));
    const status = await c.fileStatus(bigHash);
    expect(status).toEqual({ return: '0', file_upload_state: 3, user_has_file: true, replicas: 2 });

    const record = (await metaGet(n, `/files/${bigHash}`)) as { files: { reporter: string; chain_tx: string }[]; slices: { slice_number: number; replicas: string[] }[] };
    expect(record.slices.map((s) => [s.slice_number, s.replicas.length])).toEqual([[1, 2], [2, 2], [3, 2]]);
    const onChain = await chain.rest(`/chain/sds/v1/file_upload/${bigHash}`);
    expect(onChain.file_info.uploader).toBe(n.net.accounts[0]!.address);
    expect(n.layout.metaNodes.map((m) => m.networkAddress)).toContain(record.files[0]!.reporter);
    // the slices are on both nodes' disks, nothing left in the session folders
    expect(storedSlices(0).length).toBe(3);
    expect(storedSlices(1).length).toBe(3);
    expect(tmpUploads(0)).toEqual([]);
    // the list (empty fields omitted)
    const list = await c.list();
    expect(list).toEqual({ return: '0', fileinfo: [{ filehash: bigHash, filesize: FILE_SIZE, filename: 'big.bin', createtime: expect.any(Number) }], totalnumber: 1 });
  });

  it('a stale SN is refused (-3); the same file again is refused by the meta node (-9)', async () => {
    const rpc = n.rpc(0);
    const t = 1_800_000_001;
    const addr = n.net.accounts[0]!.address;
    const stale = formatSequenceNumber(0n);
    const current = (await n.client(0).ozone()).sequenceNumber;
    const r = await rpc.call('user_requestUpload', { filename: 'big.bin', filesize: FILE_SIZE, filehash: bigHash, signature: signSds(n.devKey(0), SignedMessage.upload(bigHash, addr, stale, t)), req_time: t, sequencenumber: stale });
    expect(r.return).toBe('-3');
    expect(r.detail).toBe(`sequence number SN:0000000000000000000 is not the wallet's current ${current} (stale or replayed signature): ask user_requestGetOzone for a fresh one`);
    const cur = (await n.client(0).ozone()).sequenceNumber;
    const again = await rpc.call('user_requestUpload', { filename: 'big.bin', filesize: FILE_SIZE, filehash: bigHash, signature: signSds(n.devKey(0), SignedMessage.upload(bigHash, addr, cur, t)), req_time: t, sequencenumber: cur });
    expect(again).toEqual({ return: '-9', detail: `Same file with the name big.bin (hash ${bigHash}) already exists` });
  });

  it('downloads the file back byte-exact in ≤ 3 MiB pieces; a non-owner is refused (-12)', async () => {
    const out = join(n.home, 'big.out');
    const d = await n.client(0, 1).download(bigHash, out);
    expect(d.fileName).toBe('big.bin');
    expect(d.pieces.length).toBe(33);
    expect(d.pieces.every((p) => p.end - p.start <= 3_145_728)).toBe(true);
    expect(statSync(out).size).toBe(FILE_SIZE);
    expect(readFileSync(out).equals(readFileSync(bigFile))).toBe(true);

    const thief = n.client(1);
    const err = (await thief.download(bigHash, join(n.home, 'thief.out'), n.net.accounts[0]!.address).catch((e) => e)) as SdsReturnError;
    expect(err.result.return).toBe('-12');
  });

  it("the epoch's volume report credits the resource nodes by their traffic; the rewards mature and are withdrawn", async () => {
    const [rn0, rn1] = n.layout.resourceNodes.map((r) => r.wallet) as [string, string];
    const traffic = (await metaGet(n, '/traffic')).unsettled as Record<string, string>;
    // each node stored 100 MB; the download through rn1 was served from rn1's own copy
    expect(traffic).toEqual({ [rn0]: String(FILE_SIZE), [rn1]: String(2 * FILE_SIZE) });
    const e1 = await closeEpoch(n);
    expect(e1.volumes).toEqual([
      { wallet_address: rn1, volume: String(2 * FILE_SIZE) },
      { wallet_address: rn0, volume: String(FILE_SIZE) },
    ]);
    const report = await chain.rest(`/chain/pot/v1/volume_report/${e1.epoch}`);
    expect(report.report_info.tx_hash).toBe(e1.tx_hash);
    const r0 = await chain.rest(`/chain/pot/v1/rewards/wallet/${rn0}/epoch/${e1.epoch}`);
    const r1 = await chain.rest(`/chain/pot/v1/rewards/wallet/${rn1}/epoch/${e1.epoch}`);
    const amount = (r: any): bigint => BigInt(r.rewards[0]?.reward_from_mining_pool?.[0]?.amount ?? '0') + BigInt(r.rewards[0]?.reward_from_traffic_pool?.[0]?.amount ?? '0');
    // rewards by traffic share: rn1 moved twice rn0's bytes (each pool's share is truncated on its own: a few wei apart)
    expect(amount(r0) > 0n).toBe(true);
    const gap = amount(r1) - 2n * amount(r0);
    expect((gap < 0n ? -gap : gap) * 10n ** 12n < amount(r1)).toBe(true);

    // more traffic, a second epoch: epoch 1's rewards mature (mature_epoch 1)
    const small = join(n.home, 'second.bin');
    writeFileSync(small, content(1_000_000, 11));
    await n.client(0).upload(small, { wait: true });
    const e2 = await closeEpoch(n);
    expect(BigInt(e2.epoch!)).toBe(BigInt(e1.epoch!) + 1n);
    const mature = await chain.rest(`/chain/pot/v1/rewards/wallet/${rn1}`);
    const matured = BigInt(mature.rewards.mature_total_reward.find((c: any) => c.denom === 'wei')?.amount ?? '0');
    expect(matured).toBe(amount(r1));
    // withdrawn through the resource node's owner API with its own wallet
    const before = await chain.balance(rn1);
    const w = await n.rpc(1).call('owner_requestWithdraw', { amount: `${matured}wei`, target_address: rn1, fee: '', gas: 0 });
    expect(w.return).toBe('0');
    const after = await chain.balance(rn1);
    expect(after - before).toBe(matured - 400_000n * 1_000_000_000n);
  });

  it('a resource node killed mid-upload keeps its completed files; the client starts the upload again', async () => {
    const file = join(n.home, 'killed.bin');
    writeFileSync(file, content(40_000_000, 5));
    const hash = await sdsFileHashOfPath(file);
    const c = n.client(0, 1);
    const uploading = c.upload(file).catch((e) => e as Error);
    // wait until the node holds a session folder with some bytes, then kill it
    for (let i = 0; i < 400 && n.layout && readdirSafe(join(n.layout.resourceNodes[1]!.home, 'tmp', 'upload')).length === 0; i++) await sleep(10);
    n.storage.resourceNodes[1]!.child.kill('SIGKILL');
    expect(await uploading).toBeInstanceOf(Error);
    await n.restartResourceNode(1);
    // the completed file is intact on the restarted node, the broken session is gone
    expect(tmpUploads(1)).toEqual([]);
    const out = join(n.home, 'big.again');
    await n.client(0, 1).download(bigHash, out);
    expect(readFileSync(out).equals(readFileSync(bigFile))).toBe(true);
    // the upload starts again and completes
    const again = await n.client(0, 1).upload(file, { wait: true });
    expect([again.fileHash, again.state]).toEqual([hash, 3]);
  });
});

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
