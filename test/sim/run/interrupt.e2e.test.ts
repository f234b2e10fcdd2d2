/**
 * `sdsim run` ends at Ctrl-C (SIGINT) as any command-line tool does: the process is killed by the
 * signal, not left running to the end of the scenario (the stop-signal handlers belong to the
 * commands that wait for them, `worker --queue`, src/cli/standalone.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = new URL('../../..', import.meta.url).pathname;
const out = mkdtempSync(join(tmpdir(), 'sdsim-interrupt-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('sdsim run', () => {
  it('ends at SIGINT, killed by the signal, instead of running the year of epochs to its end', async () => {
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'sdsim'), 'run', join(ROOT, 'scenarios', 'tier-crossing-year.yaml'), '--out', join(out, 'run')], { stdio: 'ignore' });
    const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.once('exit', (c, s) => resolve([c, s])));
    // the signal once the run has started (its chain home written), however slow the start
    const started = join(out, 'run', 'data');
    const deadline = Date.now() + 15_000;
    while (!existsSync(started)) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`sdsim run ended before ${started} appeared (code ${child.exitCode}, signal ${child.signalCode})`);
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`${started} did not appear within 15 s`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    child.kill('SIGINT');
    // a run that ignored the signal would go on to its end and exit with code 0
    const [code, signal] = await exited;
    expect([code, signal]).toEqual([null, 'SIGINT']);
  }, 20_000);
});
