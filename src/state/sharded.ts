/**
 * A large keyed collection laid out so that an immer write copies little
 * (ARCHITECTURE.md, property 2). Keys are lowercase hex (address bytes, hashes), spread over two
 * levels of 256 shards by their first four hex digits: writing one entry copies the root (≤ 256
 * slots), one level-1 shard (≤ 256 slots) and one leaf, instead of the whole collection.
 *
 * Iteration is in ascending key order, which for hex keys is the byte order in which the real chain
 * iterates its stores.
 */
export type Leaf<V> = Readonly<Record<string, V>>;
export type Sharded<V> = Readonly<Record<string, Readonly<Record<string, Leaf<V>>>>>;

type Mutable<V> = Record<string, Record<string, Record<string, V>>>;

function split(key: string): [string, string] {
  if (key.length < 4) {
    const padded = key.padEnd(4, '_');
    return [padded.slice(0, 2), padded.slice(2, 4)];
  }
  return [key.slice(0, 2), key.slice(2, 4)];
}

export function emptySharded<V>(): Sharded<V> {
  return {};
}

export function shardGet<V>(s: Sharded<V>, key: string): V | undefined {
  const [a, b] = split(key);
  return s[a]?.[b]?.[key];
}

export function shardHas<V>(s: Sharded<V>, key: string): boolean {
  return shardGet(s, key) !== undefined;
}

/** Sets an entry on an immer draft (or a fresh mutable object). */
export function shardSet<V>(draft: Sharded<V>, key: string, value: V): void {
  const m = draft as Mutable<V>;
  const [a, b] = split(key);
  const l1 = m[a] ?? (m[a] = {});
  const leaf = l1[b] ?? (l1[b] = {});
  leaf[key] = value;
}

/** Deletes an entry; empty shards are removed so that the layout (and the app hash) is canonical. */
export function shardDelete<V>(draft: Sharded<V>, key: string): boolean {
  const m = draft as Mutable<V>;
  const [a, b] = split(key);
  const l1 = m[a];
  const leaf = l1?.[b];
  if (!leaf || !(key in leaf)) return false;
  delete leaf[key];
  if (Object.keys(leaf).length === 0) {
    delete l1[b];
    if (Object.keys(l1).length === 0) delete m[a];
  }
  return true;
}

/** Entries in ascending key order; `reverse` for descending. */
export function* shardEntries<V>(s: Sharded<V>, reverse = false): Generator<[string, V]> {
  const order = (keys: string[]) => (reverse ? keys.sort().reverse() : keys.sort());
  for (const a of order(Object.keys(s))) {
    const l1 = s[a]!;
    for (const b of order(Object.keys(l1))) {
      const leaf = l1[b]!;
      for (const k of order(Object.keys(leaf))) yield [k, leaf[k] as V];
    }
  }
}

export function* shardValues<V>(s: Sharded<V>, reverse = false): Generator<V> {
  for (const [, v] of shardEntries(s, reverse)) yield v;
}

export function shardCount<V>(s: Sharded<V>): number {
  let n = 0;
  for (const a of Object.keys(s)) for (const leaf of Object.values(s[a]!)) n += Object.keys(leaf).length;
  return n;
}

/** Builds a sharded collection from entries in one go (genesis, snapshot load). */
export function shardFrom<V>(entries: Iterable<[string, V]>): Sharded<V> {
  const out: Sharded<V> = {};
  for (const [k, v] of entries) shardSet(out, k, v);
  return out;
}
