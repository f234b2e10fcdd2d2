/** The audit as JSON (bigints as strings), CSV (one row per epoch × wallet) or one self-contained HTML page. */
import { renderAuditHtml } from './html.ts';
import type { AuditFormat } from './options.ts';
import type { Audit, CreditAudit, EpochAudit, WalletAudit } from './types.ts';
import { csvField } from '../csv.ts';

export function renderAudit(audit: Audit, format: AuditFormat): string {
  switch (format) {
    case 'json':
      return auditJson(audit);
    case 'csv':
      return auditCsv(audit);
    case 'html':
      return renderAuditHtml(audit);
  }
}

export function auditJson(audit: Audit): string {
  return `${JSON.stringify(audit, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value), 2)}\n`;
}

export const CSV_COLUMNS = [
  'epoch',
  'height',
  'time',
  'tier',
  'role',
  'wallet',
  'volume',
  'share',
  'mining_dec',
  'mining_reward',
  'traffic_before_tax',
  'tax',
  'traffic_reward',
  'mature_epoch',
  'matured_at_height',
  'matured_at_time',
  'matured',
  'slashing_deducted',
] as const;

/**
 * One row per epoch × wallet. A wallet with several credits in one report (reported twice, or both a
 * resource wallet and a meta node's payee) shows each credit's Dec values joined by `+`.
 */
export function auditCsv(audit: Audit): string {
  const rows = [CSV_COLUMNS.join(',')];
  for (const e of audit.epochs) for (const w of e.wallets) rows.push(csvRow(e, w).map(csvField).join(','));
  return `${rows.join('\n')}\n`;
}

function csvRow(e: EpochAudit, w: WalletAudit): string[] {
  const joined = (f: (c: CreditAudit) => string | undefined) => w.credits.map((c) => f(c) ?? '').join('+');
  const m = w.maturity;
  return [
    e.epoch.toString(),
    e.height.toString(),
    e.time,
    e.tier.index.toString(),
    w.role,
    w.wallet,
    w.volume.toString(),
    w.credits.every((c) => c.share === undefined) ? '' : joined((c) => c.share),
    joined((c) => c.miningDec),
    w.miningReward.toString(),
    joined((c) => c.beforeTax),
    w.tax,
    w.trafficReward.toString(),
    e.matureEpoch.toString(),
    m ? m.height.toString() : '',
    m ? m.time : '',
    m ? m.matured.toString() : '',
    m ? m.slashingDeducted.toString() : '',
  ];
}
