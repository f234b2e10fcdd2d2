/** BIP39 mnemonics (English word list, as go-bip39 in the SDK). */
import { entropyToMnemonic, generateMnemonic as generate, mnemonicToEntropy, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';

/** 256 bits = 24 words, the SDK's `mnemonicEntropySize`. */
export const DEFAULT_MNEMONIC_STRENGTH = 256;

const WORD_COUNTS = [12, 15, 18, 21, 24];

export function generateMnemonic(strength: number = DEFAULT_MNEMONIC_STRENGTH): string {
  return generate(wordlist, strength);
}

/** Mnemonic of given entropy (16..32 bytes, a multiple of 4). */
export function mnemonicFromEntropy(entropy: Uint8Array): string {
  return entropyToMnemonic(entropy, wordlist);
}

/** Collapses runs of whitespace (go-bip39 splits on any whitespace). */
export function normalizeMnemonic(mnemonic: string): string {
  return mnemonic.trim().split(/\s+/).filter(Boolean).join(' ');
}

/** Why a mnemonic is not valid BIP39, or undefined when it is. */
export function mnemonicProblem(mnemonic: string): string | undefined {
  const words = normalizeMnemonic(mnemonic).split(' ').filter(Boolean);
  if (!WORD_COUNTS.includes(words.length)) {
    return `${words.length} words; expected 12, 15, 18, 21 or 24`;
  }
  const index = words.findIndex((w) => !wordlist.includes(w));
  if (index >= 0) return `word ${index + 1} "${words[index]}" is not in the BIP39 English word list`;
  try {
    mnemonicToEntropy(words.join(' '), wordlist);
  } catch {
    return 'checksum mismatch: every word is valid, but the last word does not match the others';
  }
  return undefined;
}

export function validateMnemonic(mnemonic: string): boolean {
  return mnemonicProblem(mnemonic) === undefined;
}

export function assertValidMnemonic(mnemonic: string): void {
  const problem = mnemonicProblem(mnemonic);
  if (problem !== undefined) throw new Error(`invalid mnemonic: ${problem}`);
}

/** BIP39 seed (PBKDF2-HMAC-SHA512, 2048 rounds); validates the mnemonic first, as `NewSeedWithErrorChecking`. */
export function mnemonicToSeed(mnemonic: string, passphrase = ''): Uint8Array {
  assertValidMnemonic(mnemonic);
  return mnemonicToSeedSync(normalizeMnemonic(mnemonic), passphrase);
}
