/**
 * A state snapshot as the changes since an earlier one (a delta), and those changes applied back.
 *
 * States are immutable and share what they did not change, so the changes from the state of one
 * snapshot to the state of a later one are found by identity: a walk of both skips every node they
 * share, and within a trie leaf both changed, compares its entries one by one (entries are frozen
 * and replaced whole, `shardSet`). A block of transfers to fresh addresses touches a few entries of
 * many leaves; a whole snapshot writes every leaf, and the leaves fill as the state grows, so its
 * cost grows with the state, while a delta's grows only with what changed (docs/architecture.md
 * "Persistence").
 *
 * A delta's text is a JSON array of operations on the JSON of the earlier snapshot's state (as
 * `serializeState` writes it: trie slots named by letter, leaves as key → entry, bigints tagged):
 * `["s", path, value]` puts `value` at `path` (an array of keys), `["d", path]` deletes it. Applied
 * in order to the earlier state's JSON, they give a JSON whose revived state (`reviveAppState`) is
 * the later state: trie nodes are rebuilt in slot and key order whatever their JSON's member order,
 * and a plain object whose keys did not keep their order (a key added before older ones) is written
 * whole, so that every object keeps its members' order (`property-tests/snapshot-delta.property.test.ts`).
 */
import { deserializeState, valueJson } from './canonical.ts';
import { Leaf, Slots, SLOT_KEYS } from './sharded.ts';

/**
 * A path as the text of its JSON array without the closing bracket (`["bank","balances"`; `[` for
 * the root): a child's path is its parent's and one key, so that no op writes its whole path anew.
 */
type PathText = string;
const ROOT: PathText = '[';
const childPath = (path: PathText, key: string): PathText => (path === ROOT ? ROOT : path + ',') + JSON.stringify(key);
/** the slots' keys as path elements */
const SLOT_PARTS = SLOT_KEYS.map((k) => ',' + JSON.stringify(k));
const slotPath = (path: PathText, d: number): PathText => (path === ROOT ? ROOT + SLOT_PARTS[d]!.slice(1) : path + SLOT_PARTS[d]!);

/**
 * The operations that turn the JSON of `before` into the JSON of `after`, appended to `out` as
 * texts. A generator: it yields at each inner node it visits (a trie's `Slots`, a plain object), so
 * that a caller can spread the walk over time (`SnapshotJob`); leaves are compared inline.
 */
export function* deltaOps(after: unknown, before: unknown, out: string[], path: PathText = ROOT): Generator<void, void, undefined> {
  if (after === before) return;
  yield;
  if (after instanceof Slots && before instanceof Slots) {
    for (let d = 0; d < 16; d++) {
      const a = after.slots[d];
      const b = before.slots[d];
      if (a === b) continue;
      const at = slotPath(path, d);
      if (a === undefined) out.push(deleteOp(at));
      else if (b === undefined) out.push(setOp(at, a));
      else if (a instanceof Leaf && b instanceof Leaf) leafOps(a, b, out, at);
      else yield* deltaOps(a, b, out, at);
    }
    return;
  }
  if (after instanceof Leaf && before instanceof Leaf) {
    leafOps(after, before, out, path);
    return;
  }
  if (!isPlainRecord(after) || !isPlainRecord(before)) {
    out.push(setOp(path, after));
    return;
  }
  const afterKeys = definedKeys(after);
  const beforeKeys = definedKeys(before);
  const kept = beforeKeys.filter((k) => after[k] !== undefined);
  // the kept keys must come first, in their old order, and the new ones after them: as a JSON
  // object the earlier state's members keep their places and new members are appended
  if (!kept.every((k, i) => afterKeys[i] === k)) {
    out.push(setOp(path, after));
    return;
  }
  for (const k of beforeKeys) if (after[k] === undefined) out.push(deleteOp(childPath(path, k)));
  for (const k of kept) yield* deltaOps(after[k], before[k], out, childPath(path, k));
  for (let i = kept.length; i < afterKeys.length; i++) out.push(setOp(childPath(path, afterKeys[i]!), after[afterKeys[i]!]));
}

/** A leaf's entries compared by key (both sorted) and by identity. */
function leafOps(after: Leaf, before: Leaf, out: string[], path: PathText): void {
  let i = 0;
  let j = 0;
  while (i < after.keys.length || j < before.keys.length) {
    const a = after.keys[i];
    const b = before.keys[j];
    if (b === undefined || (a !== undefined && a < b)) {
      out.push(setOp(childPath(path, a!), after.values[i]));
      i++;
    } else if (a === undefined || b < a) {
      out.push(deleteOp(childPath(path, b)));
      j++;
    } else {
      if (after.values[i] !== before.values[j]) out.push(setOp(childPath(path, a), after.values[i]));
      i++;
      j++;
    }
  }
}

/** An object written member by member (no `toJSON`): not an array, bytes or trie node. */
function isPlainRecord(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v) || ArrayBuffer.isView(v) || v instanceof Slots || v instanceof Leaf) return false;
  return typeof (v as { toJSON?: unknown }).toJSON !== 'function';
}

/** The keys `JSON.stringify` writes, in its order. */
const definedKeys = (o: Record<string, unknown>) => Object.keys(o).filter((k) => o[k] !== undefined);

const setOp = (path: PathText, value: unknown) => `["s",${path}],${valueJson(value)}]`;
const deleteOp = (path: PathText) => `["d",${path}]]`;

/** The delta's text from the operations' texts. */
export const deltaText = (ops: readonly string[]) => `[${ops.join(',')}]`;

/** The whole delta from `before` to `after` at once. */
export function snapshotDelta(after: unknown, before: unknown): string {
  const out: string[] = [];
  for (const _ of deltaOps(after, before, out));
  return deltaText(out);
}

type Op = ['s', string[], unknown] | ['d', string[]];

/**
 * Applies a delta's operations (parsed, bigints revived: `deserializeState`) to the JSON of the
 * state it was made from, in place where it can; returns the new root.
 */
export function applySnapshotDelta(root: unknown, ops: readonly Op[]): unknown {
  for (const op of ops) {
    const path = op[1];
    if (path.length === 0) {
      if (op[0] !== 's') throw new Error('a snapshot delta deletes the whole state');
      root = op[2];
      continue;
    }
    let node = root;
    for (let i = 0; i < path.length - 1; i++) {
      node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[path[i]!] : undefined;
    }
    if (typeof node !== 'object' || node === null) throw new Error(`a snapshot delta changes ${JSON.stringify(path)}, which the state it applies to does not hold`);
    const parent = node as Record<string, unknown>;
    const key = path[path.length - 1]!;
    if (op[0] === 'd') delete parent[key];
    // a member named __proto__ is a member (as JSON.parse makes it), not the prototype
    else Object.defineProperty(parent, key, { value: op[2], writable: true, enumerable: true, configurable: true });
  }
  return root;
}

/**
 * The JSON of a snapshot's state from its texts (`BlockStore.latestSnapshot`): the whole snapshot
 * it starts from, then each delta in height order.
 */
export function restoreSnapshot(texts: readonly string[]): unknown {
  let root = deserializeState<unknown>(texts[0]!);
  for (let i = 1; i < texts.length; i++) root = applySnapshotDelta(root, deserializeState<Op[]>(texts[i]!));
  return root;
}
