/**
 * `chaind`: a small commander program. Command groups live in their own folders and are listed
 * here; only the group argv selects is imported (src/cli/lazy.ts). `main` parses argv, runs the
 * command and turns every failure into `Error: <message>` on stderr and exit code 1 (never a stack
 * trace), as cobra-based `stchaind` does.
 */
import { Command, CommanderError, Help } from 'commander';
import { NEUTRAL, profileNamed, type NamingProfile } from '../naming.ts';
import { clientNamingOf, homeOfArgv } from './home.ts';
import type { CliContext } from './context.ts';
import { mountLazy, subcommandTerm, type LazyEntry } from './lazy.ts';
import { NODE_COMMANDS } from './node/index.ts';
import { processOutput } from './output.ts';
import { stdinPrompter } from './prompt.ts';
import { QUERY } from './query/index.ts';
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
  // the consensus-engine group carries the profile's word (`chaind tendermint …` under the real profile)
  const commands = ctx.naming.consensusCommand === 'consensus' ? COMMANDS : COMMANDS.map((e) => (e.name === 'consensus' ? { ...e, name: ctx.naming.consensusCommand } : e));
  await mountLazy(program, commands, argv ?? [], ctx, argv === undefined);
  // exitOverride, the output streams and the placeholders' help terms on every command
  applyToTree(program, (cmd) =>
    cmd
      .exitOverride()
      .configureOutput({ writeOut: ctx.out.stdout, writeErr: ctx.out.stderr })
      .configureHelp({ subcommandTerm: (sub) => subcommandTerm(sub, (c) => PLAIN_HELP.subcommandTerm(c)) }),
  );
  return program;
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
    const program = await buildProgram(ctx, argv);
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode; // commander printed its own message
    out.stderr(`Error: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  } finally {
    prompt.close();
  }
}

/** The naming profile client.toml of the `--home` in argv records (neutral when none). */
function homeNaming(argv: readonly string[]): NamingProfile {
  const home = homeOfArgv(argv);
  const name = clientNamingOf(home);
  return name === undefined ? NEUTRAL : profileNamed(name, `${home}/config/client.toml: naming`);
}
