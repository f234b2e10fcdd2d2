/** Test validators: operated by a test account, with an ed25519 consensus key from a fixed seed. */
import { addressFromBech32, consAddress, valAddress } from '../../src/crypto/address.ts';
import { ed25519Address, ed25519KeyPairFromSeed } from '../../src/crypto/ed25519.ts';
import type { TestKey } from './fixture.ts';

/** A validator's names: operator (`stvaloper1…`), its account, the consensus key and address. */
export interface Val {
  readonly key: TestKey;
  readonly operator: string;
  /** uppercase hex consensus address */
  readonly consHex: string;
  /** `stvalcons1…` */
  readonly consAddr: string;
  /** base64 of the ed25519 consensus key */
  readonly pubKey: string;
}

/** The validator operated by `key`, whose consensus key's seed is 32 bytes of `seedByte`. */
export function testValidator(key: TestKey, seedByte: number): Val {
  const pair = ed25519KeyPairFromSeed(new Uint8Array(32).fill(seedByte));
  const consBytes = ed25519Address(pair.publicKey);
  return {
    key,
    operator: valAddress(addressFromBech32(key.address)),
    consHex: Buffer.from(consBytes).toString('hex').toUpperCase(),
    consAddr: consAddress(consBytes),
    pubKey: Buffer.from(pair.publicKey).toString('base64'),
  };
}
