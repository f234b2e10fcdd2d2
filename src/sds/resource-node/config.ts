/**
 * A resource node's home and its `config/config.toml` (spec §4.2 home layout; the sections follow
 * the real node's config where they overlap): `accounts/` wallet files, `config/`, `storage/` the
 * slices it keeps, `tmp/` upload and download sessions (dropped at start), `download/` files saved
 * by the storage client, `data/` its own state.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify, type TomlTable } from 'smol-toml';
import { parseCoinNormalized } from '../../math/coin-parse.ts';
import { makeDirs } from '../../make-dirs.ts';

export const DEFAULT_RPC_PORT = 9301;
export const DEFAULT_PEER_PORT = 18481;
export const DEFAULT_META_URL = 'http://127.0.0.1:9400';
export const DEFAULT_CHAIN_RPC = 'tcp://127.0.0.1:26657';

export interface ResourceNodeConfig {
  /** `gasPrice`: wei per gas paid in fees (the node's minimum-gas-prices) */
  readonly chain: { readonly rpc: string; readonly gasPrice: bigint };
  readonly keys: { readonly walletAddress: string; readonly walletPassword: string; readonly p2pAddress: string; readonly p2pPassword: string; readonly beneficiaryAddress: string };
  readonly node: {
    readonly metaUrl: string;
    readonly host: string;
    readonly rpcPort: number;
    readonly peerPort: number;
    /** the address other nodes and the meta node reach this one at */
    readonly advertisedHost: string;
    readonly ipcEndpoint: string;
    readonly rpcNamespaces: readonly string[];
    readonly allowedHosts: readonly string[];
  };
  readonly registration: { readonly deposit: string; readonly nodeType: number; readonly moniker: string };
}

export function homePaths(home: string) {
  return {
    accounts: join(home, 'accounts'),
    config: join(home, 'config'),
    configFile: join(home, 'config', 'config.toml'),
    storage: join(home, 'storage'),
    tmp: join(home, 'tmp'),
    download: join(home, 'download'),
    data: join(home, 'data'),
  };
}

export function defaultConfig(keys: { walletAddress: string; p2pAddress: string; password: string }): ResourceNodeConfig {
  return {
    chain: { rpc: DEFAULT_CHAIN_RPC, gasPrice: 1_000_000_000n },
    keys: { walletAddress: keys.walletAddress, walletPassword: keys.password, p2pAddress: keys.p2pAddress, p2pPassword: keys.password, beneficiaryAddress: '' },
    node: {
      metaUrl: DEFAULT_META_URL, host: '127.0.0.1', rpcPort: DEFAULT_RPC_PORT, peerPort: DEFAULT_PEER_PORT, advertisedHost: '127.0.0.1',
      ipcEndpoint: '', rpcNamespaces: ['user'], allowedHosts: ['localhost'],
    },
    registration: { deposit: '1stos', nodeType: 4, moniker: '' },
  };
}

export function writeConfig(home: string, c: ResourceNodeConfig): void {
  const p = homePaths(home);
  makeDirs(p.config);
  const doc = {
    chain: { rpc: c.chain.rpc, gas_price: c.chain.gasPrice.toString() },
    keys: { wallet_address: c.keys.walletAddress, wallet_password: c.keys.walletPassword, p2p_address: c.keys.p2pAddress, p2p_password: c.keys.p2pPassword, beneficiary_address: c.keys.beneficiaryAddress },
    node: {
      meta_node_url: c.node.metaUrl,
      connectivity: {
        host: c.node.host, rpc_port: c.node.rpcPort, internal_port: c.node.peerPort, advertised_host: c.node.advertisedHost,
        ipc_endpoint: c.node.ipcEndpoint, rpc_namespaces: c.node.rpcNamespaces.join(','), rpc_allowed_hosts: [...c.node.allowedHosts],
      },
    },
    registration: { deposit: c.registration.deposit, node_type: c.registration.nodeType, moniker: c.registration.moniker },
  };
  writeFileSync(p.configFile, stringify(doc) + '\n', { mode: 0o600 });
}

