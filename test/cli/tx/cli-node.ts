/**
 * The shared fixture of the module CLI tests: a Node in the test process built from a given
 * genesis, with a clock the test moves, its consensus RPC and gRPC servers on free loopback ports,
 * and a client home with a `test` keyring holding alice. `chaind` runs in this process (`main`).
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appModules } from '../../../src/abci/modules.ts';
import type { RunningServer } from '../../../src/api/http.ts';
import { startGrpcServer, type RunningGrpcServer } from '../../../src/api/grpc/server.ts';
import { startRpcServer } from '../../../src/api/rpc/server.ts';
import { main } from '../../../src/cli/chaind.ts';
import { bufferOutput } from '../../../src/cli/output.ts';
import { scriptedPrompter } from '../../../src/cli/prompt.ts';
import { cometBlockMeta } from '../../../src/consensus/block-meta.ts';
import { createPrivValidatorKey, validatorFromKey } from '../../../src/consensus/keys.ts';
import { hdPath } from '../../../src/crypto/hd.ts';
import { openKeyring } from '../../../src/crypto/keyring/open.ts';
import { Node } from '../../../src/node/node.ts';
import { parseTimeNs } from '../../../src/state/block-info.ts';
import type { GenesisDoc } from '../../../src/state/genesis.ts';
import { CHAIN_ID, MNEMONIC } from '../../helpers/fixture.ts';

/** the first block's time; each `produceBlock` of the fixture takes the clock as the test set it */
export const T0 = parseTimeNs('2024-01-01T00:00:00Z');
export const SECOND = 1_000_000_000n;

export interface CliNode {
  readonly node: Node;
  readonly rpc: RunningServer;
  readonly grpc: RunningGrpcServer;
  readonly home: string;
  /** sets the clock for the next block */
  setTime(ns: bigint): void;
  chaind(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }>;
  close(): Promise<void>;
}

export async function startCliNode(name: string, genesis: GenesisDoc): Promise<CliNode> {
  const dir = await mkdtemp(join(tmpdir(), `chaind-${name}-`));
  const home = join(dir, 'home');
  const key = createPrivValidatorKey(new Uint8Array(32).fill(7));
  const validators = [validatorFromKey(key, 10)];
  let now = T0;
  const node = new Node({
    ...appModules,
    dbPath: join(dir, 'chain.sqlite'),
    genesis,
    identity: { id: 'ab'.repeat(20), moniker: `${name}-test`, listenAddr: 'tcp://127.0.0.1:26656', rpcAddress: 'tcp://127.0.0.1:0' },
    validators,
    blockMeta: cometBlockMeta({ privValidatorKeys: [key], genesisValidators: validators, consensusParams: genesis.consensus_params }),
    clock: () => now,
  });
  node.produceBlock();
  const rpc = await startRpcServer(node, { laddr: 'tcp://127.0.0.1:0' });
  const grpc = await startGrpcServer(node, { address: '127.0.0.1:0' });
  const ring = openKeyring({ backend: 'test', dir: home });
  await ring.newAccount('alice', MNEMONIC, '', hdPath(0, 0), 'eth_secp256k1');
  await mkdir(join(home, 'config'), { recursive: true });
  await writeFile(join(home, 'config', 'client.toml'), `chain-id = "${CHAIN_ID}"\nkeyring-backend = "test"\noutput = "text"\nnode = "tcp://127.0.0.1:${rpc.address.port}"\nbroadcast-mode = "sync"\n`);
  return {
    node,
    rpc,
    grpc,
    home,
    setTime: (ns) => void (now = ns),
    async chaind(args) {
      const out = bufferOutput();
      const code = await main([...args, '--home', home], { out, prompt: scriptedPrompter([], out.stderr) });
      return { code, stdout: out.out, stderr: out.err };
    },
    async close() {
      await grpc.close();
      await rpc.close();
      node.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
