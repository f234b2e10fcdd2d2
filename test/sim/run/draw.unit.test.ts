/**
 * How a scenario's distributions are drawn (docs/scenarios.md, "Distributions"): `uniform` of a
 * "distribution of number" (uploads and downloads per user per epoch) is a real on [min, max),
 * whole-number bounds included; of a whole-valued field (a size, a node type) one of min..max,
 * each equally likely, as before. A run with `uploads_per_epoch: {uniform: {min: 0, max: 1}}`
 * therefore uploads a varying number each epoch, not all users or none.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Rng } from '../../../src/sim/random/prng.ts';
import { drawNumber, drawWhole } from '../../../src/sim/run/draw.ts';
import { runScenario } from '../../../src/sim/run/runner.ts';
import { parseScenario } from '../../../src/sim/scenario/parse.ts';

const dir = mkdtempSync(join(tmpdir(), 'sdsim-draw-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('uniform draws', () => {
  it('of a number: a real in [min, max), whole-number bounds included', () => {
    const rng = Rng.fromSeed(1);
    const xs = Array.from({ length: 1000 }, () => drawNumber({ kind: 'uniform', min: 0, max: 3 }, rng));
    expect(xs.every((x) => x >= 0 && x < 3)).toBe(true);
    // reals: hardly any whole
    expect(xs.filter((x) => Number.isInteger(x)).length).toBeLessThan(5);
    // the documented formula, min + (max − min)·u, one draw each
    const a = Rng.fromSeed(9);
    const b = Rng.fromSeed(9);
    expect(drawNumber({ kind: 'uniform', min: 2, max: 5 }, a)).toBe(2 + 3 * b.nextFloat());
  });

  it('of a whole-valued field (sizes, node types): each of min..max equally likely, as rng.int', () => {
    const a = Rng.fromSeed(4);
    const b = Rng.fromSeed(4);
    const xs = Array.from({ length: 700 }, () => drawWhole({ kind: 'uniform', min: 1, max: 7 }, a, 1));
    expect(xs).toStrictEqual(Array.from({ length: 700 }, () => b.int(1, 7)));
    expect(new Set(xs)).toStrictEqual(new Set([1, 2, 3, 4, 5, 6, 7]));
  });

  it('a whole draw stays within its bounds: a normal node type is 1..7', () => {
    const rng = Rng.fromSeed(5);
    const xs = Array.from({ length: 400 }, () => drawWhole({ kind: 'normal', mean: 6, sd: 3 }, rng, 1, 7));
    expect([Math.min(...xs), Math.max(...xs)]).toEqual([1, 7]);
  });
});

describe('a run with uploads_per_epoch: {uniform: {min: 0, max: 1}}', () => {
  it('uploads a varying number per epoch (10 users: not only 0 or 10)', async () => {
    const text = 'name: uni\nclock: {epoch: 10m, duration: {epochs: 8}}\npopulation:\n  users: {count: 10, uploads_per_epoch: {uniform: {min: 0, max: 1}}, downloads_per_epoch: 0}\n';
    const out = join(dir, 'uni');
    await runScenario(parseScenario(text, 'uni.yaml'), { out });
    const [head, ...rows] = readFileSync(join(out, 'metrics.csv'), 'utf8').trim().split('\n');
    const col = head!.split(',').indexOf('uploads');
    const uploads = rows.map((r) => Number(r.split(',')[col]));
    expect(uploads).toHaveLength(8);
    expect(uploads.some((n) => n !== 0 && n !== 10)).toBe(true);
    expect(uploads.reduce((a, n) => a + n, 0)).toBeGreaterThan(0);
  }, 60_000);
});
