/**
 * `filteredPaginate` (src/state/filtered-pagination.ts, the SDK's GenericFilteredPaginate behind
 * gov's /proposals) against a model over random items, filters and page requests:
 * - offset mode: the page is matches[offset, offset+limit), `total` counts all matches (when
 *   counted), `next_key` is the key of the first match after the page;
 * - key mode: following `next_key` from the first key visits every match exactly once, in order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filteredPaginate } from '../src/state/filtered-pagination.ts';

/** Replay a failure with FC_SEED=<seed> (fast-check prints seed and path). */
const SEED = Number(process.env.FC_SEED ?? 20_241_124);
const RUNS = { seed: SEED, numRuns: 300 };

const key = (id: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(id));
  return new Uint8Array(b);
};
/** ascending distinct ids, each with a match flag */
const itemsArb = fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { maxLength: 40 }).chain((ids) =>
  fc.tuple(fc.constant([...ids].sort((a, b) => a - b)), fc.array(fc.boolean(), { minLength: ids.length, maxLength: ids.length })),
);

describe('filteredPaginate', () => {
  it('offset mode: the page, total and next_key of the matches', () => {
    fc.assert(
      fc.property(itemsArb, fc.nat({ max: 45 }), fc.nat({ max: 12 }), fc.boolean(), fc.boolean(), ([ids, flags], offset, limit, countTotal, reverse) => {
        const match = new Map(ids.map((id, i) => [id, flags[i]!]));
        const ordered = reverse ? [...ids].reverse() : ids;
        const matches = ordered.filter((id) => match.get(id));
        const lim = limit === 0 ? 100 : limit;
        const { page, pagination } = filteredPaginate(ids, key, (id) => (match.get(id) ? id : undefined), { offset: BigInt(offset), limit: BigInt(limit), count_total: countTotal, reverse });
        expect(page).toEqual(matches.slice(offset, offset + lim));
        const next = matches[offset + lim];
        expect(pagination.next_key).toEqual(next === undefined ? null : key(next));
        expect(pagination.total).toBe(countTotal || limit === 0 ? BigInt(matches.length) : 0n);
      }),
      RUNS,
    );
  });

  it('key mode: following next_key visits every match once, in order', () => {
    fc.assert(
      fc.property(itemsArb, fc.integer({ min: 1, max: 7 }), ([ids, flags], limit) => {
        const match = new Map(ids.map((id, i) => [id, flags[i]!]));
        const filter = (id: number) => (match.get(id) ? id : undefined);
        const seen: number[] = [];
        let req: { key?: Uint8Array; limit: bigint } = { limit: BigInt(limit) };
        for (let guard = 0; guard <= ids.length + 1; guard++) {
          const { page, pagination } = filteredPaginate(ids, key, filter, req);
          seen.push(...page);
          if (req.key) expect(pagination.total).toBe(0n);
          if (pagination.next_key === null) break;
          req = { key: pagination.next_key, limit: BigInt(limit) };
        }
        expect(seen).toEqual(ids.filter((id) => match.get(id)));
      }),
      RUNS,
    );
  });
});
