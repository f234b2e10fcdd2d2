/**
 * Draws from a scenario's distributions (src/sim/scenario/types.ts `Dist`) with the seeded
 * generator of src/sim/random: amounts exactly as bigint wei, sizes and counts as numbers.
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

/** One number from `d` (sizes, counts, node types, rates); never below its `min` (or 0). */
export function drawNumber(d: Dist<number>, rng: Rng): number {
  switch (d.kind) {
    case 'const':
      return d.value;
    case 'uniform':
      return Number.isInteger(d.min) && Number.isInteger(d.max) ? rng.int(d.min, d.max) : uniform(rng, d.min, d.max);
    case 'normal':
      return Math.max(d.min ?? 0, normal(rng, d.mean, d.sd));
    case 'lognormal':
      return Math.max(d.min ?? 0, d.median * lognormal(rng, 0, d.sigma));
    case 'choice':
      return choice(rng, d.options.map((o) => o.value), d.options.map((o) => o.weight));
  }
}

/** A whole number of bytes or items from `d` (sizes: rounded down, at least `atLeast`). */
export function drawWhole(d: Dist<number>, rng: Rng, atLeast = 0): number {
  return Math.max(atLeast, Math.floor(drawNumber(d, rng)));
}

/** `x` rounded stochastically: floor(x), plus one with probability frac(x) (one draw when x is fractional). */
export function roundStochastic(x: number, rng: Rng): number {
  const whole = Math.floor(x);
  const frac = x - whole;
  return frac > 0 && rng.nextFloat() < frac ? whole + 1 : whole;
}
