/**
 * Mempool admission in batches gives what one CheckTx per tx gives: `App.checkTxs` (one state copy
 * per batch) and `App.preverify` (signatures checked ahead on the verify pool's threads) leave
 * every result and the check state exactly as sequential `checkTx` does, for any mix of passing
 * txs, wrong sequences, low fees, bad signatures, unknown signers and undecodable bytes.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { App } from '../src/abci/app.ts';
import { appModules } from '../src/abci/modules.ts';
import { VerifyPool } from '../src/crypto/verify-pool.ts';
import { Dec } from '../src/math/dec.ts';
import { genesisWith, msgSend, signed, testKey } from '../test/helpers/fixture.ts';

const SEED = Number(process.env.FC_SEED ?? 20261122);
const keys = Array.from({ length: 4 }, (_, i) => testKey(i));
const stranger = testKey(9); // no account in genesis
// keys[3] has never signed: its first tx sets the key on the account
const genesis = genesisWith(keys.map((k, i) => [k.address, 10n ** 16n * BigInt(i + 1)]));
const minGasPrices = [{ denom: 'wei', amount: Dec.fromInt(1n) }];

const txArb = fc.record({
  from: fc.nat({ max: keys.length }), // keys.length = the stranger
  to: fc.nat({ max: keys.length - 1 }),
  amount: fc.bigInt({ min: 0n, max: 2n * 10n ** 16n }),
  fee: fc.constantFrom(0n, 200_000n, 10n ** 14n),
  seqSkew: fc.constantFrom(0n, 0n, 0n, 1n, -1n),
  corrupt: fc.constantFrom('none', 'none', 'none', 'signature', 'bytes'),
});
type TxSpec = typeof txArb extends fc.Arbitrary<infer T> ? T : never;

function build(specs: TxSpec[]): Uint8Array[] {
  const seq = keys.map(() => 0n);
  return specs.map((t) => {
    const key = t.from === keys.length ? stranger : keys[t.from]!;
    const s = t.from === keys.length ? 0n : seq[t.from]!;
    const tx = signed(key, BigInt(t.from), s + t.seqSkew < 0n ? 0n : s + t.seqSkew, {
      messages: [msgSend(key.address, keys[t.to]!.address, t.amount)],
      fee: t.fee === 0n ? [] : [{ denom: 'wei', amount: t.fee.toString() }],
    });
    if (t.from < keys.length && t.seqSkew === 0n && t.corrupt === 'none' && t.fee > 200_000n) seq[t.from]! += 1n;
    if (t.corrupt === 'signature') tx[tx.length - 1]! ^= 1; // the last byte is inside the signature
    if (t.corrupt === 'bytes') return tx.slice(0, tx.length >> 1);
    return tx;
  });
}

const summary = (r: { code: number; codespace: string; log: string; gas_used: bigint; events: unknown }) => ({ ...r });

const pool = new VerifyPool(1);
afterAll(() => pool.close());

function freshApp(): App {
  const app = new App({ ...appModules, minGasPrices });
  app.initChain(genesis);
  return app;
}

describe('batched mempool admission', () => {
  it('checkTxs and preverify give the results and check state of one checkTx per tx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(txArb, { maxLength: 8 }), { minLength: 1, maxLength: 3 }), async (batches) => {
        const one = freshApp();
        const many = freshApp();
        for (const specs of batches) {
          const txs = build(specs);
          const expected = txs.map((tx) => summary(one.checkTx(tx)));
          await many.preverify(txs, pool);
          expect(many.checkTxs(txs).map(summary)).toEqual(expected);
          // the check states agree: the next tx of every signer gets the same answer from both
          for (const [i, k] of keys.entries()) {
            for (const seq of [0n, 1n, 2n, 3n]) {
              const probe = signed(k, BigInt(i), seq, { messages: [msgSend(k.address, keys[0]!.address, 1n)], fee: [{ denom: 'wei', amount: '200001' }] });
              expect(summary(many.simulateCheck(probe))).toEqual(summary(one.simulateCheck(probe)));
            }
          }
        }
      }),
      { seed: SEED, numRuns: 60 },
    );
  });
});
