/**
 * One run of a sweep (docs/sweeps.md): a scenario with some fields set (`--set path=value`) and a
 * seed, run in its own process (local workers) or by `sdsim worker` on any machine (the queue). Its
 * result is the run's identity (app hash, height) and summary metrics: everything but timings, so
 * that the same sweep gives the same table whoever ran it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMap, isScalar, parseDocument, type Document } from 'yaml';
import { parseScenario, ScenarioError } from '../scenario/parse.ts';
import type { Scenario } from '../scenario/types.ts';
import { runScenario } from '../run/runner.ts';
import { METRIC_COLUMNS, STATE_COLUMNS, type MetricColumn } from '../run/metrics.ts';

/** A field of the scenario file set to a value: `genesis.pot.params.community_tax` = `"0.05"`. */
export interface Setting {
  /** dotted path into the YAML document */
  readonly path: string;
  /** the value as YAML text (`0.05`, `10stos`, `{uniform: {min: 1, max: 2}}`) */
  readonly value: string;
}

export interface SweepJob {
  /** stable id within the sweep: `<settings index>-<seed>` */
  readonly id: string;
  /** the scenario file's name (for error messages) and text */
  readonly scenarioFile: string;
  readonly scenarioText: string;
  readonly settings: readonly Setting[];
  readonly seed: number;
  /** run only the first N epochs */
  readonly epochs?: number;
  /** keep the run's home there; without it the home is a temporary folder, dropped after */
  readonly home?: string;
}

export interface SweepRunResult {
  readonly id: string;
  /** path → value, as set */
  readonly params: Readonly<Record<string, string>>;
  readonly seed: number;
  readonly appHash: string;
  readonly height: string;
  readonly epochs: number;
  readonly reports: number;
  readonly failedTxs: number;
  /** the run's metrics over its epochs (`summarize`: sums of the amounts and counts, the last balance and state, the mean nodes reported) */
  readonly summary: Readonly<Record<string, string>>;
  readonly home?: string;
}

