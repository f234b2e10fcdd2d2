/**
 * The event query language (src/events/search-query.ts, CometBFT 0.37's query.peg) and tx_search's
 * range matching (src/events/tx-search.ts over BlockStore, the kv indexer's `matchRange`):
 * - every query written from random conditions (keywords in random case, random spaces around the
 *   operators, one or more around AND) reads back as those conditions;
 * - any text either reads or is refused with the generated parser's error form, never otherwise;
 * - ranges on one key against a model: a tx matches when one of its values, read whole as a base-10
 *   integer, falls within every bound, each operator's bound replacing the one before.
 */
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TxResult } from '../src/abci/tx-result.ts';
import { BlockStore } from '../src/events/block-store.ts';
import { parseSearchQuery, QuerySyntaxError, type Condition } from '../src/events/search-query.ts';

/** Replay a failure with FC_SEED=<seed> (fast-check prints seed and path). */
const SEED = Number(process.env.FC_SEED ?? 20_261_130);
const RUNS = { seed: SEED, numRuns: 300 };

const tagChar = fc.constantFrom(...'abcxyz_.-/019AZé'.split(''));
const tagArb = fc
  .tuple(fc.constantFrom(...'abz_0é'.split('')), fc.array(tagChar, { maxLength: 12 }))
  .map(([first, rest]) => first + rest.join(''))
  // a tag that is a keyword followed by a space would read as a TIME or DATE operand's start
  .filter((t) => !/^(time|date|and|exists|contains)$/i.test(t));
const stringArb = fc.array(fc.constantFrom(...'ab 1=<>AND()\\é/.:-'.split('')), { maxLength: 10 }).map((c) => c.join(''));
const numberArb = fc.oneof(
  fc.constant('0'),
  fc.bigInt({ min: 1n, max: 2n ** 200n }).map(String),
  fc.tuple(fc.bigInt({ min: 1n, max: 10n ** 9n }), fc.nat({ max: 999_999 })).map(([i, f]) => `${i}.${f}`),
);
const dateArb = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2999-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const timeArb = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2999-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => `${d.toISOString().slice(0, 19)}Z`);

const conditionArb: fc.Arbitrary<Condition> = fc.oneof(
  fc.record({ key: tagArb, op: fc.constant('EXISTS' as const), value: fc.constant('') }),
  fc.record({ key: tagArb, op: fc.constantFrom('=' as const, 'CONTAINS' as const), value: stringArb, operand: fc.constant('string' as const) }),
  fc.record({ key: tagArb, op: fc.constantFrom('=' as const, '<' as const, '<=' as const, '>' as const, '>=' as const), value: numberArb, operand: fc.constant('number' as const) }),
  fc.record({ key: tagArb, op: fc.constantFrom('=' as const, '<' as const, '>=' as const), value: dateArb, operand: fc.constant('date' as const) }),
  fc.record({ key: tagArb, op: fc.constantFrom('=' as const, '<=' as const, '>' as const), value: timeArb, operand: fc.constant('time' as const) }),
);

const anyCase = (word: string) => fc.array(fc.boolean(), { minLength: word.length, maxLength: word.length }).map((up) => [...word].map((ch, i) => (up[i] ? ch.toUpperCase() : ch.toLowerCase())).join(''));
const spaces = (min: number) => fc.nat({ max: 2 }).map((n) => ' '.repeat(min + n));

/** A condition written out: the operator's keyword in random case, random spaces before the operator and operand. */
const writtenArb = (c: Condition): fc.Arbitrary<string> => {
  if (c.op === 'EXISTS') return fc.tuple(spaces(1), anyCase('EXISTS')).map(([s, w]) => `${c.key}${s}${w}`);
  const operand =
    c.operand === 'string' ? fc.constant(`'${c.value}'`) : c.operand === 'number' ? fc.constant(c.value) : fc.tuple(anyCase(c.operand === 'time' ? 'TIME' : 'DATE')).map(([w]) => `${w} ${c.value}`);
  const op = c.op === 'CONTAINS' ? anyCase('CONTAINS') : fc.constant(c.op);
  // CONTAINS needs a space after a tag (else it is part of the tag)
  return fc.tuple(spaces(c.op === 'CONTAINS' ? 1 : 0), op, spaces(0), operand).map(([a, o, b, v]) => `${c.key}${a}${o}${b}${v}`);
};

