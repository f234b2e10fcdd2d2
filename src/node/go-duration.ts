/**
 * Go `time.Duration` text as config.toml, app.toml and duration flags hold it (`5s`, `500ms`,
 * `1m30s`, `168h0m0s`), parsed with Go's error texts.
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
