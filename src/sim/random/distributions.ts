// Deterministic distributions over Rng (prng.ts). Every function draws a fixed, documented number
// of values from the stream (except where rejection is stated), and uses only Math.sqrt/log/cos/exp/pow,
// which Node (V8's fdlibm ports) computes identically on every platform.
import type { Rng } from './prng.ts';

export type Distribution =
  | { constant: number }
  | { uniform: { min: number; max: number } }
  | { normal: { mean: number; sd: number; min?: number; max?: number } }
  | { lognormal: { mu: number; sigma: number } }
  | { exponential: { mean: number } }
  | { zipf: { s: number; n: number } }
  | { choice: { values: readonly number[]; weights?: readonly number[] } };

function finite(name: string, x: number): void {
  if (!Number.isFinite(x)) throw new RangeError(`${name} must be a finite number, got ${x}`);
}

/** min + (max - min) * u, u = rng.nextFloat() in [0,1): one draw; result in [min, max) (== min if equal). */
export function uniform(rng: Rng, min: number, max: number): number {
  finite('min', min);
  finite('max', max);
  if (max < min) throw new RangeError(`uniform: min ${min} > max ${max}`);
  const x = min + (max - min) * rng.nextFloat();
  return x >= max && max > min ? min : x; // guard against rounding up to max
}

/** Integer uniform in [min, max] inclusive (rejection, no modulo bias). */
export function uniformInt(rng: Rng, min: number, max: number): number {
  return rng.int(min, max);
}

/** Bigint uniform in [min, max] inclusive (rejection, no modulo bias); use for wei amounts. */
export function uniformBigint(rng: Rng, min: bigint, max: bigint): bigint {
  return rng.bigint(min, max);
}

/**
 * Standard normal by Box–Muller (cosine branch only): two draws u1, u2;
 * z = sqrt(-2 ln(1 - u1)) * cos(2π u2). 1 - u1 is in (0, 1], so the log is finite.
 */
export function standardNormal(rng: Rng): number {
  const u1 = rng.nextFloat();
  const u2 = rng.nextFloat();
  return Math.sqrt(-2 * Math.log(1 - u1)) * Math.cos(2 * Math.PI * u2);
}

/** mean + sd * z, then clamped to [min, max] when given (clamping, not resampling: always two draws). */
export function normal(rng: Rng, mean: number, sd: number, min?: number, max?: number): number {
  finite('mean', mean);
  finite('sd', sd);
  if (sd < 0) throw new RangeError(`normal: sd must be >= 0, got ${sd}`);
  if (min !== undefined && max !== undefined && max < min) throw new RangeError(`normal: min ${min} > max ${max}`);
  let x = mean + sd * standardNormal(rng);
  if (min !== undefined && x < min) x = min;
  if (max !== undefined && x > max) x = max;
  return x;
}

/** exp(mu + sigma * z): two draws. */
export function lognormal(rng: Rng, mu: number, sigma: number): number {
  finite('mu', mu);
  finite('sigma', sigma);
  if (sigma < 0) throw new RangeError(`lognormal: sigma must be >= 0, got ${sigma}`);
  return Math.exp(mu + sigma * standardNormal(rng));
}

/** Inversion: -mean * ln(1 - u), one draw; result >= 0. */
export function exponential(rng: Rng, mean: number): number {
  finite('mean', mean);
  if (!(mean > 0)) throw new RangeError(`exponential: mean must be > 0, got ${mean}`);
  return -mean * Math.log(1 - rng.nextFloat());
}

const ZIPF_MAX_N = 1_000_000;
const zipfTables = new Map<string, Float64Array>();

/** Cumulative weights k^-s for k = 1..n (summed in increasing k), cached per (s, n). */
function zipfTable(s: number, n: number): Float64Array {
  const key = `${s}:${n}`;
  let t = zipfTables.get(key);
  if (t === undefined) {
    t = new Float64Array(n);
    let acc = 0;
    for (let k = 1; k <= n; k++) {
      acc += Math.pow(k, -s);
      t[k - 1] = acc;
    }
    zipfTables.set(key, t);
  }
  return t;
}

