/**
 * A node in the test process with one active meta node at genesis (owned by alice, 10 stos: St =
 * 10^19 wei, Lt = 10^13 noz), a clock the test moves, consensus RPC on a free loopback port, and a
 * client home with a `test` keyring holding alice: the given state of the sds CLI and REST tests.
 * `chaind` runs in this process (`main`).
 */
import { defaultRegisterGenesis } from '../../../../src/modules/register/genesis.ts';
import { genesisWith, testKey } from '../../../helpers/fixture.ts';
import { genesisMetaNode, nodeKeyOf } from '../../../modules/register/harness.ts';
import { startCliNode, T0, SECOND, type CliNode } from '../cli-node.ts';

export { T0, SECOND };

export const ALICE = testKey(0);
export const BOB = testKey(1);
export const ALICE_FUNDS = 10n ** 21n;
export const STOS = 10n ** 18n;
export const META = nodeKeyOf(21);
export const META_TOKENS = 10n * STOS;

export type SdsNode = CliNode;

export async function startSdsNode(): Promise<SdsNode> {
  const genesis = genesisWith([
    [ALICE.address, ALICE_FUNDS],
    [BOB.address, ALICE_FUNDS],
  ]);
  genesis.app_state.register = { ...defaultRegisterGenesis(), meta_nodes: [genesisMetaNode(META, ALICE.address, META_TOKENS)] };
  return startCliNode('sds', genesis);
}
