/**
 * The wallet files of a resource node's home (spec §4.2 home layout, §5.3): `accounts/<address>.json`,
 * keystore v3 JSON (keystore.ts) encrypted with the wallet password. One mnemonic gives both keys:
 * - the wallet key, eth_secp256k1 at m/44'/606'/0'/0/0, address `st1…` (file holds the 32-byte key);
 * - the P2P key, ed25519 (src/crypto/sds-key.ts), address `stsds1…` (file holds the 32-byte seed).
 * Files are written with mode 0600 and never overwritten.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hrp } from '../../crypto/address.ts';
import { fromBech32 } from '../../crypto/bech32.ts';
import type { Ed25519KeyPair } from '../../crypto/ed25519.ts';
import { ed25519KeyPairFromSeed } from '../../crypto/ed25519.ts';
import { ethPubKey } from '../../crypto/ethsecp256k1.ts';
import { DEFAULT_HD_PATH, derivePrivateKey } from '../../crypto/hd.ts';
import { assertValidMnemonic, generateMnemonic, normalizeMnemonic } from '../../crypto/mnemonic.ts';
import { sdsNetworkAddress, sdsP2pKeyFromMnemonic } from '../../crypto/sds-key.ts';
import { walletAddressOf } from '../protocol/signature.ts';
import { decryptKeystore, encryptKeystore } from './keystore.ts';
import { makeDirs } from '../../make-dirs.ts';

/** The folder of wallet files under a node home. */
export const ACCOUNTS_DIR = 'accounts';

export interface CreatedWallet {
  readonly walletAddress: string;
  readonly p2pAddress: string;
  readonly mnemonic: string;
}

export interface Wallet {
  readonly address: string;
  readonly privateKey: Uint8Array;
  /** 33-byte compressed */
  readonly publicKey: Uint8Array;
}

/** `<home>/accounts/<address>.json` */
export function walletFilePath(home: string, address: string): string {
  return join(home, ACCOUNTS_DIR, `${address}.json`);
}

/**
 * Derives the wallet key (eth_secp256k1 at m/44'/606'/0'/0/0, st1 address) and the P2P key
 * (src/crypto/sds-key.ts, stsds1 address) from one mnemonic (a new 24-word one when absent);
 * writes accounts/<st1…>.json (the 32-byte private key) and accounts/<stsds1…>.json (the 32-byte
 * ed25519 seed), both encrypted with `password`; never overwrites a file.
 */
export function createWallet(home: string, opts: { password: string; mnemonic?: string; name?: string }): CreatedWallet {
  const mnemonic = opts.mnemonic === undefined ? generateMnemonic() : normalizeMnemonic(opts.mnemonic);
  assertValidMnemonic(mnemonic);
  const privateKey = derivePrivateKey(mnemonic, DEFAULT_HD_PATH);
  const walletAddress = walletAddressOf(ethPubKey(privateKey));
  const p2p = sdsP2pKeyFromMnemonic(mnemonic);
  const p2pAddress = sdsNetworkAddress(p2p.publicKey);
  const walletFile = walletFilePath(home, walletAddress);
  const p2pFile = walletFilePath(home, p2pAddress);
  for (const file of [walletFile, p2pFile]) {
    if (existsSync(file)) throw new Error(`wallet file ${file} already exists; not overwriting it`);
  }
  makeDirs(join(home, ACCOUNTS_DIR), 0o700);
  const write = (file: string, json: unknown): void => {
    try {
      writeFileSync(file, JSON.stringify(json, null, 2) + '\n', { flag: 'wx', mode: 0o600 });
    } catch (e) {
      const err = e as NodeJS.ErrnoException;
      if (err.code === 'EEXIST') throw new Error(`wallet file ${file} already exists; not overwriting it`);
      throw new Error(`cannot write wallet file ${file}: ${err.message}`);
    }
  };
  write(walletFile, encryptKeystore(privateKey, opts.password, walletAddress, opts.name));
  write(p2pFile, encryptKeystore(p2p.seed, opts.password, p2pAddress, opts.name));
  return { walletAddress, p2pAddress, mnemonic };
}

/** Reads and decrypts one wallet file; every error names the file. */
function readSecret(home: string, address: string, hrp: string, what: string, password: string): { file: string; secret: Uint8Array } {
  try {
    fromBech32(address, hrp, 20);
  } catch (e) {
    throw new Error(`invalid ${what} address "${address}": ${(e as Error).message}`);
  }
  const file = walletFilePath(home, address);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'ENOENT') throw new Error(`wallet file ${file} not found`);
    throw new Error(`cannot read wallet file ${file}: ${err.message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`wallet file ${file} is not valid JSON: ${(e as Error).message}`);
  }
  let secret: Uint8Array;
  try {
    secret = decryptKeystore(json, password);
  } catch (e) {
    throw new Error(`wallet file ${file}: ${(e as Error).message}`);
  }
  if (secret.length !== 32) throw new Error(`wallet file ${file}: holds ${secret.length} bytes, expected a 32-byte key`);
  return { file, secret };
}

/** The wallet key of `accounts/<st1…>.json`; errors name the file and the problem. */
export function loadWallet(home: string, address: string, password: string): Wallet {
  const { file, secret } = readSecret(home, address, Hrp.account, 'wallet', password);
  let publicKey: Uint8Array;
  try {
    publicKey = ethPubKey(secret);
  } catch (e) {
    throw new Error(`wallet file ${file}: ${(e as Error).message}`);
  }
  const derived = walletAddressOf(publicKey);
  if (derived !== address) throw new Error(`wallet file ${file}: holds the key of ${derived}, not ${address}`);
  return { address, privateKey: secret, publicKey };
}

/** The P2P (ed25519) key of `accounts/<stsds1…>.json`; errors name the file and the problem. */
export function loadP2pKey(home: string, p2pAddress: string, password: string): Ed25519KeyPair {
  const { file, secret } = readSecret(home, p2pAddress, Hrp.sds, 'P2P', password);
  const pair = ed25519KeyPairFromSeed(secret);
  const derived = sdsNetworkAddress(pair.publicKey);
  if (derived !== p2pAddress) throw new Error(`wallet file ${file}: holds the key of ${derived}, not ${p2pAddress}`);
  return pair;
}

/** The addresses of the wallet files under `<home>/accounts`, sorted; none when the folder is missing. */
export function listAccounts(home: string): { wallets: string[]; p2p: string[] } {
  let names: string[];
  try {
    names = readdirSync(join(home, ACCOUNTS_DIR));
  } catch {
    return { wallets: [], p2p: [] };
  }
  const addresses = names.filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -'.json'.length)).sort();
  return {
    wallets: addresses.filter((a) => a.startsWith(`${Hrp.account}1`)),
    p2p: addresses.filter((a) => a.startsWith(`${Hrp.sds}1`)),
  };
}
