/**
 * The meta-node service (the SP role, simulated): the cluster's index of files, slices, replicas
 * and shares, each wallet's ozone and sequence number, replica placement, charging, and the
 * traffic each resource node earns. Resource nodes call it with the operations of sp-protocol.ts.
 * What reaches the chain (MsgFileUpload, MsgVolumeReport) is sent by `ChainDuties`; what comes from
 * the chain (prepay events) by `PrepayFollower`.
 *
 * The SP's own choices (docs/storage-network.md "Meta-node service"):
 * - the SN of a wallet moves forward on each charged action the SP accepts: requestUpload,
 *   uploadSign, requestDownload, getShared. A signature made over another SN (a stale or replayed
 *   one) does not verify against the SP's SN: `-3` on upload, `-6` on download;
 * - an upload costs size × replicas × nozPerByte noz, checked at requestUpload and taken at
 *   uploadSign; a download size × nozPerByte, taken when the download is granted; lack of ozone is
 *   `-9` (upload) or `-6` (download) with a detail naming both amounts; an upload that turns FAILED
 *   gets back the charge of the replicas its slices lack (sp-rules.ts `failedUploadRefund`);
 * - placement: the uploading node first, then the online nodes holding the fewest replicas.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { formatSequenceNumber, parseSequenceNumber } from '../protocol/sequence-number.ts';
import { ReturnCode, FileUploadState } from '../protocol/return-codes.ts';
import { SignedMessage, verifySds } from '../protocol/signature.ts';
import { isAccountAddress } from '../../crypto/address.ts';
import type { MetaNodeSettings } from './settings.ts';
import type { FileRow, MetaStore, SliceRow } from './store.ts';
import { LIST_PAGE_SIZE, type DownloadPlan, type Peer, type Refusal, type SpRequests, type SpResponses } from './sp-protocol.ts';
import { downloadCost, failedDownloadRefund, failedUploadRefund, placeReplicas, replicaCount, trafficVolume, uploadCost } from '../sp-rules.ts';

/** What the service needs to know of the chain (resource-node registrations). */
export interface ChainView {
  /** the resource node's record on chain: owner and whether it is bonded; undefined when absent */
  resourceNode(networkAddress: string): Promise<{ owner: string; bonded: boolean; suspended: boolean } | undefined>;
}

const refuse = (code: string, detail: string): Refusal => ({ ok: false, code, detail });


const SHARE_LINK_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomCode(n: number): string {
  const bytes = randomBytes(n);
  return [...bytes].map((b) => SHARE_LINK_CHARS[b % SHARE_LINK_CHARS.length]).join('');
}

/** How long a download grant can be given back by `downloadFailed` (a session lives 120 s idle). */
const GRANT_SECONDS = 3600;

export class MetaNodeService {
  /** set by ChainDuties: called when a file has all its replicas and must be recorded on chain */
  onFileComplete: (file: FileRow) => void = () => undefined;

