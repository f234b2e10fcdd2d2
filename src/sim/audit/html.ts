/**
 * The audit as ONE self-contained HTML page: the verdict, five plots as inline SVG (charts.ts),
 * and tables with the arithmetic of every report (reference/chain-semantics.md §3.5) and the
 * withdrawals. No script, no stylesheet or font from elsewhere.
 */
import { auditCharts, chartSvg } from './charts.ts';
import type { Audit, EpochAudit, WalletAudit } from './types.ts';

/** the page details this many epochs' wallets at most (the JSON and CSV have them all) */
export const MAX_DETAILED_EPOCHS = 300;

const esc = (s: string): string => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
const n = (v: bigint | number | string): string => esc(v.toString());

const STYLE = `
body { font-family: system-ui, sans-serif; margin: 24px; color: #222; max-width: 1200px; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; } h3 { font-size: 1em; }
table { border-collapse: collapse; font-size: 12px; margin: 8px 0; }
th, td { border: 1px solid #ccc; padding: 3px 6px; text-align: right; vertical-align: top; }
th { background: #f3f3f3; } td.l, th.l { text-align: left; } td { white-space: nowrap; }
.scroll { overflow-x: auto; }
code, td { font-family: ui-monospace, monospace; }
.ok { color: #176317; } .bad { color: #a11; }
.verdict { font-size: 1.1em; padding: 8px 12px; border: 2px solid; display: inline-block; }
figure { margin: 16px 0; } figcaption { font-weight: 600; margin-bottom: 4px; } figure .note { margin: 4px 0; color: #555; font-size: 0.9em; }
details { margin: 6px 0; } summary { cursor: pointer; }
`;

