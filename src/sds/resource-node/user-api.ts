/**
 * The `user_` namespace of a resource node's JSON-RPC API (reference §1.4): the methods a client
 * calls, each reading its Go param struct (params.ts), checking what the real node checks itself,
 * and asking the meta node for the rest. Application errors are results whose `return` holds a
 * negative code (§1.2), never JSON-RPC errors.
 */
import { parseFileHandle, parseShareLink, SHARE_LINK_PREFIX } from '../protocol/file-handle.ts';
import { ReturnCode } from '../protocol/return-codes.ts';
import { pubkeyProblem, SignedMessage, verifySds } from '../protocol/signature.ts';
import type { RpcMethod } from '../rpc/dispatch.ts';
import type { MetaClient } from './meta-client.ts';
import type { DownloadSessions } from './download-sessions.ts';
import { omitEmpty, Params } from './params.ts';
import type { UploadSessions } from './upload-sessions.ts';

type Result = Record<string, unknown>;
const result = (code: string, extra: Result = {}): Result => omitEmpty({ return: code, ...extra });

/** meta_info longer than this is refused (§1.4.6) */
export const MAX_META_INFO = 40;

export interface UserApiDeps {
  readonly meta: MetaClient;
  readonly uploads: UploadSessions;
  readonly downloads: DownloadSessions;
  readonly networkAddress: string;
  readonly log: (line: string) => void;
}

/**
 * The SP could not be asked: answered `-5` (its timeout) with the reason. Only the call goes in
 * `f`: the parameters are read before, so that a field of the wrong type stays a -32602 error.
 */
class Unreachable {
  constructor(readonly result: Result) {}
}

async function ask<T>(f: () => Promise<T>): Promise<T | Unreachable> {
  try {
    return await f();
  } catch (e) {
    return new Unreachable(result(ReturnCode.TIME_OUT, { detail: (e as Error).message }));
  }
}

