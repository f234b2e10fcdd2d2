/**
 * Chain databases in fresh temporary directories, removed after each test of the file that asks
 * for them: `const tempDb = tempDbs('my-test-')` at the top of a file, then `tempDb()` per store.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

export function tempDbs(prefix: string): () => string {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return join(dir, 'chain.sqlite');
  };
}
