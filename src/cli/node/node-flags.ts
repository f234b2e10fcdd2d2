/**
 * Flags shared by the node commands: `--home` and the global flags of spec §4.5 (`--log_level`,
 * `--log_format`, `--trace`, `--chain-id`), and the bridge from commander options to the
 * start-flag table (`givenFlags`: what the user typed, for the config-file precedence).
 */
import { Command, Option } from 'commander';
import { resolve } from 'node:path';
import { expandHome } from '../../node/home.ts';
import { NODE_GLOBAL_FLAGS, type StartFlag } from '../../node/start-flags.ts';
import { createLogger, parseLogLevel, type LogFormat, type Logger } from '../../node/logger.ts';
import { defaultHome } from '../home.ts';
import type { CliContext } from '../context.ts';

/** Adds `--home` (default `~/.chaind`). */
export function withHome(cmd: Command, description = 'The application home directory'): Command {
  return cmd.option('--home <dir>', description, defaultHome());
}

/** `--chain-id`'s help on a node command that reads no chain ID. */
export const CHAIN_ID_UNUSED = 'The network chain ID (not used by this command)';

/**
 * Adds the global flags of the node commands. `--chain-id` is a global flag, but what it does depends
 * on the command: `chainIdUsage` says it for this one (default: the command does not use it).
 */
export function withGlobalFlags(cmd: Command, chainIdUsage: string = CHAIN_ID_UNUSED): Command {
  for (const flag of NODE_GLOBAL_FLAGS) cmd.addOption(flag.name === 'chain-id' ? optionOf({ ...flag, usage: chainIdUsage, default: '' }) : optionOf(flag));
  return cmd;
}

/**
 * The root's persistent flags on a client command (`tx`, `query`, `keys`): SDK v0.47's
 * `svrcmd.Execute` and `PrepareBaseCmd` give every command `--log_level`, `--log_format` and
 * `--trace`. A client command writes no log and its errors carry no stack trace, so they are
 * accepted without effect, and a script written for a real chain runs unchanged.
 */
export function withClientGlobalFlags(cmd: Command): Command {
  for (const flag of NODE_GLOBAL_FLAGS) if (flag.name !== 'chain-id') cmd.addOption(optionOf(flag));
  return cmd;
}

/** A commander option for a start-flag table entry; booleans take an optional value (`--x`, `--x=false`). */
export function optionOf(flag: StartFlag): Option {
  const shown = flag.default === '' ? '' : ` (default ${flag.kind === 'string' ? JSON.stringify(flag.default) : flag.default})`;
  const value = flag.kind === 'bool' ? ' [bool]' : ` <${flag.kind === 'strings' || flag.kind === 'ints' ? 'list' : flag.kind === 'duration' ? 'duration' : 'value'}>`;
  return new Option(`--${flag.name}${value}`, flag.usage + shown);
}

/** The resolved absolute home of a command's `--home`. */
export function homeOf(cmd: Command): string {
  return resolve(expandHome(cmd.opts<{ home: string }>().home));
}

/** Flag name (no dashes) → text of every option the user gave on the command line. */
export function givenFlags(cmd: Command): Map<string, string> {
  const given = new Map<string, string>();
  for (const opt of cmd.options) {
    if (!opt.long) continue;
    const key = opt.attributeName();
    if (cmd.getOptionValueSource(key) !== 'cli') continue;
    const value = cmd.getOptionValue(key) as unknown;
    given.set(opt.long.replace(/^--/, ''), value === true ? 'true' : String(value));
  }
  return given;
}

/** The log of a node command (stderr), from `--log_level` / `--log_format` as given or defaulted. */
export function commandLogger(ctx: CliContext, cmd: Command): Logger {
  const opts = cmd.opts<{ log_level?: string; log_format?: string }>();
  const format = (opts.log_format ?? 'plain') as LogFormat;
  if (format !== 'plain' && format !== 'json') throw new Error(`unknown log_format ${JSON.stringify(format)} (must be 'plain' or 'json')`);
  return createLogger({ format, filter: parseLogLevel(opts.log_level ?? 'info'), write: ctx.out.stderr });
}
