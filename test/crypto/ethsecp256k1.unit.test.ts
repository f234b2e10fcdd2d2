import { secp256k1 as nobleCurve } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { computeAddress, SigningKey } from 'ethers';
import { afterEach, describe, expect, it } from 'vitest';
import { accAddress } from '../../src/crypto/address.ts';
import { ethAddress, ethPubKey, ethRecoverPubKey, ethSign, ethSignRecoverable, ethVerify } from '../../src/crypto/ethsecp256k1.ts';
import { sdkSecp256k1Verify } from '../../src/crypto/sdk-secp256k1.ts';
import type { Secp256k1Backend } from '../../src/crypto/secp256k1-backend.ts';
import { loadSecp256k1Backend, secp256k1, useSecp256k1Backend } from '../../src/crypto/secp256k1-backend.ts';
import { gentx00SignDoc, GENTX_00 } from './gentx.ts';
import { ABANDON, b64, hex, MSG_SEND, msgSendSignDoc } from './vectors.ts';

const toHex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const N = nobleCurve.Point.CURVE().n;
const PRIV = hex(ABANDON.index0.privateKey);
const PUB = hex(ABANDON.index0.publicKey);

/** r ‖ (n − s): the malleated, high-S twin of a valid signature */
function highS(signature: Uint8Array): Uint8Array {
  const s = BigInt('0x' + toHex(signature.subarray(32, 64)));
  const out = Uint8Array.from(signature);
  out.set(hex((N - s).toString(16).padStart(64, '0')), 32);
  return out;
}

const initial = secp256k1();
afterEach(() => void useSecp256k1Backend(initial));

