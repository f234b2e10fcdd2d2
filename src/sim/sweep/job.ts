/**
 * One run of a sweep (docs/sweeps.md): a scenario with some fields set (`--set path=value`) and a
 * seed, run in its own process (local workers) or by `sdsim worker` on any machine (the queue). Its
 * result is the run's identity (app hash, height) and summary metrics: everything but timings, so
 * that the same sweep gives the same table whoever ran it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMap, isNode, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { parseScenario, ScenarioError } from '../scenario/parse.ts';
import type { Scenario, SourcePos } from '../scenario/types.ts';
import { runScenario, ScenarioEventError } from '../run/runner.ts';
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
 * names the `--set` whose path the field is on (the field itself, below it, or a mapping on the
 * way to it): `--set <path>=<value>: <field>: <problem>`; a field on no `--set`'s path (an event
 * beyond a shortened run) names every `--set` of the combination, then where the field is in the
 * scenario file. Without settings, the scenario's own `file:line:col: field: problem`.
 */
export function scenarioWith(file: string, text: string, settings: readonly Setting[]): Scenario {
  return combination(file, text, settings).scenario;
}

/**
 * The parsed combination, and `named`: an error of its parse or of its run (the chain refusing the
 * genesis, a proposal not carried out) as the combination's error (`scenarioWith`), its position,
 * which is in the text with the values set in, moved to the user's file.
 */
function combination(file: string, text: string, settings: readonly Setting[]): { scenario: Scenario; named: (e: unknown) => unknown } {
  if (settings.length === 0) return { scenario: parseScenario(text, file), named: (e) => e };
  const rewritten = textWith(file, text, settings);
  const named = (e: unknown) => (e instanceof ScenarioError ? combinationError(file, text, rewritten, settings, e) : e instanceof ScenarioEventError ? combinationError(file, text, rewritten, settings, e.at) : e);
  try {
    return { scenario: parseScenario(rewritten, file), named };
  } catch (e) {
    throw named(e);
  }
}

/** The scenario's text with `settings` set in its YAML document (mappings on the way created). */
function textWith(file: string, text: string, settings: readonly Setting[]): string {
  // integers as bigints, so that the text written back has every digit (a number past 2^53 would
  // be written rounded, `4e+26`): the parser reads an amount's digits as written
  const doc: Document = parseDocument(text, { intAsBigInt: true });
  for (const s of settings) {
    const keys = s.path.split('.');
    const value = parseDocument(s.value, { intAsBigInt: true }).contents;
    // mappings on the way are created when missing
    for (let i = 1; i < keys.length; i++) {
      const at = doc.getIn(keys.slice(0, i), true);
      if (at === undefined) doc.setIn(keys.slice(0, i), doc.createNode({}));
      else if (!isMap(at)) throw new Error(`${setsText([s])}: ${keys.slice(0, i).join('.')}: not a mapping in ${file}, so ${keys.slice(i).join('.')} cannot be set below it`);
    }
    // a number replacing a string keeps the field a string (`community_tax=0.05` for "0.05")
    const before = doc.getIn(keys, true);
    const keepString = isScalar(before) && typeof before.value === 'string' && isScalar(value) && (typeof value.value === 'number' || typeof value.value === 'bigint');
    doc.setIn(keys, keepString ? doc.createNode(s.value.trim()) : value);
  }
  return doc.toString();
}


function combinationError(file: string, text: string, rewritten: string, settings: readonly Setting[], e: ScenarioError): Error {
  const on = (s: Setting) => e.field === s.path || e.field.startsWith(`${s.path}.`) || e.field.startsWith(`${s.path}[`) || s.path.startsWith(`${e.field}.`);
  const set = settings.find(on);
  if (set) return new Error(`${setsText([set])}: ${e.field}: ${e.problem}`);
  const at = positionInFile(text, rewritten, e.line, e.col);
  return new Error(`${setsText(settings)}: ${at ? `${file}:${at.line}:${at.col}: ` : ''}${e.field}: ${e.problem}`);
}

type Step = string | number;

/**
 * Where the node at `line:col` of `rewritten` (the scenario with the `--set` values in, as the
 * yaml library wrote it back) is in `text`, the user's file: the node at the same keys there
 * (the key itself for a position on a key), or undefined when the file has no such node.
 */
function positionInFile(text: string, rewritten: string, line: number, col: number): SourcePos | undefined {
  const rlc = new LineCounter();
  const rdoc = parseDocument(rewritten, { lineCounter: rlc });
  const start = rlc.lineStarts[line - 1];
  if (start === undefined) return undefined;
  const found = nodePath(rdoc.contents, start + col - 1, []);
  if (!found) return undefined;
  const lc = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lc });
  let node: unknown;
  if (found.key) {
    const parent = found.path.length === 1 ? doc.contents : doc.getIn(found.path.slice(0, -1), true);
    node = isMap(parent) ? parent.items.find((p) => isScalar(p.key) && p.key.value === found.path.at(-1))?.key : undefined;
  } else node = found.path.length === 0 ? doc.contents : doc.getIn(found.path, true);
  const range = (node as Node | undefined)?.range;
  return range ? lc.linePos(range[0]) : undefined;
}

/** The keys to the node of `node` that starts at `offset` (`key`: the key of a pair), if any. */
function nodePath(node: unknown, offset: number, path: Step[]): { path: Step[]; key: boolean } | undefined {
  if (!isNode(node)) return undefined;
  if (node.range?.[0] === offset) return { path, key: false };
  if (isMap(node)) {
    for (const pair of node.items) {
      const key = pair.key;
      if (!isScalar(key) || typeof key.value !== 'string') continue;
      const name = key.value;
      if (key.range?.[0] === offset) return { path: [...path, name], key: true };
      const found = nodePath(pair.value, offset, [...path, name]);
      if (found) return found;
    }
  } else if (isSeq(node)) {
    for (const [i, item] of node.items.entries()) {
      const found = nodePath(item, offset, [...path, i]);
      if (found) return found;
    }
  }
  return undefined;
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
  const { scenario, named } = combination(job.scenarioFile, job.scenarioText, job.settings);
  const temp = job.home === undefined ? mkdtempSync(join(tmpdir(), 'sdsim-sweep-')) : undefined;
  const home = job.home ?? join(temp!, 'home');
  try {
    // one run per worker process (per core): no writer thread beside it
    let r;
    try {
      r = await runScenario(scenario, { out: home, seed: job.seed, writeBehind: false, ...(job.epochs !== undefined ? { epochs: job.epochs } : {}) });
    } catch (e) {
      // an error naming a field of the scenario: the --set it came from, or where it is in the user's file
      throw named(e);
    }
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
