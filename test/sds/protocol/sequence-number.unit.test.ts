/** Sequence numbers: `SN:%019d` (reference/storage-network.md §1.4.1, §4.4, §7 item 7). */
import { describe, expect, it } from 'vitest';
import { formatSequenceNumber, parseSequenceNumber, SN_PATTERN } from '../../../src/sds/protocol/sequence-number.ts';

describe('sequence numbers', () => {
  it('format as SN: and 19 zero-padded digits (the docs examples)', () => {
    expect(formatSequenceNumber(28n)).toBe('SN:0000000000000000028');
    expect(formatSequenceNumber(5291n)).toBe('SN:0000000000000005291');
    expect(formatSequenceNumber(0n)).toBe('SN:0000000000000000000');
    expect(formatSequenceNumber(9_999_999_999_999_999_999n)).toBe('SN:9999999999999999999');
  });

  it('parse back', () => {
    expect(parseSequenceNumber('SN:0000000000000000028')).toBe(28n);
    expect(parseSequenceNumber('SN:9999999999999999999')).toBe(9_999_999_999_999_999_999n);
    for (const n of [0n, 1n, 12345678901234n]) expect(parseSequenceNumber(formatSequenceNumber(n))).toBe(n);
  });

  it('SN_PATTERN is ^SN:\\d{19}$', () => {
    expect(SN_PATTERN.source).toBe('^SN:\\d{19}$');
    expect(SN_PATTERN.test('SN:0000000000000000028')).toBe(true);
    for (const bad of ['SN:000000000000000028', 'SN:00000000000000000280', 'sn:0000000000000000028', 'SN:000000000000000002x', ' SN:0000000000000000028', '']) {
      expect(SN_PATTERN.test(bad)).toBe(false);
    }
  });

  it('refuse what does not fit, naming the problem', () => {
    expect(() => formatSequenceNumber(-1n)).toThrow('invalid sequence number -1: expected an integer from 0 to 9999999999999999999');
    expect(() => formatSequenceNumber(10n ** 19n)).toThrow('invalid sequence number 10000000000000000000');
    expect(() => formatSequenceNumber(5 as unknown as bigint)).toThrow('invalid sequence number 5');
    expect(() => parseSequenceNumber('SN:28')).toThrow('invalid sequence number "SN:28": expected "SN:" followed by 19 decimal digits');
    expect(() => parseSequenceNumber('')).toThrow('invalid sequence number: empty');
    expect(() => parseSequenceNumber('SN:0000000000000000028\n')).toThrow('expected "SN:" followed by 19 decimal digits');
  });
});
