/**
 * Sharded collections under immer: reads never draft, writes copy each node on the path once per
 * produce and never touch the base state, entries are frozen, and snapshots revive.
 */
import { describe, expect, it } from 'vitest';
import { Immer, isDraft } from 'immer';
import { shardDelete, shardEntries, shardFrom, shardGet, shardRevive, shardSet, type Sharded } from '../../src/state/sharded.ts';
import { deserializeState, serializeState, stateDigest } from '../../src/state/canonical.ts';

// low hex digits first, so that keys differ in their leading (trie) digits
const key = (n: number) => [...n.toString(16).padStart(6, '0')].reverse().join('') + '0'.repeat(34);
type Entry = { n: number };
const entries = (s: Sharded<Entry>) => [...shardEntries(s)].map(([k, v]) => [k, v.n]);

describe('sharded collections', () => {
  const base = { s: shardFrom<Entry>([0, 1, 0x1000, 0xabcdef].map((n) => [key(n), { n }])) };
  const baseEntries = entries(base.s);
  const baseDigest = stateDigest(base);

  for (const autoFreeze of [true, false]) {
    const immer = new Immer({ autoFreeze });

    it(`reads the stored entries on a state and on a draft, never a draft (autoFreeze ${autoFreeze})`, () => {
      immer.produce(base, (d) => {
        const s = d.s as Sharded<Entry>;
        for (const n of [0, 1, 0x1000, 0xabcdef]) {
          expect(isDraft(shardGet(s, key(n)))).toBe(false);
          expect(shardGet(s, key(n))).toBe(shardGet(base.s, key(n)));
        }
        expect(shardGet(s, key(2))).toBeUndefined();
      });
    });

    it(`writes in a produce are seen in it, leave the base untouched, and share untouched subtrees (autoFreeze ${autoFreeze})`, () => {
      const seen: unknown[] = [];
      const next = immer.produce(base, (d) => {
        const s = d.s as Sharded<Entry>;
        shardSet(s, key(1), { n: 10 });
        shardSet(s, key(5), { n: 5 });
        shardSet(s, key(1), { n: 11 }); // the same path again: already this produce's copy
        expect(shardDelete(s, key(0x1000))).toBe(true);
        expect(shardDelete(s, key(0x1001))).toBe(false);
        seen.push(shardGet(s, key(1))?.n, shardGet(s, key(5))?.n, shardGet(s, key(0x1000)));
      });
      expect(seen).toEqual([11, 5, undefined]);
      expect(entries(next.s)).toEqual([[key(0), 0], [key(1), 11], [key(5), 5], [key(0xabcdef), 0xabcdef]]);
      expect(entries(base.s)).toEqual(baseEntries);
      expect(stateDigest(base)).toBe(baseDigest);
      // key(0xabcdef) starts with "f", the written keys with "0" and "1": its subtree is shared, not copied
      const root = (s: Sharded<Entry>) => s as Record<string, unknown>;
      expect(root(next.s).v).toBe(root(base.s).v);
      expect(root(next.s).h).not.toBe(root(base.s).h);
    });

    it(`a produce that throws leaves nothing behind, and the next produce copies again (autoFreeze ${autoFreeze})`, () => {
      expect(() =>
        immer.produce(base, (d) => {
          shardSet(d.s as Sharded<Entry>, key(1), { n: 99 });
          throw new Error('tx failed');
        }),
      ).toThrow('tx failed');
      expect(entries(base.s)).toEqual(baseEntries);
      const a = immer.produce(base, (d) => shardSet(d.s as Sharded<Entry>, key(1), { n: 2 }));
      const b = immer.produce(a, (d) => shardSet(d.s as Sharded<Entry>, key(1), { n: 3 }));
      expect([shardGet(a.s, key(1))!.n, shardGet(b.s, key(1))!.n]).toEqual([2, 3]);
    });
  }

  it('deleting entries leaves the layout, digest and JSON of a collection that never had them', () => {
    const all = [0, 1, 0x1000, 0x1001, 0xabcdef];
    const built = shardFrom<Entry>(all.map((n) => [key(n), { n }]));
    const next = new Immer().produce({ s: built }, (d) => {
      shardDelete(d.s as Sharded<Entry>, key(0x1001));
      shardDelete(d.s as Sharded<Entry>, key(0xabcdef)); // the only entry under "f": its whole path goes
    });
    const fresh = { s: shardFrom<Entry>([0, 1, 0x1000].map((n) => [key(n), { n }])) };
    expect(stateDigest(next)).toBe(stateDigest(fresh));
    expect(serializeState(next)).toBe(serializeState(fresh));
    expect(Object.keys(next.s)).toEqual(Object.keys(fresh.s));
  });

  it('entries are frozen: changing one in place throws instead of corrupting earlier states', () => {
    const e = shardGet(base.s, key(1))!;
    expect(Object.isFrozen(e)).toBe(true);
    expect(() => {
      (e as { n: number }).n = 7;
    }).toThrow(TypeError);
  });

  it('a draft stored as (part of) an entry is stored as its current value', () => {
    const state = { s: shardFrom<{ inner: Entry }>([]), other: { n: 4 } };
    const next = new Immer({ autoFreeze: false }).produce(state, (d) => {
      d.other.n = 5;
      shardSet(d.s as Sharded<{ inner: Entry }>, key(3), { inner: d.other });
    });
    const stored = shardGet(next.s, key(3))!;
    expect(isDraft(stored.inner)).toBe(false);
    expect(stored.inner).toEqual({ n: 5 });
  });

  it('a snapshot round trip revives a writable collection with the same digest; an unrevived one fails clearly', () => {
    const plain = deserializeState<{ s: Sharded<Entry> }>(serializeState(base));
    const revived = { s: shardRevive(plain.s) };
    expect(stateDigest(revived)).toBe(baseDigest);
    const next = new Immer().produce(revived, (d) => shardSet(d.s as Sharded<Entry>, key(1), { n: 8 }));
    expect(shardGet(next.s, key(1))).toEqual({ n: 8 });
    expect(() => new Immer().produce(plain, (d) => shardSet(d.s as Sharded<Entry>, key(1), { n: 8 }))).toThrow(
      'sharded collection with plain nodes: a collection read from JSON must go through shardRevive',
    );
  });
});
