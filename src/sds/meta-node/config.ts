/**
 * The meta-node service's home: `config/meta.toml` (chain RPC, listen address, the settings of
 * settings.ts, and the meta nodes it runs, each an owner wallet file under `accounts/` whose P2P
 * key gives the meta node's network address), `accounts/`, `data/meta.sqlite`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify, type TomlTable } from 'smol-toml';
import { gasPriceOf } from '../resource-node/config.ts';
import { DEFAULT_META_NODE_SETTINGS, type MetaNodeSettings } from './settings.ts';
import { makeDirs } from '../../make-dirs.ts';

export const DEFAULT_META_LISTEN = '127.0.0.1:9400';

export interface MetaNodeEntry {
  /** the owner's st1 wallet (its file under accounts/) */
  readonly owner: string;
  /** the meta node's stsds1 network address (the P2P key file under accounts/) */
  readonly networkAddress: string;
  readonly password: string;
}

export interface MetaServiceConfig {
  readonly chainRpc: string;
  /** wei per gas paid in fees */
  readonly gasPrice: bigint;
  readonly listen: string;
  readonly settings: MetaNodeSettings;
  readonly metaNodes: readonly MetaNodeEntry[];
}

export const metaConfigFile = (home: string): string => join(home, 'config', 'meta.toml');
export const metaDbFile = (home: string): string => join(home, 'data', 'meta.sqlite');

export function writeMetaConfig(home: string, c: MetaServiceConfig): void {
  makeDirs(join(home, 'config'));
  const s = c.settings;
  const doc = {
    chain: { rpc: c.chainRpc, gas_price: c.gasPrice.toString() },
    server: { listen: c.listen },
    settings: {
      replicas: s.replicas, noz_per_byte: s.nozPerByte.toString(), traffic_noz_per_byte: s.trafficNozPerByte.toString(), settle_basis_points: s.settleBasisPoints,
      epoch_seconds: s.epochSeconds, epoch_blocks: s.epochBlocks, node_timeout_seconds: s.nodeTimeoutSeconds, upload_timeout_seconds: s.uploadTimeoutSeconds, follow_interval_ms: s.followIntervalMs,
    },
    meta_nodes: c.metaNodes.map((m) => ({ owner: m.owner, network_address: m.networkAddress, password: m.password })),
  };
  writeFileSync(metaConfigFile(home), stringify(doc) + '\n', { mode: 0o600 });
}

function num(t: TomlTable | undefined, key: string, dflt: number, min = 0): number {
  const v = t?.[key];
  if (v === undefined) return dflt;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min) throw new Error(`meta.toml: settings.${key} must be an integer ≥ ${min}, got ${JSON.stringify(v)}`);
  return v;
}

function big(t: TomlTable | undefined, key: string, dflt: bigint): bigint {
  const v = t?.[key];
  if (v === undefined) return dflt;
  if ((typeof v !== 'string' && typeof v !== 'number') || !/^\d+$/.test(String(v))) throw new Error(`meta.toml: settings.${key} must be a non-negative integer, got ${JSON.stringify(v)}`);
  return BigInt(v);
}

export function readMetaConfig(home: string): MetaServiceConfig {
  const file = metaConfigFile(home);
  if (!existsSync(file)) throw new Error(`no ${file}: run nodeclient meta init --home ${home} first`);
  let doc: TomlTable;
  try {
    doc = parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`${file}: ${(e as Error).message}`);
  }
  const s = doc.settings as TomlTable | undefined;
  const d = DEFAULT_META_NODE_SETTINGS;
  const settings: MetaNodeSettings = {
    replicas: num(s, 'replicas', d.replicas, 1), nozPerByte: big(s, 'noz_per_byte', d.nozPerByte), trafficNozPerByte: big(s, 'traffic_noz_per_byte', d.trafficNozPerByte),
    settleBasisPoints: num(s, 'settle_basis_points', d.settleBasisPoints, 1), epochSeconds: num(s, 'epoch_seconds', d.epochSeconds, 1),
    epochBlocks: num(s, 'epoch_blocks', d.epochBlocks), nodeTimeoutSeconds: num(s, 'node_timeout_seconds', d.nodeTimeoutSeconds, 1), uploadTimeoutSeconds: num(s, 'upload_timeout_seconds', d.uploadTimeoutSeconds, 1), followIntervalMs: num(s, 'follow_interval_ms', d.followIntervalMs, 10),
  };
  if (settings.settleBasisPoints > 10000) throw new Error('meta.toml: settings.settle_basis_points must be at most 10000');
  const list = (doc.meta_nodes ?? []) as TomlTable[];
  if (!Array.isArray(list)) throw new Error(`${file}: meta_nodes must be an array of tables`);
  const metaNodes = list.map((m, i) => {
    if (typeof m.owner !== 'string' || typeof m.network_address !== 'string') throw new Error(`${file}: meta_nodes[${i}] needs owner and network_address strings`);
    return { owner: m.owner, networkAddress: m.network_address, password: typeof m.password === 'string' ? m.password : '' };
  });
  return {
    chainRpc: String((doc.chain as TomlTable | undefined)?.rpc ?? 'tcp://127.0.0.1:26657'),
    gasPrice: gasPriceOf(doc.chain as TomlTable | undefined, 1_000_000_000n),
    listen: String((doc.server as TomlTable | undefined)?.listen ?? DEFAULT_META_LISTEN),
    settings, metaNodes,
  };
}
