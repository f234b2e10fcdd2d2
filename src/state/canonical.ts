/**
 * Canonical encoding and hashing of state values. The app hash is a Merkle hash over the
 * state tree: an object's digest covers its sorted keys and, for each child object, the child's
 * digest. State objects are frozen by immer and shared between versions, so digests are cached by
 * object identity and a block only re-hashes the paths it changed (ARCHITECTURE.md, property 3).
 * The nodes of sharded collections (src/state/sharded.ts) have texts of their own: an inner node
 * lists its children's digests, a leaf holds the whole canonical text of its entries (entries are
 * small and replaced whole, so hashing them separately would only add work).
 *
 * Only JSON-like values may live in state: plain objects, arrays, strings, finite numbers,
 * booleans, null and bigint. Anything else is a programming error and throws, naming its path.
 */
import { sha256Text } from './sha256.ts';
import { DIGESTS, Leaf, Slots, SLOT_KEYS } from './sharded.ts';

/** Digests of state objects other than trie nodes (which carry theirs), by identity. */
const digests = new WeakMap<object, string>();

/** Thrown by the digest walk at an unsupported value; `unsupportedAt` then names its path. */
class Unsupported extends Error {}

/** A scalar's text: `s"…"` string, `i…` bigint, `n…` number, `T`/`F`, `N` null. */
function scalarText(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return 's' + JSON.stringify(v);
    case 'bigint':
      return 'i' + v.toString();
    case 'number':
      if (!Number.isFinite(v)) throw new Unsupported();
      return 'n' + String(v);
    case 'boolean':
      return v ? 'T' : 'F';
    default:
      if (v === null) return 'N';
      throw new Unsupported();
  }
}

function sha256Hex(text: string): string {
  return sha256Text(text, 'hex');
}

/**
 * `JSON.stringify(key)`, memoized: the same field names recur in every block.
 * Bounded, cleared when full.
 */
const quotedKeys = new Map<string, string>();
function quoteKey(k: string): string {
  let q = quotedKeys.get(k);
  if (q === undefined) {
    q = JSON.stringify(k);
    if (quotedKeys.size >= 1 << 18) quotedKeys.clear();
    quotedKeys.set(k, q);
  }
  return q;
}

/**
 * The own keys of a plain object, sorted by UTF-16 code units as `Array.prototype.sort` does
 * (callers skip those whose value is undefined). An insertion sort in place up to 16 keys: state
 * records have a handful, every block sorts those of each entry of each leaf it changed, and the
 * built-in sort's temporary copy made it about three times slower on such arrays.
 */
function sortedKeys(o: Record<string, unknown>): string[] {
  const keys = Object.keys(o);
  if (keys.length > 16) return keys.sort(); // a map-like object: the built-in sort is O(n log n)
  for (let i = 1; i < keys.length; i++) {
    const k = keys[i]!;
    let j = i - 1;
    while (j >= 0 && keys[j]! > k) {
      keys[j + 1] = keys[j]!;
      j--;
    }
    keys[j + 1] = k;
  }
  return keys;
}

/**
 * The whole canonical text of a value, nested objects included (a trie entry): scalars as
 * `scalarText`, arrays `[a,b]`, objects `{"k":v,}` with sorted keys.
 */
function inlineText(v: unknown): string {
  if (typeof v !== 'object' || v === null) return scalarText(v);
  if (Array.isArray(v)) {
    let text = '[';
    for (let i = 0; i < v.length; i++) text += (i > 0 ? ',' : '') + inlineText(v[i]);
    return text + ']';
  }
  if (ArrayBuffer.isView(v) || v instanceof Slots || v instanceof Leaf) throw new Unsupported();
  const o = v as Record<string, unknown>;
  let text = '{';
  for (const k of sortedKeys(o)) {
    const v = o[k];
    if (v !== undefined) text += quoteKey(k) + ':' + inlineText(v) + ',';
  }
  return text + '}';
}

