/**
 * Every flag of `chaind start` (spec/interfaces.md §4.5; stratos-chain `server/start.go` and
 * CometBFT's `AddNodeFlags`), with the config key that supplies its value when the flag is not
 * given (viper's order: a given flag, then config.toml / app.toml, then the flag default), and
 * what the simulator does with it: `works`, `accepted` (parsed and checked, no effect: the note
 * says why) or `refused` (a clear error unless it has its default value). docs/node.md is the
 * prose form of this table.
 */

export type FlagKind = 'string' | 'bool' | 'uint' | 'uint32' | 'int' | 'int32' | 'float' | 'duration' | 'strings' | 'ints' | 'hex';
export type FlagSupport = 'works' | 'accepted' | 'refused';

export interface StartFlag {
  /** long name without dashes */
  readonly name: string;
  readonly kind: FlagKind;
  readonly usage: string;
  /** the default as text (what `--help` shows); booleans as "true"/"false" */
  readonly default: string;
  /** `config:<key>` (config.toml) or `app:<key>` (app.toml) */
  readonly source?: `config:${string}` | `app:${string}`;
  readonly support: FlagSupport;
  /** for `accepted`: why it has no effect */
  readonly note?: string;
}

const SINGLE_NODE = 'this simulator runs a single node without a P2P network';
const NO_GRPC_WEB = 'gRPC-Web is not served by this simulator (the gRPC server is)';
const NO_EVM_CAP = 'bounds eth_call / eth_estimateGas / eth_resend, which need the EVM this node does not run';

