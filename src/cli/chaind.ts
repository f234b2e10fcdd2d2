/**
 * `chaind`: a small commander program. Command groups live in their own folders and are listed
 * here; only the group argv selects is imported (src/cli/lazy.ts). `main` parses argv, runs the
 * command and turns every failure into `Error: <message>` on stderr and exit code 1 (never a stack
 * trace), as cobra-based `stchaind` does.
 */
import { Command, CommanderError, Help } from 'commander';
import { commandFirst, splitShortAssignments, type CommandLevel } from './argv-order.ts';
import { cobraParseError } from './cobra-errors.ts';
import { clientProfileMismatch, NEUTRAL, profileNamed, type NamingProfile, unknownQueryPathHint, unresolvedTypeUrlOf } from '../naming.ts';
import { clientNamingOf, homeOfArgv } from './home.ts';
import type { CliContext } from './context.ts';
import { mountLazy, subcommandTerm, type LazyEntry } from './lazy.ts';
import { NODE_COMMANDS } from './node/index.ts';
import { processOutput } from './output.ts';
import { stdinPrompter } from './prompt.ts';
import { QUERY } from './query/index.ts';
import { consensusGroupSummary, validatorSetNames } from './query/validator-set-names.ts';
import { TX } from './tx/index.ts';

const KEYS: LazyEntry = {
  name: 'keys',
  term: 'keys [options]',
  summary: "Manage your application's keys",
  load: async () => (await import('./keys/index.ts')).keysCommand,
};

const PLAIN_HELP = new Help();

const COMMANDS: readonly LazyEntry[] = [KEYS, TX, QUERY, ...NODE_COMMANDS];

/**
 * The program for `argv` (the commands it selects loaded, the rest as help placeholders); without
 * argv, the whole tree.
 */
export async function buildProgram(ctx: CliContext, argv?: readonly string[]): Promise<Command> {
  const program = new Command('chaind').description('Chain node daemon and client of the simulated storage chain').showSuggestionAfterError(true);
  await mountLazy(program, commandsOf(ctx), argv ?? [], ctx, argv === undefined);
  // exitOverride, the output streams, parse errors in cobra's words and the help's shape on every command
  applyToTree(program, (cmd) =>
    cmd
      .exitOverride()
      // writeErr only writes the help of a group called without a command, which cobra prints on stdout (exit 0)
      .configureOutput({ writeOut: ctx.out.stdout, writeErr: ctx.out.stdout, outputError: (text) => ctx.out.stderr(cobraParseError(text, cmd, ctx.naming)) })
      .configureHelp({
        subcommandTerm: (sub) => subcommandTerm(sub, (c) => PLAIN_HELP.subcommandTerm(c)),
        // inherited flags (`--home`, `--keyring-backend`, …), as cobra's "Global Flags"
        showGlobalOptions: true,
        // text already laid out in lines is printed as written, as cobra prints a command's Long
        boxWrap: (text, width) => (text.includes('\n') ? text : PLAIN_HELP.boxWrap(text, width)),
      }),
  );
  return program;
}

/**
 * The top-level entries in the profile's words: the consensus-engine group (`chaind tendermint …`
 * under the real profile) and the validator-set query (`query comet-validator-set`).
 */
function commandsOf(ctx: CliContext): readonly LazyEntry[] {
  if (ctx.naming.name === 'neutral') return COMMANDS;
  const neutralSet = validatorSetNames(NEUTRAL).name;
  const set = validatorSetNames(ctx.naming);
  return COMMANDS.map((e) => {
    if (e.name === 'consensus') return { ...e, name: ctx.naming.consensusCommand, summary: consensusGroupSummary(ctx.naming) };
    if (e !== QUERY) return e;
    const children = QUERY.children.map((c) => (c.name === neutralSet ? { ...c, name: set.name, aliases: set.aliases, term: c.term?.replace(neutralSet, set.name) } : c));
    return { ...QUERY, children };
  });
}

/** The tree as the lazy tables know it before anything is loaded (the groups' own commands are not in them). */
function lazyLevel(entries: readonly LazyEntry[]): CommandLevel {
  return {
    sub(word) {
      const e = entries.find((x) => x.name === word || (x.aliases ?? []).includes(word));
      return e === undefined ? undefined : 'children' in e ? lazyLevel(e.children) : lazyLevel([]);
    },
    takesValue: () => undefined,
    // a leaf's own commands (`keys add`) are known only once it is loaded
    isGroup: () => entries.length > 0,
  };
}

/** The tree as loaded, with each command's own flags. */
function commanderLevel(cmd: Command): CommandLevel {
  return {
    sub(word) {
      const c = cmd.commands.find((x) => x.name() === word || x.aliases().includes(word));
      return c === undefined ? undefined : commanderLevel(c);
    },
    takesValue(flag) {
      const o = cmd.options.find((x) => x.long === flag || x.short === flag);
      return o === undefined ? undefined : o.required || o.optional;
    },
    isGroup: () => cmd.commands.length > 0 && cmd.registeredArguments.length === 0,
  };
}

function applyToTree(cmd: Command, fn: (cmd: Command) => void): void {
  fn(cmd);
  for (const sub of cmd.commands) applyToTree(sub, fn);
}

/** Runs `chaind <argv…>` and returns the exit code. `context` replaces the process streams (tests). */
export async function main(argv: string[], context: Partial<CliContext> = {}): Promise<number> {
  const out = context.out ?? processOutput();
  const prompt = context.prompt ?? stdinPrompter(process.stdin, out.stderr);
  let ctx: CliContext = { out, prompt, naming: context.naming ?? NEUTRAL };
  try {
    // the profile of the chain this home talks to (client.toml `naming`, written by `chaind init --naming`)
    if (!context.naming) ctx = { ...ctx, naming: homeNaming(argv) };
    // flags before the command words, as cobra allows (argv-order.ts): the words first, from the
    // lazy tables (which group to load), then again from the loaded tree (the group's own commands)
    const words = commandFirst(splitShortAssignments(argv), lazyLevel(commandsOf(ctx)));
    const program = await buildProgram(ctx, words);
    await program.parseAsync(commandFirst(words, commanderLevel(program)), { from: 'user' });
    return 0;
  } catch (err) {
    // commander printed its message; a group called without a command printed its help, as cobra does with exit 0
    if (err instanceof CommanderError) return err.code === 'commander.help' ? 0 : err.exitCode;
    out.stderr(`Error: ${errorText(err, ctx.naming, argv)}\n`);
    return 1;
  } finally {
    prompt.close();
  }
}

/**
 * The text of a failure. A node answer this client's codec cannot decode because a type URL in it
 * is in the other profile's words is told from the client's side (the node's words, this home's
 * profile, the command that switches it), not in the words a node uses to refuse a tx.
 */
function errorText(err: unknown, naming: NamingProfile, argv: readonly string[]): string {
  const home = hasHomeFlag(argv) ? homeOfArgv(argv) : undefined;
  const url = unresolvedTypeUrlOf(err);
  const message = err instanceof Error ? err.message : String(err);
  return (url === undefined ? undefined : clientProfileMismatch(naming, url, home)) ?? unknownQueryPathHint(naming, message, home) ?? message;
}

function hasHomeFlag(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).some((a) => a === '--home' || a.startsWith('--home='));
}

/** The naming profile client.toml of the `--home` in argv records (neutral when none). */
function homeNaming(argv: readonly string[]): NamingProfile {
  const home = homeOfArgv(argv);
  const name = clientNamingOf(home);
  return name === undefined ? NEUTRAL : profileNamed(name, `${home}/config/client.toml: naming`);
}
