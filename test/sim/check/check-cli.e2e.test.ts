/** `sdsim check` through the executable: a passing run prints its summary; the unsupported differential mode says so. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runBin } from '../../cli/run-chaind.ts';

describe('sdsim check (executable)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sdsim-check-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('3 runs with a seed: exit 0 and the summary', async () => {
    const r = await runBin('sdsim', ['check', '--runs', '3', '--seed', '5', '--out', dir]);
    expect([r.code, r.stderr, JSON.parse(r.stdout)]).toStrictEqual([0, '', { ok: true, runs: 3, seed: 5 }]);
  }, 120_000);

  it('--node is refused as not supported yet', async () => {
    const r = await runBin('sdsim', ['check', '--node', 'http://127.0.0.1:26657']);
    expect([r.code, r.stderr]).toStrictEqual([1, 'Error: sdsim check --node: the differential mode against a running node is not supported yet (docs/check.md)\n']);
  });
});
