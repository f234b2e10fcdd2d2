/**
 * The storage network of a local network (`npm start`): a meta-node service holding the keys of
 * three meta nodes (bonded in genesis, their owners funded) and resource nodes (their wallets
 * funded in genesis; each registers itself on chain with `create-resource-node` at its first
 * start). Homes under `<localnet home>/storage/`: `meta/` and `rn<i>/`, made with the same code as
 * `nodeclient meta init` and `nodeclient init`. Wallet files have an empty password (a dev network).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_META_NODE_SETTINGS } from '../sds/meta-node/settings.ts';
import { writeMetaConfig } from '../sds/meta-node/config.ts';
import { defaultConfig, writeConfig } from '../sds/resource-node/config.ts';
import { createWallet, loadP2pKey } from '../sds/wallet/wallet-files.ts';

export interface StorageNetworkLayout {
  readonly metaHome: string;
  readonly metaNodes: readonly { readonly owner: string; readonly networkAddress: string }[];
  readonly resourceNodes: readonly { readonly home: string; readonly wallet: string; readonly networkAddress: string }[];
}

export interface StorageNetworkOptions {
  readonly resourceNodes: number;
  readonly metaNodes?: number;
  /** epoch length of the meta-node service in seconds (npm start: 60, so that a newcomer sees rewards soon) */
  readonly epochSeconds?: number;
}

const FILE = 'storage-network.json';
/** funds of each meta-node owner and resource-node wallet (1000 stos) */
export const STORAGE_FUNDS = '1000000000000000000000wei';
/** each genesis meta node's deposit (10 stos) */
const META_NODE_TOKENS = 10n * 10n ** 18n;

export function storageRoot(home: string): string {
  return join(home, 'storage');
}

export function readStorageNetwork(home: string): StorageNetworkLayout | undefined {
  const f = join(storageRoot(home), FILE);
  return existsSync(f) ? (JSON.parse(readFileSync(f, 'utf8')) as StorageNetworkLayout) : undefined;
}

/**
 * Creates the homes and returns what genesis needs: the accounts to fund (`fund`) and the meta
 * node records (`metaNodeRecords`, for `app_state.register.meta_nodes`).
 */
export function createStorageNetwork(home: string, o: StorageNetworkOptions): { layout: StorageNetworkLayout; fund: string[]; metaNodeRecords: Record<string, unknown>[] } {
  const root = storageRoot(home);
  const metaHome = join(root, 'meta');
  const metas = Array.from({ length: o.metaNodes ?? 3 }, (_, i) => createWallet(metaHome, { password: '', name: `meta${i}` }));
  writeMetaConfig(metaHome, {
    chainRpc: 'tcp://127.0.0.1:26657',
    gasPrice: 1_000_000_000n,
    listen: '127.0.0.1:9400',
    settings: { ...DEFAULT_META_NODE_SETTINGS, epochSeconds: o.epochSeconds ?? DEFAULT_META_NODE_SETTINGS.epochSeconds },
    metaNodes: metas.map((w) => ({ owner: w.walletAddress, networkAddress: w.p2pAddress, password: '' })),
  });
  const resourceNodes = Array.from({ length: o.resourceNodes }, (_, i) => {
    const rnHome = join(root, `rn${i}`);
    const w = createWallet(rnHome, { password: '' });
    const base = defaultConfig({ walletAddress: w.walletAddress, p2pAddress: w.p2pAddress, password: '' });
    writeConfig(rnHome, { ...base, node: { ...base.node, rpcPort: base.node.rpcPort + i, peerPort: base.node.peerPort + i }, registration: { ...base.registration, moniker: `rn${i}` } });
    return { home: rnHome, wallet: w.walletAddress, networkAddress: w.p2pAddress };
  });
  const metaNodeRecords = metas.map((w, i) => ({
    network_address: w.p2pAddress,
    pubkey: { '@type': '/sdk.crypto.ed25519.PubKey', key: Buffer.from(loadP2pKey(metaHome, w.p2pAddress, '').publicKey).toString('base64') },
    suspend: false,
    status: 'BOND_STATUS_BONDED',
    tokens: META_NODE_TOKENS.toString(),
    owner_address: w.walletAddress,
    description: { moniker: `meta${i}`, identity: '', website: '', security_contact: '', details: '' },
    creation_time: '2024-01-01T00:00:00Z',
    beneficiary_address: w.walletAddress,
  }));
  const layout: StorageNetworkLayout = { metaHome, metaNodes: metas.map((w) => ({ owner: w.walletAddress, networkAddress: w.p2pAddress })), resourceNodes };
  writeFileSync(join(root, FILE), JSON.stringify(layout, null, 2) + '\n');
  return { layout, fund: [...metas.map((w) => w.walletAddress), ...resourceNodes.map((r) => r.wallet)], metaNodeRecords };
}
