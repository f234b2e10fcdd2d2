/**
 * Runs every bench/*.bench.ts in its own process, one after the other (`npm run bench`).
 * Arguments filter by file name: `npx tsx bench/run.ts crypto`.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = dirname(fileURLToPath(import.meta.url));
/**
 * The young generation the node runs with (bin/chaind, npm start; docs/architecture.md
 * "Performance"), and `gc()` for the benches that report the live heap.
 */
const NODE_FLAGS = ['--max-semi-space-size=128', '--min-semi-space-size=32', '--expose-gc'];
const filters = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((word) => f.includes(word)))
  .sort();

if (files.length === 0) {
  console.error(`no bench files match ${filters.join(' ') || '*.bench.ts'} in ${dir}`);
  process.exit(1);
}

const failed: string[] = [];
for (const file of files) {
  console.log(`\n=== ${file}`);
  const started = Date.now();
  const result = spawnSync(process.execPath, [...NODE_FLAGS, '--import', 'tsx', join(dir, file)], { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    failed.push(file);
    console.log(`=== ${file} FAILED (exit ${result.status ?? result.signal}) after ${seconds}s`);
  } else {
    console.log(`=== ${file} done in ${seconds}s`);
  }
}
if (failed.length > 0) {
  console.error(`\n${failed.length} bench file(s) failed: ${failed.join(', ')}`);
  process.exit(1);
}
