/**
 * `nodeclient ipfs migrate` in process (src/cli/nodeclient/migrate.ts): where the source comes from
 * (`--source` over the config's `[migrate] source` over the default trustless gateway) and what a
 * failure looks like (exit 1, `Error: …`, nothing on stdout, no temp files). The whole flow against
 * a resource node is test/e2e/storage-migrate.e2e.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../src/cli/nodeclient.ts';
import { DEFAULT_MIGRATE_SOURCE, defaultStorageClientConfig, ipfsConfigFile, writeStorageClientConfig } from '../../../src/sds/storage-client/config.ts';
import { createWallet } from '../../../src/sds/wallet/wallet-files.ts';

const CID = 'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o';
let home: string;
let dead: string;
let wallet: string;

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string[] }> {
  let stdout = '';
  let stderr = '';
  const code = await main(['-r', home, 'ipfs', 'migrate', ...args], { out: { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) }, stopSignal: new Promise(() => undefined) });
  return { code, stdout, stderr: stderr.split('\n').filter((l) => l !== '').map((l) => l.replace(/^\d{4}-\d\d-\d\dT\S+ /, '')) };
}

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'migrate-cli-'));
  wallet = createWallet(home, { password: '' }).walletAddress;
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  dead = `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  await new Promise((r) => s.close(r));
});

afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('nodeclient ipfs migrate: the source', () => {
  it('the default source is the trustless gateway https://trustless-gateway.link', () => {
    expect(DEFAULT_MIGRATE_SOURCE).toBe('https://trustless-gateway.link');
  });

  it("the config's [migrate] source is used; --source overrides it; an unreachable source fails with exit 1 and nothing stored", async () => {
    writeStorageClientConfig(ipfsConfigFile(home), { ...defaultStorageClientConfig(), rpcMode: 'httpRpc', httpRpcUrl: dead, migrateSource: `${dead}/api/v0` });
    const fromConfig = await run([CID]);
    expect(fromConfig).toEqual({
      code: 1,
      stdout: '',
      stderr: [`wallet ${wallet}, resource node httpRpc ${dead}`, `migrating ${CID} from kubo-rpc ${dead}/api/v0`, `Error: fetching block ${CID} from ${dead}/api/v0: ECONNREFUSED`],
    });
    // flags over the config: -m ipc (its default endpoint <home>/sds.ipc), --source
    const fromFlag = await run([CID, 'hello.txt', '-m', 'ipc', '--source', `${dead}/`]);
    expect(fromFlag).toEqual({
      code: 1,
      stdout: '',
      stderr: [`wallet ${wallet}, resource node ipc ${join(home, 'sds.ipc')}`, `migrating ${CID} from trustless-gateway ${dead}`, `Error: fetching block ${CID} from ${dead}: ECONNREFUSED`],
    });
    const tmp = join(home, 'tmp', 'ipfs');
    expect(existsSync(tmp) ? readdirSync(tmp) : []).toEqual([]);
  });

  it('bad input is refused before anything is fetched: a bad name, a bad source, a bad rpc mode', async () => {
    expect(await run([CID, 'a/b', '--source', dead])).toEqual({
      code: 1,
      stdout: '',
      stderr: [`wallet ${wallet}, resource node httpRpc ${dead}`, `migrating ${CID} from trustless-gateway ${dead}`, 'Error: invalid file name "a/b": one path segment of 1 to 255 bytes, without / \\ or NUL'],
    });
    expect((await run([CID, '--source', 'ipfs://x'])).stderr).toEqual([`wallet ${wallet}, resource node httpRpc ${dead}`, 'Error: invalid IPFS source "ipfs://x": only http and https are supported']);
    expect((await run([CID, '-m', 'grpc'])).stderr).toEqual(['Error: invalid rpc mode "grpc": expected httpRpc or ipc']);
  });
});