  constructor(
    readonly store: MetaStore,
    readonly settings: MetaNodeSettings,
    private readonly chain: ChainView,
    readonly now: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  private sn(wallet: string): string {
    return formatSequenceNumber(this.store.wallet(wallet).sn);
  }

  /** resource nodes heard from recently, in placement order */
  private onlineNodes(): Peer[] {
    const cutoff = this.now() - this.settings.nodeTimeoutSeconds;
    return this.store
      .resourceNodes()
      .filter((n) => n.last_seen >= cutoff)
      .map((n) => ({ networkAddress: n.network_address, peerUrl: n.peer_url }));
  }

  private replicaCount(): number {
    return replicaCount(this.settings, this.onlineNodes().length);
  }

  private uploadCost(size: number, replicas: number): bigint {
    return uploadCost(this.settings, size, replicas);
  }

  private downloadCost(size: number): bigint {
    return downloadCost(this.settings, size);
  }

  private peerOf(networkAddress: string): Peer | undefined {
    const n = this.store.resourceNode(networkAddress);
    return n ? { networkAddress: n.network_address, peerUrl: n.peer_url } : undefined;
  }

  async register(r: SpRequests['register']): Promise<SpResponses['register']> {
    const onChain = await this.chain.resourceNode(r.networkAddress);
    if (!onChain) return refuse(ReturnCode.INTERNAL_COMM_FAILURE, `resource node ${r.networkAddress} is not registered on chain (tx register create-resource-node)`);
    if (onChain.owner !== r.wallet) return refuse(ReturnCode.WRONG_WALLET_ADDRESS, `resource node ${r.networkAddress} is owned by ${onChain.owner} on chain, not ${r.wallet}`);
    const now = this.now();
    const known = this.store.resourceNode(r.networkAddress);
    this.store.putResourceNode({ network_address: r.networkAddress, wallet: r.wallet, rpc_url: r.rpcUrl, peer_url: r.peerUrl, registered_at: known?.registered_at ?? now, last_seen: now });
    if (!known) this.store.event(now, 'resource_node_joined', { network_address: r.networkAddress, wallet: r.wallet, rpc_url: r.rpcUrl });
    return { ok: true, replicas: this.settings.replicas };
  }

  async getOzone(r: SpRequests['getOzone']): Promise<SpResponses['getOzone']> {
    if (!isAccountAddress(r.wallet)) return refuse(ReturnCode.INTERNAL_COMM_FAILURE, `invalid wallet address ${JSON.stringify(r.wallet)}`);
    const w = this.store.wallet(r.wallet);
    return { ok: true, ozone: w.ozone.toString(), sequenceNumber: formatSequenceNumber(w.sn) };
  }

  /** The SN the request was signed with must be the wallet's current one. */
  private snProblem(wallet: string, given: string): string | undefined {
    let n: bigint;
    try {
      n = parseSequenceNumber(given);
    } catch (e) {
      return (e as Error).message;
    }
    const cur = this.store.wallet(wallet).sn;
    if (n !== cur) return `sequence number ${given} is not the wallet's current ${formatSequenceNumber(cur)} (stale or replayed signature): ask user_requestGetOzone for a fresh one`;
    return undefined;
  }

  private existingFile(owner: string, fileHash: string): FileRow | undefined {
    // an upload left UPLOADING (its node died mid-way) may be started again
    const f = this.store.file(owner, fileHash);
    return f && (f.state === FileUploadState.FINISHED || f.state === FileUploadState.CONFIRMING) ? f : undefined;
  }

  /**
   * What the wallet's earlier attempts at an upload still hold of its ozone (an attempt left
   * UPLOADING by a node that died, or FAILED less its refund): a new attempt takes their place, so
   * that amount is given back as the new one is charged, and the file is paid for once.
   */
  private earlierCharge(owner: string, fileHash: string): bigint {
    const f = this.store.file(owner, fileHash);
    return f && (f.state === FileUploadState.UPLOADING || f.state === FileUploadState.FAILED) ? BigInt(f.charged_noz) : 0n;
  }

  /** What requestUpload and uploadSign both check: the SN, the signature over it, no such file of the wallet yet. */
  private uploadRefusal(r: SpRequests['requestUpload']): Refusal | undefined {
    const wallet = r.signature.address;
    const snProblem = this.snProblem(wallet, r.sequenceNumber);
    if (snProblem) return refuse(ReturnCode.SIGNATURE_FAILURE, snProblem);
    const check = verifySds(r.signature, SignedMessage.upload(r.fileHash, wallet, r.sequenceNumber, r.reqTime));
    if (!check.ok) return refuse(ReturnCode.SIGNATURE_FAILURE, check.detail);
    const existing = this.existingFile(wallet, r.fileHash);
    if (existing) return refuse(ReturnCode.INTERNAL_DATA_FAILURE, `Same file with the name ${existing.file_name} (hash ${r.fileHash}) already exists`);
    return undefined;
  }

  async requestUpload(r: SpRequests['requestUpload']): Promise<SpResponses['requestUpload']> {
    const wallet = r.signature.address;
    const refusal = this.uploadRefusal(r);
    if (refusal) return refusal;
    const cost = this.uploadCost(r.fileSize, this.replicaCount());
    const w = this.store.wallet(wallet);
    if (w.ozone + this.earlierCharge(wallet, r.fileHash) < cost) return refuse(ReturnCode.INTERNAL_DATA_FAILURE, `not enough ozone: the upload of ${r.fileSize} bytes × ${this.replicaCount()} replicas costs ${cost} noz, wallet ${wallet} has ${w.ozone} noz (buy more with tx sds prepay)`);
    const after = this.store.transaction(() => {
      const next = this.store.consume(wallet, 0n);
      this.store.event(this.now(), 'upload_requested', { wallet, file_hash: r.fileHash, file_size: r.fileSize, pp: r.pp, sequence_number: r.sequenceNumber });
      return next;
    });
    return { ok: true, sequenceNumber: formatSequenceNumber(after.sn) };
  }

  async uploadSign(r: SpRequests['uploadSign']): Promise<SpResponses['uploadSign']> {
    const wallet = r.signature.address;
    const refusal = this.uploadRefusal(r);
    if (refusal) return refusal;
    const online = this.onlineNodes();
    const uploader = online.find((p) => p.networkAddress === r.pp) ?? this.peerOf(r.pp);
    if (!uploader) return refuse(ReturnCode.INTERNAL_DATA_FAILURE, `resource node ${r.pp} is not part of this meta node's cluster`);
    const replicas = this.replicaCount();
    const cost = this.uploadCost(r.fileSize, replicas);
    const w = this.store.wallet(wallet);
    const earlier = this.earlierCharge(wallet, r.fileHash);
    if (w.ozone + earlier < cost) return refuse(ReturnCode.INTERNAL_DATA_FAILURE, `not enough ozone: the upload of ${r.fileSize} bytes × ${replicas} replicas costs ${cost} noz, wallet ${wallet} has ${w.ozone} noz (buy more with tx sds prepay)`);
    const countReplicas = this.store.db.prepare('SELECT COUNT(*) AS n FROM replicas WHERE network_address = ?');
    const placement = placeReplicas(uploader, online, (a) => (countReplicas.get(a) as { n: number }).n, replicas);
    const now = this.now();
    this.store.transaction(() => {
      if (earlier > 0n) this.store.refund(wallet, earlier);
      this.store.consume(wallet, cost);
      this.store.putFile({
        owner: wallet, file_hash: r.fileHash, file_name: r.fileName, file_size: r.fileSize, create_time: now, state: FileUploadState.UPLOADING,
        replicas: placement.length, uploaded_by: r.pp, reporter: '', chain_tx: '', chain_height: 0, charged_noz: cost.toString(),
      });
      this.store.putSlices(r.slices.map((s): SliceRow => ({ file_hash: r.fileHash, slice_number: s.sliceNumber, slice_hash: s.sliceHash, start: s.start, end: s.end })));
      this.store.event(now, 'upload_accepted', {
        wallet, file_hash: r.fileHash, file_name: r.fileName, file_size: r.fileSize, charged_noz: cost.toString(), placement: placement.map((p) => p.networkAddress),
        // a retry: what the earlier attempts held, given back in the same transaction
        ...(earlier > 0n ? { refunded_noz: earlier.toString() } : {}),
      });
    });
    if (r.slices.length === 0) this.completeIfReplicated(wallet, r.fileHash);
    return { ok: true, placement };
  }

  async uploadFailed(r: SpRequests['uploadFailed']): Promise<SpResponses['uploadFailed']> {
    const f = this.store.file(r.owner, r.fileHash);
    if (f && f.state === FileUploadState.UPLOADING) this.failUpload(f, r.reason);
    return { ok: true };
  }

  /** UPLOADING → FAILED, giving back the charge of the replicas its slices lack. */
  private failUpload(f: FileRow, reason: string): void {
    const slices = this.store.slices(f.file_hash).map((s) => ({ size: s.end - s.start, stored: this.store.replicas(s.slice_hash).length }));
    const refund = failedUploadRefund(this.settings, slices, f.replicas);
    this.store.transaction(() => {
      this.store.setFileState(f.owner, f.file_hash, FileUploadState.FAILED);
      if (refund > 0n) this.store.refund(f.owner, refund);
      this.store.setFileCharged(f.owner, f.file_hash, BigInt(f.charged_noz) > refund ? BigInt(f.charged_noz) - refund : 0n);
      this.store.event(this.now(), 'upload_failed', { wallet: f.owner, file_hash: f.file_hash, reason, refunded_noz: refund.toString() });
    });
  }

  /**
   * Uploads with no slice stored for `uploadTimeoutSeconds` since they were signed or since their
   * last slice: FAILED, as if their resource node had said so (it died, or the meta node missed its
   * reports); returns how many.
   */
  expireStaleUploads(): number {
    const timeout = this.settings.uploadTimeoutSeconds;
    const cutoff = this.now() - timeout;
    let expired = 0;
    for (const f of this.store.filesInState(FileUploadState.UPLOADING)) {
      if (Math.max(f.create_time, this.store.lastReplicaTime(f.file_hash) ?? 0) > cutoff) continue;
      this.failUpload(f, `no slice stored for ${timeout} s`);
      expired++;
    }
    return expired;
  }

  async sliceStored(r: SpRequests['sliceStored']): Promise<SpResponses['sliceStored']> {
    const f = this.store.file(r.owner, r.fileHash);
    if (!f) return refuse(ReturnCode.INTERNAL_DATA_FAILURE, `no upload of ${r.fileHash} by ${r.owner}`);
    const slice = this.store.slices(r.fileHash).find((s) => s.slice_number === r.sliceNumber);
    if (!slice || slice.slice_hash !== r.sliceHash || slice.end - slice.start !== r.size) {
      return refuse(ReturnCode.INTERNAL_DATA_FAILURE, `slice ${r.sliceNumber} of ${r.fileHash} is not ${r.sliceHash} of ${r.size} bytes`);
    }
    const node = this.store.resourceNode(r.storedBy);
    if (!node) return refuse(ReturnCode.WRONG_PP_ADDRESS, `resource node ${r.storedBy} is not part of this cluster`);
    const now = this.now();
    this.store.transaction(() => {
      if (!this.store.addReplica(r.sliceHash, r.storedBy, now)) return;
      const volume = trafficVolume(this.settings, r.size);
      this.store.addTraffic({ time: now, networkAddress: r.storedBy, wallet: node.wallet, kind: 'upload', fileHash: r.fileHash, sliceHash: r.sliceHash, bytes: r.size, volume });
      this.store.event(now, 'slice_stored', { file_hash: r.fileHash, slice_number: r.sliceNumber, slice_hash: r.sliceHash, network_address: r.storedBy, bytes: r.size, volume: volume.toString() });
    });
    return { ok: true, complete: this.completeIfReplicated(r.owner, r.fileHash) };
  }

  /** UPLOADING → CONFIRMING once every slice has its replicas; the chain record follows. */
  private completeIfReplicated(owner: string, fileHash: string): boolean {
    const f = this.store.file(owner, fileHash);
    if (!f) return false;
    if (f.state !== FileUploadState.UPLOADING) return f.state !== FileUploadState.FAILED;
    const done = this.store.slices(fileHash).every((s) => this.store.replicas(s.slice_hash).length >= f.replicas);
    if (!done) return false;
    this.store.setFileState(owner, fileHash, FileUploadState.CONFIRMING);
    this.store.event(this.now(), 'file_replicated', { wallet: owner, file_hash: fileHash, replicas: f.replicas });
    this.onFileComplete({ ...f, state: FileUploadState.CONFIRMING });
    return true;
  }

  async fileStatus(r: SpRequests['fileStatus']): Promise<SpResponses['fileStatus']> {
    const f = this.store.file(r.wallet, r.fileHash);
    if (!f) return { ok: true, state: FileUploadState.UNKNOWN, replicas: 0, userHasFile: false };
    const slices = this.store.slices(r.fileHash);
    const replicas = slices.length === 0 ? f.replicas : Math.min(...slices.map((s) => this.store.replicas(s.slice_hash).length));
    const failure = f.state === FileUploadState.FAILED ? this.store.uploadFailure(r.wallet, r.fileHash) : undefined;
    return { ok: true, state: f.state, replicas, userHasFile: f.state === FileUploadState.FINISHED || f.state === FileUploadState.CONFIRMING, ...(failure !== undefined ? { failure } : {}) };
  }

  private downloadPlan(f: FileRow): Omit<DownloadPlan, 'grantId'> {
    const slices = this.store.slices(f.file_hash).map((s) => ({
      sliceNumber: s.slice_number, sliceHash: s.slice_hash, start: s.start, end: s.end,
      holders: this.store.replicas(s.slice_hash).flatMap((a) => this.peerOf(a) ?? []),
    }));
    return { owner: f.owner, fileHash: f.file_hash, fileName: f.file_name, fileSize: f.file_size, slices };
  }

  /** Charges a download to `wallet` (whose signature was checked) and returns the plan. */
  private grantDownload(wallet: string, f: FileRow, kind: string, extra: Record<string, unknown>): SpResponses['requestDownload'] {
    const cost = this.downloadCost(f.file_size);
    const w = this.store.wallet(wallet);
    if (w.ozone < cost) return refuse(ReturnCode.FILE_REQ_FAILURE, `not enough ozone: the download of ${f.file_size} bytes costs ${cost} noz, wallet ${wallet} has ${w.ozone} noz (buy more with tx sds prepay)`);
    const plan = this.downloadPlan(f);
    if (plan.slices.some((s) => s.holders.length === 0)) return refuse(ReturnCode.FILE_REQ_FAILURE, `file ${f.file_hash} has a slice no online resource node holds`);
    const grantId = randomUUID();
    const now = this.now();
    this.store.transaction(() => {
      this.store.consume(wallet, cost);
      // kept with the charge (a restart keeps both); the expired ones go
      this.store.putDownloadGrant({ grant_id: grantId, wallet, file_hash: f.file_hash, file_size: f.file_size, time: now }, now - GRANT_SECONDS);
      this.store.event(now, kind, { wallet, owner: f.owner, file_hash: f.file_hash, charged_noz: cost.toString(), grant_id: grantId, ...extra });
    });
    return { ok: true, ...plan, grantId };
  }

  /** A granted download the resource node gave up on: the charge of the bytes not served comes back, once. */
  async downloadFailed(r: SpRequests['downloadFailed']): Promise<SpResponses['downloadFailed']> {
    const now = this.now();
    this.store.transaction(() => {
      const g = this.store.takeDownloadGrant(r.grantId, now - GRANT_SECONDS);
      if (!g) return;
      const refund = failedDownloadRefund(this.settings, g.file_size, r.servedBytes);
      if (refund > 0n) this.store.refund(g.wallet, refund);
      this.store.event(now, 'download_failed', { wallet: g.wallet, file_hash: g.file_hash, grant_id: r.grantId, reason: r.reason, served_bytes: r.servedBytes, refunded_noz: refund.toString() });
    });
    return { ok: true };
  }

  async requestDownload(r: SpRequests['requestDownload']): Promise<SpResponses['requestDownload']> {
    const wallet = r.signature.address;
    const check = verifySds(r.signature, SignedMessage.upload(r.fileHash, wallet, this.sn(wallet), r.reqTime));
    if (!check.ok) return refuse(ReturnCode.FILE_REQ_FAILURE, `signature does not verify with the wallet's current sequence number ${this.sn(wallet)}: ${check.detail}`);
    const f = this.store.file(r.owner, r.fileHash);
    if (!f || (f.state !== FileUploadState.FINISHED && f.state !== FileUploadState.CONFIRMING)) return refuse(ReturnCode.FILE_REQ_FAILURE, `file ${r.fileHash} of ${r.owner} not found`);
    return this.grantDownload(wallet, f, 'download_granted', { pp: r.pp });
  }

  async sliceServed(r: SpRequests['sliceServed']): Promise<SpResponses['sliceServed']> {
    const node = this.store.resourceNode(r.servedBy);
    if (!node) return refuse(ReturnCode.WRONG_PP_ADDRESS, `resource node ${r.servedBy} is not part of this cluster`);
    if (!this.store.replicas(r.sliceHash).includes(r.servedBy)) return refuse(ReturnCode.INTERNAL_DATA_FAILURE, `resource node ${r.servedBy} holds no slice ${r.sliceHash}`);
    const now = this.now();
    const volume = trafficVolume(this.settings, r.size);
    this.store.transaction(() => {
      this.store.addTraffic({ time: now, networkAddress: r.servedBy, wallet: node.wallet, kind: 'download', fileHash: r.fileHash, sliceHash: r.sliceHash, bytes: r.size, volume });
      this.store.event(now, 'slice_served', { file_hash: r.fileHash, slice_hash: r.sliceHash, network_address: r.servedBy, to: r.servedTo, bytes: r.size, volume: volume.toString() });
    });
    return { ok: true };
  }

  private checkListSignature(r: SpRequests['list']): Refusal | undefined {
    const check = verifySds(r.signature, SignedMessage.list(r.signature.address, r.reqTime));
    return check.ok ? undefined : refuse(ReturnCode.SIGNATURE_FAILURE, check.detail);
  }

  async list(r: SpRequests['list']): Promise<SpResponses['list']> {
    const bad = this.checkListSignature(r);
    if (bad) return bad;
    const page = Math.max(0, Math.floor(r.page));
    // a page past any list (its offset beyond what SQLite counts exactly) is an empty page
    const offset = page * LIST_PAGE_SIZE;
    const { files, total } = Number.isSafeInteger(offset) ? this.store.filesOf(r.signature.address, offset, LIST_PAGE_SIZE) : { files: [], total: this.store.filesOf(r.signature.address, 0, 0).total };
    return { ok: true, total, page, files: files.map((f) => ({ filehash: f.file_hash, filesize: f.file_size, filename: f.file_name, createtime: f.create_time })) };
  }

  async deleteFile(r: SpRequests['deleteFile']): Promise<SpResponses['deleteFile']> {
    const f = this.store.file(r.wallet, r.fileHash);
    if (!f || f.state === FileUploadState.FAILED) return refuse(`file ${r.fileHash} not found`, `file ${r.fileHash} not found`);
    const orphaned: { slice: SliceRow; holders: Peer[] }[] = [];
    this.store.transaction(() => {
      this.store.deleteFile(r.wallet, r.fileHash);
      // the content goes with its last owner; another owner's FAILED upload holds nothing (and cannot be deleted)
      if (this.store.filesByHash(r.fileHash).every((f) => f.state === FileUploadState.FAILED)) {
        for (const s of this.store.slices(r.fileHash)) {
          orphaned.push({ slice: s, holders: this.store.replicas(s.slice_hash).flatMap((a) => this.peerOf(a) ?? []) });
          this.store.removeReplicas(s.slice_hash);
        }
        this.store.deleteSlices(r.fileHash);
      }
      this.store.event(this.now(), 'file_deleted', { wallet: r.wallet, file_hash: r.fileHash });
    });
    // the holders drop their copies (best effort: a node offline now keeps an unreferenced slice)
    for (const o of orphaned) {
      for (const h of o.holders) void fetch(`${h.peerUrl}/slices/${o.slice.slice_hash}`, { method: 'DELETE' }).catch(() => undefined);
    }
    return { ok: true };
  }

  async share(r: SpRequests['share']): Promise<SpResponses['share']> {
    const wallet = r.signature.address;
    const check = verifySds(r.signature, SignedMessage.fileStatus(r.fileHash, wallet, r.reqTime));
    if (!check.ok) return refuse(`signature verification failed: ${check.detail}`, check.detail);
    const f = this.existingFile(wallet, r.fileHash);
    if (!f) return refuse(`file ${r.fileHash} not found`, `file ${r.fileHash} not found`);
    const now = this.now();
    const shareId = r.ipfsCid !== '' ? r.ipfsCid : randomBytes(8).toString('hex');
    if (this.store.share(shareId)) return refuse(`share ${shareId} already exists`, `share ${shareId} already exists`);
    const shareLink = r.ipfsCid !== '' ? r.ipfsCid : `${randomCode(6)}_${shareId}`;
    const password = r.privateFlag ? randomCode(4).toLowerCase() : '';
    this.store.transaction(() => {
      this.store.putShare({
        share_id: shareId, share_link: shareLink, owner: wallet, file_hash: r.fileHash, private: r.privateFlag ? 1 : 0, password, create_time: now,
        expire_time: r.duration > 0 ? now + r.duration : 0, ipfs_cid: r.ipfsCid, meta_info: r.metaInfo,
      });
      this.store.event(now, 'file_shared', { wallet, file_hash: r.fileHash, share_id: shareId, share_link: shareLink, private: r.privateFlag, duration: r.duration });
    });
    return { ok: true, shareId, shareLink, password };
  }

  async listShare(r: SpRequests['listShare']): Promise<SpResponses['listShare']> {
    const bad = this.checkListSignature(r);
    if (bad) return bad;
    const page = Math.max(0, Math.floor(r.page));
    const { shares, total } = this.store.sharesOf(r.signature.address, page * LIST_PAGE_SIZE, LIST_PAGE_SIZE);
    return {
      ok: true, total, page,
      shares: shares.map((s) => {
        const f = this.store.file(s.owner, s.file_hash);
        return { filehash: s.file_hash, filesize: f?.file_size ?? 0, filename: f?.file_name ?? '', linktime: s.create_time, linktimeexp: s.expire_time, shareid: s.share_id, sharelink: s.share_link };
      }),
    };
  }

  async stopShare(r: SpRequests['stopShare']): Promise<SpResponses['stopShare']> {
    const check = verifySds(r.signature, SignedMessage.stopShare(r.shareId, r.signature.address, r.reqTime));
    if (!check.ok) return refuse(ReturnCode.GENERIC_ERR, check.detail);
    const s = this.store.share(r.shareId);
    if (!s || s.owner !== r.signature.address) return refuse(ReturnCode.GENERIC_ERR, `no share ${r.shareId} of ${r.signature.address}`);
    this.store.transaction(() => {
      this.store.deleteShare(r.shareId);
      this.store.event(this.now(), 'share_stopped', { wallet: s.owner, share_id: r.shareId });
    });
    return { ok: true };
  }

  async getShared(r: SpRequests['getShared']): Promise<SpResponses['getShared']> {
    const wallet = r.signature.address;
    const check = verifySds(r.signature, SignedMessage.getShared(r.link, wallet, this.sn(wallet), r.reqTime));
    if (!check.ok) return refuse(ReturnCode.FILE_REQ_FAILURE, `signature does not verify with the wallet's current sequence number ${this.sn(wallet)}: ${check.detail}`);
    const s = this.store.share(r.shareId);
    const now = this.now();
    if (!s || (s.expire_time !== 0 && s.expire_time <= now)) return refuse(ReturnCode.FILE_REQ_FAILURE, `share link ${r.link} not found or expired`);
    if (s.private === 1 && s.password !== r.password) return refuse(ReturnCode.FILE_REQ_FAILURE, `share link ${r.link} is private: wrong or missing password`);
    const f = this.existingFile(s.owner, s.file_hash);
    if (!f) return refuse(ReturnCode.FILE_REQ_FAILURE, `the shared file ${s.file_hash} no longer exists`);
    return this.grantDownload(wallet, f, 'shared_download_granted', { share_id: s.share_id, pp: r.pp });
  }

  async clearExpiredShares(r: SpRequests['clearExpiredShares']): Promise<SpResponses['clearExpiredShares']> {
    const check = verifySds(r.signature, SignedMessage.list(r.signature.address, r.reqTime));
    if (!check.ok) return refuse(ReturnCode.INTERNAL_COMM_FAILURE, check.detail);
    const deleted = this.store.deleteExpiredShares(r.signature.address, this.now());
    return { ok: true, deleted, newCount: this.store.sharesOf(r.signature.address, 0, 0).total };
  }

  async serviceStatus(r: SpRequests['serviceStatus']): Promise<SpResponses['serviceStatus']> {
    let onChain;
    try {
      onChain = await this.chain.resourceNode(r.networkAddress);
    } catch {
      return { ok: true, registration: 'Unknown', mining: 'Unknown' };
    }
    const node = this.store.resourceNode(r.networkAddress);
    const online = node !== undefined && node.last_seen >= this.now() - this.settings.nodeTimeoutSeconds;
    return { ok: true, registration: onChain ? (node ? 'Registered' : 'Registering') : 'Not registered', mining: onChain && online ? 'ONLINE' : 'OFFLINE' };
  }
}