/** `path=v1,v2,…` of `--set` (values split at commas outside brackets and braces). */
export function parseSetOption(text: string): { path: string; values: string[] } {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new Error(`invalid --set ${JSON.stringify(text)}: expected <path>=<v1>,<v2>,… (e.g. genesis.pot.params.community_tax=0.02,0.05)`);
  const path = text.slice(0, eq).trim();
  if (!/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/.test(path)) throw new Error(`invalid --set path ${JSON.stringify(path)}: expected dotted field names like population.users.count`);
  const values: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of text.slice(eq + 1)) {
    if (ch === '{' || ch === '[') depth++;
    if (ch === '}' || ch === ']') depth--;
    if (ch === ',' && depth === 0) {
      values.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  values.push(cur.trim());
  if (values.some((v) => v === '')) throw new Error(`invalid --set ${JSON.stringify(text)}: an empty value`);
  return { path, values };
}

/** `--set a=1 --set b=2`: the settings as they are given on the command line. */
export function setsText(settings: readonly Setting[]): string {
  return settings.map((s) => `--set ${s.path}=${s.value}`).join(' ');
}

/**
 * The scenario with `settings` applied to its YAML document, parsed. Every error of a combination
 * is `--set <path>=<value>: <field>: <problem>`, naming the `--set` whose path the field is on (the
 * field itself, below it, or a mapping on the way to it); a field on no `--set`'s path (an event
 * beyond a shortened run) names every `--set` of the combination. Without settings, the scenario's
 * own `file:line:col: field: problem`.
 */
export function scenarioWith(file: string, text: string, settings: readonly Setting[]): Scenario {
  const doc: Document = parseDocument(text);
  for (const s of settings) {
    const keys = s.path.split('.');
    const value = parseDocument(s.value).contents;
    // mappings on the way are created when missing
    for (let i = 1; i < keys.length; i++) {
      const at = doc.getIn(keys.slice(0, i), true);
      if (at === undefined) doc.setIn(keys.slice(0, i), doc.createNode({}));
      else if (!isMap(at)) throw new Error(`${setsText([s])}: ${keys.slice(0, i).join('.')}: not a mapping in ${file}, so ${keys.slice(i).join('.')} cannot be set below it`);
    }
    // a number replacing a string keeps the field a string (`community_tax=0.05` for "0.05")
    const before = doc.getIn(keys, true);
    const keepString = isScalar(before) && typeof before.value === 'string' && isScalar(value) && typeof value.value === 'number';
    doc.setIn(keys, keepString ? doc.createNode(s.value.trim()) : value);
  }
  if (settings.length === 0) return parseScenario(text, file);
  try {
    return parseScenario(doc.toString(), file);
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    // the positions are those of the document with the values set in: name the --set instead
    const on = (s: Setting) => e.field === s.path || e.field.startsWith(`${s.path}.`) || e.field.startsWith(`${s.path}[`) || s.path.startsWith(`${e.field}.`);
    const set = settings.find(on);
    throw new Error(`${setsText(set ? [set] : settings)}: ${e.field}: ${e.problem}`);
  }
}

/**
 * How the table sums up a column of metrics.csv over a run's epochs (docs/sweeps.md, "The
 * table"): the amounts and counts of each epoch are summed; a balance carried from epoch to
 * epoch (`traffic_carried`, what the last report left to carry over) takes its last value; a
 * per-report count that is not an amount (`nodes_reported`) takes its mean over the epochs. The
 * states (STATE_COLUMNS) are not summed: `total_mined`, `tier` and `files` take the last epoch's.
 * `failed_txs` is the run's own count (its table column comes from the run, not from here).
 */
export const LAST_COLUMNS: readonly MetricColumn[] = ['traffic_carried'];
export const MEAN_COLUMNS: readonly MetricColumn[] = ['nodes_reported'];

/** `num / den` (den > 0) rounded half up to 2 decimals: `11/3` → `3.67`. */
export function mean2(num: bigint, den: bigint): string {
  const hundredths = (num * 200n + den) / (2n * den);
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
}

/** A run's summary over its epochs (strings): see LAST_COLUMNS and MEAN_COLUMNS for the rules. */
export function summarize(home: string): Record<string, string> {
  const [head, ...lines] = readFileSync(join(home, 'metrics.csv'), 'utf8').trim().split('\n');
  const keys = head!.split(',');
  const lastOf = new Set<string>(LAST_COLUMNS);
  const meanOf = new Set<string>(MEAN_COLUMNS);
  const notSummed = new Set<string>([...STATE_COLUMNS, 'failed_txs']);
  // the mean columns are summed here and divided by the epochs below
  const sums = new Map<string, bigint>();
  const lastValue = new Map<string, string>();
  let last: string[] = [];
  for (const line of lines) {
    const cells = line.split(',');
    last = cells;
    keys.forEach((k, i) => {
      const cell = cells[i] ?? '';
      if (!/^\d+$/.test(cell)) return;
      // the last epoch that has a value: an epoch without a report leaves the carried traffic empty
      if (lastOf.has(k)) lastValue.set(k, cell);
      else if (!notSummed.has(k)) sums.set(k, (sums.get(k) ?? 0n) + BigInt(cell));
    });
  }
  const at = (k: string) => last[keys.indexOf(k)] ?? '';
  const out: Record<string, string> = { total_mined: at('total_mined'), tier: at('tier'), files: at('files') };
  for (const k of METRIC_COLUMNS) {
    if (lastOf.has(k)) {
      if (lastValue.has(k)) out[k] = lastValue.get(k)!;
    } else if (sums.has(k)) out[k] = meanOf.has(k) ? mean2(sums.get(k)!, BigInt(lines.length)) : sums.get(k)!.toString();
  }
  return out;
}

export async function runSweepJob(job: SweepJob): Promise<SweepRunResult> {
  const scenario = scenarioWith(job.scenarioFile, job.scenarioText, job.settings);
  const temp = job.home === undefined ? mkdtempSync(join(tmpdir(), 'sdsim-sweep-')) : undefined;
  const home = job.home ?? join(temp!, 'home');
  try {
    // one run per worker process (per core): no writer thread beside it
    const r = await runScenario(scenario, { out: home, seed: job.seed, writeBehind: false, ...(job.epochs !== undefined ? { epochs: job.epochs } : {}) });
    return {
      id: job.id,
      params: Object.fromEntries(job.settings.map((s) => [s.path, s.value])),
      seed: job.seed,
      appHash: r.appHash,
      height: r.height.toString(),
      epochs: r.epochs,
      reports: r.reports,
      failedTxs: r.failedTxs,
      summary: summarize(home),
      ...(job.home !== undefined ? { home } : {}),
    };
  } finally {
    if (temp) rmSync(temp, { recursive: true, force: true });
  }
}
