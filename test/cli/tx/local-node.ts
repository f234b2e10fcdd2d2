/**
 * A node in the test process with its consensus RPC on a free loopback port, and a client home with
 * a `test` keyring holding alice (index 0), bob (index 1) and carol (index 2, no account on chain),
 * for driving `bin/chaind` as a real process. Blocks are made by the test (`produceBlock`), except
 * where a test starts the producer.
 */
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MinGasPrices } from '../../../src/abci/ante.ts';
import { appModules } from '../../../src/abci/modules.ts';
import type { RunningServer } from '../../../src/api/http.ts';
import { startRpcServer } from '../../../src/api/rpc/server.ts';
import { cometBlockMeta } from '../../../src/consensus/block-meta.ts';
import { createPrivValidatorKey, validatorFromKey } from '../../../src/consensus/keys.ts';
import { hdPath } from '../../../src/crypto/hd.ts';
import { openKeyring } from '../../../src/crypto/keyring/open.ts';
import { Node } from '../../../src/node/node.ts';
import { CHAIN_ID, genesisWith, MNEMONIC, testKey } from '../../helpers/fixture.ts';
import { runChaind, type ChaindResult } from '../run-chaind.ts';

export const ALICE = testKey(0);
export const BOB = testKey(1);
export const CAROL = testKey(2);
export const ALICE_FUNDS = 10n ** 21n;
export const BOB_FUNDS = 5n * 10n ** 20n;
/** fixed validator key seed, so the consensus address is known to tests */
export const VALIDATOR_SEED = new Uint8Array(32).fill(7);

export interface LocalNode {
  readonly node: Node;
  readonly rpc: RunningServer;
  /** `tcp://127.0.0.1:<port>` */
  readonly nodeUri: string;
  /** client home with config/client.toml (chain id, test keyring, this node) */
  readonly home: string;
  /** `chaind <args…>` with --home and nothing else added */
  chaind(args: readonly string[], stdin?: string): Promise<ChaindResult>;
  close(): Promise<void>;
}

export interface LocalNodeOptions {
  /** the node's `minimum-gas-prices` (CheckTx refuses lower fees); none by default */
  readonly minGasPrices?: MinGasPrices;
}

export async function startLocalNode(opts: LocalNodeOptions = {}): Promise<LocalNode> {
  const dir = await mkdtemp(join(tmpdir(), 'chaind-txq-'));
  const home = join(dir, 'home');
  const genesis = genesisWith([
    [ALICE.address, ALICE_FUNDS],
    [BOB.address, BOB_FUNDS],
  ]);
  const key = createPrivValidatorKey(VALIDATOR_SEED);
  const validators = [validatorFromKey(key, 10)];
  const node = new Node({
    ...appModules,
    dbPath: join(dir, 'chain.sqlite'),
    genesis,
    identity: { id: 'ab'.repeat(20), moniker: 'txq-test', listenAddr: 'tcp://127.0.0.1:26656', rpcAddress: 'tcp://127.0.0.1:0' },
    validators,
    blockMeta: cometBlockMeta({ privValidatorKeys: [key], genesisValidators: validators, consensusParams: genesis.consensus_params }),
    blockIntervalMs: 150,
    minGasPrices: opts.minGasPrices,
  });
  node.produceBlock();
  const rpc = await startRpcServer(node, { laddr: 'tcp://127.0.0.1:0' });
  const nodeUri = `tcp://127.0.0.1:${rpc.address.port}`;

  const ring = openKeyring({ backend: 'test', dir: home });
  await ring.newAccount('alice', MNEMONIC, '', hdPath(0, 0), 'eth_secp256k1');
  await ring.newAccount('bob', MNEMONIC, '', hdPath(0, 1), 'eth_secp256k1');
  await ring.newAccount('carol', MNEMONIC, '', hdPath(0, 2), 'eth_secp256k1');
  await mkdir(join(home, 'config'), { recursive: true });
  await writeFile(join(home, 'config', 'client.toml'), `chain-id = "${CHAIN_ID}"\nkeyring-backend = "test"\noutput = "text"\nnode = "${nodeUri}"\nbroadcast-mode = "sync"\n`);

  return {
    node,
    rpc,
    nodeUri,
    home,
    chaind: (args, stdin = '') => runChaind([...args, '--home', home], stdin),
    async close() {
      node.stop();
      await rpc.close();
      node.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
