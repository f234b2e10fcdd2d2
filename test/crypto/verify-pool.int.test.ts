/** The verify pool checks signatures on worker threads with the same answers as `verifySignature`. */
import { afterAll, describe, expect, it } from 'vitest';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { KEY_ALGOS, makePrivKey, pubKeyOf, signBytes, type PubKey } from '../../src/crypto/keys.ts';
import { VerifyPool, checkOf, packChecks, type SignatureCheck } from '../../src/crypto/verify-pool.ts';

const pool = new VerifyPool(2);
afterAll(() => pool.close());
const text = (s: string) => new TextEncoder().encode(s);

describe('VerifyPool', () => {
  it('answers true exactly for valid signatures, for every key algorithm, across two threads', async () => {
    const checks: SignatureCheck[] = [];
    const expected: boolean[] = [];
    KEY_ALGOS.forEach((algo, a) => {
      const priv = makePrivKey(algo, new Uint8Array(32).fill(a + 1));
      const pub = pubKeyOf(priv);
      const message = text(`message ${algo}`);
      const signature = signBytes(priv, message);
      const flipped = Uint8Array.from(signature);
      flipped[5]! ^= 1;
      checks.push({ pub, message, signature }, { pub, message: text('another message'), signature }, { pub, message, signature: flipped });
      expected.push(true, false, false);
    });
    expect(await pool.verify(checks)).toEqual(expected);
  });

  it('checks eth_secp256k1 over keccak-256 of the message, as an independent library does', async () => {
    const sk = new Uint8Array(32).fill(7);
    const message = text('sign doc bytes');
    const sig = secp256k1.sign(keccak_256(message), sk, { prehash: false, format: 'compact' });
    const pub: PubKey = { algo: 'eth_secp256k1', key: secp256k1.getPublicKey(sk, true) };
    expect(await pool.verify([{ pub, message, signature: sig }])).toEqual([true]);
  });

  it('packs a batch into one buffer that gives back each check, empty parts included, and leaves the callers\' bytes usable', async () => {
    const priv = makePrivKey('eth_secp256k1', new Uint8Array(32).fill(3));
    const pub = pubKeyOf(priv);
    const message = text('kept');
    const signature = signBytes(priv, message);
    const checks: SignatureCheck[] = [
      { pub, message, signature },
      { pub, message: new Uint8Array(0), signature: new Uint8Array(0) },
      { pub: { algo: 'secp256k1', key: new Uint8Array([1, 2]) }, message: text('m'), signature: new Uint8Array([9]) },
    ];
    const req = packChecks(7, checks);
    expect([req.id, req.algos, req.bytes.length]).toEqual([7, ['eth_secp256k1', 'eth_secp256k1', 'secp256k1'], 33 + 4 + 64 + 33 + 2 + 1 + 1]);
    checks.forEach((c, i) => expect(checkOf(req, i)).toEqual({ key: c.pub.key, message: c.message, signature: c.signature }));
    expect(await pool.verify(checks)).toEqual([true, false, false]);
    expect([message.length, signature.length, pub.key.length]).toEqual([4, 64, 33]); // not detached by the transfer
  });

  it('answers false for malformed input instead of failing the batch, and [] for no checks', async () => {
    const pub: PubKey = { algo: 'eth_secp256k1', key: new Uint8Array(33).fill(9) }; // not a curve point
    expect(await pool.verify([{ pub, message: text('m'), signature: new Uint8Array(64) }])).toEqual([false]);
    expect(await pool.verify([])).toEqual([]);
  });
});
