/**
 * A snapshot written as a delta (src/state/snapshot-delta.ts) restores exactly the state it was
 * made of: applied to the JSON of the earlier state, the operations give the JSON of the later one,
 * member order included, for any JSON-like values sharing any of their parts; and across a sequence
 * of produces on a sharded collection, a whole snapshot and the deltas after it revive each state's
 * entries.
 */
import fc from 'fast-check';
import { Immer } from 'immer';
import { describe, expect, it } from 'vitest';
import { serializeState } from '../src/state/canonical.ts';
import { restoreSnapshot, snapshotDelta } from '../src/state/snapshot-delta.ts';
import { shardDelete, shardEntries, shardFrom, shardRevive, shardSet, type Sharded } from '../src/state/sharded.ts';
import { jsonKey, jsonLikeValue, stateJsonOracle } from '../test/helpers/json-like.ts';

const SEED = Number(process.env.FC_SEED ?? 20261129);
const oracle = stateJsonOracle;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const put = (o: Record<string, unknown>, k: string, v: unknown) => Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });

/**
 * A later version of `v` as a produce makes one: parts kept (the same objects), members replaced,
 * deleted or added (at the end, or before the old ones), drawn from the streams.
 */
function edit(v: unknown, draw: () => number, fresh: () => unknown, newKey: () => string): unknown {
  const r = draw();
  if (r < 0.35) return v;
  if (!isRecord(v) || r > 0.9) return fresh();
  const out: Record<string, unknown> = {};
  if (draw() < 0.15) put(out, newKey(), fresh()); // a member before the old ones
  for (const [k, member] of Object.entries(v)) {
    const c = draw();
    if (c < 0.15) continue; // deleted
    put(out, k, c < 0.3 ? undefined : edit(member, draw, fresh, newKey));
  }
  while (draw() < 0.3) put(out, newKey(), fresh());
  return out;
}

describe('snapshotDelta', () => {
  it('applied to the JSON of the earlier value, gives the JSON of the later one', () => {
    fc.assert(
      fc.property(jsonLikeValue, fc.infiniteStream(fc.noBias(fc.integer({ min: 0, max: 999 })).map((n) => n / 1000)), fc.infiniteStream(jsonLikeValue), fc.infiniteStream(jsonKey), (before, draws, values, keys) => {
        const [d, v, k] = [draws[Symbol.iterator](), values[Symbol.iterator](), keys[Symbol.iterator]()];
        const state = { v: before };
        const later = { v: edit(before, () => d.next().value as number, () => v.next().value, () => k.next().value as string) };
        const restored = restoreSnapshot([oracle(state), snapshotDelta(later, state)]);
        expect(oracle(restored)).toBe(oracle(later));
        // and nothing when nothing changed
        expect(snapshotDelta(later, later)).toBe('[]');
      }),
      { seed: SEED, numRuns: 1000 },
    );
  });

  it('a whole snapshot then a delta per produce on a sharded collection: each restores its state', () => {
    type Entry = { n: bigint; tag: string };
    const step = fc.record({ key: fc.nat({ max: 400 }), n: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), del: fc.boolean() });
    // odd keys share a few leaves (entries added and deleted within a leaf), even ones spread over the trie
    const hexKey = (k: number) => (k % 2 ? (k % 7).toString(16).padStart(4, '0') + k.toString(16).padStart(4, '0') : [...k.toString(16).padStart(5, '0')].reverse().join('')) + 'ab'.repeat(10);
    fc.assert(
      fc.property(fc.array(fc.array(step, { minLength: 1, maxLength: 20 }), { minLength: 1, maxLength: 8 }), fc.boolean(), (blocks, autoFreeze) => {
        const immer = new Immer({ autoFreeze });
        let state = { height: 0n, params: { name: 'p' } as Record<string, string>, s: shardFrom<Entry>([[hexKey(1), { n: 1n, tag: 'genesis' }]]) };
        const texts = [serializeState(state)];
        for (const [h, block] of blocks.entries()) {
          const before = state;
          state = immer.produce(state, (d) => {
            d.height = BigInt(h + 1);
            if (h % 3 === 1) d.params[`p${h}`] = String(h);
            for (const op of block) {
              if (op.del) shardDelete(d.s as Sharded<Entry>, hexKey(op.key));
              else shardSet(d.s as Sharded<Entry>, hexKey(op.key), { n: op.n, tag: `h${h}` });
            }
          });
          texts.push(snapshotDelta(state, before));
          const restored = restoreSnapshot(texts) as typeof state;
          expect([...shardEntries(shardRevive<Entry>(restored.s))].map(([k, e]) => [k, oracle(e)])).toEqual([...shardEntries(state.s)].map(([k, e]) => [k, oracle(e)]));
          expect(oracle({ ...restored, s: null })).toBe(oracle({ ...state, s: null }));
        }
      }),
      { seed: SEED, numRuns: 200 },
    );
  });
});
