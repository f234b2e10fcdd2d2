/**
 * Text forms of google.protobuf.Timestamp and Duration:
 * - jsonpb (proto-JSON): RFC 3339 in UTC with 0, 3, 6 or 9 fraction digits and `Z`; durations as
 *   seconds with the same fraction rule and an `s` suffix ("1209600s");
 * - Go time.Time JSON (legacy amino JSON of stdtime fields): RFC 3339 with the shortest fraction.
 */

export interface TimestampValue {
  seconds: bigint;
  nanos: number;
}

/** Seconds of Go's zero time.Time (0001-01-01T00:00:00Z), what a non-nullable stdtime holds when unset. */
export const GO_ZERO_TIME_SECONDS = -62135596800n;

const MIN_SECONDS = -62135596800n; // 0001-01-01T00:00:00Z
const MAX_SECONDS = 253402300799n; // 9999-12-31T23:59:59Z
const MAX_DURATION_SECONDS = 315576000000n;

function civil(seconds: bigint): string {
  const d = new Date(Number(seconds) * 1000);
  const y = d.getUTCFullYear().toString().padStart(4, '0');
  const p = (n: number) => n.toString().padStart(2, '0');
  return `${y}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())}T${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}

/** Fraction in groups of three digits, as jsonpb writes it (".500", ".000001"). */
function jsonpbFraction(nanos: number): string {
  let frac = nanos.toString().padStart(9, '0');
  while (frac.endsWith('000')) frac = frac.slice(0, -3);
  return frac === '' ? '' : `.${frac}`;
}

export function timestampToJsonpb(ts: TimestampValue): string {
  checkTimestamp(ts);
  return `${civil(ts.seconds)}${jsonpbFraction(ts.nanos)}Z`;
}

/** Go `time.Time.MarshalJSON` of a UTC time: RFC3339Nano, trailing fraction zeros dropped. */
export function timestampToGoTime(ts: TimestampValue): string {
  checkTimestamp(ts);
  const frac = ts.nanos.toString().padStart(9, '0').replace(/0+$/, '');
  return `${civil(ts.seconds)}${frac ? '.' + frac : ''}Z`;
}

function checkTimestamp(ts: TimestampValue): void {
  if (ts.seconds < MIN_SECONDS || ts.seconds > MAX_SECONDS || ts.nanos < 0 || ts.nanos > 999_999_999) {
    throw new Error(`timestamp out of range: seconds ${ts.seconds}, nanos ${ts.nanos}`);
  }
}

/** Parses RFC 3339 (any offset, up to 9 fraction digits) into a Timestamp. */
export function timestampFromText(text: string): TimestampValue {
  const m = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/.exec(text);
  if (!m) throw new Error(`bad Timestamp: ${JSON.stringify(text)} is not RFC 3339`);
  const [, y, mo, d, h, mi, s, frac, z, sign, oh, om] = m;
  let ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number(y) < 100) {
    const dt = new Date(ms);
    dt.setUTCFullYear(Number(y));
    ms = dt.getTime();
  }
  let seconds = BigInt(ms / 1000);
  if (!z) seconds -= BigInt((sign === '-' ? -1 : 1) * (Number(oh) * 3600 + Number(om) * 60));
  const ts = { seconds, nanos: frac ? Number(frac.padEnd(9, '0')) : 0 };
  checkTimestamp(ts);
  return ts;
}

export function durationToJsonpb(d: TimestampValue): string {
  let { seconds, nanos } = d;
  if (seconds < -MAX_DURATION_SECONDS || seconds > MAX_DURATION_SECONDS || (seconds > 0n && nanos < 0) || (seconds < 0n && nanos > 0)) {
    throw new Error(`duration out of range: seconds ${seconds}, nanos ${nanos}`);
  }
  let sign = '';
  if (seconds < 0n || nanos < 0) {
    sign = '-';
    seconds = -seconds;
    nanos = -nanos;
  }
  return `${sign}${seconds}${jsonpbFraction(nanos)}s`;
}

/** Go time.Duration (int64 nanoseconds) of a Duration, as legacy amino JSON prints it. */
export function durationToGoNanos(d: TimestampValue): string {
  return (d.seconds * 1_000_000_000n + BigInt(d.nanos)).toString();
}

export function durationFromText(text: string): TimestampValue {
  const m = /^(-?)(\d+)(?:\.(\d{1,9}))?s$/.exec(text);
  if (!m) throw new Error(`bad Duration: ${JSON.stringify(text)} (expected e.g. "1209600s" or "1.5s")`);
  const seconds = BigInt(m[2]);
  const nanos = m[3] ? Number(m[3].padEnd(9, '0')) : 0;
  return m[1] === '-' ? { seconds: -seconds, nanos: -nanos } : { seconds, nanos };
}
