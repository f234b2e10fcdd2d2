/**
 * A subscription query (CometBFT 0.37 libs/pubsub/query `Query.Matches`) against the events of one
 * published message: a map from composite keys (`tm.event`, `message.sender`, `tx.height`, …) to
 * every value they have in the message. Each condition must match some value of its key:
 * - a quoted string: `=` equal text, `CONTAINS` a substring (`tx.height='5'` compares text);
 * - an integer: the first run of digits and dots in the value (`100wei` → 100), its integer part
 *   as a big integer, against the operand, with any operator;
 * - a decimal (`1.5`): that run as a float64 against it;
 * - a TIME or DATE: the value read as an RFC 3339 time (when it holds a `T`) or a date.
 * - `EXISTS`: the key is present; a key without a dot is a prefix of some key (`transfer EXISTS`).
 * A value that cannot be read as the operand is (no number in it, an unreadable time) ends the
 * match with an error, which CometBFT logs: the message then matches no subscription of the query.
 */
import { operandInstant } from '../../events/query-operand.ts';
import { parseSearchQuery, type Condition } from '../../events/search-query.ts';

/** Composite key → its values, in the order the events carry them. */
export type EventMap = ReadonlyMap<string, readonly string[]>;

const NUMBER_RUN = /[0-9.]+/;
/** What Go's strconv.ParseFloat reads of a run of digits and dots. */
const FLOAT = /^(\d+\.?\d*|\.\d+)$/;
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|[+-](\d{2}):(\d{2}))$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A value that cannot be read as the operand: the whole match fails. */
class Unreadable extends Error {}

export class EventQuery {
  private constructor(
    /** the query text as given (CometBFT keys subscriptions by it) */
    readonly text: string,
    readonly conditions: readonly Condition[],
  ) {}

  /** Throws QuerySyntaxError for a query the grammar refuses. */
  static parse(text: string): EventQuery {
    return new EventQuery(text, parseSearchQuery(text));
  }

  matches(events: EventMap): boolean {
    if (events.size === 0) return false;
    try {
      return this.conditions.every((c) => conditionMatches(c, events));
    } catch (e) {
      if (e instanceof Unreadable) return false;
      throw e;
    }
  }
}

function conditionMatches(c: Condition, events: EventMap): boolean {
  if (c.op === 'EXISTS') return c.key.includes('.') ? events.has(c.key) : [...events.keys()].some((k) => k.startsWith(c.key));
  const values = events.get(c.key);
  if (!values) return false;
  return values.some((v) => valueMatches(c, v));
}

function valueMatches(c: Condition, value: string): boolean {
  if (c.operand === 'string') return c.op === 'CONTAINS' ? value.includes(c.value) : c.op === '=' && value === c.value;
  let order: number;
  if (c.operand === 'time' || c.operand === 'date') {
    const v = instantOf(value);
    const o = operandInstant(c);
    if (v === undefined || o === undefined) throw new Unreadable();
    order = Math.sign(Number(v - BigInt(o) * 1_000_000n));
  } else if (c.value.includes('.')) {
    const run = NUMBER_RUN.exec(value)?.[0] ?? '';
    if (!FLOAT.test(run)) throw new Unreadable();
    order = Math.sign(Number(run) - Number(c.value));
  } else {
    const r = compareNumber(value, c.value);
    if (r === undefined) throw new Unreadable();
    order = r;
  }
  switch (c.op) {
    case '=':
      return order === 0;
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    case '>=':
      return order >= 0;
    default:
      return false;
  }
}

/**
 * The value's number against an integer operand: -1, 0 or 1, or undefined when the value holds no
 * number (`matchValue`: `numRegex.FindString`, a decimal's integer part, big.Int comparison).
 */
export function compareNumber(value: string, operand: string): -1 | 0 | 1 | undefined {
  const run = NUMBER_RUN.exec(value)?.[0] ?? '';
  if (run.includes('.') && !FLOAT.test(run)) return undefined;
  const whole = run.split('.')[0]!;
  if (!/^\d+$/.test(whole)) return undefined;
  const v = BigInt(whole);
  const o = BigInt(operand);
  return v < o ? -1 : v > o ? 1 : 0;
}

/** A value read as Go's `time.Parse` (RFC 3339 when it holds a `T`, else a date), in ns since the epoch. */
function instantOf(value: string): bigint | undefined {
  const m = value.includes('T') ? RFC3339.exec(value) : DATE.exec(value);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > new Date(Date.UTC(y, mo, 0)).getUTCDate() || h > 23 || mi > 59 || s > 59) return undefined;
  let offsetMin = 0;
  if (m[8] !== undefined && m[8] !== 'Z') offsetMin = (m[8][0] === '-' ? -1 : 1) * (Number(m[9]) * 60 + Number(m[10]));
  const fraction = BigInt((m[7] ?? '').slice(0, 9).padEnd(9, '0') || '0');
  const utc = new Date(0);
  utc.setUTCFullYear(y, mo - 1, d); // years below 100 too (Date.UTC reads them as 19xx)
  utc.setUTCHours(h, mi, s);
  return (BigInt(utc.getTime()) - BigInt(offsetMin) * 60_000n) * 1_000_000n + fraction;
}
