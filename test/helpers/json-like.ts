/**
 * JSON-like state values for property tests of the snapshot texts (property-tests/state-json,
 * property-tests/snapshot-delta): what `serializeState` must write for them, and arbitraries.
 */
import fc from 'fast-check';

/** What `serializeState` writes: `JSON.stringify` with bigints tagged. */
export const stateJsonOracle = (v: unknown) => JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? { $int: x.toString() } : x));

/** Keys that JavaScript orders differently (array indices first), ones that need escaping, and slot letters. */
export const jsonKey = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('0', '7', '10', '01', '4294967294', '4294967295', '-1', 'a"b', '\u2028', 'é', 'g', 'h'));

/** Any value a state may hold outside its tries: scalars, bigints, undefined, arrays and plain objects. */
export const jsonLikeValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string(),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.bigInt(),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(jsonKey, tie('value'), { maxKeys: 5, noNullPrototype: true }).filter((o) => !('__proto__' in o && Object.getPrototypeOf(o) !== Object.prototype)),
  ),
})).value;
