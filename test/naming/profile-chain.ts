/**
 * A chain of one naming profile made as a user makes one, with `chaind` run in this process:
 * `init --naming <profile>` (validator key from a mnemonic), alice's key and genesis account, her
 * gentx and `collect-gentxs`; then a Node in the test process built from that home's genesis.json
 * and priv_validator_key.json (its store in the home's data directory, as `chaind start` keeps it),
 * with a fixed clock, and its consensus RPC, REST and gRPC servers on free loopback ports. The
 * home's client.toml points at the RPC, so `chaind tx …`/`query …` talk to this node.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appModules } from '../../src/abci/modules.ts';
import type { RunningServer } from '../../src/api/http.ts';
import { startGrpcServer, type RunningGrpcServer } from '../../src/api/grpc/server.ts';
import { startRestServer } from '../../src/api/rest/server.ts';
import { startRpcServer } from '../../src/api/rpc/server.ts';
import { main } from '../../src/cli/chaind.ts';
import { bufferOutput } from '../../src/cli/output.ts';
import { scriptedPrompter } from '../../src/cli/prompt.ts';
import { cometBlockMeta } from '../../src/consensus/block-meta.ts';
import { loadOrCreatePrivValidatorKey } from '../../src/consensus/keys.ts';
import { genesisDocOf, genesisValidatorsOf, readGenesisJson, validatorSetOf } from '../../src/node/genesis-file.ts';
import { chainDbPath, homeLayout, readAppConfig, readConsensusConfig, tomlValue, type HomeLayout } from '../../src/node/home.ts';
import { potNodeSettings } from '../../src/modules/pot/node-settings.ts';
import { applyPotNodeSettings } from '../../src/modules/pot/apply-node-settings.ts';
import { Node } from '../../src/node/node.ts';
import { parseTimeNs } from '../../src/state/block-info.ts';
import { MNEMONIC, testKey } from '../helpers/fixture.ts';

export const CHAIN_ID = 'naming-test';
export const alice = testKey(0);
export const bob = testKey(1);
/** alice's genesis funds and her gentx's self-delegation */
export const ALICE_WEI = 10n ** 24n;
export const SELF_DELEGATION = '100000000000000000000wei';
const GENESIS_TIME = '2024-01-01T00:00:00Z';
const VALIDATOR_MNEMONIC = 'legal winner thank year wave sausage worth useful legal winner thank yellow';

export interface ProfileChain {
  readonly profile: 'neutral' | 'real';
  readonly home: string;
  readonly layout: HomeLayout;
  readonly node: Node;
  readonly rpc: RunningServer;
  readonly rest: RunningServer;
  readonly grpc: RunningGrpcServer;
  readonly restUrl: string;
  /** the consensus RPC, `http://127.0.0.1:<port>` */
  readonly rpcUrl: string;
  /** `chaind <args> --home <home>` in this process */
  chaind(args: readonly string[], stdin?: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }>;
  /** stops the servers and closes the node (the home stays, for `chaind start` checks) */
  stop(): Promise<void>;
  /** `stop` and removes the home */
  close(): Promise<void>;
}

export async function chaindIn(home: string, args: readonly string[], stdin: readonly string[] = []): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = bufferOutput();
  const code = await main([...args, '--home', home], { out, prompt: scriptedPrompter(stdin, out.stderr) });
  return { code, stdout: out.out, stderr: out.err };
}

async function must(home: string, args: readonly string[], stdin: readonly string[] = []): Promise<string> {
  const r = await chaindIn(home, args, stdin);
  if (r.code !== 0) throw new Error(`chaind ${args.join(' ')} failed: ${r.stderr}`);
  return r.stdout;
}

/** `blockIntervalMs`: for tests that `node.start()` block production (CosmJS waits for its txs' blocks). */
export async function startProfileChain(profile: 'neutral' | 'real', opts: { blockIntervalMs?: number } = {}): Promise<ProfileChain> {
  const dir = mkdtempSync(join(tmpdir(), `naming-${profile}-`));
  const home = join(dir, 'home');
  await must(home, ['init', 'n1', '--naming', profile, '--chain-id', CHAIN_ID, '--recover'], [VALIDATOR_MNEMONIC]);
  const layout = homeLayout(home, readConsensusConfig(home));
  // one genesis time for both profiles (init takes the clock)
  const g = JSON.parse(readFileSync(layout.genesisFile, 'utf8')) as Record<string, unknown>;
  writeFileSync(layout.genesisFile, JSON.stringify({ ...g, genesis_time: GENESIS_TIME }, null, 2) + '\n');
  await must(home, ['config', 'keyring-backend', 'test']);
  await must(home, ['keys', 'add', 'alice', '--recover', '--keyring-backend', 'test'], [MNEMONIC]);
  await must(home, ['genesis', 'add-genesis-account', alice.address, `${ALICE_WEI}wei`]);
  await must(home, ['genesis', 'gentx', 'alice', SELF_DELEGATION, '--keyring-backend', 'test', '--note', 'n1', '--moniker', 'n1']);
  await must(home, ['genesis', 'collect-gentxs']);

  const genesisJson = readGenesisJson(layout.genesisFile);
  const genesis = genesisDocOf(genesisJson, layout.genesisFile);
  const validators = validatorSetOf(genesisValidatorsOf(genesisJson, layout.genesisFile));
  const key = loadOrCreatePrivValidatorKey(layout.privValidatorKeyFile);
  // pot's EndBlock with the home's app.toml [pot] settings, as `chaind start` runs it (a restart replays with them)
  const app = readAppConfig(layout);
  const restorePotSettings = applyPotNodeSettings(potNodeSettings((k) => tomlValue(app, `pot.${k}`), layout.appToml));
  let blocks = 0;
  const node = new Node({
    ...appModules,
    dbPath: chainDbPath(layout),
    genesis,
    identity: { id: 'ab'.repeat(20), moniker: 'n1', listenAddr: 'tcp://127.0.0.1:26656', rpcAddress: 'tcp://127.0.0.1:0' },
    validators,
    genesisValidators: [],
    blockIntervalMs: opts.blockIntervalMs,
    blockMeta: cometBlockMeta({ privValidatorKeys: [key], genesisValidators: validators, consensusParams: genesis.consensus_params }),
    // block n at 2024-01-01T00:00:n.5Z: the same times (and so the same state) under both profiles
    clock: () => parseTimeNs(`2024-01-01T00:00:${String(++blocks).padStart(2, '0')}.5Z`),
  });
  node.produceBlock();
  const rpc = await startRpcServer(node, { laddr: 'tcp://127.0.0.1:0' });
  const rest = await startRestServer(node, { address: '127.0.0.1:0' });
  const grpc = await startGrpcServer(node, { address: '127.0.0.1:0' });
  await must(home, ['config', 'node', `tcp://127.0.0.1:${rpc.address.port}`]);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await grpc.close();
    await rest.close();
    await rpc.close();
    node.stop();
    node.close();
    restorePotSettings();
  };
  return {
    profile,
    home,
    layout,
    node,
    rpc,
    rest,
    grpc,
    restUrl: `http://127.0.0.1:${rest.address.port}`,
    rpcUrl: `http://127.0.0.1:${rpc.address.port}`,
    chaind: (args, stdin) => chaindIn(home, args, stdin),
    stop,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
