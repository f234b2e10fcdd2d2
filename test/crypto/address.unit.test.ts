import { bech32 } from 'bech32';
import { fromBech32 as cosmjsFromBech32 } from '@cosmjs/encoding';
import { getAddress } from 'ethers';
import { describe, expect, it } from 'vitest';
import {
  accAddress,
  addressFromBech32,
  bech32ToHex,
  consAddress,
  hexToBech32,
  Hrp,
  moduleAddress,
  sdkAddressFromBech32,
  sdsAddress,
  toEthAddress,
  valAddress,
} from '../../src/crypto/address.ts';
import { toBech32 } from '../../src/crypto/bech32.ts';
import { ABANDON, hex } from './vectors.ts';

describe('Hrp table', () => {
  it('has the eight prefixes of stratos-chain types/address.go', () => {
    expect(Hrp).toEqual({
      account: 'st',
      accountPub: 'stpub',
      validator: 'stvaloper',
      validatorPub: 'stvaloperpub',
      consensus: 'stvalcons',
      consensusPub: 'stvalconspub',
      sds: 'stsds',
      sdsPub: 'stsdspub',
    });
    expect(Object.isFrozen(Hrp)).toBe(true);
  });
});

describe('address spellings', () => {
  const bytes = hex('39330eb4d159cd194a044041900aef978d7532fa');

  it('spells one account as st, stvaloper and 0x', () => {
    expect(accAddress(bytes)).toBe(ABANDON.index0.address);
    expect(valAddress(bytes)).toBe(ABANDON.index0.valoper);
    expect(toEthAddress(bytes)).toBe(ABANDON.index0.ethAddress);
    expect(toEthAddress(bytes)).toBe(getAddress('0x39330eb4d159cd194a044041900aef978d7532fa'));
  });

  it('converts hex ⇄ bech32 both ways', () => {
    expect(hexToBech32(ABANDON.index0.ethAddress)).toBe(ABANDON.index0.address);
    expect(hexToBech32('39330EB4D159CD194A044041900AEF978D7532FA', Hrp.validator)).toBe(ABANDON.index0.valoper);
    expect(bech32ToHex(ABANDON.index0.address)).toBe('39330eb4d159cd194a044041900aef978d7532fa');
    expect(bech32ToHex(ABANDON.index1.address, 'st')).toBe(ABANDON.index1.ethAddress.slice(2).toLowerCase());
    expect(() => hexToBech32('0x12345')).toThrow('invalid hex address "0x12345": expected hex digits');
  });

  it('decodes the stsds address of the stratos-chain address_test vector', () => {
    expect(bech32ToHex('stsds14c3em44vlh276cujnr2ez802uyjyeqrrsu9fuh', Hrp.sds)).toBe('ae239dd6acfdd5ed639298d5911deae1244c8063');
    expect(sdsAddress(hex('ae239dd6acfdd5ed639298d5911deae1244c8063'))).toBe('stsds14c3em44vlh276cujnr2ez802uyjyeqrrsu9fuh');
    expect(consAddress(hex('07402B67CAF1AFA75DC1AC87934DD7C37DD35771'))).toBe('stvalcons1qaqzke727xh6whwp4jrexnwhcd7ax4m359qa83');
  });

  it('checks the SDK address length rule 1..255 bytes', () => {
    expect(addressFromBech32(ABANDON.index0.address)).toEqual(bytes);
    const long = new Uint8Array(32).fill(1);
    expect(addressFromBech32(toBech32('st', long))).toEqual(long);
    const tooLong = toBech32('st', new Uint8Array(256));
    expect(() => addressFromBech32(tooLong)).toThrow(`invalid address "${tooLong}": address max length is 255, got 256`);
    const empty = toBech32('st', new Uint8Array(0));
    expect(() => addressFromBech32(empty)).toThrow(`invalid address "${empty}": addresses cannot be empty`);
    expect(() => addressFromBech32(ABANDON.index0.valoper)).toThrow(
      `invalid bech32 prefix in "${ABANDON.index0.valoper}": expected "st", got "stvaloper"`,
    );
    expect(addressFromBech32(ABANDON.index0.valoper, Hrp.validator)).toEqual(bytes);
  });
});

