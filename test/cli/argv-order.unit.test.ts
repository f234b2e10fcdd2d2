/**
 * Flags before the command words, as cobra takes them (src/cli/argv-order.ts): the words move to
 * the front, everything else keeps its order; a flag's value is told from a command word by what
 * the level declares, then by the common flags, then by whether the next word is a subcommand.
 */
import { describe, expect, it } from 'vitest';
import { commandFirst, splitShortAssignments, type CommandLevel } from '../../src/cli/argv-order.ts';

/** A tree: query → bank → balances, query → staking → pool; tx → bank → send (which declares --dry-run and -o). */
function level(tree: Record<string, unknown>, flags: Record<string, boolean> = {}): CommandLevel {
  return {
    sub: (w) => (w in tree ? level(tree[w] as Record<string, unknown>, w === 'send' ? { '--dry-run': false, '-o': true } : {}) : undefined),
    takesValue: (f) => flags[f],
    isGroup: () => Object.keys(tree).length > 0,
  };
}
const root = level({ query: { bank: { balances: {} }, staking: { pool: {} } }, tx: { bank: { send: {} } }, keys: { list: {} } });

describe('commandFirst', () => {
  it('moves the command words before the flags that precede them, values and all', () => {
    expect(commandFirst(['--home', '/h', 'query', 'staking', 'pool'], root)).toEqual(['query', 'staking', 'pool', '--home', '/h']);
    expect(commandFirst(['query', '--node', 'tcp://n:1', 'bank', 'balances', 'st1a', '-o', 'json'], root)).toEqual(['query', 'bank', 'balances', '--node', 'tcp://n:1', 'st1a', '-o', 'json']);
    expect(commandFirst(['--home=/h', '--trace', 'keys', 'list'], root)).toEqual(['keys', 'list', '--home=/h', '--trace']);
  });

  it('leaves a line whose words come first, help, and what follows -- as they are', () => {
    const line = ['tx', 'bank', 'send', 'a', 'b', '1stos', '--home', '/h', '-y'];
    expect(commandFirst(line, root)).toEqual(line);
    expect(commandFirst(['help', 'query'], root)).toEqual(['help', 'query']);
    expect(commandFirst(['--home', '/h', 'tx', '--', 'query'], root)).toEqual(['tx', '--home', '/h', '--', 'query']);
  });

  it('tells an unknown flag that takes no value by the subcommand word after it; an argument equal to a command name stays an argument', () => {
    expect(commandFirst(['--unknown-bool', 'query', 'bank', 'balances', 'st1a'], root)).toEqual(['query', 'bank', 'balances', '--unknown-bool', 'st1a']);
    expect(commandFirst(['--unknown', 'value', 'query', 'staking', 'pool'], root)).toEqual(['query', 'staking', 'pool', '--unknown', 'value']);
    expect(commandFirst(['query', 'bank', 'balances', 'query'], root)).toEqual(['query', 'bank', 'balances', 'query']);
  });
});

describe('commandFirst and unknown command words', () => {
  it("a word that names no command of a group goes with the words, so the group reports it (not a flag before it)", () => {
    expect(commandFirst(['--home', '/h', 'consensus', 'show-validator'], root)).toEqual(['consensus', '--home', '/h', 'show-validator']);
    expect(commandFirst(['--home', '/h', 'query', 'nosuch'], root)).toEqual(['query', 'nosuch', '--home', '/h']);
    expect(commandFirst(['query', '--node', 'tcp://n:1', 'bank', 'nosuch', 'x'], root)).toEqual(['query', 'bank', 'nosuch', '--node', 'tcp://n:1', 'x']);
    // a command's arguments stay where they are
    expect(commandFirst(['--home', '/h', 'query', 'bank', 'balances', 'st1a'], root)).toEqual(['query', 'bank', 'balances', '--home', '/h', 'st1a']);
  });
});

describe('splitShortAssignments', () => {
  it('reads -o=json as -o json (pflag does), before -- only', () => {
    expect(splitShortAssignments(['q', '-o=json', '--output=text', '-b=sync', '--', '-o=x'])).toEqual(['q', '-o', 'json', '--output=text', '-b', 'sync', '--', '-o=x']);
  });
});
