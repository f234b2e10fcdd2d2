import { describe, expect, it } from 'vitest';
import {
  makePrivKey,
  makePubKey,
  privKeyAminoName,
  pubKeyAddress,
  pubKeyAminoName,
  pubKeyOf,
  pubKeyTypeUrl,
  signBytes,
  verifySignature,
} from '../../src/crypto/keys.ts';
import { pubKeyFromProtoJson, pubKeyToProtoJson } from '../../src/crypto/pubkey-json.ts';
import { NEUTRAL, REAL } from '../../src/naming.ts';
import { ABANDON, hex, MSG_SEND, msgSendSignDoc } from './vectors.ts';

const toHex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('key algorithms', () => {
  const priv = makePrivKey('eth_secp256k1', hex(ABANDON.index0.privateKey));

  it('dispatch sign, verify and address by algorithm', () => {
    const pub = pubKeyOf(priv);
    expect(toHex(pub.key)).toBe(ABANDON.index0.publicKey);
    expect(toHex(signBytes(priv, msgSendSignDoc()))).toBe(MSG_SEND.signature);
    expect(verifySignature(pub, msgSendSignDoc(), hex(MSG_SEND.signature))).toBe(true);
    expect(toHex(pubKeyAddress(pub))).toBe('39330eb4d159cd194a044041900aef978d7532fa');

    const cosmos = makePrivKey('secp256k1', priv.key);
    const cosmosPub = pubKeyOf(cosmos);
    expect(cosmosPub.key).toEqual(pub.key);
    expect(verifySignature(cosmosPub, msgSendSignDoc(), hex(MSG_SEND.signature))).toBe(false); // keccak sig, sha256 check
    expect(verifySignature(cosmosPub, msgSendSignDoc(), signBytes(cosmos, msgSendSignDoc()))).toBe(true);
    expect(toHex(pubKeyAddress(cosmosPub))).not.toBe(toHex(pubKeyAddress(pub)));

    const ed = makePrivKey('ed25519', new Uint8Array(32).fill(3));
    expect(verifySignature(pubKeyOf(ed), new Uint8Array([1]), signBytes(ed, new Uint8Array([1])))).toBe(true);
  });

  it('names the types in both naming profiles', () => {
    expect(pubKeyTypeUrl('eth_secp256k1', NEUTRAL)).toBe('/chain.crypto.v1.ethsecp256k1.PubKey');
    expect(pubKeyTypeUrl('eth_secp256k1', REAL)).toBe('/stratos.crypto.v1.ethsecp256k1.PubKey');
    expect(pubKeyTypeUrl('secp256k1', REAL)).toBe('/cosmos.crypto.secp256k1.PubKey');
    expect(pubKeyTypeUrl('ed25519', NEUTRAL)).toBe('/sdk.crypto.ed25519.PubKey');
    expect(pubKeyAminoName('eth_secp256k1', REAL)).toBe('stratos/PubKeyEthSecp256k1');
    expect(pubKeyAminoName('ed25519', NEUTRAL)).toBe('consensus/PubKeyEd25519');
    expect(privKeyAminoName('secp256k1', REAL)).toBe('tendermint/PrivKeySecp256k1');
  });

  it('validates key bytes', () => {
    expect(() => makePubKey('eth_secp256k1', new Uint8Array(32))).toThrow('invalid eth_secp256k1 public key: expected 33 bytes, got 32');
    expect(() => makePubKey('eth_secp256k1', Uint8Array.of(2, ...new Uint8Array(32).fill(0xff)))).toThrow('invalid eth_secp256k1 public key: not a point on the curve');
    expect(() => makePrivKey('secp256k1', new Uint8Array(31))).toThrow('invalid secp256k1 private key: expected 32 bytes, got 31');
    expect(() => makePrivKey('eth_secp256k1', new Uint8Array(32))).toThrow('invalid secp256k1 private key');
  });
});

describe('public key proto-JSON', () => {
  const pub = makePubKey('eth_secp256k1', hex(ABANDON.index0.publicKey));

  it('prints the compact Any JSON as the SDK KeyOutput does', () => {
    expect(pubKeyToProtoJson(pub, NEUTRAL)).toBe(
      `{"@type":"/chain.crypto.v1.ethsecp256k1.PubKey","key":"${ABANDON.index0.publicKeyBase64}"}`,
    );
    expect(pubKeyToProtoJson(pub, REAL)).toBe(
      `{"@type":"/stratos.crypto.v1.ethsecp256k1.PubKey","key":"${ABANDON.index0.publicKeyBase64}"}`,
    );
  });

  it("parses the type URLs of the home's profile", () => {
    expect(pubKeyFromProtoJson(pubKeyToProtoJson(pub, NEUTRAL), NEUTRAL)).toEqual(pub);
    expect(pubKeyFromProtoJson(pubKeyToProtoJson(pub, REAL), REAL)).toEqual(pub);
    expect(pubKeyFromProtoJson('{"@type":"/cosmos.crypto.ed25519.PubKey","key":"PrFvH4KYDtJYKQIK7mvnEfsMTifD8EhY3vwIpru5LP8="}', REAL).algo).toBe('ed25519');
  });

  it("refuses the other profile's type URLs, naming this profile's", () => {
    expect(() => pubKeyFromProtoJson(pubKeyToProtoJson(pub, NEUTRAL), REAL)).toThrow(
      new Error('public key type "/chain.crypto.v1.ethsecp256k1.PubKey" is in the neutral profile\'s words, and this home uses the real naming profile: give "/stratos.crypto.v1.ethsecp256k1.PubKey"'),
    );
    expect(() => pubKeyFromProtoJson('{"@type":"/cosmos.crypto.ed25519.PubKey","key":"PrFvH4KYDtJYKQIK7mvnEfsMTifD8EhY3vwIpru5LP8="}', NEUTRAL)).toThrow(
      new Error('public key type "/cosmos.crypto.ed25519.PubKey" is in the real profile\'s words, and this home uses the neutral naming profile: give "/sdk.crypto.ed25519.PubKey"'),
    );
  });

  it('explains bad input', () => {
    expect(() => pubKeyFromProtoJson('nope', NEUTRAL)).toThrow('invalid public key JSON nope: not JSON; expected {"@type":"<type URL>","key":"<base64>"}');
    expect(() => pubKeyFromProtoJson('{"key":"AA=="}', NEUTRAL)).toThrow('needs string fields "@type" and "key"');
    expect(() => pubKeyFromProtoJson('{"@type":"/x.PubKey","key":"AA=="}', NEUTRAL)).toThrow(
      new Error('unsupported public key type "/x.PubKey"; known types: /chain.crypto.v1.ethsecp256k1.PubKey, /sdk.crypto.secp256k1.PubKey, /sdk.crypto.ed25519.PubKey'),
    );
    expect(() => pubKeyFromProtoJson('{"@type":"/x.PubKey","key":"AA=="}', REAL)).toThrow(
      new Error('unsupported public key type "/x.PubKey"; known types: /stratos.crypto.v1.ethsecp256k1.PubKey, /cosmos.crypto.secp256k1.PubKey, /cosmos.crypto.ed25519.PubKey'),
    );
    expect(() => pubKeyFromProtoJson('{"@type":"/chain.crypto.v1.ethsecp256k1.PubKey","key":"AAAA"}', NEUTRAL)).toThrow(
      'invalid eth_secp256k1 public key: expected 33 bytes, got 3',
    );
  });
});
