/**
 * The one printer of the CLI: text output is YAML as the Cosmos SDK prints it (gopkg.in/yaml.v2:
 * YAML 1.1 quoting, sequences not indented under their key), JSON output is compact JSON.
 * Every command prints through here.
 */
// a static import: the executables run bundled (scripts/bundle.mjs), where yaml costs a few ms; a
// lazy require of it from node_modules cost about 30 (its ~40 CommonJS files)
import * as YAML from 'yaml';

export type OutputFormat = 'text' | 'json';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['text', 'json'];

/** Where a command writes; the real process streams or a buffer in tests. */
export interface Output {
  stdout(text: string): void;
  stderr(text: string): void;
}

/** yaml.v2 style: `- name: …` lists, `'…'` for strings that cannot be plain, `""` for empty. */
/**
 * Would gopkg.in/yaml.v2 resolve this plain scalar to something other than a string (null, bool,
 * int, float, base-60 number, timestamp)? Then it writes the string double-quoted.
 */
function resolvesToNonString(s: string): boolean {
  return (
    /^(|~|null|Null|NULL)$/.test(s) ||
    /^(y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/.test(s) ||
    /^[-+]?(0[0-7_]+|(0|[1-9][0-9_]*))$/.test(s) ||
    isInt64Radix(s) ||
    /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/.test(s) ||
    /^[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?$/.test(s) ||
    /^[-+]?(\.inf|\.Inf|\.INF)$|^(\.nan|\.NaN|\.NAN)$/.test(s) ||
    /^\d{4}-\d{1,2}-\d{1,2}([Tt ]|$)/.test(s)
  );
}

/**
 * A `0x…`/`0b…` integer that yaml.v2 reads as an int: only when Go's `ParseInt`/`ParseUint` (64 bits)
 * take it, so a longer one (a 32-byte `0x…` hash) stays a plain string.
 */
function isInt64Radix(s: string): boolean {
  const m = /^([-+]?)0(x[0-9a-fA-F_]+|b[01_]+)$/.exec(s);
  if (!m) return false;
  const digits = m[2]!.slice(1).replaceAll('_', '');
  if (digits === '') return false;
  const v = BigInt((m[2]![0] === 'x' ? '0x' : '0b') + digits);
  return m[1] === '' ? v < 1n << 64n : m[1] === '-' ? v <= 1n << 63n : v < 1n << 63n;
}

/**
 * YAML as the SDK CLI prints it (gopkg.in/yaml.v2): a string that would read back as another
 * type is double-quoted (`"123"`, `"yes"`, `""`, timestamps), one that cannot be plain for its
 * characters is single-quoted (`'@type'`, `'[]'`), long lines fold at 80 columns. Key order is the
 * caller's: the SDK marshals structs in field order and JSON-converted values sorted.
 */
export function toYaml(value: unknown): string {
  // the visitor decides the quoting of 0x…/0b… strings: YAML 1.1's hex and binary int tags would
  // quote any length, where yaml.v2 keeps one beyond 64 bits plain
  const doc = new YAML.Document(value, { version: '1.1', customTags: (tags) => tags.filter((t) => !(typeof t === 'object' && 'format' in t && (t.format === 'HEX' || t.format === 'BIN'))) });
  YAML.visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value === 'string' && resolvesToNonString(node.value)) node.type = 'QUOTE_DOUBLE';
    },
  });
  return doc.toString({ indentSeq: false, singleQuote: true });
}

export function toJson(value: unknown): string {
  return JSON.stringify(value);
}

/**
 * Prints a value in the chosen format. Text is the YAML document followed by an empty line
 * (the SDK prints `yaml.Marshal` output with `Fprintln`); JSON is one line.
 */
export function printValue(out: Output, value: unknown, format: OutputFormat): void {
  out.stdout(format === 'json' ? toJson(value) + '\n' : toYaml(value) + '\n');
}

/** Output that writes to the process streams. */
/** Whether the quiet end of a closed stdout is installed (once per process). */
let pipeWatched = false;

export function processOutput(): Output {
  if (!pipeWatched) {
    pipeWatched = true;
    // a reader that stops early (`chaind query txs | head`) closes the pipe: a Go CLI ends quietly
    // of SIGPIPE, this one ends quietly too, instead of Node's EPIPE stack trace
    process.stdout.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(0);
      throw e;
    });
  }
  return {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
  };
}

/** Output collected in memory (in-process tests). */
export function bufferOutput(): Output & { readonly out: string; readonly err: string } {
  let out = '';
  let err = '';
  return {
    stdout: (text) => void (out += text),
    stderr: (text) => void (err += text),
    get out() {
      return out;
    },
    get err() {
      return err;
    },
  };
}
