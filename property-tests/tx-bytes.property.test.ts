/** Tx bytes written field by field (SignDoc, TxMsgData) equal the codec's encoding of the same message, in both naming profiles. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeTxMsgData, makeSignDocBytes } from '../src/codec/tx.ts';
import { createCodec } from '../src/codec/registry.ts';
import { PROFILES } from '../src/naming.ts';

const codecs = Object.values(PROFILES).map((profile) => createCodec(profile));

describe('bytes written field by field', () => {
  it('makeSignDocBytes: the SignDoc of any body, auth info, chain id and account number', () => {
    for (const c of codecs) {
      fc.assert(
        fc.property(
          fc.uint8Array({ maxLength: 400 }),
          fc.uint8Array({ maxLength: 200 }),
          fc.string({ unit: 'binary', maxLength: 40 }),
          fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }),
          (body, authInfo, chainId, accountNumber) => {
            const expected = c.encode('sdk.tx.v1beta1.SignDoc', { body_bytes: body, auth_info_bytes: authInfo, chain_id: chainId, account_number: accountNumber });
            expect(makeSignDocBytes(body, authInfo, chainId, accountNumber)).toStrictEqual(expected);
          },
        ),
        { numRuns: 300 },
      );
    }
  });

  it('encodeTxMsgData: the TxMsgData of any list of responses, empty ones included', () => {
    for (const c of codecs) {
      const any = fc.record({ type_url: fc.oneof(fc.constant(''), fc.constant('/sdk.bank.v1beta1.MsgSendResponse'), fc.string({ unit: 'binary', maxLength: 60 })), value: fc.uint8Array({ maxLength: 200 }) });
      fc.assert(
        fc.property(fc.array(any, { maxLength: 5 }), (responses) => {
          expect(encodeTxMsgData(responses)).toStrictEqual(c.encode('sdk.base.abci.v1beta1.TxMsgData', { msg_responses: responses }));
        }),
        { numRuns: 300 },
      );
    }
  });
});
