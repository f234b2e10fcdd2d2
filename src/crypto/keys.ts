/**
 * Public and private keys of the three algorithms the chain knows, and the one place that
 * dispatches on the algorithm: derive, sign, verify, address, type URL and amino name.
 */
import type { NamingProfile } from '../naming.ts';
import { aminoName, typeUrl } from '../naming.ts';
import { ED25519, ed25519Address, ed25519KeyPairFromSeed, ed25519Sign, ed25519Verify } from './ed25519.ts';
import { ETH_SECP256K1, ethAddress, ethPubKey, ethSign, ethVerify } from './ethsecp256k1.ts';
import { SDK_SECP256K1, sdkSecp256k1Address, sdkSecp256k1PubKey, sdkSecp256k1Sign, sdkSecp256k1Verify } from './sdk-secp256k1.ts';
import { secp256k1 } from './secp256k1-backend.ts';

/** Key algorithm names as the keyring and armor headers spell them. */
export type KeyAlgo = typeof ETH_SECP256K1 | typeof SDK_SECP256K1 | typeof ED25519;

export const KEY_ALGOS: readonly KeyAlgo[] = [ETH_SECP256K1, SDK_SECP256K1, ED25519];

export interface PubKey {
  readonly algo: KeyAlgo;
  readonly key: Uint8Array;
}

export interface PrivKey {
  readonly algo: KeyAlgo;
  /** 32 bytes for every algorithm (the ed25519 seed) */
  readonly key: Uint8Array;
}

interface AlgoSpec {
  readonly pubKeyLength: number;
  /** neutral proto message names, renamed by the naming profile */
  readonly pubKeyProto: string;
  readonly privKeyProto: string;
  /** amino root word and name (`chain/PubKeyEthSecp256k1`, real `stratos/PubKeyEthSecp256k1`) */
  readonly amino: { readonly root: 'chain' | 'consensus'; readonly pub: string; readonly priv: string };
  readonly validPubKey: (key: Uint8Array) => boolean;
  readonly pubKeyOf: (priv: Uint8Array) => Uint8Array;
  readonly sign: (priv: Uint8Array, message: Uint8Array) => Uint8Array;
  readonly verify: (pub: Uint8Array, message: Uint8Array, signature: Uint8Array) => boolean;
  readonly address: (pub: Uint8Array) => Uint8Array;
}

const SPECS: Readonly<Record<KeyAlgo, AlgoSpec>> = {
  // reference/wire-formats.md §1.2
  eth_secp256k1: {
    pubKeyLength: 33,
    pubKeyProto: 'chain.crypto.v1.ethsecp256k1.PubKey',
    privKeyProto: 'chain.crypto.v1.ethsecp256k1.PrivKey',
    amino: { root: 'chain', pub: 'PubKeyEthSecp256k1', priv: 'PrivKeyEthSecp256k1' },
    validPubKey: (key) => key.length === 33 && secp256k1().isValidPublicKey(key),
    pubKeyOf: ethPubKey,
    sign: ethSign,
    verify: ethVerify,
    address: ethAddress,
  },
  // the framework's secp256k1 (cosmos.crypto.secp256k1, amino tendermint/PubKeySecp256k1)
  secp256k1: {
    pubKeyLength: 33,
    pubKeyProto: 'sdk.crypto.secp256k1.PubKey',
    privKeyProto: 'sdk.crypto.secp256k1.PrivKey',
    amino: { root: 'consensus', pub: 'PubKeySecp256k1', priv: 'PrivKeySecp256k1' },
    validPubKey: (key) => key.length === 33 && secp256k1().isValidPublicKey(key),
    pubKeyOf: sdkSecp256k1PubKey,
    sign: sdkSecp256k1Sign,
    verify: sdkSecp256k1Verify,
    address: sdkSecp256k1Address,
  },
  // cosmos.crypto.ed25519, amino tendermint/PubKeyEd25519 (§1.7)
  ed25519: {
    pubKeyLength: 32,
    pubKeyProto: 'sdk.crypto.ed25519.PubKey',
    privKeyProto: 'sdk.crypto.ed25519.PrivKey',
    amino: { root: 'consensus', pub: 'PubKeyEd25519', priv: 'PrivKeyEd25519' },
    validPubKey: (key) => key.length === 32,
    pubKeyOf: (seed) => ed25519KeyPairFromSeed(seed).publicKey,
    sign: ed25519Sign,
    verify: ed25519Verify,
    address: ed25519Address,
  },
};

export function isKeyAlgo(name: string): name is KeyAlgo {
  return (KEY_ALGOS as readonly string[]).includes(name);
}

/** A public key after checking its length and, for secp256k1, that it is a compressed curve point. */
export function makePubKey(algo: KeyAlgo, key: Uint8Array): PubKey {
  const spec = SPECS[algo];
  if (key.length !== spec.pubKeyLength) {
    throw new Error(`invalid ${algo} public key: expected ${spec.pubKeyLength} bytes, got ${key.length}`);
  }
  if (!spec.validPubKey(key)) throw new Error(`invalid ${algo} public key: not a point on the curve`);
  return { algo, key: Uint8Array.from(key) };
}

/** A private key after checking it is a usable 32-byte secret for the algorithm. */
export function makePrivKey(algo: KeyAlgo, key: Uint8Array): PrivKey {
  if (key.length !== 32) throw new Error(`invalid ${algo} private key: expected 32 bytes, got ${key.length}`);
  SPECS[algo].pubKeyOf(key); // throws for a scalar outside 1..n-1
  return { algo, key: Uint8Array.from(key) };
}

export function pubKeyOf(priv: PrivKey): PubKey {
  return { algo: priv.algo, key: SPECS[priv.algo].pubKeyOf(priv.key) };
}

/** Signs the sign bytes the way the key's type does (keccak256, sha256 or plain ed25519). */
export function signBytes(priv: PrivKey, message: Uint8Array): Uint8Array {
  return SPECS[priv.algo].sign(priv.key, message);
}

/** `PubKey.VerifySignature` of the key's type. */
export function verifySignature(pub: PubKey, message: Uint8Array, signature: Uint8Array): boolean {
  return SPECS[pub.algo].verify(pub.key, message, signature);
}

/** `PubKey.Address()`: keccak-derived for eth_secp256k1, ripemd160(sha256) for secp256k1, sha256[0:20] for ed25519. */
export function pubKeyAddress(pub: PubKey): Uint8Array {
  return SPECS[pub.algo].address(pub.key);
}

/** `/chain.crypto.v1.ethsecp256k1.PubKey`, `/sdk.crypto.ed25519.PubKey`, … in the profile's words. */
export function pubKeyTypeUrl(algo: KeyAlgo, profile: NamingProfile): string {
  return typeUrl(profile, SPECS[algo].pubKeyProto);
}

export function privKeyTypeUrl(algo: KeyAlgo, profile: NamingProfile): string {
  return typeUrl(profile, SPECS[algo].privKeyProto);
}

/** Amino name of the public key type (`chain/PubKeyEthSecp256k1`, real `stratos/PubKeyEthSecp256k1`). */
export function pubKeyAminoName(algo: KeyAlgo, profile: NamingProfile): string {
  const { root, pub } = SPECS[algo].amino;
  return aminoName(profile, root, pub);
}

export function privKeyAminoName(algo: KeyAlgo, profile: NamingProfile): string {
  const { root, priv } = SPECS[algo].amino;
  return aminoName(profile, root, priv);
}

export function pubKeysEqual(a: PubKey, b: PubKey): boolean {
  return a.algo === b.algo && a.key.length === b.key.length && a.key.every((byte, i) => byte === b.key[i]);
}