describe.each(['native', 'noble'] as const)('eth_secp256k1 on the %s backend', (name) => {
  const use = () => {
    useSecp256k1Backend(loadSecp256k1Backend(name));
    expect(secp256k1().name).toBe(name);
  };

  it('derives the compressed key and the keccak address (ethers agrees)', () => {
    use();
    expect(toHex(ethPubKey(PRIV))).toBe(ABANDON.index0.publicKey);
    expect(toHex(ethAddress(PUB))).toBe(ABANDON.index0.ethAddress.slice(2).toLowerCase());
    expect(toHex(ethAddress(hex(ABANDON.index0.uncompressed)))).toBe(ABANDON.index0.ethAddress.slice(2).toLowerCase());
    expect(computeAddress('0x' + ABANDON.index0.publicKey)).toBe(ABANDON.index0.ethAddress);
  });

  it('§3.4: signs the MsgSend SignDoc over keccak256 byte-for-byte', () => {
    use();
    const doc = msgSendSignDoc();
    expect(toHex(keccak_256(doc))).toBe(MSG_SEND.keccak);
    expect(toHex(sha256(doc))).toBe(MSG_SEND.sha256);
    expect(toHex(ethSign(PRIV, doc))).toBe(MSG_SEND.signature);
    expect(toHex(ethSignRecoverable(PRIV, doc))).toBe(MSG_SEND.signature + '01');
    // independent: ethers signs the keccak digest with the same RFC 6979 nonce
    const sig = new SigningKey('0x' + ABANDON.index0.privateKey).sign('0x' + MSG_SEND.keccak);
    expect(sig.r.slice(2) + sig.s.slice(2)).toBe(MSG_SEND.signature);
    expect(sig.yParity).toBe(MSG_SEND.recovery);
  });

  it('§3.4: signs the amino-JSON sign bytes', () => {
    use();
    const bytes = new TextEncoder().encode(MSG_SEND.aminoSignBytes);
    expect(toHex(keccak_256(bytes))).toBe(MSG_SEND.aminoKeccak);
    expect(toHex(ethSign(PRIV, bytes))).toBe(MSG_SEND.aminoSignature);
  });

  it('accepts 64-byte r‖s and 65-byte r‖s‖v, nothing else', () => {
    use();
    const doc = msgSendSignDoc();
    const sig = hex(MSG_SEND.signature);
    expect(ethVerify(PUB, doc, sig)).toBe(true);
    expect(ethVerify(PUB, doc, Uint8Array.of(...sig, 1))).toBe(true);
    expect(ethVerify(PUB, doc, Uint8Array.of(...sig, 27))).toBe(true); // v is dropped, not checked
    expect(ethVerify(PUB, doc, sig.subarray(0, 63))).toBe(false);
    expect(ethVerify(PUB, doc, Uint8Array.of(...sig, 1, 0))).toBe(false);
    expect(ethVerify(PUB, doc, new Uint8Array(0))).toBe(false);
  });

  it('fails over sha256, for another message, another key or a flipped bit', () => {
    use();
    const doc = msgSendSignDoc();
    const sig = hex(MSG_SEND.signature);
    expect(sdkSecp256k1Verify(PUB, doc, sig)).toBe(false);
    expect(ethVerify(PUB, doc.subarray(1), sig)).toBe(false);
    expect(ethVerify(hex(ABANDON.index1.publicKey), doc, sig)).toBe(false);
    const flipped = Uint8Array.from(sig);
    flipped[10] ^= 1;
    expect(ethVerify(PUB, doc, flipped)).toBe(false);
    expect(ethVerify(PUB.subarray(1), doc, sig)).toBe(false);
  });

  it('rejects the high-S twin of a valid signature', () => {
    use();
    const doc = msgSendSignDoc();
    const malleated = highS(hex(MSG_SEND.signature));
    // the twin is a mathematically valid ECDSA signature: only the low-S rule rejects it
    expect(nobleCurve.verify(malleated, keccak_256(doc), PUB, { prehash: false, lowS: false })).toBe(true);
    expect(ethVerify(PUB, doc, malleated)).toBe(false);
    expect(ethVerify(PUB, doc, Uint8Array.of(...malleated, 0))).toBe(false);
  });

  it('rejects signatures whose r or s is not below n', () => {
    use();
    const doc = msgSendSignDoc();
    const sig = hex(MSG_SEND.signature);
    const overflow = Uint8Array.from(sig);
    overflow.fill(0xff, 0, 32);
    expect(ethVerify(PUB, doc, overflow)).toBe(false);
    expect(ethVerify(PUB, doc, new Uint8Array(64))).toBe(false);
  });

  it('§3.2: verifies the real mainnet gentx over keccak256 with its 65-byte signature', () => {
    use();
    const doc = gentx00SignDoc();
    expect(toHex(keccak_256(doc))).toBe(GENTX_00.signDocKeccak);
    const sig = b64(GENTX_00.signature);
    const pub = b64(GENTX_00.signerPubKey);
    expect(sig).toHaveLength(65);
    expect(sig[64]).toBe(0);
    expect(ethVerify(pub, doc, sig)).toBe(true);
    expect(ethVerify(pub, doc, sig.subarray(0, 64))).toBe(true);
    expect(sdkSecp256k1Verify(pub, doc, sig.subarray(0, 64))).toBe(false);
    expect(ethRecoverPubKey(doc, sig)).toEqual(pub);
    expect(accAddress(ethAddress(pub))).toBe(GENTX_00.delegator);
  });

  it('recovers the signer from r‖s and the recovery id', () => {
    use();
    const doc = msgSendSignDoc();
    expect(ethRecoverPubKey(doc, hex(MSG_SEND.signature), MSG_SEND.recovery)).toEqual(PUB);
    expect(() => ethRecoverPubKey(doc, hex(MSG_SEND.signature), 2)).toThrow('invalid recovery id 2: expected 0 or 1');
  });

  it('refuses invalid private keys', () => {
    use();
    expect(() => ethPubKey(new Uint8Array(32))).toThrow('invalid secp256k1 private key: expected a 32-byte scalar between 1 and n-1');
    expect(() => ethSign(hex('ff'.repeat(32)), new Uint8Array(1))).toThrow('invalid secp256k1 private key');
    expect(() => ethSign(PRIV.subarray(1), new Uint8Array(1))).toThrow('invalid secp256k1 private key');
  });
});

describe('both backends agree on a sample', () => {
  it('gives identical signatures and recovery ids', () => {
    const native: Secp256k1Backend = loadSecp256k1Backend('native');
    const noble: Secp256k1Backend = loadSecp256k1Backend('noble');
    for (let i = 1; i <= 20; i++) {
      const priv = keccak_256(Uint8Array.of(i));
      const digest = sha256(Uint8Array.of(i, i));
      expect(native.signDigest(digest, priv)).toEqual(noble.signDigest(digest, priv));
      expect(native.publicKey(priv, true)).toEqual(noble.publicKey(priv, true));
      expect(native.publicKey(priv, false)).toEqual(noble.publicKey(priv, false));
    }
  });
});
