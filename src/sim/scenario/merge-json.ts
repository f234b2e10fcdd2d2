/** Deep merge of plain JSON: `over`'s values replace `base`'s, mappings merge key by key, lists are replaced whole. */
export function mergeJson(base: unknown, over: unknown): unknown {
  const isMap = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);
  if (!isMap(base) || !isMap(over)) return over;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = k in out ? mergeJson(out[k], v) : v;
  return out;
}

/** `{k1: {k2: … {kn: value}}}`: one override at a path, for `mergeJson`. */
export function nestJson(keys: readonly string[], value: unknown): unknown {
  return keys.reduceRight<unknown>((inner, k) => ({ [k]: inner }), value);
}

/** The value at a path of plain JSON (undefined when absent). */
export function jsonAt(json: unknown, keys: readonly string[]): unknown {
  let at = json;
  for (const k of keys) {
    if (at === null || typeof at !== 'object' || Array.isArray(at)) return undefined;
    at = (at as Record<string, unknown>)[k];
  }
  return at;
}
