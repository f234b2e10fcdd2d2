/**
 * What CometBFT 0.37's indexers and event bus make of a condition's operand once the query parsed
 * (libs/pubsub/query `Conditions`, state/indexer/query_range.go): the operand as a Go value (a
 * string, a `*big.Int`, a `float64`, a `time.Time`), its `%v` text (how the kv indexers look an `=`
 * up), and the ranges `<`, `<=`, `>`, `>=` make of a key's conditions.
 */
import type { Condition } from './search-query.ts';

/** What Go's `big.Int.SetString(s, 10)` accepts. */
export const GO_INTEGER = /^[+-]?\d+$/;

/** An integer operand (a number without a point): what the grammar reads as a `*big.Int`. */
export const isIntegerOperand = (c: Condition): boolean => c.operand === 'number' && !c.value.includes('.');

export const isRange = (op: Condition['op']): boolean => op === '<' || op === '<=' || op === '>' || op === '>=';

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number): boolean => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);

interface GoTime {
  readonly date: string;
  readonly clock: string;
  /** offset in minutes east of UTC */
  readonly offset: number;
}

/** Go's `time.Parse` of a TIME or DATE operand (the grammar fixed its shape): the range checks and their texts. */
function parseGoTime(c: Condition): GoTime | string {
  const v = c.value;
  const [y, mo, d] = [Number(v.slice(0, 4)), Number(v.slice(5, 7)), Number(v.slice(8, 10))];
  const fail = (what: string): string => `parsing time ${JSON.stringify(v)}: ${what} out of range`;
  if (mo < 1 || mo > 12) return fail('month');
  if (d < 1 || d > (mo === 2 && isLeap(y) ? 29 : DAYS[mo - 1]!)) return fail('day');
  if (c.operand === 'date') return { date: v.slice(0, 10), clock: '00:00:00', offset: 0 };
  const [h, mi, s] = [Number(v.slice(11, 13)), Number(v.slice(14, 16)), Number(v.slice(17, 19))];
  if (h > 23) return fail('hour');
  if (mi > 59) return fail('minute');
  if (s > 59) return fail('second');
  let offset = 0;
  if (v[19] !== 'Z') {
    const [oh, om] = [Number(v.slice(20, 22)), Number(v.slice(23, 25))];
    if (oh > 24) return fail('time zone offset hour');
    if (om > 60) return fail('time zone offset minute');
    offset = (v[19] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  return { date: v.slice(0, 10), clock: v.slice(11, 19), offset };
}

/**
 * The error `Query.Conditions` gives for the query's operands, or undefined: a TIME or DATE the
 * grammar took that `time.Parse` refuses (`DATE 2020-02-30`).
 */
export function conditionsError(conditions: readonly Condition[]): string | undefined {
  for (const c of conditions) {
    if (c.operand !== 'time' && c.operand !== 'date') continue;
    const t = parseGoTime(c);
    if (typeof t === 'string') {
      const layout = c.operand === 'time' ? 'RFC3339' : "'2006-01-02'";
      return `got ${t} while trying to parse ${c.value} as time.Time / ${layout} (should never happen if the grammar is correct)`;
    }
  }
  return undefined;
}

/** Go's `%v` of a float64 (`%g` with the shortest digits): `5.5`, `100000`, `1.234567e+06`, `1e-05`. */
export function goFloatText(f: number): string {
  if (f === 0) return '0';
  if (!Number.isFinite(f)) return f > 0 ? '+Inf' : f < 0 ? '-Inf' : 'NaN';
  const [mantissa, exp] = f.toExponential().split('e') as [string, string];
  const x = Number(exp);
  // strconv's %g with the shortest digits takes the exponent form below 1e-4 and from 1e6 (eprec 6)
  if (x < -4 || x >= 6) {
    const e = Math.abs(x).toString().padStart(2, '0');
    return `${mantissa}e${x < 0 ? '-' : '+'}${e}`;
  }
  return String(f);
}

/** `%v` of a `time.Time` as `time.Parse` made it: `2020-01-01 10:00:00 +0000 UTC`, `… +0100 +0100`. */
function goTimeText(t: GoTime): string {
  if (t.offset === 0) return `${t.date} ${t.clock} +0000 UTC`;
  const abs = Math.abs(t.offset);
  const zone = `${t.offset < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
  return `${t.date} ${t.clock} ${zone} ${zone}`;
}

/** The operand's `%v` text, which the kv indexers' keys are looked up by for `=`. */
export function operandText(c: Condition): string {
  if (c.operand === 'number') return c.value.includes('.') ? goFloatText(Number(c.value)) : BigInt(c.value).toString();
  if (c.operand === 'time' || c.operand === 'date') {
    const t = parseGoTime(c);
    return typeof t === 'string' ? '' : goTimeText(t);
  }
  return c.value;
}

/** The operand as an instant (ms since the epoch), for the event bus's time comparisons. */
export function operandInstant(c: Condition): number | undefined {
  const t = parseGoTime(c);
  if (typeof t === 'string') return undefined;
  return Date.parse(`${t.date}T${t.clock}Z`) - t.offset * 60_000;
}

/** An inclusive interval of integers; an absent end is open. */
export interface IntegerBounds {
  readonly lo?: bigint;
  readonly hi?: bigint;
}

/** query_range.go QueryRange: a key's bounds, each the operand of the condition that set it last. */
export interface QueryRange {
  lower?: Condition;
  upper?: Condition;
  includeLower: boolean;
  includeUpper: boolean;
}

export const emptyRange = (): QueryRange => ({ includeLower: false, includeUpper: false });

/** LookForRangesWithHeight's update of a range by one condition: a bound once inclusive stays so. */
export function applyRange(r: QueryRange, c: Condition): void {
  if (c.op === '>' || c.op === '>=') {
    if (c.op === '>=') r.includeLower = true;
    r.lower = c;
  } else {
    if (c.op === '<=') r.includeUpper = true;
    r.upper = c;
  }
}

/**
 * A range's inclusive integer bounds (LowerBoundValue/UpperBoundValue, `matchRange` comparing
 * big integers), or undefined when a bound is no integer (the indexers then match nothing or panic).
 */
export function integerBounds(r: QueryRange): IntegerBounds | undefined {
  if ((r.lower && !isIntegerOperand(r.lower)) || (r.upper && !isIntegerOperand(r.upper))) return undefined;
  return {
    ...(r.lower ? { lo: BigInt(r.lower.value) + (r.includeLower ? 0n : 1n) } : {}),
    ...(r.upper ? { hi: BigInt(r.upper.value) - (r.includeUpper ? 0n : 1n) } : {}),
  };
}

export const within = (v: bigint, b: IntegerBounds): boolean => (b.lo === undefined || v >= b.lo) && (b.hi === undefined || v <= b.hi);

/**
 * kv.go's `dedupHeight` for a height key (`tx.height`, `block.height`): the first `=` on it, dropped
 * when another condition on the key exists; whether the key is all the query asks about; the other
 * conditions.
 */
export function dedupHeight(conditions: readonly Condition[], key: string): { heightEq?: Condition; onlyHeight: boolean; rest: Condition[] } {
  let heightEq: Condition | undefined;
  let heightOther = false;
  let onlyHeight = true;
  const rest: Condition[] = [];
  for (const c of conditions) {
    if (c.key === key && c.op === '=') heightEq ??= c;
    else {
      if (c.key === key) heightOther = true;
      else onlyHeight = false;
      rest.push(c);
    }
  }
  return { ...(heightEq && !heightOther ? { heightEq } : {}), onlyHeight, rest };
}

/**
 * query_range.go `LookForRangesWithHeight`: the ranges of the conditions by key, and the height
 * range (of whichever height key, `tx.height` or `block.height`, came last).
 */
export function lookForRangesWithHeight(conditions: readonly Condition[]): { ranges: Map<string, QueryRange>; heightRange?: QueryRange } {
  const ranges = new Map<string, QueryRange>();
  let heightRange: QueryRange | undefined;
  for (const c of conditions) {
    if (!isRange(c.op)) continue;
    const heightKey = c.key === 'tx.height' || c.key === 'block.height';
    let r = ranges.get(c.key);
    if (r === undefined) {
      r = emptyRange();
      ranges.set(c.key, r);
      if (heightKey) heightRange = emptyRange();
    }
    applyRange(r, c);
    if (heightKey) applyRange(heightRange!, c);
  }
  return { ranges, ...(heightRange ? { heightRange } : {}) };
}
