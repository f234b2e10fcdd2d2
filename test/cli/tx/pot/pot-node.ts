/**
 * A node in the test process for the pot CLI tests: alice (funded with 10^6 stos) owns one genesis
 * meta node (Bonded, 1000 stos) and one genesis resource node (1 stos effective deposit); consensus
 * RPC and gRPC servers on free loopback ports and a client home with a `test` keyring holding alice.
 * `chaind` runs in this process (`main`). Adapted from the register CLI fixture.
 */
import { defaultRegisterGenesis } from '../../../../src/modules/register/genesis.ts';
import { genesisWith, testKey } from '../../../helpers/fixture.ts';
import { genesisMetaNode, nodeKeyOf } from '../../../modules/register/harness.ts';
import { startCliNode, T0, SECOND, type CliNode } from '../cli-node.ts';

export { T0, SECOND };

export const ALICE = testKey(0);
export const ALICE_FUNDS = 10n ** 24n;
export const MN_KEY = nodeKeyOf(0x61);
export const RN_KEY = nodeKeyOf(0x71);

export type PotNode = CliNode;

/** The fee the pot CLI tests pay (200000 gas at 1 gwei). */
export const FEE = `${200000n * 1000000000n}wei`;

/**
 * Runs a `chaind tx …` command as alice, puts it in a block one second after the previous one and
 * returns the tx result's code and log (empty on success).
 */
export async function deliverTx(n: CliNode, args: string[]): Promise<{ code: number; log: string }> {
  const r = await n.chaind([...args, '--from', 'alice', '--fees', FEE, '-y', '-o', 'json']);
  if (r.code !== 0 || r.stderr !== '') throw new Error(`chaind ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
  const time = (blockTimes.get(n) ?? T0) + SECOND;
  blockTimes.set(n, time);
  n.setTime(time);
  n.node.produceBlock();
  const res = n.node.tx(JSON.parse(r.stdout).txhash)!.result;
  return { code: res.code, log: res.code === 0 ? '' : res.log };
}

/** the time of each node's last block made by `deliverTx` */
const blockTimes = new WeakMap<CliNode, bigint>();

export async function startPotNode(): Promise<PotNode> {
  const genesis = genesisWith([[ALICE.address, ALICE_FUNDS]]);
  const register = defaultRegisterGenesis();
  genesis.app_state.register = {
    ...register,
    meta_nodes: [genesisMetaNode(MN_KEY, ALICE.address, 1000n * 10n ** 18n)],
    resource_nodes: [{ ...genesisMetaNode(RN_KEY, ALICE.address, 10n ** 18n), node_type: 4, effective_tokens: (10n ** 18n).toString(), beneficiary_address: '' }],
  };
  return startCliNode('pot', genesis);
}
