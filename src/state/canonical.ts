/**
 * Canonical encoding and hashing of state values. The app hash is a Merkle hash over the
 * state tree: an object's digest covers its sorted keys and, for each child object, the child's
 * digest. State objects are frozen by immer and shared between versions, so digests are cached by
 * object identity and a block only re-hashes the paths it changed (ARCHITECTURE.md, property 3).
 *
 * Only JSON-like values may live in state: plain objects, arrays, strings, finite numbers,
 * booleans, null and bigint. Anything else is a programming error and throws.
 */
import { sha256Text } from './sha256.ts';
import { isTrieNode, Slots, SLOT_KEYS } from './sharded.ts';

const digests = new WeakMap<object, string>();

/** `fastScalar`, with an error that names the value's path. */
function scalar(v: unknown, path: string): string {
  try {
    return fastScalar(v);
  } catch (e) {
    if (!(e instanceof Unsupported)) throw e;
    if (typeof v === 'number') throw new Error(`state value at ${path} is not a finite number`);
    throw new Error(`state value at ${path} has an unsupported type ${typeof v}`);
  }
}

function part(v: unknown, path: string): string {
  return typeof v === 'object' && v !== null ? '#' + explainedDigest(v, path) : scalar(v, path);
}

/** Thrown by the fast walk at an unsupported value; the slow walk then names its path. */
class Unsupported extends Error {}

/** A scalar's digest text; no path is built (the path strings cost more than the hashing, one per key per walk). */
function fastScalar(v: unknown): string {
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
 * `JSON.stringify(key)`, memoized: the same keys (trie slots, field names, addresses) recur in
 * every block and quoting them was a tenth of hashing a node. Bounded, cleared when full.
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
 * Trie nodes of sharded collections carry their digest (they are copied, never changed, once
 * hashed; src/state/sharded.ts): inner nodes in a field, leaves in a symbol-keyed property. A
 * WeakMap entry for each of hundreds of thousands of nodes made every major GC slower.
 */
const DIGEST = Symbol('digest');

function cachedDigest(value: object): string | undefined {
  if (value instanceof Slots) return value.digest;
  return isTrieNode(value) ? (value as Record<symbol, string | undefined>)[DIGEST] : digests.get(value);
}

function cacheDigest(value: object, digest: string): void {
  if (value instanceof Slots) value.digest = digest;
  else if (isTrieNode(value)) (value as Record<symbol, string>)[DIGEST] = digest;
  else digests.set(value, digest);
}

/** The digest text of an inner trie node: what the object walk gives for its defined slots, without sorting. */
function slotsText(node: Slots, childDigest: (child: object) => string): string {
  let body = '';
  for (const k of SLOT_KEYS) {
    const child = node[k];
    if (child !== undefined) body += quoteKey(k) + ':#' + childDigest(child as object) + ',';
  }
  return '{' + body + '}';
}

/** The digest walk without paths (same text, same digests); throws Unsupported. */
function fastDigest(value: object): string {
  const cached = cachedDigest(value);
  if (cached !== undefined) return cached;
  let text: string;
  if (value instanceof Slots) {
    text = slotsText(value, fastDigest);
  } else if (Array.isArray(value)) {
    text = '[';
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      text += (i > 0 ? ',' : '') + (typeof v === 'object' && v !== null ? '#' + fastDigest(v) : fastScalar(v));
    }
    text += ']';
  } else {
    if (ArrayBuffer.isView(value)) throw new Unsupported();
    const keys = Object.keys(value).sort();
    const o = value as Record<string, unknown>;
    let body = '';
    for (const k of keys) {
      const v = o[k];
      if (v === undefined) continue;
      body += quoteKey(k) + ':' + (typeof v === 'object' && v !== null ? '#' + fastDigest(v) : fastScalar(v)) + ',';
    }
    text = '{' + body + '}';
  }
  const d = sha256Hex(text);
  cacheDigest(value, d);
  return d;
}

/** Hex sha256 digest of a state value (cached for objects). */
export function stateDigest(value: unknown, path = '$'): string {
  if (typeof value !== 'object' || value === null) return sha256Hex(scalar(value, path));
  try {
    return fastDigest(value);
  } catch (e) {
    if (!(e instanceof Unsupported)) throw e;
    return explainedDigest(value, path); // throws the error that names the path
  }
}

/** The digest walk that carries paths, for the error message. */
function explainedDigest(value: object, path: string): string {
  const cached = cachedDigest(value);
  if (cached !== undefined) return cached;
  let text: string;
  if (value instanceof Slots) {
    text = slotsText(value, (child) => explainedDigest(child, path));
  } else if (Array.isArray(value)) {
    text = '[' + value.map((v, i) => part(v, `${path}[${i}]`)).join(',') + ']';
  } else {
    if (ArrayBuffer.isView(value)) throw new Error(`state value at ${path} is binary; store bytes as base64 or hex`);
    const keys = Object.keys(value).sort();
    const o = value as Record<string, unknown>;
    let body = '';
    for (const k of keys) {
      if (o[k] === undefined) continue;
      body += JSON.stringify(k) + ':' + part(o[k], `${path}.${k}`) + ',';
    }
    text = '{' + body + '}';
  }
  const d = sha256Hex(text);
  cacheDigest(value, d);
  return d;
}

/** JSON with bigints tagged, so that snapshots round-trip exactly. */
export function serializeState(value: unknown): string {
  return JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? { $int: v.toString() } : v));
}

export function deserializeState<T>(text: string): T {
  return JSON.parse(text, (_k, v) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) && typeof v.$int === 'string' && Object.keys(v).length === 1
      ? BigInt(v.$int)
      : v,
  ) as T;
}
