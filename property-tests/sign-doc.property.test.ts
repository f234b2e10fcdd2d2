/** SIGN_MODE_DIRECT sign bytes written field by field equal the codec's SignDoc encoding, in both naming profiles. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeSignDocBytes } from '../src/codec/tx.ts';
import { createCodec } from '../src/codec/registry.ts';
import { PROFILES } from '../src/naming.ts';

describe('makeSignDocBytes', () => {
  it('the bytes of the SignDoc message for any body, auth info, chain id and account number', () => {
    for (const profile of Object.values(PROFILES)) {
      const c = createCodec(profile);
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
});
