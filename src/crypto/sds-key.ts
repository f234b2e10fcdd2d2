/**
 * SDS node P2P keys (reference/wire-formats.md §1.8, `stratosnet/sds` `GenerateP2pKeyFromHdPath`):
 * the secp256k1 BIP32 key at m/44'/606'/0/0 (last two levels NOT hardened) is hashed with sha256
 * into an ed25519 seed. Address `stsds1…` = sha256(pubkey)[0:20]; `stsdspub1…` = raw 32-byte key.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { Hrp } from './address.ts';
import { fromBech32, toBech32 } from './bech32.ts';
import type { Ed25519KeyPair } from './ed25519.ts';
import { ED25519_PUB_KEY_LENGTH, ed25519Address, ed25519KeyPairFromSeed } from './ed25519.ts';
import { derivePrivateKey } from './hd.ts';

/** sds `pp/setting/constants.go` `HDPathP2p` */
export const SDS_P2P_HD_PATH = "m/44'/606'/0/0";

export function sdsP2pKeyFromMnemonic(mnemonic: string, bip39Passphrase = '', path: string = SDS_P2P_HD_PATH): Ed25519KeyPair {
  return ed25519KeyPairFromSeed(sha256(derivePrivateKey(mnemonic, path, bip39Passphrase)));
}

/** `stsds1…` network address of a node's ed25519 public key. */
export function sdsNetworkAddress(publicKey: Uint8Array): string {
  return toBech32(Hrp.sds, ed25519Address(publicKey));
}

/** `stsdspub1…`: the raw 32 bytes, no amino prefix (stratos-chain `SdsPubKeyToBech32`). */
export function sdsPubKeyToBech32(publicKey: Uint8Array): string {
  if (publicKey.length !== ED25519_PUB_KEY_LENGTH) {
    throw new Error(`invalid SDS node public key: expected ${ED25519_PUB_KEY_LENGTH} bytes, got ${publicKey.length}`);
  }
  return toBech32(Hrp.sdsPub, publicKey);
}

export function sdsPubKeyFromBech32(text: string): Uint8Array {
  return fromBech32(text, Hrp.sdsPub, ED25519_PUB_KEY_LENGTH).bytes;
}
