/**
 * A large keyed collection laid out so that an immer write copies little (ARCHITECTURE.md,
 * property 2). Keys are lowercase hex (address bytes, hashes). Entries live in a trie of
 * `DEPTH` levels with a fan-out of 16, one level per leading hex digit: writing one entry copies
 * DEPTH small nodes of at most 16 slots (plus the leaf), instead of the whole collection. At 100k
 * entries a leaf holds about 1.5 entries.
 *
 * Trie slots are named by letters `g`…`v` (hex digit + 16), never digits, so V8 keeps them as
 * named properties; letters sort in the same order as the digits, so iteration is in ascending key
 * order, the byte order in which the real chain iterates its stores.
 */
export type Leaf<V> = Readonly<Record<string, V>>;
/** A trie node: slots to child nodes, or at the last level to leaves. */
export type Sharded<V> = Readonly<Record<string, unknown>> & { readonly __sharded?: V };

const DEPTH = 4;
const SLOT = 'ghijklmnopqrstuv';

type Node = Record<string, any>;

function slotAt(key: string, level: number): string {
  const c = key.charCodeAt(level);
  // '0'-'9' → 0-9, 'a'-'f' → 10-15; anything else (short or non-hex keys) → a fixed slot
  const d = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : 0;
  return SLOT[d]!;
}

export function emptySharded<V>(): Sharded<V> {
  return {};
}

export function shardGet<V>(s: Sharded<V>, key: string): V | undefined {
  let node: Node | undefined = s as Node;
  for (let level = 0; level < DEPTH; level++) {
    node = node[slotAt(key, level)];
    if (node === undefined) return undefined;
  }
  return node[key] as V | undefined;
}

/**
 * immer's draft-state symbol (`Symbol.for('immer-state')`, the registry key immer publishes so that
 * several copies of the library recognise each other's drafts).
 */
const IMMER_STATE = Symbol.for('immer-state');

/** The current plain contents of a node: a draft's copy (or base while unmodified), or the node itself. */
function current(node: Node): Node {
  const draft = node[IMMER_STATE as unknown as string] as { copy_?: Node | null; base_: Node } | undefined;
  return draft === undefined ? node : (draft.copy_ ?? draft.base_);
}

/**
 * `shardGet` for READING only, on a state or an immer draft: it walks the draft's current contents
 * without creating child drafts, which immer does (copying each node on the path) for every
 * property read through a draft. The result may be a draft or a base object, so it must never be
 * written to; use `shardGet` on the draft for an entry that will be modified.
 */
export function shardPeek<V>(s: Sharded<V>, key: string): V | undefined {
  let node: Node | undefined = current(s as Node);
  for (let level = 0; level < DEPTH; level++) {
    node = node[slotAt(key, level)];
    if (node === undefined) return undefined;
    node = current(node);
  }
  return node[key] as V | undefined;
}

export function shardHas<V>(s: Sharded<V>, key: string): boolean {
  return shardGet(s, key) !== undefined;
}

/** Sets an entry on an immer draft (or a fresh mutable object). */
export function shardSet<V>(draft: Sharded<V>, key: string, value: V): void {
  let node = draft as Node;
  for (let level = 0; level < DEPTH; level++) {
    const slot = slotAt(key, level);
    node = node[slot] ?? (node[slot] = {});
  }
  node[key] = value;
}

/** Deletes an entry; emptied nodes are removed so that the layout (and the app hash) is canonical. */
export function shardDelete<V>(draft: Sharded<V>, key: string): boolean {
  const path: [Node, string][] = [];
  let node = draft as Node;
  for (let level = 0; level < DEPTH; level++) {
    const slot = slotAt(key, level);
    const child = node[slot];
    if (child === undefined) return false;
    path.push([node, slot]);
    node = child;
  }
  if (!(key in node)) return false;
  delete node[key];
  for (let i = path.length - 1; i >= 0; i--) {
    const [parent, slot] = path[i]!;
    if (Object.keys(parent[slot]).length > 0) break;
    delete parent[slot];
  }
  return true;
}

function* walk<V>(node: Node, level: number, reverse: boolean): Generator<[string, V]> {
  const keys = Object.keys(node).sort();
  if (reverse) keys.reverse();
  if (level === DEPTH) {
    for (const k of keys) yield [k, node[k] as V];
    return;
  }
  for (const k of keys) yield* walk<V>(node[k], level + 1, reverse);
}

/** Entries in ascending key order; `reverse` for descending. */
export function shardEntries<V>(s: Sharded<V>, reverse = false): Generator<[string, V]> {
  return walk<V>(s as Node, 0, reverse);
}

export function* shardValues<V>(s: Sharded<V>, reverse = false): Generator<V> {
  for (const [, v] of shardEntries(s, reverse)) yield v;
}

export function shardCount<V>(s: Sharded<V>): number {
  let n = 0;
  for (const _ of shardEntries(s)) n++;
  return n;
}

/** Builds a sharded collection from entries in one go (genesis, snapshot load). */
export function shardFrom<V>(entries: Iterable<[string, V]>): Sharded<V> {
  const out: Sharded<V> = {};
  for (const [k, v] of entries) shardSet(out, k, v);
  return out;
}
