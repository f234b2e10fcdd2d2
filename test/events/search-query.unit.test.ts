/**
 * The event query language as CometBFT 0.37 reads it (libs/pubsub/query, query.peg and the parser
 * generated from it): what it refuses, with the generated parser's error (the furthest text a rule
 * matched, positions counted in characters of the query wrapped in double quotes), and the
 * conditions it gives.
 */
import { describe, expect, it } from 'vitest';
import { parseSearchQuery, QuerySyntaxError } from '../../src/events/search-query.ts';

const refusal = (query: string): string => {
  try {
    parseSearchQuery(query);
  } catch (e) {
    expect(e).toBeInstanceOf(QuerySyntaxError);
    return (e as Error).message;
  }
  throw new Error(`${query} was read`);
};
const near = (rule: string, from: number, to: number, text: string) => `\nparse error near ${rule} (line 1 symbol ${from} - line 1 symbol ${to}):\n${JSON.stringify(text)}\n`;

describe('parseSearchQuery', () => {
  it.each([
    // a trailing AND, OR, ==: refused, not read as a value that matches nothing
    ["tm.event='NewBlock' AND", near('and', 22, 25, 'AND')],
    ["transfer.recipient='st1x' OR transfer.recipient='x'", near('PegText', 21, 27, "'st1x'")],
    ['message.sender==', near('equal', 16, 17, '=')],
    // strings are single-quoted only, numbers have no sign and no leading zero
    ['message.sender=st1abc', near('equal', 16, 17, '=')],
    ['message.sender="st1abc"', near('equal', 16, 17, '=')],
    ['tx.height=-1', near('equal', 11, 12, '=')],
    ['tx.height=05', near('PegText', 12, 13, '0')],
    ["a.b='it''s'", near('PegText', 6, 10, "'it'")],
    // AND between spaces only; no space at either end
    ["a.b='x'\tAND c.d='y'", near('PegText', 6, 9, "'x'")],
    ["a.b='x' AND a.b EXISTS ", near('exists', 18, 24, 'EXISTS')],
    [" a.b='x'", near('Unknown', 1, 1, '')],
    // operators with the operands they take
    ['a.b CONTAINS 5', near('contains', 6, 14, 'CONTAINS')],
    ["a.b < 'x'", near('l', 6, 7, '<')],
    ['message.sender', near('PegText', 2, 16, 'message.sender')],
    ['', near('Unknown', 1, 1, '')],
    // positions count characters, not bytes
    ["a.b='é' AND c", near('PegText', 14, 15, 'c')],
    ['x.t > TIME 2020-01-01', near('digit', 22, 23, '1')],
  ])('%j is refused', (query, message) => {
    expect(refusal(query)).toBe(message);
  });

  it('reads keywords in any case, numbers, times and dates', () => {
    expect(parseSearchQuery("tm.event = 'Tx' and tx.height>=3 AND x.f<1.50 aNd a.b exists AND c.d contains 'z'")).toEqual([
      { key: 'tm.event', op: '=', value: 'Tx', operand: 'string' },
      { key: 'tx.height', op: '>=', value: '3', operand: 'number' },
      { key: 'x.f', op: '<', value: '1.50', operand: 'number' },
      { key: 'a.b', op: 'EXISTS', value: '' },
      { key: 'c.d', op: 'CONTAINS', value: 'z', operand: 'string' },
    ]);
    expect(parseSearchQuery('x.t<=TIME 2020-01-01T10:00:00+01:00 AND x.d = date 2020-02-29')).toEqual([
      { key: 'x.t', op: '<=', value: '2020-01-01T10:00:00+01:00', operand: 'time' },
      { key: 'x.d', op: '=', value: '2020-02-29', operand: 'date' },
    ]);
    // a tag holds anything but spaces, quotes, parentheses, backslashes and comparison signs
    expect(parseSearchQuery("/sdk.bank.v1beta1.MsgSend.amount='1' AND tx.acc_seq='st1a/2'")).toEqual([
      { key: '/sdk.bank.v1beta1.MsgSend.amount', op: '=', value: '1', operand: 'string' },
      { key: 'tx.acc_seq', op: '=', value: 'st1a/2', operand: 'string' },
    ]);
  });
});
