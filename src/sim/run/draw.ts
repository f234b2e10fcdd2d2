/**
 * Draws from a scenario's distributions (src/sim/scenario/types.ts `Dist`) with the seeded
 * generator of src/sim/random: amounts exactly as bigint wei; the fields whose values are whole by
 * nature (sizes in bytes, node types) as whole numbers (`drawWhole`); the "distribution of number"
 * fields (uploads and downloads per user per epoch) as reals (`drawNumber`). docs/scenarios.md,
 * "Distributions", says how each form is drawn for each kind of field.
 */
import type { Dist } from '../scenario/types.ts';
import type { Rng } from '../random/prng.ts';
import { choice, lognormal, normal, scaleExact, uniform } from '../random/distributions.ts';

/** One amount (wei) from `d`; never below its `min` (or 0). */
export function drawAmount(d: Dist<bigint>, rng: Rng): bigint {
  switch (d.kind) {
    case 'const':
      return d.value;
    case 'uniform':
      return rng.bigint(d.min, d.max);
    case 'normal': {
      const x = scaleExact(normal(rng, Number(d.mean), Number(d.sd)), 1n);
      const min = d.min ?? 0n;
      return x < min ? min : x;
    }
    case 'lognormal': {
      const x = scaleExact(lognormal(rng, 0, d.sigma), d.median);
      const min = d.min ?? 0n;
      return x < min ? min : x;
    }
    case 'choice':
      return choice(rng, d.options.map((o) => o.value), d.options.map((o) => o.weight));
  }
}

/**
 * One real number from `d` (a "distribution of number": uploads or downloads per user per epoch);
 * never below its `min` (or 0). `uniform` is min + (max − min)·u with u in [0, 1), whole-number
 * bounds included (`{min: 0, max: 3}` is any real in [0, 3), not one of 0, 1, 2, 3).
 */
export function drawNumber(d: Dist<number>, rng: Rng): number {
  switch (d.kind) {
    case 'const':
      return d.value;
    case 'uniform':
      return uniform(rng, d.min, d.max);
    case 'normal':
      return Math.max(d.min ?? 0, normal(rng, d.mean, d.sd));
    case 'lognormal':
      return Math.max(d.min ?? 0, d.median * lognormal(rng, 0, d.sigma));
    case 'choice':
      return choice(rng, d.options.map((o) => o.value), d.options.map((o) => o.weight));
  }
}

/**
 * A whole number from `d`, for a field whose values are whole by nature (a size in bytes, a node
 * type): `uniform` is one of min, min + 1, …, max, each equally likely (`rng.int`, both ends
 * included; the parser gives these fields whole bounds); the other forms are drawn as
 * `drawNumber` does and rounded down. At least `atLeast`.
 */
export function drawWhole(d: Dist<number>, rng: Rng, atLeast = 0, atMost = Infinity): number {
  const x = d.kind === 'uniform' && Number.isInteger(d.min) && Number.isInteger(d.max) ? rng.int(d.min, d.max) : Math.floor(drawNumber(d, rng));
  return Math.min(atMost, Math.max(atLeast, x));
}

/** `x` rounded stochastically: floor(x), plus one with probability frac(x) (one draw when x is fractional). */
export function roundStochastic(x: number, rng: Rng): number {
  const whole = Math.floor(x);
  const frac = x - whole;
  return frac > 0 && rng.nextFloat() < frac ? whole + 1 : whole;
}
