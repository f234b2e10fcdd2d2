/**
 * `sdsim run` ends at Ctrl-C (SIGINT) as any command-line tool does: the process is killed by the
 * signal, not left running to the end of the scenario (the stop-signal handlers belong to the
 * commands that wait for them, `worker --queue`, src/cli/standalone.ts).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = new URL('../../..', import.meta.url).pathname;
const out = mkdtempSync(join(tmpdir(), 'sdsim-interrupt-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('sdsim run', () => {
  it('ends at SIGINT, killed by the signal, instead of running the year of epochs to its end', async () => {
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'sdsim'), 'run', join(ROOT, 'scenarios', 'tier-crossing-year.yaml'), '--out', join(out, 'run')], { stdio: 'ignore' });
    await new Promise((r) => setTimeout(r, 1500));
    child.kill('SIGINT');
    // a run that ignored the signal would go on to its end and exit with code 0
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.once('exit', (c, s) => resolve([c, s])));
    expect([code, signal]).toEqual([null, 'SIGINT']);
  }, 20_000);
});
