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
  /** a granted download the resource node gave up on: the bytes of the slices it got served */
  downloadFailed: { grantId: string; servedBytes: number; reason: string };
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
  /** the grant's id, for `downloadFailed` */
  readonly grantId: string;
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
  downloadFailed: SpAnswer<object>;
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
  'downloadFailed', 'list', 'deleteFile', 'share', 'listShare', 'stopShare', 'getShared', 'clearExpiredShares', 'serviceStatus',
];

/** The JSON kind of each field of a request (`signature`: an SdsSignature; `slices`: SliceInfo[]). */
type FieldKind = 'string' | 'number' | 'boolean' | 'signature' | 'slices';
const SIGNED = { signature: 'signature', reqTime: 'number' } as const;

/** Every field each operation reads, with its kind: a request is checked against them before it runs. */
export const SP_FIELDS: { readonly [Op in SpOperation]: { readonly [Field in keyof SpRequests[Op]]-?: FieldKind } } = {
  register: { networkAddress: 'string', wallet: 'string', rpcUrl: 'string', peerUrl: 'string' },
  getOzone: { wallet: 'string' },
  requestUpload: { ...SIGNED, sequenceNumber: 'string', fileHash: 'string', fileName: 'string', fileSize: 'number', pp: 'string' },
  uploadSign: { ...SIGNED, sequenceNumber: 'string', fileHash: 'string', fileName: 'string', fileSize: 'number', pp: 'string', slices: 'slices' },
  uploadFailed: { owner: 'string', fileHash: 'string', reason: 'string' },
  sliceStored: { owner: 'string', fileHash: 'string', sliceNumber: 'number', sliceHash: 'string', size: 'number', storedBy: 'string' },
  fileStatus: { wallet: 'string', fileHash: 'string' },
  requestDownload: { ...SIGNED, fileHash: 'string', owner: 'string', pp: 'string' },
  sliceServed: { fileHash: 'string', sliceHash: 'string', size: 'number', servedBy: 'string', servedTo: 'string' },
  downloadFailed: { grantId: 'string', servedBytes: 'number', reason: 'string' },
  list: { ...SIGNED, page: 'number' },
  deleteFile: { wallet: 'string', fileHash: 'string' },
  share: { ...SIGNED, fileHash: 'string', duration: 'number', privateFlag: 'boolean', ipfsCid: 'string', metaInfo: 'string' },
  listShare: { ...SIGNED, page: 'number' },
  stopShare: { ...SIGNED, shareId: 'string' },
  getShared: { ...SIGNED, link: 'string', shareId: 'string', password: 'string', pp: 'string' },
  clearExpiredShares: { ...SIGNED },
  serviceStatus: { networkAddress: 'string' },
};

/** What is wrong with a request's body for `op` (the first field missing or of another kind), if anything. */
export function spRequestProblem(op: SpOperation, body: Record<string, unknown>): string | undefined {
  const kindOf = (v: unknown, kind: FieldKind): boolean => {
    switch (kind) {
      case 'string':
      case 'boolean':
        return typeof v === kind;
      case 'number':
        return typeof v === 'number' && Number.isFinite(v);
      case 'signature':
        return typeof v === 'object' && v !== null && !Array.isArray(v) && ['address', 'pubkey', 'signature'].every((k) => typeof (v as Record<string, unknown>)[k] === 'string');
      case 'slices':
        return Array.isArray(v) && v.every((x) => typeof x === 'object' && x !== null && ['sliceNumber', 'start', 'end'].every((k) => typeof (x as Record<string, unknown>)[k] === 'number') && typeof (x as Record<string, unknown>).sliceHash === 'string');
    }
  };
  const expected: Record<FieldKind, string> = { string: 'a string', number: 'a number', boolean: 'true or false', signature: 'an object {address, pubkey, signature} of strings', slices: 'an array of {sliceNumber, sliceHash, start, end}' };
  for (const [field, kind] of Object.entries(SP_FIELDS[op]) as [string, FieldKind][]) {
    if (!(field in body)) return `${op}: field ${field} is missing (${expected[kind]})`;
    if (!kindOf(body[field], kind)) return `${op}: field ${field} must be ${expected[kind]}, got ${JSON.stringify(body[field])?.slice(0, 60)}`;
  }
  return undefined;
}

/** The page size of list and share-list results (reference §1.4.4: 20 per page). */
export const LIST_PAGE_SIZE = 20;
