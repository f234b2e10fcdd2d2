/**
 * The one printer of the CLI: text output is YAML as the Cosmos SDK prints it (gopkg.in/yaml.v2:
 * YAML 1.1 quoting, sequences not indented under their key), JSON output is compact JSON.
 * Every command prints through here.
 */
import YAML from 'yaml';

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
    /^[-+]?(0b[01_]+|0[0-7_]+|0x[0-9a-fA-F_]+|(0|[1-9][0-9_]*))$/.test(s) ||
    /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/.test(s) ||
    /^[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?$/.test(s) ||
    /^[-+]?(\.inf|\.Inf|\.INF)$|^(\.nan|\.NaN|\.NAN)$/.test(s) ||
    /^\d{4}-\d{1,2}-\d{1,2}([Tt ]|$)/.test(s)
  );
}

/**
 * YAML as the SDK CLI prints it (gopkg.in/yaml.v2): a string that would read back as another
 * type is double-quoted (`"123"`, `"yes"`, `""`, timestamps), one that cannot be plain for its
 * characters is single-quoted (`'@type'`, `'[]'`), long lines fold at 80 columns. Key order is the
 * caller's: the SDK marshals structs in field order and JSON-converted values sorted.
 */
export function toYaml(value: unknown): string {
  const doc = new YAML.Document(value, { version: '1.1' });
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
export function processOutput(): Output {
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
