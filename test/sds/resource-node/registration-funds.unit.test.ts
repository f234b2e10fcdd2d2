/** `checkRegistrationFunds` (src/sds/resource-node/registration-funds.ts): what `nodeclient start` says before a create-resource-node tx it cannot pay for. */
import { describe, expect, it } from 'vitest';
import { checkRegistrationFunds } from '../../../src/sds/resource-node/registration-funds.ts';

const W = 'st1rfjz7r3u8t65teavh5utquj3kwvsj983l3hnfd';
const deposit = { denom: 'wei', amount: 10n ** 18n };
const fee = { denom: 'wei', amount: 400_000n * 10n ** 9n };

function chain(balances: Record<string, string | undefined>) {
  const asked: unknown[] = [];
  return {
    asked,
    query: async (service: string, method: string, request: Record<string, unknown>) => {
      asked.push([service, method, request]);
      const amount = balances[String(request.denom)];
      return amount === undefined ? {} : { balance: { denom: request.denom, amount } };
    },
  };
}

describe('checkRegistrationFunds', () => {
  it('an unfunded wallet (no balance at all): says what is needed and how to fund it', async () => {
    const c = chain({});
    await expect(checkRegistrationFunds(c as never, W, deposit, fee)).rejects.toThrow(
      `wallet ${W} holds 0wei; registering the resource node needs 1000400000000000000wei ([registration] deposit 1000000000000000000wei plus the fee 400000000000000wei): fund the wallet (chaind tx bank send <key> ${W} <amount>) and start again, or start with --no-register`,
    );
    expect(c.asked).toEqual([['sdk.bank.v1beta1', 'Balance', { address: W, denom: 'wei' }]]);
  });

  it('enough for the deposit but not the fee: refused', async () => {
    await expect(checkRegistrationFunds(chain({ wei: String(10n ** 18n) }) as never, W, deposit, fee)).rejects.toThrow(`wallet ${W} holds 1000000000000000000wei;`);
  });

  it('the deposit and the fee: passes', async () => {
    await expect(checkRegistrationFunds(chain({ wei: '1000400000000000000' }) as never, W, deposit, fee)).resolves.toBeUndefined();
  });
});
