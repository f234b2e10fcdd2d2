/**
 * The lazy command tables (src/cli/lazy.ts) against the commands they load: every placeholder in
 * help shows the name, aliases, usage term and one-line summary of the real command, and the
 * command argv selects is the real one at every level.
 */
import { type Command, Help } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram, main } from '../../src/cli/chaind.ts';
import type { CliContext } from '../../src/cli/context.ts';
import { bufferOutput } from '../../src/cli/output.ts';
import { scriptedPrompter } from '../../src/cli/prompt.ts';
import { NEUTRAL } from '../../src/naming.ts';

function context(): CliContext & { out: ReturnType<typeof bufferOutput> } {
  return { out: bufferOutput(), prompt: scriptedPrompter([]), naming: NEUTRAL };
}

const PLAIN = new Help();

/** What the parent's help shows of a command: its term and its one-line summary. */
function shown(cmd: Command): { term: string; summary: string } {
  return { term: PLAIN.subcommandTerm(cmd), summary: PLAIN.subcommandDescription(cmd).split('\n')[0] };
}

describe('lazy command tables', () => {
  it('placeholders show what the real commands show, at the top level and in tx and query', async () => {
    const full = await buildProgram(context());
    const levels: [string[], (p: Command) => Command][] = [
      [[], (p) => p],
      [['tx'], (p) => p.commands.find((c) => c.name() === 'tx')!],
      [['query'], (p) => p.commands.find((c) => c.name() === 'query')!],
    ];
    for (const [argv, pick] of levels) {
      const lazy = pick(await buildProgram(context(), [...argv, 'no-such-command']));
      const real = pick(full);
      expect(lazy.commands.map((c) => c.name())).toEqual(real.commands.map((c) => c.name()));
      for (const realSub of real.commands) {
        const placeholder = lazy.commands.find((c) => c.name() === realSub.name())!;
        expect(placeholder.aliases(), realSub.name()).toEqual(realSub.aliases());
        const lazyHelp = lazy.createHelp();
        expect({ term: lazyHelp.subcommandTerm(placeholder), summary: lazyHelp.subcommandDescription(placeholder) }, [...argv, realSub.name()].join(' ')).toEqual(shown(realSub));
      }
    }
  });

  it('loads only the command argv names: `query bank` is real, its siblings are placeholders', async () => {
    const program = await buildProgram(context(), ['q', 'bank', 'balances', 'st1x']);
    const query = program.commands.find((c) => c.name() === 'query')!;
    expect(query.commands.find((c) => c.name() === 'bank')!.commands.map((c) => c.name())).toEqual(['balances', 'total', 'denom-metadata', 'send-enabled']);
    expect(query.commands.find((c) => c.name() === 'register')!.commands).toEqual([]);
    expect(program.commands.find((c) => c.name() === 'keys')!.options).toEqual([]);
  });

  it('`help <command>` and `<command> --help` print the real help of that command', async () => {
    const viaHelp = context();
    expect(await main(['help', 'version'], viaHelp)).toBe(0);
    const viaFlag = context();
    expect(await main(['version', '--help'], viaFlag)).toBe(0);
    expect(viaHelp.out.out).toBe(viaFlag.out.out);
    expect(viaFlag.out.out).toContain('--long');
  });

  it('a mistyped command gets a suggestion from the placeholders', async () => {
    const ctx = context();
    expect(await main(['verison'], ctx)).toBe(1);
    expect(ctx.out.err).toBe(`Error: unknown command "verison" for "chaind"\n\nDid you mean this?\n\tversion\n\nRun 'chaind --help' for usage.\n`);
  });
});
