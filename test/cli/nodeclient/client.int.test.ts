/**
 * `nodeclient client …` in process against a fake resource node (JSON-RPC over HTTP on 127.0.0.1,
 * answers set per test): what the user sees (exit code, stdout, `Error: …`) and what reaches the
 * node — a FAILED upload is a failure, a bad number is refused before any call, a download to a
 * path that cannot be written is never asked for (so never charged), `ozone` needs no password.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../src/cli/nodeclient.ts';
import type { RunningServer } from '../../../src/api/http.ts';
import { RpcDispatcher, type RpcMethod } from '../../../src/sds/rpc/dispatch.ts';
import { serveSdsRpcHttp } from '../../../src/sds/rpc/http-server.ts';
import { sdsFileHash } from '../../../src/sds/protocol/file-hash.ts';
import { createWallet } from '../../../src/sds/wallet/wallet-files.ts';

let home: string;
let server: RunningServer;
let url: string;
let address: string;
/** the methods the fake node got, with their params */
let calls: { method: string; params: Record<string, unknown> }[];
/** the fake node's answers, by method */
let answers: Record<string, (p: Record<string, unknown>) => unknown>;

const FILE = Buffer.from('hello storage network\n');
const HASH = sdsFileHash(FILE);
const REASON = 'the upload failed (resource node stsds1x did not keep slice 1: connect ECONNREFUSED 127.0.0.1:41483): upload it again';

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'nodeclient-client-'));
  address = createWallet(home, { password: 'pw' }).walletAddress;
  writeFileSync(join(home, 's4.bin'), FILE);
  const names = ['user_requestGetOzone', 'user_requestUpload', 'user_uploadData', 'user_uploadSign', 'user_getFileStatus', 'user_requestShare', 'user_requestList', 'user_requestDownload', 'user_downloadData', 'user_downloadedFileInfo'];
  const methods = new Map<string, RpcMethod>(
    names.map((method) => [method, async (params) => {
      calls.push({ method, params });
      const a = answers[method];
      if (!a) throw new Error(`no answer for ${method}`);
      return a(params);
    }]),
  );
  server = await serveSdsRpcHttp({ host: '127.0.0.1', port: 0, dispatcher: new RpcDispatcher(methods, ['user']) });
  url = `http://127.0.0.1:${server.address.port}`;
});
afterAll(async () => {
  await server.close();
  rmSync(home, { recursive: true, force: true });
});
beforeEach(() => {
  calls = [];
  answers = {
    user_requestGetOzone: (p) => ({ return: '0', ozone: '548358485789', sequencynumber: p.walletaddr === address ? 'SN:0000000000000000007' : 'SN:0000000000000000000' }),
    user_requestUpload: () => ({ return: '1', offsetstart: 0, offsetend: FILE.length }),
    user_uploadData: () => ({ return: '0' }),
    user_uploadSign: () => ({ return: '0' }),
    user_getFileStatus: () => ({ return: '0', file_upload_state: 3, user_has_file: true, replicas: 2 }),
    user_requestShare: () => ({ return: '0', shareid: '01d791f0fa5a8c68', sharelink: 'FEKxKy_01d791f0fa5a8c68' }),
    user_requestList: () => ({ return: '0' }),
    user_requestDownload: () => ({ return: '2', reqid: 'r1', offsetstart: 0, offsetend: FILE.length, filename: 's4.bin', filedata: FILE.toString('base64') }),
    user_downloadData: () => ({ return: '3' }),
    user_downloadedFileInfo: () => ({ return: '0' }),
  };
});

async function run(args: string[], password = 'pw'): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(['-r', home, 'client', ...args, '--walletAddress', address, '--password', password, '--url', url], {
    out: { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) },
    stopSignal: new Promise(() => undefined),
  });
  return { code, stdout, stderr };
}

const methods = () => calls.map((c) => c.method);

describe('client upload', () => {
  it('a FAILED upload exits 1 with an error naming the state and the reason', async () => {
    answers.user_getFileStatus = () => ({ return: '0', error: REASON, file_upload_state: 2 });
    expect(await run(['upload', join(home, 's4.bin')])).toEqual({
      code: 1,
      stdout: '',
      stderr: `Error: the upload of ${HASH} FAILED (file_upload_state 2): ${REASON}; the ozone of the replicas not stored was given back\n`,
    });
  });

  it('a FINISHED upload prints the file and exits 0', async () => {
    const r = await run(['upload', join(home, 's4.bin')]);
    expect(r).toEqual({ code: 0, stderr: '', stdout: expect.any(String) });
    expect(JSON.parse(r.stdout)).toEqual({ filehash: HASH, filesize: FILE.length, packets: 1, file_upload_state: 3, handle: `sdm://${address}/${HASH}` });
  });
});

