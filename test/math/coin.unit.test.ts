import { describe, expect, it } from 'vitest';
import { ChainError, SdkErrors } from '../../src/errors.ts';
import {
  BASE_DENOM,
  coin,
  coinsAdd,
  coinsAmountOf,
  coinsEqual,
  coinsFromProto,
  coinsIsAllGte,
  coinsIsAllPositive,
  coinsIsZero,
  coinsSafeSub,
  coinsSub,
  coinsToProto,
  Dec,
  DENOM_UNITS,
  decCoin,
  decCoinsAdd,
  decCoinsAmountOf,
  decCoinsFromCoins,
  decCoinsIntersect,
  decCoinsMulDec,
  decCoinsMulDecTruncate,
  decCoinsQuoDec,
  decCoinsQuoDecTruncate,
  decCoinsSafeSub,
  decCoinsSub,
  formatCoin,
  formatCoins,
  formatDecCoins,
  newCoins,
  newDecCoins,
  normalizeDecCoin,
  parseCoin,
  parseCoinNormalized,
  parseCoinsNormalized,
  parseDecCoin,
  parseDecCoins,
  sumCoins,
  truncateDecCoins,
  validateCoins,
  validateDenom,
  type Coin,
} from '../../src/math/index.ts';

const c = (amount: bigint, denom: string): Coin => coin(amount, denom);
const dc = (amount: string, denom: string) => decCoin(Dec.fromString(amount), denom);
const fmt = (cs: readonly Coin[]) => formatCoins(cs);

