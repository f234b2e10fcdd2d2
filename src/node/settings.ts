/**
 * The settings `chaind start` runs with: each start flag's value from the command line, else from
 * config.toml / app.toml, else its default (viper's precedence in the SDK), parsed and checked
 * before anything starts. A bad value is an Error naming the flag or the file and key.
 */
import { DEFAULT_EVENT_LIMITS, type EventLimits } from '../api/rpc/event-bus.ts';
import { readFileSync } from 'node:fs';
import type { TomlTable } from 'smol-toml';
import type { MinGasPrices } from '../abci/ante.ts';
import { Dec } from '../math/dec.ts';
import { parseCoinNormalized } from '../math/coin-parse.ts';
import { BASE_DENOM } from '../math/denoms.ts';
import { parseListenAddress } from '../api/http.ts';
import { DEFAULT_MEMPOOL_LIMITS, type MempoolLimits } from './mempool.ts';
import { defaultConsensusConfig } from './config-toml.ts';
import { defaultAppConfig } from './app-toml.ts';
import { homeLayout, readAppConfig, readConsensusConfig, tomlValue, type HomeLayout } from './home.ts';
import { parseConfigValue, parseFlagText, type FlagValue } from './flag-value.ts';
import { pruningOptions, type PruningOptions } from './pruning.ts';
import { LOG_FORMATS, parseLogLevel, type LogFormat } from './logger.ts';
import { NODE_GLOBAL_FLAGS, START_FLAGS, startFlag, type StartFlag } from './start-flags.ts';
import { potNodeSettings, type PotNodeSettings } from '../modules/pot/node-settings.ts';

/** stratos-chain `server/config` `MinimalMinGasPrices`: lower prices are raised to 0.01 gwei. */
export const MINIMAL_MIN_GAS_PRICE = 10_000_000n;

const DB_BACKENDS = ['goleveldb', 'cleveldb', 'boltdb', 'rocksdb', 'badgerdb'];
const EVM_TRACERS = ['', 'json', 'struct', 'access_list', 'markdown'];
/** The namespaces `json-rpc.api` may name (stratos-chain `rpc.GetRPCAPIs`); this node has methods for eth, net and web3. */
const JSON_RPC_NAMESPACES = ['eth', 'net', 'web3', 'personal', 'txpool', 'debug', 'miner'];

export interface StartSettings {
  readonly layout: HomeLayout;
  readonly moniker: string;
  readonly rpcLaddr: string;
  /** `rpc.unsafe`: serve the unsafe (operator) RPC methods */
  readonly rpcUnsafe: boolean;
  readonly p2pLaddr: string;
  readonly rpcMaxBodyBytes: number;
  /** config.toml `[rpc]` max_subscription_clients, max_subscriptions_per_client, experimental_subscription_buffer_size */
  readonly rpcEventLimits: EventLimits;
  readonly corsAllowedOrigins: readonly string[];
  readonly timeoutBroadcastTxCommitMs: number;
  readonly blockIntervalMs: number;
  readonly createEmptyBlocks: boolean;
  readonly createEmptyBlocksIntervalMs: number;
  readonly haltHeight: bigint;
  readonly haltTimeS: bigint;
  readonly minGasPrices: MinGasPrices;
  /** the effective price as a coin (after the chain's floor) */
  readonly minGasPricesText: string;
  readonly pruning: PruningOptions;
  readonly minRetainBlocks: bigint;
  readonly api: { readonly enable: boolean; readonly address: string; readonly enableUnsafeCors: boolean };
  readonly grpc: { readonly enable: boolean; readonly address: string };
  /** `[json-rpc]`: the Ethereum JSON-RPC server (src/api/eth/server.ts) */
  readonly jsonRpc: {
    readonly enable: boolean;
    readonly address: string;
    readonly wsAddress: string;
    readonly api: readonly string[];
    readonly filterCap: number;
    /** `eth_getLogs`'s caps: results of one query, and blocks between its ends */
    readonly logsCap: number;
    readonly blockRangeCap: number;
    readonly feeHistoryCap: bigint;
    readonly httpTimeoutMs: number;
    readonly httpIdleTimeoutMs: number;
  };
  readonly genesisHash: Uint8Array | undefined;
  readonly cpuProfile: string;
  readonly logLevel: string;
  readonly logFormat: LogFormat;
  readonly mempool: MempoolLimits;
  /** app.toml `[pot]`: the BLS verifier and the total-supply restoration */
  readonly pot: PotNodeSettings;
  /** one line per accepted-but-ineffective flag given a non-default value, and per adjusted value */
  readonly notes: readonly string[];
}

