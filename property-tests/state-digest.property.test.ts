/**
 * The app-hash digest of a state value (`stateDigest`, src/state/canonical.ts) against an
 * independent model of its canonical text: keys in `Array.prototype.sort` order (UTF-16 code
 * units), scalars tagged, child objects by their sha256 (@noble/hashes). The keys include the
 * ones JavaScript lists first (array indices), non-ASCII ones and surrogates, and objects both
 * small and large (the digest sorts up to 16 keys its own way, more with the built-in sort).
 * Sharded collections (src/state/sharded.ts) against a model of their trie's texts, written from
 * docs/architecture.md: the root names its slots by letter, an inner node is `S` and each slot's
 * letter with its child's digest, a leaf `L` and each entry's key and whole text; after each of
 * several blocks of writes and deletes, so that cached digests of unchanged nodes are reused.
 */
import fc from 'fast-check';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { Immer } from 'immer';
import { describe, expect, it } from 'vitest';
import { stateDigest } from '../src/state/canonical.ts';
import { shardDelete, shardFrom, shardSet, type Sharded } from '../src/state/sharded.ts';

const SEED = Number(process.env.FC_SEED ?? 20261129);
const h = (text: string) => bytesToHex(sha256(new TextEncoder().encode(text)));

function scalar(v: unknown): string {
  if (typeof v === 'string') return 's' + JSON.stringify(v);
  if (typeof v === 'bigint') return 'i' + v.toString();
  if (typeof v === 'number') return 'n' + String(v);
  if (typeof v === 'boolean') return v ? 'T' : 'F';
  return 'N';
}

const member = (v: unknown) => (typeof v === 'object' && v !== null ? '#' + h(model(v)) : scalar(v));

/** The canonical text of an object, written from the format's description. */
function model(v: object): string {
  if (Array.isArray(v)) return '[' + v.map(member).join(',') + ']';
  const o = v as Record<string, unknown>;
  const keys = [...Object.keys(o)].sort();
  return '{' + keys.filter((k) => o[k] !== undefined).map((k) => JSON.stringify(k) + ':' + member(o[k]) + ',').join('') + '}';
}

const keyArb = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.string({ unit: 'binary', maxLength: 3 }),
  fc.constantFrom('0', '7', '10', '01', '4294967295', '-1', 'a"b', 'B', 'b', 'é', 'e\u0301', '\ud83d\ude00', '\uffff', '_'),
);
const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string(),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.bigInt(),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(keyArb, fc.option(tie('value'), { nil: undefined }), { maxKeys: 24, noNullPrototype: true }).filter((o) => Object.getPrototypeOf(o) === Object.prototype),
  ),
}));

describe('stateDigest', () => {
  it('is the sha256 of the canonical text of any JSON-like object, keys in code-unit order', () => {
    fc.assert(
      fc.property(fc.dictionary(keyArb, value, { minKeys: 0, maxKeys: 24, noNullPrototype: true }), (state) => {
        fc.pre(Object.getPrototypeOf(state) === Object.prototype);
        expect(stateDigest(state)).toBe(h(model(state)));
      }),
      { seed: SEED, numRuns: 400 },
    );
  });
});

/** The whole text of a value inside a trie leaf: nested objects written out, not by digest. */
function inline(v: unknown): string {
  if (typeof v !== 'object' || v === null) return scalar(v);
  if (Array.isArray(v)) return '[' + v.map(inline).join(',') + ']';
  const o = v as Record<string, unknown>;
  return '{' + [...Object.keys(o)].sort().filter((k) => o[k] !== undefined).map((k) => JSON.stringify(k) + ':' + inline(o[k]) + ',').join('') + '}';
}

const LETTERS = 'ghijklmnopqrstuv';
const DEPTH = 4;

/** The digest of the trie level holding `keys` (all sharing their first `level` hex digits). */
function trieDigest(entries: Map<string, unknown>, keys: string[], level: number): string {
  if (level === DEPTH) return h('L' + [...keys].sort().map((k) => JSON.stringify(k) + ':' + inline(entries.get(k)) + ',').join(''));
  let text = 'S';
  for (let d = 0; d < 16; d++) {
    const below = keys.filter((k) => parseInt(k[level]!, 16) === d);
    if (below.length > 0) text += LETTERS[d] + trieDigest(entries, below, level + 1);
  }
  return h(text);
}

/** The digest of `{ c: <collection> }`: the root is a plain object of slot letters. */
function collectionModel(entries: Map<string, unknown>): string {
  const keys = [...entries.keys()];
  let root = '{';
  for (let d = 0; d < 16; d++) {
    const below = keys.filter((k) => parseInt(k[0]!, 16) === d);
    if (below.length > 0) root += JSON.stringify(LETTERS[d]) + ':#' + trieDigest(entries, below, 1) + ',';
  }
  return h('{' + JSON.stringify('c') + ':#' + h(root + '}') + ',}');
}

const hexKey = fc.oneof(
  fc.stringMatching(/^[0-9a-f]{40}$/),
  // shared prefixes, so that leaves hold several entries and inner nodes several slots
  fc.tuple(fc.constantFrom('00', '0f', 'a0', 'ff'), fc.stringMatching(/^[0-9a-f]{3}$/)).map(([a, b]) => a + b),
);
const entryValue = fc.record({ amount: fc.bigInt({ min: 0n, max: 10n ** 30n }), denom: fc.constantFrom('wei', 'utoken', 'é'), n: fc.option(fc.integer(), { nil: undefined }), tags: fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 }) });
const op = fc.oneof(fc.tuple(fc.constant('set' as const), hexKey, entryValue), fc.tuple(fc.constant('delete' as const), hexKey, fc.constant(null)));

describe('stateDigest of sharded collections', () => {
  it('is the model trie digest after each block of writes and deletes', () => {
    const immer = new Immer();
    immer.setAutoFreeze(true);
    fc.assert(
      fc.property(fc.array(fc.tuple(hexKey, entryValue), { maxLength: 40 }), fc.array(fc.array(op, { maxLength: 12 }), { maxLength: 5 }), (initial, blocks) => {
        const entries = new Map<string, unknown>(initial);
        let state = { c: shardFrom<unknown>([...entries]) };
        expect(stateDigest(state)).toBe(collectionModel(entries));
        for (const block of blocks) {
          state = immer.produce(state, (draft) => {
            for (const [kind, key, v] of block) {
              if (kind === 'set') shardSet(draft.c as Sharded<unknown>, key, v);
              else shardDelete(draft.c as Sharded<unknown>, key);
            }
          });
          for (const [kind, key, v] of block) {
            if (kind === 'set') entries.set(key, v);
            else entries.delete(key);
          }
          expect(stateDigest(state)).toBe(collectionModel(entries));
        }
      }),
      { seed: SEED, numRuns: 200 },
    );
  });
});
