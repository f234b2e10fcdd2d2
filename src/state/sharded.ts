/**
 * A large keyed collection laid out so that a write copies little (ARCHITECTURE.md, property 2).
 * Keys are lowercase hex (address bytes, hashes). Entries live in a trie of `DEPTH` levels with a
 * fan-out of 16, one level per leading hex digit: writing one entry copies DEPTH small nodes of at
 * most 16 slots (plus the leaf), instead of the whole collection. At 100k entries a leaf holds
 * about 1.5 entries.
 *
 * The root is a plain object, drafted by immer like any state object. The nodes below it are class
 * instances (`Slots`, `Leaf`), which immer does not draft: reads walk them with no proxies, and
 * writes copy them here, on write — once per `produce`: a node copied in a produce belongs to it
 * (its `owner`, a token per root draft) and is written in place until that produce ends; after
 * it, nobody writes it again. Entries are frozen when stored, so a reducer
 * that tries to change an entry in place fails loudly; it must store a new entry (`shardSet`).
 *
 * Trie slots are named by letters `g`…`v` (hex digit + 16), never digits, so V8 keeps them as
 * named properties; letters sort in the same order as the digits, so iteration is in ascending key
 * order, the byte order in which the real chain iterates its stores.
 */
import { current as currentOf, isDraft } from 'immer';

/** A trie node: slots to child nodes, or at the last level to leaves. */
export type Sharded<V> = Readonly<Record<string, unknown>> & { readonly __sharded?: V };

const DEPTH = 4;

type Node = Record<string, any>;

/**
 * An inner node (levels 1 to DEPTH − 1): one array of 32 slots, its 16 children indexed by hex
 * digit (undefined where none) and after them, at `DIGESTS + d`, the children's digests as far as
 * known; the produce that owns it and its own cached digest. Children are read by index, so every
 * access is the same kind of load (16 differently named fields read by a variable name made V8's
 * property loads megamorphic, a tenth of a block); a copy is one array slice, and children and
 * digests in one array make a copy one allocation fewer (the copies of a block's paths are most
 * of what outlives the young generation). Being a class instance keeps immer away (it drafts
 * plain objects only). Its JSON names the defined slots by letter (`SLOT_KEYS`), as the root does.
 */
export class Slots {
  /**
   * children at 0–15; at 16–31 their digests as far as known (canonical.ts): kept here so that
   * hashing a node reads one array instead of every child object, most of which no block touched lately
   */
  readonly slots: unknown[];
  /** the write this node belongs to (see `writableChild`) */
  owner: object | undefined = undefined;
  /** the app-hash digest, once computed (the node is never written after its produce) */
  digest: string | undefined = undefined;
  constructor(from?: Slots) {
    this.slots = (from ? from.slots : NO_SLOTS).slice();
  }

  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (let d = 0; d < 16; d++) if (this.slots[d] !== undefined) out[SLOT_KEYS[d]!] = this.slots[d];
    return out;
  }
}

/** Where a `Slots` node keeps its children's digests: child d's at `DIGESTS + d`. */
export const DIGESTS = 16;

/** 32 undefined slots, as a packed array (its copies keep V8's packed elements kind) */
const NO_SLOTS: readonly unknown[] = Array.from({ length: 32 }, () => undefined);

/**
 * A leaf (level DEPTH): its entries' keys in ascending order and their values, in two arrays. A
 * leaf holds one or two entries, so a lookup is a short scan; keys are never property names,
 * which would give V8 a new object shape for every key of the collection.
 */
export class Leaf {
  /** the write this node belongs to (see `writableChild`) */
  owner: object | undefined = undefined;
  /** the app-hash digest, once computed */
  digest: string | undefined = undefined;
  constructor(
    readonly keys: string[] = [],
    readonly values: unknown[] = [],
  ) {}

  /** The entries as one object, in key order (the JSON of a snapshot). */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < this.keys.length; i++) out[this.keys[i]!] = this.values[i];
    return out;
  }
}

/** The slot names in order: hex digit d is slot `SLOT_KEYS[d]`. */
export const SLOT_KEYS = ['g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p', 'q', 'r', 's', 't', 'u', 'v'] as const;

/** A new node for `level` (1 … DEPTH). */
function newNode(level: number): Node {
  return (level < DEPTH ? new Slots() : new Leaf()) as unknown as Node;
}

