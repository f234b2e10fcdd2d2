/**
 * The resource node's JSON-RPC over its IPC socket (geth's IPC codec) on a real Unix socket in a
 * temp dir: a stream of JSON values in any chunking, each answer a JSON line.
 */
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultIpcPath, SDS_IPC_MAX_MESSAGE, serveSdsRpcIpc } from '../../../src/sds/rpc/ipc-server.ts';
import { fakeNode, ipcSession, rawIpc } from './fixture.ts';

const MODULES = '{"jsonrpc":"2.0","id":1,"method":"rpc_modules","params":[]}';
const MODULES_ANSWER = '{"jsonrpc":"2.0","id":1,"result":{"rpc":"1.0","user":"1.0"}}\n';

let dir: string;
let ipc: Awaited<ReturnType<typeof serveSdsRpcIpc>>;
let path: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sds-ipc-'));
  path = defaultIpcPath(dir);
  ipc = await serveSdsRpcIpc(path, fakeNode().dispatcher);
});
afterAll(async () => {
  await ipc.close();
  rmSync(dir, { recursive: true, force: true });
});

const byId = (text: string): string[] => text.trim().split('\n').sort();

describe('SDS JSON-RPC over IPC', () => {
  it('lives at <home>/sds.ipc by default, readable by the owner only', () => {
    expect(defaultIpcPath('/home/u/rsnode')).toBe('/home/u/rsnode/sds.ipc');
    expect(ipc.path).toBe(path);
    expect(statSync(path).isSocket()).toBe(true);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('answers a request with one JSON line', async () => {
    expect(await rawIpc(path, [MODULES])).toBe(MODULES_ANSWER);
  });

  it('answers several requests on one connection, two of them written in one chunk', async () => {
    const out = await rawIpc(path, [
      '{"jsonrpc":"2.0","id":1,"method":"user_echo","params":[{"n":1}]}{"jsonrpc":"2.0","id":2,"method":"user_echo","params":[{"n":2}]}',
      '\n{"jsonrpc":"2.0","id":3,"method":"user_nope"} ',
    ]);
    expect(byId(out)).toEqual([
      '{"jsonrpc":"2.0","id":1,"result":{"return":"0","got":{"n":1}}}',
      '{"jsonrpc":"2.0","id":2,"result":{"return":"0","got":{"n":2}}}',
      '{"jsonrpc":"2.0","id":3,"error":{"code":-32601,"message":"the method user_nope does not exist/is not available"}}',
    ]);
  });

  it('reassembles a request split across chunks (inside a string, a multi-byte character, a number)', async () => {
    const msg = Buffer.from('{"jsonrpc":"2.0","id":12345,"method":"user_echo","params":[{"name":"fïlé ☃","size":1024}]}');
    const cuts = [5, 20, 31, 72, 73, 74, 85];
    const chunks: Buffer[] = [];
    let at = 0;
    for (const c of cuts) {
      chunks.push(msg.subarray(at, c));
      at = c;
    }
    chunks.push(msg.subarray(at));
    expect(await rawIpc(path, chunks)).toBe('{"jsonrpc":"2.0","id":12345,"result":{"return":"0","got":{"name":"fïlé ☃","size":1024}}}\n');
  });

  it('keeps a connection open for later requests', async () => {
    const s = await ipcSession(path);
    await s.send(MODULES);
    expect(await s.next()).toEqual([MODULES_ANSWER.trim()]);
    await s.send('{"jsonrpc":"2.0","id":"b","method":"user_note","params":[{}]}\n');
    expect(await s.next()).toEqual(['{"jsonrpc":"2.0","id":"b","result":{"return":"0"}}']);
    s.close();
  });

  it('serves several connections at once', async () => {
    const outs = await Promise.all([1, 2, 3, 4].map((i) => rawIpc(path, [`{"jsonrpc":"2.0","id":${i},"method":"user_echo","params":[{"c":${i}}]}`])));
    expect(outs).toEqual([1, 2, 3, 4].map((i) => `{"jsonrpc":"2.0","id":${i},"result":{"return":"0","got":{"c":${i}}}}\n`));
  });

  it('answers batches in order without notifications', async () => {
    const out = await rawIpc(path, ['[{"jsonrpc":"2.0","id":1,"method":"user_wait"},{"jsonrpc":"2.0","method":"user_note"},{"jsonrpc":"2.0","id":2,"method":"user_release"}]']);
    expect(out).toBe('[{"jsonrpc":"2.0","id":1,"result":{"return":"0","waited":true}},{"jsonrpc":"2.0","id":2,"result":{"return":"0"}}]\n');
    expect(await rawIpc(path, ['[]'])).toBe('{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"empty batch"}}\n');
  });

  it('answers a syntax error with -32700 and Go\'s text, then closes that connection', async () => {
    // the request before the bad byte is still answered; nothing after it is read
    const out = await rawIpc(path, [`${MODULES}\n}{"jsonrpc":"2.0","id":2,"method":"rpc_modules"}`], { end: false });
    expect(out).toBe(`${MODULES_ANSWER}{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"invalid character '}' looking for beginning of value"}}\n`);
    expect(await rawIpc(path, ['{"id":1 "method":"x"}'], { end: false })).toBe(
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"invalid character \'\\"\' after object key:value pair"}}\n',
    );
    expect(await rawIpc(path, ['[1,tru e]'], { end: false })).toBe(
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"invalid character \' \' in literal true (expecting \'e\')"}}\n',
    );
    // the server is unharmed
    expect(await rawIpc(path, [MODULES])).toBe(MODULES_ANSWER);
  });

  it('answers a crashing method with -32000 and keeps serving on the same connection', async () => {
    const s = await ipcSession(path);
    await s.send('{"jsonrpc":"2.0","id":1,"method":"user_crash","params":[{"sharelink":"x"}]}');
    expect(await s.next()).toEqual(['{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"method handler crashed"}}']);
    await s.send(MODULES);
    expect(await s.next()).toEqual([MODULES_ANSWER.trim()]);
    s.close();
  });

  it('accepts a 16 MiB message', async () => {
    expect(SDS_IPC_MAX_MESSAGE).toBeGreaterThanOrEqual(16 * 1024 * 1024);
    const data = 'QUFB'.repeat(4 * 1024 * 1024); // 16 MiB of base64
    const out = await rawIpc(path, [`{"jsonrpc":"2.0","id":1,"method":"user_note","params":[{"filedata":"${data}"}]}`]);
    expect(out).toBe('{"jsonrpc":"2.0","id":1,"result":{"return":"0"}}\n');
  });

  it('closes only the connection whose message is over the limit', async () => {
    const small = await serveSdsRpcIpc(join(dir, 'small.ipc'), fakeNode().dispatcher, 1024);
    try {
      const other = await ipcSession(small.path);
      const out = await rawIpc(small.path, [`{"jsonrpc":"2.0","id":1,"method":"user_note","params":[{"filedata":"${'A'.repeat(2000)}"}]}`], { end: false });
      expect(out).toBe('{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"message too large: more than 1024 bytes"}}\n');
      await other.send(MODULES);
      expect(await other.next()).toEqual([MODULES_ANSWER.trim()]);
      other.close();
    } finally {
      await small.close();
    }
  });

  it('replaces a stale socket file, refuses a live one and a file that is not a socket', async () => {
    const stalePath = join(dir, 'stale.ipc');
    // a socket file left behind by a node that was killed: nobody listens on it any more
    spawnSync(process.execPath, ['-e', `require('net').createServer().listen(${JSON.stringify(stalePath)}, () => process.kill(process.pid, 'SIGKILL'))`]);
    expect(statSync(stalePath).isSocket()).toBe(true);
    const fresh = await serveSdsRpcIpc(stalePath, fakeNode().dispatcher);
    try {
      expect(await rawIpc(stalePath, [MODULES])).toBe(MODULES_ANSWER);
      await expect(serveSdsRpcIpc(stalePath, fakeNode().dispatcher)).rejects.toThrow(`IPC endpoint ${stalePath} is in use: another process is listening on it`);
      // the live server still answers
      expect(await rawIpc(stalePath, [MODULES])).toBe(MODULES_ANSWER);
    } finally {
      await fresh.close();
    }
    expect(existsSync(stalePath)).toBe(false);
    const plain = join(dir, 'plain.ipc');
    writeFileSync(plain, 'keep me');
    await expect(serveSdsRpcIpc(plain, fakeNode().dispatcher)).rejects.toThrow(`IPC endpoint ${plain} exists and is not a socket; refusing to remove it`);
  });

  it('refuses a socket path longer than a Unix socket can hold', async () => {
    const long = join(dir, 'x'.repeat(120), 'sds.ipc');
    await expect(serveSdsRpcIpc(long, fakeNode().dispatcher)).rejects.toThrow(
      `IPC endpoint ${long} is ${Buffer.byteLength(long)} bytes long; a Unix socket path may have at most 107: choose a shorter path`,
    );
    expect(existsSync(join(dir, 'x'.repeat(120)))).toBe(false);
  });

  it('creates the socket\'s directory', async () => {
    const nested = join(dir, 'a', 'b', 'sds.ipc');
    const s = await serveSdsRpcIpc(nested, fakeNode().dispatcher);
    try {
      expect(await rawIpc(nested, [MODULES])).toBe(MODULES_ANSWER);
    } finally {
      await s.close();
    }
  });
});
