import { encodeBech32Pubkey, encodeSecp256k1Pubkey } from '@cosmjs/amino';
import { describe, expect, it } from 'vitest';
import { Hrp } from '../../src/crypto/address.ts';
import { toBech32 } from '../../src/crypto/bech32.ts';
import {
  aminoPrefix,
  aminoPrivKeyBytes,
  aminoPubKeyBytes,
  legacyBech32PubKey,
  privKeyFromAminoBytes,
  pubKeyFromAminoBytes,
  pubKeyFromLegacyBech32,
} from '../../src/crypto/amino.ts';
import { NEUTRAL, REAL } from '../../src/naming.ts';
import { ABANDON, hex } from './vectors.ts';

const toHex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('amino prefixes', () => {
  it.each([
    ['stratos/PubKeyEthSecp256k1', 'e77e4a59'],
    ['stratos/PrivKeyEthSecp256k1', '439faa4f'],
    ['tendermint/PubKeySecp256k1', 'eb5ae987'],
    ['tendermint/PrivKeySecp256k1', 'e1b0f79b'],
    ['tendermint/PubKeyEd25519', '1624de64'],
    ['os/PubKeyEthSecp256k1', '5d7423df'],
    ['ethermint/PubKeyEthSecp256k1', 'f3b3cd03'],
  ])('%s → %s', (name, prefix) => {
    expect(toHex(aminoPrefix(name))).toBe(prefix);
  });
});

describe('amino key bytes', () => {
  const pub = { algo: 'eth_secp256k1' as const, key: hex(ABANDON.index0.publicKey) };
  const priv = { algo: 'eth_secp256k1' as const, key: hex(ABANDON.index0.privateKey) };

  it('encodes the real eth pubkey as e77e4a59 21 <33 bytes>', () => {
    expect(toHex(aminoPubKeyBytes(pub, REAL))).toBe('e77e4a5921' + ABANDON.index0.publicKey);
    expect(toHex(aminoPrivKeyBytes(priv, REAL))).toBe('439faa4f20' + ABANDON.index0.privateKey);
  });

  it('decodes the names of both profiles and refuses unknown prefixes', () => {
    expect(pubKeyFromAminoBytes(aminoPubKeyBytes(pub, REAL))).toEqual(pub);
    expect(pubKeyFromAminoBytes(aminoPubKeyBytes(pub, NEUTRAL))).toEqual(pub);
    expect(privKeyFromAminoBytes(aminoPrivKeyBytes(priv, NEUTRAL))).toEqual(priv);
    expect(() => pubKeyFromAminoBytes(hex('0102030421' + ABANDON.index0.publicKey))).toThrow(
      'invalid amino public key: unknown type prefix 01020304',
    );
    expect(() => pubKeyFromAminoBytes(hex('e77e4a5922' + ABANDON.index0.publicKey))).toThrow(
      'invalid amino public key: length byte 34 does not match 33 key bytes',
    );
  });

  it('§1.6: spells the legacy stpub of the §3.1 key, and cosmjs agrees for Cosmos keys', () => {
    expect(legacyBech32PubKey(pub, Hrp.accountPub, REAL)).toBe(ABANDON.index0.legacyStpub);
    expect(pubKeyFromLegacyBech32(ABANDON.index0.legacyStpub, Hrp.accountPub)).toEqual(pub);
    // stratos-sdk's spelling is the raw 33 bytes: a different string for the same key
    expect(toBech32(Hrp.accountPub, pub.key)).toBe(ABANDON.index0.rawStpub);
    const cosmos = { algo: 'secp256k1' as const, key: pub.key };
    expect(legacyBech32PubKey(cosmos, Hrp.accountPub, REAL)).toBe(encodeBech32Pubkey(encodeSecp256k1Pubkey(pub.key), 'stpub'));
  });
});
