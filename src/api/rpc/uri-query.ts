/**
 * Query strings as Go's net/url parses them (`url.ParseQuery`): pairs split on `&`, a pair with a
 * `;` or a bad `%` escape is dropped, `+` is a space, the first value of a name wins.
 */

/** `url.QueryUnescape`; undefined for a malformed escape. */
function queryUnescape(text: string): string | undefined {
  if (!/^(?:[^%]|%[0-9A-Fa-f]{2})*$/.test(text)) return undefined;
  const bytes: number[] = [];
  const enc = new TextEncoder();
  for (let i = 0; i < text.length; ) {
    if (text[i] === '%') {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 3;
    } else {
      const cp = text.codePointAt(i)!;
      const ch = String.fromCodePoint(cp);
      bytes.push(...(ch === '+' ? [0x20] : enc.encode(ch)));
      i += ch.length;
    }
  }
  return new TextDecoder().decode(Uint8Array.from(bytes));
}

/** The values of a query string (without `?`), by name, in order. */
export function parseGoQuery(query: string): Map<string, string[]> {
  const values = new Map<string, string[]>();
  for (const pair of query.split('&')) {
    if (pair === '' || pair.includes(';')) continue;
    const eq = pair.indexOf('=');
    const key = queryUnescape(eq < 0 ? pair : pair.slice(0, eq));
    const value = queryUnescape(eq < 0 ? '' : pair.slice(eq + 1));
    if (key === undefined || value === undefined) continue;
    const list = values.get(key) ?? [];
    list.push(value);
    values.set(key, list);
  }
  return values;
}

/** `Values.Get`: the first value, or "" when absent. */
export const firstValue = (values: Map<string, string[]>, name: string): string => values.get(name)?.[0] ?? '';
