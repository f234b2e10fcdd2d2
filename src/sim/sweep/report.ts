/**
 * The sweep's HTML comparison report: one self-contained file (Vega-Lite rendered to SVG in Node by
 * the audit's `chartSvg`, no script, no external URL). For each parameter combination, over its
 * seeds: the mean of each headline metric with its range, as plots, then the whole table.
 */
import type { TopLevelSpec } from 'vega-lite';
import { chartSvg } from '../audit/charts.ts';
import type { SweepRunResult } from './job.ts';
import { checkResults, tableColumns, tableRow, type SweepPlan } from './sweep.ts';

/** the metrics plotted (wei figures in stos), with their titles */
export const REPORT_METRICS: readonly (readonly [string, string, boolean])[] = [
  ['total_mined', 'Total mined at the end (stos)', true],
  ['mining_resource', 'Mining reward to resource nodes (stos)', true],
  ['traffic_resource', 'Traffic reward to resource nodes (stos)', true],
  ['mining_meta', 'Mining reward to meta nodes (stos)', true],
  ['traffic_meta', 'Traffic reward to meta nodes (stos)', true],
  ['community_tax', 'Community tax (stos)', true],
  ['uploads_refused', 'Uploads refused', false],
];

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** the bars' labels show at most this many pixels of each parameter's line (the legend has the full values) */
export const LABEL_LIMIT = 360;

/**
 * The shortest dotted suffix of each path that no other path ends with: `community_tax` for
 * `genesis.pot.params.community_tax`, `users.count` beside `resource_nodes.count`.
 */
export function shortNames(paths: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const p of paths) {
    const keys = p.split('.');
    let n = 1;
    const suffix = (q: string, k: number) => q.split('.').slice(-k).join('.');
    while (n < keys.length && paths.some((q) => q !== p && suffix(q, n) === suffix(p, n))) n++;
    out.set(p, suffix(p, n));
  }
  return out;
}

export interface BarLabels {
  /** the paths whose value differs between the combinations (all of them when there is one combination) */
  readonly shown: readonly string[];
  /** the paths with one value in the whole sweep */
  readonly fixed: readonly string[];
  readonly names: ReadonlyMap<string, string>;
  /** a path's values in the sweep, in the order given, each once */
  values(path: string): string[];
  /** a run's bar label: one `name=value` line per shown path, joined by `\n` */
  label(r: Pick<SweepRunResult, 'id' | 'params'>): string;
}

/**
 * Each bar is labelled by the parameters that differ between the bars, one per line, under a short
 * name (`shortNames`), so that no label hides what tells two bars apart; the parameters with one
 * value are named once above the plots.
 */
export function barLabels(plan: SweepPlan): BarLabels {
  const values = (p: string) => [...new Set(plan.jobs.map((j) => j.settings.find((s) => s.path === p)?.value ?? ''))];
  const varying = plan.paths.filter((p) => values(p).length > 1);
  const shown = varying.length > 0 ? varying : plan.paths;
  const fixed = plan.paths.filter((p) => !varying.includes(p));
  const names = shortNames(plan.paths);
  const text = (params: Readonly<Record<string, string>>) => shown.map((p) => `${names.get(p)}=${params[p] ?? ''}`).join('\n') || 'the scenario';
  // the same values given twice in one --set make two combinations with one label: number them
  const byLabel = new Map<string, Set<string>>();
  for (const j of plan.jobs) {
    const t = text(Object.fromEntries(j.settings.map((s) => [s.path, s.value])));
    byLabel.set(t, (byLabel.get(t) ?? new Set()).add(comboOf(j.id)));
  }
  return {
    shown,
    fixed,
    names,
    values,
    label: (r) => {
      const t = text(r.params);
      return (byLabel.get(t)?.size ?? 1) > 1 ? `${t}\n(combination ${comboOf(r.id)})` : t;
    },
  };
}

/** `<combination>` of a job id `<combination>-<seed>` */
const comboOf = (id: string) => id.slice(0, id.lastIndexOf('-'));

export function sweepHtml(plan: SweepPlan, results: readonly SweepRunResult[], title: string): string {
  checkResults(plan.jobs, results);
  const labels = barLabels(plan);
  const lines = results.reduce((most, r) => Math.max(most, labels.label(r).split('\n').length), 1);
  const figures = REPORT_METRICS.map(([key, label, wei]) => {
    const values = results.map((r) => ({ combo: labels.label(r), seed: r.seed, value: wei ? Number(BigInt(r.summary[key] ?? '0')) / 1e18 : Number(r.summary[key] ?? '0') }));
    const y = { field: 'combo', type: 'nominal', sort: null } as const;
    const spec: TopLevelSpec = {
      $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
      width: 520,
      // a band per combination, tall enough for its label's lines
      height: { step: Math.max(24, 12 * lines + 8) },
      data: { values },
      layer: [
        {
          mark: { type: 'bar', opacity: 0.7 },
          encoding: {
            y: { ...y, title: null, axis: { labelExpr: "split(datum.label, '\\n')", labelLimit: LABEL_LIMIT } },
            x: { aggregate: 'mean', field: 'value', type: 'quantitative', title: `mean over seeds` },
          },
        },
        { mark: { type: 'rule' }, encoding: { y, x: { aggregate: 'min', field: 'value', type: 'quantitative' }, x2: { aggregate: 'max', field: 'value' } } },
        { mark: { type: 'point', filled: true, size: 18, color: 'black' }, encoding: { y, x: { field: 'value', type: 'quantitative' } } },
      ],
    };
    return `<figure id="${esc(key)}"><figcaption>${esc(label)}</figcaption>${chartSvg(spec)}</figure>`;
  }).join('\n');
  const describe = (p: string) => `<code>${esc(labels.names.get(p)!)}</code> is <code>${esc(p)}</code> (${labels.values(p).map(esc).join(', ')})`;
  const varies = labels.fixed.length < plan.paths.length;
  const legend = [
    labels.shown.length > 0 ? `<p>Bar labels: ${labels.shown.map(describe).join('; ')}.</p>` : '',
    varies && labels.fixed.length > 0 ? `<p>The same in every run: ${labels.fixed.map((p) => `<code>${esc(p)}</code> = <code>${esc(labels.values(p)[0]!)}</code>`).join('; ')}.</p>` : '',
  ]
    .filter((t) => t !== '')
    .join('\n');
  const cols = tableColumns(plan.paths);
  const cells = (row: Record<string, string>) => cols.map((c) => `<td>${esc(row[c] ?? '')}</td>`).join('');
  const rows = results.map((r) => `<tr>${cells(tableRow(plan.paths, r))}</tr>`).join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${esc(title)}</title>
<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;font-size:12px}td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}figure{margin:1em 0}figcaption{font-weight:bold}</style>
</head>
<body>
<h1>${esc(title)}</h1>
<p>Sweep ${esc(plan.id)}: ${results.length} runs, ${new Set(results.map((r) => labels.label(r))).size} parameter combinations × ${new Set(results.map((r) => r.seed)).size} seeds. Bars: the mean over the seeds; lines: their range; dots: each run.</p>
${legend}
${figures}
<h2>Runs</h2>
<div style="overflow-x:auto"><table><tr>${cols.map((c) => `<th>${esc(c)}</th>`).join('')}</tr>
${rows}</table></div>
</body>
</html>
`;
}
