import { rawEthSecp256k1PubkeyToRawAddress, rawSecp256k1PubkeyToRawAddress } from '@cosmjs/amino';
import { Bip39, EnglishMnemonic, Secp256k1, Slip10, Slip10Curve, stringToPath } from '@cosmjs/crypto';
import { toBech32 as cosmjsToBech32 } from '@cosmjs/encoding';
import { HDNodeWallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { accAddress, toEthAddress, valAddress } from '../../src/crypto/address.ts';
import { ethAddress, ethPubKey } from '../../src/crypto/ethsecp256k1.ts';
import { COIN_TYPE, DEFAULT_HD_PATH, derivePrivateKey, hdPath, parseHdPath } from '../../src/crypto/hd.ts';
import {
  assertValidMnemonic,
  generateMnemonic,
  mnemonicFromEntropy,
  mnemonicProblem,
  mnemonicToSeed,
  validateMnemonic,
} from '../../src/crypto/mnemonic.ts';
import { sdkSecp256k1Address } from '../../src/crypto/sdk-secp256k1.ts';
import { ABANDON, ABANDON_MNEMONIC, hex } from './vectors.ts';

const toHex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('HD paths', () => {
  it('builds m/44\'/606\'/account\'/0/index', () => {
    expect(COIN_TYPE).toBe(606);
    expect(DEFAULT_HD_PATH).toBe("m/44'/606'/0'/0/0");
    expect(hdPath(0, 1)).toBe("m/44'/606'/0'/0/1");
    expect(hdPath(3, 7, 60)).toBe("m/44'/60'/3'/0/7");
  });

  it('rejects out-of-range numbers and malformed paths', () => {
    expect(() => hdPath(2 ** 31)).toThrow('invalid HD account 2147483648: expected an integer from 0 to 2147483647');
    expect(() => hdPath(0, -1)).toThrow('invalid HD index -1: expected an integer from 0 to 2147483647');
    expect(() => parseHdPath("44'/606'/0'/0/0")).toThrow(`invalid HD path "44'/606'/0'/0/0": it must start with "m/"`);
    expect(() => parseHdPath("m/44'/x/0")).toThrow(`invalid HD path "m/44'/x/0": component "x" is not a number below 2^31 with an optional '`);
    expect(() => parseHdPath('m/2147483648')).toThrow('component "2147483648"');
    expect(parseHdPath("m/44'/606'/0/0")).toBe("m/44'/606'/0/0");
  });
});

describe('§3.1 abandon…about vectors', () => {
  it('has the published seed (and cosmjs agrees)', async () => {
    expect(toHex(mnemonicToSeed(ABANDON_MNEMONIC))).toBe(ABANDON.seed);
    expect(toHex(await Bip39.mnemonicToSeed(new EnglishMnemonic(ABANDON_MNEMONIC)))).toBe(ABANDON.seed);
  });

  it.each([
    ['index 0', ABANDON.index0],
    ['index 1', ABANDON.index1],
  ])('derives the chain key at %s', (_label, v) => {
    const priv = derivePrivateKey(ABANDON_MNEMONIC, v.path);
    expect(toHex(priv)).toBe(v.privateKey);
    const pub = ethPubKey(priv);
    expect(toHex(pub)).toBe(v.publicKey);
    expect(accAddress(ethAddress(pub))).toBe(v.address);
    expect(toEthAddress(ethAddress(pub))).toBe(v.ethAddress);
    // independent: ethers derives the same Ethereum address on the same path
    expect(HDNodeWallet.fromPhrase(ABANDON_MNEMONIC, undefined, v.path).address).toBe(v.ethAddress);
    // independent: cosmjs Slip10 + its eth address rule
    const slip = Slip10.derivePath(Slip10Curve.Secp256k1, hex(ABANDON.seed), stringToPath(v.path));
    expect(toHex(slip.privkey)).toBe(v.privateKey);
    expect(cosmjsToBech32('st', rawEthSecp256k1PubkeyToRawAddress(pub))).toBe(v.address);
  });

  it('gives the default path and the valoper spelling of index 0', () => {
    const pub = ethPubKey(derivePrivateKey(ABANDON_MNEMONIC));
    expect(valAddress(ethAddress(pub))).toBe(ABANDON.index0.valoper);
  });

  it("reproduces the well-known Ethereum vector on m/44'/60'/0'/0/0 (sanity check)", () => {
    const pub = ethPubKey(derivePrivateKey(ABANDON_MNEMONIC, ABANDON.ethPath.path));
    expect(toEthAddress(ethAddress(pub))).toBe(ABANDON.ethPath.ethAddress);
    expect(accAddress(ethAddress(pub))).toBe(ABANDON.ethPath.address);
  });

  it("reproduces the well-known Cosmos vector on m/44'/118'/0'/0/0 with the ripemd rule", async () => {
    const priv = derivePrivateKey(ABANDON_MNEMONIC, ABANDON.cosmosPath.path);
    const pub = ethPubKey(priv);
    expect(cosmjsToBech32('cosmos', sdkSecp256k1Address(pub))).toBe(ABANDON.cosmosPath.cosmosAddress);
    const kp = await Secp256k1.makeKeypair(priv);
    expect(cosmjsToBech32('cosmos', rawSecp256k1PubkeyToRawAddress(Secp256k1.compressPubkey(kp.pubkey)))).toBe(
      ABANDON.cosmosPath.cosmosAddress,
    );
  });

  it('gives the wrong-algorithm address when the chain key is read as a Cosmos key', () => {
    const pub = ethPubKey(derivePrivateKey(ABANDON_MNEMONIC));
    expect(accAddress(sdkSecp256k1Address(pub))).toBe(ABANDON.index0.wrongAlgoAddress);
    expect(accAddress(sdkSecp256k1Address(pub))).not.toBe(ABANDON.index0.address);
  });

  it('uses the BIP39 passphrase', () => {
    const withPass = derivePrivateKey(ABANDON_MNEMONIC, DEFAULT_HD_PATH, 'TREZOR');
    expect(toHex(withPass)).not.toBe(ABANDON.index0.privateKey);
    expect(HDNodeWallet.fromPhrase(ABANDON_MNEMONIC, 'TREZOR', DEFAULT_HD_PATH).privateKey).toBe('0x' + toHex(withPass));
  });
});

describe('mnemonics', () => {
  it('generates valid 24-word mnemonics by default', () => {
    const m = generateMnemonic();
    expect(m.split(' ')).toHaveLength(24);
    expect(validateMnemonic(m)).toBe(true);
    expect(generateMnemonic(128).split(' ')).toHaveLength(12);
  });

  it('maps entropy like BIP39 (all-zero 16 bytes → abandon…about)', () => {
    expect(mnemonicFromEntropy(new Uint8Array(16))).toBe(ABANDON_MNEMONIC);
  });

  it('tolerates extra whitespace like go-bip39', () => {
    expect(validateMnemonic(`  ${ABANDON_MNEMONIC.replace(/ /g, '   ')}\n`)).toBe(true);
    expect(toHex(mnemonicToSeed(`  ${ABANDON_MNEMONIC}  `))).toBe(ABANDON.seed);
  });

  it('names the problem of an invalid mnemonic', () => {
    expect(mnemonicProblem(ABANDON_MNEMONIC.replace('about', 'abandom'))).toBe(
      'word 12 "abandom" is not in the BIP39 English word list',
    );
    expect(mnemonicProblem(ABANDON_MNEMONIC.replace('about', 'abandon'))).toBe(
      'checksum mismatch: every word is valid, but the last word does not match the others',
    );
    expect(mnemonicProblem('abandon abandon')).toBe('2 words; expected 12, 15, 18, 21 or 24');
    expect(() => assertValidMnemonic('')).toThrow('invalid mnemonic: 0 words; expected 12, 15, 18, 21 or 24');
    expect(() => derivePrivateKey(ABANDON_MNEMONIC.replace('about', 'zoo'))).toThrow('invalid mnemonic: checksum mismatch');
  });
});
