// Seeded PRNG for the scenario runner: xoshiro256** 1.0 (Blackman & Vigna,
// https://prng.di.unimi.it/xoshiro256starstar.c), implemented with BigInt and masked to 64 bits.
// Root seeding: the four state words are the first four outputs of SplitMix64
// (https://prng.di.unimi.it/splitmix64.c) started at the 64-bit seed, as the authors recommend.
// fork(label): state = SHA-256(seed as 8 bytes big-endian ‖ path) read as four little-endian
// 64-bit words, where path is the fork labels joined by "/" (UTF-8). So a stream depends only on
// (seed, labels), never on how many draws other streams made.
import { sha256 } from '@noble/hashes/sha2.js';

const MASK64 = (1n << 64n) - 1n;

function rotl(x: bigint, k: bigint): bigint {
  return ((x << k) | (x >> (64n - k))) & MASK64;
}

/** SplitMix64 step: returns [nextState, output]. */
export function splitmix64(state: bigint): [bigint, bigint] {
  const s = (state + 0x9e3779b97f4a7c15n) & MASK64;
  let z = s;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
  return [s, z ^ (z >> 31n)];
}

function checkSeed(seed: bigint | number): bigint {
  if (typeof seed === 'number' && !Number.isSafeInteger(seed)) throw new RangeError(`seed must be an integer in [0, 2^64-1], got ${seed}`);
  const s = typeof seed === 'number' ? BigInt(seed) : seed;
  if (s < 0n || s > MASK64) throw new RangeError(`seed must be an integer in [0, 2^64-1], got ${s}`);
  return s;
}

export class Rng {
  private s0: bigint;
  private s1: bigint;
  private s2: bigint;
  private s3: bigint;
  readonly seed: bigint;
  readonly path: string;

  private constructor(seed: bigint, path: string, words: [bigint, bigint, bigint, bigint]) {
    this.seed = seed;
    this.path = path;
    [this.s0, this.s1, this.s2, this.s3] = words;
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0n) this.s0 = 1n; // all-zero state is invalid
  }

  static fromSeed(seed: bigint | number): Rng {
    const s = checkSeed(seed);
    let st = s;
    const w: bigint[] = [];
    for (let i = 0; i < 4; i++) {
      const [n, out] = splitmix64(st);
      st = n;
      w.push(out);
    }
    return new Rng(s, '', w as [bigint, bigint, bigint, bigint]);
  }

  /** Raw state constructor (for reference test vectors); the all-zero state is replaced by s0 = 1. */
  static fromState(s0: bigint, s1: bigint, s2: bigint, s3: bigint): Rng {
    for (const w of [s0, s1, s2, s3]) if (w < 0n || w > MASK64) throw new RangeError(`state word out of range: ${w}`);
    return new Rng(0n, '', [s0, s1, s2, s3]);
  }

  /** Independent stream derived from (seed, path of labels) by SHA-256. */
  fork(label: string): Rng {
    const path = this.path === '' ? label : `${this.path}/${label}`;
    const seedBytes = new Uint8Array(8);
    new DataView(seedBytes.buffer).setBigUint64(0, this.seed, false);
    const lab = new TextEncoder().encode(path);
    const msg = new Uint8Array(8 + lab.length);
    msg.set(seedBytes, 0);
    msg.set(lab, 8);
    const h = sha256(msg);
    const dv = new DataView(h.buffer, h.byteOffset, h.byteLength);
    const w = [0, 1, 2, 3].map((i) => dv.getBigUint64(i * 8, true)) as [bigint, bigint, bigint, bigint];
    return new Rng(this.seed, path, w);
  }

  /** Next raw 64-bit output of xoshiro256**. */
  nextUint64(): bigint {
    const result = (rotl((this.s1 * 5n) & MASK64, 7n) * 9n) & MASK64;
    const t = (this.s1 << 17n) & MASK64;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 45n);
    return result;
  }

  /** Upper 32 bits of the next 64-bit output. */
  nextUint32(): number {
    return Number(this.nextUint64() >> 32n);
  }

  /** (next64 >> 11) * 2^-53: a multiple of 2^-53 in [0, 1). */
  nextFloat(): number {
    return Number(this.nextUint64() >> 11n) / 9007199254740992;
  }

  /** Uniform bigint in [min, max] inclusive, by rejection sampling on the smallest covering bit width (no modulo bias). */
  bigint(min: bigint, max: bigint): bigint {
    if (max < min) throw new RangeError(`empty range: min ${min} > max ${max}`);
    const range = max - min; // draws in [0, range]
    if (range === 0n) return min;
    const bits = range.toString(2).length;
    const words = Math.ceil(bits / 64);
    const mask = (1n << BigInt(bits)) - 1n;
    for (;;) {
      let x = 0n;
      for (let i = 0; i < words; i++) x = (x << 64n) | this.nextUint64();
      x &= mask;
      if (x <= range) return min + x;
    }
  }

  /** Uniform integer in [min, max] inclusive (safe integers), same method as bigint(). */
  int(min: number, max: number): number {
    if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max)) throw new RangeError(`int bounds must be safe integers, got ${min}, ${max}`);
    if (max < min) throw new RangeError(`empty range: min ${min} > max ${max}`);
    return Number(this.bigint(BigInt(min), BigInt(max)));
  }

  pick<T>(array: readonly T[]): T {
    if (array.length === 0) throw new RangeError('pick from an empty array');
    return array[this.int(0, array.length - 1)] as T;
  }

  /** Fisher–Yates (Durstenfeld) in place, i from n-1 down to 1, j = int(0, i); returns the array. */
  shuffle<T>(array: T[]): T[] {
    for (let i = array.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      const t = array[i] as T;
      array[i] = array[j] as T;
      array[j] = t;
    }
    return array;
  }
}
