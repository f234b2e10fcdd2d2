/**
 * Command-line parse errors in cobra's and pflag's words (the SDK's `chaind` is a cobra program),
 * made from commander's: `Error: unknown flag: --x`, `Error: required flag(s) "events" not set`,
 * `Error: accepts 1 arg(s), received 0`, `Error: unknown command "x" for "chaind keys"`, …, each
 * followed by cobra's `Run '<command> --help' for usage.` (cobra prints the whole usage after some
 * of them; the pointer to it is shorter). A message commander words differently is passed on with
 * its `error:` written `Error:`, as every other failure of the CLI.
 */
import type { Command } from 'commander';
import { type NamingProfile, PROFILES } from '../naming.ts';

/** The command's path as cobra's `CommandPath` (`chaind keys add`). */
export function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/** The option's flags without the value placeholder, as pflag names a flag (`-o, --output`). */
function flagNames(flags: string): string {
  return flags.replace(/\s*[<[].*$/, '');
}

/** A flag as given (`--x=1`, `-x`) in pflag's unknown-flag words. */
function unknownFlag(flag: string): string {
  const name = flag.replace(/=.*$/, '');
  return name.startsWith('--') ? `unknown flag: ${name}` : `unknown shorthand flag: '${name.slice(1, 2)}' in ${name}`;
}

/**
 * cobra's `ValidateRequiredFlags`: every flag marked required and not given, by name in pflag's
 * lexicographic order (commander stops at the first one it finds).
 */
function missingRequiredFlags(cmd: Command): string[] {
  return cmd.options
    .filter((o) => o.mandatory && cmd.getOptionValue(o.attributeName()) === undefined)
    .map((o) => (o.long ?? o.flags).replace(/^--/, ''))
    .sort();
}

/** cobra's positional-argument validators (`ExactArgs`, `RangeArgs`, `MinimumNArgs`) for the command's arguments. */
function argumentCount(cmd: Command, received: number): string {
  const args = cmd.registeredArguments;
  const min = args.filter((a) => a.required).length;
  if (args.some((a) => a.variadic)) return `requires at least ${min} arg(s), only received ${received}`;
  const max = args.length;
  return min === max ? `accepts ${max} arg(s), received ${received}` : `accepts between ${min} and ${max} arg(s), received ${received}`;
}

/**
 * commander's text of a parse error of `cmd` (`error: …\n`) in cobra's words, with the usage pointer.
 * `naming`, the home's profile: the other profile's consensus group (`consensus` on a real home,
 * `tendermint` on a neutral one) is an unknown command, told with the group this home uses.
 */
export function cobraParseError(text: string, cmd: Command, naming?: NamingProfile): string {
  const message = text.replace(/\n$/, '');
  const path = commandPath(cmd);
  const usage = `Run '${path} --help' for usage.\n`;
  let m: RegExpMatchArray | null;
  if ((m = message.match(/^error: unknown command '([^']*)'(?:\n\(Did you mean (?:one of )?(.*)\?\))?$/s))) {
    const suggestions = m[2] === undefined ? '' : `\n\nDid you mean this?\n${m[2].split(', ').map((s) => `\t${s}\n`).join('')}`;
    return `Error: unknown command "${m[1]}" for "${path}"${suggestions}${otherProfileGroup(m[1]!, cmd, naming)}\n${usage}`;
  }
  if ((m = message.match(/^error: unknown option '([^']*)'/))) return `Error: ${unknownFlag(m[1]!)}\n${usage}`;
  if ((m = message.match(/^error: required option '([^']*)' not specified$/))) {
    const missing = missingRequiredFlags(cmd);
    const names = missing.length > 0 ? missing : [flagNames(m[1]!).replace(/^.*--/, '')];
    return `Error: required flag(s) "${names.join('", "')}" not set\n${usage}`;
  }
  if ((m = message.match(/^error: option '([^']*)' argument missing$/))) {
    const names = flagNames(m[1]!).split(/,\s*/);
    const long = names.find((n) => n.startsWith('--')) ?? names[0]!;
    return `Error: flag needs an argument: ${long}\n${usage}`;
  }
  if ((m = message.match(/^error: option '([^']*)' argument '(.*)' is invalid\.\s*(.*)$/s))) {
    return `Error: invalid argument "${m[2]}" for "${flagNames(m[1]!)}" flag: ${m[3]}\n${usage}`;
  }
  if ((m = message.match(/^error: (?:missing required argument '[^']*'|too many arguments.*got (\d+)\.)$/s))) {
    // a command that takes no argument is cobra.NoArgs in the SDK and stratos: the first one is an unknown command
    if (cmd.registeredArguments.length === 0 && cmd.args.length > 0) return `Error: unknown command "${cmd.args[0]}" for "${path}"\n${usage}`;
    return `Error: ${argumentCount(cmd, m[1] === undefined ? cmd.args.length : Number(m[1]))}\n${usage}`;
  }
  return `${message.replace(/^error: /, 'Error: ')}\n${usage}`;
}

/** The hint after `unknown command "consensus" for "chaind"` on a home of the profile whose group is another word. */
function otherProfileGroup(word: string, cmd: Command, naming: NamingProfile | undefined): string {
  if (naming === undefined || cmd.parent !== null || word === naming.consensusCommand) return '';
  if (!Object.values(PROFILES).some((p) => p.consensusCommand === word)) return '';
  const recorded = naming.name === 'neutral' ? 'records no naming (the neutral profile)' : `records naming = "${naming.name}"`;
  return `\n\nThis home's client.toml ${recorded}: its consensus-engine commands are "${commandPath(cmd)} ${naming.consensusCommand} …".\n`;
}
