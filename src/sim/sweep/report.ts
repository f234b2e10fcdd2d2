/**
 * The sweep's HTML comparison report: one self-contained file (Vega-Lite rendered to SVG in Node by
 * the audit's `chartSvg`, no script, no external URL). For each parameter combination, over its
 * seeds: the mean of each headline metric with its range, as plots, then the whole table.
 */
import type { TopLevelSpec } from 'vega-lite';
import { chartSvg } from '../audit/charts.ts';
import type { SweepRunResult } from './job.ts';
import { tableColumns, tableRow, type SweepPlan } from './sweep.ts';

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

export function comboLabel(plan: SweepPlan, r: SweepRunResult): string {
  return plan.paths.map((p) => `${p.split('.').at(-1)}=${r.params[p]}`).join(' ') || 'the scenario';
}

export function sweepHtml(plan: SweepPlan, results: readonly SweepRunResult[], title: string): string {
  const figures = REPORT_METRICS.map(([key, label, wei]) => {
    const values = results.map((r) => ({ combo: comboLabel(plan, r), seed: r.seed, value: wei ? Number(BigInt(r.summary[key] ?? '0')) / 1e18 : Number(r.summary[key] ?? '0') }));
    const spec: TopLevelSpec = {
      $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
      width: 520,
      height: 24 * new Set(values.map((v) => v.combo)).size + 20,
      data: { values },
      layer: [
        { mark: { type: 'bar', opacity: 0.7 }, encoding: { y: { field: 'combo', type: 'nominal', title: null, sort: null }, x: { aggregate: 'mean', field: 'value', type: 'quantitative', title: `mean over seeds` } } },
        { mark: { type: 'rule' }, encoding: { y: { field: 'combo', type: 'nominal', sort: null }, x: { aggregate: 'min', field: 'value', type: 'quantitative' }, x2: { aggregate: 'max', field: 'value' } } },
        { mark: { type: 'point', filled: true, size: 18, color: 'black' }, encoding: { y: { field: 'combo', type: 'nominal', sort: null }, x: { field: 'value', type: 'quantitative' } } },
      ],
    };
    return `<figure id="${esc(key)}"><figcaption>${esc(label)}</figcaption>${chartSvg(spec)}</figure>`;
  }).join('\n');
  const cols = tableColumns(plan.paths);
  const rows = results.map((r) => `<tr>${cols.map((c) => `<td>${esc(tableRow(plan.paths, r)[c] ?? '')}</td>`).join('')}</tr>`).join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${esc(title)}</title>
<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;font-size:12px}td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}figure{margin:1em 0}figcaption{font-weight:bold}</style>
</head>
<body>
<h1>${esc(title)}</h1>
<p>Sweep ${esc(plan.id)}: ${results.length} runs, ${new Set(results.map((r) => comboLabel(plan, r))).size} parameter combinations × ${new Set(results.map((r) => r.seed)).size} seeds. Bars: the mean over the seeds; lines: their range; dots: each run.</p>
${figures}
<h2>Runs</h2>
<div style="overflow-x:auto"><table><tr>${cols.map((c) => `<th>${esc(c)}</th>`).join('')}</tr>
${rows}</table></div>
</body>
</html>
`;
}
