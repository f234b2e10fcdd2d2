/** The audit as JSON (bigints as strings), CSV (one row per epoch × wallet) or one self-contained HTML page. */
import { renderAuditHtml } from './html.ts';
import type { AuditFormat } from './options.ts';
import type { Audit, CreditAudit, EpochAudit, WalletAudit } from './types.ts';
import { csvField } from '../csv.ts';

export function renderAudit(audit: Audit, format: AuditFormat): string {
  return [...renderAuditChunks(audit, format)].join('');
}

/**
 * The report in pieces, to be written one after the other: a year's JSON or CSV is larger than the
 * longest string V8 makes (about 512 MiB), so neither is built whole (`sdsim audit` streams them).
 */
export function* renderAuditChunks(audit: Audit, format: AuditFormat): Generator<string> {
  switch (format) {
    case 'json':
      yield* auditJsonChunks(audit);
      return;
    case 'csv':
      yield* auditCsvChunks(audit);
      return;
    case 'html':
      yield renderAuditHtml(audit);
  }
}

const bigintsAsText = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);

/** `JSON.stringify(audit, …, 2)` and a newline, one epoch at a time. */
function* auditJsonChunks(audit: Audit): Generator<string> {
  // nested text of a member at depth 1 (the first line stays where the key is)
  const nested = (value: unknown, pad: string) => (JSON.stringify(value, bigintsAsText, 2) ?? 'null').replaceAll('\n', `\n${pad}`);
  const entries = Object.entries(audit).filter(([, v]) => v !== undefined);
  yield '{\n';
  for (const [i, [key, value]] of entries.entries()) {
    const comma = i < entries.length - 1 ? ',' : '';
    if (key === 'epochs' && Array.isArray(value) && value.length > 0) {
      yield `  ${JSON.stringify(key)}: [\n`;
      for (const [j, e] of value.entries()) yield `    ${nested(e, '    ')}${j < value.length - 1 ? ',' : ''}\n`;
      yield `  ]${comma}\n`;
    } else {
      yield `  ${JSON.stringify(key)}: ${nested(value, '  ')}${comma}\n`;
    }
  }
  yield '}\n';
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
function* auditCsvChunks(audit: Audit): Generator<string> {
  yield `${CSV_COLUMNS.join(',')}\n`;
  for (const e of audit.epochs) {
    if (e.wallets.length > 0) yield `${e.wallets.map((w) => csvRow(e, w).map(csvField).join(',')).join('\n')}\n`;
  }
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
