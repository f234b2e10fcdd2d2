/**
 * Out of gas inside a module's handler is the SDK's ErrOutOfGas (codespace sdk, code 11), never the
 * module's own wrapping error: the SDK's gas meter panics, and only baseapp's runTx recovers it
 * (reference/sdk-modules.md §2.7). Each tx is sent twice: with enough gas, then with one gas less
 * than it used, so the meter runs out at the handler's last store write.
 */
import { describe, expect, it } from 'vitest';
import { App } from '../../src/abci/app.ts';
import { appModules } from '../../src/abci/modules.ts';
import type { TxMessage } from '../../src/client/sign-tx.ts';
import { genesisWith, signed, testKey } from '../helpers/fixture.ts';
import { P } from './pot/harness.ts';

const alice = testKey(0);
const FEE = [{ denom: 'wei', amount: '200000000000000' }];
const T1 = 1_704_067_205_000_000_000n;

function deliverOne(message: TxMessage, gasLimit: bigint) {
  const app = new App(appModules);
  app.initChain(genesisWith([[alice.address, 10n ** 21n]]));
  const tx = signed(alice, 0n, 0n, { messages: [message], fee: FEE, gasLimit });
  const r = app.finalizeBlock({ height: 1n, timeNs: T1, proposer: '', txs: [tx] }).txResults[0]!;
  app.commit();
  return r;
}

describe('out of gas inside a handler', () => {
  const cases: [string, TxMessage][] = [
    ['sds prepay', P.prepay(alice.address, 10n ** 9n)],
    ['pot foundation deposit', P.foundationDeposit(alice.address, 10n ** 9n)],
  ];
  for (const [name, message] of cases) {
    it(`${name}: code 11 in codespace sdk, not the module's failure code`, () => {
      const ok = deliverOne(message, 200_000n);
      expect([ok.codespace, ok.code]).toEqual(['', 0]);
      const limit = ok.gas_used - 1n;
      const r = deliverOne(message, limit);
      expect([r.codespace, r.code]).toEqual(['sdk', 11]);
      expect(r.log).toMatch(new RegExp(`^out of gas in location: \\w+; gasWanted: ${limit}, gasUsed: \\d+: out of gas$`));
    });
  }
});
