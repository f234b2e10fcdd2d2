import { describe, expect, it } from 'vitest';
import { Dec } from '../../src/math/dec.ts';
import { bitLength, checkInt256, intToString, MAX_INT256, parseInt256 } from '../../src/math/int.ts';

const d = (s: string) => Dec.fromString(s);
const raw = (r: bigint) => Dec.fromRaw(r);
const E18 = 10n ** 18n;
/** Largest raw value math v1.3.0 accepts: bit length 315. */
const MAX_RAW = 2n ** 315n - 1n;

/** The SDK's Dec text of a raw value, built independently of Dec.toString for the range tests. */
function decText(r: bigint): string {
  const digits = r.toString().padStart(19, '0');
  return `${digits.slice(0, -18)}.${digits.slice(-18)}`;
}

describe('Int helpers', () => {
  it('checks the 256-bit bound both ways', () => {
    expect(checkInt256(MAX_INT256)).toBe(2n ** 256n - 1n);
    expect(checkInt256(-MAX_INT256)).toBe(-(2n ** 256n - 1n));
    expect(() => checkInt256(2n ** 256n)).toThrow('Int: integer overflow (bit length 257 > 256)');
    expect(() => checkInt256(-(2n ** 256n), 'balance')).toThrow('balance: integer overflow (bit length 257 > 256)');
    expect(bitLength(0n)).toBe(0);
    expect(bitLength(-1n)).toBe(1);
    expect(bitLength(255n)).toBe(8);
  });

  it('parses only plain decimal integers', () => {
    expect(parseInt256('0')).toBe(0n);
    expect(parseInt256('-42')).toBe(-42n);
    expect(parseInt256('007')).toBe(7n);
    expect(parseInt256(MAX_INT256.toString())).toBe(MAX_INT256);
    for (const bad of ['', '-', '+1', ' 1', '1 ', '1e3', '0x10', '1_000', '1.0', '--1']) {
      expect(() => parseInt256(bad)).toThrow(
        `invalid integer '${bad}': expected decimal digits with an optional leading '-'`,
      );
    }
    expect(() => parseInt256((2n ** 256n).toString())).toThrow(
      `integer '${2n ** 256n}': integer overflow (bit length 257 > 256)`,
    );
    expect(intToString(-12n)).toBe('-12');
  });
});

