/**
 * One interface over two secp256k1 implementations: libsecp256k1 through the `secp256k1` npm
 * binding (~16k verifies/s) and @noble/curves in pure JS (~600/s). The backend is chosen once, at
 * first use: native when its module loads, noble otherwise; `CHAIND_SECP256K1=noble|native`
 * forces one (the bench compares both). Both must give identical signatures and verdicts
 * (property-tests/secp256k1-backends.property.test.ts).
 */
import { nativeSecp256k1 } from './secp256k1-native.ts';
import { nobleSecp256k1 } from './secp256k1-noble.ts';

export type Secp256k1BackendName = 'native' | 'noble';

/** ECDSA over secp256k1 on 32-byte digests; the caller hashes (keccak256 or sha256). */
export interface Secp256k1Backend {
  readonly name: Secp256k1BackendName;
  /** true when the 32 bytes are a valid scalar (0 < k < n) */
  isValidPrivateKey(privateKey: Uint8Array): boolean;
  /** true when the bytes (33 compressed or 65 uncompressed) are a point on the curve */
  isValidPublicKey(publicKey: Uint8Array): boolean;
  /** the public key of a valid scalar, SEC1 compressed (33 bytes) or uncompressed (65 bytes) */
  publicKey(privateKey: Uint8Array, compressed: boolean): Uint8Array;
  /** re-encodes a valid public key; throws for an invalid one */
  convertPublicKey(publicKey: Uint8Array, compressed: boolean): Uint8Array;
  /** RFC 6979 deterministic low-S signature: 64-byte r||s and the recovery id (0 or 1) */
  signDigest(digest: Uint8Array, privateKey: Uint8Array): { signature: Uint8Array; recovery: number };
  /** verifies a 64-byte r||s; false (never a throw) for high-S, malformed or foreign input */
  verifyDigest(signature: Uint8Array, digest: Uint8Array, publicKey: Uint8Array): boolean;
  /** the signer's public key from r||s, recovery id and digest; throws when there is none */
  recoverPublicKey(signature: Uint8Array, recovery: number, digest: Uint8Array, compressed: boolean): Uint8Array;
}

/** Environment variable that forces a backend. */
export const SECP256K1_BACKEND_ENV = 'CHAIND_SECP256K1';

let selected: Secp256k1Backend | undefined;

/**
 * Loads a named backend. `native` throws with the loader's reason when the binding is missing
 * (e.g. no prebuild for this platform); `noble` always works.
 */
export function loadSecp256k1Backend(name: Secp256k1BackendName): Secp256k1Backend {
  if (name === 'noble') return nobleSecp256k1;
  const native = nativeSecp256k1();
  if (native.backend) return native.backend;
  throw new Error(`the native secp256k1 backend cannot load: ${native.reason}`);
}

/** The process-wide backend: the env override, else native when it loads, else noble. */
export function secp256k1(): Secp256k1Backend {
  if (selected) return selected;
  const forced = process.env[SECP256K1_BACKEND_ENV];
  if (forced !== undefined && forced !== '') {
    if (forced !== 'native' && forced !== 'noble') {
      throw new Error(`${SECP256K1_BACKEND_ENV}=${forced} is not a secp256k1 backend; use "native" or "noble"`);
    }
    selected = loadSecp256k1Backend(forced);
  } else {
    selected = nativeSecp256k1().backend ?? nobleSecp256k1;
  }
  return selected;
}

/** Replaces the process-wide backend (tests, bench); returns the previous one. */
export function useSecp256k1Backend(backend: Secp256k1Backend): Secp256k1Backend | undefined {
  const previous = selected;
  selected = backend;
  return previous;
}