/** First index i with cum[i] > target (binary search); cum is nondecreasing and target < cum[last]. */
function searchCum(cum: ArrayLike<number>, target: number): number {
  let lo = 0;
  let hi = cum.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((cum[mid] as number) > target) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * Zipf rank in [1, n] with P(k) ∝ k^-s, by inversion of a precomputed CDF table (n <= 1e6):
 * one draw u, target = u * total, answer = first k with cum(k) > target.
 */
export function zipf(rng: Rng, s: number, n: number): number {
  finite('s', s);
  if (s < 0) throw new RangeError(`zipf: s must be >= 0, got ${s}`);
  if (!Number.isSafeInteger(n) || n < 1 || n > ZIPF_MAX_N) throw new RangeError(`zipf: n must be an integer in [1, ${ZIPF_MAX_N}], got ${n}`);
  const cum = zipfTable(s, n);
  const total = cum[n - 1] as number;
  return searchCum(cum, rng.nextFloat() * total) + 1;
}

/**
 * One of values; with weights (finite, >= 0, positive sum, same length) by inversion of the
 * cumulative weights (one draw), without weights uniformly by rng.pick (rejection-based int).
 */
export function choice<T>(rng: Rng, values: readonly T[], weights?: readonly number[]): T {
  if (values.length === 0) throw new RangeError('choice: values must not be empty');
  if (weights === undefined) return rng.pick(values);
  if (weights.length !== values.length) throw new RangeError(`choice: ${values.length} values but ${weights.length} weights`);
  const cum: number[] = [];
  let acc = 0;
  for (const w of weights) {
    if (!Number.isFinite(w) || w < 0) throw new RangeError(`choice: weights must be finite and >= 0, got ${w}`);
    acc += w;
    cum.push(acc);
  }
  if (!(acc > 0)) throw new RangeError('choice: weights must have a positive sum');
  return values[searchCum(cum, rng.nextFloat() * acc)] as T;
}

/** Draw one number from a scenario Distribution. */
export function sample(dist: Distribution, rng: Rng): number {
  if ('constant' in dist) {
    finite('constant', dist.constant);
    return dist.constant;
  }
  if ('uniform' in dist) return uniform(rng, dist.uniform.min, dist.uniform.max);
  if ('normal' in dist) return normal(rng, dist.normal.mean, dist.normal.sd, dist.normal.min, dist.normal.max);
  if ('lognormal' in dist) return lognormal(rng, dist.lognormal.mu, dist.lognormal.sigma);
  if ('exponential' in dist) return exponential(rng, dist.exponential.mean);
  if ('zipf' in dist) return zipf(rng, dist.zipf.s, dist.zipf.n);
  return choice(rng, dist.choice.values, dist.choice.weights);
}

/** sample() rounded toward -Infinity to an integer (Math.floor). */
export function sampleInt(dist: Distribution, rng: Rng): number {
  return Math.floor(sample(dist, rng));
}

/**
 * Exact floor(x * scale) for a finite double x and bigint scale >= 1: x is decomposed exactly as
 * m * 2^e (m integer), and the product is computed with bigints, so no rounding happens beyond the
 * final floor. E.g. scaleExact(0.1, 10n**18n) = 100000000000000005n (0.1 is 0.1000000000000000055…).
 */
export function scaleExact(x: number, scale: bigint): bigint {
  finite('x', x);
  if (scale < 1n) throw new RangeError(`scale must be >= 1, got ${scale}`);
  if (x === 0) return 0n;
  const buf = new DataView(new ArrayBuffer(8));
  buf.setFloat64(0, x);
  const bits = buf.getBigUint64(0);
  const neg = bits >> 63n === 1n;
  const expBits = Number((bits >> 52n) & 0x7ffn);
  const frac = bits & ((1n << 52n) - 1n);
  const m = expBits === 0 ? frac : frac | (1n << 52n);
  const e = (expBits === 0 ? 1 : expBits) - 1075; // x = ±m * 2^e
  let num = m * scale;
  if (neg) num = -num;
  if (e >= 0) return num << BigInt(e);
  const d = 1n << BigInt(-e);
  const q = num / d; // truncates toward zero
  return num < 0n && q * d !== num ? q - 1n : q;
}

/**
 * Amount in base units (e.g. wei) from a Distribution expressed in whole units:
 * scaleExact(sample(dist, rng), scale), e.g. scale = 10n ** 18n for a token with 18 decimals.
 */
export function sampleAmount(dist: Distribution, rng: Rng, scale: bigint): bigint {
  return scaleExact(sample(dist, rng), scale);
}
