/**
 * The meta node BLS key derivation (src/modules/pot/meta-node-bls-key.ts; docs/pot.md): the IETF
 * KeyGen loop with salt "chaind meta-node bls" and key_info = the network address, recomputed here
 * with node:crypto's HKDF and SHA-256 (an implementation independent of @noble/hashes), plus a
 * pinned vector so that the derivation never changes silently.
 */
import { createHash, hkdfSync } from 'node:crypto';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { blsPublicKey, metaNodeBlsSecretKey } from '../../../src/modules/pot/meta-node-bls-key.ts';
import { testKey } from '../../helpers/fixture.ts';
import { nodeKeyOf } from '../register/harness.ts';

/** the BLS12-381 subgroup order r, as published (e.g. draft-irtf-cfrg-pairing-friendly-curves §4.2.1) */
const R = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001n;

function expectedSecretKey(ikm: Uint8Array, info: string): string {
  let salt: Buffer = Buffer.from('chaind meta-node bls', 'utf8');
  for (;;) {
    salt = createHash('sha256').update(salt).digest();
    // HKDF(salt, IKM || 0x00, key_info || I2OSP(48, 2), 48): extract and expand in one call
    const okm = Buffer.from(hkdfSync('sha256', Buffer.concat([ikm, Buffer.from([0])]), salt, Buffer.concat([Buffer.from(info, 'utf8'), Buffer.from([0, 48])]), 48));
    const sk = BigInt('0x' + okm.toString('hex')) % R;
    if (sk !== 0n) return sk.toString(16).padStart(64, '0');
  }
}

const ALICE = testKey(0);
const META = nodeKeyOf(0x61).address;

describe('metaNodeBlsSecretKey', () => {
  it('is the IETF KeyGen of the owner key with the chaind salt and the network address as key_info', () => {
    const sk = metaNodeBlsSecretKey(ALICE.priv.key, META);
    expect(bytesToHex(sk)).toBe(expectedSecretKey(ALICE.priv.key, META));
    // pinned: a change of the derivation changes every meta node key of existing homes
    expect(bytesToHex(metaNodeBlsSecretKey(new Uint8Array(32).fill(1), 'stsds1abc'))).toBe('63d1fd79e5b8ae0e426d1597d8097db65a48323dc0e01e6877ea7553ba02584a');
  });

  it('differs per network address and per owner, and stays a valid scalar', () => {
    const other = nodeKeyOf(0x62).address;
    const a = bytesToHex(metaNodeBlsSecretKey(ALICE.priv.key, META));
    const b = bytesToHex(metaNodeBlsSecretKey(ALICE.priv.key, other));
    const c = bytesToHex(metaNodeBlsSecretKey(testKey(1).priv.key, META));
    expect(new Set([a, b, c]).size).toBe(3);
    for (const h of [a, b, c]) {
      const x = BigInt('0x' + h);
      expect(x > 0n && x < R).toBe(true);
    }
  });

  it('gives the 48-byte G1 public key noble computes for the same scalar', () => {
    const sk = metaNodeBlsSecretKey(ALICE.priv.key, META);
    const pub = blsPublicKey(sk);
    expect(pub).toHaveLength(48);
    expect(bytesToHex(pub)).toBe(bls12_381.G1.Point.BASE.multiply(BigInt('0x' + bytesToHex(sk))).toHex(true));
  });

  it('refuses short key material and an empty address', () => {
    expect(() => metaNodeBlsSecretKey(new Uint8Array(16), META)).toThrow('owner private key of 16 bytes: expected at least 32 bytes of key material');
    expect(() => metaNodeBlsSecretKey(ALICE.priv.key, '')).toThrow('empty meta node network address: expected stsds1…');
  });
});
