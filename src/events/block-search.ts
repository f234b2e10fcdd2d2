/**
 * block_search's matching: which stored blocks a query selects, as CometBFT 0.37's kv block indexer
 * (state/indexer/block/kv) answers it. CometBFT indexes each block's height and the indexed
 * attributes of its BeginBlock and EndBlock events; here there is no block index: the blocks in the
 * height range the query allows are scanned (`BlockStore.scanBlockEvents`) and their events matched.
 *
 * The indexer's rules, reproduced:
 * - `block.height = H` alone (or with more `block.height = …`, of which the first counts) selects
 *   block H; `block.height` ranges alone (`<`, `<=`, `>`, `>=`) select every block in them. A
 *   `block.height =` beside a `block.height` range is dropped.
 * - Any other condition is on an event attribute `type.key`, and all of them must match attributes of
 *   one and the same event (begin and end block events are distinct events); `block.height`
 *   conditions then only bound the heights. `=` compares text with the operand's `%v` (a string
 *   as quoted, a number as Go prints it: `5.50` as `5.5`), `CONTAINS` looks for a substring,
 *   `EXISTS` needs the key; `<`, `<=`, `>`, `>=` read the attribute as a base-10 integer (an
 *   attribute that is not one never matches) against an integer operand (a decimal operand matches
 *   nothing). Only attributes with `index: true` count; `tm.event` is no attribute of block events,
 *   so a condition on it matches nothing.
 * - Of several ranges on one key, each condition sets its bound over the one before (`x > 5 AND
 *   x > 3` is `x > 3`), and a bound once inclusive stays so (query_range.go); a `tx.height` range
 *   also bounds the heights.
 * Where CometBFT panics (a non-integer operand of `block.height =`, decimal height ranges beside
 * attribute conditions) the search here finds nothing.
 */
import type { AbciEvent } from './event.ts';
import { dedupHeight, GO_INTEGER, integerBounds, isIntegerOperand, isRange, lookForRangesWithHeight, operandText, within, type IntegerBounds } from './query-operand.ts';
import type { Condition } from './search-query.ts';

const BLOCK_HEIGHT = 'block.height';

/** An inclusive height interval; an absent end is open. */
export type HeightBounds = IntegerBounds;

/** A test of one event attribute of the key `type.key`. */
export interface AttributeTest {
  readonly key: string;
  readonly matches: (value: string) => boolean;
  /** text the stored events JSON must hold for the test to pass (a prefilter), if any */
  readonly needs?: string;
}

export type BlockSearchPlan =
  | { readonly kind: 'none' }
  /** every stored block within the bounds */
  | ({ readonly kind: 'heights' } & HeightBounds)
  /** the stored blocks within the bounds with one event that passes every test */
  | ({ readonly kind: 'events'; readonly tests: readonly AttributeTest[] } & HeightBounds);

/** The store reads a search needs (`BlockStore`'s). */
export interface BlockEventSource {
  blockHeights(from: bigint, to: bigint): bigint[];
  scanBlockEvents(from: bigint, to: bigint, visit: (height: bigint, beginEvents: string, endEvents: string) => void, mustContain?: readonly string[]): void;
}

const NONE: BlockSearchPlan = { kind: 'none' };

/**
 * A JSON string's text between its quotes: how `s` appears inside the stored events JSON (within
 * any text containing it). Undefined for text with surrogates, which JSON escapes only when unpaired.
 */
const jsonInner = (s: string): string | undefined => (/[\uD800-\uDFFF]/.test(s) ? undefined : JSON.stringify(s).slice(1, -1));

/** The blocks a query (`parseSearchQuery`'s conditions) selects, as kv.go's `Search` does. */
export function planBlockSearch(conditions: readonly Condition[]): BlockSearchPlan {
  const { heightEq, onlyHeight, rest } = dedupHeight(conditions, BLOCK_HEIGHT);
  if (heightEq !== undefined && !isIntegerOperand(heightEq)) return NONE;
  if (heightEq !== undefined && onlyHeight) {
    const h = BigInt(heightEq.value);
    return { kind: 'heights', lo: h, hi: h };
  }

  const { ranges, heightRange } = lookForRangesWithHeight(rest);

  // `block.height` with CONTAINS or EXISTS reads the height keys as event keys, which never parse
  if (rest.some((c) => c.key === BLOCK_HEIGHT && !isRange(c.op))) return NONE;

  if (onlyHeight) {
    // block.height ranges alone: every indexed height within them
    const bounds = integerBounds(ranges.get(BLOCK_HEIGHT)!);
    return bounds ? { kind: 'heights', ...bounds } : NONE;
  }

  // checkHeightConditions: the height range if any, else the `block.height =` (0: none)
  let heights: HeightBounds = {};
  if (heightRange !== undefined) {
    const b = integerBounds(heightRange);
    if (!b) return NONE;
    heights = b;
  } else if (heightEq !== undefined && BigInt(heightEq.value) !== 0n) {
    const h = BigInt(heightEq.value);
    heights = { lo: h, hi: h };
  }

  const tests: AttributeTest[] = [];
  for (const [key, r] of ranges) {
    if (key === BLOCK_HEIGHT) continue;
    const b = integerBounds(r);
    if (!b) return NONE;
    tests.push({ key, matches: (v) => GO_INTEGER.test(v) && within(BigInt(v), b) });
  }
  for (const c of rest) {
    if (isRange(c.op)) continue;
    const operand = operandText(c);
    if (c.op === 'EXISTS') tests.push({ key: c.key, matches: () => true });
    else if (c.op === 'CONTAINS') tests.push({ key: c.key, matches: (v) => v.includes(operand), needs: jsonInner(operand) });
    else tests.push({ key: c.key, matches: (v) => v === operand, needs: JSON.stringify(operand) });
  }
  return { kind: 'events', tests, ...heights };
}

/** Whether one event of the block passes every test (kv.go keys its matches by height and event). */
export function blockEventsMatch(events: readonly AbciEvent[], tests: readonly AttributeTest[]): boolean {
  for (const e of events) {
    if (e.type === '') continue;
    const prefix = `${e.type}.`;
    let all = true;
    for (const t of tests) {
      if (!t.key.startsWith(prefix)) {
        all = false;
        break;
      }
      const attr = t.key.slice(prefix.length);
      if (!e.attributes.some((a) => a.index && a.key === attr && a.key !== '' && t.matches(a.value))) {
        all = false;
        break;
      }
    }
    if (all) return true;
  }
  return false;
}

/**
 * The heights of the stored blocks in [base, latest] that the query selects, ascending (the
 * indexer's `Search`; the RPC orders and pages them).
 */
export function searchBlockHeights(store: BlockEventSource, conditions: readonly Condition[], base: bigint, latest: bigint): bigint[] {
  const plan = planBlockSearch(conditions);
  if (plan.kind === 'none') return [];
  const from = plan.lo !== undefined && plan.lo > base ? plan.lo : base;
  const to = plan.hi !== undefined && plan.hi < latest ? plan.hi : latest;
  if (from > to || to < 1n) return [];
  if (plan.kind === 'heights') return store.blockHeights(from, to);
  const found: bigint[] = [];
  const needs = plan.tests.flatMap((t) => (t.needs !== undefined && t.needs !== '' ? [t.needs] : []));
  store.scanBlockEvents(
    from,
    to,
    (height, begin, end) => {
      const events = [...(JSON.parse(begin) as AbciEvent[]), ...(JSON.parse(end) as AbciEvent[])];
      if (blockEventsMatch(events, plan.tests)) found.push(height);
    },
    needs,
  );
  return found;
}
