/**
 * libsecp256k1 backend through the `secp256k1` npm binding. The package's own entry point silently
 * falls back to the `elliptic` JS library when the addon is missing, so the binding file is loaded
 * directly: either we get libsecp256k1 or we know why not.
 */
import { createRequire } from 'node:module';
import type { Secp256k1Backend } from './secp256k1-backend.ts';

interface NativeBinding {
  privateKeyVerify(privateKey: Uint8Array): boolean;
  publicKeyVerify(publicKey: Uint8Array): boolean;
  publicKeyCreate(privateKey: Uint8Array, compressed: boolean): Uint8Array;
  publicKeyConvert(publicKey: Uint8Array, compressed: boolean): Uint8Array;
  ecdsaSign(digest: Uint8Array, privateKey: Uint8Array): { signature: Uint8Array; recid: number };
  ecdsaVerify(signature: Uint8Array, digest: Uint8Array, publicKey: Uint8Array): boolean;
  ecdsaRecover(signature: Uint8Array, recid: number, digest: Uint8Array, compressed: boolean): Uint8Array;
}

let loaded: { backend?: Secp256k1Backend; reason?: string } | undefined;

/** The native backend, or the reason it could not load (memoized: the addon loads once). */
export function nativeSecp256k1(): { backend?: Secp256k1Backend; reason?: string } {
  if (!loaded) {
    try {
      const binding = createRequire(import.meta.url)('secp256k1/bindings.js') as NativeBinding;
      loaded = { backend: wrap(binding) };
    } catch (err) {
      loaded = { reason: err instanceof Error ? err.message.split('\n')[0] : String(err) };
    }
  }
  return loaded;
}

/**
 * Public keys in their uncompressed form (65 bytes), by their compressed bytes. libsecp256k1 parses
 * a compressed key with a modular square root on every verify, about 5 µs of its 45; an
 * uncompressed one is the same point without it, and a chain's senders sign many txs each.
 * Bounded, cleared when full; a key that does not parse is not kept.
 */
const uncompressedKeys = new Map<string, Uint8Array>();
const UNCOMPRESSED_KEYS_LIMIT = 65_536;

function verifyingKey(lib: NativeBinding, publicKey: Uint8Array): Uint8Array {
  if (publicKey.length !== 33) return publicKey;
  const id = Buffer.from(publicKey.buffer, publicKey.byteOffset, 33).toString('latin1');
  let full = uncompressedKeys.get(id);
  if (full === undefined) {
    full = lib.publicKeyConvert(publicKey, false); // throws for a key that is not a point
    if (uncompressedKeys.size >= UNCOMPRESSED_KEYS_LIMIT) uncompressedKeys.clear();
    uncompressedKeys.set(id, full);
  }
  return full;
}

function wrap(lib: NativeBinding): Secp256k1Backend {
  return Object.freeze({
    name: 'native' as const,
    isValidPrivateKey(privateKey: Uint8Array): boolean {
      return privateKey.length === 32 && lib.privateKeyVerify(privateKey);
    },
    isValidPublicKey(publicKey: Uint8Array): boolean {
      return (publicKey.length === 33 || publicKey.length === 65) && lib.publicKeyVerify(publicKey);
    },
    publicKey(privateKey: Uint8Array, compressed: boolean): Uint8Array {
      return lib.publicKeyCreate(privateKey, compressed);
    },
    convertPublicKey(publicKey: Uint8Array, compressed: boolean): Uint8Array {
      return lib.publicKeyConvert(publicKey, compressed);
    },
    signDigest(digest: Uint8Array, privateKey: Uint8Array) {
      // libsecp256k1 signs with RFC 6979 nonces and always returns low-S
      const { signature, recid } = lib.ecdsaSign(digest, privateKey);
      return { signature: Uint8Array.from(signature), recovery: recid };
    },
    verifyDigest(signature: Uint8Array, digest: Uint8Array, publicKey: Uint8Array): boolean {
      if (signature.length !== 64 || digest.length !== 32) return false;
      try {
        // secp256k1_ecdsa_verify rejects high-S signatures by itself
        return lib.ecdsaVerify(signature, digest, verifyingKey(lib, publicKey));
      } catch {
        return false; // unparsable signature (r or s ≥ n) or public key
      }
    },
    recoverPublicKey(signature: Uint8Array, recovery: number, digest: Uint8Array, compressed: boolean): Uint8Array {
      return Uint8Array.from(lib.ecdsaRecover(signature, recovery, digest, compressed));
    },
  });
}
