import { fromBech32 as cosmjsFromBech32, toBech32 as cosmjsToBech32 } from '@cosmjs/encoding';
import { describe, expect, it } from 'vitest';
import { Bech32Error, fromBech32, toBech32 } from '../../src/crypto/bech32.ts';
import { ABANDON, hex } from './vectors.ts';

const ADDR = hex('39330eb4d159cd194a044041900aef978d7532fa');

function bech32Error(fn: () => unknown): Bech32Error {
  try {
    fn();
  } catch (err) {
    if (err instanceof Bech32Error) return err;
    throw err;
  }
  throw new Error('expected a Bech32Error');
}

describe('toBech32 / fromBech32', () => {
  it('encodes the §3.1 account like cosmjs does', () => {
    expect(toBech32('st', ADDR)).toBe(ABANDON.index0.address);
    expect(toBech32('st', ADDR)).toBe(cosmjsToBech32('st', ADDR));
  });

  it('decodes to the prefix and the bytes, for every prefix', () => {
    for (const hrp of ['st', 'stvaloper', 'stvalcons', 'stsds', 'cosmos']) {
      const text = cosmjsToBech32(hrp, ADDR);
      const decoded = fromBech32(text);
      expect(decoded.hrp).toBe(hrp);
      expect(Buffer.from(decoded.bytes).toString('hex')).toBe('39330eb4d159cd194a044041900aef978d7532fa');
    }
  });

  it('accepts upper case input as BIP-173 allows', () => {
    expect(fromBech32(ABANDON.index0.address.toUpperCase()).hrp).toBe('st');
  });

  it('round-trips 32-byte data and long legacy pubkeys (limit 1023, as the SDK)', () => {
    const long = new Uint8Array(200).fill(7);
    const text = toBech32('stvalconspub', long);
    expect(text.length).toBeGreaterThan(90);
    expect(fromBech32(text).bytes).toEqual(long);
    expect(cosmjsFromBech32(text, 1023).data).toEqual(long);
  });

  it('names the expected and the actual prefix', () => {
    const err = bech32Error(() => fromBech32(ABANDON.index0.valoper, 'st'));
    expect(err.reason).toBe('prefix');
    expect(err.message).toBe(`invalid bech32 prefix in "${ABANDON.index0.valoper}": expected "st", got "stvaloper"`);
  });

  it('reports a bad checksum', () => {
    const typo = ABANDON.index0.address.slice(0, -1) + 'y';
    const err = bech32Error(() => fromBech32(typo));
    expect(err.reason).toBe('checksum');
    expect(err.message).toBe(`invalid bech32 checksum in "${typo}"`);
  });

  it('reports a bad length when a length is expected', () => {
    const text = toBech32('st', new Uint8Array(32));
    const err = bech32Error(() => fromBech32(text, 'st', 20));
    expect(err.reason).toBe('length');
    expect(err.message).toBe(`invalid bech32 data length in "${text}": expected 20 bytes, got 32`);
    expect(fromBech32(ABANDON.index0.address, 'st', 20).bytes).toEqual(ADDR);
  });

  it('reports malformed strings with the reason', () => {
    expect(bech32Error(() => fromBech32('')).message).toBe('invalid bech32 string: empty input');
    expect(bech32Error(() => fromBech32('st')).message).toBe('invalid bech32 string "st": too short');
    expect(bech32Error(() => fromBech32('stnoseparatorhere')).message).toBe(
      'invalid bech32 string "stnoseparatorhere": no "1" separator between prefix and data',
    );
    const mixed = 'St18yesadx3t8x3jjsygpqeqzh0j7xh2vh66945zx';
    expect(bech32Error(() => fromBech32(mixed)).message).toBe(`invalid bech32 string "${mixed}": mixes upper and lower case`);
    const badChar = 'st18yesadx3t8x3jjsygpqeqzh0j7xh2vh66945zb'; // 'b' is not in the alphabet
    expect(bech32Error(() => fromBech32(badChar)).message).toBe(
      `invalid bech32 string "${badChar}": character not in the bech32 alphabet (b)`,
    );
    expect(bech32Error(() => fromBech32('st1' + 'q'.repeat(1100))).message).toMatch(/longer than 1023 characters$/);
  });
});
