/**
 * A directory and its missing parents, as Go's `os.MkdirAll` makes them: level by level, with Go's
 * error texts (`mkdir /proc/x: no such file or directory`, `mkdir /etc/passwd/x: not a directory`).
 * Node's recursive `mkdirSync` loops forever where a parent exists but refuses children (procfs,
 * sysfs), so no path a user gives goes through it.
 */
import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { goPathError } from './go-os-error.ts';

function mkdirError(path: string, e: unknown): Error {
  // the errno stays on the error for callers that word it themselves
  return goPathError('mkdir', path, e);
}

/** Makes `path` and its missing parents; returns the first directory it made (undefined: none), as `mkdirSync(…, {recursive})`. */
export function makeDirs(path: string, mode?: number): string | undefined {
  const target = resolve(path);
  const missing: string[] = [];
  for (let at = target; ; at = dirname(at)) {
    let isDir: boolean;
    try {
      isDir = statSync(at).isDirectory();
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw mkdirError(at, e);
      missing.push(at);
      if (dirname(at) === at) break;
      continue;
    }
    if (!isDir) throw mkdirError(missing.at(-1) ?? at, Object.assign(new Error(), { code: 'ENOTDIR' }));
    break;
  }
  for (const dir of missing.reverse()) {
    try {
      mkdirSync(dir, mode === undefined ? {} : { mode });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST' && statSync(dir).isDirectory()) continue;
      throw mkdirError(dir, e);
    }
  }
  return missing[0];
}
