/**
 * The node's log, in the shapes of the SDK v0.47 server logger (zerolog): `plain` lines such as
 * `3:04PM INF committed state app_hash=… height=5 module=state num_txs=0` (fields sorted, no
 * colours) or one JSON object per line with `--log_format json`. `--log_level` takes a level
 * (`trace|debug|info|warn|error|fatal|panic|disabled`) or per-module filters (`state:info,*:error`).
 */

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'panic', 'disabled'] as const;
export type LogLevel = Exclude<(typeof LOG_LEVELS)[number], 'disabled'>;
export const LOG_FORMATS = ['plain', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

const RANK: Record<(typeof LOG_LEVELS)[number], number> = { trace: 0, debug: 1, info: 2, warn: 3, error: 4, fatal: 5, panic: 6, disabled: 7 };
const SHORT: Record<LogLevel, string> = { trace: 'TRC', debug: 'DBG', info: 'INF', warn: 'WRN', error: 'ERR', fatal: 'FTL', panic: 'PNC' };

export type LogFields = Readonly<Record<string, string | number | bigint | boolean>>;

export interface Logger {
  log(level: LogLevel, message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  debug(message: string, fields?: LogFields): void;
}

/** Which levels pass: per module, with `*` for the rest. */
export type LevelFilter = (module: string | undefined, level: LogLevel) => boolean;

export function parseLogLevel(text: string): LevelFilter {
  const bad = () =>
    new Error(`failed to parse log level (${text}): expected one of ${LOG_LEVELS.join('|')} or module filters such as "state:info,*:error"`);
  const level = (name: string) => {
    if (!(LOG_LEVELS as readonly string[]).includes(name)) throw bad();
    return RANK[name as (typeof LOG_LEVELS)[number]];
  };
  const trimmed = text.trim().toLowerCase();
  if (trimmed === '') return (_m, l) => RANK[l] >= RANK.info;
  if (!trimmed.includes(':')) {
    const min = level(trimmed);
    return (_m, l) => RANK[l] >= min;
  }
  const perModule = new Map<string, number>();
  for (const pair of trimmed.split(',')) {
    const [module, name, extra] = pair.split(':').map((s) => s.trim());
    if (!module || !name || extra !== undefined) throw bad();
    perModule.set(module, level(name));
  }
  const fallback = perModule.get('*') ?? RANK.info;
  return (m, l) => RANK[l] >= (m !== undefined && perModule.has(m) ? perModule.get(m)! : fallback);
}

export interface LoggerOptions {
  readonly format: LogFormat;
  readonly filter: LevelFilter;
  readonly write: (line: string) => void;
  /** milliseconds since the epoch; injectable for tests */
  readonly now?: () => number;
}

export function createLogger(opts: LoggerOptions): Logger {
  const now = opts.now ?? Date.now;
  const log = (level: LogLevel, message: string, fields: LogFields = {}) => {
    const module = typeof fields.module === 'string' ? fields.module : undefined;
    if (!opts.filter(module, level)) return;
    const time = new Date(now());
    opts.write(opts.format === 'json' ? jsonLine(level, message, fields, time) : plainLine(level, message, fields, time) + '\n');
  };
  return {
    log,
    info: (m, f) => log('info', m, f),
    warn: (m, f) => log('warn', m, f),
    error: (m, f) => log('error', m, f),
    debug: (m, f) => log('debug', m, f),
  };
}

/** zerolog ConsoleWriter without colours: kitchen time, level, message, then sorted `key=value`. */
function plainLine(level: LogLevel, message: string, fields: LogFields, time: Date): string {
  const h = time.getHours();
  const kitchen = `${h % 12 === 0 ? 12 : h % 12}:${String(time.getMinutes()).padStart(2, '0')}${h < 12 ? 'AM' : 'PM'}`;
  const parts = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${plainValue(fields[k]!)}`);
  return [kitchen, SHORT[level], message, ...parts].join(' ');
}

function plainValue(v: string | number | bigint | boolean): string {
  const s = String(v);
  return typeof v === 'string' && (s === '' || /[\s"=\\]/.test(s)) ? JSON.stringify(s) : s;
}

function jsonLine(level: LogLevel, message: string, fields: LogFields, time: Date): string {
  const out: Record<string, unknown> = { level };
  for (const [k, v] of Object.entries(fields)) {
    out[k] = typeof v === 'bigint' ? (v <= BigInt(Number.MAX_SAFE_INTEGER) && v >= -BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v.toString()) : v;
  }
  out.time = time.toISOString().replace(/\.\d{3}Z$/, 'Z');
  out.message = message;
  return JSON.stringify(out) + '\n';
}
