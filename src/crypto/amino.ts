/**
 * Legacy amino binary encoding of keys: a registered type's 4 prefix bytes, then the key bytes
 * length-prefixed (the keys' `MarshalAmino` returns only the raw key). Used by the armored private
 * key format (armor.ts) and by the legacy bech32 pubkeys `stpub1…`/`stvalconspub1…`
 * (reference/wire-formats.md §1.2, §1.5–1.6).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import type { NamingProfile } from '../naming.ts';
import { NEUTRAL, REAL } from '../naming.ts';
import { fromBech32, toBech32 } from './bech32.ts';
import type { KeyAlgo, PrivKey, PubKey } from './keys.ts';
import { KEY_ALGOS, makePrivKey, makePubKey, privKeyAminoName, pubKeyAminoName } from './keys.ts';

/**
 * go-amino `nameToDisfix`: sha256(name), drop leading zero bytes, skip 3 disambiguation bytes,
 * drop zero bytes again, take 4. `stratos/PubKeyEthSecp256k1` → e77e4a59.
 */
export function aminoPrefix(name: string): Uint8Array {
  let bz: Uint8Array = sha256(utf8ToBytes(name));
  while (bz[0] === 0) bz = bz.subarray(1);
  bz = bz.subarray(3);
  while (bz[0] === 0) bz = bz.subarray(1);
  return bz.slice(0, 4);
}

/** prefix ‖ uvarint(len) ‖ key — keys are at most 64 bytes, so the length is one byte. */
export function aminoKeyBytes(name: string, key: Uint8Array): Uint8Array {
  if (key.length > 127) throw new Error(`amino key too long: ${key.length} bytes`);
  return concatBytes(aminoPrefix(name), Uint8Array.of(key.length), key);
}

/** Amino bytes of a public key under a profile's names (`e77e4a59 21 <33 bytes>` for real eth keys). */
export function aminoPubKeyBytes(pub: PubKey, profile: NamingProfile): Uint8Array {
  return aminoKeyBytes(pubKeyAminoName(pub.algo, profile), pub.key);
}

export function aminoPrivKeyBytes(priv: PrivKey, profile: NamingProfile): Uint8Array {
  return aminoKeyBytes(privKeyAminoName(priv.algo, profile), priv.key);
}

type Decoder<T> = (algo: KeyAlgo, key: Uint8Array) => T;

/** Reads amino key bytes whose prefix is the name of one algorithm in either profile. */
function decodeAminoKey<T>(bytes: Uint8Array, nameOf: (algo: KeyAlgo, p: NamingProfile) => string, make: Decoder<T>, what: string): T {
  const prefix = bytesToHex(bytes.subarray(0, 4));
  for (const profile of [NEUTRAL, REAL]) {
    for (const algo of KEY_ALGOS) {
      if (bytesToHex(aminoPrefix(nameOf(algo, profile))) !== prefix) continue;
      const length = bytes[4];
      if (length === undefined || bytes.length !== 5 + length) {
        throw new Error(`invalid amino ${what}: length byte ${String(length)} does not match ${bytes.length - 5} key bytes`);
      }
      return make(algo, bytes.subarray(5));
    }
  }
  throw new Error(`invalid amino ${what}: unknown type prefix ${prefix}`);
}

/** Accepts the neutral and the real names (`chain/…`, `stratos/…`, `consensus/…`, `tendermint/…`). */
export function pubKeyFromAminoBytes(bytes: Uint8Array): PubKey {
  return decodeAminoKey(bytes, pubKeyAminoName, makePubKey, 'public key');
}

export function privKeyFromAminoBytes(bytes: Uint8Array): PrivKey {
  return decodeAminoKey(bytes, privKeyAminoName, makePrivKey, 'private key');
}

/** SDK `legacybech32.MarshalPubKey`: bech32(hrp, amino bytes) — `stpub1ualy5kf…`, `stvalconspub1zcjduepq…`. */
export function legacyBech32PubKey(pub: PubKey, hrp: string, profile: NamingProfile): string {
  return toBech32(hrp, aminoPubKeyBytes(pub, profile));
}

export function pubKeyFromLegacyBech32(text: string, expectedHrp?: string): PubKey {
  return pubKeyFromAminoBytes(fromBech32(text, expectedHrp).bytes);
}
