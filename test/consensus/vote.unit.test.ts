/** Vote sign bytes (cometbft v0.37.5 types/vote_test.go TestVoteSignBytesTestVectors) and commits. */
import { describe, expect, it } from 'vitest';
import { ed25519 } from '@noble/curves/ed25519.js';
import { createPrivValidatorKey, validatorFromKey } from '../../src/consensus/keys.ts';
import { EMPTY_BLOCK_ID, type BlockIdJson, type CommitJson } from '../../src/consensus/types.ts';
import { sortValidators } from '../../src/consensus/validator-set.ts';
import { BlockIdFlag, SignedMsgType, ZERO_TIME, commitVoteSignBytes, signCommit, verifyCommit, voteSignBytes } from '../../src/consensus/vote.ts';

const zeroVote = { type: 0, height: 0n, round: 0, blockId: EMPTY_BLOCK_ID, timestamp: ZERO_TIME };
// the Go zero time as a Timestamp: 0x2a len 0b, seconds -62135596800
const ZERO_TS = [0x2a, 0xb, 0x8, 0x80, 0x92, 0xb8, 0xc3, 0x98, 0xfe, 0xff, 0xff, 0xff, 0x1];
const ONE_FIXED64 = [0x1, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0];

describe('voteSignBytes (CometBFT TestVoteSignBytesTestVectors)', () => {
  it.each([
    ['#0 empty vote', '', zeroVote, [0xd, ...ZERO_TS]],
    ['#1 precommit', '', { ...zeroVote, height: 1n, round: 1, type: SignedMsgType.PRECOMMIT }, [0x21, 0x8, 0x2, 0x11, ...ONE_FIXED64, 0x19, ...ONE_FIXED64, ...ZERO_TS]],
    ['#2 prevote', '', { ...zeroVote, height: 1n, round: 1, type: SignedMsgType.PREVOTE }, [0x21, 0x8, 0x1, 0x11, ...ONE_FIXED64, 0x19, ...ONE_FIXED64, ...ZERO_TS]],
    ['#3 no type', '', { ...zeroVote, height: 1n, round: 1 }, [0x1f, 0x11, ...ONE_FIXED64, 0x19, ...ONE_FIXED64, ...ZERO_TS]],
    [
      '#4 chain id',
      'test_chain_id',
      { ...zeroVote, height: 1n, round: 1 },
      [0x2e, 0x11, ...ONE_FIXED64, 0x19, ...ONE_FIXED64, ...ZERO_TS, 0x32, 0xd, ...Buffer.from('test_chain_id')],
    ],
  ] as const)('%s', (_name, chainId, vote, expected) => {
    expect([...voteSignBytes(chainId, vote)]).toEqual(expected);
  });

  it('a vote for a block carries CanonicalBlockID{hash, part_set_header} as field 4 (round 0 omitted)', () => {
    const blockId: BlockIdJson = { hash: 'AA'.repeat(32), parts: { total: 1, hash: 'BB'.repeat(32) } };
    const bytes = voteSignBytes('c', { type: 2, height: 5n, round: 0, blockId, timestamp: '1970-01-01T00:00:01Z' });
    const canonicalBlockId = [0x22, 0x48, 0x0a, 0x20, ...new Array(32).fill(0xaa), 0x12, 0x24, 0x08, 0x01, 0x12, 0x20, ...new Array(32).fill(0xbb)];
    expect([...bytes]).toEqual([
      0x5c, 0x08, 0x02, 0x11, 0x05, 0, 0, 0, 0, 0, 0, 0, ...canonicalBlockId, 0x2a, 0x02, 0x08, 0x01, 0x32, 0x01, 0x63,
    ]);
  });
});

