import { rawSecp256k1PubkeyToRawAddress } from '@cosmjs/amino';
import { Secp256k1, Secp256k1Signature, sha256 as cosmjsSha256 } from '@cosmjs/crypto';
import { toBech32 as cosmjsToBech32 } from '@cosmjs/encoding';
import { describe, expect, it } from 'vitest';
import { accAddress, valAddress } from '../../src/crypto/address.ts';
import { ethAddress } from '../../src/crypto/ethsecp256k1.ts';
import { sdkSecp256k1Address, sdkSecp256k1PubKey, sdkSecp256k1Sign, sdkSecp256k1Verify } from '../../src/crypto/sdk-secp256k1.ts';
import { ABANDON, b64, hex, msgSendSignDoc } from './vectors.ts';

describe('framework secp256k1 keys (sha256, ripemd160)', () => {
  it('§3.3: maps the 2022 sample-network gentx signers to their delegators', () => {
    const node0 = b64('A4Rzv0QE8efI32VeceFZx5fotaZK0KxtZCGPFpwsSZDG');
    expect(accAddress(sdkSecp256k1Address(node0))).toBe('st13ak432453agkfkf7uhkwc7ks2jlq4w85wuu6pj');
    expect(valAddress(sdkSecp256k1Address(node0))).toBe('stvaloper13ak432453agkfkf7uhkwc7ks2jlq4w85es46ae');
    const node = b64('A1HxI6Ev09rT8i+JGt8HHGKyMvsJnwuV/G7W2j6e2PUu');
    expect(accAddress(sdkSecp256k1Address(node))).toBe('st1h7623f2qtytlmtudyh64vk60uw2usuxwyk4vtn');
    expect(cosmjsToBech32('st', rawSecp256k1PubkeyToRawAddress(node))).toBe('st1h7623f2qtytlmtudyh64vk60uw2usuxwyk4vtn');
    // read by keccak, the same keys give other addresses (negative check of the algorithm switch)
    expect(accAddress(ethAddress(node0))).not.toBe('st13ak432453agkfkf7uhkwc7ks2jlq4w85wuu6pj');
  });

  it('signs over sha256 with 64 bytes, as cosmjs does, and verifies only that way', async () => {
    const priv = hex(ABANDON.index0.privateKey);
    const pub = sdkSecp256k1PubKey(priv);
    const doc = msgSendSignDoc();
    const sig = sdkSecp256k1Sign(priv, doc);
    expect(sig).toHaveLength(64);
    const theirs = await Secp256k1.createSignature(cosmjsSha256(doc), priv);
    expect(Buffer.from(sig).toString('hex')).toBe(Buffer.from(theirs.toFixedLength().subarray(0, 64)).toString('hex'));
    expect(await Secp256k1.verifySignature(Secp256k1Signature.fromFixedLength(sig), cosmjsSha256(doc), pub)).toBe(true);
    expect(sdkSecp256k1Verify(pub, doc, sig)).toBe(true);
    expect(sdkSecp256k1Verify(pub, doc, Uint8Array.of(...sig, 0))).toBe(false); // exactly 64 bytes
    expect(sdkSecp256k1Verify(pub, doc.subarray(2), sig)).toBe(false);
  });
});