describe('moduleAddress', () => {
  // reference/wire-formats.md §1.4
  const vectors: Record<string, string> = {
    fee_collector: 'st17xpfvakm2amg962yls6f84z3kell8c5lv5hj2q',
    bonded_tokens_pool: 'st1fl48vsnmsdzcv85q5d2q4z5ajdha8yu3fkaac2',
    not_bonded_tokens_pool: 'st1tygms3xhhs3yv487phx3dw4a95jn7t7lakpvw7',
    distribution: 'st1jv65s3grqf6v6jl3dp4t6c9t9rk99cd8mjswgz',
    gov: 'st10d07y265gmmuvt4z0w9aw880jnsr700jx08hhw',
    mint: 'st1m3h30wlvsf8llruxtpukdvsy0km2kum85un2xa',
    register: 'st1sauqlfw7dp8g0jujkfulp0q8k984w2z3v9jk6s',
    resource_node_bonded_pool: 'st17ancryq8j2d98qzpkx2nkr9j7htxd9jhtv7zjf',
    resource_node_not_bonded_pool: 'st1ah3srlga6mqr7cq4gd887k2ys97rzfspjae0sz',
    meta_node_bonded_pool: 'st1fz67scxv3hjy0nxafuf0c4made74gfcf7myjqg',
    meta_node_not_bonded_pool: 'st1cm90laq9qjzjd78lkyp49lpdxdfyjrm7jq9wmg',
    total_unissued_prepay: 'st15fmkzxwtq5p64gc0zxmd87cmdwjnn3sakmkuu7',
    pot: 'st1wjj3c08flup92g6c3swpmcwd4xzul9hu5wehxc',
    foundation_account: 'st1y0ujk7aqvuxt6t058gn6k2kq8f3pe96vzwknau',
    total_reward_pool: 'st100qkxrzlcahgh4zeug0p0l8aqcnuaygz3vvv42',
    sds: 'st1y23us4sf6ntzd0qpekra7uwsra4mnf3ww75x67',
    evm: 'st1vqu8rska6swzdmnhf90zuv0xmelej4lq3l3x44',
  };

  it.each(Object.entries(vectors))('%s → %s', (name, expected) => {
    expect(accAddress(moduleAddress(name))).toBe(expected);
  });

  it('gives the same bytes as the well-known cosmos fee collector', () => {
    expect(moduleAddress('fee_collector')).toEqual(cosmjsFromBech32('cosmos17xpfvakm2amg962yls6f84z3kell8c5lserqta', 90).data);
  });
});

describe('sdkAddressFromBech32 (the SDK texts of AccAddressFromBech32 and its kin)', () => {
  const alice = 'st18yesadx3t8x3jjsygpqeqzh0j7xh2vh66945zx';
  const fail = (text: string, hrp: string) => {
    try {
      sdkAddressFromBech32(text, hrp);
    } catch (e) {
      return (e as Error).message;
    }
    return 'no error';
  };

  it('decodes an address of the asked kind', () => {
    expect(Buffer.from(sdkAddressFromBech32(alice, 'st')).toString('hex')).toBe('39330eb4d159cd194a044041900aef978d7532fa');
  });

  it('blank, another kind, a bad checksum (Go names the checksum it expected), not bech32', () => {
    expect(fail('  ', 'st')).toBe('empty address string is not allowed');
    expect(fail(alice, 'stvaloper')).toBe('invalid Bech32 prefix; expected stvaloper, got st');
    expect(fail(`${alice.slice(0, -1)}y`, 'st')).toBe('decoding bech32 failed: invalid checksum (expected 6945zx got 6945zy)');
    // Go's btcutil texts, in its order of checks
    expect(fail('st1abc', 'st')).toBe('decoding bech32 failed: invalid bech32 string length 6');
    expect(fail('nonsense', 'st')).toBe('decoding bech32 failed: invalid separator index -1');
    expect(fail(`St${alice.slice(2)}`, 'st')).toBe('decoding bech32 failed: string not all lowercase or all uppercase');
    expect(fail(`${alice.slice(0, 10)}b${alice.slice(11)}`, 'st')).toBe('decoding bech32 failed: invalid character not part of charset: 98');
  });

  it('Go decodes the data before comparing the prefix; then VerifyAddressFormat', () => {
    // 5-bit data that is not whole bytes (btcutil ConvertBits)
    expect(fail(bech32.encode('st', [1]), 'st')).toBe('decoding bech32 failed: invalid incomplete group');
    expect(fail(bech32.encode('stvaloper', [1]), 'st')).toBe('decoding bech32 failed: invalid incomplete group');
    // btcutil lowercases the prefix it reports
    expect(fail(`ST${alice.slice(2)}`.toUpperCase(), 'stvaloper')).toBe('invalid Bech32 prefix; expected stvaloper, got st');
    expect(fail(bech32.encode('st', []), 'st')).toBe('addresses cannot be empty: unknown address');
    expect(fail(bech32.encode('st', bech32.toWords(new Uint8Array(256)), 1023), 'st')).toBe('address max length is 255, got 256: unknown address');
  });
});