export function renderAuditHtml(audit: Audit): string {
  const charts = auditCharts(audit)
    .map((c) => `<figure id="${esc(c.id)}"><figcaption>${esc(c.title)}</figcaption>${chartSvg(c.spec)}${c.note !== undefined ? `<p class="note">${esc(c.note)}</p>` : ''}</figure>`)
    .join('\n');
  const filter = [audit.filter.epochs ? `epochs ${audit.filter.epochs[0]}..${audit.filter.epochs[1]}` : 'every epoch', audit.filter.wallet ? `wallet ${audit.filter.wallet}` : 'every wallet'].join(', ');
  const verdictClass = audit.verdict.ok ? 'ok' : 'bad';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Reward audit of ${esc(audit.chainId)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Reward audit of chain <code>${esc(audit.chainId)}</code></h1>
<p>Replayed blocks 1–${n(audit.latestHeight)} (last block ${esc(audit.latestTime)}) with app.toml <code>[pot]</code> bls-verifier = <code>${esc(audit.settings.blsVerifier)}</code>,
restore-total-supply = <code>${audit.settings.restoreTotalSupply}</code>. Listed: ${esc(filter)}. Reward denom <code>${esc(audit.denoms.reward)}</code>, traffic denom <code>${esc(audit.denoms.bond)}</code>.</p>
<p class="verdict ${verdictClass}">${esc(audit.verdict.text)}</p>
${audit.verdict.failures.length ? `<ul class="bad">${audit.verdict.failures.map((f) => `<li>${esc(f)}</li>`).join('')}</ul>` : ''}
<h2>Plots</h2>
${charts}
<h2>Reports</h2>
<p>Per report: the inputs read before it (§3.4), R = (St + Pt)·Y / (Lt + Y), the chain / resource / meta splits of R and of the tier's
mining reward M, the community tax on the traffic part, and the dust the truncations left in
<code>total_unissued_prepay</code> (traffic: R − stakeTraffic − Σtraffic − trunc(tax)) and <code>foundation_account</code> (mining: M − stakeMining − Σmining).</p>
${epochTable(audit.epochs)}
${audit.epochs.slice(0, MAX_DETAILED_EPOCHS).map(epochDetails).join('\n')}
${
  audit.epochs.length > MAX_DETAILED_EPOCHS
    ? `<p>The per-wallet tables of the other ${audit.epochs.length - MAX_DETAILED_EPOCHS} epochs are not in this page: narrow the audit with <code>--epochs A..B</code> or <code>--wallet W</code> (the JSON and CSV formats list them all).</p>`
    : ''
}
<h2>Withdrawals</h2>
${withdrawalTable(audit)}
</body>
</html>
`;
}

function epochTable(epochs: readonly EpochAudit[]): string {
  const head = ['epoch', 'height', 'time', 'tier', 'St', 'Pt', 'Lt', 'Y', 'R', 'stakeTraffic', 'TRN', 'TMN', 'stakeMining', 'MRN', 'MMN', 'tax (Dec)', 'tax paid', 'traffic dust', 'mining dust', 'check'];
  const rows = epochs.map(
    (e) =>
      `<tr><td>${n(e.epoch)}</td><td>${n(e.height)}</td><td class="l">${esc(e.time)}</td><td class="l">${e.tier.index}</td><td>${n(e.inputs.st)}</td><td>${n(e.inputs.pt)}</td><td>${n(e.inputs.lt)}</td><td>${n(e.inputs.y)}</td><td>${n(e.r)}</td>` +
      `<td>${n(e.splits.stakeTraffic)}</td><td>${n(e.splits.trn)}</td><td>${n(e.splits.tmn)}</td><td>${n(e.splits.stakeMining)}</td><td>${n(e.splits.mrn)}</td><td>${n(e.splits.mmn)}</td>` +
      `<td>${n(e.communityTax.dec)}</td><td>${n(e.communityTax.truncated)}</td><td>${n(e.dust.traffic)}</td><td>${n(e.dust.mining)}</td>` +
      `<td class="l ${e.check.ok ? 'ok' : 'bad'}">${e.check.ok ? 'ok' : 'FAILED'}</td></tr>`,
  );
  return `<div class="scroll"><table><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr>${rows.join('\n')}</table></div>`;
}

function epochDetails(e: EpochAudit): string {
  const moves = e.moves.map((m) => `<tr><td class="l">${esc(m.from)}</td><td class="l">${esc(m.to)}</td><td>${n(m.amount)}</td><td class="l">${esc(m.denom)}</td></tr>`).join('');
  const skipped = e.skipped.length
    ? `<p>Not paid (invalid wallet address; the volume stays in Y): ${e.skipped.map((s) => `<code>${esc(s.wallet)}</code> ×${n(s.volume)}`).join(', ')}</p>`
    : '';
  const failures = e.check.failures.length ? `<ul class="bad">${e.check.failures.map((f) => `<li>${esc(f)}</li>`).join('')}</ul>` : '<p class="ok">Every wei of this report accounted for.</p>';
  return `<details id="epoch-${n(e.epoch)}"><summary>Epoch ${n(e.epoch)}: height ${n(e.height)}, ${esc(e.time)}, tx <code>${esc(e.txHash)}</code></summary>
<p>Tier ${e.tier.index}: ${esc(e.tier.reason)}; M = ${n(e.tier.miningReward)}, bp chain/resource/meta = ${n(e.tier.chainBp)}/${n(e.tier.resourceBp)}/${n(e.tier.metaBp)}.
Deposit-noz rate ${n(e.inputs.depositNozRate)}, ozone price (St + Pt)/Lt = ${n(e.inputs.ozonePrice)} wei per noz. Bonded meta nodes ${n(e.bondedMetaNodes)}; community tax rate ${n(e.communityTax.rate)}.
Rewards saved under mature epoch ${n(e.matureEpoch)}; total mined after the report ${n(e.totalMinedAfter)}.</p>
${skipped}
${e.notes.length ? `<ul>${e.notes.map((t) => `<li>${esc(t)}</li>`).join('')}</ul>` : ''}
${walletTable(e.wallets)}
<table><tr><th class="l">from</th><th class="l">to</th><th>amount</th><th class="l">denom</th></tr>${moves}</table>
${failures}
</details>`;
}

function walletTable(wallets: readonly WalletAudit[]): string {
  const head = ['wallet', 'role', 'volume', 'share', 'mining (Dec)', 'mining', 'traffic before tax', 'tax', 'after tax', 'traffic', 'matured at', 'matured', 'slashing deducted'];
  const rows = wallets.flatMap((w) =>
    w.credits.map(
      (c, i) =>
        `<tr><td class="l">${i === 0 ? esc(w.wallet) : ''}</td><td class="l">${esc(c.role)}${c.metaNode ? ` <small>${esc(c.metaNode)}</small>` : ''}</td><td>${c.volume !== undefined ? n(c.volume) : ''}</td><td>${esc(c.share ?? '')}</td>` +
        `<td>${n(c.miningDec)}</td><td>${n(c.mining)}</td><td>${n(c.beforeTax)}</td><td>${n(c.tax)}</td><td>${n(c.afterTax)}</td><td>${n(c.traffic)}</td>` +
        (i === 0
          ? `<td class="l">${w.maturity ? `height ${n(w.maturity.height)}, ${esc(w.maturity.time)}` : 'not yet'}</td><td>${w.maturity ? n(w.maturity.matured) : ''}</td><td>${w.maturity ? n(w.maturity.slashingDeducted) : ''}</td>`
          : '<td></td><td></td><td></td>') +
        '</tr>',
    ),
  );
  return `<div class="scroll"><table><tr>${head.map((h) => `<th class="l">${esc(h)}</th>`).join('')}</tr>${rows.join('\n')}</table></div>`;
}

function withdrawalTable(audit: Audit): string {
  if (audit.withdrawals.length === 0) return '<p>None.</p>';
  const rows = audit.withdrawals.map(
    (w) => `<tr><td>${n(w.height)}</td><td class="l">${esc(w.time)}</td><td class="l">${esc(w.wallet)}</td><td class="l">${esc(w.target)}</td><td>${esc(w.amount)}</td><td class="l"><code>${esc(w.txHash)}</code></td></tr>`,
  );
  return `<table><tr><th>height</th><th class="l">time</th><th class="l">wallet</th><th class="l">target</th><th>amount</th><th class="l">tx</th></tr>${rows.join('\n')}</table>`;
}
