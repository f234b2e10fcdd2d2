/**
 * Go `time.Duration` text as config.toml, app.toml and duration flags hold it (`5s`, `500ms`,
 * `1m30s`, `168h0m0s`): parsing with Go's error texts and Go's `String()` form.
 */

const NS: Readonly<Record<string, bigint>> = Object.freeze({
  ns: 1n,
  us: 1_000n,
  'µs': 1_000n, // U+00B5 micro sign
  'μs': 1_000n, // U+03BC Greek mu
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
});

const MAX_INT64 = (1n << 63n) - 1n;

/** Go `time.ParseDuration`: a signed sequence of decimal numbers with units; `0` needs no unit. */
export function parseGoDuration(text: string): bigint {
  const invalid = () => new Error(`time: invalid duration ${JSON.stringify(text)}`);
  let s = text;
  let negative = false;
  if (s.startsWith('-') || s.startsWith('+')) {
    negative = s[0] === '-';
    s = s.slice(1);
  }
  if (s === '0') return 0n;
  if (s === '') throw invalid();
  let total = 0n;
  const part = /^(\d*)(?:\.(\d*))?([^\d.]+)/;
  while (s !== '') {
    const m = part.exec(s);
    if (!m) {
      if (/^[\d.]+$/.test(s)) throw new Error(`time: missing unit in duration ${JSON.stringify(text)}`);
      throw invalid();
    }
    const [whole, intText, fracText, unit] = m as unknown as [string, string, string | undefined, string];
    if (intText === '' && (fracText === undefined || fracText === '')) throw invalid();
    const scale = NS[unit];
    if (scale === undefined) throw new Error(`time: unknown unit ${JSON.stringify(unit)} in duration ${JSON.stringify(text)}`);
    const frac = fracText ?? '';
    let value = BigInt(intText || '0') * scale;
    if (frac !== '') value += (BigInt(frac) * scale) / 10n ** BigInt(frac.length);
    total += value;
    if (total > MAX_INT64) throw invalid();
    s = s.slice(whole.length);
  }
  return negative ? -total : total;
}

/** Go `Duration.String()`: `0s`, `1.5µs`, `500ms`, `5s`, `1m30s`, `168h0m0s`. */
export function formatGoDuration(ns: bigint): string {
  if (ns === 0n) return '0s';
  const sign = ns < 0n ? '-' : '';
  const abs = ns < 0n ? -ns : ns;
  if (abs < 1_000_000_000n) {
    const [unit, scale] = abs < 1_000n ? ['ns', 1n] : abs < 1_000_000n ? ['µs', 1_000n] : ['ms', 1_000_000n];
    return sign + fraction(abs, scale) + unit;
  }
  const h = abs / NS.h!;
  const m = (abs % NS.h!) / NS.m!;
  const secs = fraction(abs % NS.m!, NS.s!) + 's';
  if (h > 0n) return `${sign}${h}h${m}m${secs}`;
  if (m > 0n) return `${sign}${m}m${secs}`;
  return sign + secs;
}

function fraction(value: bigint, scale: bigint): string {
  const whole = value / scale;
  const rest = value % scale;
  if (rest === 0n) return whole.toString();
  const digits = scale.toString().length - 1;
  return `${whole}.${rest.toString().padStart(digits, '0').replace(/0+$/, '')}`;
}

/** Milliseconds of a Go duration text (for timers); refuses negative values, naming the setting. */
export function durationMs(text: string, setting: string): number {
  let ns: bigint;
  try {
    ns = parseGoDuration(text);
  } catch (e) {
    throw new Error(`invalid ${setting} ${JSON.stringify(text)}: ${(e as Error).message} (expected a duration such as "5s" or "500ms")`);
  }
  if (ns < 0n) throw new Error(`invalid ${setting} ${JSON.stringify(text)}: must not be negative`);
  return Number(ns / 1_000_000n);
}
