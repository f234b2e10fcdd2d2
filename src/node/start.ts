/**
 * `chaind start` wiring: the home's genesis, keys and settings → a Node with the in-process
 * consensus engine (CometBFT headers and commits signed by this node's validator key), the
 * consensus RPC server, the REST, gRPC and Ethereum JSON-RPC servers when enabled, pruning after each commit, and one log line
 * per committed block. The caller (the CLI) decides when to close: on a signal, a halt or a fatal error.
 *
 * The node owns its home: the lock `<db_dir>/LOCK` (src/node/home-lock.ts) is taken before anything
 * in the home is written and released when the node has closed. A new chain's genesis is checked
 * first as `validate-genesis` checks it (src/node/genesis-check.ts). Each server is logged once
 * bound and listed in `RunningNode.serving`; `observeNodeStarts` hands every started node to an
 * observer in the same process (`npm start` prints its banner from it).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { Subscription } from 'rxjs';
import * as grpcLogging from '@grpc/grpc-js';
import { GenesisMismatchError } from '../abci/chain.ts';
import { appModules } from '../abci/modules.ts';
import type { RunningServer } from '../api/http.ts';
import { nodeServiceQueries } from '../api/grpc/node-services.ts';
import { startGrpcServer, type RunningGrpcServer } from '../api/grpc/server.ts';
import { startRestServer } from '../api/rest/server.ts';
import { startRpcServer } from '../api/rpc/server.ts';
import { startEthServer, type RunningEthServer } from '../api/eth/server.ts';
import { applyValidatorUpdates, cometBlockMeta } from '../consensus/block-meta.ts';
import { loadExtraValidatorKeys, loadOrCreateNodeKey, loadOrCreatePrivValidatorKey, loadOrCreatePrivValidatorState, savePrivValidatorState, type PrivValidatorState } from '../consensus/keys.ts';
import { OperatorControl } from './consensus-control.ts';
import { startCpuProfile, type CpuProfiler } from './cpu-profile.ts';
import { genesisDocOf, genesisValidatorsOf, readGenesisJson, validatorSetOf } from './genesis-file.ts';
import { checkGenesisState, initChainValidatorsProblem } from './genesis-check.ts';
import { chainDbPath } from './home.ts';
import { checkHomeNaming, checkStoredNaming } from './naming-check.ts';
import { acquireHomeLock, type HomeLock } from './home-lock.ts';
import { createLogger, parseLogLevel, type LogFields, type Logger } from './logger.ts';
import { keccakReady } from '../crypto/keccak.ts';
import { secp256k1 } from '../crypto/secp256k1-backend.ts';
import { VerifyPool } from '../crypto/verify-pool.ts';
import { Node } from './node.ts';
import { Pruner, statesInMemory } from './pruning.ts';
import { resolveStartSettings, type StartSettings } from './settings.ts';
import { applyPotNodeSettings } from '../modules/pot/apply-node-settings.ts';
import { makeDirs } from '../make-dirs.ts';

export interface StartNodeOptions {
  /** resolved settings; default: the home's config files with no flags */
  readonly settings?: StartSettings;
  /** default: a logger on stderr with the settings' level and format */
  readonly logger?: Logger;
  /** called once when the node halts (halt-height / halt-time), also when it halts at once on start */
  readonly onHalt?: (reason: string) => void;
  /** called when block production fails and the node stops (a failed block store write) */
  readonly onFatal?: (err: Error) => void;
}

/**
 * CometBFT `FilePV` `checkHRS` for the node's next block: its first vote is at `next`, round 0. The
 * refusal text, or undefined when the height may be signed. A running node records the last
 * height its store holds every second, a clean stop the last committed one, so a restart always
 * signs above them.
 */
