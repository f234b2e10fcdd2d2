/**
 * The (static) validator set in CometBFT's order and its hash (types/validator_set.go): validators
 * sorted by voting power, highest first, ties by address ascending (`ValidatorsByVotingPower`);
 * the hash is the Merkle root of SimpleValidator{pub_key, voting_power} protos in that order.
 */
import { codec } from '../codec/index.ts';
import { hashFromByteSlices } from './merkle.ts';
import { PUB_KEY_ED25519 } from './keys.ts';
import { int64Of } from './proto-forms.ts';
import type { ValidatorJson } from './types.ts';

export function votingPower(v: ValidatorJson): bigint {
  return int64Of(v.voting_power, `voting_power of validator ${v.address}`);
}

/** A copy of the set in CometBFT's order. */
export function sortValidators(validators: readonly ValidatorJson[]): ValidatorJson[] {
  return [...validators].sort((a, b) => {
    const pa = votingPower(a);
    const pb = votingPower(b);
    if (pa !== pb) return pa > pb ? -1 : 1;
    return a.address < b.address ? -1 : a.address > b.address ? 1 : 0;
  });
}

export function totalVotingPower(validators: readonly ValidatorJson[]): bigint {
  return validators.reduce((sum, v) => sum + votingPower(v), 0n);
}

export function validatorPubKey(v: ValidatorJson): Uint8Array {
  if (v.pub_key.type !== PUB_KEY_ED25519) {
    throw new Error(`validator ${v.address}: pub_key type ${JSON.stringify(v.pub_key.type)} is not supported (expected "${PUB_KEY_ED25519}")`);
  }
  const key = Uint8Array.from(Buffer.from(v.pub_key.value, 'base64'));
  if (key.length !== 32) throw new Error(`validator ${v.address}: ed25519 pub_key must be 32 bytes, got ${key.length}`);
  return key;
}

/** `ValidatorSet.Hash()` of the validators in the given order (sort first with sortValidators). */
export function validatorsHash(validators: readonly ValidatorJson[]): Uint8Array {
  return hashFromByteSlices(
    validators.map((v) => codec.encode('consensus.types.SimpleValidator', { pub_key: { ed25519: validatorPubKey(v) }, voting_power: votingPower(v) })),
  );
}
