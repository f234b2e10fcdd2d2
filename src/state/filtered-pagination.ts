/**
 * The SDK's `query.GenericFilteredPaginate` (types/query/filtered_pagination.go; reference/sdk-modules.md
 * §1.4): pages over the items that pass a filter, counting only matches.
 * - key mode: iterate from `key`; stop when `limit` matches are taken, and `next_key` is the key of
 *   the next item in store order whether it matches or not; `total` is 0;
 * - offset mode: skip `offset` matches, take `limit`; `next_key` is the key of the first match after
 *   the page; with count_total (forced when the limit is 0) the iteration goes on and `total` counts
 *   all matches.
 * The filter runs on every item iterated (so its errors surface whenever an item is reached).
 */
import { QueryError } from '../errors.ts';
import { DEFAULT_PAGE_LIMIT, type PageRequest, type PageResponse } from './pagination.ts';

/**
 * `items` in ascending store-key order (reversed here for `reverse`); `keyOf` gives the store key
 * bytes; `filter` returns the page entry of a matching item or undefined.
 */
export function filteredPaginate<T, R>(
  items: readonly T[],
  keyOf: (item: T) => Uint8Array,
  filter: (item: T) => R | undefined,
  req: PageRequest | null | undefined,
): { page: R[]; pagination: PageResponse } {
  const key = req?.key && req.key.length > 0 ? req.key : undefined;
  const offset = req?.offset ?? 0n;
  const reverse = req?.reverse ?? false;
  if (key && offset > 0n) throw QueryError.invalidArgument('invalid request, either offset or key is expected, got both');
  const limitGiven = req?.limit ?? 0n;
  const limit = limitGiven === 0n ? DEFAULT_PAGE_LIMIT : limitGiven;
  const countTotal = (req?.count_total ?? false) || limitGiven === 0n;
  const ordered = reverse ? [...items].reverse() : items;
  const page: R[] = [];

  if (key) {
    const hex = Buffer.from(key).toString('hex');
    let start = ordered.findIndex((it) => {
      const k = Buffer.from(keyOf(it)).toString('hex');
      return reverse ? k <= hex : k >= hex;
    });
    if (start < 0) start = ordered.length;
    let hits = 0n;
    let next: Uint8Array | null = null;
    for (let i = start; i < ordered.length; i++) {
      if (hits === limit) {
        next = keyOf(ordered[i]!);
        break;
      }
      const r = filter(ordered[i]!);
      if (r !== undefined) {
        page.push(r);
        hits++;
      }
    }
    return { page, pagination: { next_key: next, total: 0n } };
  }

  const end = offset + limit;
  let hits = 0n;
  let next: Uint8Array | null = null;
  for (const it of ordered) {
    const r = filter(it);
    if (r === undefined) continue;
    hits++;
    if (hits > offset && hits <= end) page.push(r);
    else if (hits === end + 1n) {
      next ??= keyOf(it);
      if (!countTotal) break;
    }
  }
  return { page, pagination: { next_key: next, total: countTotal ? hits : 0n } };
}
