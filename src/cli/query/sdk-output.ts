/**
 * How the SDK client prints a JSON document (`Context.printOutput`, SDK v0.47): with `-o json` the
 * compact JSON and a newline; with `-o text` the same document converted to YAML by
 * `yaml.JSONToYAML`, which sorts the keys of every object (reference/sdk-modules.md §1.5). The
 * YAML itself comes from the CLI's one printer (`../output.ts`).
 */
import type { GoJsonValue } from '../../codec/go-json.ts';
import type { Output, OutputFormat } from '../output.ts';
import { toYaml } from '../output.ts';

/** `json` is either the JSON text to print verbatim (Go escaping kept) or a JSON value. */
export function printSdkJson(out: Output, json: string | GoJsonValue, format: OutputFormat): void {
  const text = typeof json === 'string' ? json : JSON.stringify(json);
  if (format === 'json') {
    out.stdout(text + '\n');
    return;
  }
  out.stdout(toYaml(sortKeys(JSON.parse(text) as GoJsonValue)));
}

/** Object keys in byte order at every level, as yaml.v2 writes a Go map. */
export function sortKeys(value: GoJsonValue): GoJsonValue {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: { [k: string]: GoJsonValue } = {};
  for (const key of Object.keys(value).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) out[key] = sortKeys(value[key]!);
  return out;
}