export function heightRegression(next: bigint, signed: PrivValidatorState, file: string): string | undefined {
  const regressed = signed.height > next || (signed.height === next && signed.step > 0);
  if (!regressed) return undefined;
  const cause = signed.height > next ? `height regression. Got ${next}, last height ${signed.height}` : `step regression. Got 1, last step ${signed.step}`;
  return (
    `${cause}: ${file} records that this node's validator signed height ${signed.height}, but its next block is height ${next}; ` +
    `signing that height again could double-sign. If the chain data was reset on purpose, "chaind consensus unsafe-reset-all" resets the file (and deletes the chain data)`
  );
}

/**
 * A server's start whose bind failure names the flag that chose the address, as the Ethereum
 * JSON-RPC's does (src/api/eth/server.ts): `--rpc.laddr tcp://127.0.0.1:26657: the address is
 * already in use (another process listens on it): choose another with --rpc.laddr[, or turn … off
 * with --…=false]`.
 */
async function namingTheFlag<T>(flag: string, text: string, off: string | undefined, start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    // grpc-js reports its bind errors inside its own message
    if (err.code === 'EADDRINUSE' || /\bEADDRINUSE\b/.test(err.message)) {
      throw new Error(`--${flag} ${text}: the address is already in use (another process listens on it): choose another with --${flag}${off ? `, or turn the ${SERVER_OF[flag]} off with ${off}` : ''}`);
    }
    throw new Error(`--${flag} ${text}: ${err.message}`);
  }
}

const SERVER_OF: Record<string, string> = { 'api.address': 'REST server', 'grpc.address': 'gRPC server' };

/**
 * grpc-js logs a failed bind on stderr itself (`E No address added out of total 1 resolved`) before
 * rejecting with the same text; the rejection is reported (`namingTheFlag`), so that line is dropped.
 * Every other grpc-js log line is written as grpc-js's default logger writes it.
 */
async function withoutGrpcBindLog<T>(start: () => Promise<T>): Promise<T> {
  grpcLogging.setLogger(GRPC_LOGGER);
  return start();
}

const GRPC_LOGGER: Partial<Console> = {
  error: (message: unknown, ...rest: unknown[]) => {
    if (typeof message === 'string' && message.startsWith('No address added out of total')) return;
    console.error(`E ${String(message)}`, ...rest);
  },
  info: (message: unknown, ...rest: unknown[]) => console.error(`I ${String(message)}`, ...rest),
  debug: (message: unknown, ...rest: unknown[]) => console.error(`D ${String(message)}`, ...rest),
};

/** A server the node listens on, as bound (port 0 resolved). */
export interface ServingAddress {
  /** `consensus RPC`, `REST`, `gRPC`, `Ethereum RPC`, `Ethereum WS` */
  readonly name: string;
  /** where a client reaches it: `http://127.0.0.1:26657`; for gRPC `127.0.0.1:9090` */
  readonly url: string;
}

export interface RunningNode {
  readonly node: Node;
  /** every server started, in start order (empty when the node halted before serving) */
  readonly serving: readonly ServingAddress[];
  /** undefined when the node halted before serving */
  readonly rpc: RunningServer | undefined;
  readonly rest: RunningServer | undefined;
  readonly grpc: RunningGrpcServer | undefined;
  /** the Ethereum JSON-RPC (HTTP and websocket), when `json-rpc.enable` */
  readonly ethJsonRpc: RunningEthServer | undefined;
  /** why the node halted, if it did */
  readonly halted: string | undefined;
  /** stops producing, closes the servers, records the last signed height and closes the store */
  close(): Promise<void>;
}

type NodeStartObserver = (running: RunningNode) => void;
const startObservers = new Set<NodeStartObserver>();

/**
 * Calls `observer` with every node `startNode` starts in this process, once all its servers are
 * bound and it produces blocks. Returns the function that ends the observation.
 */
export function observeNodeStarts(observer: NodeStartObserver): () => void {
  startObservers.add(observer);
  return () => void startObservers.delete(observer);
}

