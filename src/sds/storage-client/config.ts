/**
 * The storage client API's configuration: `config/ipfs_config.toml` under the home (spec §4.2: the
 * sections `connectivity` and `keys`; the reference notes the real client has only flags — the spec
 * wins), written by `nodeclient ipfs config`, read by `nodeclient ipfs`; flags override it. The
 * simulator's own keys (docs/storage-client.md): `connectivity.listen_host`, `[limits]
 * max_add_bytes`, `[add] local_root`, `[migrate] source`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify, type TomlTable } from 'smol-toml';
import { makeDirs } from '../../make-dirs.ts';

export const DEFAULT_IPFS_PORT = 6798;
export const DEFAULT_HTTP_RPC_URL = 'http://127.0.0.1:9301';
/** what `add` accepts in one request (multipart body or local file): 4 GiB */
export const DEFAULT_MAX_ADD_BYTES = 4 * 1024 ** 3;
/** where `migrate` fetches a CID: a trustless HTTP gateway (`/ipfs/<cid>?format=raw`) */
export const DEFAULT_MIGRATE_SOURCE = 'https://trustless-gateway.link';

export type RpcMode = 'httpRpc' | 'ipc';

export interface StorageClientConfig {
  readonly port: number;
  readonly listenHost: string;
  readonly rpcMode: RpcMode;
  readonly httpRpcUrl: string;
  /** '' = the platform default: <home>/sds.ipc */
  readonly ipcEndpoint: string;
  readonly walletAddress: string;
  readonly walletPassword: string;
  readonly maxAddBytes: number;
  /** `add?arg=<path>` reads local files only under this folder ('' = anywhere, and only when bound to loopback) */
  readonly localRoot: string;
  readonly migrateSource: string;
}

export const ipfsConfigFile = (home: string): string => join(home, 'config', 'ipfs_config.toml');

export function defaultStorageClientConfig(): StorageClientConfig {
  return {
    port: DEFAULT_IPFS_PORT, listenHost: '127.0.0.1', rpcMode: 'ipc', httpRpcUrl: DEFAULT_HTTP_RPC_URL, ipcEndpoint: '', walletAddress: '', walletPassword: '',
    maxAddBytes: DEFAULT_MAX_ADD_BYTES, localRoot: '', migrateSource: DEFAULT_MIGRATE_SOURCE,
  };
}

export function parseRpcMode(text: string): RpcMode {
  if (text === 'httpRpc' || text === 'ipc') return text;
  throw new Error(`invalid rpc mode ${JSON.stringify(text)}: expected httpRpc or ipc`);
}

export function writeStorageClientConfig(file: string, c: StorageClientConfig): void {
  makeDirs(join(file, '..'));
  const doc = {
    connectivity: { ipfs_port: String(c.port), listen_host: c.listenHost, rpc_mode: c.rpcMode, http_rpc_url: c.httpRpcUrl, ipc_endpoint: c.ipcEndpoint },
    keys: { wallet_address: c.walletAddress, wallet_password: c.walletPassword },
    limits: { max_add_bytes: c.maxAddBytes },
    add: { local_root: c.localRoot },
    migrate: { source: c.migrateSource },
  };
  writeFileSync(file, stringify(doc) + '\n', { mode: 0o600 });
}

function str(t: TomlTable | undefined, key: string, dflt: string, where: string): string {
  const v = t?.[key];
  if (v === undefined) return dflt;
  if (typeof v !== 'string' && typeof v !== 'number') throw new Error(`${where}: ${key} must be a string, got ${JSON.stringify(v)}`);
  return String(v);
}

/** The config file's values over the defaults; a missing file is the defaults. */
export function readStorageClientConfig(file: string): StorageClientConfig {
  const d = defaultStorageClientConfig();
  if (!existsSync(file)) return d;
  let doc: TomlTable;
  try {
    doc = parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`${file}: ${(e as Error).message}`);
  }
  const conn = doc.connectivity as TomlTable | undefined;
  const keys = doc.keys as TomlTable | undefined;
  const port = Number(str(conn, 'ipfs_port', String(d.port), file));
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${file}: connectivity.ipfs_port must be a port number`);
  const max = Number(str(doc.limits as TomlTable | undefined, 'max_add_bytes', String(d.maxAddBytes), file));
  if (!Number.isSafeInteger(max) || max < 0) throw new Error(`${file}: limits.max_add_bytes must be a non-negative integer`);
  return {
    port,
    listenHost: str(conn, 'listen_host', d.listenHost, file),
    rpcMode: parseRpcMode(str(conn, 'rpc_mode', d.rpcMode, file)),
    httpRpcUrl: str(conn, 'http_rpc_url', d.httpRpcUrl, file),
    ipcEndpoint: str(conn, 'ipc_endpoint', d.ipcEndpoint, file),
    walletAddress: str(keys, 'wallet_address', d.walletAddress, file),
    walletPassword: str(keys, 'wallet_password', d.walletPassword, file),
    maxAddBytes: max,
    localRoot: str(doc.add as TomlTable | undefined, 'local_root', d.localRoot, file),
    migrateSource: str(doc.migrate as TomlTable | undefined, 'source', d.migrateSource, file),
  };
}
