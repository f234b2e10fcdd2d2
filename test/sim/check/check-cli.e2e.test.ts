/**
 * `sdsim check` through the executable: a passing run prints its summary; `--node` without what it
 * needs, or against no node, exits 1 naming the problem (the differential mode itself:
 * node-check.e2e.test.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runBin, runChaind } from '../../cli/run-chaind.ts';

describe('sdsim check (executable)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sdsim-check-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('3 runs with a seed: exit 0 and the summary', async () => {
    const r = await runBin('sdsim', ['check', '--runs', '3', '--seed', '5', '--out', dir]);
    expect([r.code, r.stderr, JSON.parse(r.stdout)]).toStrictEqual([0, '', { ok: true, runs: 3, seed: 5 }]);
  }, 120_000);

  it('--node: a missing --from, a bad amount, an unknown key, no node there: exit 1 naming it', async () => {
    const run = (args: string[]) => runBin('sdsim', ['check', '--node', 'tcp://127.0.0.1:1', '--runs', '1', ...args]);
    expect(await run([])).toStrictEqual({ code: 1, stdout: '', stderr: 'Error: sdsim check --node: --from <key name> is required: a funded account of that chain funds the generated runs (with --home or --keyring-dir, --keyring-backend)\n' });
    expect((await run(['--from', 'alice', '--home', dir, '--fund', '12abc'])).stderr).toBe('Error: --fund "12abc": expected an amount in wei (or gwei/stos, which convert to it)\n');
    expect((await run(['--from', 'alice', '--home', dir, '--gas-prices', 'lots'])).stderr).toMatch(/^Error: --gas-prices "lots": .+ \(expected an amount such as 100stos, 1gwei or 1000000000wei\)\n$/);
    expect((await run(['--from', 'alice', '--home', dir, '--bls', 'maybe'])).stderr).toBe('Error: --bls "maybe": expected full or trusted\n');
    expect((await run(['--from', 'alice', '--home', dir])).stderr).toMatch(new RegExp(`^Error: --from "alice": .*alice.* \\(keyring-backend test in ${dir}\\)\\n$`));
    expect((await runChaind(['keys', 'add', 'alice', '--keyring-backend', 'test', '--home', dir])).code).toBe(0);
    const r = await run(['--from', 'alice', '--home', dir]);
    expect([r.code, r.stdout, r.stderr]).toStrictEqual([1, '', 'Error: post failed: Post "http://127.0.0.1:1": dial tcp 127.0.0.1:1: connect: connection refused\n']);
  }, 60_000);
});
