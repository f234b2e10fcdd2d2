/**
 * `sdsim diff <homeA> <homeB> [--by wallet|epoch|role] [--format csv|json|html] [--out FILE]`
 * (docs/diff.md). Called by src/cli/sdsim.ts with the options parsed. Every problem is thrown as an
 * Error whose message names it.
 */
import { checkOutFile, writeReport } from '../audit/cli.ts';
import { parseAuditFormat } from '../audit/options.ts';
import { diffHomes, parseDiffBy } from './diff.ts';
import { renderDiff } from './render.ts';
import type { Diff } from './types.ts';

export interface DiffCommandOptions {
  readonly homeA: string;
  readonly homeB: string;
  /** wallet (default), epoch or role */
  readonly by?: string;
  /** json (default), csv or html */
  readonly format?: string;
  /** without it the report goes to stdout */
  readonly out?: string;
}

export const DIFF_USAGE = 'usage: sdsim diff <homeA> <homeB> [--by wallet|epoch|role] [--format csv|json|html] [--out FILE]';

export interface DiffCommandIo {
  /** where the report goes without --out (default: process.stdout) */
  readonly write?: (text: string) => void;
}

/** Checks the options before either replay, diffs the homes (B − A) and writes the report; returns the diff. */
export async function runDiffCommand(opts: DiffCommandOptions, io: DiffCommandIo = {}): Promise<Diff> {
  if (!opts.homeA || !opts.homeB) throw new Error(`sdsim diff: two chain homes are required; ${DIFF_USAGE}`);
  const by = parseDiffBy(opts.by ?? 'wallet');
  const format = parseAuditFormat(opts.format ?? 'json');
  const out = opts.out !== undefined && opts.out !== '' ? opts.out : undefined;
  // before the two replays, which can take long (the audit's checks and messages)
  if (out !== undefined) checkOutFile(out);
  const diff = await diffHomes(opts.homeA, opts.homeB, { by });
  const text = renderDiff(diff, format);
  if (out !== undefined) writeReport(out, text);
  else (io.write ?? ((t: string) => process.stdout.write(t)))(text);
  return diff;
}
