/**
 * The validator's ed25519 signature on its votes, made by Node's own crypto (OpenSSL) instead of
 * the pure-JS signer: ed25519 is deterministic (RFC 8032), so the bytes are those of
 * `ed25519Sign` (src/crypto/ed25519.ts), about 0.8 ms less per block. The key object is made once
 * per key from its 32-byte seed (PKCS#8 DER: the fixed RFC 8410 prefix, then the seed).
 */
import { createPrivateKey, sign, type KeyObject } from 'node:crypto';

/** PKCS#8 PrivateKeyInfo for Ed25519 (RFC 8410) up to the 32-byte seed. */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

const keyObjects = new WeakMap<Uint8Array, KeyObject>();

/** Signs `message` with the ed25519 key whose 64-byte `seed ‖ pubKey` form is `privKey`. */
export function validatorSign(privKey: Uint8Array, message: Uint8Array): Uint8Array {
  let key = keyObjects.get(privKey);
  if (!key) {
    if (privKey.length !== 64) throw new Error(`invalid ed25519 private key: expected 64 bytes (seed || public key), got ${privKey.length}`);
    key = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, privKey.subarray(0, 32)]), format: 'der', type: 'pkcs8' });
    keyObjects.set(privKey, key);
  }
  return new Uint8Array(sign(null, message, key));
}
