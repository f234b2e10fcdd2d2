import { describe, expect, it } from 'vitest';
import { cidProblem, fileHashProblem } from '../../../src/modules/sds/file-hash.ts';
import { multibaseDecode } from '../../../src/modules/sds/multibase.ts';
import { reporterBits, setReporterBit } from '../../../src/modules/sds/reporters-bitmap.ts';

describe('file hash = CID (go-cid Decode) or 64 hex digits', () => {
  it('the v05… hash of the Stratos docs is a base32hex CIDv1: raw codec (0x55), keccak-256 multihash (0x1b) of 20 bytes', () => {
    const bytes = multibaseDecode('v05ahm50ugfjrgd3ga8mqi6bqka32ks3dooe1p9g');
    expect(Buffer.from(bytes).toString('hex')).toBe('01551b141e83e7b83470522da9197aa2862a706dc61c1ca6');
    expect(cidProblem('v05ahm50ugfjrgd3ga8mqi6bqka32ks3dooe1p9g')).toBeUndefined();
  });

  it('accepts the well-known CIDv0 and CIDv1 examples of the IPFS docs', () => {
    expect(cidProblem('QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG')).toBeUndefined();
    expect(cidProblem('bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi')).toBeUndefined();
  });

  it('refuses a CID of version 2, trailing bytes, a bad character and a too-short string', () => {
    // f + hex: version 2
    expect(cidProblem('f0255120100')).toBe('expected 1 as the cid version number, got: 2');
    expect(cidProblem('f0155120100ff')).toBe('trailing bytes in data buffer passed to cid Cast');
    expect(cidProblem('v05ahm50ugfjrgd3ga8mqi6bqka32ks3dooe1p9!')).toBe('illegal character "!"');
    expect(cidProblem('v')).toBe('cid too short');
  });

  it('64 hex digits in either case pass; 65 do not', () => {
    expect(fileHashProblem('ab'.repeat(32))).toBeUndefined();
    expect(fileHashProblem('AB'.repeat(32))).toBeUndefined();
    expect(fileHashProblem('0' + 'AB'.repeat(32))).toBe('selected encoding not supported: "0"');
  });
});

describe('reporters bitmap (kelindar/bitmap bytes)', () => {
  it('bit i is byte i/8, bit i%8; the length is whole 8-byte words', () => {
    expect([...setReporterBit(new Uint8Array(0), 0)]).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    expect([...setReporterBit(new Uint8Array(0), 9)]).toEqual([0, 2, 0, 0, 0, 0, 0, 0]);
    const grown = setReporterBit(Uint8Array.from([1, 0, 0, 0, 0, 0, 0, 0]), 64);
    expect([...grown]).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]);
    expect(reporterBits(grown)).toEqual([0, 64]);
  });
});
