/**
 * A view lets go of its decoded signed form once its signatures are checked
 * (`TxView.releaseSignedForm`, called by the admission's pre-verification): sign bytes asked for
 * afterwards are decoded again from the tx bytes, and must be the very bytes the signer signed.
 */
import { describe, expect, it } from 'vitest';
import { appModules } from '../../src/abci/modules.ts';
import { buildTxView } from '../../src/abci/tx-view.ts';
import { codec } from '../../src/codec/registry.ts';
import { makeSignDocBytes, decodeTxRaw } from '../../src/codec/tx.ts';
import { verifySignature } from '../../src/crypto/keys.ts';
import { msgSpecsOf } from '../../src/state/module.ts';
import { CHAIN_ID, msgSend, signed, testKey } from '../helpers/fixture.ts';

const specs = msgSpecsOf(appModules.modules);
const alice = testKey(0);
const bob = testKey(1);
const FEE = [{ denom: 'wei', amount: '200000000000000' }];

describe('TxView.releaseSignedForm', () => {
  for (const mode of ['direct', 'amino-json'] as const) {
    it(`gives the same sign bytes after the release, decoded again from the tx (${mode})`, () => {
      const bytes = signed(alice, 7n, 3n, { messages: [msgSend(alice.address, bob.address, 5n)], fee: FEE, memo: 'm' }, { mode });
      const view = buildTxView(codec, bytes, specs);
      const signer = view.signerInfos[0]!;
      const before = view.signBytes(0, signer, CHAIN_ID, 7n, signer.pubKey!);
      view.releaseSignedForm();
      const after = view.signBytes(0, signer, CHAIN_ID, 7n, signer.pubKey!);
      expect(Buffer.from(after).toString('hex')).toBe(Buffer.from(before).toString('hex'));
      // the bytes alice signed: her signature verifies against them, and not against another account number's
      expect(verifySignature(signer.pubKey!, after, view.signatures[0]!)).toBe(true);
      view.releaseSignedForm();
      expect(verifySignature(signer.pubKey!, view.signBytes(0, signer, CHAIN_ID, 8n, signer.pubKey!), view.signatures[0]!)).toBe(false);
      if (mode === 'direct') {
        const tx = decodeTxRaw(bytes, codec);
        expect(Buffer.from(after).toString('hex')).toBe(Buffer.from(makeSignDocBytes(tx.bodyBytes, tx.authInfoBytes, CHAIN_ID, 7n)).toString('hex'));
      }
    });
  }
});
