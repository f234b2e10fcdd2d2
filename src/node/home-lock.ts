/**
 * One process owns a home's data: `<db_dir>/LOCK` (default `<home>/data/LOCK`, the name LevelDB
 * gives its lock), a JSON line naming the owner — pid, the process's start time, and the command.
 * `chaind start` holds it from before it writes anything in the home until it has stopped;
 * `consensus reset-state` and `consensus unsafe-reset-all` hold it while they run, and `init`
 * refuses a locked home. A second owner is refused at once with a `HomeLockedError` naming the
 * first one.
 *
 * The file is created atomically: written complete under a temporary name, then `link`ed to
 * `LOCK`, which fails when `LOCK` exists (so a reader never sees a half-written lock). A lock whose
 * process is gone (a node killed with SIGKILL) is stale and taken over: the pid is not alive, or
 * it now belongs to another process — on Linux the process start time in `/proc/<pid>/stat`
 * (field 22, clock ticks since boot) is recorded and compared, so a reused pid is not mistaken for
 * the owner, and a killed process not yet reaped (state Z) holds nothing. Without `/proc` a living
 * pid counts as the owner.
 *
 * Release removes the file only while it still holds this owner's line; it runs on every exit
 * path: the caller's `release()`, and a `process.on('exit')` fallback for an exit that skips it.
 */
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { makeDirs } from '../make-dirs.ts';

/** The lock's file name inside the data directory. */
export const LOCK_FILE = 'LOCK';

/** What the lock file records about its owner. */
export interface LockOwner {
  readonly pid: number;
  /** the command that holds the lock, e.g. `chaind start` */
  readonly command: string;
  /** when the owning process started (ISO 8601, UTC) */
  readonly started: string;
  /** `/proc/<pid>/stat` start time (clock ticks since boot), when the platform has it */
  readonly proc_start?: string;
}

/** A second owner of a home: names the process that holds it. */
export class HomeLockedError extends Error {
  constructor(
    readonly owner: LockOwner,
    readonly file: string,
  ) {
    super(
      `${file} is held by a running "${owner.command}" (pid ${owner.pid}, started ${owner.started}): ` +
        'one node owns a home; stop that process first (docs/node.md "One node per home")',
    );
    this.name = 'HomeLockedError';
  }
}

export interface HomeLock {
  readonly file: string;
  readonly owner: LockOwner;
  /** the owner of a stale lock this one replaced */
  readonly tookOver: LockOwner | undefined;
  /** removes the lock file (once; a no-op when it no longer holds this owner) */
  release(): void;
}

/** `/proc/<pid>/stat`: the state (field 3) and the start time (field 22), or undefined without procfs or such a process. */
function procStat(pid: number): { readonly state: string; readonly startTicks: string } | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after the last ')'
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (fields.length < 20) return undefined;
  return { state: fields[0]!, startTicks: fields[19]! };
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // alive, owned by another user
  }
}

/** Whether the process a lock names is still that process. */
export function ownerAlive(owner: LockOwner): boolean {
  if (!Number.isSafeInteger(owner.pid) || owner.pid <= 0 || !pidAlive(owner.pid)) return false;
  const stat = procStat(owner.pid);
  if (stat === undefined) return true; // no procfs: a living pid counts as the owner
  // a killed process not yet reaped (zombie, dead) holds nothing; a reused pid has another start time
  if (stat.state === 'Z' || stat.state === 'X' || stat.state === 'x') return false;
  return owner.proc_start === undefined || stat.startTicks === owner.proc_start;
}

function parseOwner(text: string): LockOwner | undefined {
  try {
    const v = JSON.parse(text) as Partial<LockOwner>;
    if (typeof v.pid !== 'number' || typeof v.command !== 'string' || typeof v.started !== 'string') return undefined;
    if (v.proc_start !== undefined && typeof v.proc_start !== 'string') return undefined;
    return v as LockOwner;
  } catch {
    return undefined;
  }
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

function removeQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}

/** This process as a lock owner. */
function selfOwner(command: string): LockOwner {
  const started = new Date(Math.round(Date.now() - process.uptime() * 1000)).toISOString();
  const procStart = procStat(process.pid)?.startTicks;
  return procStart === undefined ? { pid: process.pid, command, started } : { pid: process.pid, command, started, proc_start: procStart };
}

/** The living owner of a data directory's lock, if any (stale and unreadable locks give undefined). */
export function homeLockOwner(dataDir: string): LockOwner | undefined {
  const text = readText(join(dataDir, LOCK_FILE));
  const owner = text === undefined ? undefined : parseOwner(text);
  return owner && ownerAlive(owner) ? owner : undefined;
}

/** Throws HomeLockedError when a living process holds the lock of `dataDir` (creates nothing). */
export function refuseIfLocked(dataDir: string): void {
  const file = join(dataDir, LOCK_FILE);
  const owner = homeLockOwner(dataDir);
  if (owner) throw new HomeLockedError(owner, file);
}

/**
 * Takes the lock of `dataDir` (created if missing) for `command`; throws HomeLockedError when a
 * living process holds it. A stale lock is replaced (`tookOver` names its owner).
 */
export function acquireHomeLock(dataDir: string, command: string): HomeLock {
  makeDirs(dataDir, 0o700);
  const file = join(dataDir, LOCK_FILE);
  const owner = selfOwner(command);
  const text = JSON.stringify(owner) + '\n';
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(tmp, text, { mode: 0o600 });
  let tookOver: LockOwner | undefined;
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(tmp, file);
        break;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      if (attempt >= 5) throw new Error(`cannot lock ${file}: other processes keep replacing it`);
      const seen = readText(file);
      if (seen === undefined) continue; // released meanwhile
      const current = parseOwner(seen);
      if (current && ownerAlive(current)) throw new HomeLockedError(current, file);
      // stale (or unreadable): move it aside, and drop it only if it is still the lock judged stale
      const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.stale`;
      try {
        renameSync(file, aside);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw e;
      }
      if (readText(aside) !== seen) {
        // another process took the stale lock over in between: put its lock back
        try {
          linkSync(aside, file);
        } catch {
          // a third one holds it now; the next round reads whichever lock is there
        }
      } else if (current) {
        tookOver = current;
      }
      removeQuietly(aside);
    }
  } finally {
    removeQuietly(tmp);
  }

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    if (readText(file) === text) removeQuietly(file);
  };
  process.on('exit', release);
  return { file, owner, tookOver, release };
}

/** Runs `fn` while holding the lock of `dataDir` (the commands that rewrite a home's data). */
export function withHomeLock<T>(dataDir: string, command: string, fn: (lock: HomeLock) => T): T {
  const lock = acquireHomeLock(dataDir, command);
  try {
    return fn(lock);
  } finally {
    lock.release();
  }
}
