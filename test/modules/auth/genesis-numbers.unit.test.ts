/**
 * Auth InitGenesis keeps the account numbers genesis gives (SDK v0.47.11 `InitGenesis`): a gap stays
 * a gap, the next account is numbered after the largest, a number given twice goes to the lowest
 * unused one (`SanitizeGenesisAccounts`), and a tx signed with the genesis number verifies.
 */
import { describe, expect, it } from 'vitest';
import { App } from '../../../src/abci/app.ts';
import { appModules } from '../../../src/abci/modules.ts';
import { getAccount } from '../../../src/modules/auth/state.ts';
import { genesisWith, msgSend, signed, testKey } from '../../helpers/fixture.ts';

const [a, b, c, d] = [testKey(0), testKey(1), testKey(2), testKey(3)];
const FEE = [{ denom: 'wei', amount: '200000000000000' }];

function appWithNumbers(numbers: readonly string[]) {
  const keys = [a, b, c];
  const genesis = genesisWith(keys.map((k) => [k.address, 10n ** 21n] as [string, bigint]));
  const auth = genesis.app_state.auth as { accounts: { account_number: string }[] };
  auth.accounts.forEach((acc, i) => (acc.account_number = numbers[i]!));
  const app = new App(appModules);
  app.initChain(genesis);
  return app;
}

describe('auth genesis account numbers', () => {
  it('keeps each given number, gaps included; a new account is numbered after the largest (and the module accounts)', () => {
    const app = appWithNumbers(['0', '5', '100']);
    expect([a, b, c].map((k) => getAccount(app.state, k.address)!.account_number)).toEqual([0n, 5n, 100n]);
    expect(app.state.auth.next_account_number > 100n).toBe(true);
    const next = app.state.auth.next_account_number;
    // a tx signed with the genesis number (100) verifies, and its new recipient takes the next number
    const tx = signed(c, 100n, 0n, { messages: [msgSend(c.address, d.address, 1n)], fee: FEE });
    const r = app.finalizeBlock({ height: 1n, timeNs: 1_704_067_205_000_000_000n, proposer: '', txs: [tx] }).txResults[0]!;
    app.commit();
    expect(r.code).toBe(0);
    expect(getAccount(app.state, d.address)!.account_number).toBe(next);
  });

  it('a number given twice: the later account takes the lowest unused number', () => {
    const app = appWithNumbers(['3', '3', '0']);
    expect([a, b, c].map((k) => getAccount(app.state, k.address)!.account_number)).toEqual([3n, 1n, 0n]);
  });
});
