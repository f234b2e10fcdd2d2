/**
 * `sdsim audit --home DIR [--epochs A..B] [--wallet W] [--format html|csv|json] [--out FILE]`
 * (docs/audit.md). Called by src/cli/sdsim.ts with the words after `audit`, or with the options
 * already parsed. Every problem is thrown as an Error whose message names it.
 */
import { closeSync, existsSync, openSync, statSync, writeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { auditHome } from './audit.ts';
import { parseAuditFormat, parseEpochRange } from './options.ts';
import { renderAuditChunks } from './render.ts';
import type { Audit } from './types.ts';

export interface AuditCommandOptions {
  readonly home?: string;
  /** `A..B` */
  readonly epochs?: string;
  readonly wallet?: string;
  /** json (default), csv or html */
  readonly format?: string;
  /** without it the report goes to stdout */
  readonly out?: string;
}

export const AUDIT_USAGE = 'usage: sdsim audit --home DIR [--epochs A..B] [--wallet W] [--format html|csv|json] [--out FILE]';

const FLAGS = ['home', 'epochs', 'wallet', 'format', 'out'] as const;

/** `--flag value` or `--flag=value`, each flag once. */
export function parseAuditArgs(args: readonly string[]): AuditCommandOptions {
  const out: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const m = /^--([a-z-]+)(?:=(.*))?$/s.exec(arg);
    if (!m) throw new Error(`sdsim audit: unexpected argument ${JSON.stringify(arg)}; ${AUDIT_USAGE}`);
    const name = m[1]!;
    if (!(FLAGS as readonly string[]).includes(name)) throw new Error(`sdsim audit: unknown flag --${name}; ${AUDIT_USAGE}`);
    if (name in out) throw new Error(`sdsim audit: --${name} given twice`);
    let value = m[2];
    if (value === undefined) {
      value = args[i + 1];
      if (value === undefined || value.startsWith('--')) throw new Error(`sdsim audit: --${name} needs a value; ${AUDIT_USAGE}`);
      i++;
    }
    out[name] = value;
  }
  return out;
}

export interface AuditCommandIo {
  /** where the report goes without --out (default: process.stdout) */
  readonly write?: (text: string) => void;
}

/**
 * Runs the audit and writes the report; returns the audit (its `verdict.ok` is false when some wei
 * is not accounted for: a caller may exit non-zero then).
 */
export async function runAuditCommand(argv: readonly string[] | AuditCommandOptions, io: AuditCommandIo = {}): Promise<Audit> {
  const opts = Array.isArray(argv) ? parseAuditArgs(argv) : (argv as AuditCommandOptions);
  if (opts.home === undefined || opts.home === '') throw new Error(`sdsim audit: --home DIR is required; ${AUDIT_USAGE}`);
  const format = parseAuditFormat(opts.format ?? 'json');
  const epochs = opts.epochs !== undefined ? parseEpochRange(opts.epochs) : undefined;
  const out = opts.out !== undefined && opts.out !== '' ? opts.out : undefined;
  // before the replay, which can take long
  if (out !== undefined) checkOutFile(out);
  const audit = await auditHome(opts.home, { ...(epochs ? { epochs } : {}), ...(opts.wallet !== undefined ? { wallet: opts.wallet } : {}) });
  const chunks = renderAuditChunks(audit, format);
  if (out !== undefined) writeReport(out, chunks);
  else for (const chunk of chunks) (io.write ?? ((t: string) => process.stdout.write(t)))(chunk);
  return audit;
}

/**
 * Writes a report (whole, or in pieces one after the other) to `--out FILE`, a failure named in
 * words as `checkOutFile` names it (also `sdsim diff`'s).
 */
export function writeReport(out: string, report: string | Iterable<string>): void {
  let fd: number | undefined;
  try {
    fd = openSync(out, 'w');
    for (const chunk of typeof report === 'string' ? [report] : report) writeSync(fd, chunk);
  } catch (e) {
    throw new Error(`cannot write the report to ${out}: ${writeProblem(e as NodeJS.ErrnoException, out)}`);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** `--out FILE` can be written: its folder exists and FILE is not a folder (checked before a replay: `sdsim audit`, `sdsim diff`). */
export function checkOutFile(out: string): void {
  const folder = dirname(resolve(out));
  if (!existsSync(folder)) throw new Error(`cannot write the report to ${out}: the folder ${folder} does not exist`);
  if (!statSync(folder).isDirectory()) throw new Error(`cannot write the report to ${out}: ${folder} is not a folder`);
  if (existsSync(out) && statSync(out).isDirectory()) throw new Error(`cannot write the report to ${out}: it is a folder; give --out a file name`);
}

function writeProblem(e: NodeJS.ErrnoException, out: string): string {
  switch (e.code) {
    case 'ENOENT':
      return `the folder ${dirname(resolve(out))} does not exist`;
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'it is a folder; give --out a file name';
    case 'ENOSPC':
      return 'no space left on the device';
    default:
      return e.message;
  }
}