/** A copy of a node's slots or entries (its owner and cached digest stay behind). */
function copyNode(node: Node): Node {
  if (node instanceof Slots) return new Slots(node) as unknown as Node;
  const leaf = node as unknown as Leaf;
  return new Leaf(leaf.keys.slice(), leaf.values.slice()) as unknown as Node;
}

/** Whether a node has no child or entry left. */
function isEmpty(node: Node): boolean {
  if (node instanceof Slots) return node.slots.every((c, i) => i >= DIGESTS || c === undefined);
  return (node as unknown as Leaf).keys.length === 0;
}

/** The hex digit of `key` at `level`: '0'-'9' → 0-9, 'a'-'f' → 10-15; anything else (short or non-hex keys) → 0. */
function digitAt(key: string, level: number): number {
  const c = key.charCodeAt(level);
  return c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : 0;
}

/** The child of a node at digit `d`: the root (a plain object) names its slots by letter. */
function childAt(node: Node, level: number, d: number): Node | undefined {
  return (level === 0 ? node[SLOT_KEYS[d]!] : (node as unknown as Slots).slots[d]) as Node | undefined;
}

function setChild(node: Node, level: number, d: number, child: Node | undefined): void {
  if (level !== 0) {
    (node as unknown as Slots).slots[d] = child;
    (node as unknown as Slots).slots[DIGESTS + d] = undefined;
  } else if (child === undefined) delete node[SLOT_KEYS[d]!];
  else node[SLOT_KEYS[d]!] = child;
}

export function emptySharded<V>(): Sharded<V> {
  return {};
}

/**
 * immer's draft-state symbol (`Symbol.for('immer-state')`, the registry key immer publishes so that
 * several copies of the library recognise each other's drafts).
 */
const IMMER_STATE = Symbol.for('immer-state');

/** The current plain contents of a root: a draft's copy (or base while unmodified), or the root itself. */
function current(node: Node): Node {
  const draft = node[IMMER_STATE as unknown as string] as { copy_?: Node | null; base_: Node } | undefined;
  return draft === undefined ? node : (draft.copy_ ?? draft.base_);
}

/** An entry, or undefined; on a state or a draft (entries are never drafts, and reading copies nothing). */
export function shardGet<V>(s: Sharded<V>, key: string): V | undefined {
  let node: Node | undefined = current(s as Node)[SLOT_KEYS[digitAt(key, 0)]!];
  for (let level = 1; level < DEPTH && node !== undefined; level++) node = (node as unknown as Slots).slots[digitAt(key, level)] as Node | undefined;
  if (node === undefined) return undefined;
  const leaf = node as unknown as Leaf;
  const i = leaf.keys.indexOf(key);
  return i < 0 ? undefined : (leaf.values[i] as V);
}

export function shardHas<V>(s: Sharded<V>, key: string): boolean {
  return shardGet(s, key) !== undefined;
}

/** One small token per root draft (the node → token map must not keep drafts alive). */
const tokens = new WeakMap<Node, object>();

function tokenOf(root: Node): object {
  let t = tokens.get(root);
  if (t === undefined) {
    t = {};
    tokens.set(root, t);
  }
  return t;
}

/**
 * The child at digit `d` of `parent` (at `level`), made writable by this write: its own copy (or a
 * new node) stored in `parent`.
 */
function writableChild(parent: Node, level: number, d: number, token: object, create: boolean): Node | undefined {
  const child = childAt(parent, level, d);
  if (child === undefined) {
    if (!create) return undefined;
    const made = newNode(level + 1);
    made.owner = token;
    setChild(parent, level, d, made);
    return made;
  }
  if (child.owner === token) return child;
  if (!(child instanceof Slots || child instanceof Leaf)) {
    throw new Error('sharded collection with plain nodes: a collection read from JSON must go through shardRevive');
  }
  const copy = copyNode(child);
  copy.owner = token;
  setChild(parent, level, d, copy);
  return copy;
}

/**
 * The entry as stored: frozen all the way down, with any immer draft inside it (a record read from
 * another part of the draft) replaced by its current value, which immer would otherwise finalize.
 */
