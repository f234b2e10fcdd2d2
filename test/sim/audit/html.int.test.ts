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
import { auditCharts, chartSvg } from '../../../src/sim/audit/charts.ts';
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