/** Reads flag values: command line first, then the config files, then the defaults. */
class FlagReader {
  constructor(
    private readonly given: ReadonlyMap<string, string>,
    private readonly config: TomlTable,
    private readonly app: TomlTable,
    private readonly layout: HomeLayout,
  ) {}

  get<T extends FlagValue>(name: string): T {
    const flag = startFlag(name);
    const text = this.given.get(name);
    if (text !== undefined) {
      try {
        return parseFlagText(flag.kind, text) as T;
      } catch (e) {
        throw new Error(`invalid argument ${JSON.stringify(text)} for "--${name}" flag: ${(e as Error).message}`);
      }
    }
    if (flag.source) {
      const [file, key] = splitSource(flag.source);
      const value = tomlValue(file === 'config' ? this.config : this.app, key);
      if (value !== undefined) {
        try {
          return parseConfigValue(flag.kind, value) as T;
        } catch (e) {
          const path = file === 'config' ? this.layout.configToml : this.layout.appToml;
          throw new Error(`invalid value for ${key} in ${path}: ${(e as Error).message}`);
        }
      }
    }
    return parseFlagText(flag.kind, flag.default) as T;
  }

  /**
   * Whether the effective value differs from what a fresh home gives (the flag default, or the
   * value `chaind init` writes into the config file), for the notes about accepted flags.
   */
  differsFromDefault(flag: StartFlag): boolean {
    let def: FlagValue = parseFlagText(flag.kind, flag.default);
    if (flag.source) {
      const [file, key] = splitSource(flag.source);
      const written = tomlValue(file === 'config' ? defaultConsensusConfig() : defaultAppConfig(), key);
      if (written !== undefined) def = parseConfigValue(flag.kind, written);
    }
    return comparable(this.get(flag.name)) !== comparable(def);
  }
}

function comparable(v: FlagValue): string {
  return JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x instanceof Uint8Array ? Buffer.from(x).toString('hex') : x));
}

function splitSource(source: string): ['config' | 'app', string] {
  const i = source.indexOf(':');
  return [source.slice(0, i) as 'config' | 'app', source.slice(i + 1)];
}

/**
 * Resolves the settings of a start. `given` maps flag names (no dashes) to their command-line text
 * (`"true"` for a bare boolean flag).
 */
