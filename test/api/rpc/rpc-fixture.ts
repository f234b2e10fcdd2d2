/** A node with the in-process consensus engine and its RPC server on a free loopback port, for the RPC tests. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appModules } from '../../../src/abci/modules.ts';
import { startRpcServer, type RpcServerOptions, type RunningRpcServer } from '../../../src/api/rpc/server.ts';
import { cometBlockMeta } from '../../../src/consensus/block-meta.ts';
import { createPrivValidatorKey, type PrivValidatorKey } from '../../../src/consensus/keys.ts';
import type { ValidatorJson } from '../../../src/consensus/types.ts';
import { genesisValidatorOf, validatorSetOf } from '../../../src/node/genesis-file.ts';
import { Node, type NodeIdentity } from '../../../src/node/node.ts';
import type { GenesisDoc } from '../../../src/state/genesis.ts';
import { genesisWith, testKey } from '../../helpers/fixture.ts';

export const alice = testKey(0);
export const bob = testKey(1);
export const FEE = [{ denom: 'wei', amount: '200000000000000' }];

export const IDENTITY: NodeIdentity = {
  id: '0123456789abcdef0123456789abcdef01234567',
  moniker: 'rpc-test',
  listenAddr: 'tcp://0.0.0.0:26656',
  rpcAddress: 'tcp://127.0.0.1:26657',
};

/** 2024-01-01T00:00:01Z, then one second (and 123 ns) per block. */
export const FIRST_BLOCK_NS = 1_704_067_201_000_000_000n;

export interface RpcHarness {
  readonly node: Node;
  readonly server: RunningRpcServer;
  readonly url: string;
  readonly key: PrivValidatorKey;
  readonly validators: ValidatorJson[];
  readonly genesis: GenesisDoc;
  close(): Promise<void>;
}

export async function startHarness(opts: { serverOptions?: Omit<RpcServerOptions, 'laddr'>; blockIntervalMs?: number; genesis?: GenesisDoc } = {}): Promise<RpcHarness> {
  const dir = mkdtempSync(join(tmpdir(), 'rpc-test-'));
  const key = createPrivValidatorKey(new Uint8Array(32).fill(7));
  // as `chaind init` lists it in genesis.json (power 10, named by the moniker)
  const genesisValidators = [genesisValidatorOf(key, IDENTITY.moniker)];
  const validators = validatorSetOf(genesisValidators);
  const genesis = opts.genesis ?? genesisWith([[alice.address, 10n ** 21n]]);
  let tick = 0n;
  const node = new Node({
    ...appModules,
    dbPath: join(dir, 'chain.sqlite'),
    genesis,
    identity: IDENTITY,
    validators,
    genesisValidators,
    blockMeta: cometBlockMeta({ privValidatorKeys: [key], genesisValidators: validators, consensusParams: genesis.consensus_params }),
    blockIntervalMs: opts.blockIntervalMs ?? 1000,
    clock: () => FIRST_BLOCK_NS + tick++ * 1_000_000_123n,
  });
  const server = await startRpcServer(node, { laddr: 'tcp://127.0.0.1:0', ...opts.serverOptions });
  return {
    node,
    server,
    url: `http://127.0.0.1:${server.address.port}`,
    key,
    validators,
    genesis,
    close: async () => {
      await server.close();
      node.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