describe('denoms and single coins', () => {
  it('validates denoms with the SDK pattern', () => {
    for (const ok of ['wei', 'stos', 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2', 'a:b', 'x.y_z-w', 'A' + 'a'.repeat(127)]) {
      expect(() => validateDenom(ok)).not.toThrow();
    }
    for (const bad of ['', 'ab', '1wei', 'we i', 'wei!', '/abc', 'A' + 'a'.repeat(128), 'wéi']) {
      expect(() => validateDenom(bad)).toThrow(`invalid denom: ${bad}`);
    }
  });

  it('builds coins like NewCoin', () => {
    expect(c(1000n, 'wei')).toEqual({ denom: 'wei', amount: 1000n });
    expect(formatCoin(c(1000n, 'wei'))).toBe('1000wei');
    expect(formatCoin(c(0n, 'stos'))).toBe('0stos');
    expect(() => c(-1n, 'wei')).toThrow('negative coin amount: -1');
    expect(() => c(1n, 'w')).toThrow('invalid denom: w');
    expect(() => c(2n ** 256n, 'wei')).toThrow(`coin amount ${2n ** 256n}wei: integer overflow (bit length 257 > 256)`);
  });

  it('registers wei, gwei and stos with wei as base', () => {
    expect(BASE_DENOM).toBe('wei');
    expect(DENOM_UNITS).toEqual([
      { denom: 'wei', exponent: 0 },
      { denom: 'gwei', exponent: 9 },
      { denom: 'stos', exponent: 18 },
    ]);
  });

  it('parseCoin takes exactly <integer><denom>', () => {
    expect(parseCoin('1000wei')).toEqual({ denom: 'wei', amount: 1000n });
    expect(parseCoin('0stos')).toEqual({ denom: 'stos', amount: 0n });
    expect(parseCoin('007gwei')).toEqual({ denom: 'gwei', amount: 7n });
    for (const bad of ['1.5stos', '1.5x', ' 1wei', '1wei ', '1 wei', '-1wei', '+1wei', 'wei', '1', '', '1wei,2stos', '1w']) {
      expect(() => parseCoin(bad)).toThrow(`invalid coin expression: ${bad}`);
    }
    // A letter after the digits starts the denom: "e3wei" is a valid denom.
    expect(parseCoin('1e3wei')).toEqual({ denom: 'e3wei', amount: 1n });
    const tooBig = (2n ** 256n).toString();
    expect(() => parseCoin(`${tooBig}wei`)).toThrow(`failed to parse coin amount: ${tooBig}`);
  });
});

describe('ParseCoinNormalized', () => {
  it('converts registered units to wei', () => {
    expect(parseCoinNormalized('1.5stos')).toEqual({ denom: 'wei', amount: 1_500_000_000_000_000_000n });
    expect(parseCoinNormalized('2gwei')).toEqual({ denom: 'wei', amount: 2_000_000_000n });
    expect(parseCoinNormalized('1000wei')).toEqual({ denom: 'wei', amount: 1000n });
    expect(parseCoinNormalized('0.000000000000000001stos')).toEqual({ denom: 'wei', amount: 1n });
    expect(parseCoinNormalized('1.000000001gwei')).toEqual({ denom: 'wei', amount: 1_000_000_001n });
  });

  it('loses fractions of wei the SDK way (no error)', () => {
    // wei → wei keeps the Dec; TruncateDecimal drops the fraction.
    expect(parseCoinNormalized('1.9wei')).toEqual({ denom: 'wei', amount: 1n });
    expect(parseCoinNormalized('0.5wei')).toEqual({ denom: 'wei', amount: 0n });
    // gwei → wei multiplies by the Dec 0.000000001, which rounds half-even at the 18th decimal.
    expect(parseCoinNormalized('0.0000000005gwei')).toEqual({ denom: 'wei', amount: 0n });
    expect(parseCoinNormalized('0.0000000015gwei')).toEqual({ denom: 'wei', amount: 2n });
    expect(parseCoinNormalized('0.0000000025gwei')).toEqual({ denom: 'wei', amount: 2n });
    expect(parseCoinNormalized('0.0000000026gwei')).toEqual({ denom: 'wei', amount: 3n });
  });

  it('keeps unknown denoms and truncates their fraction', () => {
    expect(parseCoinNormalized('3.7foo')).toEqual({ denom: 'foo', amount: 3n });
    expect(parseCoinNormalized('12utros')).toEqual({ denom: 'utros', amount: 12n });
    // The SDK pattern reads "1e9wei" as 1 of the denom "e9wei".
    expect(parseCoinNormalized('1e9wei')).toEqual({ denom: 'e9wei', amount: 1n });
  });

  it('accepts spaces around and between like the SDK', () => {
    expect(parseCoinNormalized(' 1 stos\n')).toEqual({ denom: 'wei', amount: 10n ** 18n });
    expect(parseCoinNormalized('1\tgwei')).toEqual({ denom: 'wei', amount: 10n ** 9n });
    expect(parseCoinNormalized('\u00851wei\u00a0')).toEqual({ denom: 'wei', amount: 1n }); // Go TrimSpace set
  });

  it('rejects bad text with the SDK error texts', () => {
    const cases: [string, string][] = [
      ['1.5x', 'invalid decimal coin expression: 1.5x'],
      ['', 'invalid decimal coin expression: '],
      ['  ', 'invalid decimal coin expression: '],
      ['stos', 'invalid decimal coin expression: stos'],
      ['-1stos', 'invalid decimal coin expression: -1stos'],
      ['1,5stos', 'invalid decimal coin expression: 1,5stos'],
      ['1.stos', 'invalid decimal coin expression: 1.stos'],
      ['\ufeff1wei', 'invalid decimal coin expression: \ufeff1wei'],
      ['1\u00a0wei', 'invalid decimal coin expression: 1\u00a0wei'],
      ['.5stos', 'failed to parse decimal coin amount: .5: invalid decimal length'],
      [
        '0.1234567890123456789stos',
        "failed to parse decimal coin amount: 0.1234567890123456789: value '0.1234567890123456789' exceeds max precision by -1 decimal places: max precision 18",
      ],
    ];
    for (const [input, message] of cases) expect(() => parseCoinNormalized(input)).toThrow(message);
  });

  it('fails like the SDK when the converted amount overflows', () => {
    // 2^250 stos is a valid Dec (raw ≈ 310 bits), but its value in wei as a Dec (raw = 2^250·10^36) is not.
    const stos = (2n ** 250n).toString();
    expect(() => parseCoinNormalized(`${stos}stos`)).toThrow('Dec.quo: Int overflow (bit length 370 > 315)');
  });

  it('parseDecCoin keeps the unit', () => {
    expect(parseDecCoin('1.5stos')).toEqual({ denom: 'stos', amount: Dec.fromString('1.5') });
    expect(normalizeDecCoin(parseDecCoin('1.5gwei'))).toEqual({ denom: 'wei', amount: Dec.fromInt(1_500_000_000n) });
    expect(normalizeDecCoin(parseDecCoin('2.5wei'))).toEqual({ denom: 'wei', amount: Dec.fromString('2.5') });
  });
});

describe('ParseCoinsNormalized', () => {
  it('returns the SDK list: sorted by the written denoms, converted, neither merged nor re-sorted', () => {
    const parsed = parseCoinsNormalized('1stos,5gwei');
    expect(fmt(parsed)).toBe('5000000000wei,1000000000000000000wei');
    expect(validateCoins(parsed)).toBe('duplicate denomination wei');
    expect(fmt(sumCoins(parsed))).toBe('1000000005000000000wei');
    expect(fmt(parseCoinsNormalized('10foo,1stos'))).toBe('10foo,1000000000000000000wei');
    expect(fmt(parseCoinsNormalized('3wei, 2abc'))).toBe('2abc,3wei');
  });

  it('drops zero coins before conversion but keeps coins truncated to zero', () => {
    expect(fmt(parseCoinsNormalized('0stos,3wei'))).toBe('3wei');
    expect(parseCoinsNormalized('0.5wei')).toEqual([{ denom: 'wei', amount: 0n }]);
  });

  it('gives the empty set for blank text', () => {
    expect(parseCoinsNormalized('')).toEqual([]);
    expect(parseCoinsNormalized(' \t')).toEqual([]);
    expect(parseDecCoins('')).toEqual([]);
  });

  it('rejects bad lists with the SDK error texts', () => {
    expect(() => parseCoinsNormalized('1stos,2stos')).toThrow('duplicate denomination stos');
    expect(() => parseCoinsNormalized('1stos,')).toThrow('invalid decimal coin expression: ');
    expect(() => parseCoinsNormalized('1stos;2wei')).toThrow('invalid decimal coin expression: 1stos;2wei');
    expect(() => parseDecCoins('1.5x,1wei')).toThrow('invalid decimal coin expression: 1.5x');
  });
});

describe('coin sets', () => {
  const set = (...cs: Coin[]) => newCoins(cs);

  it('newCoins sorts, drops zeros and refuses invalid sets', () => {
    expect(fmt(set(c(5n, 'wei'), c(0n, 'abc'), c(1n, 'stos')))).toBe('1stos,5wei');
    expect(set()).toEqual([]);
    expect(() => set(c(1n, 'wei'), c(2n, 'wei'))).toThrow('invalid coin set 1wei,2wei: duplicate denomination wei');
    expect(() => newCoins([{ denom: 'wei', amount: -1n }])).toThrow('invalid coin set -1wei: coin -1wei amount is not positive');
    expect(() => newCoins([{ denom: 'abc', amount: 1n }, { denom: 'wei', amount: -1n }])).toThrow(
      'invalid coin set 1abc,-1wei: coin wei amount is not positive',
    );
    expect(() => newCoins([{ denom: 'w', amount: 1n }])).toThrow('invalid coin set 1w: invalid denom: w');
  });

  it('validateCoins gives the SDK Coins.Validate texts', () => {
    expect(validateCoins([])).toBeUndefined();
    expect(validateCoins([c(1n, 'abc'), c(2n, 'wei')])).toBeUndefined();
    expect(validateCoins([c(0n, 'wei')])).toBe('coin 0wei amount is not positive');
    expect(validateCoins([c(1n, 'wei'), c(1n, 'abc')])).toBe('denomination abc is not sorted');
    expect(validateCoins([c(1n, 'abc'), c(1n, 'abc')])).toBe('duplicate denomination abc');
    expect(validateCoins([c(1n, 'abc'), c(0n, 'wei')])).toBe('coin wei amount is not positive');
    expect(validateCoins([{ denom: 'Wei!', amount: 1n }])).toBe('invalid denom: Wei!');
  });

  it('sumCoins merges duplicates in any order', () => {
    expect(fmt(sumCoins([c(1n, 'wei'), c(2n, 'abc'), c(3n, 'wei'), c(0n, 'zzz')]))).toBe('2abc,4wei');
    expect(() => sumCoins([{ denom: 'wei', amount: -1n }])).toThrow('negative coin amount: -1');
    expect(() => sumCoins([c(2n ** 256n - 1n, 'wei'), c(1n, 'wei')])).toThrow('sum of wei: integer overflow');
  });

  it('coinsAdd merges sorted sets and drops zeros', () => {
    expect(fmt(coinsAdd(set(c(2n, 'aaa')), set(c(1n, 'aaa'), c(2n, 'bbb'))))).toBe('3aaa,2bbb');
    expect(fmt(coinsAdd(set(c(2n, 'aaa')), [c(0n, 'bbb')]))).toBe('2aaa');
    expect(coinsAdd([], [c(0n, 'wei')])).toEqual([]);
    expect(() => coinsAdd([c(1n, 'wei'), c(1n, 'abc')], [])).toThrow('Coins (self) must be sorted');
    expect(() => coinsAdd([], [c(1n, 'wei'), c(1n, 'abc')])).toThrow('Wrong argument: coins must be sorted');
    expect(() => coinsAdd([c(2n ** 256n - 1n, 'wei')], [c(1n, 'wei')])).toThrow('coin wei: integer overflow');
  });

  it('coinsSafeSub keeps negatives and flags them', () => {
    expect(coinsSafeSub(set(c(2n, 'aaa'), c(3n, 'bbb')), set(c(1n, 'aaa')))).toEqual({
      result: [c(1n, 'aaa'), c(3n, 'bbb')],
      negative: false,
    });
    expect(coinsSafeSub(set(c(1n, 'aaa')), set(c(1n, 'aaa'))).result).toEqual([]);
    const short = coinsSafeSub(set(c(1n, 'aaa')), set(c(2n, 'aaa'), c(1n, 'bbb')));
    expect(short.negative).toBe(true);
    expect(fmt(short.result)).toBe('-1aaa,-1bbb');
    expect(() => coinsSafeSub([], [c(1n, 'wei'), c(1n, 'wei')])).toThrow('invalid coin set 1wei,1wei: duplicate denomination wei');
  });

  it('coinsSub throws the bank insufficient-funds error for the first short denom', () => {
    expect(fmt(coinsSub(set(c(10n, 'wei'), c(5n, 'abc')), set(c(4n, 'wei'))))).toBe('5abc,6wei');
    const thrown = (f: () => unknown): ChainError => {
      try {
        f();
      } catch (e) {
        return e as ChainError;
      }
      throw new Error('expected a throw');
    };
    const e1 = thrown(() => coinsSub(set(c(5n, 'wei')), set(c(10n, 'wei'))));
    expect(SdkErrors.InsufficientFunds.is(e1)).toBe(true);
    expect([e1.codespace, e1.code, e1.message]).toEqual(['sdk', 5, 'spendable balance 5wei is smaller than 10wei: insufficient funds']);
    const e2 = thrown(() => coinsSub(set(c(5n, 'wei')), set(c(1n, 'abc'), c(10n, 'wei'))));
    expect(e2.message).toBe('spendable balance  is smaller than 1abc: insufficient funds');
  });

  it('compares and queries sets like the SDK', () => {
    const a = set(c(5n, 'abc'), c(10n, 'wei'));
    expect(coinsIsAllGte(a, set(c(5n, 'abc')))).toBe(true);
    expect(coinsIsAllGte(a, set(c(6n, 'abc')))).toBe(false);
    expect(coinsIsAllGte(a, set(c(1n, 'zzz')))).toBe(false);
    expect(coinsIsAllGte(a, [])).toBe(true);
    expect(coinsIsAllGte([], [])).toBe(true);
    expect(coinsIsAllGte([], [c(0n, 'wei')])).toBe(false); // SDK: empty receiver is never ≥ a non-empty set
    expect(coinsAmountOf(a, 'wei')).toBe(10n);
    expect(coinsAmountOf(a, 'stos')).toBe(0n);
    expect(() => coinsAmountOf(a, 'x')).toThrow('invalid denom: x');
    expect([coinsIsZero([]), coinsIsZero([c(0n, 'wei')]), coinsIsZero(a)]).toEqual([true, true, false]);
    expect([coinsIsAllPositive([]), coinsIsAllPositive(a), coinsIsAllPositive([c(0n, 'wei')])]).toEqual([false, true, false]);
    expect(coinsEqual(a, [c(10n, 'wei'), c(5n, 'abc')])).toBe(true);
    expect(coinsEqual(a, set(c(5n, 'abc'), c(11n, 'wei')))).toBe(false);
    expect(coinsEqual(a, set(c(5n, 'abd'), c(10n, 'wei')))).toBe(false);
    expect(coinsEqual(a, set(c(5n, 'abc')))).toBe(false);
  });

  it('formats sets like Coins.String', () => {
    expect(formatCoins([])).toBe('');
    expect(formatCoins(set(c(1000n, 'wei')))).toBe('1000wei');
    expect(formatCoins(set(c(1n, 'stos'), c(2n, 'abc')))).toBe('2abc,1stos');
  });

  it('converts to and from the proto shape', () => {
    const a = set(c(5n, 'abc'), c(10n, 'wei'));
    expect(coinsToProto(a)).toEqual([
      { denom: 'abc', amount: '5' },
      { denom: 'wei', amount: '10' },
    ]);
    expect(coinsFromProto(coinsToProto(a))).toEqual(a);
    // Decoding keeps what ValidateBasic must reject.
    expect(coinsFromProto([{ denom: 'wei', amount: '-3' }, { denom: 'abc', amount: '0' }])).toEqual([
      { denom: 'wei', amount: -3n },
      { denom: 'abc', amount: 0n },
    ]);
    expect(() => coinsFromProto([{ denom: 'wei', amount: '1.5' }])).toThrow(
      "invalid amount '1.5' of coin denom 'wei': invalid integer '1.5': expected decimal digits with an optional leading '-'",
    );
    expect(() => coinsFromProto([{ denom: 'wei', amount: '' }])).toThrow("invalid amount '' of coin denom 'wei'");
    expect(() => coinsFromProto([{ denom: 'wei', amount: (2n ** 256n).toString() }])).toThrow('integer overflow');
  });
});

describe('decimal coin sets', () => {
  it('builds, formats and validates', () => {
    expect(formatDecCoins([dc('12.5', 'wei')])).toBe('12.500000000000000000wei');
    expect(formatDecCoins([])).toBe('');
    expect(() => dc('-1', 'wei')).toThrow('negative decimal coin amount: -1.000000000000000000');
    expect(formatDecCoins(decCoinsFromCoins([c(2n, 'wei'), c(0n, 'abc'), c(1n, 'abc')]))).toBe(
      '1.000000000000000000abc,2.000000000000000000wei',
    );
    expect(() => newDecCoins([dc('1', 'wei'), dc('2', 'wei')])).toThrow(
      'invalid coin set 1.000000000000000000wei,2.000000000000000000wei: duplicate denomination wei',
    );
  });

  it('adds, subtracts and queries', () => {
    const a = [dc('1.5', 'abc'), dc('2', 'wei')];
    const b = [dc('0.5', 'abc'), dc('1', 'bbb')];
    expect(formatDecCoins(decCoinsAdd(a, b))).toBe(
      '2.000000000000000000abc,1.000000000000000000bbb,2.000000000000000000wei',
    );
    expect(formatDecCoins(decCoinsAdd(a, [dc('0', 'zzz')]))).toBe('1.500000000000000000abc,2.000000000000000000wei');
    expect(formatDecCoins(decCoinsSub(a, [dc('1.5', 'abc')]))).toBe('2.000000000000000000wei');
    const short = decCoinsSafeSub(a, [dc('3', 'wei')]);
    expect([short.negative, formatDecCoins(short.result)]).toEqual([true, '1.500000000000000000abc,-1.000000000000000000wei']);
    expect(() => decCoinsSub(a, [dc('3', 'wei')])).toThrow('negative coin amount');
    expect(decCoinsAmountOf(a, 'wei').toString()).toBe('2.000000000000000000');
    expect(decCoinsAmountOf(a, 'stos').toString()).toBe('0.000000000000000000');
  });

  it('scales with the SDK rounding of each operation', () => {
    const a = [dc('0.000000000000000003', 'abc'), dc('10', 'wei')];
    const half = Dec.fromString('0.5');
    expect(formatDecCoins(decCoinsMulDec(a, half))).toBe('0.000000000000000002abc,5.000000000000000000wei');
    expect(formatDecCoins(decCoinsMulDecTruncate(a, half))).toBe('0.000000000000000001abc,5.000000000000000000wei');
    expect(formatDecCoins(decCoinsMulDecTruncate(a, Dec.ZERO))).toBe('');
    expect(formatDecCoins(decCoinsMulDec([dc('0.000000000000000001', 'abc')], half))).toBe('');
    const three = Dec.fromInt(3n);
    expect(formatDecCoins(decCoinsQuoDec([dc('2', 'wei')], three))).toBe('0.666666666666666667wei');
    expect(formatDecCoins(decCoinsQuoDecTruncate([dc('2', 'wei')], three))).toBe('0.666666666666666666wei');
    expect(() => decCoinsQuoDec(a, Dec.ZERO)).toThrow('invalid zero decimal');
    expect(() => decCoinsQuoDecTruncate(a, Dec.ZERO)).toThrow('invalid zero decimal');
    expect(formatDecCoins(decCoinsIntersect([dc('2', 'abc'), dc('5', 'wei')], [dc('3', 'abc')]))).toBe(
      '2.000000000000000000abc',
    );
  });

  it('truncates into whole coins and change like DecCoins.TruncateDecimal', () => {
    const { truncated, change } = truncateDecCoins([dc('0.4', 'abc'), dc('3', 'bbb'), dc('12.75', 'wei')]);
    expect(fmt(truncated)).toBe('3bbb,12wei');
    expect(formatDecCoins(change)).toBe('0.400000000000000000abc,0.750000000000000000wei');
    expect(truncateDecCoins([])).toEqual({ truncated: [], change: [] });
    expect(() => truncateDecCoins([{ denom: 'wei', amount: Dec.fromString('-1.5') }])).toThrow('negative coin amount: -1');
  });
});
