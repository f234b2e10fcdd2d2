/** Go's `time.Duration.String()` (`6h0m0s`, `1.5s`, `-2m3s`, `500ms`, `0s`), for validation texts. */
export function goDurationString(ns: bigint): string {
  if (ns === 0n) return '0s';
  const neg = ns < 0n;
  let u = neg ? -ns : ns;
  let out: string;
  if (u < 1_000_000_000n) {
    const [unit, div] = u < 1_000n ? ['ns', 1n] : u < 1_000_000n ? ['µs', 1_000n] : ['ms', 1_000_000n];
    out = fraction(u, div) + unit;
  } else {
    const h = u / 3_600_000_000_000n;
    u -= h * 3_600_000_000_000n;
    const m = u / 60_000_000_000n;
    u -= m * 60_000_000_000n;
    const s = fraction(u, 1_000_000_000n) + 's';
    out = h > 0n ? `${h}h${m}m${s}` : m > 0n ? `${m}m${s}` : s;
  }
  return neg ? '-' + out : out;
}

function fraction(v: bigint, div: bigint): string {
  const whole = v / div;
  const rest = v % div;
  if (rest === 0n) return whole.toString();
  const digits = (div.toString().length - 1);
  return `${whole}.${rest.toString().padStart(digits, '0').replace(/0+$/, '')}`;
}