describe('numbers that do not parse are refused before any call', () => {
  it.each([
    [['share', HASH, '--duration', 'abc'], 'Error: invalid --duration "abc": expected an integer ≥ 0\n'],
    [['share', HASH, '--duration', '-5'], 'Error: invalid --duration "-5": expected an integer ≥ 0\n'],
    [['share', HASH, '--duration', '1.5'], 'Error: invalid --duration "1.5": expected an integer ≥ 0\n'],
    [['list', '--page', 'abc'], 'Error: invalid --page "abc": expected an integer ≥ 0\n'],
    [['list', '--page', '-1'], 'Error: invalid --page "-1": expected an integer ≥ 0\n'],
  ])('%j', async (args, stderr) => {
    expect(await run(args)).toEqual({ code: 1, stdout: '', stderr });
    expect(calls).toEqual([]);
  });

  it('a good --duration and --page are sent as numbers', async () => {
    expect((await run(['share', HASH, '--duration', '3600'])).code).toBe(0);
    expect((await run(['list', '--page', '2'])).code).toBe(0);
    expect(calls.map((c) => [c.method, c.method === 'user_requestShare' ? c.params.duration : c.params.page])).toEqual([['user_requestShare', 3600], ['user_requestList', 2]]);
  });
});

describe('client download', () => {
  it('to a path that cannot be written: exit 1, and the charged user_requestDownload is never sent', async () => {
    const out = join(home, 'nonexist', 'dir', 'x');
    expect(await run(['download', HASH, out])).toEqual({ code: 1, stdout: '', stderr: `Error: ENOENT: no such file or directory, open '${out}'\n` });
    mkdirSync(join(home, 'a-dir'));
    expect(await run(['download', HASH, join(home, 'a-dir')])).toEqual({ code: 1, stdout: '', stderr: `Error: EISDIR: illegal operation on a directory, open '${join(home, 'a-dir')}'\n` });
    expect(methods()).toEqual([]);
  });

  it('refused by the node: a file it created is removed, an existing file is left as it was', async () => {
    answers.user_requestDownload = () => ({ return: '-6', detail: 'not enough ozone' });
    const fresh = join(home, 'fresh.bin');
    expect((await run(['download', HASH, fresh])).stderr).toBe('Error: user_requestDownload answered return "-6": not enough ozone\n');
    expect(existsSync(fresh)).toBe(false);
    const kept = join(home, 'kept.bin');
    writeFileSync(kept, 'old content');
    expect((await run(['download', HASH, kept])).code).toBe(1);
    expect(readFileSync(kept, 'utf8')).toBe('old content');
  });

  it('granted: an existing longer file is replaced by the download', async () => {
    const out = join(home, 'out.bin');
    writeFileSync(out, 'x'.repeat(100));
    const r = await run(['download', HASH, out]);
    expect(r.code).toBe(0);
    expect(readFileSync(out)).toEqual(FILE);
  });
});

describe('client ozone', () => {
  it('needs no signature, so no password: a wrong one is not even tried', async () => {
    const r = await run(['ozone'], 'wrong');
    expect(r).toEqual({ code: 0, stderr: '', stdout: expect.any(String) });
    expect(JSON.parse(r.stdout)).toEqual({ ozone: '548358485789', sequenceNumber: 'SN:0000000000000000007' });
    expect(calls).toEqual([{ method: 'user_requestGetOzone', params: { walletaddr: address } }]);
  });

  it('another wallet', async () => {
    const other = 'st1rfjz7r3u8t65teavh5utquj3kwvsj983l3hnfd';
    expect(JSON.parse((await run(['ozone', other], 'wrong')).stdout)).toEqual({ ozone: '548358485789', sequenceNumber: 'SN:0000000000000000000' });
    expect(calls).toEqual([{ method: 'user_requestGetOzone', params: { walletaddr: other } }]);
  });

  it('another wallet needs no wallet of one\'s own at all (no --walletAddress, no --from)', async () => {
    const other = 'st1rfjz7r3u8t65teavh5utquj3kwvsj983l3hnfd';
    let stdout = '';
    let stderr = '';
    const code = await main(['-r', join(home, 'nowhere'), 'client', 'ozone', other, '--url', url], {
      out: { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) },
      stopSignal: new Promise(() => undefined),
    });
    expect([code, stderr]).toEqual([0, '']);
    expect(JSON.parse(stdout)).toEqual({ ozone: '548358485789', sequenceNumber: 'SN:0000000000000000000' });
    expect(calls).toEqual([{ method: 'user_requestGetOzone', params: { walletaddr: other } }]);
  });

  it('a signed command still needs the right password', async () => {
    expect((await run(['list'], 'wrong')).stderr).toMatch(/^Error: .*could not decrypt key with given password\n$/);
    expect(calls).toEqual([]);
  });
});
