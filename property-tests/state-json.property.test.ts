/**
 * The snapshot text of a state (`serializeState`, src/state/canonical.ts) is exactly what
 * `JSON.stringify` with the bigint tag writes, for any JSON-like value, and stays so when the texts
 * of immutable nodes are reused: across a sequence of produces writing and deleting entries of a
 * sharded collection, each state's text equals a fresh `JSON.stringify` of it, and revives to the
 * same entries.
 */
import fc from 'fast-check';
import { Immer } from 'immer';
import { describe, expect, it } from 'vitest';
import { deserializeState, serializeState } from '../src/state/canonical.ts';
import { shardDelete, shardEntries, shardFrom, shardRevive, shardSet, type Sharded } from '../src/state/sharded.ts';
import { jsonLikeValue, stateJsonOracle } from '../test/helpers/json-like.ts';

const SEED = Number(process.env.FC_SEED ?? 20261129);
const oracle = stateJsonOracle;

function freezeSome(v: unknown, pick: () => boolean): unknown {
  if (typeof v !== 'object' || v === null) return v;
  for (const member of Object.values(v)) freezeSome(member, pick);
  return pick() ? Object.freeze(v) : v;
}

describe('serializeState', () => {
  it('writes what JSON.stringify with the bigint tag writes, also when it reuses the texts of frozen objects', () => {
    fc.assert(
      fc.property(jsonLikeValue, fc.infiniteStream(fc.boolean()), (v, flips) => {
        const it = flips[Symbol.iterator]();
        const state = { v: freezeSome(v, () => it.next().value as boolean) };
        const want = oracle(state);
        const texts = new Map<object, string>();
        expect(serializeState(state)).toBe(want);
        expect(serializeState(state, texts)).toBe(want);
        expect(serializeState(state, texts)).toBe(want); // the second time from the kept texts
        // an object that is not frozen may change: its text is never kept
        state.v = { before: state.v };
        expect(serializeState(state, texts)).toBe(oracle(state));
        (state.v as Record<string, unknown>).after = 1n;
        expect(serializeState(state, texts)).toBe(oracle(state));
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  it('a sequence of produces on a sharded collection: each state written as JSON.stringify writes it, and revived to its entries', () => {
    type Entry = { n: bigint; tag: string };
    const step = fc.record({ key: fc.nat({ max: 400 }), n: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), del: fc.boolean() });
    const hexKey = (k: number) => [...k.toString(16).padStart(5, '0')].reverse().join('') + 'ab'.repeat(10);
    fc.assert(
      fc.property(fc.array(fc.array(step, { minLength: 1, maxLength: 20 }), { minLength: 1, maxLength: 8 }), fc.boolean(), (blocks, autoFreeze) => {
        const immer = new Immer({ autoFreeze });
        let state = { height: 0n, params: { name: 'p' }, s: shardFrom<Entry>([[hexKey(1), { n: 1n, tag: 'genesis' }]]) };
        const model = new Map<string, bigint>([[hexKey(1), 1n]]);
        const texts = new Map<object, string>();
        expect(serializeState(state, texts)).toBe(oracle(state));
        for (const [h, block] of blocks.entries()) {
          state = immer.produce(state, (d) => {
            d.height = BigInt(h + 1);
            for (const op of block) {
              if (op.del) {
                shardDelete(d.s as Sharded<Entry>, hexKey(op.key));
                model.delete(hexKey(op.key));
              } else {
                shardSet(d.s as Sharded<Entry>, hexKey(op.key), { n: op.n, tag: `h${h}` });
                model.set(hexKey(op.key), op.n);
              }
            }
          });
          const text = serializeState(state, texts);
          expect(text).toBe(oracle(state));
          const revived = shardRevive<Entry>(deserializeState<{ s: Sharded<Entry> }>(text).s);
          expect([...shardEntries(revived)].map(([k, e]) => [k, e.n])).toEqual([...model].sort(([a], [b]) => (a < b ? -1 : 1)));
        }
      }),
      { seed: SEED, numRuns: 100 },
    );
  });
});
