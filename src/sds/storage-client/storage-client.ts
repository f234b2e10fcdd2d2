/**
 * `nodeclient ipfs`: the storage client API server in front of a resource node (spec §4.2). The
 * wallet is `--walletAddress`/`--password` (or the config's `keys`), else the first `st1…` wallet
 * file under `<home>/accounts` (as the real client); the resource node is reached over HTTP RPC or
 * its IPC socket (`--rpcMode`).
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningServer } from '../../api/http.ts';
import { defaultIpcPath } from '../rpc/ipc-server.ts';
import { listAccounts, loadP2pKey, loadWallet } from '../wallet/wallet-files.ts';
import { CidIndex } from './cid-index.ts';
import type { StorageClientConfig } from './config.ts';
import { serveStorageClientApi } from './kubo-api.ts';
import { derivedPeerIdentity, peerIdentity, type PeerIdentity } from './peer-id.ts';
import { SdsBackend } from './sds-backend.ts';

export interface RunningStorageClient {
  readonly url: string;
  readonly wallet: string;
  readonly rpc: string;
  close(): Promise<void>;
}

/** What the API server and `migrate` share: the wallet, the peer identity, the CID index and the SDS backend. */
export interface StorageBackendSetup {
  readonly address: string;
  readonly privateKey: Uint8Array;
  readonly peer: PeerIdentity;
  /** the resource node's endpoint: the HTTP RPC URL or the IPC socket path */
  readonly endpoint: string;
  readonly index: CidIndex;
  readonly backend: SdsBackend;
  close(): Promise<void>;
}

export function openStorageBackend(home: string, c: StorageClientConfig): StorageBackendSetup {
  const accounts = listAccounts(home);
  const address = c.walletAddress || accounts.wallets[0];
  if (!address) throw new Error(`no wallet: give --walletAddress and --password, set keys.wallet_address in config/ipfs_config.toml, or put a wallet file in ${join(home, 'accounts')}`);
  const wallet = loadWallet(home, address, c.walletPassword);
  let peer: PeerIdentity = derivedPeerIdentity(wallet.privateKey);
  for (const p2p of accounts.p2p) {
    try {
      peer = peerIdentity(loadP2pKey(home, p2p, c.walletPassword).publicKey);
      break;
    } catch {
      // another password: keep the derived identity
    }
  }
  const endpoint = c.rpcMode === 'ipc' ? c.ipcEndpoint || defaultIpcPath(home) : c.httpRpcUrl;
  const index = new CidIndex(join(home, 'data', 'ipfs.sqlite'));
  const backend = new SdsBackend(c.rpcMode, endpoint, wallet.privateKey, index, join(home, 'tmp', 'ipfs'));
  return {
    address, privateKey: wallet.privateKey, peer, endpoint, index, backend,
    close: async () => {
      await backend.close();
      index.close();
    },
  };
}

/**
 * Removes what the API's requests leave in `<home>/tmp/ipfs` while they run (`add-<hex>`: an add's
 * spooled parts, `cat-<hex>`: a file downloaded for cat/get/block reads) and a process that stopped
 * mid-request left behind. `migrate`'s folders (named by CID) are not touched: a migrate may be
 * running beside the API, and it removes its folder itself.
 */
export function clearApiTempFiles(tmpDir: string): void {
  let names: string[];
  try {
    names = readdirSync(tmpDir);
  } catch {
    return;
  }
  for (const name of names) if (/^(add|cat)-[0-9a-f]{12}$/.test(name)) rmSync(join(tmpDir, name), { recursive: true, force: true });
}

export async function startStorageClient(home: string, c: StorageClientConfig, log: (line: string) => void): Promise<RunningStorageClient> {
  const { address, peer, endpoint, index, backend } = openStorageBackend(home, c);
  clearApiTempFiles(backend.tmpDir);
  let server: RunningServer;
  try {
    server = await serveStorageClientApi({ host: c.listenHost, port: c.port, index, backend, home, maxAddBytes: c.maxAddBytes, localRoot: c.localRoot, peer, log });
  } catch (e) {
    await backend.close();
    index.close();
    throw e;
  }
  const url = `http://${server.address.host}:${server.address.port}`;
  log(`storage client API on ${url}/api/v0 (wallet ${address}, resource node ${c.rpcMode} ${endpoint})`);
  return {
    url, wallet: address, rpc: `${c.rpcMode} ${endpoint}`,
    close: async () => {
      await server.close();
      await backend.close();
      index.close();
    },
  };
}
