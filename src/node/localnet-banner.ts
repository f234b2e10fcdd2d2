/**
 * `npm start`'s banner (src/node/localnet.ts): where each server of the node listens, the dev
 * accounts, the validators, the storage network and the regional gateways — or, when a part of the
 * storage network or a gateway did not start, which one, why (the address another process holds,
 * else its own error), its log, and the `npm start` flag that moves its port (`LocalnetPorts`).
 */
import { join } from 'node:path';
import { homeLayout, readClientConfig, readConsensusConfig, writeClientConfig } from './home.ts';
import { LOCALNET_CHAIN_ID as CHAIN_ID, type LocalNetwork } from './localnet-network.ts';
import type { RunningNode, ServingAddress } from './start.ts';
import { ProcessStartFailure, type RunningStorageNetwork } from './storage-processes.ts';
import type { LocalGateway } from './localnet-gateways.ts';

/** npm start's storage network: 1-minute epochs (docs/storage-network.md) */
export const LOCALNET_EPOCH_SECONDS = 60;

/** The ports of the storage network and the gateways (`--sds.*-port`, `--gateway.port`): each first one; the next nodes or regions +1 each. */
export interface LocalnetPorts {
  readonly metaPort: number;
  readonly rpcPort: number;
  readonly peerPort: number;
  readonly ipfsPort: number;
  readonly gatewayPort: number;
}

export const DEFAULT_LOCALNET_PORTS: LocalnetPorts = Object.freeze({ metaPort: 9400, rpcPort: 9301, peerPort: 18481, ipfsPort: 6798, gatewayPort: 8080 });

/** What became of the storage network and the gateways at this start. */
export type StorageOutcome =
  /** a home made before `npm start` ran a storage network */
  | { readonly kind: 'absent' }
  | { readonly kind: 'running'; readonly storage: RunningStorageNetwork; readonly gateways: readonly LocalGateway[]; readonly gatewayFailure?: unknown }
  | { readonly kind: 'failed'; readonly failure: unknown };

/** Where a client on this machine reaches a server listening on all interfaces. */
export function reachable(url: string): string {
  return url.replace('//0.0.0.0:', '//127.0.0.1:').replace(/^0\.0\.0\.0:/, '127.0.0.1:').replace('[::]:', '[::1]:');
}

/** client.toml `node` follows the consensus RPC the node bound. */
function pointClientAt(home: string, rpc: ServingAddress): string {
  const layout = homeLayout(home, readConsensusConfig(home));
  const node = reachable(rpc.url).replace(/^http:/, 'tcp:');
  const config = readClientConfig(layout);
  if (config.node !== node) writeClientConfig(layout, { ...config, node });
  return node;
}

/** A part's name as the banner says it. */
function partName(part: string): string {
  if (part === 'meta') return 'the meta-node service (meta)';
  if (part === 'ipfs') return 'the storage client API (ipfs)';
  const gateway = /^gateway-(\w+)$/.exec(part);
  if (gateway) return `the ${gateway[1]} gateway`;
  return `resource node ${part}`;
}

/** The `npm start` flag that sets the port `part` could not listen on, and what else it moves. */
function portFlag(part: string, port: number, p: LocalnetPorts): { flag: string; what: string } | undefined {
  if (part === 'meta' && port === p.metaPort) return { flag: '--sds.meta-port', what: "the meta-node service's port" };
  if (part === 'ipfs' && port === p.ipfsPort) return { flag: '--sds.ipfs-port', what: "the storage client API's port" };
  const rn = /^rn(\d+)$/.exec(part);
  if (rn) {
    const i = Number(rn[1]);
    if (port === p.rpcPort + i) return { flag: '--sds.rpc-port', what: "the resource nodes' JSON-RPC ports: rn0 on it, each next node +1" };
    if (port === p.peerPort + i) return { flag: '--sds.peer-port', what: "the resource nodes' internal ports: rn0 on it, each next node +1" };
  }
  if (/^gateway-/.test(part) && port >= p.gatewayPort && port < p.gatewayPort + 4) {
    return { flag: '--gateway.port', what: "the gateways' ports: EU on it, USEAST, USWEST and ASIA on the next three" };
  }
  return undefined;
}

