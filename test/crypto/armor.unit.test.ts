import { xsalsa20poly1305 } from '@noble/ciphers/salsa.js';
import { sha256 } from '@noble/hashes/sha2.js';
import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { encryptArmorPrivKey, unarmorDecryptPrivKey } from '../../src/crypto/armor.ts';
import { crc24, decodeArmor, encodeArmor } from '../../src/crypto/openpgp-armor.ts';
import { SdkErrors } from '../../src/errors.ts';
import { NEUTRAL, REAL } from '../../src/naming.ts';
import { ABANDON, b64, hex } from './vectors.ts';

/** Cosmos SDK client/keys/import_test.go: a secp256k1 key armored by a real `keys export`, passphrase 123456789 */
const SDK_ARMOR = `-----BEGIN TENDERMINT PRIVATE KEY-----
salt: A790BB721D1C094260EA84F5E5B72289
kdf: bcrypt

HbP+c6JmeJy9JXe2rbbF1QtCX1gLqGcDQPBXiCtFvP7/8wTZtVOPj8vREzhZ9ElO
3P7YnrzPQThG0Q+ZnRSbl9MAS8uFAM4mqm5r/Ys=
=f3l4
-----END TENDERMINT PRIVATE KEY-----
`;
const SDK_BODY = 'HbP+c6JmeJy9JXe2rbbF1QtCX1gLqGcDQPBXiCtFvP7/8wTZtVOPj8vREzhZ9ElO3P7YnrzPQThG0Q+ZnRSbl9MAS8uFAM4mqm5r/Ys=';
const SDK_KEY = '2485e33678db4175dc0ecef2d6e1fc493d4a0d7f7ce83324b6ed70afe77f3485';

describe('OpenPGP armor', () => {
  it('computes the RFC 4880 CRC-24 of the SDK vector', () => {
    const crc = crc24(b64(SDK_BODY));
    expect(Buffer.from([crc >> 16, (crc >> 8) & 0xff, crc & 0xff]).toString('base64')).toBe('f3l4');
    expect(crc24(new Uint8Array(0))).toBe(0xb704ce);
  });

  it('reads headers in any order and rejects a bad checksum', () => {
    const decoded = decodeArmor(SDK_ARMOR);
    expect(decoded.blockType).toBe('TENDERMINT PRIVATE KEY');
    expect(decoded.headers).toEqual({ salt: 'A790BB721D1C094260EA84F5E5B72289', kdf: 'bcrypt' });
    expect(decoded.data).toEqual(b64(SDK_BODY));
    expect(() => decodeArmor(SDK_ARMOR.replace('=f3l4', '=f3l5'))).toThrow(
      'armored block "TENDERMINT PRIVATE KEY": CRC-24 checksum mismatch (the text was altered or truncated)',
    );
    expect(() => decodeArmor('hello')).toThrow('not an ASCII-armored block: no "-----BEGIN …-----" line');
    expect(() => decodeArmor(SDK_ARMOR.replace('-----END TENDERMINT PRIVATE KEY-----', ''))).toThrow(
      'armored block "TENDERMINT PRIVATE KEY" has no "-----END TENDERMINT PRIVATE KEY-----" line',
    );
  });

  it('writes 64-character lines and no trailing newline', () => {
    const text = encodeArmor('X', { a: '1' }, new Uint8Array(100).fill(9));
    const lines = text.split('\n');
    expect(lines[0]).toBe('-----BEGIN X-----');
    expect(lines[1]).toBe('a: 1');
    expect(lines[2]).toBe('');
    expect(lines[3]).toHaveLength(64);
    expect(lines.at(-1)).toBe('-----END X-----');
    expect(decodeArmor(text).data).toEqual(new Uint8Array(100).fill(9));
  });
});

