/**
 * A node in the test process with the register module, short unbonding times (threshold 1s,
 * completion 10s) and a clock the test moves, its consensus RPC and gRPC servers on free loopback
 * ports, and a client home with a `test` keyring holding alice (funded): the given state of the
 * register CLI and gRPC tests. `chaind` runs in this process (`main`).
 */
import { defaultRegisterGenesis } from '../../../../src/modules/register/genesis.ts';
import { genesisWith, testKey } from '../../../helpers/fixture.ts';
import { startCliNode, T0, SECOND, type CliNode } from '../cli-node.ts';

export { T0, SECOND };

export const ALICE = testKey(0);
export const ALICE_FUNDS = 10n ** 21n;

export type RegisterNode = CliNode;

export async function startRegisterNode(): Promise<RegisterNode> {
  const genesis = genesisWith([[ALICE.address, ALICE_FUNDS]]);
  const register = defaultRegisterGenesis();
  genesis.app_state.register = { ...register, params: { ...register.params, unbonding_threashold_time: '1s', unbonding_completion_time: '10s' } };
  return startCliNode('register', genesis);
}
