/**
 * `npm start -- --help`: npm start's own flags and where the others go, printed before anything
 * is created (the home stays absent, so a following `--validators 2` is not refused).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;

describe('npm start -- --help', () => {
  it('lists its own flags with their defaults, names where the rest go, and creates no home', () => {
    const home = join(mkdtempSync(join(tmpdir(), 'localnet-help-')), 'ln');
    for (const flag of ['--help', '-h']) {
      const r = spawnSync(process.execPath, [join(ROOT, 'dist/bundle/localnet.js'), flag], { env: { ...process.env, LOCALNET_HOME: home }, encoding: 'utf8' });
      expect([flag, r.status, r.stderr]).toEqual([flag, 0, '']);
      expect(r.stdout).toMatch(/^Usage: npm start -- \[flags\]\n/);
      for (const own of ['--validators <n>', '--naming <profile>', '--reset', '--sds.meta-port <port>', '--sds.rpc-port <port>', '--sds.peer-port <port>', '--sds.ipfs-port <port>', '--gateway.port <port>']) {
        expect(r.stdout).toContain(own);
      }
      expect(r.stdout).toContain('(default 9400)');
      expect(r.stdout).toContain(`Its home is ${home} (LOCALNET_HOME moves it)`);
      expect(r.stdout).toContain('Every other flag goes to chaind start');
      expect(existsSync(home)).toBe(false);
    }
  });
});
