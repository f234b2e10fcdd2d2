/**
 * `query account` prints an EthAccount's `code_hash` as yaml.v2 does (spec part 2: `code_hash: 0x…`
 * unquoted): yaml.v2 reads `0x…`/`0b…` as an int only when Go's 64-bit ParseInt/ParseUint take it,
 * so it quotes those and leaves a longer one (a 32-byte hash) plain.
 */
import { describe, expect, it } from 'vitest';
import { toYaml } from '../../../src/cli/output.ts';
import { EMPTY_CODE_HASH } from '../../../src/modules/auth/account.ts';

describe('YAML of 0x… and 0b… strings', () => {
  it('a 32-byte hash is plain; hex and binary that fit 64 bits are double-quoted, one past the limit is plain', () => {
    expect(toYaml({ code_hash: EMPTY_CODE_HASH })).toBe(`code_hash: ${EMPTY_CODE_HASH}\n`);
    expect(
      toYaml({
        a: '0xff',
        b: '0xffffffffffffffff',
        c: '0x10000000000000000',
        d: '-0x8000000000000000',
        e: '-0x8000000000000001',
        f: '+0x7fffffffffffffff',
        g: '+0x8000000000000000',
        h: '0b101',
        i: '0x',
      }),
    ).toBe(
      [
        'a: "0xff"',
        'b: "0xffffffffffffffff"',
        'c: 0x10000000000000000',
        'd: "-0x8000000000000000"',
        'e: -0x8000000000000001',
        'f: "+0x7fffffffffffffff"',
        'g: +0x8000000000000000',
        'h: "0b101"',
        'i: 0x',
        '',
      ].join('\n'),
    );
  });
});
