/**
 * The signature pre-check of a batch (App.preverify) goes over txs the ante will refuse without
 * failing the batch: a tx with more signer infos than signers (a fee payer that does not parse is
 * left out of the signers) gets no check, and the other txs of the batch get theirs.
 */
import { describe, expect, it } from 'vitest';
import { App } from '../../src/abci/app.ts';
import { appModules } from '../../src/abci/modules.ts';
import { signTx } from '../../src/client/sign-tx.ts';
import type { SignatureCheck, VerifyPool } from '../../src/crypto/verify-pool.ts';
import { CHAIN_ID, genesisWith, msgSend, signed, testKey } from '../helpers/fixture.ts';

const alice = testKey(0);
const bob = testKey(1);
const carol = testKey(2);
const FEE = [{ denom: 'wei', amount: '200000000000000' }];

describe('App.preverify', () => {
  it('a tx whose signer infos outnumber its signers is left to the ante; the batch keeps its other checks', async () => {
    const app = new App({ ...appModules });
    app.initChain(genesisWith([[alice.address, 10n ** 21n], [carol.address, 10n ** 21n]]));
    const badPayer = signTx(
      { messages: [msgSend(alice.address, bob.address, 1n)], fee: FEE, payer: 'xyz' },
      { chainId: CHAIN_ID, signers: [{ privKey: alice.priv, accountNumber: 0n, sequence: 0n }, { privKey: carol.priv, accountNumber: 1n, sequence: 0n }] },
    );
    const good = signed(carol, 1n, 0n, { messages: [msgSend(carol.address, bob.address, 1n)], fee: FEE });
    const seen: SignatureCheck[] = [];
    const pool = { verify: async (checks: readonly SignatureCheck[]) => (seen.push(...checks), checks.map(() => true)) } as unknown as VerifyPool;
    await app.preverify([badPayer, good], pool);
    // alice's signature of the first tx, and the second tx's
    expect(seen).toHaveLength(2);
    expect(app.checkTx(good).code).toBe(0);
    expect(app.checkTx(badPayer).code).not.toBe(0);
  });
});
