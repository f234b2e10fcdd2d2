/**
 * tx_search's matching: which txs a query selects, as CometBFT 0.37's kv tx indexer
 * (state/txindex/kv `Search`) answers it; `BlockStore.searchTxs` runs the plan over its index.
 *
 * The indexer's rules, reproduced:
 * - A `tx.hash` condition decides alone: the first one's operand, hex-decoded, is looked up and
 *   every other condition is ignored (a bad hex is an error).
 * - `tx.height =`: the first counts, and only when no other `tx.height` condition (a range, EXISTS,
 *   CONTAINS) is there; it then bounds every other condition's matches to that height (0: no bound).
 * - `<`, `<=`, `>`, `>=` on one key make one range (query_range.go; a bound once inclusive stays
 *   so) that a single attribute value must fall in: the value read whole as a base-10 integer
 *   (`100wei` never matches), the bounds big integers (a decimal, a time or a date matches
 *   nothing). A `tx.height` (or `block.height`) range bounds the heights of every other match.
 * - `=` compares the attribute's text with the operand's `%v` (a quoted string as is, a number as Go
 *   prints it); `CONTAINS` looks for a substring; `EXISTS` needs the key.
 * Where the indexer panics (a `tx.hash` operand that is no string, a `tx.height =` that is no
 * integer, a decimal height range) the search here finds nothing.
 */
import { decodeGoHex } from '../codec/go-hex.ts';
import { conditionsError, dedupHeight, integerBounds, isIntegerOperand, isRange, lookForRangesWithHeight, operandText, type IntegerBounds } from './query-operand.ts';
import { QuerySyntaxError, type Condition } from './search-query.ts';

const TX_HEIGHT = 'tx.height';
const TX_HASH = 'tx.hash';

/** A test of one indexed attribute key (`tx.height` is the tx's height). */
export type TxAttributeTest =
  | { readonly kind: '='; readonly key: string; readonly value: string }
  | { readonly kind: 'CONTAINS'; readonly key: string; readonly value: string }
  | { readonly kind: 'EXISTS'; readonly key: string }
  | { readonly kind: 'range'; readonly key: string; readonly bounds: IntegerBounds };

export type TxSearchPlan =
  | { readonly kind: 'none' }
  /** the tx of this hash (upper-case hex), if any */
  | { readonly kind: 'hash'; readonly hash: string }
  /** the txs within the heights that pass every test */
  | { readonly kind: 'where'; readonly heights: IntegerBounds; readonly tests: readonly TxAttributeTest[] };

const NONE: TxSearchPlan = { kind: 'none' };

/** The plan of a query's conditions; throws QuerySyntaxError with the node's text where `Search` fails. */
export function planTxSearch(conditions: readonly Condition[]): TxSearchPlan {
  const bad = conditionsError(conditions);
  if (bad !== undefined) throw new QuerySyntaxError(`error during parsing conditions from query: ${bad}`);

  const hash = conditions.find((c) => c.key === TX_HASH);
  if (hash) {
    if (hash.operand !== 'string') return NONE;
    let bytes: Uint8Array;
    try {
      bytes = decodeGoHex(hash.value);
    } catch (e) {
      throw new QuerySyntaxError(`error during searching for a hash in the query: ${(e as Error).message}`);
    }
    if (bytes.length === 0) throw new QuerySyntaxError('error while retrieving the result: transaction hash cannot be empty');
    return { kind: 'hash', hash: Buffer.from(bytes).toString('hex').toUpperCase() };
  }

  const { heightEq, onlyHeight, rest } = dedupHeight(conditions, TX_HEIGHT);
  if (heightEq !== undefined && !isIntegerOperand(heightEq)) return NONE;
  const eqHeight = heightEq !== undefined ? BigInt(heightEq.value) : undefined;
  if (eqHeight !== undefined && onlyHeight) return { kind: 'where', heights: {}, tests: [{ kind: '=', key: TX_HEIGHT, value: eqHeight.toString() }] };

  const { ranges, heightRange } = lookForRangesWithHeight(rest);

  // checkHeightConditions: the height range if any, else the `tx.height =` (0: none)
  let heights: IntegerBounds = {};
  if (heightRange !== undefined) {
    const b = integerBounds(heightRange);
    if (!b) return NONE;
    heights = b;
  } else if (eqHeight !== undefined && eqHeight !== 0n) heights = { lo: eqHeight, hi: eqHeight };

  const tests: TxAttributeTest[] = [];
  const onlyHeightRange = onlyHeight && eqHeight === undefined;
  for (const [key, r] of ranges) {
    // a tx.height range beside other conditions only bounds their heights
    if (key === TX_HEIGHT && !onlyHeightRange) continue;
    const bounds = integerBounds(r);
    if (!bounds) return NONE;
    tests.push({ kind: 'range', key, bounds });
  }
  for (const c of rest) {
    if (isRange(c.op)) continue;
    if (c.op === 'EXISTS') tests.push({ kind: 'EXISTS', key: c.key });
    else if (c.op === 'CONTAINS') tests.push({ kind: 'CONTAINS', key: c.key, value: c.value });
    else tests.push({ kind: '=', key: c.key, value: operandText(c) });
  }
  return { kind: 'where', heights, tests };
}
