/**
 * Before a resource node sends its create-resource-node tx at start: its wallet must hold the
 * deposit and the tx's fee. Otherwise the chain would refuse the tx (an account it does not know:
 * NotFound; too little: the tx fails in its block with the fee spent); the node says instead what
 * is missing and how to fund it, and sends nothing.
 */
import type { ChainAccess } from '../chain/chain-access.ts';

export async function checkRegistrationFunds(
  chain: Pick<ChainAccess, 'query'>,
  wallet: string,
  deposit: { readonly denom: string; readonly amount: bigint },
  fee: { readonly denom: string; readonly amount: bigint },
): Promise<void> {
  const need = new Map<string, bigint>([[deposit.denom, deposit.amount]]);
  need.set(fee.denom, (need.get(fee.denom) ?? 0n) + fee.amount);
  for (const [denom, amount] of need) {
    const r = (await chain.query('sdk.bank.v1beta1', 'Balance', { address: wallet, denom })) as { balance?: { amount?: string } };
    const have = BigInt(r.balance?.amount ?? '0');
    if (have < amount) {
      throw new Error(
        `wallet ${wallet} holds ${have}${denom}; registering the resource node needs ${amount}${denom} ([registration] deposit ${deposit.amount}${deposit.denom} plus the fee ${fee.amount}${fee.denom}): ` +
          `fund the wallet (chaind tx bank send <key> ${wallet} <amount>) and start again, or start with --no-register`,
      );
    }
  }
}
