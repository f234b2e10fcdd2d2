import { describe, expect, it } from 'vitest';
import { createCodec } from '../../../src/codec/registry.ts';
import { REAL } from '../../../src/naming.ts';
import { decodeAny, typeNameOfUrl } from '../../../src/modules/gov/router.ts';

describe('gov proposal messages in either naming profile', () => {
  it('resolves neutral and real type URLs to the neutral name, and decodes the same bytes', () => {
    expect(typeNameOfUrl('/sdk.gov.v1.MsgExecLegacyContent')).toBe('sdk.gov.v1.MsgExecLegacyContent');
    expect(typeNameOfUrl('/cosmos.gov.v1.MsgExecLegacyContent')).toBe('sdk.gov.v1.MsgExecLegacyContent');
    expect(typeNameOfUrl('/stratos.pot.v1.MsgUpdateParams')).toBe('chain.pot.v1.MsgUpdateParams');
    expect(typeNameOfUrl('/nope.Msg')).toBeNull();
    const real = createCodec(REAL);
    const any = real.packAny('sdk.bank.v1beta1.MsgSend', { from_address: 'a', to_address: 'b', amount: [{ denom: 'wei', amount: '1' }] });
    expect(any.type_url).toBe('/cosmos.bank.v1beta1.MsgSend');
    expect(decodeAny(any)).toEqual({ typeName: 'sdk.bank.v1beta1.MsgSend', value: { from_address: 'a', to_address: 'b', amount: [{ denom: 'wei', amount: '1' }] } });
  });
});

describe('an unknown type URL among the messages', () => {
  it('fails as the tx decoder does (sdk 2)', () => {
    expect(() => decodeAny({ type_url: '/nope.Msg', value: new Uint8Array() })).toThrow('unable to resolve type URL /nope.Msg: tx parse error');
  });
});
