/**
 * A subscription query (CometBFT 0.37 libs/pubsub/query) matched against the events of one
 * published message: a map from composite keys (`tm.event`, `message.sender`, `tx.height`, …) to
 * every value they have in the message. The conditions are read by the tx search parser
 * (src/events/search-query.ts); each must match some value of its key:
 * - `=` a string equal to the value, or, when the value is a number, a number equal to it;
 * - `CONTAINS` a string containing the value;
 * - `<` `<=` `>` `>=` compare numbers: the first run of digits and dots in the attribute, read as an
 *   integer (its integer part) against an integer operand, or as a float against a decimal one;
 * - `EXISTS` the key is present.
 * An attribute that holds no number never matches a numeric comparison (CometBFT logs an error).
 */
import { parseSearchQuery, type Condition } from '../../events/search-query.ts';

/** Composite key → its values, in the order the events carry them. */
export type EventMap = ReadonlyMap<string, readonly string[]>;

const NUMBER = /^-?\d+(\.\d+)?$/;
const NUMBER_RUN = /[0-9.]+/;

export class EventQuery {
  private constructor(
    /** the query text as given (CometBFT keys subscriptions by it) */
    readonly text: string,
    readonly conditions: readonly Condition[],
  ) {}

  /** Throws QuerySyntaxError for a query the tx search language cannot read. */
  static parse(text: string): EventQuery {
    return new EventQuery(text, parseSearchQuery(text));
  }

  matches(events: EventMap): boolean {
    if (events.size === 0) return false;
    return this.conditions.every((c) => conditionMatches(c, events));
  }
}

function conditionMatches(c: Condition, events: EventMap): boolean {
  const values = events.get(c.key);
  if (c.op === 'EXISTS') return values !== undefined;
  if (!values) return false;
  return values.some((v) => valueMatches(c, v));
}

function valueMatches(c: Condition, value: string): boolean {
  switch (c.op) {
    case '=':
      return value === c.value || (NUMBER.test(c.value) && compareNumber(value, c.value) === 0);
    case 'CONTAINS':
      return value.includes(c.value);
    case '<':
      return compareNumber(value, c.value) === -1;
    case '<=': {
      const r = compareNumber(value, c.value);
      return r === -1 || r === 0;
    }
    case '>':
      return compareNumber(value, c.value) === 1;
    case '>=': {
      const r = compareNumber(value, c.value);
      return r === 1 || r === 0;
    }
    default:
      return false;
  }
}

/**
 * The attribute's number against the operand: -1, 0 or 1, or undefined when the attribute holds no
 * number (query.go `matchValue`: `numRegex.FindString`, then big.Int or float64).
 */
export function compareNumber(attribute: string, operand: string): -1 | 0 | 1 | undefined {
  const found = NUMBER_RUN.exec(attribute)?.[0];
  if (!found) return undefined;
  if (operand.includes('.')) {
    const v = Number(found);
    const o = Number(operand);
    if (Number.isNaN(v)) return undefined;
    return v < o ? -1 : v > o ? 1 : 0;
  }
  // an integer operand: the attribute's integer part, as int64(float) did before big integers
  const whole = found.includes('.') ? found.split('.')[0]! : found;
  if (!/^\d+$/.test(whole) || (found.includes('.') && Number.isNaN(Number(found)))) return undefined;
  const v = BigInt(whole);
  const o = BigInt(operand);
  return v < o ? -1 : v > o ? 1 : 0;
}