export const START_FLAGS: readonly StartFlag[] = [
  // the node and its consensus engine
  { name: 'with-tendermint', kind: 'bool', default: 'true', usage: 'Run abci app embedded in-process with the consensus engine', support: 'works' },
  { name: 'moniker', kind: 'string', default: '', source: 'config:moniker', usage: 'node name', support: 'works' },
  { name: 'rpc.laddr', kind: 'string', default: 'tcp://127.0.0.1:26657', source: 'config:rpc.laddr', usage: 'RPC listen address. Port required', support: 'works' },
  { name: 'consensus.create_empty_blocks', kind: 'bool', default: 'true', source: 'config:consensus.create_empty_blocks', usage: 'set this to false to only produce blocks when there are txs', support: 'works' },
  { name: 'consensus.create_empty_blocks_interval', kind: 'duration', default: '0s', source: 'config:consensus.create_empty_blocks_interval', usage: 'the possible interval between empty blocks', support: 'works' },
  { name: 'consensus.timeout_commit', kind: 'duration', default: '5s', source: 'config:consensus.timeout_commit', usage: 'pause after a commit before the next block (simulator flag for the config.toml key)', support: 'works' },
  { name: 'db_backend', kind: 'string', default: 'goleveldb', source: 'config:db_backend', usage: 'database backend: goleveldb (the built-in SQLite store) | cleveldb | boltdb | rocksdb | badgerdb', support: 'works' },
  { name: 'db_dir', kind: 'string', default: 'data', source: 'config:db_dir', usage: 'database directory', support: 'works' },
  { name: 'genesis_hash', kind: 'hex', default: '', usage: 'optional SHA-256 hash of the genesis file', support: 'works' },
  { name: 'priv_validator_laddr', kind: 'string', default: '', source: 'config:priv_validator_laddr', usage: 'socket address to listen on for connections from external priv_validator process', support: 'refused' },
  { name: 'fast_sync', kind: 'bool', default: 'true', source: 'config:block_sync', usage: 'sync the block chain using the blocksync algorithm (alias of --block_sync)', support: 'accepted', note: SINGLE_NODE },
  { name: 'block_sync', kind: 'bool', default: 'true', source: 'config:block_sync', usage: 'sync the block chain using the blocksync algorithm', support: 'accepted', note: SINGLE_NODE },
  { name: 'consensus.double_sign_check_height', kind: 'int', default: '0', source: 'config:consensus.double_sign_check_height', usage: "how many blocks to look back to check existence of the node's consensus votes before joining consensus", support: 'accepted', note: 'the only validator is this node' },
  { name: 'proxy_app', kind: 'string', default: 'tcp://127.0.0.1:26658', source: 'config:proxy_app', usage: 'proxy app address', support: 'accepted', note: 'the application runs in-process' },
  { name: 'abci', kind: 'string', default: 'socket', source: 'config:abci', usage: 'specify abci transport (socket | grpc)', support: 'accepted', note: 'the application runs in-process' },
  { name: 'address', kind: 'string', default: 'tcp://0.0.0.0:26658', usage: 'Listen address (only with --with-tendermint=false)', support: 'accepted', note: 'used only without the in-process consensus engine' },
  { name: 'transport', kind: 'string', default: 'socket', usage: 'Transport protocol: socket, grpc (only with --with-tendermint=false)', support: 'accepted', note: 'used only without the in-process consensus engine' },
  { name: 'rpc.grpc_laddr', kind: 'string', default: '', source: 'config:rpc.grpc_laddr', usage: 'GRPC listen address (BroadcastTx only). Port required', support: 'accepted', note: 'the consensus gRPC broadcast API is not served' },
  { name: 'rpc.unsafe', kind: 'bool', default: 'false', source: 'config:rpc.unsafe', usage: 'enabled unsafe rpc methods', support: 'works', note: 'serves the operator methods unsafe_set_validator_offline and unsafe_inject_double_sign (docs/node.md)' },
  { name: 'rpc.pprof_laddr', kind: 'string', default: '', source: 'config:rpc.pprof_laddr', usage: 'pprof listen address', support: 'accepted', note: 'use --cpu-profile for a CPU profile' },
  { name: 'p2p.laddr', kind: 'string', default: 'tcp://0.0.0.0:26656', source: 'config:p2p.laddr', usage: 'node listen address (shown in the node status; nothing listens)', support: 'accepted', note: SINGLE_NODE },
  { name: 'p2p.external-address', kind: 'string', default: '', source: 'config:p2p.external_address', usage: 'ip:port address to advertise to peers for them to dial', support: 'accepted', note: SINGLE_NODE },
  { name: 'p2p.seeds', kind: 'string', default: '', source: 'config:p2p.seeds', usage: 'comma-delimited ID@host:port seed nodes', support: 'accepted', note: SINGLE_NODE },
  { name: 'p2p.persistent_peers', kind: 'string', default: '', source: 'config:p2p.persistent_peers', usage: 'comma-delimited ID@host:port persistent peers', support: 'accepted', note: SINGLE_NODE },
  { name: 'p2p.unconditional_peer_ids', kind: 'string', default: '', source: 'config:p2p.unconditional_peer_ids', usage: 'comma-delimited IDs of unconditional peers', support: 'accepted', note: SINGLE_NODE },
  { name: 'p2p.private_peer_ids', kind: 'string', default: '', source: 'config:p2p.private_peer_ids', usage: 'comma-delimited private peer IDs', support: 'accepted', note: SINGLE_NODE },
  { name: 'p2p.pex', kind: 'bool', default: 'true', source: 'config:p2p.pex', usage: 'enable/disable Peer-Exchange', support: 'accepted', note: SINGLE_NODE },
  { name: 'p2p.seed_mode', kind: 'bool', default: 'false', source: 'config:p2p.seed_mode', usage: 'enable/disable seed mode', support: 'accepted', note: SINGLE_NODE },
  { name: 'p2p.upnp', kind: 'bool', default: 'false', source: 'config:p2p.upnp', usage: 'enable/disable UPNP port forwarding', support: 'accepted', note: SINGLE_NODE },
  // the application
  { name: 'minimum-gas-prices', kind: 'string', default: '1000000000wei', source: 'app:minimum-gas-prices', usage: 'Minimum gas prices to accept for transactions; Any fee in a tx must meet this minimum (e.g. 0.01gwei)', support: 'works' },
  { name: 'halt-height', kind: 'uint', default: '0', source: 'app:halt-height', usage: 'Block height at which to gracefully halt the chain and shutdown the node', support: 'works' },
  { name: 'halt-time', kind: 'uint', default: '0', source: 'app:halt-time', usage: 'Minimum block time (in Unix seconds) at which to gracefully halt the chain and shutdown the node', support: 'works' },
  { name: 'pruning', kind: 'string', default: 'default', source: 'app:pruning', usage: 'Pruning strategy (default|nothing|everything|custom)', support: 'works' },
  { name: 'pruning-keep-recent', kind: 'uint', default: '0', source: 'app:pruning-keep-recent', usage: "Number of recent heights to keep on disk (ignored if pruning is not 'custom')", support: 'works' },
  { name: 'pruning-keep-every', kind: 'uint', default: '0', source: 'app:pruning-keep-every', usage: "Offset heights to keep on disk after 'keep-every' (ignored if pruning is not 'custom')", support: 'works' },
  { name: 'pruning-interval', kind: 'uint', default: '0', source: 'app:pruning-interval', usage: "Height interval at which pruned heights are removed from disk (ignored if pruning is not 'custom')", support: 'works' },
  { name: 'min-retain-blocks', kind: 'uint', default: '0', source: 'app:min-retain-blocks', usage: 'Minimum block height offset during ABCI commit to prune blocks', support: 'works' },
  { name: 'cpu-profile', kind: 'string', default: '', usage: 'Enable CPU profiling and write to the provided file (a V8 .cpuprofile)', support: 'works' },
  { name: 'inter-block-cache', kind: 'bool', default: 'true', source: 'app:inter-block-cache', usage: 'Enable inter-block caching', support: 'accepted', note: 'states live in memory already' },
  { name: 'trace-store', kind: 'string', default: '', usage: 'Enable KVStore tracing to an output file', support: 'accepted', note: 'there is no KV store to trace' },
  { name: 'inv-check-period', kind: 'uint', default: '0', usage: 'Assert registered invariants every N blocks', support: 'accepted', note: 'no module registers invariants yet' },
  { name: 'x-crisis-skip-assert-invariants', kind: 'bool', default: 'false', usage: 'Skip x/crisis invariants check on startup', support: 'accepted', note: 'no module registers invariants yet' },
  { name: 'unsafe-skip-upgrades', kind: 'ints', default: '', usage: 'Skip a set of upgrade heights to continue the old binary', support: 'accepted', note: 'there is no upgrade module' },
  { name: 'api.enable', kind: 'bool', default: 'false', source: 'app:api.enable', usage: 'Defines if the REST server should be enabled', support: 'works' },
  { name: 'api.address', kind: 'string', default: 'tcp://0.0.0.0:1317', source: 'app:api.address', usage: 'the REST server address to listen on', support: 'works' },
  { name: 'api.enabled-unsafe-cors', kind: 'bool', default: 'false', source: 'app:api.enabled-unsafe-cors', usage: 'Defines if CORS should be enabled (unsafe - use it at your own risk)', support: 'works' },
  { name: 'grpc.enable', kind: 'bool', default: 'true', source: 'app:grpc.enable', usage: 'Define if the gRPC server should be enabled', support: 'works' },
  { name: 'grpc.address', kind: 'string', default: '0.0.0.0:9090', source: 'app:grpc.address', usage: 'the gRPC server address to listen on', support: 'works' },
  { name: 'grpc-web.enable', kind: 'bool', default: 'true', source: 'app:grpc-web.enable', usage: 'Define if the gRPC-Web server should be enabled. (Note: gRPC must also be enabled.)', support: 'accepted', note: NO_GRPC_WEB },
  { name: 'grpc-web.address', kind: 'string', default: '0.0.0.0:9091', source: 'app:grpc-web.address', usage: 'The gRPC-Web server address to listen on', support: 'accepted', note: NO_GRPC_WEB },
  { name: 'json-rpc.enable', kind: 'bool', default: 'true', source: 'app:json-rpc.enable', usage: 'Define if the gRPC server should be enabled', support: 'works' },
  { name: 'json-rpc.api', kind: 'strings', default: 'eth,net,web3', source: 'app:json-rpc.api', usage: 'Defines a list of JSON-RPC namespaces that should be enabled', support: 'works' },
  { name: 'json-rpc.address', kind: 'string', default: '0.0.0.0:8545', source: 'app:json-rpc.address', usage: 'the JSON-RPC server address to listen on', support: 'works' },
  { name: 'json-rpc.ws-address', kind: 'string', default: '0.0.0.0:8546', source: 'app:json-rpc.ws-address', usage: 'the JSON-RPC WS server address to listen on', support: 'works' },
  { name: 'json-rpc.gas-cap', kind: 'uint', default: '25000000', source: 'app:json-rpc.gas-cap', usage: 'Sets a cap on gas that can be used in eth_call/estimateGas unit is wei (0=infinite)', support: 'accepted', note: NO_EVM_CAP },
  { name: 'json-rpc.txfee-cap', kind: 'float', default: '1', source: 'app:json-rpc.txfee-cap', usage: 'Sets a cap on transaction fee that can be sent via the RPC APIs (1 = default 1 wei)', support: 'accepted', note: NO_EVM_CAP },
  { name: 'json-rpc.filter-cap', kind: 'int32', default: '200', source: 'app:json-rpc.filter-cap', usage: 'Sets the global cap for total number of filters that can be created', support: 'works' },
  { name: 'json-rpc.evm-timeout', kind: 'duration', default: '5s', source: 'app:json-rpc.evm-timeout', usage: 'Sets a timeout used for eth_call (0=infinite)', support: 'accepted', note: NO_EVM_CAP },
  { name: 'json-rpc.http-timeout', kind: 'duration', default: '30s', source: 'app:json-rpc.http-timeout', usage: 'Sets a read/write timeout for json-rpc http server (0=infinite)', support: 'works' },
  { name: 'json-rpc.http-idle-timeout', kind: 'duration', default: '2m0s', source: 'app:json-rpc.http-idle-timeout', usage: 'Sets a idle timeout for json-rpc http server (0=infinite)', support: 'works' },
  { name: 'json-rpc.logs-cap', kind: 'int32', default: '10000', source: 'app:json-rpc.logs-cap', usage: 'Sets the max number of results can be returned from single `eth_getLogs` query', support: 'works' },
  { name: 'json-rpc.block-range-cap', kind: 'int32', default: '10000', source: 'app:json-rpc.block-range-cap', usage: 'Sets the max block range allowed for `eth_getLogs` query', support: 'works' },
  { name: 'evm.tracer', kind: 'string', default: '', source: 'app:evm.tracer', usage: 'the EVM tracer type to collect execution traces from the EVM transaction execution (json|struct|access_list|markdown)', support: 'accepted', note: 'there is no EVM yet' },
  { name: 'evm.max-tx-gas-wanted', kind: 'uint', default: '500000', source: 'app:evm.max-tx-gas-wanted', usage: 'the gas wanted for each eth tx returned in ante handler in check tx mode', support: 'accepted', note: 'there is no EVM yet' },
  { name: 'tls.certificate-path', kind: 'string', default: '', source: 'app:tls.certificate-path', usage: 'the cert.pem file path for the server TLS configuration', support: 'accepted', note: 'the Ethereum JSON-RPC is served over plain HTTP and ws' },
  { name: 'tls.key-path', kind: 'string', default: '', source: 'app:tls.key-path', usage: 'the key.pem file path for the server TLS configuration', support: 'accepted', note: 'the Ethereum JSON-RPC is served over plain HTTP and ws' },
  { name: 'state-sync.snapshot-interval', kind: 'uint', default: '0', source: 'app:state-sync.snapshot-interval', usage: 'State sync snapshot interval', support: 'accepted', note: 'state sync is not served (' + SINGLE_NODE + ')' },
  { name: 'state-sync.snapshot-keep-recent', kind: 'uint32', default: '2', source: 'app:state-sync.snapshot-keep-recent', usage: 'State sync snapshot to keep', support: 'accepted', note: 'state sync is not served (' + SINGLE_NODE + ')' },
  // a root flag of the real binary that `start` accepts
  { name: 'keyring-backend', kind: 'string', default: 'os', usage: "Select keyring's backend", support: 'accepted', note: 'the node signs blocks with priv_validator_key.json' },
];

