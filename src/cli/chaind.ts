/**
 * `chaind`: a small commander program. Command groups live in their own folders and register here;
 * `main` parses argv, runs the command and turns every failure into `Error: <message>` on stderr and
 * exit code 1 (never a stack trace), as cobra-based `stchaind` does.
 */
import { Command, CommanderError } from 'commander';
import { NEUTRAL } from '../naming.ts';
import { keysCommand } from './keys/index.ts';
import { NODE_COMMANDS } from './node/index.ts';
import { queryCommand } from './query/index.ts';
import { txCommand } from './tx/index.ts';
import type { CliContext, CommandGroup } from './context.ts';
import { processOutput } from './output.ts';
import { stdinPrompter } from './prompt.ts';

const GROUPS: readonly CommandGroup[] = [keysCommand, txCommand, queryCommand, ...NODE_COMMANDS];

export function buildProgram(ctx: CliContext): Command {
  const program = new Command('chaind')
    .description('Chain node daemon and client of the simulated storage chain')
    .showSuggestionAfterError(true)
    .configureOutput({ writeOut: ctx.out.stdout, writeErr: ctx.out.stderr });
  for (const group of GROUPS) program.addCommand(group(ctx));
  // applies exitOverride and the output streams to every command added above
  applyToTree(program, (cmd) => cmd.exitOverride().configureOutput({ writeOut: ctx.out.stdout, writeErr: ctx.out.stderr }));
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
  const ctx: CliContext = { out, prompt, naming: context.naming ?? NEUTRAL };
  try {
    await buildProgram(ctx).parseAsync(argv, { from: 'user' });
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode; // commander printed its own message
    out.stderr(`Error: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  } finally {
    prompt.close();
  }
}