/** The text hashed for an object: by kind of node (see the file comment and docs/architecture.md). */
function nodeText(value: object): string {
  if (value instanceof Slots) {
    const slots = value.slots;
    let text = 'S';
    for (let d = 0; d < 16; d++) {
      const child = slots[d];
      if (child === undefined) continue;
      let known = slots[DIGESTS + d] as string | undefined;
      if (known === undefined) slots[DIGESTS + d] = known = digest(child as object);
      text += SLOT_KEYS[d] + known;
    }
    return text;
  }
  if (value instanceof Leaf) {
    let text = 'L';
    // entry keys are many and each is quoted about once per block: not worth a memo entry
    for (let i = 0; i < value.keys.length; i++) text += JSON.stringify(value.keys[i]) + ':' + inlineText(value.values[i]) + ',';
    return text;
  }
  if (Array.isArray(value)) {
    let text = '[';
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      text += (i > 0 ? ',' : '') + (typeof v === 'object' && v !== null ? '#' + digest(v) : scalarText(v));
    }
    return text + ']';
  }
  if (ArrayBuffer.isView(value)) throw new Unsupported();
  const o = value as Record<string, unknown>;
  let text = '{';
  for (const k of sortedKeys(o)) {
    const v = o[k];
    if (v === undefined) continue;
    text += quoteKey(k) + ':' + (typeof v === 'object' && v !== null ? '#' + digest(v) : scalarText(v)) + ',';
  }
  return text + '}';
}

/** The cached digest of an object, computed on first use; throws Unsupported. */
function digest(value: object): string {
  if (value instanceof Slots || value instanceof Leaf) {
    return (value.digest ??= sha256Hex(nodeText(value)));
  }
  let d = digests.get(value);
  if (d === undefined) {
    d = sha256Hex(nodeText(value));
    digests.set(value, d);
  }
  return d;
}

/** Hex sha256 digest of a state value (cached for objects). */
export function stateDigest(value: unknown, path = '$'): string {
  try {
    return typeof value === 'object' && value !== null ? digest(value) : sha256Hex(scalarText(value));
  } catch (e) {
    if (!(e instanceof Unsupported)) throw e;
    throw unsupportedAt(value, path) ?? e;
  }
}

/**
 * The error naming where an unsupported value sits (`$.a.b[1]`; in a sharded collection the path of
 * its JSON, slots then key: `$.bank.balances.q.r.h.i.<key>`), or undefined if there is none. Runs only after a digest
 * walk failed, so the hot walk builds no path strings.
 */
function unsupportedAt(v: unknown, path: string): Error | undefined {
  if (typeof v === 'function' || typeof v === 'symbol' || typeof v === 'undefined') return new Error(`state value at ${path} has an unsupported type ${typeof v}`);
  if (typeof v === 'number' && !Number.isFinite(v)) return new Error(`state value at ${path} is not a finite number`);
  if (typeof v !== 'object' || v === null) return undefined;
  if (ArrayBuffer.isView(v)) return new Error(`state value at ${path} is binary; store bytes as base64 or hex`);
  const children: [unknown, string][] =
    v instanceof Slots
      ? v.slots.slice(0, DIGESTS).flatMap((child, d): [unknown, string][] => (child === undefined ? [] : [[child, `${path}.${SLOT_KEYS[d]}`]]))
      : v instanceof Leaf
        ? v.keys.map((k, i) => [v.values[i], `${path}.${k}`])
        : Array.isArray(v)
          ? v.map((item, i) => [item, `${path}[${i}]`])
          : Object.entries(v)
              .filter(([, item]) => item !== undefined)
              .map(([k, item]) => [item, `${path}.${k}`]);
  for (const [child, at] of children) {
    const found = unsupportedAt(child, at);
    if (found) return found;
  }
  return undefined;
}

/**
 * JSON with bigints tagged (`{"$int":"…"}`), so that snapshots round-trip exactly: the text of
 * `JSON.stringify(value, (k, v) => typeof v === 'bigint' ? { $int: v.toString() } : v)`. With
 * `texts`, the texts of trie nodes and frozen objects found there are taken as they are, and those
 * made are kept there: a snapshot made in slices (`SnapshotJob`) makes its nodes' texts a few at a
 * time, then the whole text around them. Without, the native writer does it: on a whole state it
 * is the faster one (490–760 ms against 690–1,060 for `valueJson`'s at 150,000 accounts), on one
 * small entry the slower (below).
 */
export function serializeState(value: unknown, texts?: NodeTexts): string {
  const text = texts === undefined ? JSON.stringify(value, tagBigints) : jsonText(value, '', texts);
  if (text === undefined) throw new Error(`state value of type ${typeof value} has no JSON text`);
  return text;
}

/** The JSON texts of immutable state objects (trie nodes, frozen objects), by identity. */
export type NodeTexts = Map<object, string>;