export function resolveStartSettings(home: string, given: ReadonlyMap<string, string> = new Map()): StartSettings {
  for (const name of given.keys()) {
    if (name === 'home') continue;
    if (!START_FLAGS.some((f) => f.name === name) && !NODE_GLOBAL_FLAGS.some((f) => f.name === name)) throw new Error(`unknown flag: --${name}`);
  }
  const config = readConsensusConfig(home);
  const dbDirGiven = given.get('db_dir');
  const layout0 = homeLayout(home, config, dbDirGiven);
  const app = readAppConfig(layout0);
  const r = new FlagReader(given, config, app, layout0);
  // every flag is parsed once up front, so that any bad value fails before anything starts
  for (const flag of [...START_FLAGS, ...NODE_GLOBAL_FLAGS]) r.get(flag.name);

  const layout = homeLayout(home, config, r.get<string>('db_dir'));
  if (!r.get<boolean>('with-tendermint')) {
    throw new Error(
      '--with-tendermint=false runs the application alone behind an ABCI socket for an external consensus engine; that socket server is not available yet. Start with the in-process consensus engine (--with-tendermint=true, the default).',
    );
  }
  const dbBackend = r.get<string>('db_backend');
  if (!DB_BACKENDS.includes(dbBackend)) throw new Error(`unknown db_backend ${dbBackend}, expected one of ${DB_BACKENDS.join(',')}`);
  if (dbBackend !== 'goleveldb') {
    throw new Error(`db_backend ${JSON.stringify(dbBackend)} is not supported: this node keeps the chain in its built-in SQLite store (<db_dir>/chain.sqlite), selected by the default "goleveldb"`);
  }
  const privValidatorLaddr = r.get<string>('priv_validator_laddr');
  if (privValidatorLaddr !== '') {
    throw new Error(`an external signer (priv_validator_laddr ${JSON.stringify(privValidatorLaddr)}) is not supported: this node signs blocks with ${layout.privValidatorKeyFile}`);
  }
  for (const name of ['abci', 'transport']) {
    const v = r.get<string>(name);
    if (v !== 'socket' && v !== 'grpc') throw new Error(`invalid --${name} ${JSON.stringify(v)}: expected socket or grpc`);
  }
  const logFormat = r.get<string>('log_format');
  if (!(LOG_FORMATS as readonly string[]).includes(logFormat)) throw new Error(`unknown log_format ${JSON.stringify(logFormat)} (must be 'plain' or 'json')`);
  const logLevel = r.get<string>('log_level');
  parseLogLevel(logLevel);
  const tracer = r.get<string>('evm.tracer');
  if (!EVM_TRACERS.includes(tracer)) throw new Error(`invalid evm tracer type ${JSON.stringify(tracer)}, available types: ${EVM_TRACERS.slice(1).join(', ')}`);

  const rpcLaddr = r.get<string>('rpc.laddr');
  parseListenAddress(rpcLaddr, 'rpc.laddr', 'tcp://127.0.0.1:26657');
  const apiAddress = r.get<string>('api.address');
  const apiEnable = r.get<boolean>('api.enable');
  if (apiEnable) parseListenAddress(apiAddress, 'api.address', 'tcp://127.0.0.1:1317');
  const grpcAddress = r.get<string>('grpc.address');
  parseListenAddress(grpcAddress, 'grpc.address', '127.0.0.1:9090');
  const jsonRpc = jsonRpcSettings(r, app, layout);

  const pruning = pruningOptions(r.get<string>('pruning'), {
    keepRecent: r.get<bigint>('pruning-keep-recent'),
    keepEvery: r.get<bigint>('pruning-keep-every'),
    interval: r.get<bigint>('pruning-interval'),
  });
  // the SDK's app config ValidateBasic, which `start` runs first
  if (pruning.strategy === 'everything' && r.get<bigint>('state-sync.snapshot-interval') > 0n) {
    throw new Error("cannot enable state sync snapshots with 'everything' pruning setting: error in app.toml");
  }

  const notes: string[] = [];
  const gas = effectiveMinGasPrice(r.get<string>('minimum-gas-prices'), notes);

  const cpuProfile = r.get<string>('cpu-profile');
  for (const flag of START_FLAGS) {
    if (flag.support === 'accepted' && flag.note && r.differsFromDefault(flag)) notes.push(`--${flag.name} has no effect: ${flag.note}`);
  }
  // the global flags `start` accepts without effect: `--trace` given, a `--chain-id` other than genesis.json's
  if (r.get<boolean>('trace')) notes.push(`--trace has no effect: ${startFlagNote('trace')}`);
  const chainIdGiven = given.get('chain-id');
  if (chainIdGiven !== undefined) {
    const genesisChainId = genesisChainIdOf(layout.genesisFile);
    if (genesisChainId !== undefined && chainIdGiven !== genesisChainId) {
      notes.push(`--chain-id ${chainIdGiven} has no effect: ${startFlagNote('chain-id')} (${layout.genesisFile}: chain_id ${genesisChainId})`);
    }
  }
  // the SDK starts gRPC-Web only beside the gRPC server (server/start.go)
  if (r.get<boolean>('grpc.enable') && r.get<boolean>('grpc-web.enable')) notes.push(`gRPC-Web server not started (grpc-web.address ${r.get<string>('grpc-web.address')}): ${startFlagNote('grpc-web.enable')}`);

  const num = (key: string, fallback: number) => {
    const v = tomlValue(config, key);
    if (v === undefined) return fallback;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) throw new Error(`invalid value for ${key} in ${layout.configToml}: expected a non-negative integer, got ${JSON.stringify(v)}`);
    return v;
  };
  const origins = tomlValue(config, 'rpc.cors_allowed_origins') ?? [];
  if (!Array.isArray(origins) || !origins.every((o) => typeof o === 'string')) {
    throw new Error(`invalid value for rpc.cors_allowed_origins in ${layout.configToml}: expected a list of strings`);
  }
  const timeoutBroadcast = tomlValue(config, 'rpc.timeout_broadcast_tx_commit') ?? '10s';
  const pot = potNodeSettings((key) => tomlValue(app, `pot.${key}`), layout.appToml);

  return {
    layout,
    moniker: r.get<string>('moniker'),
    rpcLaddr,
    rpcUnsafe: r.get<boolean>('rpc.unsafe'),
    p2pLaddr: r.get<string>('p2p.laddr'),
    rpcMaxBodyBytes: num('rpc.max_body_bytes', 1_000_000),
    rpcEventLimits: {
      maxSubscriptionClients: num('rpc.max_subscription_clients', DEFAULT_EVENT_LIMITS.maxSubscriptionClients),
      maxSubscriptionsPerClient: num('rpc.max_subscriptions_per_client', DEFAULT_EVENT_LIMITS.maxSubscriptionsPerClient),
      subscriptionBufferSize: num('rpc.experimental_subscription_buffer_size', DEFAULT_EVENT_LIMITS.subscriptionBufferSize),
    },
    corsAllowedOrigins: origins as string[],
    timeoutBroadcastTxCommitMs: Number((parseConfigValue('duration', timeoutBroadcast) as bigint) / 1_000_000n),
    blockIntervalMs: nonNegativeMs(r.get<bigint>('consensus.timeout_commit'), 'consensus.timeout_commit'),
    createEmptyBlocks: r.get<boolean>('consensus.create_empty_blocks'),
    createEmptyBlocksIntervalMs: nonNegativeMs(r.get<bigint>('consensus.create_empty_blocks_interval'), 'consensus.create_empty_blocks_interval'),
    haltHeight: r.get<bigint>('halt-height'),
    haltTimeS: r.get<bigint>('halt-time'),
    minGasPrices: [{ denom: BASE_DENOM, amount: Dec.fromInt(gas) }],
    minGasPricesText: `${gas}${BASE_DENOM}`,
    pruning,
    minRetainBlocks: r.get<bigint>('min-retain-blocks'),
    api: { enable: apiEnable, address: apiAddress, enableUnsafeCors: r.get<boolean>('api.enabled-unsafe-cors') },
    grpc: { enable: r.get<boolean>('grpc.enable'), address: grpcAddress },
    jsonRpc,
    genesisHash: (() => {
      const h = r.get<Uint8Array>('genesis_hash');
      return h.length > 0 ? h : undefined;
    })(),
    cpuProfile,
    logLevel,
    logFormat: logFormat as LogFormat,
    mempool: {
      size: num('mempool.size', DEFAULT_MEMPOOL_LIMITS.size),
      maxTxsBytes: num('mempool.max_txs_bytes', DEFAULT_MEMPOOL_LIMITS.maxTxsBytes),
      maxTxBytes: num('mempool.max_tx_bytes', DEFAULT_MEMPOOL_LIMITS.maxTxBytes),
      cacheSize: num('mempool.cache_size', DEFAULT_MEMPOOL_LIMITS.cacheSize),
    },
    pot,
    notes,
  };
}

