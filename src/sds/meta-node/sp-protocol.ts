/**
 * The messages between resource nodes (PP) and the meta-node service (SP). The real network's PP↔SP
 * protocol is protobuf over its own P2P transport, and the SP is closed software; the simulator
 * carries the same requests as JSON over HTTP (`POST <meta url>/sp/<operation>`), one operation per
 * request the real PP sends (docs/storage-network.md "Meta-node service"). Every answer is either
 * `{ok: true, …}` or a refusal `{ok: false, code, detail}` whose code is the RPC return code the PP
 * passes on to its client.
 */
import type { ReturnCodeValue } from '../protocol/return-codes.ts';
import type { SdsSignature } from '../protocol/signature.ts';

export interface Refusal {
  readonly ok: false;
  readonly code: ReturnCodeValue | string;
  readonly detail: string;
}

export type SpAnswer<T> = ({ readonly ok: true } & T) | Refusal;

/** A node of the cluster as the SP hands it out (where to push or fetch slices). */
export interface Peer {
  readonly networkAddress: string;
  readonly peerUrl: string;
}

export interface SliceInfo {
  readonly sliceNumber: number;
  readonly sliceHash: string;
  /** absolute offsets in the file, [start, end) */
  readonly start: number;
  readonly end: number;
}

export interface SliceLocation extends SliceInfo {
  readonly holders: readonly Peer[];
}

export interface SignedRequest {
  readonly signature: SdsSignature;
  readonly reqTime: number;
}

export interface SpRequests {
  register: { networkAddress: string; wallet: string; rpcUrl: string; peerUrl: string };
  getOzone: { wallet: string };
  requestUpload: SignedRequest & { sequenceNumber: string; fileHash: string; fileName: string; fileSize: number; pp: string };
  uploadSign: SignedRequest & { sequenceNumber: string; fileHash: string; fileName: string; fileSize: number; pp: string; slices: readonly SliceInfo[] };
  uploadFailed: { owner: string; fileHash: string; reason: string };
  sliceStored: { owner: string; fileHash: string; sliceNumber: number; sliceHash: string; size: number; storedBy: string };
  fileStatus: { wallet: string; fileHash: string };
  requestDownload: SignedRequest & { fileHash: string; owner: string; pp: string };
  sliceServed: { fileHash: string; sliceHash: string; size: number; servedBy: string; servedTo: string };
  list: SignedRequest & { page: number };
  deleteFile: { wallet: string; fileHash: string };
  share: SignedRequest & { fileHash: string; duration: number; privateFlag: boolean; ipfsCid: string; metaInfo: string };
  listShare: SignedRequest & { page: number };
  stopShare: SignedRequest & { shareId: string };
  getShared: SignedRequest & { link: string; shareId: string; password: string; pp: string };
  clearExpiredShares: SignedRequest;
  serviceStatus: { networkAddress: string };
}

export interface DownloadPlan {
  readonly owner: string;
  readonly fileHash: string;
  readonly fileName: string;
  readonly fileSize: number;
  readonly slices: readonly SliceLocation[];
}

export interface SpResponses {
  register: SpAnswer<{ replicas: number }>;
  getOzone: SpAnswer<{ ozone: string; sequenceNumber: string }>;
  requestUpload: SpAnswer<{ sequenceNumber: string }>;
  uploadSign: SpAnswer<{ placement: readonly Peer[] }>;
  uploadFailed: SpAnswer<object>;
  sliceStored: SpAnswer<{ complete: boolean }>;
  /** `failure`: why a FAILED upload failed (the resource node's reason), when known */
  fileStatus: SpAnswer<{ state: number; replicas: number; userHasFile: boolean; failure?: string }>;
  requestDownload: SpAnswer<DownloadPlan>;
  sliceServed: SpAnswer<object>;
  list: SpAnswer<{ files: { filehash: string; filesize: number; filename: string; createtime: number }[]; total: number; page: number }>;
  deleteFile: SpAnswer<object>;
  share: SpAnswer<{ shareId: string; shareLink: string; password: string }>;
  listShare: SpAnswer<{
    shares: { filehash: string; filesize: number; filename: string; linktime: number; linktimeexp: number; shareid: string; sharelink: string }[];
    total: number;
    page: number;
  }>;
  stopShare: SpAnswer<object>;
  getShared: SpAnswer<DownloadPlan>;
  clearExpiredShares: SpAnswer<{ deleted: number; newCount: number }>;
  serviceStatus: SpAnswer<{ registration: 'Not registered' | 'Registering' | 'Registered' | 'Unknown'; mining: 'OFFLINE' | 'ONLINE' | 'Unknown' }>;
}

export type SpOperation = keyof SpRequests;

export const SP_OPERATIONS: readonly SpOperation[] = [
  'register', 'getOzone', 'requestUpload', 'uploadSign', 'uploadFailed', 'sliceStored', 'fileStatus', 'requestDownload', 'sliceServed',
  'list', 'deleteFile', 'share', 'listShare', 'stopShare', 'getShared', 'clearExpiredShares', 'serviceStatus',
];

/** The page size of list and share-list results (reference §1.4.4: 20 per page). */
export const LIST_PAGE_SIZE = 20;
