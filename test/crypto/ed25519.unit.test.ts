import { encodeBech32Pubkey, encodeEd25519Pubkey, rawEd25519PubkeyToRawAddress } from '@cosmjs/amino';
import { Ed25519 } from '@cosmjs/crypto';
import { toBech32 as cosmjsToBech32 } from '@cosmjs/encoding';
import { describe, expect, it } from 'vitest';
import { consAddress, Hrp } from '../../src/crypto/address.ts';
import { legacyBech32PubKey, pubKeyFromLegacyBech32 } from '../../src/crypto/amino.ts';
import {
  ed25519Address,
  ed25519KeyPairFromPrivateKey,
  ed25519KeyPairFromSeed,
  ed25519Sign,
  ed25519Verify,
  nodeId,
  validatorKeyAddressHex,
} from '../../src/crypto/ed25519.ts';
import { sdsNetworkAddress, sdsP2pKeyFromMnemonic, sdsPubKeyFromBech32, sdsPubKeyToBech32 } from '../../src/crypto/sds-key.ts';
import { NEUTRAL, REAL } from '../../src/naming.ts';
import { ABANDON, ABANDON_MNEMONIC, b64 } from './vectors.ts';

const toHex = (b: Uint8Array) => Buffer.from(b).toString('hex');

// stratos-chain networks/local/cluster-config-sample/node0/stchaind/config (public sample keys)
const NODE0_VALIDATOR_PRIV = 'utkO0KF9Rli/0HBq/JqJjoPz23pqaHXf6ncuxCGktFdXvurYgaiJJI26GkdoEk3z1HNA+aUWCrKyBfsFGRRBPA==';
const NODE0_VALIDATOR_PUB = 'V77q2IGoiSSNuhpHaBJN89RzQPmlFgqysgX7BRkUQTw=';
const NODE0_NODE_KEY = 'xd2ghIBcpeHRi1VE48c5XKvvRgp+9p2UGgAES+LGLVL38x0vM4uw6HMlEkNADghGE+V4O4hwjIbpdr1Rz9UjYg==';

describe('§3.3 validator consensus keys', () => {
  it('regenerates the node0 validator pubkey from its seed and gives the file address', () => {
    const pair = ed25519KeyPairFromPrivateKey(b64(NODE0_VALIDATOR_PRIV));
    expect(Buffer.from(pair.publicKey).toString('base64')).toBe(NODE0_VALIDATOR_PUB);
    expect(validatorKeyAddressHex(pair.publicKey)).toBe('0797DA108BD2EAF1BA313E66E8ECACF6FE3808EC');
    expect(consAddress(ed25519Address(pair.publicKey))).toBe('stvalcons1q7ta5yyt6t40rw338enw3m9v7mlrsz8vva6kcx');
    expect(cosmjsToBech32('stvalcons', rawEd25519PubkeyToRawAddress(pair.publicKey))).toBe(
      'stvalcons1q7ta5yyt6t40rw338enw3m9v7mlrsz8vva6kcx',
    );
  });

  it('spells the legacy stvalconspub with the real amino prefix (cosmjs agrees)', () => {
    const pub = { algo: 'ed25519' as const, key: b64(NODE0_VALIDATOR_PUB) };
    const expected = 'stvalconspub1zcjduepq27lw4kyp4zyjfrd6rfrksyjd7028xs8e55tq4v4jqhas2xg5gy7qunxvg0';
    expect(legacyBech32PubKey(pub, Hrp.consensusPub, REAL)).toBe(expected);
    expect(encodeBech32Pubkey(encodeEd25519Pubkey(pub.key), 'stvalconspub')).toBe(expected);
    expect(pubKeyFromLegacyBech32(expected, Hrp.consensusPub)).toEqual(pub);
    // the neutral profile renames the amino type, so its bech32 differs and still parses back
    const neutral = legacyBech32PubKey(pub, Hrp.consensusPub, NEUTRAL);
    expect(neutral).not.toBe(expected);
    expect(pubKeyFromLegacyBech32(neutral)).toEqual(pub);
  });

  it('§3.2: maps the mainnet consensus keys to their stvalcons addresses', () => {
    const k00 = b64('PrFvH4KYDtJYKQIK7mvnEfsMTifD8EhY3vwIpru5LP8=');
    expect(validatorKeyAddressHex(k00)).toBe('07402B67CAF1AFA75DC1AC87934DD7C37DD35771');
    expect(consAddress(ed25519Address(k00))).toBe('stvalcons1qaqzke727xh6whwp4jrexnwhcd7ax4m359qa83');
    const nodeStake = b64('OS06CQ+DAs44N8GqbLI0+5vpwPauIW5yIoyMdKQPX7w=');
    expect(consAddress(ed25519Address(nodeStake))).toBe('stvalcons12t3df6p9adtmsv438avxyl8layrq5097mwq9yu');
    const other = b64('l+15Q3COM9V3vUm3ypUeajlceIvexFP5taQuINaVSeU=');
    expect(validatorKeyAddressHex(other)).toBe('8A2A92509E7402BCBA7FDBD2E8AB78819B80507F');
    expect(consAddress(ed25519Address(other))).toBe('stvalcons13g4fy5y7wsptewnlm0fw32mcsxdcq5rlx9hwmt');
  });

  it('derives the node id from node_key.json', () => {
    const pair = ed25519KeyPairFromPrivateKey(b64(NODE0_NODE_KEY));
    expect(nodeId(pair.publicKey)).toBe('73ce747143528482ae19f51e507dafe0f304a1be');
  });

  it('refuses a 64-byte key whose halves do not match', () => {
    const bad = b64(NODE0_VALIDATOR_PRIV);
    bad[63] ^= 1;
    expect(() => ed25519KeyPairFromPrivateKey(bad)).toThrow(
      'invalid ed25519 private key: its last 32 bytes are not the public key of its seed',
    );
    expect(() => ed25519KeyPairFromSeed(new Uint8Array(31))).toThrow('invalid ed25519 seed: expected 32 bytes, got 31');
  });

  it('signs and verifies like cosmjs Ed25519', async () => {
    const pair = ed25519KeyPairFromPrivateKey(b64(NODE0_VALIDATOR_PRIV));
    const msg = new TextEncoder().encode('block 42');
    const sig = ed25519Sign(pair.seed, msg);
    const theirs = await Ed25519.createSignature(msg, await Ed25519.makeKeypair(pair.seed));
    expect(toHex(sig)).toBe(toHex(theirs));
    expect(ed25519Verify(pair.publicKey, msg, sig)).toBe(true);
    expect(ed25519Verify(pair.publicKey, msg.subarray(1), sig)).toBe(false);
    expect(ed25519Verify(pair.publicKey, msg, sig.subarray(1))).toBe(false);
  });
});

