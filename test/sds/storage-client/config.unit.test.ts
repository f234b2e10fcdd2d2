/**
 * `config/ipfs_config.toml` (spec §4.2 sections `connectivity` and `keys`, and the simulator's
 * `limits`, `add`, `migrate`): written and read back, defaults, flags over the file
 * (`effectiveConfig`), and the errors a bad file gives. The CID index's MFS rows with names that
 * are LIKE patterns.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { defaultStorageClientConfig, ipfsConfigFile, readStorageClientConfig, writeStorageClientConfig } from '../../../src/sds/storage-client/config.ts';
import { effectiveConfig } from '../../../src/cli/nodeclient/ipfs.ts';
import { CidIndex } from '../../../src/sds/storage-client/cid-index.ts';

const dir = mkdtempSync(join(tmpdir(), 'ipfs-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('ipfs_config.toml', () => {
  it('the defaults: port 6798, ipc, http://127.0.0.1:9301, loopback, 4 GiB', () => {
    expect(readStorageClientConfig(join(dir, 'none.toml'))).toEqual({
      port: 6798, listenHost: '127.0.0.1', rpcMode: 'ipc', httpRpcUrl: 'http://127.0.0.1:9301', ipcEndpoint: '', walletAddress: '', walletPassword: '',
      maxAddBytes: 4 * 1024 ** 3, localRoot: '', migrateSource: 'https://trustless-gateway.link',
    });
  });

  it('is written under <home>/config with the spec sections and keys, and read back', () => {
    const home = join(dir, 'h1');
    const file = ipfsConfigFile(home);
    expect(file).toBe(join(home, 'config', 'ipfs_config.toml'));
    const c = { ...defaultStorageClientConfig(), port: 7001, rpcMode: 'httpRpc' as const, httpRpcUrl: 'http://127.0.0.1:18281', walletAddress: 'st1xyz', walletPassword: 'pw', maxAddBytes: 1000 };
    writeStorageClientConfig(file, c);
    const doc = parse(readFileSync(file, 'utf8'));
    expect(doc).toEqual({
      connectivity: { ipfs_port: '7001', listen_host: '127.0.0.1', rpc_mode: 'httpRpc', http_rpc_url: 'http://127.0.0.1:18281', ipc_endpoint: '' },
      keys: { wallet_address: 'st1xyz', wallet_password: 'pw' },
      limits: { max_add_bytes: 1000 },
      add: { local_root: '' },
      migrate: { source: 'https://trustless-gateway.link' },
    });
    expect(readStorageClientConfig(file)).toEqual(c);
  });

  it('flags override the file; what the flags do not give comes from the file', () => {
    const home = join(dir, 'h2');
    writeStorageClientConfig(ipfsConfigFile(home), { ...defaultStorageClientConfig(), port: 7002, rpcMode: 'httpRpc', walletPassword: 'file-pw' });
    expect(effectiveConfig(home, {})).toMatchObject({ port: 7002, rpcMode: 'httpRpc', walletPassword: 'file-pw' });
    expect(effectiveConfig(home, { port: '7003', rpcMode: 'ipc', password: 'flag-pw', ipcEndpoint: '/tmp/x.ipc' })).toMatchObject({ port: 7003, rpcMode: 'ipc', walletPassword: 'flag-pw', ipcEndpoint: '/tmp/x.ipc' });
    expect(() => effectiveConfig(home, { rpcMode: 'grpc' })).toThrow('invalid rpc mode "grpc": expected httpRpc or ipc');
  });

  it('a port may be a number or a string; bad values name the key', () => {
    const f = (text: string) => {
      const file = join(dir, `c${Math.random()}.toml`);
      writeFileSync(file, text);
      return () => readStorageClientConfig(file);
    };
    expect(f('[connectivity]\nipfs_port = 7010\n')().port).toBe(7010);
    expect(f('[connectivity]\nipfs_port = "70000"\n')).toThrow(/connectivity\.ipfs_port must be a port number/);
    expect(f('[connectivity]\nrpc_mode = "tcp"\n')).toThrow(/invalid rpc mode "tcp"/);
    expect(f('[limits]\nmax_add_bytes = -1\n')).toThrow(/limits\.max_add_bytes must be a non-negative integer/);
    expect(f('[keys]\nwallet_address = true\n')).toThrow(/wallet_address must be a string/);
    expect(f('[connectivity\n')).toThrow(/ipfs_config|\.toml/);
  });
});

describe('the CID index', () => {
  it('MFS children and removal treat % and _ in names literally', () => {
    mkdirSync(join(dir, 'idx'), { recursive: true });
    const index = new CidIndex(join(dir, 'idx', 'ipfs.sqlite'));
    try {
      index.mfsPut('/a_b', '');
      index.mfsPut('/a_b/x', 'Qm1');
      index.mfsPut('/axb', '');
      index.mfsPut('/axb/y', 'Qm2');
      index.mfsPut('/p%', '');
      index.mfsPut('/p%/z', 'Qm3');
      expect(index.mfsChildren('/').map((r) => r.path)).toEqual(['/a_b', '/axb', '/p%']);
      expect(index.mfsChildren('/a_b').map((r) => r.path)).toEqual(['/a_b/x']);
      expect(index.mfsRemove('/a_b')).toBe(2);
      expect(index.mfsGet('/axb/y')).toBe('Qm2');
      expect(index.mfsHasUnder('/p%')).toBe(true);
      expect(index.mfsHasUnder('/p')).toBe(false);
    } finally {
      index.close();
    }
  });
});
