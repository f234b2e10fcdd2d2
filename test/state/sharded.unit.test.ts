/** `shardPeek` reads what `shardGet` reads, on states and on immer drafts, without drafting the path. */
import { describe, expect, it } from 'vitest';
import { Immer, isDraft } from 'immer';
import { shardFrom, shardGet, shardPeek, shardSet, type Sharded } from '../../src/state/sharded.ts';

const key = (n: number) => n.toString(16).padStart(40, '0');

describe('shardPeek', () => {
  const base = { s: shardFrom<{ n: number }>([0, 1, 0x1000, 0xabcdef].map((n) => [key(n), { n }])) };

  it('equals shardGet on a plain state, including missing keys', () => {
    for (const k of [key(0), key(1), key(0x1000), key(0xabcdef), key(2)]) expect(shardPeek(base.s, k)).toBe(shardGet(base.s, k));
  });

  it('sees writes made earlier in the same draft, and reading does not copy the state', () => {
    for (const autoFreeze of [true, false]) {
      const immer = new Immer({ autoFreeze });
      const seen: unknown[] = [];
      const next = immer.produce(base, (d) => {
        const s = d.s as Sharded<{ n: number }>;
        seen.push(shardPeek(s, key(1))?.n);
        shardGet(s, key(1))!.n = 10;
        shardSet(s, key(5), { n: 5 });
        seen.push(shardPeek(s, key(1))?.n, shardPeek(s, key(5))?.n, shardPeek(s, key(0x1000))?.n, shardPeek(s, key(6)));
      });
      expect(seen).toEqual([1, 10, 5, 0x1000, undefined]);
      expect(shardGet(next.s, key(1))).toEqual({ n: 10 });
      // an unmodified entry comes back as the base object itself (shardGet would hand out a draft)
      immer.produce(base, (d) => {
        const s = d.s as Sharded<{ n: number }>;
        expect(isDraft(shardPeek(s, key(0xabcdef)))).toBe(false);
        expect(shardPeek(s, key(0xabcdef))).toBe(shardGet(base.s, key(0xabcdef)));
        expect(isDraft(shardGet(s, key(0xabcdef)))).toBe(true);
      });
    }
  });
});