describe('Dec construction and text', () => {
  it('prints exactly 18 decimals like LegacyDec.String', () => {
    expect(Dec.ZERO.toString()).toBe('0.000000000000000000');
    expect(Dec.ONE.toString()).toBe('1.000000000000000000');
    expect(Dec.SMALLEST.toString()).toBe('0.000000000000000001');
    expect(raw(-1n).toString()).toBe('-0.000000000000000001');
    expect(d('-0.02').toString()).toBe('-0.020000000000000000');
    expect(d('-1.5').toString()).toBe('-1.500000000000000000');
    expect(Dec.fromInt(1000n).toString()).toBe('1000.000000000000000000');
    expect(JSON.stringify({ rate: d('0.05') })).toBe('{"rate":"0.050000000000000000"}');
  });

  it('uses the scaled integer as the proto form', () => {
    expect(d('0.1').toProtoString()).toBe('100000000000000000');
    expect(Dec.fromProtoString('100000000000000000').eq(d('0.1'))).toBe(true);
    expect(Dec.fromProtoString('-5').raw).toBe(-5n);
    expect(() => Dec.fromProtoString('0.1')).toThrow(
      "invalid decimal proto string '0.1': expected the scaled integer in decimal digits",
    );
    expect(() => Dec.fromProtoString((2n ** 315n).toString())).toThrow('decimal out of range; got: 316, max: 315');
  });

  it('builds from Int, precision and raw values', () => {
    expect(Dec.fromInt(-3n).raw).toBe(-3n * E18);
    expect(Dec.withPrec(1n, 9).toString()).toBe('0.000000001000000000');
    expect(Dec.withPrec(15n, 1).toString()).toBe('1.500000000000000000');
    expect(() => Dec.withPrec(1n, 19)).toThrow('Dec.withPrec: precision must be an integer in 0..18, got 19');
    expect(() => Dec.fromInt(2n ** 256n)).toThrow('Dec.fromInt: integer overflow (bit length 257 > 256)');
    expect(raw(MAX_RAW).raw).toBe(MAX_RAW);
    expect(() => raw(MAX_RAW + 1n)).toThrow('decimal out of range; got: 316, max: 315');
    expect(() => raw(-(MAX_RAW + 1n))).toThrow('decimal out of range; got: 316, max: 315');
  });

  it('parses LegacyNewDecFromStr inputs', () => {
    expect(d('1').raw).toBe(E18);
    expect(d('1.5').raw).toBe(15n * 10n ** 17n);
    expect(d('-0.02').raw).toBe(-2n * 10n ** 16n);
    expect(d('0.000000000000000001').raw).toBe(1n);
    expect(d('00012.340').raw).toBe(12_340n * 10n ** 15n);
    expect(d('-0').raw).toBe(0n);
  });

  it('reproduces the Go parser quirks (one sign accepted by big.Int.SetString)', () => {
    expect(d('+5').raw).toBe(5n * E18);
    expect(d('--5').raw).toBe(5n * E18);
    expect(d('-+5').raw).toBe(-5n * E18);
    expect(d('+').raw).toBe(0n);
    expect(d('+.5').raw).toBe(5n * 10n ** 17n);
  });

  it('rejects bad text with the SDK error texts', () => {
    expect(() => d('')).toThrow('decimal string cannot be empty');
    expect(() => d('-')).toThrow('decimal string cannot be empty');
    expect(() => d('.5')).toThrow('invalid decimal length');
    expect(() => d('5.')).toThrow('invalid decimal length');
    expect(() => d('-.5')).toThrow('invalid decimal length');
    expect(() => d('1.2.3')).toThrow('invalid decimal string');
    expect(() => d('0.1234567890123456789')).toThrow(
      "value '0.1234567890123456789' exceeds max precision by -1 decimal places: max precision 18",
    );
    expect(() => d('-1.12345678901234567890')).toThrow(
      "value '1.12345678901234567890' exceeds max precision by -2 decimal places: max precision 18",
    );
    expect(() => d('abc')).toThrow('failed to set decimal string with base 10: abc000000000000000000');
    expect(() => d('1e5')).toThrow('failed to set decimal string with base 10: 1e5000000000000000000');
    expect(() => d(' 1')).toThrow('failed to set decimal string with base 10:  1000000000000000000');
    expect(() => d('1.-5')).toThrow('failed to set decimal string with base 10: 1-50000000000000000');
    expect(() => d('++5')).toThrow('failed to set decimal string with base 10: ++5000000000000000000');
    // Go counts bytes: ten two-byte letters are 20 "decimals".
    expect(() => d('0.éééééééééé')).toThrow(
      "value '0.éééééééééé' exceeds max precision by -2 decimal places: max precision 18",
    );
  });

  it('accepts up to 315 bits and names the bit length beyond', () => {
    expect(d(decText(MAX_RAW)).raw).toBe(MAX_RAW);
    expect(d(`-${decText(MAX_RAW)}`).raw).toBe(-MAX_RAW);
    const tooBig = decText(MAX_RAW + 1n);
    expect(() => d(tooBig)).toThrow(`decimal '${tooBig}' out of range; bitLen: got 316, max 315`);
    expect(() => d(`-${tooBig}`)).toThrow(`decimal '${tooBig}' out of range; bitLen: got 316, max 315`);
  });

  it('round-trips its own text', () => {
    for (const r of [0n, 1n, -1n, E18, -E18 - 1n, MAX_RAW, -MAX_RAW, 123456789n * E18 + 987654321n]) {
      expect(d(raw(r).toString()).raw).toBe(r);
    }
  });
});