describe('armored private keys (Cosmos SDK format)', () => {
  it('decrypts a key exported by the Cosmos SDK', () => {
    const { privKey, algo } = unarmorDecryptPrivKey(SDK_ARMOR, '123456789');
    expect(algo).toBe('secp256k1'); // no type header → the SDK default
    expect(privKey.algo).toBe('secp256k1');
    expect(Buffer.from(privKey.key).toString('hex')).toBe(SDK_KEY);
  });

  it('reproduces the SDK armor byte for byte from the same salt and nonce', () => {
    const { privKey } = unarmorDecryptPrivKey(SDK_ARMOR, '123456789');
    const armor = encryptArmorPrivKey(privKey, '123456789', {
      profile: REAL,
      salt: hex('A790BB721D1C094260EA84F5E5B72289'),
      nonce: b64(SDK_BODY).subarray(0, 24),
    });
    expect(armor).toBe(
      [
        '-----BEGIN TENDERMINT PRIVATE KEY-----',
        'kdf: bcrypt',
        'salt: A790BB721D1C094260EA84F5E5B72289',
        'type: secp256k1',
        '',
        'HbP+c6JmeJy9JXe2rbbF1QtCX1gLqGcDQPBXiCtFvP7/8wTZtVOPj8vREzhZ9ElO',
        '3P7YnrzPQThG0Q+ZnRSbl9MAS8uFAM4mqm5r/Ys=',
        '=f3l4',
        '-----END TENDERMINT PRIVATE KEY-----',
      ].join('\n'),
    );
  });

  it('seals the real-profile amino bytes of an eth key, checked with an independent decryption', () => {
    const priv = { algo: 'eth_secp256k1' as const, key: hex(ABANDON.index0.privateKey) };
    const salt = hex('00112233445566778899aabbccddeeff');
    const armor = encryptArmorPrivKey(priv, 'passphrase', { profile: REAL, salt, nonce: new Uint8Array(24).fill(1) });
    const { headers, data } = decodeArmor(armor);
    expect(headers).toEqual({ kdf: 'bcrypt', salt: '00112233445566778899AABBCCDDEEFF', type: 'eth_secp256k1' });
    // key = sha256 of the bcrypt hash text, as the SDK computes it
    const hash = bcrypt.hashSync('passphrase', '$2a$12$' + bcrypt.encodeBase64(salt, 16));
    const key = sha256(new TextEncoder().encode(hash));
    const plain = xsalsa20poly1305(key, data.subarray(0, 24)).decrypt(data.subarray(24));
    expect(Buffer.from(plain).toString('hex')).toBe('439faa4f20' + ABANDON.index0.privateKey);
    expect(unarmorDecryptPrivKey(armor, 'passphrase').privKey).toEqual(priv);
  });

  it('round-trips in the neutral profile too', () => {
    const priv = { algo: 'eth_secp256k1' as const, key: hex(ABANDON.index1.privateKey) };
    const armor = encryptArmorPrivKey(priv, 'correct horse', { profile: NEUTRAL, cost: 4 });
    // cost is not in the armor: the reader always uses 12, as the SDK does
    expect(() => unarmorDecryptPrivKey(armor, 'correct horse')).toThrow('invalid account password');
    const armor12 = encryptArmorPrivKey(priv, 'correct horse');
    expect(unarmorDecryptPrivKey(armor12, 'correct horse')).toEqual({ privKey: priv, algo: 'eth_secp256k1' });
  });

  it('fails with the SDK wrong-password error', () => {
    let caught: unknown;
    try {
      unarmorDecryptPrivKey(SDK_ARMOR, '12345678');
    } catch (err) {
      caught = err;
    }
    expect(SdkErrors.WrongPassword.is(caught)).toBe(true);
    expect((caught as Error).message).toBe('invalid account password');
  });

  it('names what is wrong with other armors', () => {
    expect(() => unarmorDecryptPrivKey(SDK_ARMOR.replace(/PRIVATE KEY/g, 'PUBLIC KEY'), 'x')).toThrow(
      'unrecognized armor type "TENDERMINT PUBLIC KEY", expected "TENDERMINT PRIVATE KEY"',
    );
    expect(() => unarmorDecryptPrivKey(SDK_ARMOR.replace('kdf: bcrypt', 'kdf: argon2'), 'x')).toThrow(
      'unrecognized KDF type: argon2; only bcrypt is supported',
    );
    expect(() => unarmorDecryptPrivKey(SDK_ARMOR.replace('salt: A790BB721D1C094260EA84F5E5B72289\n', ''), 'x')).toThrow(
      'missing salt bytes',
    );
  });
});
