/**
 * The app-hash digest of a state value (`stateDigest`, src/state/canonical.ts) against an
 * independent model of its canonical text: keys in `Array.prototype.sort` order (UTF-16 code
 * units), scalars tagged, child objects by their sha256 (@noble/hashes). The keys include the
 * ones JavaScript lists first (array indices), non-ASCII ones and surrogates, and objects both
 * small and large (the digest sorts up to 16 keys its own way, more with the built-in sort).
 */
import fc from 'fast-check';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { stateDigest } from '../src/state/canonical.ts';

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