export async function startNode(home: string, options: StartNodeOptions = {}): Promise<RunningNode> {
  const settings = options.settings ?? resolveStartSettings(home);
  const log = options.logger ?? createLogger({ format: settings.logFormat, filter: parseLogLevel(settings.logLevel), write: (line) => void process.stderr.write(line) });
  const { layout } = settings;

  if (!existsSync(layout.genesisFile)) {
    throw new Error(`couldn't read GenesisDoc file: open ${layout.genesisFile}: no such file or directory (run "chaind init <moniker> --home ${layout.home}" first)`);
  }
  // before anything in the home is written; a second node on this home stops here
  const lock = acquireHomeLock(layout.dbDir, 'chaind start');
  if (lock.tookOver) {
    log.info('removed a stale lock', { module: 'server', file: lock.file, pid: lock.tookOver.pid, started: lock.tookOver.started });
  }
  try {
    return await startLocked(settings, log, lock, options);
  } catch (e) {
    lock.release();
    // SQLite's own words name no file: say which, and what the operator can do
    const code = (e as { code?: unknown }).code;
    if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB') {
      throw new Error(`the chain data ${chainDbPath(layout)} is damaged (${(e as Error).message}): restore it from a copy, or start the chain over with "chaind consensus unsafe-reset-all" (deletes the chain data)`);
    }
    throw e;
  }
}

