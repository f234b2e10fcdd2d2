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
 * all stopped with the node. A part that does not start (a port another process holds) does not
 * stop the chain: the banner names the part, the cause, its log and the flag that moves its port
 * (src/node/localnet-banner.ts).
 *
 * The banner is printed once the node serves, from the servers it really bound
 * (`observeNodeStarts`), and the home's client.toml `node` is set to the consensus RPC, so the
 * printed CLI lines reach this node without `--node`.
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { main } from '../cli/chaind.ts';
import { homeLayout, readConsensusConfig } from './home.ts';
import { refuseIfLocked } from './home-lock.ts';
import { createLocalNetwork, readLocalNetwork } from './localnet-network.ts';
import { observeNodeStarts } from './start.ts';
import { readStorageNetwork } from './localnet-storage.ts';
import { startStorageNetwork, type RunningStorageNetwork } from './storage-processes.ts';
import { fundFoundation } from './localnet-foundation.ts';
import { readGenesisJson } from './genesis-file.ts';
import { profileOfAppState } from '../naming.ts';
import { startLocalGateways, type LocalGateway } from './localnet-gateways.ts';
import { stopProcess } from './storage-processes.ts';
import { banner, DEFAULT_LOCALNET_PORTS, LOCALNET_EPOCH_SECONDS, reachable, type LocalnetPorts, type StorageOutcome } from './localnet-banner.ts';

/** npm start's storage network: 2 resource nodes */
const RESOURCE_NODES = 2;

interface LocalnetArgs {
  validators: number | undefined;
  /** `--naming neutral|real`: the profile of a new network (an existing one keeps its own) */
  naming: 'neutral' | 'real' | undefined;
  /** the storage network's ports: the meta-node service, the first resource node's JSON-RPC and internal port (the next nodes +1 each) */
  sds: { -readonly [K in keyof LocalnetPorts]: number };
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
  const out: LocalnetArgs = { validators: undefined, naming: undefined, sds: { ...DEFAULT_LOCALNET_PORTS }, rest: [] };
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

/** `npm start -- --help`: its own flags and where the rest go; printed before anything is created. */
function usage(home: string): string {
  const p = DEFAULT_LOCALNET_PORTS;
  return `Usage: npm start -- [flags]

The whole local network in one command: a chain (chaind start) with funded dev accounts, the storage
network (a meta-node service, ${RESOURCE_NODES} resource nodes, the storage client API) and one regional gateway
per region code. Its home is ${home} (LOCALNET_HOME moves it); a second start continues the same network.

Flags of npm start:
      --validators <n>       validators of a new network, all signed by this node (default 1)
      --naming <profile>     neutral or real: the words a new network's chain speaks (default neutral)
      --reset                delete the home first and begin a new network
      --sds.meta-port <port> the meta-node service (default ${p.metaPort})
      --sds.rpc-port <port>  the resource nodes' JSON-RPC: rn0 on it, each next node +1 (default ${p.rpcPort})
      --sds.peer-port <port> the resource nodes' internal ports: rn0 on it, each next node +1 (default ${p.peerPort})
      --sds.ipfs-port <port> the storage client API (default ${p.ipfsPort})
      --gateway.port <port>  the gateways: EU on it, USEAST, USWEST and ASIA on the next three (default ${p.gatewayPort})
  -h, --help                 this help

Every other flag goes to chaind start after npm start's own (so it wins), e.g. --rpc.laddr,
--api.address, --grpc.address, --json-rpc.address, --consensus.timeout_commit: see
\`bin/chaind start --help\`. Stop the network with Ctrl-C.
`;
}

async function localnet(argv: string[]): Promise<number> {
  const home = resolve(process.env.LOCALNET_HOME ?? '.localnet');
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(usage(home));
    return 0;
  }
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
      // a part that fails is named in the banner with its cause, its log and the flag that moves its
      // port; the chain keeps running (docs/node.md "`npm start`")
      let outcome: StorageOutcome = layout ? { kind: 'failed', failure: new Error('the node serves no consensus RPC for it to use') } : { kind: 'absent' };
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
        } catch (e) {
          outcome = { kind: 'failed', failure: e };
        }
        if (storage) {
          try {
            gateways = await startLocalGateways(home, {
              basePort: args.sds.gatewayPort,
              rpcUrls: storage.resourceNodes.map((r) => String(r.serving.rpc)),
              spfsUrl: String(storage.storageClient?.serving.api ?? '').replace(/\/api\/v0$/, ''),
            });
            outcome = { kind: 'running', storage, gateways };
          } catch (e) {
            outcome = { kind: 'running', storage, gateways: [], gatewayFailure: e };
          }
        }
      }
      process.stdout.write(banner(home, running, shown, outcome, args.sds) + '\n');
    })();
  });
  // `chaind start` stops the chain at the first Ctrl-C; a signal that comes while the storage
  // network and the gateways stop after it is caught here, so that they are stopped too (left
  // running, they would hold the ports of the next `npm start`)
  const whileStopping = (signal: NodeJS.Signals) => process.stderr.write(`caught ${signal}: the local network is stopping\n`);
  process.on('SIGINT', whileStopping);
  process.on('SIGTERM', whileStopping);
  try {
    return await main([
      'start', '--home', home, '--api.enable', '--rpc.laddr', 'tcp://127.0.0.1:26657', '--rpc.unsafe', '--api.address', 'tcp://127.0.0.1:1317',
      '--grpc.address', '127.0.0.1:9090', '--json-rpc.address', '127.0.0.1:8545', '--json-rpc.ws-address', '127.0.0.1:8546', '--consensus.timeout_commit', '1s', ...args.rest,
    ]);
  } finally {
    stopObserving();
    await Promise.all(gateways.map((g) => stopProcess(g.process)));
    await storage?.stop();
    process.off('SIGINT', whileStopping);
    process.off('SIGTERM', whileStopping);
  }
}

process.exitCode = await localnet(process.argv.slice(2));
