/** Deep merge of plain JSON: `over`'s values replace `base`'s, mappings merge key by key, lists are replaced whole. */
export function mergeJson(base: unknown, over: unknown): unknown {
  const isMap = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);
  if (!isMap(base) || !isMap(over)) return over;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = k in out ? mergeJson(out[k], v) : v;
  return out;
}
