/**
 * The meta-node service in process for tests: a MetaStore on a temp file, a MetaNodeService with a
 * fake `ChainView` (the resource nodes "on chain" are a map), a settable clock, wallets with keys,
 * and the client steps of an upload and a download signed with `signSds` as a resource node would
 * pass them on.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ed25519KeyPairFromSeed } from '../../../src/crypto/ed25519.ts';
import { ethPubKey } from '../../../src/crypto/ethsecp256k1.ts';
import { sdsNetworkAddress } from '../../../src/crypto/sds-key.ts';
import { sdsFileHash, sliceHash } from '../../../src/sds/protocol/file-hash.ts';
import { formatSequenceNumber } from '../../../src/sds/protocol/sequence-number.ts';
import { signSds, SignedMessage, walletAddressOf } from '../../../src/sds/protocol/signature.ts';
import { MetaNodeService, type ChainView } from '../../../src/sds/meta-node/service.ts';
import { DEFAULT_META_NODE_SETTINGS, type MetaNodeSettings } from '../../../src/sds/meta-node/settings.ts';
import type { SliceInfo } from '../../../src/sds/meta-node/sp-protocol.ts';
import { MetaStore } from '../../../src/sds/meta-node/store.ts';

export const T0 = 1_800_000_000;

export interface Wallet {
  readonly key: Uint8Array;
  readonly address: string;
}

export function wallet(seed: number): Wallet {
  const key = new Uint8Array(32).fill(seed);
  return { key, address: walletAddressOf(ethPubKey(key)) };
}

export interface TestNode {
  readonly networkAddress: string;
  readonly wallet: string;
  readonly peerUrl: string;
}

export function node(seed: number, peerUrl = `http://127.0.0.1:1/node${seed}`): TestNode {
  return { networkAddress: sdsNetworkAddress(ed25519KeyPairFromSeed(new Uint8Array(32).fill(seed)).publicKey), wallet: wallet(100 + seed).address, peerUrl };
}

export interface Meta {
  readonly dir: string;
  readonly path: string;
  store: MetaStore;
  service: MetaNodeService;
  readonly settings: MetaNodeSettings;
  /** the resource nodes registered on chain */
  readonly onChain: Map<string, { owner: string; bonded: boolean; suspended: boolean }>;
  /** the service's clock (seconds) */
  time: number;
  /** files whose replicas are complete, as onFileComplete saw them */
  readonly completed: string[];
  /** closes the store and opens it again with a new service (a restart) */
  reopen(): void;
  close(): void;
}

