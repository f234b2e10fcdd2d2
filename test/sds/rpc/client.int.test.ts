/**
 * Both clients (HTTP and IPC) against both servers, with fake methods: what `nodeclient ipfs`, the
 * gateway and the tests see when they talk to a resource node.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../src/api/http.ts';
import { httpRpcClient, ipcRpcClient, SdsRpcError, SdsRpcTransportError, type SdsRpcClient } from '../../../src/sds/rpc/client.ts';
import { serveSdsRpcHttp } from '../../../src/sds/rpc/http-server.ts';
import { defaultIpcPath, serveSdsRpcIpc } from '../../../src/sds/rpc/ipc-server.ts';
import { RpcDispatcher, type RpcMethod } from '../../../src/sds/rpc/dispatch.ts';
import { fakeNode, type Fake } from './fixture.ts';

let dir: string;
let fake: Fake;
let http: RunningServer;
let ipc: Awaited<ReturnType<typeof serveSdsRpcIpc>>;
let url: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sds-rpc-client-'));
  fake = fakeNode();
  http = await serveSdsRpcHttp({ host: '127.0.0.1', port: 0, dispatcher: fake.dispatcher });
  ipc = await serveSdsRpcIpc(defaultIpcPath(dir), fake.dispatcher);
  url = `http://127.0.0.1:${http.address.port}`;
});
afterAll(async () => {
  await http.close();
  await ipc.close();
  rmSync(dir, { recursive: true, force: true });
});

const transports: [string, () => SdsRpcClient, 'http' | 'ipc'][] = [
  ['HTTP', () => httpRpcClient(url), 'http'],
  ['IPC', () => ipcRpcClient(ipc.path), 'ipc'],
];

describe.each(transports)('the %s client', (_name, make, transport) => {
  let client: SdsRpcClient;
  beforeAll(() => {
    client = make();
  });
  afterAll(async () => {
    await client.close();
  });

  it('calls a method with [params] and returns its result', async () => {
    const before = fake.seen.length;
    expect(await client.call('user_echo', { filehash: 'v05j1m555fu587j6jih6c1k0uheu1g2o8stakpm0', filesize: 0 })).toEqual({
      return: '0',
      got: { filehash: 'v05j1m555fu587j6jih6c1k0uheu1g2o8stakpm0', filesize: 0 },
    });
    expect(fake.seen.slice(before)).toEqual([{ method: 'user_echo', params: { filehash: 'v05j1m555fu587j6jih6c1k0uheu1g2o8stakpm0', filesize: 0 }, transport }]);
  });

  it('sends [] without params', async () => {
    expect(await client.call('rpc_modules')).toEqual({ rpc: '1.0', user: '1.0' });
    // [] is not one argument too many, {} would be
    expect(await client.call('user_echo')).toEqual({ return: '0', got: {} });
  });

  it('throws SdsRpcError with the code and text of an error object', async () => {
    const err = await client.call('user_nope', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SdsRpcError);
    expect(err).toMatchObject({ code: -32601, message: 'the method user_nope does not exist/is not available' });
    await expect(client.call('owner_secret', {})).rejects.toMatchObject({ code: -32601 });
    await expect(client.call('user_crash', { sharelink: 'a' })).rejects.toMatchObject({ code: -32000, message: 'method handler crashed' });
    // still usable afterwards
    expect(await client.call('user_crash', { sharelink: 'abcdefg' })).toEqual({ return: '0' });
  });

  it('runs concurrent calls, answers matched by id', async () => {
    const answers = await Promise.all([client.call('user_wait'), ...[1, 2, 3].map((n) => client.call('user_echo', { n })), client.call('user_release')]);
    expect(answers).toEqual([
      { return: '0', waited: true },
      { return: '0', got: { n: 1 } },
      { return: '0', got: { n: 2 } },
      { return: '0', got: { n: 3 } },
      { return: '0' },
    ]);
  });

  it('sends a batch and returns one answer per call, in call order', async () => {
    expect(
      await client.batch([
        { method: 'user_echo', params: { a: 1 } },
        { method: 'user_nope' },
        { method: 'rpc_modules' },
        { method: 'user_crash', params: { sharelink: '' } },
      ]),
    ).toEqual([
      { result: { return: '0', got: { a: 1 } } },
      { error: { code: -32601, message: 'the method user_nope does not exist/is not available' } },
      { result: { rpc: '1.0', user: '1.0' } },
      { error: { code: -32000, message: 'method handler crashed' } },
    ]);
    expect(await client.batch([])).toEqual([]);
  });
});

describe('client transport errors', () => {
  it('names the URL and the HTTP status', async () => {
    const client = httpRpcClient(`http://127.0.0.1:${http.address.port}/wrong`);
    await expect(client.call('rpc_modules')).rejects.toThrow(new SdsRpcTransportError(`POST http://127.0.0.1:${http.address.port}/wrong: HTTP 404 Not Found`));
    await client.close();
  });

  it('names the URL when nothing listens', async () => {
    const probe = await serveSdsRpcHttp({ host: '127.0.0.1', port: 0, dispatcher: fake.dispatcher });
    const port = probe.address.port;
    await probe.close();
    const client = httpRpcClient(`http://127.0.0.1:${port}`);
    const err = await client.call('rpc_modules').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SdsRpcTransportError);
    expect((err as Error).message).toBe(`POST http://127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}`);
    await client.close();
  });

  it('names the socket path when nothing listens', async () => {
    const missing = join(dir, 'none.ipc');
    const client = ipcRpcClient(missing);
    const err = await client.call('rpc_modules').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SdsRpcTransportError);
    expect((err as Error).message).toBe(`IPC ${missing}: connect ENOENT ${missing}`);
    await client.close();
  });

  it('fails the calls under way when the node goes away, and reconnects for the next call', async () => {
    const path = join(dir, 'restart.ipc');
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    const hanging = new RpcDispatcher(
      new Map<string, RpcMethod>([
        ['user_hang', () => {
          entered();
          return new Promise(() => {});
        }],
        ['user_ok', async () => ({ return: '0' })],
      ]),
      ['user'],
    );
    let server = await serveSdsRpcIpc(path, hanging);
    const client = ipcRpcClient(path);
    expect(await client.call('user_ok')).toEqual({ return: '0' });
    const stuck = client.call('user_hang').catch((e: unknown) => e);
    await inside;
    await server.close();
    const err = await stuck;
    expect(err).toBeInstanceOf(SdsRpcTransportError);
    expect((err as Error).message).toBe(`IPC ${path}: connection closed`);
    server = await serveSdsRpcIpc(path, hanging);
    expect(await client.call('user_ok')).toEqual({ return: '0' });
    await client.close();
    await server.close();
  });
});