function str(t: TomlTable | undefined, key: string, dflt: string): string {
  const v = t?.[key];
  if (v === undefined) return dflt;
  if (typeof v !== 'string') throw new Error(`config: ${key} must be a string, got ${JSON.stringify(v)}`);
  return v;
}

function int(t: TomlTable | undefined, key: string, dflt: number): number {
  const v = t?.[key];
  if (v === undefined) return dflt;
  const n = typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) throw new Error(`config: ${key} must be a non-negative integer, got ${JSON.stringify(v)}`);
  return n;
}

function deposit(reg: TomlTable | undefined, path: string, dflt: string): string {
  try {
    return checkDeposit(str(reg, 'deposit', dflt), '[registration] deposit');
  } catch (e) {
    throw new Error(`config ${path}: ${(e as Error).message}`);
  }
}

/** `gas_price`: wei per gas, a decimal string or number */
export function gasPriceOf(t: TomlTable | undefined, dflt: bigint): bigint {
  const v = t?.gas_price;
  if (v === undefined) return dflt;
  if ((typeof v !== 'string' && typeof v !== 'number') || !/^\d+$/.test(String(v))) throw new Error(`config: gas_price must be a non-negative integer (wei per gas), got ${JSON.stringify(v)}`);
  return BigInt(v);
}

/**
 * `[registration] deposit` (`1stos`, `…wei`): must parse as a coin, else the node could not send its
 * create-resource-node tx at start. `what` names where it came from (`--deposit`, `[registration] deposit`).
 */
export function checkDeposit(text: string, what: string): string {
  try {
    parseCoinNormalized(text);
  } catch (e) {
    throw new Error(`invalid ${what} ${JSON.stringify(text)}: ${(e as Error).message}`);
  }
  return text;
}

export function readConfig(home: string, path = homePaths(home).configFile): ResourceNodeConfig {
  if (!existsSync(path)) throw new Error(`no config file ${path}: run nodeclient init --home ${home} first`);
  let doc: TomlTable;
  try {
    doc = parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new Error(`config ${path}: ${(e as Error).message}`);
  }
  const d = defaultConfig({ walletAddress: '', p2pAddress: '', password: '' });
  const chain = doc.chain as TomlTable | undefined;
  const keys = doc.keys as TomlTable | undefined;
  const node = doc.node as TomlTable | undefined;
  const conn = node?.connectivity as TomlTable | undefined;
  const reg = doc.registration as TomlTable | undefined;
  const hosts = conn?.rpc_allowed_hosts;
  return {
    chain: { rpc: str(chain, 'rpc', d.chain.rpc), gasPrice: gasPriceOf(chain, d.chain.gasPrice) },
    keys: {
      walletAddress: str(keys, 'wallet_address', ''), walletPassword: str(keys, 'wallet_password', ''),
      p2pAddress: str(keys, 'p2p_address', ''), p2pPassword: str(keys, 'p2p_password', ''), beneficiaryAddress: str(keys, 'beneficiary_address', ''),
    },
    node: {
      metaUrl: str(node, 'meta_node_url', d.node.metaUrl),
      host: str(conn, 'host', d.node.host),
      rpcPort: int(conn, 'rpc_port', d.node.rpcPort),
      peerPort: int(conn, 'internal_port', d.node.peerPort),
      advertisedHost: str(conn, 'advertised_host', d.node.advertisedHost),
      ipcEndpoint: str(conn, 'ipc_endpoint', ''),
      rpcNamespaces: str(conn, 'rpc_namespaces', 'user').split(',').map((s) => s.trim()).filter((s) => s !== ''),
      allowedHosts: Array.isArray(hosts) ? hosts.map(String) : d.node.allowedHosts,
    },
    registration: { deposit: deposit(reg, path, d.registration.deposit), nodeType: int(reg, 'node_type', d.registration.nodeType), moniker: str(reg, 'moniker', '') },
  };
}
