/** The diff as JSON (the whole `Diff`, bigints as strings), CSV (rows grouped by `--by`, with totals) or one self-contained HTML page. */
import type { AuditFormat } from '../audit/options.ts';
import { renderDiffHtml } from './html.ts';
import type { Compared, Diff } from './types.ts';
import { csvField } from '../csv.ts';

export type DiffFormat = AuditFormat;

export function renderDiff(diff: Diff, format: DiffFormat): string {
  switch (format) {
    case 'json':
      return diffJson(diff);
    case 'csv':
      return diffCsv(diff);
    case 'html':
      return renderDiffHtml(diff);
  }
}

/** as `sdsim audit`'s JSON: bigints as decimal strings, two-space indent */
export function diffJson(diff: Diff): string {
  return `${JSON.stringify(diff, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value), 2)}\n`;
}

export const FIGURE_COLUMNS = ['a_mining', 'a_traffic', 'a_total', 'b_mining', 'b_traffic', 'b_total', 'diff_mining', 'diff_traffic', 'diff_total'] as const;

/** the columns before the figures, by `--by` */
export const KEY_COLUMNS = { wallet: ['wallet', 'role', 'epoch'], epoch: ['epoch', 'height_a', 'height_b'], role: ['role', 'epoch'] } as const;

const figureCells = (c: Compared): string[] => [c.a, c.b, c.diff].flatMap((f) => [f.mining.toString(), f.traffic.toString(), f.total.toString()]);

/**
 * `--by wallet`: per wallet, one row per compared epoch it was paid in, then its `total` row;
 * `--by epoch`: one row per compared epoch (Σ over its wallets), then the `total` row;
 * `--by role`: per role, one row per compared epoch, then its `total` row.
 */
export function diffCsv(diff: Diff): string {
  const rows: string[][] = [[...KEY_COLUMNS[diff.by], ...FIGURE_COLUMNS]];
  switch (diff.by) {
    case 'wallet': {
      // walletEpochs and wallets are both in wallet order
      let i = 0;
      for (const w of diff.wallets) {
        for (; i < diff.walletEpochs.length && diff.walletEpochs[i]!.wallet === w.wallet; i++) {
          const r = diff.walletEpochs[i]!;
          rows.push([r.wallet, r.role, r.epoch.toString(), ...figureCells(r)]);
        }
        rows.push([w.wallet, w.role, 'total', ...figureCells(w)]);
      }
      break;
    }
    case 'epoch':
      for (const e of diff.epochTotals) rows.push([e.epoch.toString(), e.heightA.toString(), e.heightB.toString(), ...figureCells(e)]);
      rows.push(['total', '', '', ...figureCells(diff.total)]);
      break;
    case 'role':
      for (const t of diff.roleTotals) {
        for (const r of diff.roles) if (r.role === t.role) rows.push([r.role, r.epoch.toString(), ...figureCells(r)]);
        rows.push([t.role, 'total', ...figureCells(t)]);
      }
      break;
  }
  return `${rows.map((r) => r.map(csvField).join(',')).join('\n')}\n`;
}
