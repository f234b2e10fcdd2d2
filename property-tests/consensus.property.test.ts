/**
 * Properties of the consensus data: the Merkle root equals an independent RFC 6962 implementation
 * (noble sha256) for any leaves, a result's last_results_hash bytes are the codec's proto of the
 * same fields, and a signed commit verifies for any chain id, height, block and
 * time while any flipped signature bit, other chain id or other timestamp fails.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { createPrivValidatorKey, validatorFromKey } from '../src/consensus/keys.ts';
import { codec } from '../src/codec/index.ts';
import { deterministicResultBytes } from '../src/consensus/header.ts';
import { hashFromByteSlices } from '../src/consensus/merkle.ts';
import { hexText } from '../src/consensus/proto-forms.ts';
import { signCommit, verifyCommit } from '../src/consensus/vote.ts';
import { formatTimeNs } from '../src/state/block-info.ts';

const SEED = Number(process.env.FC_SEED ?? 20261122);

/** RFC 6962 §2.1 written from the RFC: MTH(D[n]) = SHA-256(0x01 ‖ MTH(D[0:k]) ‖ MTH(D[k:n])), k the largest power of 2 < n. */
function rfc6962(items: Uint8Array[]): Uint8Array {
  if (items.length === 0) return sha256(new Uint8Array(0));
  if (items.length === 1) return sha256(Uint8Array.of(0, ...items[0]!));
  const k = 2 ** Math.floor(Math.log2(items.length - 1));
  return sha256(Uint8Array.of(1, ...rfc6962(items.slice(0, k)), ...rfc6962(items.slice(k))));
}

describe('consensus properties', () => {
  it('hashFromByteSlices = RFC 6962 Merkle tree hash', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 40 }), { maxLength: 70 }), (items) => {
        expect(hexText(hashFromByteSlices(items))).toBe(hexText(rfc6962(items)));
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it("last_results_hash leaves: field by field, the codec's ResponseDeliverTx of code, data, gas_wanted, gas_used", () => {
    const int64 = fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n });
    fc.assert(
      fc.property(fc.oneof(fc.constant(0), fc.nat({ max: 2 ** 32 - 1 })), fc.uint8Array({ maxLength: 40 }), fc.oneof(fc.constant(0n), int64), fc.oneof(fc.constant(0n), int64), (code, data, gasWanted, gasUsed) => {
        const r = { code, data, gas_wanted: gasWanted, gas_used: gasUsed };
        expect(hexText(deterministicResultBytes(r))).toBe(hexText(codec.encode('consensus.abci.ResponseDeliverTx', r)));
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('a signed commit verifies; a flipped bit, another chain id or another time does not', () => {
    const key = createPrivValidatorKey(new Uint8Array(32).fill(5));
    const validators = [validatorFromKey(key, 1)];
    const hash32 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(hexText);
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9-]{1,20}$/),
        fc.bigInt({ min: 1n, max: 2n ** 62n }),
        hash32,
        hash32,
        fc.integer({ min: 1, max: 1000 }),
        fc.bigInt({ min: 0n, max: 253402300799n * 1_000_000_000n }),
        fc.nat({ max: 511 }),
        (chainId, height, hash, partsHash, total, timeNs, bit) => {
          const blockId = { hash, parts: { total, hash: partsHash } };
          const timestamp = formatTimeNs(timeNs);
          const commit = signCommit({ chainId, height, blockId, timestamp, validators, privValidatorKeys: [key] });
          verifyCommit(chainId, validators, commit, { blockId, height });
          const sig = Buffer.from(commit.signatures[0]!.signature!, 'base64');
          sig[bit >> 3] ^= 1 << (bit & 7);
          const flipped = { ...commit, signatures: [{ ...commit.signatures[0]!, signature: sig.toString('base64') }] };
          expect(() => verifyCommit(chainId, validators, flipped)).toThrow('wrong signature (#0)');
          expect(() => verifyCommit(chainId + 'x', validators, commit)).toThrow('wrong signature (#0)');
          const later = { ...commit, signatures: [{ ...commit.signatures[0]!, timestamp: formatTimeNs(timeNs + 1n) }] };
          expect(() => verifyCommit(chainId, validators, later)).toThrow('wrong signature (#0)');
        },
      ),
      { seed: SEED, numRuns: 100 },
    );
  });
});
