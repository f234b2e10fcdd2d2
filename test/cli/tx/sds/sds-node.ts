/**
 * A node in the test process with one active meta node at genesis (owned by alice, 10 stos: St =
 * 10^19 wei, Lt = 10^13 noz), a clock the test moves, consensus RPC on a free loopback port, and a
 * client home with a `test` keyring holding alice: the given state of the sds CLI and REST tests.
 * `chaind` runs in this process (`main`).
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appModules } from '../../../../src/abci/modules.ts';
import type { RunningServer } from '../../../../src/api/http.ts';
import { startRpcServer } from '../../../../src/api/rpc/server.ts';
import { main } from '../../../../src/cli/chaind.ts';
import { bufferOutput } from '../../../../src/cli/output.ts';
import { scriptedPrompter } from '../../../../src/cli/prompt.ts';
import { cometBlockMeta } from '../../../../src/consensus/block-meta.ts';
import { createPrivValidatorKey, validatorFromKey } from '../../../../src/consensus/keys.ts';
import { hdPath } from '../../../../src/crypto/hd.ts';
import { openKeyring } from '../../../../src/crypto/keyring/open.ts';
import { defaultRegisterGenesis } from '../../../../src/modules/register/genesis.ts';
import { Node } from '../../../../src/node/node.ts';
import { parseTimeNs } from '../../../../src/state/block-info.ts';
import { CHAIN_ID, genesisWith, MNEMONIC, testKey } from '../../../helpers/fixture.ts';
import { genesisMetaNode, nodeKeyOf } from '../../../modules/register/harness.ts';

export const ALICE = testKey(0);
export const BOB = testKey(1);
export const ALICE_FUNDS = 10n ** 21n;
export const STOS = 10n ** 18n;
export const META = nodeKeyOf(21);
export const META_TOKENS = 10n * STOS;
export const T0 = parseTimeNs('2024-01-01T00:00:00Z');
export const SECOND = 1_000_000_000n;

export interface SdsNode {
  readonly node: Node;
  readonly rpc: RunningServer;
  readonly home: string;
  setTime(ns: bigint): void;
  chaind(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }>;
  close(): Promise<void>;
}

export async function startSdsNode(): Promise<SdsNode> {
  const dir = await mkdtemp(join(tmpdir(), 'chaind-sds-'));
  const home = join(dir, 'home');
  const genesis = genesisWith([
    [ALICE.address, ALICE_FUNDS],
    [BOB.address, ALICE_FUNDS],
  ]);
  genesis.app_state.register = { ...defaultRegisterGenesis(), meta_nodes: [genesisMetaNode(META, ALICE.address, META_TOKENS)] };
  const key = createPrivValidatorKey(new Uint8Array(32).fill(7));
  const validators = [validatorFromKey(key, 10)];
  let now = T0;
  const node = new Node({
    ...appModules,
    dbPath: join(dir, 'chain.sqlite'),
    genesis,
    identity: { id: 'ab'.repeat(20), moniker: 'sds-test', listenAddr: 'tcp://127.0.0.1:26656', rpcAddress: 'tcp://127.0.0.1:0' },
    validators,
    blockMeta: cometBlockMeta({ privValidatorKey: key, validators, consensusParams: genesis.consensus_params }),
    clock: () => now,
  });
  node.produceBlock();
  const rpc = await startRpcServer(node, { laddr: 'tcp://127.0.0.1:0' });
  const ring = openKeyring({ backend: 'test', dir: home });
  await ring.newAccount('alice', MNEMONIC, '', hdPath(0, 0), 'eth_secp256k1');
  await mkdir(join(home, 'config'), { recursive: true });
  await writeFile(join(home, 'config', 'client.toml'), `chain-id = "${CHAIN_ID}"\nkeyring-backend = "test"\noutput = "text"\nnode = "tcp://127.0.0.1:${rpc.address.port}"\nbroadcast-mode = "sync"\n`);
  return {
    node,
    rpc,
    home,
    setTime: (ns) => void (now = ns),
    async chaind(args) {
      const out = bufferOutput();
      const code = await main([...args, '--home', home], { out, prompt: scriptedPrompter([], out.stderr) });
      return { code, stdout: out.out, stderr: out.err };
    },
    async close() {
      await rpc.close();
      node.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