async function startLocked(settings: StartSettings, log: Logger, lock: HomeLock, options: StartNodeOptions): Promise<RunningNode> {
  const { layout } = settings;
  if (settings.genesisHash) checkGenesisHash(layout.genesisFile, settings.genesisHash);
  const genesisJson = readGenesisJson(layout.genesisFile);
  const genesis = genesisDocOf(genesisJson, layout.genesisFile);
  // client.toml and genesis.json must record one naming profile (docs/node.md "Naming profile")
  checkStoredNaming(layout, checkHomeNaming(layout, genesis));
  const genesisValidators = genesisValidatorsOf(genesisJson, layout.genesisFile);
  const validators = validatorSetOf(genesisValidators);
  const privValidatorKey = loadOrCreatePrivValidatorKey(layout.privValidatorKeyFile);
  const privValidatorKeys = [privValidatorKey, ...loadExtraValidatorKeys(layout.extraValidatorKeysDir)];
  // a new chain: InitChain must succeed and give a set this node can sign for, checked before the chain's store is created
  if (!existsSync(chainDbPath(layout))) {
    const initial = checkGenesisState(genesis, layout.genesisFile);
    const mismatch = initChainValidatorsProblem(genesisValidators, initial);
    if (mismatch) {
      throw new Error(`${layout.genesisFile}: genesis.validators are not the validator set InitChain gives (staking's): ${mismatch} (list staking's bonded set there, as "chaind export" writes it, or leave the list out)`);
    }
    const set = initial.length > 0 ? applyValidatorUpdates([], initial) : validators;
    if (set.length === 0) {
      throw new Error(
        `${layout.genesisFile} has no validators: create one with "chaind genesis gentx" and "chaind genesis collect-gentxs" (or list it in genesis.validators, which "chaind init" writes)`,
      );
    }
    const held = new Set(privValidatorKeys.map((k) => k.address));
    if (!set.some((v) => held.has(v.address))) {
      throw new Error(
        `none of the validator keys of this node (${[...held].join(', ')}: ${layout.privValidatorKeyFile}) is in the genesis validator set (${set.map((v) => v.address).join(', ')}): a chain run by one node must be its own validator`,
      );
    }
  }
  const signed = loadOrCreatePrivValidatorState(layout.privValidatorStateFile);
  // a new chain's first block is its initial height: refused before its store is created (`consensus
  // reset-state` keeps priv_validator_state.json, as CometBFT does)
  if (!existsSync(chainDbPath(layout))) {
    const regression = heightRegression(BigInt(genesis.initial_height), signed, layout.privValidatorStateFile);
    if (regression) throw new Error(regression);
  }
  // the validators this node signs for: the others' precommits never come (one node, no peers)
  const consensusControl = new OperatorControl(privValidatorKeys.map((k) => k.address));
  const nodeKey = loadOrCreateNodeKey(layout.nodeKeyFile);
  for (const note of settings.notes) log.info(note, { module: 'server' });

  const profiler: CpuProfiler | undefined = settings.cpuProfile ? await startCpuProfile(settings.cpuProfile) : undefined;
  if (profiler) log.info('starting CPU profiler', { module: 'server', profile: settings.cpuProfile });

  let halted: string | undefined;
  makeDirs(layout.dbDir);
  log.info('starting node with the in-process consensus engine', { module: 'server' });
  // before the Node: replaying the stored blocks runs pot EndBlock with these settings
  const restorePotSettings = applyPotNodeSettings(settings.pot);
  let node: Node;
  // signatures of broadcast txs are checked on its thread before CheckTx
  const verifyPool = new VerifyPool();
  void keccakReady(); // new signers' addresses are hashed here: the WebAssembly hasher before the first tx
  secp256k1(); // and their public keys checked: libsecp256k1's binding too (about 10 ms at the first tx otherwise)

  try {
    node = new Node({
      ...appModules,
      dbPath: chainDbPath(layout),
      genesis,
      identity: { id: nodeKey.id, moniker: settings.moniker, listenAddr: settings.p2pLaddr, rpcAddress: settings.rpcLaddr },
      validators,
      genesisValidators,
      validatorAddress: privValidatorKey.address,
      validatorPubKey: Buffer.from(privValidatorKey.pubKey).toString('base64'),
      consensusControl,
      blockMeta: cometBlockMeta({ privValidatorKeys, genesisValidators: validators, consensusParams: genesis.consensus_params, control: consensusControl }),
      minGasPrices: settings.minGasPrices,
      keepRecent: statesInMemory(settings.pruning),
      // and the states of every keep-every height, from their snapshots on disk
      keepEvery: Number(settings.pruning.keepEvery),
      // an archive node (`nothing`) answers every height its blocks still hold, also after a restart
      rebuildPastStates: settings.pruning.strategy === 'nothing',
      blockIntervalMs: settings.blockIntervalMs,
      createEmptyBlocks: settings.createEmptyBlocks,
      createEmptyBlocksIntervalMs: settings.createEmptyBlocksIntervalMs,
      haltHeight: settings.haltHeight,
      haltTimeS: settings.haltTimeS,
      mempool: settings.mempool,
      // SQLite's work for a block overlaps the next block's (src/events/write-behind.ts)
      writeBehind: true,
      // a snapshot every 100 blocks is made 10 ms at a time with the blocks after it (src/state/snapshot-job.ts)
      snapshotSliceMs: 10,
      // and nine of every ten are the changes since the one before (src/state/snapshot-delta.ts)
      snapshotDeltas: 9,
      verifyPool,
      // the SDK's tx and consensus-engine services behind abci_query (RegisterTxService, RegisterTendermintService)
      queries: nodeServiceQueries,
      onFatal: (err) => {
        log.error('block production stopped', { module: 'state', err: err.message });
        options.onFatal?.(err);
      },
      onConsensusWait: (message) => log.info(message, { module: 'consensus' }),
      onHalt: (reason) => {
        halted = reason;
        // SDK baseapp `halt()`
        log.info('halting node per configuration', { module: 'server', height: settings.haltHeight, time: settings.haltTimeS });
        options.onHalt?.(reason);
      },
    });
  } catch (e) {
    restorePotSettings();
    await verifyPool.close();
    await profiler?.stop();
    // CometBFT refuses a genesis file that differs from the one the chain was started with
    throw e instanceof GenesisMismatchError ? new Error(genesisChanged(layout.genesisFile)) : e;
  }
  if (JSON.stringify(node.genesis) !== JSON.stringify(genesis)) {
    node.close();
    restorePotSettings();
    await verifyPool.close();
    await profiler?.stop();
    throw new Error(genesisChanged(layout.genesisFile));
  }
  // CometBFT's FilePV never signs below the last height it signed (nor that height again, once its
  // precommit is signed): the chain's data was reset or replaced while priv_validator_state.json was kept
  const regression = heightRegression(node.height + 1n, signed, layout.privValidatorStateFile);
  if (regression) {
    node.close();
    restorePotSettings();
    await verifyPool.close();
    await profiler?.stop();
    throw new Error(regression);
  }

  const pruner = new Pruner(node.chain.store, {
    pruning: settings.pruning,
    minRetainBlocks: settings.minRetainBlocks,
    maxAgeNumBlocks: BigInt(genesis.consensus_params.evidence.max_age_num_blocks),
    onPruned: ({ snapshots, retainHeight, blocks }) => log.info('pruned', { module: 'state', snapshots, pruned_blocks: blocks, retain_height: retainHeight }),
  });
  // CometBFT's FilePV records each height before it signs it. This node records, every second, the
  // last height its store holds (written, so that a crash never leaves the file above the store and
  // the node unable to start), and the last committed one at a clean stop: after a crash, and after
  // `consensus reset-state`, the heights it signed are not signed again (heightRegression)
  let recorded = signed.height;
  const recordSigned = setInterval(() => {
    const written = node.chain.reportedHeight;
    if (written <= recorded) return;
    try {
      savePrivValidatorState(layout.privValidatorStateFile, { height: written, round: 0, step: 3 });
      recorded = written;
    } catch (e) {
      log.error('recording the last signed height failed', { module: 'privval', file: layout.privValidatorStateFile, err: (e as Error).message });
    }
  }, 1000);
  recordSigned.unref();
  let closed = false;
  const subscription: Subscription = node.blocks$.subscribe((block) => {
    // CometBFT state/execution.go
    log.info('committed state', { module: 'state', height: block.height, num_txs: block.txs.length, app_hash: Buffer.from(block.appHash).toString('hex').toUpperCase() });
    // the blocks a closing node still writes are reported while it closes (logged, not pruned after)
    if (closed) return;
    try {
      pruner.afterCommit(block.height);
    } catch (e) {
      log.error('pruning failed', { module: 'state', height: block.height, err: (e as Error).message });
    }
  });

  let rpc: RunningServer | undefined;
  let rest: RunningServer | undefined;
  let grpc: RunningGrpcServer | undefined;
  let eth: RunningEthServer | undefined;
  const serving: ServingAddress[] = [];
  const close = async () => {
    if (closed) return;
    closed = true;
    try {
      await closeLocked();
    } finally {
      lock.release();
    }
  };
  const closeLocked = async () => {
    clearInterval(recordSigned);
    node.stop();
    await eth?.close();
    await grpc?.close();
    await rest?.close();
    await rpc?.close();
    let failure: unknown;
    try {
      node.close(); // waits for the last block writes (each logged as committed); throws if the block store failed
    } catch (e) {
      failure = e;
    }
    subscription.unsubscribe();
    // the last vote this validator signed: the precommit of the last committed block (not
    // recorded after a store failure: the chain resumes below the height the app had reached)
    if (failure === undefined) savePrivValidatorState(layout.privValidatorStateFile, { height: node.height, round: 0, step: node.height > 0n ? 3 : 0 });
    restorePotSettings();
    await verifyPool.close();
    if (profiler) {
      log.info('stopping CPU profiler', { module: 'server', profile: settings.cpuProfile });
      await profiler.stop();
    }
    if (failure !== undefined) throw failure;
  };

  if (!halted) {
    try {
      // each server is logged and listed once bound: the list is what the node really serves
      const serve = (entry: ServingAddress, message: string, fields: LogFields) => {
        serving.push(entry);
        log.info(message, fields);
      };
      rpc = await namingTheFlag('rpc.laddr', settings.rpcLaddr, undefined, () =>
        startRpcServer(node, { laddr: settings.rpcLaddr, maxBodyBytes: settings.rpcMaxBodyBytes, corsAllowedOrigins: [...settings.corsAllowedOrigins], eventLimits: settings.rpcEventLimits, unsafe: settings.rpcUnsafe }),
      );
      serve({ name: 'consensus RPC', url: `http://${hostPort(rpc.address)}` }, 'serving the consensus RPC', { module: 'rpc-server', laddr: `tcp://${hostPort(rpc.address)}` });
      if (settings.api.enable) {
        rest = await namingTheFlag('api.address', settings.api.address, '--api.enable=false', () => startRestServer(node, { address: settings.api.address, enableUnsafeCors: settings.api.enableUnsafeCors }));
        serve({ name: 'REST', url: `http://${hostPort(rest.address)}` }, 'serving the REST API', { module: 'api-server', address: `tcp://${hostPort(rest.address)}` });
      }
      if (settings.grpc.enable) {
        grpc = await namingTheFlag('grpc.address', settings.grpc.address, '--grpc.enable=false', () => withoutGrpcBindLog(() => startGrpcServer(node, { address: settings.grpc.address })));
        serve({ name: 'gRPC', url: hostPort(grpc.address) }, 'starting gRPC server...', { module: 'grpc-server', address: hostPort(grpc.address) });
      }
      if (settings.jsonRpc.enable) {
        eth = await startEthServer(node, settings.jsonRpc);
        // stratos-chain rpc/server.go: `starting Web3 RPC server on <address>` for each, module geth
        serve({ name: 'Ethereum RPC', url: `http://${hostPort(eth.http.address)}` }, `starting Web3 RPC server on ${hostPort(eth.http.address)}`, { module: 'geth' });
        serve({ name: 'Ethereum WS', url: `ws://${hostPort(eth.ws.address)}` }, `starting Web3 RPC server on ${hostPort(eth.ws.address)}`, { module: 'geth' });
      }
    } catch (e) {
      await close();
      throw new Error(`failed to start a server: ${(e as Error).message}`);
    }
    node.start();
    log.info('node started', { module: 'server', chain_id: node.chainId, height: node.height, node_id: nodeKey.id });
  }

  const running: RunningNode = {
    node,
    serving,
    get rpc() {
      return rpc;
    },
    get rest() {
      return rest;
    },
    get grpc() {
      return grpc;
    },
    get ethJsonRpc() {
      return eth;
    },
    get halted() {
      return halted;
    },
    close,
  };
  if (!halted) {
    for (const observer of startObservers) {
      try {
        observer(running);
      } catch (e) {
        log.error('a node start observer failed', { module: 'server', err: (e as Error).message });
      }
    }
  }
  return running;
}

/** `host:port` of a bound address, IPv6 hosts in brackets. */
function hostPort(address: { readonly host: string; readonly port: number }): string {
  return address.host.includes(':') ? `[${address.host}]:${address.port}` : `${address.host}:${address.port}`;
}

/** CometBFT `checkGenesisHash`: sha256 of the genesis file's bytes. */
function checkGenesisHash(path: string, expected: Uint8Array): void {
  const actual = createHash('sha256').update(readFileSync(path)).digest();
  if (!actual.equals(Buffer.from(expected))) {
    const hex = (b: Uint8Array) => Buffer.from(b).toString('hex').toUpperCase();
    throw new Error(`--genesis_hash=${hex(expected)} does not match ${path} hash: ${hex(actual)}`);
  }
}

/** CometBFT's refusal of a genesis file changed after the chain started, with what to do. */
function genesisChanged(file: string): string {
  return `genesis doc hash in db does not match loaded genesis doc: ${file} changed after the chain started; restore it, or start a new chain with "chaind consensus unsafe-reset-all"`;
}
