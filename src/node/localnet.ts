/**
 * `npm start`: a local network with every interface of this build, funded dev accounts and one
 * validator (`npm start -- --validators N` for N, all signed by this node), like a developer
 * chain. The home is `./.localnet` (override with LOCALNET_HOME); a second start continues the
 * same chain, `npm start -- --reset` begins a new one; `npm start -- --naming real` makes a new
 * network's chain speak the real words (docs/node.md "Naming profile").
 *
 * The home is built through the `chaind` commands themselves (src/node/localnet-network.ts), so the
 * local network is what a user would build by hand. Other flags after `npm start --` go to
 * `chaind start` after localnet's own, so they win. The Ethereum JSON-RPC listens on 127.0.0.1:8545
 * (websocket 8546; `npm start -- --json-rpc.address … --json-rpc.ws-address …` to move it). The RPC serves the operator methods
 * (`--rpc.unsafe`: `chaind consensus validator-offline`, `inject-double-sign`).
 *
 * The storage network runs beside it (src/node/localnet-storage.ts, storage-processes.ts): the
 * meta-node service and two resource nodes as `nodeclient` child processes, on the ports of
 * `--sds.meta-port` (9400), `--sds.rpc-port` (9301, +1 per node) and `--sds.peer-port` (18481, +1),
 * and the storage client API (`nodeclient ipfs`, `--sds.ipfs-port`, 6798), and one regional gateway
 * per region code (`gateway start`, `--gateway.port`: 8080 for EU, then +1 for USEAST, USWEST and ASIA),
 * all stopped with the node.
 *
 * The banner is printed once the node serves, from the servers it really bound
 * (`observeNodeStarts`), and the home's client.toml `node` is set to the consensus RPC, so the
 * printed CLI lines reach this node without `--node`.
 */
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { main } from '../cli/chaind.ts';
import { homeLayout, readClientConfig, readConsensusConfig, writeClientConfig } from './home.ts';
import { refuseIfLocked } from './home-lock.ts';
import { createLocalNetwork, LOCALNET_CHAIN_ID as CHAIN_ID, readLocalNetwork, type LocalNetwork } from './localnet-network.ts';
import { observeNodeStarts, type RunningNode, type ServingAddress } from './start.ts';
import { readStorageNetwork } from './localnet-storage.ts';
import { startStorageNetwork, type RunningStorageNetwork } from './storage-processes.ts';
import { fundFoundation } from './localnet-foundation.ts';
import { readGenesisJson } from './genesis-file.ts';
import { profileOfAppState } from '../naming.ts';
import { startLocalGateways, type LocalGateway } from './localnet-gateways.ts';
import { stopProcess } from './storage-processes.ts';

/** npm start's storage network: 2 resource nodes, 1-minute epochs (docs/storage-network.md) */
const RESOURCE_NODES = 2;
const LOCALNET_EPOCH_SECONDS = 60;

/** Where a client on this machine reaches a server listening on all interfaces. */
function reachable(url: string): string {
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

function storageRows(storage: RunningStorageNetwork | undefined, home: string): string[] {
  if (!storage) return [`storage network: none in this home (made by an earlier version): npm start -- --reset for one`, ''];
  return [
    `storage network (nodeclient; logs: ${join(home, 'storage')}/*/*.log):`,
    `  meta-node service  ${String(storage.meta.serving.url)}  (meta nodes ${(storage.meta.serving.meta_nodes as string[]).join(', ')}; epochs of ${LOCALNET_EPOCH_SECONDS} s, POST /epochs/close ends one now)`,
    ...storage.resourceNodes.map((r) => `  resource node ${r.name}   JSON-RPC ${String(r.serving.rpc)}  IPC ${String(r.serving.ipc)}  (${String(r.serving.network_address)}, wallet ${String(r.serving.wallet_address)})`),
    ...(storage.storageClient ? [`  storage client API ${String(storage.storageClient.serving.api)}  (nodeclient ipfs on rn0's home over IPC, wallet ${String(storage.storageClient.serving.wallet)})`] : []),
    '',
  ];
}

function gatewayRows(gateways: readonly LocalGateway[]): string[] {
  if (gateways.length === 0) return [];
  return [
    'regional gateways (a new free-tier token each start; gateway --home .localnet/gateways/<region> token create … for more):',
    ...gateways.map((g) => `  ${g.region.padEnd(6)}  ${g.url}  token ${g.token}  (${g.url}/private/rpc/<token>, ${g.url}/spfs/<token>/api/v0)`),
    '',
  ];
}

function banner(home: string, running: RunningNode, network: LocalNetwork, storage?: RunningStorageNetwork, gateways: readonly LocalGateway[] = []): string {
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
    ...storageRows(storage, home),
    ...gatewayRows(gateways),
  ].join('\n');
}

interface LocalnetArgs {
  validators: number | undefined;
  /** `--naming neutral|real`: the profile of a new network (an existing one keeps its own) */
  naming: 'neutral' | 'real' | undefined;
  /** the storage network's ports: the meta-node service, the first resource node's JSON-RPC and internal port (the next nodes +1 each) */
  sds: { metaPort: number; rpcPort: number; peerPort: number; ipfsPort: number; gatewayPort: number };
  rest: string[];
}

