/**
 * Properties of slashing's liveness bookkeeping (reference/sdk-modules.md §6.2): for any sequence
 * of signed/missed votes, the signing info matches a direct model of the SDK's algorithm (window
 * 20, at most 10 misses): index_offset, the missed counter = the number of `true` bits, and the
 * block at which the validator is jailed. Staking's slash/jail are a recorder.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { missedBlockEntries } from '../src/modules/slashing/state.ts';
import { calls, resetCalls } from '../test/modules/slashing/fake-staking.ts';
import { putValidator, STOS, valOf, vote, World } from '../test/modules/slashing/harness.ts';

vi.mock('../src/modules/staking/slash.ts', async () => await import('../test/modules/slashing/fake-staking.ts'));

const SEED = Number(process.env.FC_SEED ?? 20261124);
const WINDOW = 20;
const MAX_MISSED = 10;
const V = valOf(0);

/** The SDK's algorithm on plain arrays: returns the state after the votes and the jail height. */
function model(signedVotes: readonly boolean[]) {
  let offset = 0;
  let counter = 0;
  let bits = new Map<number, boolean>();
  let jailedAt: number | undefined;
  signedVotes.forEach((signedBlock, i) => {
    const height = i + 1;
    if (jailedAt !== undefined) return;
    const index = offset % WINDOW;
    offset++;
    const previous = bits.get(index) ?? false;
    if (!previous && !signedBlock) {
      bits.set(index, true);
      counter++;
    } else if (previous && signedBlock) {
      bits.set(index, false);
      counter--;
    }
    if (height > WINDOW && counter > MAX_MISSED) {
      jailedAt = height;
      counter = 0;
      offset = 0;
      bits = new Map();
    }
  });
  return { offset, counter, bits, jailedAt };
}

describe('slashing liveness', () => {
  it('matches the model for any vote sequence', () => {
    fc.assert(
      // each vote misses when its draw is below the run's miss rate (0 to 10 in 10), so that runs
      // range from always signing to always missing and a good share reach downtime
      fc.property(fc.array(fc.nat({ max: 9 }), { minLength: 1, maxLength: 60, size: 'max' }), fc.nat({ max: 10 }), (draws, missRate) => {
        const seq = draws.map((d) => d >= missRate);
        resetCalls();
        const w = new World({
          slashing: {
            params: { signed_blocks_window: String(WINDOW), min_signed_per_window: '0.5', downtime_jail_duration: '600s', slash_fraction_double_sign: '0.05', slash_fraction_downtime: '0.0002' },
            signing_infos: [],
            missed_blocks: [],
          },
        });
        w.patch((d, ctx) => putValidator(d, V, { tokens: 100n * STOS }, ctx), 0n);
        for (const s of seq) w.block({ votes: [vote(V, 100_000n, s)] });
        const m = model(seq);
        const info = w.app.state.slashing.signing_infos[V.consHex]!;
        expect({ index_offset: info.index_offset, counter: info.missed_blocks_counter }).toEqual({ index_offset: BigInt(m.offset), counter: BigInt(m.counter) });
        const entries = missedBlockEntries(w.app.state, V.consHex);
        expect(entries.filter((e) => e.missed).length).toBe(m.counter);
        expect(entries).toEqual([...m.bits.entries()].sort(([a], [b]) => a - b).map(([index, missed]) => ({ index: BigInt(index), missed })));
        expect(calls.slash.map((c) => c.infractionHeight)).toEqual(m.jailedAt === undefined ? [] : [BigInt(m.jailedAt - 2)]);
        expect(w.validator(V).jailed).toBe(m.jailedAt !== undefined);
      }),
      { seed: SEED, numRuns: 40 },
    );
  });
});
