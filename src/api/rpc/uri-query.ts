/**
 * Query strings of the URI form as Go's net/url parses them: the one parser in src/api/http.ts,
 * grouped by name (pairs with a `;` or a bad `%` escape are dropped, `+` is a space).
 */
import { groupQuery, parseGoQuery as parseQueryEntries } from '../http.ts';

/** The values of a query string (without `?`), by name, in order. */
export function parseGoQuery(query: string): Map<string, string[]> {
  return groupQuery(parseQueryEntries(query).entries);
}

/** `Values.Get`: the first value, or "" when absent. */
export const firstValue = (values: Map<string, string[]>, name: string): string => values.get(name)?.[0] ?? '';
