/**
 * The project's own conformance runs with `sdsim check`'s machinery (src/sim/check): generated
 * scenarios through the real runner, the invariants after every block, every app hash replayed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCheck } from '../src/sim/check/check.ts';

describe('sdsim check: generated scenarios keep every invariant', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sim-check-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('20 generated runs', async () => {
    const r = await runCheck({ runs: 20, seed: 20261125, out: dir });
    expect(r).toStrictEqual({ ok: true, runs: 20, seed: 20261125 });
  }, 300_000);
});
