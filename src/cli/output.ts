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
export function toYaml(value: unknown): string {
  // yaml.v2 v2.4 folds long lines at 80 columns like the default here
  return YAML.stringify(value, { version: '1.1', indentSeq: false });
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
