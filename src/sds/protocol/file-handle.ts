/**
 * File handles and share links (reference/storage-network.md §1.4.3, §1.4.6; sds
 * `framework/types/datamesh.go`).
 *
 * File handle: `sdm://<41-char st1 address>/<40-char file hash>[/<file name>]` — 88 characters
 * without the name; characters 3..5 are `://` and character 47 is `/`.
 * Share link (after `sds://`, optionally followed by `/<password>`):
 * - v1: `<6 random characters>_<16 hex>` (23 characters), share id = the 16 hex;
 * - v2: `<16 hex>_<10 hex>_<6 hex>` (34 characters), share id = the first 16 hex [inferred];
 * - ipfs: a valid CID; the share id is the CID itself.
 */
import { Hrp } from '../../crypto/address.ts';
import { fromBech32 } from '../../crypto/bech32.ts';
import { cidProblem } from '../../modules/sds/file-hash.ts';
import { sdsHashProblem } from './file-hash.ts';

export const FILE_HANDLE_PREFIX = 'sdm://';
export const SHARE_LINK_PREFIX = 'sds://';
/** `sdm://` + 41 + `/` + 40 */
export const FILE_HANDLE_LENGTH = 88;
const ADDRESS_CHARS = 41;

export interface FileHandle {
  readonly owner: string;
  readonly fileHash: string;
  readonly fileName?: string;
}

/** Which part of a file handle is wrong: `format` (RPC -7) or `owner` (a bad bech32 address, RPC -12) or `hash` (-7). */
export class FileHandleError extends Error {
  constructor(
    readonly part: 'format' | 'owner' | 'hash',
    message: string,
  ) {
    super(message);
    this.name = 'FileHandleError';
  }
}

const shown = (text: string): string => JSON.stringify(text.length > 120 ? `${text.slice(0, 120)}…` : text);

/** sdm://<41-char st1 address>/<40-char hash>[/<name>]; throws FileHandleError naming the problem */
export function parseFileHandle(text: string): FileHandle {
  if (typeof text !== 'string' || text === '') throw new FileHandleError('format', 'invalid file handle: empty');
  const what = `invalid file handle ${shown(text)}`;
  if (!text.startsWith(FILE_HANDLE_PREFIX)) throw new FileHandleError('format', `${what}: expected it to start with "sdm://"`);
  if (text.length < FILE_HANDLE_LENGTH) {
    throw new FileHandleError('format', `${what}: expected sdm://<41-character wallet address>/<40-character file hash>`);
  }
  if (text[6 + ADDRESS_CHARS] !== '/') {
    throw new FileHandleError('format', `${what}: expected "/" after the 41-character wallet address`);
  }
  const owner = text.slice(6, 6 + ADDRESS_CHARS);
  const fileHash = text.slice(6 + ADDRESS_CHARS + 1, FILE_HANDLE_LENGTH);
  let fileName: string | undefined;
  if (text.length > FILE_HANDLE_LENGTH) {
    if (text[FILE_HANDLE_LENGTH] !== '/') throw new FileHandleError('format', `${what}: expected "/" before the file name`);
    fileName = text.slice(FILE_HANDLE_LENGTH + 1);
  }
  try {
    fromBech32(owner, Hrp.account, 20);
  } catch (e) {
    throw new FileHandleError('owner', `${what}: wallet address: ${(e as Error).message}`);
  }
  const problem = sdsHashProblem(fileHash);
  if (problem !== undefined) throw new FileHandleError('hash', `${what}: ${problem}`);
  return fileName === undefined || fileName === '' ? { owner, fileHash } : { owner, fileHash, fileName };
}

export function formatFileHandle(h: FileHandle): string {
  return `${FILE_HANDLE_PREFIX}${h.owner}/${h.fileHash}${h.fileName ? `/${h.fileName}` : ''}`;
}

export type ShareLink = { kind: 'v1' | 'v2' | 'ipfs'; link: string; shareId: string; password?: string };

const V1 = /^[A-Za-z0-9]{6}_([0-9a-f]{16})$/;
const V2 = /^([0-9a-f]{16})_[0-9a-f]{10}_[0-9a-f]{6}$/;

/**
 * The part after sds://, with optional /<password>; a leading `sds://` is accepted and removed
 * (the RPC handler itself must insist on it: `requestGetShared` answers -7 without it).
 * `link` is what the client signs (`SignedMessage.getShared`). Throws Error naming the problem.
 */
export function parseShareLink(text: string): ShareLink {
  if (typeof text !== 'string' || text === '') throw new Error('invalid share link: empty');
  const body = text.startsWith(SHARE_LINK_PREFIX) ? text.slice(SHARE_LINK_PREFIX.length) : text;
  const slash = body.indexOf('/');
  const link = slash < 0 ? body : body.slice(0, slash);
  const password = slash < 0 ? undefined : body.slice(slash + 1);
  const withPassword = <T extends ShareLink>(s: T): ShareLink => (password ? { ...s, password } : s);
  const v1 = V1.exec(link);
  if (v1) return withPassword({ kind: 'v1', link, shareId: v1[1]! });
  const v2 = V2.exec(link);
  if (v2) return withPassword({ kind: 'v2', link, shareId: v2[1]! });
  if (link.length >= 2 && cidProblem(link) === undefined) return withPassword({ kind: 'ipfs', link, shareId: link });
  throw new Error(
    `invalid share link ${shown(text)}: expected sds://<6 characters>_<16 hex digits>, sds://<16 hex>_<10 hex>_<6 hex> or sds://<IPFS CID>, optionally followed by /<password>`,
  );
}
