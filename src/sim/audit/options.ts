/** The audit's options: `--epochs A..B`, `--wallet W`, `--format`, checked up front with messages that name the problem. */
import { Hrp } from '../../crypto/address.ts';
import { walletKey } from '../../modules/pot/state.ts';
import type { EpochRange } from './types.ts';

export const AUDIT_FORMATS = ['json', 'csv', 'html'] as const;
export type AuditFormat = (typeof AUDIT_FORMATS)[number];

/** `A..B` with whole numbers A ≤ B. */
export function parseEpochRange(text: string): EpochRange {
  const m = /^(\d+)\.\.(\d+)$/.exec(text.trim());
  if (!m) throw new Error(`invalid --epochs ${JSON.stringify(text)}: expected A..B with whole numbers A ≤ B, e.g. 1..100`);
  return checkEpochRange([BigInt(m[1]!), BigInt(m[2]!)]);
}

export function checkEpochRange(range: EpochRange): EpochRange {
  const [a, b] = range;
  if (a < 0n || b < 0n) throw new Error(`invalid --epochs ${a}..${b}: epochs are not negative`);
  if (a > b) throw new Error(`invalid --epochs ${a}..${b}: the first epoch (${a}) is after the last (${b})`);
  return range;
}

/** The wallet's reward key (hex), or an error naming the flag. */
export function walletKeyOf(wallet: string): string {
  try {
    return walletKey(wallet);
  } catch (e) {
    throw new Error(`invalid --wallet ${JSON.stringify(wallet)}: not a ${Hrp.account}1… wallet address (${(e as Error).message})`);
  }
}

export function parseAuditFormat(text: string): AuditFormat {
  if (!(AUDIT_FORMATS as readonly string[]).includes(text)) throw new Error(`invalid --format ${JSON.stringify(text)}: expected one of ${AUDIT_FORMATS.join(', ')}`);
  return text as AuditFormat;
}
