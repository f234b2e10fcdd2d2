/**
 * A reader that stops early (`chaind query txs | head`) closes the pipe: the executables' output
 * (src/cli/output.ts `processOutput`) ends the process quietly, exit 0, as a Go CLI dies quietly
 * of SIGPIPE, instead of Node's EPIPE stack trace and exit 1.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;

describe('stdout closed by its reader', () => {
  it('ends the process quietly with exit 0', async () => {
    const script = `import { processOutput } from ${JSON.stringify(join(ROOT, 'dist/cli/output.js'))};
const out = processOutput();
for (let i = 0; i < 2000; i++) out.stdout('x'.repeat(1000) + '\\n');`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    // read the first chunk, then close the pipe as `head` does
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect([code, err]).toEqual([0, '']);
  });
});
