/**
 * The node home (`--home`, default `~/.chaind`), laid out as a CometBFT/SDK node's:
 *
 *   config/genesis.json  config/config.toml  config/app.toml  config/client.toml
 *   config/node_key.json  config/priv_validator_key.json
 *   data/priv_validator_state.json  data/chain.sqlite (blocks, results, index, snapshots)
 *
 * File locations follow the path keys of config.toml (`genesis_file`, `node_key_file`,
 * `priv_validator_*_file`, `db_dir`), relative to the home unless absolute. TOML files are read over
 * their defaults, so a file that lacks a key gets the default and unknown keys are kept.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { parse, stringify, type TomlTable } from 'smol-toml';
import { CONFIG_TOML_HEADER, defaultConsensusConfig } from './config-toml.ts';
import { APP_TOML_HEADER, defaultAppConfig } from './app-toml.ts';
import { readClientConfig as readClientToml } from '../client/client-config.ts';
import { makeDirs } from '../make-dirs.ts';

/** SQLite file of the chain inside `db_dir`. */
export const CHAIN_DB_FILE = 'chain.sqlite';

/** `~` and `~/…` as the shell would expand them (flags are often quoted). */
export function expandHome(path: string): string {
  if (path === '~') return homedir();
  if (path.startsWith('~/')) return join(homedir(), path.slice(2));
  return path;
}

export interface HomeLayout {
  readonly home: string;
  readonly configDir: string;
  readonly configToml: string;
  readonly appToml: string;
  readonly clientToml: string;
  readonly genesisFile: string;
  readonly nodeKeyFile: string;
  readonly privValidatorKeyFile: string;
  readonly privValidatorStateFile: string;
  /**
   * `config/priv_validator_keys/`: the keys of further validators this node's in-process consensus
   * signs for (a local network of several validators in one process; `npm start -- --validators N`)
   */
  readonly extraValidatorKeysDir: string;
  readonly dbDir: string;
}

/** Paths of a home; `config` supplies the path keys of config.toml (defaults when omitted). */
export function homeLayout(home: string, config: TomlTable = defaultConsensusConfig(), dbDirOverride?: string): HomeLayout {
  const root = resolve(expandHome(home));
  const at = (p: string) => (isAbsolute(expandHome(p)) ? expandHome(p) : join(root, p));
  const configDir = join(root, 'config');
  return {
    home: root,
    configDir,
    configToml: join(configDir, 'config.toml'),
    appToml: join(configDir, 'app.toml'),
    clientToml: join(configDir, 'client.toml'),
    genesisFile: at(tomlString(config, 'genesis_file')),
    nodeKeyFile: at(tomlString(config, 'node_key_file')),
    privValidatorKeyFile: at(tomlString(config, 'priv_validator_key_file')),
    privValidatorStateFile: at(tomlString(config, 'priv_validator_state_file')),
    extraValidatorKeysDir: join(configDir, 'priv_validator_keys'),
    dbDir: at(dbDirOverride ?? tomlString(config, 'db_dir')),
  };
}

export function chainDbPath(layout: HomeLayout): string {
  return join(layout.dbDir, CHAIN_DB_FILE);
}

// ---------------------------------------------------------------------------------------------
// TOML files

/** Parses a TOML file over its defaults; a missing file gives the defaults. */
export function readTomlFile(path: string, defaults: TomlTable): TomlTable {
  if (!existsSync(path)) return defaults;
  let parsed: TomlTable;
  try {
    parsed = parse(readFileSync(path, 'utf8')) as TomlTable;
  } catch (e) {
    throw new Error(`failed to read in ${path}: ${(e as Error).message}`);
  }
  return mergeTables(defaults, parsed);
}

function mergeTables(base: TomlTable, over: TomlTable): TomlTable {
  const out: TomlTable = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const prev = out[key];
    out[key] = isTable(prev) && isTable(value) ? mergeTables(prev, value) : value;
  }
  return out;
}

function isTable(v: unknown): v is TomlTable {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);
}

export function writeTomlFile(path: string, header: string, table: TomlTable): void {
  makeDirs(dirname(path));
  writeFileSync(path, `${header}\n${stringify(table)}\n`, { mode: 0o644 });
}