export function openMeta(settings: Partial<MetaNodeSettings> = {}): Meta {
  const dir = mkdtempSync(join(tmpdir(), 'meta-node-'));
  const path = join(dir, 'data', 'meta.sqlite');
  const onChain = new Map<string, { owner: string; bonded: boolean; suspended: boolean }>();
  const chain: ChainView = { resourceNode: async (a) => onChain.get(a) };
  const s: MetaNodeSettings = { ...DEFAULT_META_NODE_SETTINGS, replicas: 2, ...settings };
  const m: Meta = {
    dir, path, settings: s, onChain, time: T0, completed: [],
    store: undefined as never,
    service: undefined as never,
    reopen() {
      m.store.close();
      start();
    },
    close() {
      try {
        m.store.close();
      } catch {
        // already closed
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  const start = () => {
    m.store = new MetaStore(path);
    m.service = new MetaNodeService(m.store, s, chain, () => m.time);
    m.service.onFileComplete = (f) => void m.completed.push(`${f.owner}/${f.file_hash}/${f.state}`);
  };
  start();
  return m;
}

/** registers the node on chain and at the service (heard from now) */
export async function joinCluster(m: Meta, n: TestNode): Promise<void> {
  m.onChain.set(n.networkAddress, { owner: n.wallet, bonded: true, suspended: false });
  const r = await m.service.register({ networkAddress: n.networkAddress, wallet: n.wallet, rpcUrl: `${n.peerUrl}/rpc`, peerUrl: n.peerUrl });
  if (!r.ok) throw new Error(r.detail);
}

let prepayCount = 0;
export function prepay(m: Meta, w: Wallet, noz: bigint): void {
  prepayCount++;
  if (!m.store.creditPrepay({ txHash: `TX${prepayCount}`.padEnd(64, '0'), eventIndex: 0, height: 10n, beneficiary: w.address, noz }, m.time)) throw new Error('not credited');
}

export interface TestFile {
  readonly fileHash: string;
  readonly fileName: string;
  readonly fileSize: number;
  readonly slices: SliceInfo[];
}

/** a file of `sizes` slices (hashes of made-up bytes: only the index is tested here, not the bytes) */
export function testFile(name: string, sizes: readonly number[]): TestFile {
  const fileHash = sdsFileHash(Buffer.from(name));
  const slices: SliceInfo[] = [];
  let at = 0;
  sizes.forEach((size, i) => {
    slices.push({ sliceNumber: i + 1, sliceHash: sliceHash(fileHash, i + 1, Buffer.from(`${name} slice ${i + 1}`)), start: at, end: at + size });
    at += size;
  });
  return { fileHash, fileName: name, fileSize: at, slices };
}

export const sn = (m: Meta, w: Wallet): string => formatSequenceNumber(m.store.wallet(w.address).sn);

export function requestUpload(m: Meta, w: Wallet, f: TestFile, pp: TestNode, seq = sn(m, w)) {
  const t = m.time;
  return m.service.requestUpload({
    signature: signSds(w.key, SignedMessage.upload(f.fileHash, w.address, seq, t)), reqTime: t, sequenceNumber: seq,
    fileHash: f.fileHash, fileName: f.fileName, fileSize: f.fileSize, pp: pp.networkAddress,
  });
}

export function uploadSign(m: Meta, w: Wallet, f: TestFile, pp: TestNode, seq = sn(m, w)) {
  const t = m.time;
  return m.service.uploadSign({
    signature: signSds(w.key, SignedMessage.upload(f.fileHash, w.address, seq, t)), reqTime: t, sequenceNumber: seq,
    fileHash: f.fileHash, fileName: f.fileName, fileSize: f.fileSize, pp: pp.networkAddress, slices: f.slices,
  });
}

/** requestUpload + uploadSign + every placed node storing every slice; returns the placement */
export async function upload(m: Meta, w: Wallet, f: TestFile, pp: TestNode): Promise<string[]> {
  const a = await requestUpload(m, w, f, pp);
  if (!a.ok) throw new Error(a.detail);
  const b = await uploadSign(m, w, f, pp);
  if (!b.ok) throw new Error(b.detail);
  for (const p of b.placement) {
    for (const s of f.slices) {
      const r = await m.service.sliceStored({ owner: w.address, fileHash: f.fileHash, sliceNumber: s.sliceNumber, sliceHash: s.sliceHash, size: s.end - s.start, storedBy: p.networkAddress });
      if (!r.ok) throw new Error(r.detail);
    }
  }
  return b.placement.map((p) => p.networkAddress);
}

export function requestDownload(m: Meta, w: Wallet, f: TestFile, owner: Wallet, pp: TestNode) {
  const t = m.time;
  return m.service.requestDownload({
    signature: signSds(w.key, SignedMessage.upload(f.fileHash, w.address, sn(m, w), t)), reqTime: t, fileHash: f.fileHash, owner: owner.address, pp: pp.networkAddress,
  });
}

export function listSigned(m: Meta, w: Wallet) {
  const t = m.time;
  return { signature: signSds(w.key, SignedMessage.list(w.address, t)), reqTime: t };
}

export function share(m: Meta, w: Wallet, f: TestFile, o: { duration?: number; privateFlag?: boolean; ipfsCid?: string; metaInfo?: string } = {}) {
  const t = m.time;
  return m.service.share({
    signature: signSds(w.key, SignedMessage.fileStatus(f.fileHash, w.address, t)), reqTime: t, fileHash: f.fileHash,
    duration: o.duration ?? 0, privateFlag: o.privateFlag ?? false, ipfsCid: o.ipfsCid ?? '', metaInfo: o.metaInfo ?? '',
  });
}

export function getShared(m: Meta, w: Wallet, link: string, shareId: string, password: string, pp: TestNode) {
  const t = m.time;
  return m.service.getShared({ signature: signSds(w.key, SignedMessage.getShared(link, w.address, sn(m, w), t)), reqTime: t, link, shareId, password, pp: pp.networkAddress });
}

export function stopShare(m: Meta, w: Wallet, shareId: string) {
  const t = m.time;
  return m.service.stopShare({ signature: signSds(w.key, SignedMessage.stopShare(shareId, w.address, t)), reqTime: t, shareId });
}
