/**
 * Hex text to bytes: any bytes written as hex digits, in any mix of cases and with or without
 * `0x`, read back as the same bytes; text with any other character is refused, naming it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesToHex, parseHex } from '../src/crypto/hex.ts';

const SEED = Number(process.env.FC_SEED ?? 20261129);

describe('parseHex', () => {
  it('reads back any bytes, whatever the case of each digit and with or without 0x', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 64 }), fc.array(fc.boolean(), { minLength: 128, maxLength: 128 }), fc.boolean(), (bytes, upper, prefixed) => {
        const digits = [...bytesToHex(bytes)].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('');
        const text = prefixed ? `0x${digits}` : digits;
        expect(parseHex(text, 'value')).toEqual(bytes);
        expect(parseHex(text, 'value', bytes.length)).toEqual(bytes);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  it('refuses a digit outside 0-9, a-f and A-F', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 16 }), fc.nat(), fc.constantFrom(...'gGzZ /:@`_-x\u00e9'), (bytes, at, bad) => {
        const digits = bytesToHex(bytes);
        const i = at % digits.length;
        const text = digits.slice(0, i) + bad + digits.slice(i + 1);
        fc.pre(!(text.startsWith('0x') && text.length > 2)); // an x after a leading 0 is the prefix: valid hex
        expect(() => parseHex(text, 'address')).toThrow(`invalid address "${text}": expected hex digits`);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});