/** A dotted key of a table (`rpc.laddr`), undefined when absent. */
export function tomlValue(table: TomlTable, dotted: string): unknown {
  let cur: unknown = table;
  for (const part of dotted.split('.')) {
    if (!isTable(cur)) return undefined;
    cur = cur[part];
  }
  return cur;
}

export function tomlString(table: TomlTable, dotted: string): string {
  const v = tomlValue(table, dotted);
  if (typeof v !== 'string') throw new Error(`config key ${dotted}: expected a string, got ${JSON.stringify(v)}`);
  return v;
}

export function readConsensusConfig(home: string): TomlTable {
  return readTomlFile(join(resolve(expandHome(home)), 'config', 'config.toml'), defaultConsensusConfig());
}

export function writeConsensusConfig(layout: HomeLayout, config: TomlTable): void {
  writeTomlFile(layout.configToml, CONFIG_TOML_HEADER, config);
}

export function readAppConfig(layout: HomeLayout): TomlTable {
  return readTomlFile(layout.appToml, defaultAppConfig());
}

export function writeAppConfig(layout: HomeLayout, config: TomlTable): void {
  writeTomlFile(layout.appToml, APP_TOML_HEADER, config);
}

// ---------------------------------------------------------------------------------------------
// client.toml (SDK `client/config`)

export const CLIENT_CONFIG_KEYS = ['chain-id', 'keyring-backend', 'output', 'node', 'broadcast-mode'] as const;
export type ClientConfigKey = (typeof CLIENT_CONFIG_KEYS)[number];
/** The SDK's keys, and `naming` (this product: the chain's naming profile, written only when set). */
export type ClientConfig = Record<ClientConfigKey, string> & { naming?: string };

export function defaultClientConfig(chainId = ''): ClientConfig {
  return { 'chain-id': chainId, 'keyring-backend': 'os', output: 'text', node: 'tcp://localhost:26657', 'broadcast-mode': 'sync' };
}

const CLIENT_TOML_COMMENTS: Record<ClientConfigKey, string> = {
  'chain-id': 'The network chain ID',
  'keyring-backend': "The keyring's backend, where the keys are stored (os|file|kwallet|pass|test|memory)",
  output: 'CLI output format (text|json)',
  node: '<host>:<port> to the consensus RPC interface for this chain',
  'broadcast-mode': 'Transaction broadcasting mode (sync|async)',
};

/** client.toml over the defaults (the file is read by the client's one reader). */
export function readClientConfig(layout: HomeLayout): ClientConfig {
  const file = readClientToml(layout.home);
  const out = defaultClientConfig();
  if (file.chainId !== undefined) out['chain-id'] = file.chainId;
  if (file.keyringBackend !== undefined) out['keyring-backend'] = file.keyringBackend;
  if (file.output !== undefined) out.output = file.output;
  if (file.node !== undefined) out.node = file.node;
  if (file.broadcastMode !== undefined) out['broadcast-mode'] = file.broadcastMode;
  if (file.naming !== undefined) out.naming = file.naming;
  return out;
}

/** Writes client.toml with a comment above each key, as the SDK's template does. */
export function writeClientConfig(layout: HomeLayout, config: ClientConfig): void {
  const lines = [
    '# This is a TOML config file.',
    '# For more information, see https://github.com/toml-lang/toml',
    '',
    '###############################################################################',
    '###                           Client Configuration                          ###',
    '###############################################################################',
    '',
  ];
  for (const key of CLIENT_CONFIG_KEYS) {
    lines.push(`# ${CLIENT_TOML_COMMENTS[key]}`, `${key} = ${JSON.stringify(config[key])}`);
  }
  if (config.naming !== undefined && config.naming !== '') {
    lines.push('# Naming profile of the chain: the words of its type URLs, REST roots and service names (neutral|real)', `naming = ${JSON.stringify(config.naming)}`);
  }
  makeDirs(dirname(layout.clientToml));
  writeFileSync(layout.clientToml, lines.join('\n') + '\n', { mode: 0o600 });
}