/**
 * The global flags of the node commands (spec §4.5: `--home` besides these). `start` reads the log
 * settings from config.toml when the flags are not given.
 */
export const NODE_GLOBAL_FLAGS: readonly StartFlag[] = [
  { name: 'log_level', kind: 'string', default: 'info', source: 'config:log_level', usage: 'The logging level (trace|debug|info|warn|error|fatal|panic)', support: 'works' },
  { name: 'log_format', kind: 'string', default: 'plain', source: 'config:log_format', usage: 'The logging format (json|plain)', support: 'works' },
  { name: 'trace', kind: 'bool', default: 'false', usage: 'print out full stack trace on errors', support: 'accepted', note: 'errors carry no stack traces' },
  // `start`'s meaning; each other node command says its own (src/cli/node/node-flags.ts `withGlobalFlags`)
  { name: 'chain-id', kind: 'string', default: '', usage: "The network chain ID: the node takes it from genesis.json (a value that differs from genesis.json's chain_id logs a note)", support: 'accepted', note: 'the chain id comes from genesis.json' },
];

export function startFlag(name: string): StartFlag {
  const flag = START_FLAGS.find((f) => f.name === name) ?? NODE_GLOBAL_FLAGS.find((f) => f.name === name);
  if (!flag) throw new Error(`no start flag --${name}`);
  return flag;
}
