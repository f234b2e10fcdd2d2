/**
 * Opens a self-contained HTML report (the audit's, the diff's, the sweep's) in Debian's headless
 * Chromium through playwright-core: what the console and the page said, what was requested, and
 * each chart (an `<svg>` in a `<figure>`): its figure's id, how many marks it drew, whether it has a size;
 * and how many tables it shows.
 * Without /usr/bin/chromium the tests that use it fail on CI and are skipped elsewhere (`chromiumTest`).
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { it } from 'vitest';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

/** `it` that runs when Chromium is there or on CI (where its absence fails the test). */
export const chromiumTest = it.skipIf(!hasChromium && !process.env.CI);

export interface PageCheck {
  readonly errors: string[];
  readonly requests: string[];
  readonly charts: { id: string; marks: number; sized: boolean }[];
  /** `<table>` elements the page shows */
  readonly tables: number;
}

export async function openReport(file: string): Promise<PageCheck> {
  if (!hasChromium) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium) to run the report's render test`);
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    const requests: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (e) => errors.push(`page: ${e.message}`));
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
    const charts = await page.$$eval('figure > svg', (svgs) =>
      svgs.map((svg) => {
        const box = svg.getBoundingClientRect();
        return {
          id: svg.parentElement!.id,
          marks: svg.querySelectorAll('g.mark-line path, g.mark-rect path, g.mark-symbol path, g.mark-rule line').length,
          sized: Math.round(box.width) > 0 && Math.round(box.height) > 0,
        };
      }),
    );
    return { errors, requests, charts, tables: await page.locator('table').count() };
  } finally {
    await browser.close();
  }
}