describe('commits', () => {
  const CHAIN = 'stratos-test';
  const key = createPrivValidatorKey(new Uint8Array(32).fill(7));
  const other = createPrivValidatorKey(new Uint8Array(32).fill(9));
  const blockId: BlockIdJson = { hash: '11'.repeat(32), parts: { total: 1, hash: '22'.repeat(32) } };
  const time = '2024-01-01T00:00:05.5Z';

  it('signCommit: our precommit signs the canonical vote; verifyCommit accepts it', () => {
    const validators = [validatorFromKey(key, 10)];
    const commit = signCommit({ chainId: CHAIN, height: 5n, blockId, timestamp: time, validators, privValidatorKeys: [key] });
    expect(commit).toMatchObject({ height: '5', round: 0, block_id: blockId });
    expect(commit.signatures).toHaveLength(1);
    const sig = commit.signatures[0]!;
    expect(sig).toMatchObject({ block_id_flag: 2, validator_address: key.address, timestamp: time });
    // independent check with noble over the sign bytes
    const signBytes = voteSignBytes(CHAIN, { type: 2, height: 5n, round: 0, blockId, timestamp: time });
    expect(ed25519.verify(Buffer.from(sig.signature!, 'base64'), signBytes, key.pubKey)).toBe(true);
    expect(commitVoteSignBytes(CHAIN, commit, 0)).toEqual(signBytes);
    expect(() => verifyCommit(CHAIN, validators, commit, { blockId, height: 5n })).not.toThrow();
  });

  it('verifyCommit rejects a tampered signature, another chain id, a wrong height or block', () => {
    const validators = [validatorFromKey(key, 10)];
    const commit = signCommit({ chainId: CHAIN, height: 5n, blockId, timestamp: time, validators, privValidatorKeys: [key] });
    const sig = Buffer.from(commit.signatures[0]!.signature!, 'base64');
    sig[0] ^= 1;
    const tampered: CommitJson = { ...commit, signatures: [{ ...commit.signatures[0]!, signature: sig.toString('base64') }] };
    expect(() => verifyCommit(CHAIN, validators, tampered)).toThrow(`invalid commit: wrong signature (#0): ${sig.toString('hex').toUpperCase()}`);
    expect(() => verifyCommit('other-chain', validators, commit)).toThrow('invalid commit: wrong signature (#0)');
    const laterTime: CommitJson = { ...commit, signatures: [{ ...commit.signatures[0]!, timestamp: '2024-01-01T00:00:06Z' }] };
    expect(() => verifyCommit(CHAIN, validators, laterTime)).toThrow('invalid commit: wrong signature (#0)');
    expect(() => verifyCommit(CHAIN, validators, commit, { blockId, height: 6n })).toThrow('invalid commit: height 5, expected 6');
    expect(() => verifyCommit(CHAIN, validators, commit, { blockId: EMPTY_BLOCK_ID, height: 5n })).toThrow(`invalid commit: block id ${blockId.hash}, expected `);
  });

  it('other validators are absent; with them holding ≥ 1/3 the commit lacks voting power', () => {
    const validators = sortValidators([validatorFromKey(key, 10), validatorFromKey(other, 10)]);
    const commit = signCommit({ chainId: CHAIN, height: 2n, blockId, timestamp: time, validators, privValidatorKeys: [key] });
    const absent = commit.signatures.find((s) => s.block_id_flag === BlockIdFlag.ABSENT);
    expect(absent).toEqual({ block_id_flag: 1, validator_address: '', timestamp: ZERO_TIME, signature: null });
    expect(commit.signatures.map((s) => s.validator_address)).toEqual(validators.map((v) => (v.address === key.address ? key.address : '')));
    expect(() => verifyCommit(CHAIN, validators, commit)).toThrow('invalid commit: not enough voting power signed: got 10, needed more than 13');
    const heavy = sortValidators([validatorFromKey(key, 30), validatorFromKey(other, 10)]);
    const ok = signCommit({ chainId: CHAIN, height: 2n, blockId, timestamp: time, validators: heavy, privValidatorKeys: [key] });
    expect(() => verifyCommit(CHAIN, heavy, ok)).not.toThrow();
  });

  it('a signature slot must belong to the validator at its index', () => {
    const validators = [validatorFromKey(key, 10)];
    const commit = signCommit({ chainId: CHAIN, height: 5n, blockId, timestamp: time, validators, privValidatorKeys: [key] });
    expect(() => verifyCommit(CHAIN, [validatorFromKey(other, 10)], commit)).toThrow(`invalid commit: signature #0 is by ${key.address}, expected validator ${other.address}`);
    expect(() => verifyCommit(CHAIN, [...validators, validatorFromKey(other, 1)], commit)).toThrow('invalid commit: 1 signatures for 2 validators');
  });

  it('signCommit refuses a key outside the set', () => {
    expect(() => signCommit({ chainId: CHAIN, height: 1n, blockId, timestamp: time, validators: [validatorFromKey(other, 1)], privValidatorKeys: [key] })).toThrow(
      `priv validator ${key.address} is not in the validator set (${other.address})`,
    );
  });
});
