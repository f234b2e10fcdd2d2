/**
 * Memos of pure key computations the ante chain repeats for every tx of the same signer: building
 * (and curve-checking) a public key from its bytes, and its address. A busy signer sends thousands
 * of txs with the same key; each of these costs a libsecp256k1 call (point validation,
 * decompression) and a keccak, together about a third of CheckTx before this memo (docs/architecture.md,
 * "Performance"). The memos hold only results of pure functions of their keys, so they are caches,
 * never state; they are bounded and cleared when full.
 */
import { makePubKey, pubKeyAddress, type KeyAlgo, type PubKey } from '../crypto/keys.ts';

const LIMIT = 100_000;

const pubKeys = new Map<string, PubKey>();
const addresses = new WeakMap<PubKey, Uint8Array>();

/**
 * `makePubKey(algo, key)` for the key whose bytes are `base64` (the form stored on accounts);
 * `key` is those bytes when the caller has them, else they are decoded from `base64` on a miss.
 * Failures are not memoized and throw as makePubKey does.
 */
export function memoPubKey(algo: KeyAlgo, base64: string, key?: Uint8Array): PubKey {
  const memo = algo + ':' + base64;
  let pub = pubKeys.get(memo);
  if (pub === undefined) {
    pub = Object.freeze(makePubKey(algo, key ?? new Uint8Array(Buffer.from(base64, 'base64'))));
    if (pubKeys.size >= LIMIT) pubKeys.clear();
    pubKeys.set(memo, pub);
  }
  return pub;
}

/** `pubKeyAddress(pub)`, computed once per key object (memoPubKey shares key objects). */
export function memoPubKeyAddress(pub: PubKey): Uint8Array {
  let address = addresses.get(pub);
  if (address === undefined) {
    address = pubKeyAddress(pub);
    addresses.set(pub, address);
  }
  return address;
}
