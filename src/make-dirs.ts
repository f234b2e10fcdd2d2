/**
 * A directory and its missing parents, as Go's `os.MkdirAll` makes them: level by level, with Go's
 * error texts (`mkdir /proc/x: no such file or directory`, `mkdir /etc/passwd/x: not a directory`).
 * Node's recursive `mkdirSync` loops forever where a parent exists but refuses children (procfs,
 * sysfs), so no path a user gives goes through it.
 */
import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const GO_ERRNO_TEXT: Readonly<Record<string, string>> = {
  ENOENT: 'no such file or directory',
  ENOTDIR: 'not a directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EEXIST: 'file exists',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on device',
  ENAMETOOLONG: 'file name too long',
  ELOOP: 'too many levels of symbolic links',
};

function mkdirError(path: string, e: unknown): Error {
  const code = (e as NodeJS.ErrnoException).code ?? '';
  // the errno stays on the error for callers that word it themselves
  return Object.assign(new Error(`mkdir ${path}: ${GO_ERRNO_TEXT[code] ?? (e as Error).message}`), { code });
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
