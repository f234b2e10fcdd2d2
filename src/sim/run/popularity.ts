/**
 * Zipf popularity over a growing list of files: the file of rank r (1 = the first uploaded) is
 * picked with weight 1 / r^s. The cumulative weights grow with the files (one power per upload), so a
 * draw among n files is one uniform draw and a binary search, whatever n.
 */
import type { Rng } from '../random/prng.ts';

export class Popularity {
  private cum = new Float64Array(1024);
  private n = 0;

  constructor(readonly s: number) {}

  /** One more file (the next rank). */
  add(): void {
    if (this.n === this.cum.length) {
      const bigger = new Float64Array(this.cum.length * 2);
      bigger.set(this.cum);
      this.cum = bigger;
    }
    this.cum[this.n] = (this.n > 0 ? this.cum[this.n - 1]! : 0) + Math.pow(this.n + 1, -this.s);
    this.n++;
  }

  get size(): number {
    return this.n;
  }

  /** A rank in 1..n (n ≤ size) by weight 1 / r^s: one draw. */
  rank(rng: Rng, n: number = this.n): number {
    if (n < 1 || n > this.n) throw new RangeError(`popularity: ${n} files asked, ${this.n} known`);
    const target = rng.nextFloat() * this.cum[n - 1]!;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.cum[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    return lo + 1;
  }
}
