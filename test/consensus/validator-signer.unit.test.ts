/**
 * The validator's signatures made by Node's crypto are byte for byte those of the pure-JS ed25519
 * signer (ed25519 is deterministic), and verify against the public key.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { validatorSign } from '../../src/consensus/validator-signer.ts';
import { createPrivValidatorKey } from '../../src/consensus/keys.ts';
import { ed25519Sign, ed25519Verify } from '../../src/crypto/ed25519.ts';

describe('validatorSign', () => {
  it('gives the pure-JS signer bytes for random keys and messages, the same on a second call', () => {
    for (let i = 0; i < 20; i++) {
      const key = createPrivValidatorKey(randomBytes(32));
      const message = randomBytes(i * 13);
      const expected = ed25519Sign(key.privKey.subarray(0, 32), message);
      expect(validatorSign(key.privKey, message)).toEqual(expected);
      expect(validatorSign(key.privKey, message)).toEqual(expected);
      expect(ed25519Verify(key.pubKey, message, validatorSign(key.privKey, message))).toBe(true);
    }
  });

  it('refuses a key that is not the 64-byte seed ‖ public key form', () => {
    expect(() => validatorSign(new Uint8Array(32), new Uint8Array(1))).toThrow('invalid ed25519 private key: expected 64 bytes (seed || public key), got 32');
  });
});
