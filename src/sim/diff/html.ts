/**
 * The diff as ONE self-contained HTML page: the two homes, what differs besides rewards, the totals
 * by role, three plots as inline SVG (charts.ts through the audit's `chartSvg`), the winners and
 * losers, and the table `--by` asks for. No script, no stylesheet or font from elsewhere.
 */
import { chartSvg } from '../audit/charts.ts';
import { diffCharts } from './charts.ts';
import type { Compared, Diff, WalletDiff } from './types.ts';

/** the `--by wallet` page lists this many wallets at most (the JSON and CSV have them all) */
export const MAX_HTML_ROWS = 2000;

const esc = (s: string): string => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
const n = (v: bigint | number | string): string => esc(v.toString());

const STYLE = `
body { font-family: system-ui, sans-serif; margin: 24px; color: #222; max-width: 1200px; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; }
table { border-collapse: collapse; font-size: 12px; margin: 8px 0; }
th, td { border: 1px solid #ccc; padding: 3px 6px; text-align: right; vertical-align: top; }
th { background: #f3f3f3; } td.l, th.l { text-align: left; } td { white-space: nowrap; }
.scroll { overflow-x: auto; }
code, td { font-family: ui-monospace, monospace; }
.up { color: #176317; } .down { color: #a11; }
figure { margin: 16px 0; } figcaption { font-weight: 600; margin-bottom: 4px; }
`;

const FIGURE_HEADS = ['A mining', 'A traffic', 'A total', 'B mining', 'B traffic', 'B total', 'B − A mining', 'B − A traffic', 'B − A total'];
const signed = (v: bigint): string => `<td class="${v > 0n ? 'up' : v < 0n ? 'down' : ''}">${v > 0n ? '+' : ''}${n(v)}</td>`;
const figureCells = (c: Compared): string =>
  [c.a.mining, c.a.traffic, c.a.total, c.b.mining, c.b.traffic, c.b.total].map((v) => `<td>${n(v)}</td>`).join('') + [c.diff.mining, c.diff.traffic, c.diff.total].map(signed).join('');
const table = (keys: readonly string[], rows: readonly string[]): string =>
  `<div class="scroll"><table><tr>${keys.map((k) => `<th class="l">${esc(k)}</th>`).join('')}${FIGURE_HEADS.map((h) => `<th>${esc(h)}</th>`).join('')}</tr>${rows.join('\n')}</table></div>`;

export function renderDiffHtml(diff: Diff): string {
  const charts = diffCharts(diff)
    .map((c) => `<figure id="${esc(c.id)}"><figcaption>${esc(c.title)}</figcaption>${chartSvg(c.spec)}</figure>`)
    .join('\n');
  const epochs = diff.epochs.length === 0 ? 'no report epoch in common' : `${diff.epochs.length} report epoch(s) compared, ${n(diff.epochs[0]!)}–${n(diff.epochs.at(-1)!)}`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Reward diff of ${esc(diff.chainId)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Reward diff of chain <code>${esc(diff.chainId)}</code>: B − A</h1>
<p>A: <code>${esc(diff.homeA)}</code> (${esc(diff.verdicts.a)})<br>B: <code>${esc(diff.homeB)}</code> (${esc(diff.verdicts.b)})</p>
<p>${esc(epochs)}; ${diff.wallets.length} wallet(s) paid. Amounts in wei; a difference is B − A.</p>
${diff.notes.length ? `<ul>${diff.notes.map((t) => `<li>${esc(t)}</li>`).join('')}</ul>` : ''}
<h2>Totals</h2>
${table(['paid to'], [...diff.roleTotals.map((r) => `<tr><td class="l">${esc(r.role)}</td>${figureCells(r)}</tr>`), `<tr><td class="l">every wallet (resource + meta)</td>${figureCells(diff.total)}</tr>`])}
<h2>Plots</h2>
${charts}
<h2>Winners</h2>
${walletTable(diff.winners, 'No wallet gets more in B.')}
<h2>Losers</h2>
${walletTable(diff.losers, 'No wallet gets less in B.')}
${byTable(diff)}
</body>
</html>
`;
}

function walletTable(list: readonly WalletDiff[], none: string): string {
  if (list.length === 0) return `<p>${esc(none)}</p>`;
  return table(['wallet', 'role', 'epochs'], list.map((w) => `<tr><td class="l">${esc(w.wallet)}</td><td class="l">${esc(w.role)}</td><td>${w.epochs}</td>${figureCells(w)}</tr>`));
}

function byTable(diff: Diff): string {
  switch (diff.by) {
    case 'wallet': {
      const more = diff.wallets.length > MAX_HTML_ROWS ? `<p>The other ${diff.wallets.length - MAX_HTML_ROWS} wallets are not in this page (the JSON and CSV formats list them all).</p>` : '';
      return `<h2>By wallet, over the compared epochs</h2>\n${walletTable(diff.wallets.slice(0, MAX_HTML_ROWS), 'No wallet was paid.')}${more}`;
    }
    case 'epoch':
      return `<h2>By epoch (Σ over the wallets)</h2>\n${table(
        ['epoch', 'height A', 'height B'],
        [...diff.epochTotals.map((e) => `<tr><td>${n(e.epoch)}</td><td>${n(e.heightA)}</td><td>${n(e.heightB)}</td>${figureCells(e)}</tr>`), `<tr><td class="l">total</td><td></td><td></td>${figureCells(diff.total)}</tr>`],
      )}`;
    case 'role':
      return `<h2>By role and epoch</h2>\n${table(
        ['role', 'epoch'],
        diff.roleTotals.flatMap((t) => [
          ...diff.roles.filter((r) => r.role === t.role).map((r) => `<tr><td class="l">${esc(r.role)}</td><td>${n(r.epoch)}</td>${figureCells(r)}</tr>`),
          `<tr><td class="l">${esc(t.role)}</td><td class="l">total</td>${figureCells(t)}</tr>`,
        ]),
      )}`;
  }
}
