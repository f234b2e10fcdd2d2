import { describe, expect, it } from 'vitest';
import { sendCoinsFromAccountToModule } from '../../../src/modules/bank/state.ts';
import { moduleAccountAddress } from '../../../src/modules/auth/account.ts';
import { msgPrepay } from '../../../src/modules/sds/prepay-msg.ts';
import { ChainError } from '../../../src/errors.ts';
import { FEE_AMOUNT, owners, patchState, S, sdsChain, STOS, typedEvents } from './harness.ts';

const [, , o2, o3, o4] = owners as [(typeof owners)[0], (typeof owners)[0], (typeof owners)[0], (typeof owners)[0], (typeof owners)[0]];
const POOL = 'total_unissued_prepay';

describe('MsgPrepay (reference §1.4, §2.4), numbers by hand', () => {
  it('given St = 15 stos, Pt = 0, Lt = 1.5e13, when 1 stos is prepaid, then 937500000000 noz are bought, the wei moves to total_unissued_prepay and Lt drops', () => {
    const chain = sdsChain();
    expect([chain.app.state.register.effective_total_deposit, chain.app.state.register.remaining_ozone_limit]).toEqual([15n * STOS, 15_000_000_000_000n]);
    const before = chain.balance(o2.address);
    const r = chain.ok(o2, [S.prepay(o2.address, STOS)]);
    // trunc(1.5e13 · 1e18 / (1.5e19 + 0 + 1e18)) = 1.5e31 / 1.6e19 = 937500000000
    expect(chain.balance(o2.address)).toBe(before - STOS - FEE_AMOUNT);
    expect(chain.pool(POOL)).toBe(STOS);
    expect(chain.app.state.register.remaining_ozone_limit).toBe(15_000_000_000_000n - 937_500_000_000n);
    expect(chain.app.state.register.effective_total_deposit).toBe(15n * STOS);
    expect(typedEvents(r.events, 'chain.sds.v1.')).toEqual([
      { type: 'EventPrePay', attrs: { amount: '1000000000000000000wei', beneficiary: o2.address, purchased_noz: '937500000000', sender: o2.address } },
    ]);
    const pool = moduleAccountAddress(POOL);
    const transfer = r.events.filter((e) => e.type === 'transfer').at(-1)!;
    expect(transfer.attributes.map((a) => [a.key, a.value])).toEqual([
      ['recipient', pool],
      ['sender', o2.address],
      ['amount', '1000000000000000000wei'],
    ]);
  });

  it('given a first prepay, when 3 stos + 7 wei follow, then Pt counts and the purchase is truncated', () => {
    const chain = sdsChain();
    chain.ok(o2, [S.prepay(o2.address, STOS)]);
    const r = chain.ok(o3, [S.prepay(o3.address, 3n * STOS + 7n)]);
    // Lt 14062500000000 · X 3000000000000000007 = 42187500000000000098437500000000
    // / (St 15e18 + Pt 1e18 + X) 19000000000000000007 = 2220394736842.105… → 2220394736842
    expect(typedEvents(r.events, 'chain.sds.v1.')[0]!.attrs.purchased_noz).toBe('2220394736842');
    expect(chain.app.state.register.remaining_ozone_limit).toBe(14_062_500_000_000n - 2_220_394_736_842n);
    expect(chain.pool(POOL)).toBe(4n * STOS + 7n);
  });

  it('[QUIRK] the beneficiary is only echoed in the event: nothing is credited to it', () => {
    const chain = sdsChain();
    const before = chain.balance(o3.address);
    const r = chain.ok(o2, [S.prepay(o2.address, STOS, o3.address)]);
    expect(typedEvents(r.events, 'chain.sds.v1.')[0]!.attrs).toEqual({ amount: '1000000000000000000wei', beneficiary: o3.address, purchased_noz: '937500000000', sender: o2.address });
    expect(chain.balance(o3.address)).toBe(before);
  });

  it('ignores denoms other than the bond denom (only the wei is taken)', () => {
    const chain = sdsChain();
    const r = chain.ok(o2, [S.prepay(o2.address, [{ denom: 'foo', amount: '5' }, { denom: 'wei', amount: STOS.toString() }])]);
    expect(typedEvents(r.events, 'chain.sds.v1.')[0]!.attrs).toEqual({ amount: '5foo,1000000000000000000wei', beneficiary: o2.address, purchased_noz: '937500000000', sender: o2.address });
    expect(chain.pool(POOL)).toBe(STOS);
  });

  it('[QUIRK] Dec quo rounds half-even at the 18th decimal before the truncation: 1 − 5e-19 becomes 1 noz', () => {
    const chain = sdsChain({ metaNodes: false });
    // St = 1e18 − 1, Pt = 1e18, Lt = 2e18 − 1: X = 1 wei buys trunc(roundHalfEven((2e18−1)/2e18)) = 1 (floor would be 0)
    patchState(chain, (d, ctx) => {
      sendCoinsFromAccountToModule(d, o4.address, POOL, [{ denom: 'wei', amount: STOS }], ctx);
      d.register.effective_total_deposit = STOS - 1n;
      d.register.remaining_ozone_limit = 2n * STOS - 1n;
    });
    const r = chain.ok(o2, [S.prepay(o2.address, 1n)]);
    expect(typedEvents(r.events, 'chain.sds.v1.')[0]!.attrs.purchased_noz).toBe('1');
    expect(chain.app.state.register.remaining_ozone_limit).toBe(2n * STOS - 2n);
  });

  it('given a sender holding less than X, then sds 10 wrapping insufficient funds, and nothing moves', () => {
    const chain = sdsChain();
    const have = chain.balance(o2.address) - FEE_AMOUNT;
    const r = chain.fails(o2, [S.prepay(o2.address, have + 1n)], 'sds', 10);
    expect(r.log).toBe(`failed to execute message; message index: 0: spendable balance ${have}wei is smaller than ${have + 1n}wei: insufficient funds: failure during prepay`);
    expect(chain.pool(POOL)).toBe(0n);
  });

  it('refuses a beneficiary that does not parse with sds 13 (ValidateBasic)', () => {
    const chain = sdsChain();
    const r = chain.deliver(o2, [S.prepay(o2.address, STOS, 'st1notanaddress')]);
    // stratos' ValidateBasic returns the bare sentinel
    expect({ codespace: r.codespace, code: r.code, log: r.log }).toEqual({ codespace: 'sds', code: 13, log: 'invalid beneficiary address' });
  });

  it('refuses an empty or zero amount with SDK invalid coins (10)', () => {
    const chain = sdsChain();
    let r = chain.deliver(o2, [S.prepay(o2.address, [])]);
    expect({ codespace: r.codespace, code: r.code, log: r.log }).toEqual({ codespace: 'sdk', code: 10, log: ': invalid coins' });
    r = chain.deliver(o2, [S.prepay(o2.address, 0n)]);
    expect({ codespace: r.codespace, code: r.code, log: r.log }).toEqual({ codespace: 'sdk', code: 10, log: '0wei: invalid coins' });
  });

  it('[EDGE] St + Pt + X = 0 (no deposits, no bond-denom coin) is the chain panic 111222', () => {
    const chain = sdsChain({ metaNodes: false });
    const r = chain.deliver(o2, [S.prepay(o2.address, [{ denom: 'foo', amount: '5' }])]);
    expect({ codespace: r.codespace, code: r.code }).toEqual({ codespace: 'undefined', code: 111222 });
  });

  it('ValidateBasic: a sender that does not parse is sds 12 (checked before the beneficiary)', () => {
    let err: unknown;
    try {
      msgPrepay.validateBasic!({ sender: 'st1bad', beneficiary: 'st1bad', amount: [{ denom: 'wei', amount: '1' }] });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ChainError);
    expect({ codespace: (err as ChainError).codespace, code: (err as ChainError).code }).toEqual({ codespace: 'sds', code: 12 });
    expect((err as ChainError).message).toBe('invalid sender address');
  });

  it('the handler wraps the Go parse error in the same sentinels (stratos msg server)', () => {
    const handle = (sender: string, beneficiary: string) => () => msgPrepay.handle({} as never, { sender, beneficiary, amount: [{ denom: 'wei', amount: '1' }] }, {} as never);
    expect(handle('st1xyz', o2.address)).toThrow(/^decoding bech32 failed: invalid bech32 string length 6: invalid sender address$/);
    expect(handle(o2.address, 'stvaloper18yesadx3t8x3jjsygpqeqzh0j7xh2vh6dfu57d')).toThrow(/^invalid Bech32 prefix; expected st, got stvaloper: invalid beneficiary address$/);
  });
});
