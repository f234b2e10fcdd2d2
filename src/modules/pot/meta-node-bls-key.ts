/**
 * The BLS12-381 secret key a meta node signs volume reports with, derived from its owner's keyring
 * key and its network address, so that `chaind tx pot report` needs no hand-made BLS keys: the
 * owner's key in the home is enough (docs/pot.md).
 *
 * The derivation is `KeyGen` of the IETF BLS signature draft (draft-irtf-cfrg-bls-signature-05
 * §2.3) with this simulator's own salt and key_info:
 *
 *     salt = "chaind meta-node bls"
 *     repeat:
 *       salt = SHA-256(salt)
 *       PRK  = HKDF-Extract-SHA256(salt, IKM || 0x00)
 *       OKM  = HKDF-Expand-SHA256(PRK, key_info || I2OSP(48, 2), 48)
 *       SK   = OS2IP(OKM) mod r            (r = BLS12-381 subgroup order)
 *     until SK != 0
 *
 * with IKM = the owner's 32-byte private key and key_info = the UTF-8 bytes of the meta node's
 * network address (`stsds1…`). 48 bytes of OKM make the bias of `mod r` negligible; the zero retry
 * practically never runs. The real network's meta nodes use their own keys on another curve
 * (docs/quirks.md PC3); this is only how this simulator's CLI finds a key per meta node.
 */
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { extract, expand } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';

export const META_NODE_BLS_SALT = 'chaind meta-node bls';

/** IETF KeyGen's L: ceil(3·ceil(log2(r)) / 16) = 48 bytes for BLS12-381. */
const OKM_LENGTH = 48;

const R = bls12_381.fields.Fr.ORDER;

function bytesToBigInt(b: Uint8Array): bigint {
  let x = 0n;
  for (const byte of b) x = (x << 8n) | BigInt(byte);
  return x;
}

function bigIntTo32Bytes(x: bigint): Uint8Array {
  const out = new Uint8Array(32);
  for (let i = 31; i >= 0; i--) {
    out[i] = Number(x & 0xffn);
    x >>= 8n;
  }
  return out;
}

/** The meta node's 32-byte big-endian BLS12-381 secret key (see the file comment for the rule). */
export function metaNodeBlsSecretKey(ownerPrivateKey: Uint8Array, networkAddress: string): Uint8Array {
  if (ownerPrivateKey.length < 32) throw new Error(`owner private key of ${ownerPrivateKey.length} bytes: expected at least 32 bytes of key material`);
  if (networkAddress === '') throw new Error('empty meta node network address: expected stsds1…');
  const ikm = concatBytes(ownerPrivateKey, new Uint8Array([0]));
  const info = concatBytes(utf8ToBytes(networkAddress), new Uint8Array([0, OKM_LENGTH]));
  let salt: Uint8Array = utf8ToBytes(META_NODE_BLS_SALT);
  for (;;) {
    salt = sha256(salt);
    const sk = bytesToBigInt(expand(sha256, extract(sha256, ikm, salt), info, OKM_LENGTH)) % R;
    if (sk !== 0n) return bigIntTo32Bytes(sk);
  }
}

/** The 48-byte compressed G1 public key of a secret key (the minimal-pubkey form `bls12381Verifier` takes). */
export function blsPublicKey(secretKey: Uint8Array): Uint8Array {
  return bls12_381.longSignatures.getPublicKey(Uint8Array.from(secretKey)).toBytes();
}
