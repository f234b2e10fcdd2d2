/**
 * Builds dist/ (incrementally) and the executables' bundles before the tests: the tests that run
 * `bin/chaind` as a process exercise the compiled JavaScript the executables ship, so it must match
 * the sources.
 * `SKIP_BUILD=1` skips it (only for tests that spawn no executable).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  // SKIP_BUILD=1: for in-process tests while the sources are mid-edit (a type error elsewhere fails the build)
  if (process.env.SKIP_BUILD === '1') return;
  const root = fileURLToPath(new URL('..', import.meta.url));
  execFileSync(process.execPath, [fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url)), '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
  // the executables run their bundles (what `npm run build` makes after tsc)
  execFileSync(process.execPath, [fileURLToPath(new URL('../scripts/bundle.mjs', import.meta.url))], { cwd: root, stdio: 'inherit' });
}
