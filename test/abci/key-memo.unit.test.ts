/** The ante's key memos return what the uncached functions return, checked against ethers. */
import { describe, expect, it } from 'vitest';
import { computeAddress } from 'ethers';
import { memoPubKey, memoPubKeyAddress } from '../../src/abci/key-memo.ts';
import { makePubKey, pubKeyOf } from '../../src/crypto/keys.ts';
import { testKey } from '../helpers/fixture.ts';

describe('memoPubKey / memoPubKeyAddress', () => {
  const pub = pubKeyOf(testKey(3).priv);
  const b64 = Buffer.from(pub.key).toString('base64');

  it('builds the same key once per bytes, and its Ethereum address', () => {
    const a = memoPubKey('eth_secp256k1', b64, Uint8Array.from(pub.key));
    const b = memoPubKey('eth_secp256k1', b64, Uint8Array.from(pub.key));
    expect(a).toBe(b);
    expect(a).toEqual(makePubKey('eth_secp256k1', pub.key));
    expect(memoPubKey('secp256k1', b64)).not.toBe(a); // keyed by algorithm too
    const address = memoPubKeyAddress(a);
    expect(memoPubKeyAddress(a)).toBe(address);
    expect('0x' + Buffer.from(address).toString('hex')).toBe(computeAddress('0x' + Buffer.from(pub.key).toString('hex')).toLowerCase());
  });

  it('throws makePubKey errors for invalid keys every time (failures are not memoized)', () => {
    const bad = new Uint8Array(33).fill(7);
    const text = Buffer.from(bad).toString('base64');
    for (let i = 0; i < 2; i++) {
      expect(() => memoPubKey('eth_secp256k1', text, bad)).toThrow(new Error('invalid eth_secp256k1 public key: not a point on the curve'));
    }
  });
});