export function userMethods(d: UserApiDeps): Map<string, RpcMethod> {
  const m = new Map<string, RpcMethod>();

  m.set('user_requestGetOzone', async (raw) => {
    const p = new Params(raw, 'ParamReqGetOzone');
    const wallet = p.str('walletaddr');
    const a = await ask(() => d.meta.call('getOzone', { wallet }, 10_000));
    if (a instanceof Unreachable) return a.result;
    if (!a.ok) return result(ReturnCode.INTERNAL_COMM_FAILURE, { detail: a.detail });
    return { return: ReturnCode.SUCCESS, ozone: a.ozone, sequencynumber: a.sequenceNumber };
  });

  m.set('user_requestUpload', async (raw) => {
    const p = new Params(raw, 'ParamReqUploadFile');
    return d.uploads.requestUpload({
      filename: p.str('filename'), filesize: p.int('filesize'), filehash: p.str('filehash'), signature: p.signature(), req_time: p.int('req_time', 'int64'),
      sequencenumber: p.str('sequencenumber'),
    });
  });

  m.set('user_uploadData', async (raw) => {
    const p = new Params(raw, 'ParamUploadData');
    return d.uploads.uploadData({
      filehash: p.str('filehash'), data: p.str('data'), signature: p.signature(), req_time: p.int('req_time', 'int64'), sequencenumber: p.str('sequencenumber'), stop: p.bool('stop'),
    });
  });

  m.set('user_uploadSign', async (raw) => {
    const p = new Params(raw, 'ParamUploadSign');
    return d.uploads.uploadSign({ filehash: p.str('filehash'), signature: p.signature(), sequencenumber: p.str('sequencenumber'), req_time: p.int('req_time', 'int64') });
  });

  m.set('user_getFileStatus', async (raw) => {
    const p = new Params(raw, 'ParamGetFileStatus');
    return d.uploads.getFileStatus({ filehash: p.str('filehash'), signature: p.signature(), req_time: p.int('req_time', 'int64') });
  });

  m.set('user_requestDownload', async (raw) => {
    const p = new Params(raw, 'ParamReqDownloadFile');
    const signature = p.signature();
    const reqTime = p.int('req_time', 'int64');
    let handle;
    try {
      handle = parseFileHandle(p.str('filehandle'));
    } catch (e) {
      return result(ReturnCode.WRONG_INPUT, { detail: (e as Error).message });
    }
    // the PP checks only that the address is the pubkey's; the SP checks the signature and the SN
    const keyProblem = pubkeyProblem(signature);
    if (keyProblem !== undefined) return result(`${ReturnCode.SIGNATURE_FAILURE}, ${keyProblem}`, { detail: keyProblem });
    if (handle.owner !== signature.address) return result(ReturnCode.WRONG_WALLET_ADDRESS, { detail: `only the owner ${handle.owner} may download ${handle.fileHash} through sdm://; ${signature.address} can use a share link` });
    const a = await ask(() => d.meta.call('requestDownload', { signature, reqTime, fileHash: handle.fileHash, owner: handle.owner, pp: d.networkAddress }, 15_000));
    if (a instanceof Unreachable) return a.result;
    if (!a.ok) return result(ReturnCode.FILE_REQ_FAILURE, { detail: a.detail });
    return d.downloads.open(a, signature.address, (plan) => ({ filename: plan.fileName }));
  });

  m.set('user_downloadData', async (raw) => {
    const p = new Params(raw, 'ParamDownloadData');
    return d.downloads.downloadData({ filehash: p.str('filehash'), reqid: p.str('reqid') });
  });

  m.set('user_downloadedFileInfo', async (raw) => {
    const p = new Params(raw, 'ParamDownloadFileInfo');
    return d.downloads.downloadedFileInfo({ filehash: p.str('filehash'), filesize: p.int('filesize', 'uint64'), reqid: p.str('reqid') });
  });

  m.set('user_requestList', async (raw) => {
    const p = new Params(raw, 'ParamReqFileList');
    const signature = p.signature();
    const reqTime = p.int('req_time', 'int64');
    const page = p.int('page', 'uint64');
    const a = await ask(() => d.meta.call('list', { signature, reqTime, page }, 10_000));
    if (a instanceof Unreachable) return a.result;
    if (!a.ok) return result(a.code === ReturnCode.SIGNATURE_FAILURE ? `${ReturnCode.SIGNATURE_FAILURE}, ${a.detail}` : ReturnCode.INTERNAL_COMM_FAILURE, { detail: a.detail });
    return omitEmpty({ return: ReturnCode.SUCCESS, fileinfo: a.files, totalnumber: a.total, page: a.page });
  });

  m.set('user_requestDeleteFile', async (raw) => {
    const p = new Params(raw, 'ParamReqDeleteFile');
    const signature = p.signature();
    const filehash = p.str('filehash');
    const check = verifySds(signature, SignedMessage.fileStatus(filehash, signature.address, p.int('req_time', 'int64')));
    if (!check.ok) return result(`${ReturnCode.SIGNATURE_FAILURE}, ${check.detail}`, { detail: check.detail });
    const a = await ask(() => d.meta.call('deleteFile', { wallet: signature.address, fileHash: filehash }, 10_000));
    if (a instanceof Unreachable) return a.result;
    // [QUIRK] reference §1.2: a failed delete puts the SP's error text in `return`
    if (!a.ok) return { return: a.code };
    return result(ReturnCode.SUCCESS);
  });

  m.set('user_requestShare', async (raw) => {
    const p = new Params(raw, 'ParamReqShareFile');
    const metaInfo = p.str('meta_info');
    if (metaInfo.length > MAX_META_INFO) return result(`${ReturnCode.WRONG_INPUT}, invalid meta info`, { detail: `the meta info is ${metaInfo.length} characters, at most ${MAX_META_INFO}` });
    const request = {
      signature: p.signature(), reqTime: p.int('req_time', 'int64'), fileHash: p.str('filehash'), duration: p.int('duration', 'int64'), privateFlag: p.bool('private_flag'),
      ipfsCid: p.str('ipfs_cid'), metaInfo,
    };
    const a = await ask(() => d.meta.call('share', request, 10_000));
    if (a instanceof Unreachable) return a.result;
    // [QUIRK] reference §1.2: a failed share puts the SP's error text in `return`
    if (!a.ok) return { return: a.code };
    if (a.password !== '') d.log(`private share ${a.shareLink} of ${p.str('filehash')}: password ${a.password}`);
    return { return: ReturnCode.SUCCESS, shareid: a.shareId, sharelink: a.shareLink };
  });

  m.set('user_requestListShare', async (raw) => {
    const p = new Params(raw, 'ParamReqShareList');
    const request = { signature: p.signature(), reqTime: p.int('req_time', 'int64'), page: p.int('page', 'uint64') };
    const a = await ask(() => d.meta.call('listShare', request, 10_000));
    if (a instanceof Unreachable) return a.result;
    if (!a.ok) return result(ReturnCode.INTERNAL_COMM_FAILURE, { detail: a.detail });
    return omitEmpty({ return: ReturnCode.SUCCESS, fileinfo: a.shares.map((s) => omitEmpty(s, [])), totalnumber: a.total, page: a.page });
  });

  m.set('user_requestStopShare', async (raw) => {
    const p = new Params(raw, 'ParamReqStopShare');
    const request = { signature: p.signature(), reqTime: p.int('req_time', 'int64'), shareId: p.str('shareid') };
    const a = await ask(() => d.meta.call('stopShare', request, 10_000));
    if (a instanceof Unreachable) return a.result;
    if (!a.ok) return result(ReturnCode.GENERIC_ERR, { detail: a.detail });
    return result(ReturnCode.SUCCESS);
  });

  m.set('user_requestGetShared', async (raw) => {
    const p = new Params(raw, 'ParamReqGetShared');
    const text = p.str('sharelink');
    // [QUIRK] reference §1.4.6: a link shorter than 6 characters crashes the real handler (-32000)
    if (text.length < 6) throw new Error(`slice bounds out of range [:6] with length ${text.length}`);
    if (!text.startsWith(SHARE_LINK_PREFIX)) return result(ReturnCode.WRONG_INPUT, { detail: `the share link must start with ${SHARE_LINK_PREFIX}` });
    let link;
    try {
      link = parseShareLink(text);
    } catch (e) {
      return result(ReturnCode.WRONG_INPUT, { detail: (e as Error).message });
    }
    const signature = p.signature();
    const request = { signature, reqTime: p.int('req_time', 'int64'), link: link.link, shareId: link.shareId, password: link.password ?? '', pp: d.networkAddress };
    const a = await ask(() => d.meta.call('getShared', request, 15_000));
    if (a instanceof Unreachable) return a.result;
    if (!a.ok) return result(ReturnCode.FILE_REQ_FAILURE, { detail: a.detail });
    return d.downloads.open(a, signature.address, (plan) => ({ filehash: plan.fileHash, filename: plan.fileName, filesize: plan.fileSize }));
  });

  m.set('user_requestClearExpiredShareLinks', async (raw) => {
    const p = new Params(raw, 'ParamReqClearExpiredShareLinks');
    const signature = p.signature();
    const reqTime = p.int('req_time', 'int64');
    const a = await ask(() => d.meta.call('clearExpiredShares', { signature, reqTime }, 10_000));
    if (a instanceof Unreachable) return a.result;
    if (!a.ok) return { walletaddr: signature.address, return: ReturnCode.INTERNAL_COMM_FAILURE, deleted: 0, new_count: 0 };
    // [QUIRK] reference §1.4.6: on success the real node leaves `return` empty and the counters at 0
    d.log(`cleared ${a.deleted} expired share link(s) of ${signature.address}; ${a.newCount} left`);
    return { walletaddr: signature.address, return: '', deleted: 0, new_count: 0 };
  });

  m.set('user_requestServiceStatus', async () => {
    const a = await ask(() => d.meta.call('serviceStatus', { networkAddress: d.networkAddress }, 10_000));
    if (a instanceof Unreachable) return { return: ReturnCode.SUCCESS, message: 'Registration Status: Unknown | Mining: Unknown ' };
    if (!a.ok) return { return: ReturnCode.SUCCESS, message: 'Registration Status: Unknown | Mining: Unknown ' };
    return { return: ReturnCode.SUCCESS, message: `Registration Status: ${a.registration} | Mining: ${a.mining} ` };
  });

  return m;
}