/** The `[json-rpc]` flags the Ethereum JSON-RPC server honours, checked (app.toml `feehistory-cap` has no flag). */
function jsonRpcSettings(r: FlagReader, app: TomlTable, layout: HomeLayout): StartSettings['jsonRpc'] {
  const enable = r.get<boolean>('json-rpc.enable');
  const address = r.get<string>('json-rpc.address');
  const wsAddress = r.get<string>('json-rpc.ws-address');
  if (enable) {
    parseListenAddress(address, 'json-rpc.address', '127.0.0.1:8545');
    parseListenAddress(wsAddress, 'json-rpc.ws-address', '127.0.0.1:8546');
  }
  const api = r.get<string[]>('json-rpc.api');
  const unknown = api.filter((ns) => !JSON_RPC_NAMESPACES.includes(ns));
  if (unknown.length > 0) throw new Error(`invalid --json-rpc.api ${JSON.stringify(api.join(','))}: unknown namespace ${JSON.stringify(unknown[0])}, expected some of ${JSON_RPC_NAMESPACES.join(',')}`);
  const filterCap = Number(r.get<bigint>('json-rpc.filter-cap'));
  if (filterCap < 0) throw new Error(`--json-rpc.filter-cap cannot be negative, got ${filterCap}`);
  const logsCap = Number(r.get<bigint>('json-rpc.logs-cap'));
  if (logsCap < 0) throw new Error(`--json-rpc.logs-cap cannot be negative, got ${logsCap}`);
  const blockRangeCap = Number(r.get<bigint>('json-rpc.block-range-cap'));
  if (blockRangeCap < 0) throw new Error(`--json-rpc.block-range-cap cannot be negative, got ${blockRangeCap}`);
  const feeHistoryCap = tomlValue(app, 'json-rpc.feehistory-cap') ?? 100;
  if (typeof feeHistoryCap !== 'number' || !Number.isInteger(feeHistoryCap) || feeHistoryCap <= 0) {
    throw new Error(`invalid value for json-rpc.feehistory-cap in ${layout.appToml}: expected a positive integer, got ${JSON.stringify(feeHistoryCap)}`);
  }
  return {
    enable,
    address,
    wsAddress,
    api,
    filterCap,
    logsCap,
    blockRangeCap,
    feeHistoryCap: BigInt(feeHistoryCap),
    httpTimeoutMs: nonNegativeMs(r.get<bigint>('json-rpc.http-timeout'), 'json-rpc.http-timeout'),
    httpIdleTimeoutMs: nonNegativeMs(r.get<bigint>('json-rpc.http-idle-timeout'), 'json-rpc.http-idle-timeout'),
  };
}