describe('the query language', () => {
  it('a query written from conditions reads back as them', () => {
    fc.assert(
      fc.property(
        fc.array(conditionArb, { minLength: 1, maxLength: 4 }).chain((cs) =>
          fc.tuple(fc.constant(cs), fc.tuple(...cs.map(writtenArb)), fc.array(fc.tuple(spaces(1), anyCase('AND'), spaces(1)), { minLength: cs.length, maxLength: cs.length })),
        ),
        ([conditions, written, ands]) => {
          const text = written.map((w, i) => (i === 0 ? w : `${ands[i]![0]}${ands[i]![1]}${ands[i]![2]}${w}`)).join('');
          expect(parseSearchQuery(text)).toEqual(conditions);
        },
      ),
      RUNS,
    );
  });

  it('any text reads, or is refused with the parser error form', () => {
    const ERROR = /^\nparse error near (\w+) \(line (\d+) symbol (\d+) - line (\d+) symbol (\d+)\):\n"(.*)"\n$/s;
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 30 }), fc.array(fc.constantFrom('a.b', ' ', '=', "'x'", '5', 'AND', 'and', '<', 'EXISTS', 'TIME 2020-01-01T00:00:00Z', '"', '\n', 'OR'), { maxLength: 8 }).map((p) => p.join(''))), (text) => {
        try {
          parseSearchQuery(text);
        } catch (e) {
          expect(e).toBeInstanceOf(QuerySyntaxError);
          expect((e as Error).message).toMatch(ERROR);
        }
      }),
      RUNS,
    );
  });
});

describe('tx_search ranges', () => {
  let dir: string;
  let store: BlockStore;
  /** each tx's values of `x.n` (tx i is at height i + 1) */
  const VALUES: string[][] = [['5'], ['-3'], ['12', '40'], ['100wei'], ['18446744073709551616'], ['7', 'abc'], [], ['+9'], ['0'], ['1.5'], ['25', '3']];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'search-property-'));
    store = new BlockStore(join(dir, 'chain.sqlite'));
    VALUES.forEach((values, i) => {
      const result: TxResult = { code: 0, codespace: '', log: '[]', info: '', gas_wanted: 1n, gas_used: 1n, data: new Uint8Array(), logs: [], events: [{ type: 'x', attributes: values.map((value) => ({ key: 'n', value, index: true })) }] };
      store.saveBlock({ height: BigInt(i + 1), timeNs: BigInt(i + 1) * 1_000_000_000n, hash: new Uint8Array(32).fill(i + 1), appHash: new Uint8Array(32), header: {}, lastCommit: {}, txs: [Uint8Array.of(i, 7)], beginBlockEvents: [], endBlockEvents: [] }, [result]);
    });
  });
  afterAll(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a tx matches when one value, read whole as an integer, is within every bound', () => {
    const bound = fc.tuple(fc.constantFrom('<', '<=', '>', '>='), fc.bigInt({ min: 0n, max: 2n ** 65n }).map((b) => (b > 200n ? b : b % 50n)));
    fc.assert(
      fc.property(fc.array(bound, { minLength: 1, maxLength: 3 }), (bounds) => {
        const query = bounds.map(([op, b]) => `x.n${op}${b}`).join(' AND ');
        // the model: each operator's bound replaces the one before; an inclusive flag once set stays
        let lo: bigint | undefined;
        let hi: bigint | undefined;
        let loIn = false;
        let hiIn = false;
        for (const [op, b] of bounds) {
          if (op === '>' || op === '>=') {
            lo = b;
            loIn ||= op === '>=';
          } else {
            hi = b;
            hiIn ||= op === '<=';
          }
        }
        const inRange = (v: bigint) => (lo === undefined || (loIn ? v >= lo : v > lo)) && (hi === undefined || (hiIn ? v <= hi : v < hi));
        const expected = VALUES.flatMap((values, i) => (values.some((v) => /^[+-]?\d+$/.test(v) && inRange(BigInt(v))) ? [i + 1] : []));
        const found = store.searchTxs(parseSearchQuery(query), { perPage: 100 }).txs.map((t) => Number(t.height));
        expect(found).toEqual(expected);
      }),
      RUNS,
    );
  });
});
