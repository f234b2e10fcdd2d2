/**
 * Flags anywhere on the line, as cobra reads them. A cobra CLI (`stchaind`, every SDK `appd`)
 * takes `appd --home X query bank balances A` and `appd query --node N bank balances A` as it takes
 * `appd query bank balances A --home X --node N`: it finds the command by its words, skipping the
 * flags, then parses every flag against that command. commander parses a flag only after the
 * command that declares it, so `main` moves the command words to the front first (`commandFirst`),
 * keeping everything else in order. Also `-o=json`, which pflag reads as `-o json` and commander as
 * the value `=json`, is split.
 */

/** One level of the command tree as far as it is known. */
export interface CommandLevel {
  /** the subcommand named `word` (by name or alias), if this level has it */
  sub(word: string): CommandLevel | undefined;
  /** whether `flag` (`--node`, `-o`) takes a value here; undefined when this level does not know it */
  takesValue(flag: string): boolean | undefined;
  /**
   * whether this level only groups commands (a word here must name one of them: `chaind`, `query`,
   * `keys`); false or absent when it takes arguments, or when its commands are not known yet
   */
  isGroup?(): boolean;
}

/**
 * Flags every chaind command may carry, for the levels that do not declare them (a group above the
 * command that does): the SDK's root persistent flags and the query and tx flags.
 */
const WITH_VALUE = new Set([
  '--home', '--log_level', '--log_format', '--node', '--chain-id', '--keyring-backend', '--keyring-dir', '-o', '--output', '--height',
  '--from', '--fees', '--gas', '--gas-prices', '--gas-adjustment', '--note', '-b', '--broadcast-mode', '--sign-mode', '--fee-account',
  '--fee-granter', '--fee-payer', '--timeout-height', '-a', '--account-number', '-s', '--sequence', '--page', '--limit', '--offset', '--page-key',
]);
const WITHOUT_VALUE = new Set(['--log_no_color', '--trace', '-y', '--yes', '--dry-run', '--generate-only', '--offline', '-h', '--help', '--count-total', '--reverse', '--ledger', '--aux']);

/** `-o=json` → `-o json` (before `--`). */
export function splitShortAssignments(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') return [...out, ...argv.slice(i)];
    const m = /^(-[A-Za-z])=(.*)$/s.exec(a);
    if (m) out.push(m[1]!, m[2]!);
    else out.push(a);
  }
  return out;
}

/**
 * argv with the words naming commands (as far as `root` knows the tree) first, in order, then the
 * rest in its order. A flag's value is recognised by what the level declares, else by the common
 * flags above, else a flag followed by a word that is not a subcommand takes it as its value. The
 * walk stops at the first word that is not a subcommand (the command's own arguments), at `--`, and
 * leaves `help …` alone. A word that is not a subcommand of a group is an unknown command: it goes
 * with the words, so that the group reports it (cobra's `unknown command "x" for "chaind"`) rather
 * than a flag before it that only the commands below the group declare.
 */
export function commandFirst(argv: readonly string[], root: CommandLevel): string[] {
  if (argv[0] === 'help') return [...argv];
  const words: string[] = [];
  const rest: string[] = [];
  let level: CommandLevel | undefined = root;
  let i = 0;
  while (i < argv.length) {
    const a = argv[i]!;
    if (a === '--') break;
    if (a.startsWith('-') && a.length > 1) {
      rest.push(a);
      i++;
      if (a.includes('=') || i >= argv.length) continue;
      const next = argv[i]!;
      const takes = level?.takesValue(a) ?? (WITH_VALUE.has(a) ? true : WITHOUT_VALUE.has(a) ? false : !next.startsWith('-') && level?.sub(next) === undefined);
      if (takes) {
        rest.push(next);
        i++;
      }
      continue;
    }
    const child = level?.sub(a);
    if (!child) {
      if (level?.isGroup?.() === true) {
        words.push(a);
        i++;
      }
      break;
    }
    words.push(a);
    level = child;
    i++;
  }
  return [...words, ...rest, ...argv.slice(i)];
}
