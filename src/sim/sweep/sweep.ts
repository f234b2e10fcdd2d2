/**
 * `sdsim sweep`: the grid of `--set` values × seeds as SweepJobs (docs/sweeps.md), their results as
 * one table (CSV, JSON). The runs go to local worker processes (local-pool.ts) or to a job queue
 * (queue.ts); either way the table is the same.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { METRIC_COLUMNS, STATE_COLUMNS } from '../run/metrics.ts';
import { scenarioEpochs } from '../run/runner.ts';
import { csvField } from '../csv.ts';
import { parseSetOption, scenarioWith, setsText, type Setting, type SweepJob, type SweepRunResult } from './job.ts';

/** `A..B` (inclusive) or a comma list of seeds, each once. */
export function parseSeeds(text: string): number[] {
  const range = /^(\d+)\.\.(\d+)$/.exec(text.trim());
  const check = (n: number) => {
    if (!Number.isSafeInteger(n) || n < 0 || n > 4294967295) throw new Error(`invalid --seeds ${JSON.stringify(text)}: seeds are integers in 0..4294967295`);
    return n;
  };
  if (range) {
    const [a, b] = [check(Number(range[1])), check(Number(range[2]))];
    if (b < a) throw new Error(`invalid --seeds ${JSON.stringify(text)}: the range ends before it starts`);
    if (b - a >= 100_000) throw new Error(`invalid --seeds ${JSON.stringify(text)}: at most 100,000 seeds`);
    return Array.from({ length: b - a + 1 }, (_, i) => a + i);
  }
  if (!/^\d+(,\d+)*$/.test(text.trim())) throw new Error(`invalid --seeds ${JSON.stringify(text)}: expected A..B or a list like 1,2,5`);
  const seeds = text.trim().split(',').map((s) => check(Number(s)));
  const twice = repeated(seeds);
  if (twice !== undefined) throw new Error(`invalid --seeds ${JSON.stringify(text)}: seed ${twice} is given twice (each seed is one run of every combination)`);
  return seeds;
}

/** The first value that `values` holds twice. */
function repeated<T>(values: readonly T[]): T | undefined {
  const seen = new Set<T>();
  for (const v of values) {
    if (seen.has(v)) return v;
    seen.add(v);
  }
  return undefined;
}

export interface SweepPlan {
  /** a digest of what the jobs run (`sweepIdOf`: not where their homes are kept); the queue keys jobs by it */
  readonly id: string;
  readonly paths: readonly string[];
  readonly jobs: readonly SweepJob[];
}

/**
 * Every combination of the `--set` values (the first option varies slowest) × every seed. Each
 * combination is checked against the scenario before anything runs — its fields, and `epochs`
 * against its own epochs — so a bad value fails at once naming the `--set` and the field. A seed
 * given twice, or `--set seed` (the seeds are `--seeds`), is refused. `homesDir`: keep each run's
 * home under it as `<id>`.
 */
export function planSweep(file: string, text: string, sets: readonly string[], seeds: readonly number[], opts: { epochs?: number; homesDir?: string } = {}): SweepPlan {
  const options = sets.map(parseSetOption);
  const paths = options.map((o) => o.path);
  const dup = repeated(paths);
  if (dup) throw new Error(`--set ${dup} given twice`);
  const seedSet = options.find((o) => o.path === 'seed');
  if (seedSet) {
    const values = seedSet.values.join(',');
    throw new Error(`--set seed=${values}: seed: a sweep's seeds are given with --seeds, each replacing the scenario's (${/^\d+(,\d+)*$/.test(values) ? `--seeds ${values}` : 'e.g. --seeds 1..4'})`);
  }
  const twice = repeated(seeds);
  if (twice !== undefined) throw new Error(`invalid --seeds: seed ${twice} is given twice (each seed is one run of every combination)`);
  let combos: Setting[][] = [[]];
  for (const o of options) combos = combos.flatMap((c) => o.values.map((value) => [...c, { path: o.path, value }]));
  if (combos.length * seeds.length > 100_000) throw new Error(`the sweep has ${combos.length * seeds.length} runs: at most 100,000`);
  for (const c of combos) {
    const scenario = scenarioWith(file, text, c);
    const whole = scenarioEpochs(scenario);
    if (opts.epochs !== undefined && opts.epochs > whole) {
      // as `sdsim run` says it, with the --set values that gave the combination its clock
      const clock = c.filter((s) => s.path === 'clock' || s.path.startsWith('clock.'));
      throw new Error(`--epochs ${opts.epochs} is more than the scenario's ${whole} epoch${whole === 1 ? '' : 's'}${clock.length > 0 ? ` with ${setsText(clock)}` : ''}`);
    }
  }
  const jobs = combos.flatMap((settings, i) =>
    seeds.map((seed): SweepJob => {
      const id = `${i}-${seed}`;
      return { id, scenarioFile: file, scenarioText: text, settings, seed, ...(opts.epochs !== undefined ? { epochs: opts.epochs } : {}), ...(opts.homesDir ? { home: join(opts.homesDir, id) } : {}) };
    }),
  );
  return { id: sweepIdOf(jobs), paths, jobs };
}