const LOCALNET_FLAGS: Record<string, { key: 'validators' | 'naming' | 'metaPort' | 'rpcPort' | 'peerPort' | 'ipfsPort' | 'gatewayPort'; pattern: RegExp; what: string }> = {
  '--gateway.port': { key: 'gatewayPort', pattern: /^\d{1,5}$/, what: 'a port number' },
  '--sds.ipfs-port': { key: 'ipfsPort', pattern: /^\d{1,5}$/, what: 'a port number' },
  '--validators': { key: 'validators', pattern: /^[1-9]\d*$/, what: 'a positive integer' },
  '--naming': { key: 'naming', pattern: /^(neutral|real)$/, what: 'neutral or real' },
  '--sds.meta-port': { key: 'metaPort', pattern: /^\d{1,5}$/, what: 'a port number' },
  '--sds.rpc-port': { key: 'rpcPort', pattern: /^\d{1,5}$/, what: 'a port number' },
  '--sds.peer-port': { key: 'peerPort', pattern: /^\d{1,5}$/, what: 'a port number' },
};

/** localnet's own flags (`--validators N`, `--sds.*-port N`, `--reset`) out of the arguments, and the rest for `chaind start`. */
function localnetArgs(argv: string[]): LocalnetArgs {
  const out: LocalnetArgs = { validators: undefined, naming: undefined, sds: { metaPort: 9400, rpcPort: 9301, peerPort: 18481, ipfsPort: 6798, gatewayPort: 8080 }, rest: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const eq = a.indexOf('=');
    const name = eq > 0 ? a.slice(0, eq) : a;
    const flag = LOCALNET_FLAGS[name];
    if (flag) {
      const text = eq > 0 ? a.slice(eq + 1) : argv[++i];
      if (text === undefined || !flag.pattern.test(text)) throw new Error(`${name}: expected ${flag.what}, got ${JSON.stringify(text ?? '')}`);
      if (flag.key === 'validators') out.validators = Number(text);
      else if (flag.key === 'naming') out.naming = text as 'neutral' | 'real';
      else out.sds[flag.key] = Number(text);
    } else if (a !== '--reset') out.rest.push(a);
  }
  return out;
}

async function localnet(argv: string[]): Promise<number> {
  const home = resolve(process.env.LOCALNET_HOME ?? '.localnet');
  let args: LocalnetArgs;
  try {
    args = localnetArgs(argv);
    if (argv.includes('--reset')) {
      // never under a running node
      refuseIfLocked(homeLayout(home, readConsensusConfig(home)).dbDir);
      rmSync(home, { recursive: true, force: true });
    }
  } catch (e) {
    process.stderr.write(`Error: ${(e as Error).message}\n`);
    return 1;
  }
  let network = readLocalNetwork(home);
  if (network && args.validators !== undefined && network.validators.length !== args.validators) {
    process.stderr.write(`Error: the local network in ${home} has ${network.validators.length} validator(s), not ${args.validators}: add --reset to begin a new one\n`);
    return 1;
  }
  if (network && args.naming !== undefined) {
    const recorded = profileOfAppState(readGenesisJson(homeLayout(home, readConsensusConfig(home)).genesisFile).app_state).name;
    if (recorded !== args.naming) {
      process.stderr.write(`Error: the local network in ${home} uses the ${recorded} naming profile, not ${args.naming}: add --reset to begin a new one\n`);
      return 1;
    }
  }
  network ??= await createLocalNetwork(home, { validators: args.validators ?? 1, naming: args.naming, storage: { resourceNodes: RESOURCE_NODES, epochSeconds: LOCALNET_EPOCH_SECONDS } });
  const shown = network;
  const layout = readStorageNetwork(home);
  let storage: RunningStorageNetwork | undefined;
  let gateways: LocalGateway[] = [];
  const stopObserving = observeNodeStarts((running) => {
    void (async () => {
      const rpc = running.serving.find((s) => s.name === 'consensus RPC');
      if (layout && rpc) {
        const chainRpc = reachable(rpc.url).replace(/^http:/, 'tcp:');
        try {
          // the storage client API stores files with the first resource node's wallet: ozone for it at the first start
          await fundFoundation(chainRpc, shown, [layout.resourceNodes[0]!.wallet]);
          storage = await startStorageNetwork(layout, {
            chainRpc, metaListen: `127.0.0.1:${args.sds.metaPort}`,
            resourceNodePorts: layout.resourceNodes.map((_, i) => ({ rpc: args.sds.rpcPort + i, peer: args.sds.peerPort + i })),
            storageClientPort: args.sds.ipfsPort,
          });
          gateways = await startLocalGateways(home, {
            basePort: args.sds.gatewayPort,
            rpcUrls: storage.resourceNodes.map((r) => String(r.serving.rpc)),
            spfsUrl: String(storage.storageClient?.serving.api ?? '').replace(/\/api\/v0$/, ''),
          });
        } catch (e) {
          process.stderr.write(`storage network: ${(e as Error).message}\n`);
        }
      }
      process.stdout.write(banner(home, running, shown, storage, gateways) + '\n');
    })();
  });
  try {
    return await main([
      'start', '--home', home, '--api.enable', '--rpc.laddr', 'tcp://127.0.0.1:26657', '--rpc.unsafe', '--api.address', 'tcp://127.0.0.1:1317',
      '--grpc.address', '127.0.0.1:9090', '--json-rpc.address', '127.0.0.1:8545', '--json-rpc.ws-address', '127.0.0.1:8546', '--consensus.timeout_commit', '1s', ...args.rest,
    ]);
  } finally {
    stopObserving();
    await Promise.all(gateways.map((g) => stopProcess(g.process)));
    await storage?.stop();
  }
}

process.exitCode = await localnet(process.argv.slice(2));
