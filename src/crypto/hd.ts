/**
 * BIP32/BIP44 derivation of secp256k1 keys (reference/wire-formats.md §1.1): seed → "Bitcoin seed"
 * master key → path. Coin type 606; default path m/44'/606'/0'/0/0.
 */
import { HDKey } from '@scure/bip32';
import { mnemonicToSeed } from './mnemonic.ts';

export const BIP44_PURPOSE = 44;
/** stratos-chain `types/coin.go` `CoinType` */
export const COIN_TYPE = 606;
const HARDENED = 0x80000000;

/** `m/44'/{coinType}'/{account}'/0/{index}`, what `keys add` builds from --coin-type/--account/--index. */
export function hdPath(account = 0, index = 0, coinType: number = COIN_TYPE): string {
  for (const [what, value] of [['coin type', coinType], ['account', account], ['index', index]] as const) {
    if (!Number.isInteger(value) || value < 0 || value >= HARDENED) {
      throw new Error(`invalid HD ${what} ${value}: expected an integer from 0 to ${HARDENED - 1}`);
    }
  }
  return `m/${BIP44_PURPOSE}'/${coinType}'/${account}'/0/${index}`;
}

export const DEFAULT_HD_PATH = hdPath();

/** Checks `m/…` with decimal components, `'` marking hardened ones; returns the path unchanged. */
export function parseHdPath(path: string): string {
  const parts = path.split('/');
  if (parts[0] !== 'm') throw new Error(`invalid HD path "${path}": it must start with "m/"`);
  for (const part of parts.slice(1)) {
    const match = /^(\d+)'?$/.exec(part);
    if (!match || Number(match[1]) >= HARDENED) {
      throw new Error(`invalid HD path "${path}": component "${part}" is not a number below 2^31 with an optional '`);
    }
  }
  return path;
}

/** The 32-byte private scalar at `path` under a BIP32 seed. */
export function derivePrivateKeyFromSeed(seed: Uint8Array, path: string): Uint8Array {
  const node = HDKey.fromMasterSeed(seed).derive(parseHdPath(path));
  if (!node.privateKey) throw new Error(`HD derivation at ${path} gave no private key`);
  return node.privateKey;
}

/** Mnemonic (+ optional BIP39 passphrase) → private key at `path`; the mnemonic is validated. */
export function derivePrivateKey(mnemonic: string, path: string = DEFAULT_HD_PATH, bip39Passphrase = ''): Uint8Array {
  return derivePrivateKeyFromSeed(mnemonicToSeed(mnemonic, bip39Passphrase), path);
}