describe('SDS node keys', () => {
  it('§3.3: the meta node key of the sample network gives its stsds address', () => {
    const pub = b64('vSUv5j+90PCPwWtgoIM7PRi+ozP9K19QMIzyDFu6tRw=');
    expect(sdsNetworkAddress(pub)).toBe('stsds18648ls7x859se9y58jsep4r09srdud90qhz7us');
    expect(sdsPubKeyToBech32(pub)).toBe('stsdspub1h5jjle3lhhg0pr7pdds2pqem85vtagenl54475ps3neqcka6k5wqcnq6dp');
  });

  it('§3.3: stratos-chain address_test stsdspub vector round-trips', () => {
    const pub = b64('2OAeLO0+KrBkSxuFKU1ofJqGb4RtA8GpD8XCZlMYw2A=');
    const text = 'stsdspub1mrsput8d8c4tqeztrwzjjntg0jdgvmuyd5pur2g0chpxv5cccdsqvayhan';
    expect(sdsPubKeyToBech32(pub)).toBe(text);
    expect(sdsPubKeyFromBech32(text)).toEqual(pub);
    expect(sdsNetworkAddress(pub)).toBe('stsds1gl9ywg6jdfdgcja70ffum4ectq4fmt26ay4znv');
    expect(() => sdsPubKeyFromBech32('stsds1gl9ywg6jdfdgcja70ffum4ectq4fmt26ay4znv')).toThrow(
      'invalid bech32 prefix in "stsds1gl9ywg6jdfdgcja70ffum4ectq4fmt26ay4znv": expected "stsdspub", got "stsds"',
    );
  });

  it('§3.1/§1.8: derives the P2P key from the abandon mnemonic', () => {
    const pair = sdsP2pKeyFromMnemonic(ABANDON_MNEMONIC);
    expect(toHex(pair.publicKey)).toBe(ABANDON.sds.ed25519PubKey);
    expect(sdsNetworkAddress(pair.publicKey)).toBe(ABANDON.sds.address);
    expect(sdsPubKeyToBech32(pair.publicKey)).toBe(ABANDON.sds.pubKey);
  });
});
