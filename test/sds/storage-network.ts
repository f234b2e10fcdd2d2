/**
 * A running local network with its storage network, for end-to-end tests and benchmarks: the home
 * `npm start` builds (one validator, three genesis meta nodes, two resource nodes), `chaind start`
 * on free ports, the foundation funded as `npm start` does, then the compiled `nodeclient meta
 * start` and `nodeclient start` processes (src/node/storage-processes.ts), all on 127.0.0.1.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { derivePrivateKey } from '../../src/crypto/hd.ts';
import { createLocalNetwork, type LocalNetwork } from '../../src/node/localnet-network.ts';
import { readStorageNetwork, type StorageNetworkLayout } from '../../src/node/localnet-storage.ts';
import { fundFoundation } from '../../src/node/localnet-foundation.ts';
import { startStorageNetwork, spawnNodeclient, stopProcess, type RunningStorageNetwork, type StorageProcess } from '../../src/node/storage-processes.ts';
import { SdsClient } from '../../src/sds/client/sds-client.ts';
import { httpRpcClient, type SdsRpcClient } from '../../src/sds/rpc/client.ts';
import { freePort, startChaind, type NodeProcess } from '../cli/node/node-process.ts';
import { tempHome } from '../cli/run-chaind.ts';
import { chaind } from '../cli/node/in-process.ts';

export interface StorageNet {
  readonly home: string;
  readonly net: LocalNetwork;
  readonly layout: StorageNetworkLayout;
  readonly node: NodeProcess;
  readonly rpcPort: number;
  readonly restPort: number;
  readonly chainRpc: string;
  storage: RunningStorageNetwork;
  readonly metaUrl: string;
  /** the private key of dev account i (keyring `dev<i>`) */
  devKey(i: number): Uint8Array;
  /** the JSON-RPC URL of resource node i */
  rpcUrl(i: number): string;
  /** an SDS client of dev account `account` talking to resource node `node` over HTTP */
  client(account: number, node?: number): SdsClient;
  /** a raw JSON-RPC client of resource node i */
  rpc(i: number): SdsRpcClient;
  /** restarts resource node i (after a kill) with the same home */
  restartResourceNode(i: number): Promise<StorageProcess>;
  stop(): Promise<void>;
}

export interface StorageNetOptions {
  readonly patchGenesis?: (genesis: Record<string, any>) => void;
  /** namespaces the resource nodes serve (default user) */
  readonly rpcNamespaces?: string;
  /** meta.toml [settings] overrides */
  readonly metaSettings?: Record<string, number | string>;
  readonly timeoutCommit?: string;
}

export async function startStorageNet(o: StorageNetOptions = {}): Promise<StorageNet> {
  const home = await tempHome();
  const net = await createLocalNetwork(home, { validators: 1, patchGenesis: o.patchGenesis, storage: { resourceNodes: 2 } });
  const layout = readStorageNetwork(home)!;
  // settings of the test: edit the files nodeclient reads, as a user would
  const metaToml = join(layout.metaHome, 'config', 'meta.toml');
  let meta = readFileSync(metaToml, 'utf8');
  for (const [k, v] of Object.entries(o.metaSettings ?? {})) meta = meta.replace(new RegExp(`^${k} = .*$`, 'm'), `${k} = ${typeof v === 'string' ? JSON.stringify(v) : v}`);
  writeFileSync(metaToml, meta);
  if (o.rpcNamespaces) {
    for (const rn of layout.resourceNodes) {
      const f = join(rn.home, 'config', 'config.toml');
      writeFileSync(f, readFileSync(f, 'utf8').replace(/^rpc_namespaces = .*$/m, `rpc_namespaces = ${JSON.stringify(o.rpcNamespaces)}`));
    }
  }
  const [rpcPort, restPort] = [await freePort(), await freePort()];
  const node = startChaind([
    '--home', home, '--rpc.laddr', `tcp://127.0.0.1:${rpcPort}`, '--api.enable', '--api.address', `tcp://127.0.0.1:${restPort}`,
    '--grpc.address', '127.0.0.1:0', '--consensus.timeout_commit', o.timeoutCommit ?? '200ms',
  ]);
  await node.waitFor(/height=2 module=state/);
  const chainRpc = `tcp://127.0.0.1:${rpcPort}`;
  // the home's CLI reaches this node
  const set = await chaind(['config', 'node', chainRpc, '--home', home]);
  if (set.code !== 0) throw new Error(set.stderr);
  await fundFoundation(chainRpc, net);
  let storage: RunningStorageNetwork;
  try {
    storage = await startStorageNetwork(layout, { chainRpc, metaListen: '127.0.0.1:0', resourceNodePorts: layout.resourceNodes.map(() => ({ rpc: 0, peer: 0 })) });
  } catch (e) {
    await node.stop();
    throw e;
  }
  const clients: SdsRpcClient[] = [];
  const self: StorageNet = {
    home, net, layout, node, rpcPort, restPort, chainRpc, storage,
    metaUrl: String(storage.meta.serving.url),
    devKey: (i) => derivePrivateKey(net.accounts[i]!.mnemonic, "m/44'/606'/0'/0/0"),
    rpcUrl: (i) => String(self.storage.resourceNodes[i]!.serving.rpc),
    rpc: (i) => {
      const c = httpRpcClient(self.rpcUrl(i));
      clients.push(c);
      return c;
    },
    client: (account, i = 0) => new SdsClient(self.rpc(i), self.devKey(account)),
    async restartResourceNode(i) {
      const old = self.storage.resourceNodes[i]!;
      await stopProcess(old);
      const rn = layout.resourceNodes[i]!;
      const p = await spawnNodeclient(old.name, ['-r', rn.home, 'start', '--chain-rpc', chainRpc, '--meta-url', self.metaUrl, '--rpcPort', '0', '--peerPort', '0'], join(rn.home, 'node.log'));
      const nodes = [...self.storage.resourceNodes];
      nodes[i] = p;
      self.storage = { ...self.storage, resourceNodes: nodes };
      return p;
    },
    async stop() {
      for (const c of clients) await c.close().catch(() => undefined);
      await self.storage.stop();
      await node.stop();
    },
  };
  return self;
}

/** GET on the meta-node service's views. */
export async function metaGet<T = any>(net: StorageNet, path: string): Promise<T> {
  const res = await fetch(`${net.metaUrl}${path}`);
  const body = await res.json();
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body as T;
}

export async function closeEpoch(net: StorageNet): Promise<{ epoch: string | null; tx_hash?: string; volumes?: { wallet_address: string; volume: string }[]; error?: string }> {
  const res = await fetch(`${net.metaUrl}/epochs/close`, { method: 'POST' });
  return (await res.json()) as never;
}
