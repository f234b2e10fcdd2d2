/**
 * The mempool's recheck after a block as one batch (`App.checkTxs(txs, true)`, what the node runs)
 * gives the results and check state of `checkTx(tx, true)` on each in order: passing txs, a
 * sequence gap in the middle, a forged signature (a recheck does not verify signatures again, as
 * the SDK's), bytes that do not decode, and a tx whose fee the sender can no longer pay.
 */
import { describe, expect, it } from 'vitest';
import { App } from '../../src/abci/app.ts';
import { appModules } from '../../src/abci/modules.ts';
import { genesisWith, msgSend, signed, testKey } from '../helpers/fixture.ts';

const alice = testKey(0);
const bob = testKey(1);
const carol = testKey(2);
const FEE = [{ denom: 'wei', amount: '200000000000000' }];
const genesis = genesisWith([
  [alice.address, 10n ** 21n],
  [bob.address, 10n ** 21n],
  [carol.address, 300000000000000n], // one fee, not two
]);
const send = (key: typeof alice, account: bigint, seq: bigint) => signed(key, account, seq, { messages: [msgSend(key.address, alice.address, 1n)], fee: FEE });

function fresh(): App {
  const app = new App(appModules);
  app.initChain(genesis);
  return app;
}

describe('App.checkTxs(txs, true): the mempool recheck in one batch', () => {
  it('answers as checkTx(tx, true) on each in order, and leaves the same check state', () => {
    const forged = send(alice, 0n, 2n);
    forged[forged.length - 1]! ^= 1;
    const txs = [send(alice, 0n, 0n), send(alice, 0n, 1n), send(bob, 1n, 1n), send(bob, 1n, 0n), forged, send(carol, 2n, 0n), send(carol, 2n, 1n), Uint8Array.from([1, 2, 3]), send(alice, 0n, 3n)];
    const one = fresh();
    const many = fresh();
    const expected = txs.map((tx) => one.checkTx(tx, true));
    expect(many.checkTxs(txs, true)).toEqual(expected);
    expect(expected.map((r) => r.code)).toEqual([0, 0, 32, 0, 0, 0, 5, 2, 0]);
    // the check states agree: the next tx of each sender gets the same answer
    for (const [key, account] of [[alice, 0n], [bob, 1n], [carol, 2n]] as const) {
      for (const seq of [0n, 1n, 2n, 3n, 4n]) expect(many.simulateCheck(send(key, account, seq))).toEqual(one.simulateCheck(send(key, account, seq)));
    }
  });
});