/**
 * A sweep's id: 16 hex digits of sha256 over what its jobs run (id, scenario file and text,
 * settings, seed, epochs). Where the homes are kept (`home`: `--out`, `--keep-homes`) is not part
 * of it, so the same sweep has the same id and the same result files wherever it is written. The
 * queue keys jobs by it, and adds the home to the job ids of jobs that keep one (`queueJobId`).
 */
export function sweepIdOf(jobs: readonly SweepJob[]): string {
  // the last slot held the home: always null now, so a sweep that keeps no home keeps its earlier id
  return createHash('sha256').update(JSON.stringify(jobs.map((j) => [j.id, j.scenarioFile, j.scenarioText, j.settings, j.seed, j.epochs ?? null, null]))).digest('hex').slice(0, 16);
}

/** The run's identity columns of the table, after the seed. */
const IDENTITY_COLUMNS = ['app_hash', 'height', 'epochs', 'reports', 'failed_txs'] as const;

/** The table's columns: id, each set path, seed, the run's identity, then the summary (each column once). */
export function tableColumns(paths: readonly string[]): string[] {
  const summary = ['total_mined', 'tier', 'files', ...METRIC_COLUMNS.filter((c) => !STATE_COLUMNS.includes(c))].filter((c) => !(IDENTITY_COLUMNS as readonly string[]).includes(c));
  return ['id', ...paths, 'seed', ...IDENTITY_COLUMNS, ...summary];
}

/** A run's row, in the table's column order; a summary column the run has no value for is left out. */
export function tableRow(paths: readonly string[], r: SweepRunResult): Record<string, string> {
  const values: Record<string, string> = { ...r.summary, id: r.id };
  for (const p of paths) values[p] = r.params[p] ?? '';
  // the run's own counts win over a summary column of the same name (metrics.csv has failed_txs too)
  Object.assign(values, { seed: String(r.seed), app_hash: r.appHash, height: r.height, epochs: String(r.epochs), reports: String(r.reports), failed_txs: String(r.failedTxs) });
  const row: Record<string, string> = {};
  for (const c of tableColumns(paths)) if (values[c] !== undefined) row[c] = values[c];
  return row;
}

/**
 * Checks that `results` has one result per job of the sweep, in the jobs' order: the table and the
 * report are made only of whole results (a hole would otherwise surface as some library's error).
 */
export function checkResults(jobs: readonly Pick<SweepJob, 'id'>[] | number, results: readonly (SweepRunResult | undefined)[]): asserts results is readonly SweepRunResult[] {
  const count = typeof jobs === 'number' ? jobs : jobs.length;
  for (let i = 0; i < Math.max(count, results.length); i++) {
    const r = results[i];
    const id = typeof jobs === 'number' ? undefined : jobs[i]?.id;
    if (i >= count) throw new Error(`the sweep has ${count} runs but ${results.length} results`);
    if (r === undefined || r === null) throw new Error(`run ${id ?? i + 1} of the sweep has no result: no table is written`);
    if (id !== undefined && r.id !== id) throw new Error(`run ${id} of the sweep has the result of run ${r.id}: no table is written`);
  }
}

export function sweepCsv(paths: readonly string[], results: readonly SweepRunResult[]): string {
  checkResults(results.length, results);
  const cols = tableColumns(paths);
  const line = (row: Record<string, string>) => cols.map((c) => csvField(row[c] ?? '')).join(',');
  return [cols.map(csvField).join(','), ...results.map((r) => line(tableRow(paths, r)))].join('\n') + '\n';
}

export function sweepJson(plan: SweepPlan, results: readonly SweepRunResult[]): string {
  checkResults(plan.jobs, results);
  return JSON.stringify({ sweep: plan.id, paths: plan.paths, runs: results.map((r) => tableRow(plan.paths, r)) }, null, 2) + '\n';
}