function freezeDeep<V>(value: V): V {
  if (typeof value !== 'object' || value === null) return value;
  if (isDraft(value)) return freezeDeep(currentOf(value as object) as V);
  if (Object.isFrozen(value)) return value;
  const o = value as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    const v = o[k];
    const settled = freezeDeep(v);
    if (settled !== v) o[k] = settled;
  }
  return Object.freeze(value);
}

/** Sets an entry on an immer draft of the root (or on a root being built); the entry is frozen. */
export function shardSet<V>(root: Sharded<V>, key: string, value: V): void {
  const token = tokenOf(root as Node);
  let node = root as Node;
  for (let level = 0; level < DEPTH; level++) node = writableChild(node, level, digitAt(key, level), token, true)!;
  const leaf = node as unknown as Leaf;
  const stored = freezeDeep(value);
  let i = 0;
  while (i < leaf.keys.length && leaf.keys[i]! < key) i++;
  if (leaf.keys[i] === key) {
    leaf.values[i] = stored;
  } else {
    leaf.keys.splice(i, 0, key);
    leaf.values.splice(i, 0, stored);
  }
}

/** Deletes an entry; emptied nodes are removed so that the layout (and the app hash) is canonical. */
export function shardDelete<V>(root: Sharded<V>, key: string): boolean {
  if (shardGet(root, key) === undefined) return false;
  const token = tokenOf(root as Node);
  const path: Node[] = [];
  let node = root as Node;
  for (let level = 0; level < DEPTH; level++) {
    path.push(node);
    node = writableChild(node, level, digitAt(key, level), token, false)!;
  }
  const leaf = node as unknown as Leaf;
  const at = leaf.keys.indexOf(key);
  leaf.keys.splice(at, 1);
  leaf.values.splice(at, 1);
  for (let level = DEPTH - 1; level >= 0; level--) {
    const d = digitAt(key, level);
    if (!isEmpty(childAt(path[level]!, level, d)!)) break;
    setChild(path[level]!, level, d, undefined);
  }
  return true;
}

function* walk<V>(node: Node, level: number, reverse: boolean): Generator<[string, V]> {
  if (level === DEPTH) {
    const { keys, values } = node as unknown as Leaf;
    if (reverse) for (let i = keys.length - 1; i >= 0; i--) yield [keys[i]!, values[i] as V];
    else for (let i = 0; i < keys.length; i++) yield [keys[i]!, values[i] as V];
    return;
  }
  for (let i = 0; i < 16; i++) {
    const child = childAt(node, level, reverse ? 15 - i : i);
    if (child !== undefined) yield* walk<V>(child, level + 1, reverse);
  }
}

/** Entries in ascending key order; `reverse` for descending. */
export function shardEntries<V>(s: Sharded<V>, reverse = false): Generator<[string, V]> {
  return walk<V>(current(s as Node), 0, reverse);
}

/**
 * Entries whose key starts with `prefix` (lowercase hex), in ascending key order: only the trie
 * path of the prefix's first digits is walked, so a delegator's few delegations cost a few node
 * reads, not a scan of the collection.
 */
export function* shardEntriesWithPrefix<V>(s: Sharded<V>, prefix: string): Generator<[string, V]> {
  let node: Node | undefined = current(s as Node);
  let level = 0;
  for (; level < DEPTH && level < prefix.length && node !== undefined; level++) node = childAt(node, level, digitAt(prefix, level));
  if (node === undefined) return;
  for (const entry of walk<V>(node, level, false)) if (entry[0].startsWith(prefix)) yield entry;
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

/**
 * A collection read back from JSON (a snapshot): its nodes are plain objects again (slots named by
 * letter, leaves as key → entry), so they become nodes again, and its entries are frozen.
 */
export function shardRevive<V>(plain: Sharded<V>): Sharded<V> {
  const revive = (node: Node, level: number): Node => {
    if (level === DEPTH) {
      const keys = Object.keys(node).sort();
      return new Leaf(keys, keys.map((k) => freezeDeep(node[k]))) as unknown as Node;
    }
    const out = level === 0 ? ({} as Node) : newNode(level);
    SLOT_KEYS.forEach((k, d) => {
      if (node[k] !== undefined) setChild(out, level, d, revive(node[k], level + 1));
    });
    return out;
  };
  return revive(plain as Node, 0);
}