function startFlagNote(name: string): string {
  return startFlag(name).note ?? '';
}

/** genesis.json's chain_id, or undefined when the file is missing or unreadable (start then refuses it, naming why). */
function genesisChainIdOf(file: string): string | undefined {
  try {
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { chain_id?: unknown };
    return typeof doc.chain_id === 'string' ? doc.chain_id : undefined;
  } catch {
    return undefined;
  }
}

function nonNegativeMs(ns: bigint, what: string): number {
  if (ns < 0n) throw new Error(`${what} can't be negative`);
  return Number(ns / 1_000_000n);
}

/**
 * stratos-chain `checkMinGasPrices`: one coin, normalised to wei (`1gwei` → 1000000000wei), and
 * never below 0.01 gwei.
 */
function effectiveMinGasPrice(text: string, notes: string[]): bigint {
  let price;
  try {
    price = parseCoinNormalized(text);
  } catch (e) {
    throw new Error(`invalid minimum-gas-prices ${JSON.stringify(text)}: ${(e as Error).message} (expected one coin such as 1000000000wei or 1gwei)`);
  }
  if (price.denom !== BASE_DENOM) throw new Error(`invalid minimum-gas-prices ${JSON.stringify(text)}: the price must be in ${BASE_DENOM} (or gwei/stos, which convert to it)`);
  if (price.amount < MINIMAL_MIN_GAS_PRICE) {
    notes.push(`minimum-gas-prices ${text} is below the chain's floor; using ${MINIMAL_MIN_GAS_PRICE}${BASE_DENOM}`);
    return MINIMAL_MIN_GAS_PRICE;
  }
  return price.amount;
}