/**
 * Computes and keeps in `texts` the snapshot text of a trie node (`Slots`, `Leaf`), so that a later
 * `serializeState` with the same `texts` takes it as it is. Other values are left alone.
 */
export function keepNodeText(node: object, texts: NodeTexts): void {
  if (node instanceof Slots || node instanceof Leaf) jsonText(node, '', texts);
}

const tagBigints = (_k: string, v: unknown) => (typeof v === 'bigint' ? { $int: v.toString() } : v);

/**
 * `serializeState`'s text of one value, made here rather than by `JSON.stringify` with a replacer
 * (which calls back for every member: about a third slower on state entries); 'null' where
 * `JSON.stringify` writes nothing.
 */
export function valueJson(v: unknown): string {
  return jsonText(v, '') ?? 'null';
}

/** `JSON.stringify`'s text of `v` under `key`, bigints tagged; undefined where it writes nothing. */
function jsonText(v: unknown, key: string, texts?: NodeTexts): string | undefined {
  if (typeof v === 'object' && v !== null) {
    const known = texts?.get(v);
    if (known !== undefined) return known;
    const text = v instanceof Leaf ? leafText(v) : objectText(v, key, texts);
    // trie nodes are never written after their produce, frozen objects never
    if (texts !== undefined && text !== undefined && (v instanceof Slots || v instanceof Leaf || Object.isFrozen(v))) texts.set(v, text);
    return text;
  }
  switch (typeof v) {
    case 'string':
      return JSON.stringify(v);
    case 'number':
      return Number.isFinite(v) ? String(v) : 'null';
    case 'boolean':
      return v ? 'true' : 'false';
    case 'bigint':
      return '{"$int":' + JSON.stringify(v.toString()) + '}';
    default:
      return v === null ? 'null' : undefined;
  }
}

/** A leaf's JSON (`Leaf.toJSON`'s object, key → entry) entry by entry, without making that object. */
function leafText(leaf: Leaf): string {
  // an object lists array-index keys first: then its own order is the one to write
  // (entries hold no trie nodes: their texts are not kept)
  if (leaf.keys.some(isArrayIndex)) return plainText(leaf.toJSON(), undefined);
  let text = '{';
  let first = true;
  for (let i = 0; i < leaf.keys.length; i++) {
    const member = jsonText(leaf.values[i], leaf.keys[i]!);
    if (member === undefined) continue;
    text += (first ? '' : ',') + JSON.stringify(leaf.keys[i]) + ':' + member;
    first = false;
  }
  return text + '}';
}

/** Whether a property key is an array index (`0` … `4294967294`), which objects order before the others. */
function isArrayIndex(k: string): boolean {
  if (k.length === 0 || k.length > 10 || (k.length > 1 && k.charCodeAt(0) === 48)) return false;
  for (let i = 0; i < k.length; i++) {
    const c = k.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return Number(k) < 4294967295;
}

function objectText(o: object, key: string, texts: NodeTexts | undefined): string | undefined {
  const toJSON = (o as { toJSON?: unknown }).toJSON;
  if (typeof toJSON !== 'function') return plainText(o, texts);
  // what toJSON answers is written as it is, without calling its own toJSON
  const replaced: unknown = toJSON.call(o, key);
  return typeof replaced === 'object' && replaced !== null ? plainText(replaced, texts) : jsonText(replaced, key, texts);
}

/** An array or object without toJSON, its members' texts concatenated (V8 keeps them as ropes, not copies). */
function plainText(o: object, texts: NodeTexts | undefined): string {
  if (Array.isArray(o)) {
    let text = '[';
    for (let i = 0; i < o.length; i++) text += (i > 0 ? ',' : '') + (jsonText(o[i], String(i), texts) ?? 'null');
    return text + ']';
  }
  let text = '{';
  let first = true;
  const r = o as Record<string, unknown>;
  for (const k of Object.keys(r)) {
    const member = jsonText(r[k], k, texts);
    if (member === undefined) continue;
    text += (first ? '' : ',') + quoteKey(k) + ':' + member;
    first = false;
  }
  return text + '}';
}

export function deserializeState<T>(text: string): T {
  return JSON.parse(text, (_k, v) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) && typeof v.$int === 'string' && Object.keys(v).length === 1
      ? BigInt(v.$int)
      : v,
  ) as T;
}
