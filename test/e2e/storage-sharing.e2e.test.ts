/**
 * The storage network end to end, beyond upload and download (test/e2e/storage-network.e2e.test.ts):
 * against a running local network (`chaind start`, the compiled `nodeclient meta start` and two
 * `nodeclient start` processes, `rpc_namespaces = "user,owner"`), driven through the resource
 * nodes' JSON-RPC as a client would:
 * share links (public, private with the password from the node's log, stopped) and a non-owner
 * downloading through them byte-exact; the link refusals of reference §1.4.6; delete (the file
 * leaves the list and the nodes' storage folders; the SP's text in `return` the second time);
 * the service status; the same flows over the IPC socket; the owner API (prepay followed by the
 * meta node, send, bad coins); the HTTP transport rules on a real node; and the meta-node service
 * killed and restarted on its home and port: ozone, SN and files survive, no prepay credited twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { metaGet, startStorageNet, type StorageNet } from '../sds/storage-network.ts';
import { networkClient, until } from './network-client.ts';
import { SdsClient } from '../../src/sds/client/sds-client.ts';
import { sdsFileHash } from '../../src/sds/protocol/file-hash.ts';
import { signSds, SignedMessage } from '../../src/sds/protocol/signature.ts';
import { ipcRpcClient, SdsRpcError } from '../../src/sds/rpc/client.ts';
import { spawnNodeclient, stopProcess } from '../../src/node/storage-processes.ts';
import { content } from '../sds/content.ts';

let n: StorageNet;
let chain: ReturnType<typeof networkClient>;
let ownerAddr: string;
let otherAddr: string;
let shared: { path: string; hash: string; bytes: Buffer };

function file(name: string, size: number, seed: number): { path: string; hash: string; bytes: Buffer } {
  const bytes = content(size, seed);
  const path = join(n.home, name);
  writeFileSync(path, bytes);
  return { path, hash: sdsFileHash(bytes), bytes };
}

const now = (): number => Math.floor(Date.now() / 1000);
const storedSlices = (i: number): string[] => {
  const dir = join(n.layout.resourceNodes[i]!.home, 'storage');
  return existsSync(dir) ? readdirSync(dir) : [];
};

async function prepay(account: number): Promise<void> {
  const key = `dev${account}`;
  const before = (await n.client(account).ozone()).ozone;
  const r = await chain.tx(key, ['sds', 'prepay', key, '10stos']);
  const purchased = BigInt(JSON.parse(r.events.find((e) => e.type === 'chain.sds.v1.EventPrePay')!.attributes.find((a) => a.key === 'purchased_noz')!.value));
  await until(() => n.client(account).ozone(), (o) => o.ozone === before + purchased, `the prepay of ${key} at the meta node`);
}

/** `user_requestGetShared` as the raw first call, then the downloadData loop: the file's bytes */
async function getSharedRaw(account: number, node: number, shareLink: string): Promise<{ first: Record<string, unknown>; bytes: Buffer }> {
  const rpc = n.rpc(node);
  const c = n.client(account, node);
  const { sequenceNumber } = await c.ozone();
  const t = now();
  const link = shareLink.replace(/^sds:\/\//, '').split('/')[0]!;
  const first = await rpc.call('user_requestGetShared', { sharelink: shareLink, signature: signSds(n.devKey(account), SignedMessage.getShared(link, c.address, sequenceNumber, t)), req_time: t });
  if (first.return !== '2') return { first, bytes: Buffer.alloc(0) };
  const parts: Buffer[] = [];
  let r = first;
  while (r.return === '2') {
    const data = Buffer.from(String(r.filedata), 'base64');
    expect(r.offsetstart).toBe(parts.reduce((s, p) => s + p.length, 0));
    parts.push(data);
    r = await rpc.call('user_downloadData', { filehash: first.filehash, reqid: first.reqid });
  }
  expect(r.return).toBe('3');
  const bytes = Buffer.concat(parts);
  expect(await rpc.call('user_downloadedFileInfo', { filehash: first.filehash, filesize: bytes.length, reqid: first.reqid })).toEqual({ return: '0' });
  return { first, bytes };
}

function signedShare(account: number, fileHash: string, o: { private_flag?: boolean; duration?: number; meta_info?: string } = {}) {
  const t = now();
  const addr = n.net.accounts[account]!.address;
  return { filehash: fileHash, signature: signSds(n.devKey(account), SignedMessage.fileStatus(fileHash, addr, t)), duration: o.duration ?? 0, private_flag: o.private_flag ?? false, req_time: t, ipfs_cid: '', meta_info: o.meta_info ?? '' };
}

function signedList(account: number, page = 0) {
  const t = now();
  return { signature: signSds(n.devKey(account), SignedMessage.list(n.net.accounts[account]!.address, t)), page, req_time: t };
}

beforeAll(async () => {
  n = await startStorageNet({ rpcNamespaces: 'user,owner' });
  chain = networkClient({ home: () => n.home, rpcPort: () => n.rpcPort, restPort: () => n.restPort });
  ownerAddr = n.net.accounts[0]!.address;
  otherAddr = n.net.accounts[1]!.address;
  await prepay(0);
  await prepay(1);
  // 7,000,000 bytes: one slice, three download pieces (3 MiB, 3 MiB, the rest)
  shared = file('shared.bin', 7_000_000, 21);
  const up = await n.client(0).upload(shared.path, { wait: true });
  expect([up.fileHash, up.state]).toEqual([shared.hash, 3]);
}, 180_000);

afterAll(async () => {
  await n?.stop();
});

describe('sharing', { timeout: 120_000 }, () => {
  let link: string;
  let shareid: string;

  it('user_requestShare answers the share id (16 hex) and the link <6 characters>_<share id>; user_requestListShare lists it', async () => {
    const r = await n.rpc(0).call('user_requestShare', signedShare(0, shared.hash));
    expect(Object.keys(r).sort()).toEqual(['return', 'shareid', 'sharelink']);
    expect(r.return).toBe('0');
    shareid = String(r.shareid);
    link = String(r.sharelink);
    expect(shareid).toMatch(/^[0-9a-f]{16}$/);
    expect(link).toMatch(new RegExp(`^[A-Za-z0-9]{6}_${shareid}$`));
    const list = await n.rpc(1).call('user_requestListShare', signedList(0));
    // reference §1.4.6 keys; Go's omitempty drops linktimeexp (no expiry) and page 0
    expect(list).toEqual({
      return: '0',
      fileinfo: [{ filehash: shared.hash, filesize: 7_000_000, filename: 'shared.bin', linktime: expect.any(Number), shareid, sharelink: link }],
      totalnumber: 1,
    });
    expect(Math.abs((list.fileinfo as { linktime: number }[])[0]!.linktime - now()) < 120).toBe(true);
  });

  it('a non-owner downloads the shared file with user_requestGetShared (sds://<link>) byte-exact, and pays for it', async () => {
    const before = await n.client(1).ozone();
    const { first, bytes } = await getSharedRaw(1, 1, `sds://${link}`);
    expect(first).toEqual({
      return: '2', offsetstart: 0, offsetend: 3_145_728, filehash: shared.hash, filename: 'shared.bin', filesize: 7_000_000, filedata: expect.any(String), reqid: expect.any(String),
    });
    expect(bytes.equals(shared.bytes)).toBe(true);
    const after = await n.client(1).ozone();
    expect(after.ozone).toBe(before.ozone - 7_000_000n);
    expect(BigInt(after.sequenceNumber.slice(3))).toBe(BigInt(before.sequenceNumber.slice(3)) + 1n);
    // the SdsClient does the same through the other node
    const out = join(n.home, 'shared.via-client');
    const d = await n.client(1, 0).downloadShared(`sds://${link}`, out);
    expect([d.fileName, d.fileHash]).toEqual(['shared.bin', shared.hash]);
    expect(readFileSync(out).equals(shared.bytes)).toBe(true);
  });

  it('link refusals: no sds:// → -7; shorter than 6 characters → JSON-RPC -32000; meta_info of 41 characters → "-7, invalid meta info"', async () => {
    const t = now();
    const sig = signSds(n.devKey(1), SignedMessage.getShared(link, otherAddr, 'SN:0000000000000000000', t));
    expect(await n.rpc(0).call('user_requestGetShared', { sharelink: link, signature: sig, req_time: t })).toEqual({ return: '-7', detail: 'the share link must start with sds://' });
    const crash = await n.rpc(0).call('user_requestGetShared', { sharelink: 'sds:/', signature: sig, req_time: t }).catch((e) => e as SdsRpcError);
    expect(crash).toBeInstanceOf(SdsRpcError);
    expect([(crash as SdsRpcError).code, (crash as SdsRpcError).message]).toEqual([-32000, 'method handler crashed']);
    // the node still answers
    expect((await n.rpc(0).call('user_requestServiceStatus', { walletaddr: '' })).return).toBe('0');
    expect(await n.rpc(0).call('user_requestShare', signedShare(0, shared.hash, { meta_info: 'x'.repeat(41) }))).toEqual({ return: '-7, invalid meta info', detail: 'the meta info is 41 characters, at most 40' });
    expect((await n.rpc(0).call('user_requestShare', signedShare(0, shared.hash, { meta_info: 'x'.repeat(40) }))).return).toBe('0');
  });

  it('a private share needs the password the node logs; without it -6', async () => {
    const r = await n.rpc(0).call('user_requestShare', signedShare(0, shared.hash, { private_flag: true }));
    expect(Object.keys(r).sort()).toEqual(['return', 'shareid', 'sharelink']);
    const plink = String(r.sharelink);
    const { first } = await getSharedRaw(1, 0, `sds://${plink}`);
    expect(first).toEqual({ return: '-6', detail: `share link ${plink} is private: wrong or missing password` });
    const log = readFileSync(join(n.layout.resourceNodes[0]!.home, 'node.log'), 'utf8');
    const m = new RegExp(`private share ${plink} of ${shared.hash}: password ([a-z0-9]{4})`).exec(log);
    expect(m).not.toBeNull();
    expect((await getSharedRaw(1, 0, `sds://${plink}/${m![1] === 'zzzz' ? 'yyyy' : 'zzzz'}`)).first.return).toBe('-6');
    const ok = await getSharedRaw(1, 0, `sds://${plink}/${m![1]}`);
    expect(ok.bytes.equals(shared.bytes)).toBe(true);
  });

  it('a stopped share is refused (-6); stopping it again is -1', async () => {
    const stop = (account: number) => {
      const t = now();
      return n.rpc(0).call('user_requestStopShare', { signature: signSds(n.devKey(account), SignedMessage.stopShare(shareid, n.net.accounts[account]!.address, t)), shareid, req_time: t });
    };
    expect(await stop(1)).toEqual({ return: '-1', detail: `no share ${shareid} of ${otherAddr}` });
    expect(await stop(0)).toEqual({ return: '0' });
    expect((await getSharedRaw(1, 1, `sds://${link}`)).first).toEqual({ return: '-6', detail: `share link ${link} not found or expired` });
    expect(await stop(0)).toEqual({ return: '-1', detail: `no share ${shareid} of ${ownerAddr}` });
    const list = await n.rpc(0).call('user_requestListShare', signedList(0));
    expect((list.fileinfo as { shareid: string }[]).map((s) => s.shareid)).not.toContain(shareid);
  });
});

describe('delete', { timeout: 120_000 }, () => {
  it('user_requestDeleteFile → "0": the file leaves the list and both nodes\' storage; a second delete puts the SP\'s text in return', async () => {
    const f = file('to-delete.bin', 1_234_567, 33);
    await n.client(0).upload(f.path, { wait: true });
    const record = await metaGet<{ slices: { slice_hash: string; replicas: string[] }[] }>(n, `/files/${f.hash}`);
    const sliceHashes = record.slices.map((s) => s.slice_hash);
    expect(record.slices.map((s) => s.replicas.length)).toEqual([2]);
    for (const i of [0, 1]) expect(storedSlices(i)).toEqual(expect.arrayContaining(sliceHashes));
    const del = () => {
      const t = now();
      return n.rpc(1).call('user_requestDeleteFile', { filehash: f.hash, signature: signSds(n.devKey(0), SignedMessage.fileStatus(f.hash, ownerAddr, t)), req_time: t });
    };
    expect(await del()).toEqual({ return: '0' });
    const list = await n.client(0).list();
    expect((list.fileinfo as { filehash: string }[]).map((x) => x.filehash)).toEqual([shared.hash]);
    for (const i of [0, 1]) await until(() => storedSlices(i), (s) => sliceHashes.every((h) => !s.includes(h)), `node ${i} dropping the slices`);
    expect(await del()).toEqual({ return: `file ${f.hash} not found` });
    // the shared file is untouched
    expect(storedSlices(0).length).toBeGreaterThan(0);
  });
});

describe('service status, IPC', { timeout: 120_000 }, () => {
  it('user_requestServiceStatus: "Registration Status: Registered | Mining: ONLINE "', async () => {
    for (const i of [0, 1]) {
      expect(await n.rpc(i).call('user_requestServiceStatus', { walletaddr: ownerAddr })).toEqual({ return: '0', message: 'Registration Status: Registered | Mining: ONLINE ' });
    }
  });

  it('the same upload and download through the IPC socket <home>/sds.ipc', async () => {
    const ipcPath = join(n.layout.resourceNodes[1]!.home, 'sds.ipc');
    expect(existsSync(ipcPath)).toBe(true);
    const rpc = ipcRpcClient(ipcPath);
    try {
      const c = new SdsClient(rpc, n.devKey(0));
      const f = file('over-ipc.bin', 4_000_000, 44);
      const up = await c.upload(f.path, { wait: true });
      expect([up.fileHash, up.state, up.packets.length]).toEqual([f.hash, 3, 2]);
      const out = join(n.home, 'over-ipc.out');
      const d = await c.download(f.hash, out);
      expect(d.fileName).toBe('over-ipc.bin');
      expect(d.pieces).toEqual([{ start: 0, end: 3_145_728 }, { start: 3_145_728, end: 4_000_000 }]);
      expect(readFileSync(out).equals(f.bytes)).toBe(true);
      expect(await c.fileStatus(f.hash)).toEqual({ return: '0', file_upload_state: 3, user_has_file: true, replicas: 2 });
    } finally {
      await rpc.close();
    }
  });
});

describe('sizes a node must not plan', { timeout: 60_000 }, () => {
  it('a huge filesize from a wallet without ozone is refused by the meta node (-9) at once; one beyond 2^53 is -7, one beyond int64 -32602; the node serves on', async () => {
    const addr = n.net.accounts[2]!.address;
    const hash = sdsFileHash(Buffer.from('never uploaded'));
    const call = (filesize: number) => {
      const t = now();
      const sn = 'SN:0000000000000000000';
      return n.rpc(0).call('user_requestUpload', { filename: 'huge.bin', filesize, filehash: hash, signature: signSds(n.devKey(2), SignedMessage.upload(hash, addr, sn, t)), req_time: t, sequencenumber: sn });
    };
    expect(await call(2 ** 52)).toEqual({
      return: '-9',
      detail: `not enough ozone: the upload of 4503599627370496 bytes × 2 replicas costs 9007199254740992 noz, wallet ${addr} has 0 noz (buy more with tx sds prepay)`,
    });
    expect(await call(2 ** 60)).toEqual({ return: '-7', detail: 'invalid filesize 1152921504606846976' });
    // past Go's int (64 bits) the parameter itself does not decode
    await expect(call(1e20)).rejects.toThrow('invalid argument 0: json: cannot unmarshal number 100000000000000000000 into Go struct field ParamReqUploadFile.filesize of type int');
    expect(await n.rpc(0).call('user_requestServiceStatus', {})).toEqual({ return: '0', message: 'Registration Status: Registered | Mining: ONLINE ' });
  });
});

describe('owner API', { timeout: 120_000 }, () => {
  it('owner_requestPrepay credits ozone to the node wallet once the meta node follows the event', async () => {
    const rnWallet = n.layout.resourceNodes[0]!.wallet;
    const before = await n.client(0).ozone(rnWallet);
    const r = await n.rpc(0).call('owner_requestPrepay', { prepayamount: '1stos', fee: '', gas: 0, req_time: now() });
    expect(r.return).toBe('0');
    const tx = /^tx ([0-9A-F]{64}) at height \d+$/.exec(String(r.detail));
    expect(tx).not.toBeNull();
    const credited = await until(
      () => metaGet<{ events: { attributes: { wallet: string; noz: string; tx_hash: string } }[] }>(n, '/events?type=prepay_credited'),
      (e) => e.events.some((x) => x.attributes.tx_hash === tx![1]),
      'the prepay credited',
    );
    const ev = credited.events.filter((x) => x.attributes.tx_hash === tx![1]);
    expect(ev.length).toBe(1);
    expect(ev[0]!.attributes.wallet).toBe(rnWallet);
    const after = await n.client(0).ozone(rnWallet);
    expect(after.ozone - before.ozone).toBe(BigInt(ev[0]!.attributes.noz));
    expect(after.ozone > before.ozone).toBe(true);
  });

  it('owner_requestSend moves coins from the node wallet; a bad coin string is -7', async () => {
    const rnWallet = n.layout.resourceNodes[1]!.wallet;
    const to = n.net.accounts[2]!.address;
    const [from0, to0] = [await chain.balance(rnWallet), await chain.balance(to)];
    const r = await n.rpc(1).call('owner_requestSend', { amount: '12345wei', to, fee: '', gas: 0 });
    expect(r.return).toBe('0');
    expect(String(r.detail)).toMatch(/^tx [0-9A-F]{64} at height \d+$/);
    expect((await chain.balance(to)) - to0).toBe(12345n);
    // the node pays 400,000 gas at its gas price of 1 gwei
    expect(from0 - (await chain.balance(rnWallet))).toBe(12345n + 400_000n * 1_000_000_000n);
    expect(await n.rpc(1).call('owner_requestSend', { amount: '12 stos!', to, fee: '', gas: 0 })).toEqual({ return: '-7', detail: 'invalid amount "12 stos!"' });
    expect(await n.rpc(1).call('owner_requestSend', { amount: '1stos', to: 'st1nope', fee: '', gas: 0 })).toEqual({ return: '-7', detail: 'invalid to "st1nope"' });
    expect(await n.rpc(1).call('owner_requestPrepay', { prepayamount: 'lots', fee: '', gas: 0, req_time: now() })).toEqual({ return: '-7', detail: 'invalid prepayamount "lots"' });
  });
});

describe('transport rules on a real resource node', { timeout: 60_000 }, () => {
  const post = (body: string | Buffer, contentType = 'application/json') =>
    fetch(n.rpcUrl(0), { method: 'POST', headers: { 'Content-Type': contentType }, body });

  it('an unknown method is -32601 with the node\'s text', async () => {
    const res = await post('{"jsonrpc":"2.0","id":1,"method":"user_noSuchMethod","params":[]}');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"the method user_noSuchMethod does not exist/is not available"}}\n');
  });

  it('a body that is not JSON by its content type is 415; a GET probe is 200 with an empty body; a body over 5 MiB is 413', async () => {
    const bad = await post('{"jsonrpc":"2.0","id":1,"method":"user_requestServiceStatus","params":[]}', 'text/plain');
    expect([bad.status, await bad.text()]).toEqual([415, 'invalid content type, only application/json is supported\n']);
    const probe = await fetch(n.rpcUrl(0));
    expect([probe.status, await probe.text()]).toEqual([200, '']);
    const big = await post(Buffer.alloc(5 * 1024 * 1024 + 1, 0x20));
    expect([big.status, await big.text()]).toEqual([413, 'content length too large (5242881>5242880)\n']);
    // and it still serves
    const ok = await post('{"jsonrpc":"2.0","id":2,"method":"user_requestServiceStatus","params":[{}]}');
    expect(await ok.json()).toEqual({ jsonrpc: '2.0', id: 2, result: { return: '0', message: 'Registration Status: Registered | Mining: ONLINE ' } });
  });
});