/** The rows under a failed part's heading: what failed and why, its log, and how to fix it. */
export function failureRows(failure: unknown, ports: LocalnetPorts): string[] {
  if (!(failure instanceof ProcessStartFailure)) return [`  ${failure instanceof Error ? failure.message : String(failure)}`];
  const name = partName(failure.part);
  const inUse = failure.addressInUse;
  if (inUse) {
    const port = Number(/:(\d+)$/.exec(inUse)?.[1]);
    const flag = portFlag(failure.part, port, ports);
    return [
      `  ${name} failed to start: ${inUse} is in use by another process (listen EADDRINUSE)`,
      `  log: ${failure.logFile}`,
      flag
        ? `  fix: stop that process, or stop this network (Ctrl-C) and move the port: npm start -- ${flag.flag} <port> (${flag.what})`
        : '  fix: stop that process, then stop this network (Ctrl-C) and start it again',
    ];
  }
  return [`  ${name} failed to start: ${failure.error ?? `exited with code ${failure.exitCode} before serving`}`, `  log: ${failure.logFile}`];
}

function storageRows(outcome: StorageOutcome, home: string, ports: LocalnetPorts): string[] {
  if (outcome.kind === 'absent') return [`storage network: none in this home (made by an earlier version): npm start -- --reset for one`, ''];
  if (outcome.kind === 'failed') {
    return ['storage network: not running (the chain runs without it and without the regional gateways)', ...failureRows(outcome.failure, ports), ''];
  }
  const { storage } = outcome;
  return [
    `storage network (nodeclient; logs: ${join(home, 'storage')}/*/*.log):`,
    `  meta-node service  ${String(storage.meta.serving.url)}  (meta nodes ${(storage.meta.serving.meta_nodes as string[]).join(', ')}; epochs of ${LOCALNET_EPOCH_SECONDS} s, POST /epochs/close ends one now)`,
    ...storage.resourceNodes.map((r) => `  resource node ${r.name}   JSON-RPC ${String(r.serving.rpc)}  IPC ${String(r.serving.ipc)}  (${String(r.serving.network_address)}, wallet ${String(r.serving.wallet_address)})`),
    ...(storage.storageClient ? [`  storage client API ${String(storage.storageClient.serving.api)}  (nodeclient ipfs on rn0's home over IPC, wallet ${String(storage.storageClient.serving.wallet)})`] : []),
    '',
  ];
}

function gatewayRows(outcome: StorageOutcome, home: string, ports: LocalnetPorts): string[] {
  if (outcome.kind !== 'running') return [];
  if (outcome.gatewayFailure !== undefined) return ['regional gateways: not running (the storage network runs without them)', ...failureRows(outcome.gatewayFailure, ports), ''];
  if (outcome.gateways.length === 0) return [];
  return [
    `regional gateways (a new free-tier token each start; bin/gateway --home ${join(home, 'gateways')}/<region> token create … for more; public reads: GET <url>/ipfs/<cid>):`,
    ...outcome.gateways.map((g) => `  ${g.region.padEnd(6)}  ${g.url}  token ${g.token}  (${g.url}/private/rpc/<token>, ${g.url}/spfs/<token>/api/v0)`),
    '',
  ];
}

export function banner(home: string, running: RunningNode, network: LocalNetwork, outcome: StorageOutcome, ports: LocalnetPorts): string {
  const rpc = running.serving.find((s) => s.name === 'consensus RPC');
  const node = rpc ? pointClientAt(home, rpc) : undefined;
  const rows: [string, string][] = [
    ...running.serving.map((s): [string, string] => [s.name, reachable(s.url) === s.url ? s.url : `${reachable(s.url)} (listening on ${s.url})`]),
    ['pot settings', `${join(home, 'config', 'app.toml')} [pot] (defaults: bls-verifier "bls12-381", restore-total-supply true)`],
    ['CLI', `bin/chaind --home ${home} …${node ? ` (client.toml: node ${node}, keyring-backend test, chain-id ${CHAIN_ID})` : ''}`],
  ];
  const width = Math.max(...rows.map(([name]) => name.length)) + 2;
  return [
    `local network "${CHAIN_ID}" in ${home}`,
    ...rows.map(([name, value]) => `  ${name.padEnd(width)}${value}`),
    '',
    'dev accounts (keyring-backend test), each funded with 1000000stos:',
    ...network.accounts.flatMap((a) => [`  ${a.name}  ${a.address}`, `        mnemonic: ${a.mnemonic}`]),
    '',
    ...(network.validators.length > 0
      ? [
          `validators (keys in the test keyring; each self-delegates 100stos; consensus keys signed by this node):`,
          ...network.validators.map((v) => `  ${v.name}  ${v.operator}  consensus ${v.consensusAddress}`),
          '',
        ]
      : []),
    ...storageRows(outcome, home, ports),
    ...gatewayRows(outcome, home, ports),
  ].join('\n');
}