describe('Dec arithmetic', () => {
  it('matches the math v1.3.0 TestArithmetic vectors', () => {
    // d1, d2, mul, mulTruncate, mulRoundUp, quo, quoRoundUp, quoTruncate, add, sub
    const rows: string[][] = [
      ['3', '7', '21', '21', '21', '0.428571428571428571', '0.428571428571428572', '0.428571428571428571', '10', '-4'],
      ['2', '4', '8', '8', '8', '0.5', '0.5', '0.5', '6', '-2'],
      ['1.5', '1.5', '2.25', '2.25', '2.25', '1', '1', '1', '3', '0'],
      ['0.3333', '0.0333', '0.01109889', '0.01109889', '0.01109889', '10.009009009009009009', '10.009009009009009010', '10.009009009009009009', '0.3666', '0.3'],
      ['-1', '1', '-1', '-1', '-1', '-1', '-1', '-1', '0', '-2'],
    ];
    for (const [a, b, mul, mulT, mulU, quo, quoU, quoT, add, sub] of rows) {
      const x = d(a);
      const y = d(b);
      expect([
        x.mul(y), x.mulTruncate(y), x.mulRoundUp(y), x.quo(y), x.quoRoundUp(y), x.quoTruncate(y), x.add(y), x.sub(y),
      ].map(String)).toEqual([mul, mulT, mulU, quo, quoU, quoT, add, sub].map((s) => d(s).toString()));
    }
  });

  it('mul rounds half-even at the 18th decimal, both ways on ties, symmetric for negatives', () => {
    const half = d('0.5');
    expect(raw(1n).mul(half).raw).toBe(0n); // 0.5 → 0
    expect(raw(3n).mul(half).raw).toBe(2n); // 1.5 → 2
    expect(raw(5n).mul(half).raw).toBe(2n); // 2.5 → 2
    expect(raw(7n).mul(half).raw).toBe(4n); // 3.5 → 4
    expect(raw(-5n).mul(half).raw).toBe(-2n);
    expect(raw(-7n).mul(half).raw).toBe(-4n);
    expect(raw(-3n).mul(half).raw).toBe(-2n);
    expect(raw(3n).mul(d('0.4')).raw).toBe(1n); // 1.2 → 1
    expect(raw(-3n).mul(d('0.6')).raw).toBe(-2n); // -1.8 → -2
    expect(raw(5n).mul(d('0.500000000000000001')).raw).toBe(3n); // just above a tie
  });

  it('mulTruncate truncates toward zero, mulRoundUp rounds positives up and truncates negatives', () => {
    const half = d('0.5');
    expect(raw(7n).mulTruncate(half).raw).toBe(3n);
    expect(raw(-7n).mulTruncate(half).raw).toBe(-3n);
    expect(raw(7n).mulRoundUp(half).raw).toBe(4n);
    expect(raw(-7n).mulRoundUp(half).raw).toBe(-3n);
    expect(raw(8n).mulRoundUp(half).raw).toBe(4n);
  });

  it('mul is not associative', () => {
    const a = Dec.SMALLEST;
    const b = d('0.5');
    const c = d('2');
    expect(a.mul(b).mul(c).toString()).toBe('0.000000000000000000');
    expect(a.mul(b.mul(c)).toString()).toBe('0.000000000000000001');
  });

  it('quo rounds half-even after truncating Va·10^36/Vb', () => {
    expect(Dec.ONE.quo(Dec.fromInt(3n)).toString()).toBe('0.333333333333333333');
    expect(Dec.fromInt(2n).quo(Dec.fromInt(3n)).toString()).toBe('0.666666666666666667');
    expect(Dec.fromInt(-2n).quo(Dec.fromInt(3n)).toString()).toBe('-0.666666666666666667');
    expect(Dec.fromInt(2n).quo(Dec.fromInt(-3n)).toString()).toBe('-0.666666666666666667');
    const twoE18 = Dec.fromInt(2n * E18);
    expect(Dec.fromInt(1n).quo(twoE18).raw).toBe(0n); // 0.5e-18 → 0
    expect(Dec.fromInt(3n).quo(twoE18).raw).toBe(2n); // 1.5e-18 → 2e-18
    expect(Dec.fromInt(5n).quo(twoE18).raw).toBe(2n); // 2.5e-18 → 2e-18
    expect(Dec.fromInt(-5n).quo(twoE18).raw).toBe(-2n);
    expect(Dec.fromInt(-3n).quo(twoE18).raw).toBe(-2n);
  });

  it('quo rounds twice: a quotient just above a tie by less than 10^-36 rounds to even', () => {
    // 1e-18 / 1.999999999999999999 = 5.00000000000000000125e-19: the exact value rounds to 1e-18,
    // but Q = trunc(10^36 / (2·10^18 − 1)) = 5·10^17 is an exact tie, which goes to the even 0.
    expect(raw(1n).quo(raw(2n * E18 - 1n)).raw).toBe(0n);
  });

  it('chain-semantics §0.2: trunc(quo(a, b)) exceeds floor(a/b) when the fraction is ≥ 1 − 0.5e-18', () => {
    const truncQuo = (a: bigint, b: bigint) => Dec.fromInt(a).quo(Dec.fromInt(b)).truncateInt();
    // a/b = 0.9999999999999999999 (fraction 1 − 1e-19): rounds up to 1 before the truncation.
    expect(truncQuo(10n ** 19n - 1n, 10n ** 19n)).toBe(1n);
    expect((10n ** 19n - 1n) / 10n ** 19n).toBe(0n);
    // Exactly 1 − 0.5e-18: the tie goes to the even 1.000000000000000000.
    expect(truncQuo(2n * E18 - 1n, 2n * E18)).toBe(1n);
    // With an integer part: 7 + (1 − 1e-19).
    expect(truncQuo(8n * 10n ** 19n - 1n, 10n ** 19n)).toBe(8n);
    // Fraction 1 − 1e-18 is below the threshold: no carry.
    expect(truncQuo(E18 - 1n, E18)).toBe(0n);
    expect(Dec.fromInt(E18 - 1n).quo(Dec.fromInt(E18)).toString()).toBe('0.999999999999999999');
  });

  it('quoTruncate truncates at the 18th decimal', () => {
    expect(Dec.fromInt(2n).quoTruncate(Dec.fromInt(3n)).toString()).toBe('0.666666666666666666');
    expect(Dec.fromInt(-2n).quoTruncate(Dec.fromInt(3n)).toString()).toBe('-0.666666666666666666');
    expect(Dec.fromInt(10n ** 19n - 1n).quoTruncate(Dec.fromInt(10n ** 19n)).truncateInt()).toBe(0n);
  });

  it('quoRoundUp rounds toward +∞ at the 18th decimal, looking only at trunc(Va·10^36/Vb) (v1.3.0)', () => {
    expect(Dec.ONE.quoRoundUp(Dec.fromInt(3n)).toString()).toBe('0.333333333333333334');
    expect(Dec.fromInt(-1n).quoRoundUp(Dec.fromInt(3n)).toString()).toBe('-0.333333333333333333');
    expect(Dec.fromInt(2n).quoRoundUp(Dec.fromInt(4n)).toString()).toBe('0.500000000000000000');
    // 10 / 9999999999999999999.999999999999999999 = 1.0000000000000000000000000000000000001e-18:
    // Q = trunc(10^55 / (10^37 − 1)) = 10^18 has no remainder at 18 digits, so no round-up.
    expect(raw(10n * E18).quoRoundUp(raw(10n ** 37n - 1n)).raw).toBe(1n);
  });

  it('mulInt is exact and quoInt truncates toward zero', () => {
    expect(d('1.5').mulInt(3n).toString()).toBe('4.500000000000000000');
    expect(raw(-7n).mulInt(-3n).raw).toBe(21n);
    expect(raw(7n).quoInt(2n).raw).toBe(3n);
    expect(raw(-7n).quoInt(2n).raw).toBe(-3n);
    expect(raw(7n).quoInt(-2n).raw).toBe(-3n);
    expect(() => Dec.ONE.quoInt(0n)).toThrow('Dec.quoInt: division by zero');
    expect(() => Dec.ONE.mulInt(2n ** 256n)).toThrow('Dec.mulInt: integer overflow (bit length 257 > 256)');
  });

  it('add and sub are exact', () => {
    expect(d('0.1').add(d('0.2')).toString()).toBe('0.300000000000000000');
    expect(raw(1n).sub(raw(2n)).raw).toBe(-1n);
    expect(raw(MAX_RAW).sub(raw(MAX_RAW)).isZero()).toBe(true);
  });

  it('throws Int overflow beyond 315 bits', () => {
    const max = raw(MAX_RAW);
    expect(max.add(Dec.ZERO).raw).toBe(MAX_RAW);
    expect(() => max.add(Dec.SMALLEST)).toThrow('Dec.add: Int overflow (bit length 316 > 315)');
    expect(() => max.neg().sub(Dec.SMALLEST)).toThrow('Dec.sub: Int overflow (bit length 316 > 315)');
    expect(() => max.mul(Dec.fromInt(2n))).toThrow('Dec.mul: Int overflow (bit length 316 > 315)');
    expect(() => max.mulTruncate(Dec.fromInt(2n))).toThrow('Dec.mulTruncate: Int overflow (bit length 316 > 315)');
    expect(() => max.mulRoundUp(Dec.fromInt(2n))).toThrow('Dec.mulRoundUp: Int overflow (bit length 316 > 315)');
    expect(() => max.mulInt(2n)).toThrow('Dec.mulInt: Int overflow (bit length 316 > 315)');
    expect(() => max.quo(d('0.1'))).toThrow(`Dec.quo: Int overflow (bit length ${bitLength(MAX_RAW * 10n)} > 315)`);
    expect(() => max.quoTruncate(d('0.5'))).toThrow('Dec.quoTruncate: Int overflow (bit length 316 > 315)');
    expect(() => max.quoRoundUp(d('0.5'))).toThrow('Dec.quoRoundUp: Int overflow (bit length 316 > 315)');
    expect(max.mul(Dec.ONE).raw).toBe(MAX_RAW);
    expect(max.quo(Dec.ONE).raw).toBe(MAX_RAW);
  });

  it('throws on division by zero', () => {
    expect(() => Dec.ONE.quo(Dec.ZERO)).toThrow('Dec.quo: division by zero');
    expect(() => Dec.ONE.quoTruncate(Dec.ZERO)).toThrow('Dec.quoTruncate: division by zero');
    expect(() => Dec.ONE.quoRoundUp(Dec.ZERO)).toThrow('Dec.quoRoundUp: division by zero');
  });
});