describe('the meta-node service restarted', { timeout: 180_000 }, () => {
  it('killed and started again on its home and port: ozone, SN and files survive, no prepay is credited twice, uploads go on', async () => {
    const before = {
      owner: await n.client(0).ozone(),
      other: await n.client(1).ozone(),
      list: await n.client(0).list(),
      prepays: (await metaGet<{ events: unknown[] }>(n, '/events?type=prepay_credited')).events.length,
    };
    const oldMeta = n.storage.meta;
    const port = new URL(n.metaUrl).port;
    oldMeta.child.kill('SIGKILL');
    await stopProcess(oldMeta);
    const meta = await spawnNodeclient('meta', ['-r', n.layout.metaHome, 'meta', 'start', '--chain-rpc', n.chainRpc, '--listen', `127.0.0.1:${port}`], join(n.layout.metaHome, 'meta.log'));
    const stopOld = n.storage.stop;
    n.storage = { ...n.storage, meta, stop: async () => Promise.all([stopOld(), stopProcess(meta)]).then(() => undefined) };
    expect(String(meta.serving.url)).toBe(n.metaUrl);
    // the service re-reads the chain from where it stopped: once past the current height, nothing new is credited
    const h = await chain.height();
    await until(() => metaGet<{ followed_height: string }>(n, '/status'), (s) => BigInt(s.followed_height) >= h, 'the meta node following the chain');
    expect((await metaGet<{ events: unknown[] }>(n, '/events?type=prepay_credited')).events.length).toBe(before.prepays);
    expect(await n.client(0).ozone()).toEqual(before.owner);
    expect(await n.client(1).ozone()).toEqual(before.other);
    expect(await n.client(0).list()).toEqual(before.list);
    // the SN carries on: an upload moves it by two
    const f = file('after-restart.bin', 500_000, 55);
    const up = await n.client(0, 1).upload(f.path, { wait: true });
    expect(up.state).toBe(3);
    expect(BigInt((await n.client(0).ozone()).sequenceNumber.slice(3))).toBe(BigInt(before.owner.sequenceNumber.slice(3)) + 2n);
    const again = join(n.home, 'shared.after-restart');
    await n.client(0, 0).download(shared.hash, again);
    expect(readFileSync(again).equals(shared.bytes)).toBe(true);
  });
});
