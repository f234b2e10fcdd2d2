/**
 * The app-hash digest: exact canonical texts hashed with an independent sha256 (@noble/hashes), the
 * identity cache across immer versions, errors that name the path of an unsupported value, and
 * snapshot texts of leaves whose keys JavaScript orders differently.
 */
import { describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { produce } from 'immer';
import { serializeState, stateDigest, valueJson } from '../../src/state/canonical.ts';
import { shardFrom } from '../../src/state/sharded.ts';

const h = (text: string) => bytesToHex(sha256(new TextEncoder().encode(text)));

describe('stateDigest', () => {
  it('hashes sorted keys, tagged scalars and child digests', () => {
    const inner = { z: 'x"y', a: 5n };
    const innerText = '{"a":i5,"z":s"x\\"y",}';
    const list = [true, null, 1.5];
    const listText = '[T,N,n1.5]';
    const state = { b: inner, a: list, c: undefined, 'k"q': false };
    const text = `{"a":#${h(listText)},"b":#${h(innerText)},"k\\"q":F,}`;
    expect(stateDigest(state)).toBe(h(text));
    expect(stateDigest('s')).toBe(h('s"s"'));
  });

  it('re-hashes only changed paths and gives the same digest as a fresh copy', () => {
    const base = { accounts: { g: { a1: { sequence: 1n } }, h: { b1: { sequence: 2n } } } };
    const before = stateDigest(base);
    const next = produce(base, (d) => {
      d.accounts.g.a1.sequence = 3n;
    });
    expect(next.accounts.h).toBe(base.accounts.h);
    const fresh = JSON.parse(JSON.stringify(next, (_k, v) => (typeof v === 'bigint' ? `${v}` : v)), (k, v) => (k === 'sequence' ? BigInt(v) : v));
    expect(stateDigest(next)).toBe(stateDigest(fresh));
    expect(stateDigest(next)).not.toBe(before);
    expect(stateDigest(base)).toBe(before);
  });

  it('hashes a sharded collection: a leaf over its entries whole, an inner node over its children by slot', () => {
    const k1 = 'ab12' + '0'.repeat(36);
    const k2 = 'ab12' + '1'.repeat(36);
    const k3 = 'ab13' + '0'.repeat(36);
    const s = shardFrom<unknown>([[k2, { list: [1, { b: true }] }], [k3, {}], [k1, { tag: 'x', n: 1n }]]);
    const leaf12 = h(`L"${k1}":{"n":i1,"tag":s"x",},"${k2}":{"list":[n1,{"b":T,}],},`);
    const leaf13 = h(`L"${k3}":{},`);
    const level3 = h(`Si${leaf12}j${leaf13}`); // digits 2 and 3 are slots i and j (g is 0)
    const level2 = h(`Sh${level3}`);
    const level1 = h(`Sr${level2}`); // digit b (11) is slot r
    const root = h(`{"q":#${level1},}`); // the root is a plain object; digit a (10) is slot q
    expect(stateDigest({ s })).toBe(h(`{"s":#${root},}`));
  });

  it('names the path of an unsupported value', () => {
    expect(() => stateDigest({ a: { b: [1, Number.NaN] } })).toThrow(new Error('state value at $.a.b[1] is not a finite number'));
    expect(() => stateDigest({ a: [{ f: () => 1 }] })).toThrow(new Error('state value at $.a[0].f has an unsupported type function'));
    expect(() => stateDigest({ bytes: new Uint8Array(2) })).toThrow(new Error('state value at $.bytes is binary; store bytes as base64 or hex'));
    const key = 'ab12' + '0'.repeat(36);
    expect(() => stateDigest({ s: shardFrom([[key, { amount: Number.POSITIVE_INFINITY }]]) })).toThrow(new Error(`state value at $.s.q.r.h.i.${key}.amount is not a finite number`));
  });
});

describe('serializeState', () => {
  const oracle = (v: unknown) => JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? { $int: x.toString() } : x));

  it("writes a leaf whose keys include array indices in its toJSON object's order, as JSON.stringify does", () => {
    // one leaf (the same first four digits): '1000.5' sorts first, but an object lists the index '10000' first
    const state = { s: shardFrom([['10000', { n: 1n }], ['1000.5', { n: 2n }], ['1000a', { n: 3n }]]) };
    const want = oracle(state);
    expect(want).toContain('{"10000":{"n":{"$int":"1"}},"1000.5":');
    expect(serializeState(state, new Map())).toBe(want);
    expect(valueJson(state)).toBe(want);
  });
});