describe('Dec to integer', () => {
  it('truncateInt truncates toward zero', () => {
    expect(d('1.999999999999999999').truncateInt()).toBe(1n);
    expect(d('-1.5').truncateInt()).toBe(-1n);
    expect(d('-0.5').truncateInt()).toBe(0n);
    expect(Dec.fromInt(MAX_INT256).truncateInt()).toBe(MAX_INT256);
  });

  it('roundInt rounds half-even, symmetric for negatives', () => {
    const cases: [string, bigint][] = [
      ['0.5', 0n], ['1.5', 2n], ['2.5', 2n], ['3.5', 4n], ['2.500000000000000001', 3n], ['2.499999999999999999', 2n],
      ['-0.5', 0n], ['-1.5', -2n], ['-2.5', -2n], ['-2.500000000000000001', -3n], ['-1.4', -1n],
    ];
    for (const [s, want] of cases) expect([s, d(s).roundInt()]).toEqual([s, want]);
  });

  it('ceil and truncateDec', () => {
    expect(d('1.2').ceil().toString()).toBe('2.000000000000000000');
    expect(d('-1.2').ceil().toString()).toBe('-1.000000000000000000');
    expect(d('2').ceil().toString()).toBe('2.000000000000000000');
    expect(d('0.000000000000000001').ceil().toString()).toBe('1.000000000000000000');
    expect(d('-1.7').truncateDec().toString()).toBe('-1.000000000000000000');
    // v1.3.0 refuses to round up an operand of 315 bits, even where the result would fit.
    expect(() => raw(MAX_RAW).ceil()).toThrow('Dec.ceil: Int overflow (operand bit length 315 >= 315)');
    expect(raw(-MAX_RAW).ceil().raw).toBe((-MAX_RAW / E18) * E18);
  });
});

describe('Dec comparison', () => {
  it('compares and picks min/max', () => {
    const a = d('-0.5');
    const b = d('0.25');
    expect([a.cmp(b), b.cmp(a), a.cmp(d('-0.5'))]).toEqual([-1, 1, 0]);
    expect([a.lt(b), a.lte(a), a.gt(b), b.gte(b), a.eq(b)]).toEqual([true, true, false, true, false]);
    expect(Dec.min(a, b)).toBe(a);
    expect(Dec.max(a, b)).toBe(b);
    expect([a.isNegative(), a.isPositive(), Dec.ZERO.isZero(), a.abs().toString(), a.neg().toString()]).toEqual([
      true, false, true, '0.500000000000000000', '0.500000000000000000',
    ]);
    expect([d('3').isInteger(), d('3.1').isInteger()]).toEqual([true, false]);
  });
});
