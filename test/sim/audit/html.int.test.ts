/**
 * The HTML report renders in headless Chromium (Debian's `chromium`) with no console or page
 * error, as one self-contained file: five SVG charts with marks, the tables, no script and no
 * external URL. Without /usr/bin/chromium the browser test fails on CI and is skipped elsewhere.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as vega from 'vega';
import * as vegaLite from 'vega-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditHome } from '../../../src/sim/audit/audit.ts';
import { auditCharts, chartSvg, stosText } from '../../../src/sim/audit/charts.ts';
import { renderAudit } from '../../../src/sim/audit/render.ts';
import type { Audit } from '../../../src/sim/audit/types.ts';
import { buildAuditHome } from './fixture.ts';
import { chromiumTest, openReport } from '../../helpers/chromium.ts';


let audit: Audit;
let html: string;
const dirs: string[] = [];
beforeAll(async () => {
  const fx = buildAuditHome();
  dirs.push(fx.home);
  audit = await auditHome(fx.home);
  html = renderAudit(audit, 'html');
});
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('sdsim audit --format html', () => {
  it('is one self-contained file: no script, no external URL, five inline SVG charts, the verdict and the tables', () => {
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/(?:src|href)\s*=\s*["']?(?:https?:)?\/\//i);
    expect(html).not.toMatch(/url\(/i);
    expect(html).not.toMatch(/<link /i);
    expect(html.match(/<svg /g)?.length).toBe(5);
    expect(html).toContain('every wei accounted for: 5 report epoch(s) checked; the replay of 10 block(s) matched every stored app hash');
    for (const e of audit.epochs) expect(html).toContain(`<details id="epoch-${e.epoch}">`);
    expect(html).toContain('153019369077.373737672161122478');
  });

  it('a long audit: charts group the epochs in at most 200 bins, the page details 300 epochs and says how to see the others', () => {
    const e1 = audit.epochs[0]!;
    const long: Audit = { ...audit, epochs: Array.from({ length: 450 }, (_, i) => ({ ...e1, epoch: BigInt(i + 1) })) };
    const charts = new Map(auditCharts(long).map((c) => [c.id, c]));
    const data = (id: string) => (charts.get(id)!.spec as { data?: { values: unknown[] } }).data?.values ?? [];
    expect(charts.get('rewards-by-role')!.title).toBe('Reward by role, summed over every 3 epochs');
    expect(data('rewards-by-role').length).toBe(150 * 4);
    // a bin's bar is the sum of its three epochs
    const validators = data('rewards-by-role')[0] as { epoch: number; role: string; stos: number };
    expect(validators).toEqual({ epoch: 1, role: 'validators (chain share)', stos: Number(3n * (e1.splits.stakeMining + e1.splits.stakeTraffic)) / 1e18 });
    expect(charts.get('total-mined')!.title).toBe('Total mined against the tier valves (the last report of every 3)');
    expect(data('lt-st-pt').length).toBe(150 * 3);
    const page = renderAudit(long, 'html');
    expect(page.match(/<details /g)?.length).toBe(300);
    expect(page).toContain('The per-wallet tables of the other 150 epochs are not in this page: narrow the audit with <code>--epochs A..B</code> or <code>--wallet W</code> (the JSON and CSV formats list them all).');
    expect(page.match(/<svg /g)?.length).toBe(5);
    // 451 epochs in bins of 3: the last bin holds 1, and the title says so
    const odd: Audit = { ...audit, epochs: Array.from({ length: 451 }, (_, i) => ({ ...e1, epoch: BigInt(i + 1) })) };
    expect(auditCharts(odd).find((c) => c.id === 'rewards-by-role')!.title).toBe('Reward by role, summed over every 3 epochs (the last bin 1)');
  });

  it('the Lt, St and Pt axes write large values with SI prefixes, so that Lt (noz, 18 digits) fits', () => {
    const big: Audit = { ...audit, epochs: audit.epochs.map((e) => ({ ...e, inputs: { ...e.inputs, lt: 114_661_500_000_000_000_000n } })) };
    const svg = chartSvg(auditCharts(big).find((c) => c.id === 'lt-st-pt')!.spec);
    expect(svg).not.toContain('114,661,500,000,000');
    expect(svg).toMatch(/>114\.7E</);
  });

  it('the total-mined chart is scaled to the run: its axis ends near the last total mined, not at the tier-1 end; the next valve is named in a note', () => {
    const fig = figure(html, 'total-mined');
    expect(yAxis(fig)).toBe("Y-axis titled 'total mined after the report (stos)' for a linear scale with values from 0 to 400");
    expect(axisLabels(fig)).toEqual([
      ['1', '2', '3', '4', '5'],
      ['0', '50', '100', '150', '200', '250', '300', '350', '400'],
    ]);
    expect(axisTitles(fig)).toEqual(['report epoch', 'total mined after the report (stos)']);
    expect(valveLabels(fig)).toEqual(['tier 1 start: 0 stos']);
    expect(note(fig)).toBe("The next tier valve, tier 1 end / tier 2 start at 16,819,200 stos, is 16,818,800.32 stos above the total mined after the last report (399.68 stos): off this chart's scale.");
  });

  it('the total-mined chart of a run across tiers: the valves it crossed are drawn, the far end of its tier is a note', () => {
    const year = withMined(audit, [0n, 2_400n, 8_400n, 100_000_000n], [80n, 2_480n, 8_480n, 12_140n]);
    const fig = figure(renderAudit(year, 'html'), 'total-mined');
    expect(yAxis(fig)).toBe("Y-axis titled 'total mined after the report (stos)' for a linear scale with values from 0 to 13,000");
    expect(axisLabels(fig)[1]).toEqual(['0', '2,000', '4,000', '6,000', '8,000', '10,000', '12,000']);
    expect(valveLabels(fig)).toEqual(['tier 1 start: 0 stos', 'tier 1 end / tier 2 start: 2,400 stos', 'tier 2 end / tier 3 start: 8,400 stos']);
    expect(note(fig)).toBe("The next tier valve, tier 3 end at 100,000,000 stos, is 99,987,860 stos above the total mined after the last report (12,140 stos): off this chart's scale.");
  });

  it('a valve just above the run is drawn (no note); one far below is not; past the last valve the note says out of issuance', () => {
    // 1,000 → 2,300: the 2,400 valve is within a quarter of the span above, 0 is not within it below
    const near = auditCharts(withMined(audit, [0n, 2_400n, 8_400n], [1_000n, 2_000n, 2_300n]))[0]!;
    const fig = chartSvg(near.spec);
    expect(yAxis(fig)).toBe("Y-axis titled 'total mined after the report (stos)' for a linear scale with values from 1,000 to 2,400");
    expect(valveLabels(fig)).toEqual(['tier 1 end / tier 2 start: 2,400 stos']);
    expect(near.note).toBeUndefined();
    const out = auditCharts(withMined(audit, [0n, 100n], [150n, 200n]))[0]!;
    expect(valveLabels(chartSvg(out.spec))).toEqual([]);
    expect(out.note).toBe('The total mined after the last report (200 stos) is past the last tier valve, tier 1 end at 100 stos: out of issuance.');
  });

  it('writes stos for sentences with separators and at most two decimals', () => {
    expect([0n, 5n * 10n ** 15n, 399_680_000_000_000_000_001n, 16_819_200n * 10n ** 18n, -1234n * 10n ** 16n].map(stosText)).toEqual(['0', '0.01', '399.68', '16,819,200', '-12.34']);
  });

  it('renders each chart synchronously exactly as vega View.toSVG does', async () => {
    for (const chart of auditCharts(audit)) {
      const view = new vega.View(vega.parse(vegaLite.compile(chart.spec).spec), { renderer: 'none' });
      const expected = await view.toSVG();
      view.finalize();
      expect(chartSvg(chart.spec)).toBe(expected);
    }
  });

  chromiumTest('opens in headless Chromium with no console or page error, and every chart has marks', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'audit-html-'));
    dirs.push(dir);
    const file = join(dir, 'audit.html');
    writeFileSync(file, html);
    const page = await openReport(file);
    expect(page.errors).toEqual([]);
    expect(page.requests).toEqual([pathToFileURL(file).href]);
    expect(page.charts.map((c) => c.id)).toEqual(['total-mined', 'rewards-by-role', 'per-node', 'ozone-price', 'lt-st-pt']);
    for (const c of page.charts) {
      expect(c.marks, c.id).toBeGreaterThan(0);
      expect(c.sized, c.id).toBe(true);
    }
    expect(page.tables).toBeGreaterThanOrEqual(2 + audit.epochs.length * 2);
  });
});

const WEI = 10n ** 18n;

/** `base` with tiers whose valves are at `valves` (stos) and one report per total mined (stos) */
function withMined(base: Audit, valves: readonly bigint[], mined: readonly bigint[]): Audit {
  const e1 = base.epochs[0]!;
  return {
    ...base,
    tiers: valves.slice(1).map((end, i) => ({ index: i + 1, valveStart: valves[i]! * WEI, valveEnd: end * WEI, miningReward: 80n * WEI })),
    epochs: mined.map((m, i) => ({ ...e1, epoch: BigInt(i + 1), totalMinedAfter: m * WEI })),
  };
}

const figure = (page: string, id: string): string => new RegExp(`<figure id="${id}">([\\s\\S]*?)</figure>`).exec(page)![1]!;
const yAxis = (svg: string): string => /aria-label="(Y-axis[^"]*)"/.exec(svg)![1]!;
/** the visible tick labels of each axis, x first */
const axisLabels = (svg: string): string[][] =>
  [...svg.matchAll(/<g class="mark-text role-axis-label"[^>]*>([\s\S]*?)<\/g>/g)].map((g) => [...g[1]!.matchAll(/<text[^>]*opacity="1"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!));
const axisTitles = (svg: string): string[] => [...svg.matchAll(/<g class="mark-text role-axis-title"[^>]*>[\s\S]*?<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!);
/** the valve labels (the chart's only text marks) */
const valveLabels = (svg: string): string[] => {
  const g = /<g class="mark-text role-mark[^"]*"[^>]*>([\s\S]*?)<\/g>/.exec(svg);
  return g ? [...g[1]!.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!) : [];
};
const note = (fig: string): string | undefined => /<p class="note">([^<]*)<\/p>/.exec(fig)?.[1];
