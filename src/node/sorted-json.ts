/**
 * SDK `MustSortJSON`: the JSON of a value with every object's keys sorted, compact. The SDK prints
 * `init`'s summary and `export`'s genesis this way (a Go map marshals with sorted keys).
 */
export function sortedJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value === 'object' && value !== null) {
    const obj = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(obj).sort()) {
      if (obj[key] !== undefined) out[key] = sortKeys(obj[key]);
    }
    return out;
  }
  return value;
}
