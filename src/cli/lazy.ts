/**
 * Command groups loaded on demand. `chaind` has about 400 modules behind its commands; importing
 * them all took most of a second for any call. Each level of the command tree is therefore a table
 * of entries (name, aliases, help line, loader), and only the entry that argv selects is imported:
 * `chaind version` loads the version command alone, `chaind query bank balances` the bank queries.
 * The other entries become placeholders that only show in help and suggestions.
 */
import { Command } from 'commander';
import type { CliContext, CommandGroup } from './context.ts';

interface EntryBase {
  readonly name: string;
  readonly aliases?: readonly string[];
  /** the one-line description in the parent's help */
  readonly summary: string;
  /** how the entry shows in the parent's help when not loaded, e.g. `init [options] <moniker>` */
  readonly term?: string;
}

/** A command whose module is imported when selected. */
export interface LazyLeaf extends EntryBase {
  readonly load: () => Promise<CommandGroup>;
}

/** A command that only groups others (`tx`, `query`, `query register`): its children are lazy too. */
export interface LazyBranch extends EntryBase {
  readonly description: string;
  readonly children: readonly LazyEntry[];
}

export type LazyEntry = LazyLeaf | LazyBranch;

/**
 * Adds `entries` to `parent`: the one `argv` selects (its first word that is not a flag; after
 * `help`, the word after it) fully loaded, the others as placeholders. With `loadAll`, every entry
 * is loaded (tests that walk the whole tree).
 */
export async function mountLazy(parent: Command, entries: readonly LazyEntry[], argv: readonly string[], ctx: CliContext, loadAll = false): Promise<void> {
  const at = selectedWord(argv);
  const word = at >= 0 ? argv[at] : undefined;
  for (const entry of entries) {
    const selected = loadAll || (word !== undefined && (entry.name === word || (entry.aliases ?? []).includes(word)));
    if (!selected) {
      parent.addCommand(placeholder(entry));
      continue;
    }
    if ('load' in entry) {
      parent.addCommand((await entry.load())(ctx));
      continue;
    }
    const branch = new Command(entry.name).description(entry.description).summary(entry.summary);
    for (const alias of entry.aliases ?? []) branch.alias(alias);
    await mountLazy(branch, entry.children, loadAll ? [] : argv.slice(at + 1), ctx, loadAll);
    parent.addCommand(branch);
  }
}

/** Index of the word naming the subcommand at this level, -1 when there is none. */
function selectedWord(argv: readonly string[]): number {
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i];
    if (word.startsWith('-')) continue;
    if (word === 'help' && i + 1 < argv.length) return i + 1;
    return i;
  }
  return -1;
}

const PLACEHOLDER_TERMS = new WeakMap<Command, string>();

function placeholder(entry: LazyEntry): Command {
  const cmd = new Command(entry.name).description(entry.summary).allowUnknownOption().allowExcessArguments();
  for (const alias of entry.aliases ?? []) cmd.alias(alias);
  if (entry.term) PLACEHOLDER_TERMS.set(cmd, entry.term);
  return cmd;
}

/** Help of a level: placeholders show with their recorded term (`init [options] <moniker>`). */
export function subcommandTerm(cmd: Command, fallback: (cmd: Command) => string): string {
  const term = PLACEHOLDER_TERMS.get(cmd);
  if (term === undefined) return fallback(cmd);
  const alias = cmd.aliases()[0]; // commander's help shows the first alias only
  const [name, ...rest] = term.split(' ');
  return [name + (alias ? '|' + alias : ''), ...rest].join(' ');
}
