/**
 * BLS verification of volume reports behind a pluggable verifier (reference/chain-semantics.md §3.3
 * step 5). The real network aggregates the meta nodes' keys and checks
 * `e(H(txData), aggPub) == e(sig, g)` over the PBC type-A pairing curve (stratos-chain
 * `crypto/bls`), which no TypeScript library implements. The simulator therefore offers:
 * - `acceptingBlsVerifier` (the module default, for unit tests): any signature passes
 *   (ValidateBasic still requires it to be non-empty);
 * - `bls12381Verifier`: the same aggregate check over BLS12-381 with `@noble/curves` (minimal-pubkey
 *   size: 48-byte G1 keys, 96-byte G2 signatures), for networks whose meta nodes sign with it.
 * Signatures of one curve never verify on the other (docs/quirks.md). A node picks one by name
 * with the app.toml setting `[pot] bls-verifier` (default "bls12-381"; docs/pot.md).
 */
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { BLS_VERIFIER_NAMES, isBlsVerifierName, type BlsVerifierName } from './node-settings.ts';

export interface BlsVerifier {
  /** true when `signature` is a valid aggregate signature of `message` by all `pubKeys`; throws on malformed input */
  verify(pubKeys: readonly Uint8Array[], signature: Uint8Array, message: Uint8Array): boolean;
}

export const acceptingBlsVerifier: BlsVerifier = { verify: () => true };

export const bls12381Verifier: BlsVerifier = {
  verify(pubKeys, signature, message) {
    const sigs = bls12_381.longSignatures;
    const agg = sigs.aggregatePublicKeys(pubKeys.map((k) => Uint8Array.from(k)));
    return sigs.verify(Uint8Array.from(signature), sigs.hash(Uint8Array.from(message)), agg);
  },
};

/** Signs `message` with BLS12-381 (long-signature mode): test and CLI helper for `bls12381Verifier`. */
export function bls12381Sign(secretKeys: readonly Uint8Array[], message: Uint8Array): { pubKeys: Uint8Array[]; signature: Uint8Array } {
  const sigs = bls12_381.longSignatures;
  const h = sigs.hash(Uint8Array.from(message));
  const pubKeys = secretKeys.map((sk) => sigs.getPublicKey(Uint8Array.from(sk)).toBytes());
  const signature = sigs.aggregateSignatures(secretKeys.map((sk) => sigs.sign(h, Uint8Array.from(sk)))).toBytes();
  return { pubKeys, signature };
}

/** The verifier of each name app.toml's `[pot] bls-verifier` accepts. */
const BLS_VERIFIERS: Readonly<Record<BlsVerifierName, BlsVerifier>> = Object.freeze({ 'bls12-381': bls12381Verifier, 'accept-any': acceptingBlsVerifier });

/** The verifier of an app.toml name; an unknown name is an Error listing the known ones. */
export function blsVerifierNamed(name: string): BlsVerifier {
  if (!isBlsVerifierName(name)) throw new Error(`unknown BLS verifier ${JSON.stringify(name)}: expected one of ${BLS_VERIFIER_NAMES.map((n) => JSON.stringify(n)).join(', ')}`);
  return BLS_VERIFIERS[name];
}

let current: BlsVerifier = acceptingBlsVerifier;

/** The verifier the volume-report handler uses. */
export function blsVerifier(): BlsVerifier {
  return current;
}

/** Installs a verifier (node configuration, tests); returns the previous one. */
export function setBlsVerifier(v: BlsVerifier): BlsVerifier {
  const prev = current;
  current = v;
  return prev;
}
