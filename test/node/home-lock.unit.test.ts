/**
 * The home lock (`<data>/LOCK`): taken atomically, refused while its owner lives (naming it),
 * taken over when the owner is gone, when its pid now belongs to another process (start time in
 * /proc), or when the file is unreadable; released only by its owner.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HomeLockedError, acquireHomeLock, homeLockOwner, ownerAlive, refuseIfLocked, withHomeLock, type LockOwner } from '../../src/node/home-lock.ts';

const dataDir = () => join(mkdtempSync(join(tmpdir(), 'home-lock-')), 'data');
const hasProc = existsSync(`/proc/${process.pid}/stat`);

/** The pid of a process that has exited (and been reaped). */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', '0']);
  return r.pid!;
}

describe('home lock', () => {
  it('writes the owner, refuses a second owner naming the first, and is removed on release', () => {
    const dir = dataDir();
    const lock = acquireHomeLock(dir, 'chaind start');
    const file = join(dir, 'LOCK');
    expect(lock.file).toBe(file);
    const written = JSON.parse(readFileSync(file, 'utf8')) as LockOwner;
    expect(written).toEqual(lock.owner);
    expect(written.pid).toBe(process.pid);
    expect(written.command).toBe('chaind start');
    expect(new Date(written.started).toISOString()).toBe(written.started);
    expect(Date.parse(written.started)).toBeLessThanOrEqual(Date.now());
    if (hasProc) expect(written.proc_start).toMatch(/^\d+$/);
    expect(lock.tookOver).toBeUndefined();
    // no temporary file is left beside it
    expect(readdirSync(dir)).toEqual(['LOCK']);

    const message = `${file} is held by a running "chaind start" (pid ${process.pid}, started ${written.started}): one node owns a home; stop that process first (docs/node.md "One node per home")`;
    expect(() => acquireHomeLock(dir, 'chaind consensus reset-state')).toThrow(new HomeLockedError(written, file));
    expect(() => acquireHomeLock(dir, 'chaind consensus reset-state')).toThrow(message);
    expect(() => refuseIfLocked(dir)).toThrow(message);
    expect(homeLockOwner(dir)).toEqual(written);
    // the refused attempts changed nothing
    expect(readdirSync(dir)).toEqual(['LOCK']);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(written);

    lock.release();
    expect(existsSync(file)).toBe(false);
    expect(homeLockOwner(dir)).toBeUndefined();
    expect(() => refuseIfLocked(dir)).not.toThrow();
    lock.release(); // once
    const again = acquireHomeLock(dir, 'chaind start');
    again.release();
  });

  it('takes over the lock of a process that is gone', () => {
    const dir = dataDir();
    const stale: LockOwner = { pid: deadPid(), command: 'chaind start', started: '2024-01-01T00:00:00.000Z' };
    expect(ownerAlive(stale)).toBe(false);
    mkdirSync(dir);
    writeFileSync(join(dir, 'LOCK'), JSON.stringify(stale) + '\n');
    expect(homeLockOwner(dir)).toBeUndefined();
    expect(() => refuseIfLocked(dir)).not.toThrow();
    const lock = acquireHomeLock(dir, 'chaind start');
    expect(lock.tookOver).toEqual(stale);
    expect(JSON.parse(readFileSync(join(dir, 'LOCK'), 'utf8')).pid).toBe(process.pid);
    expect(readdirSync(dir)).toEqual(['LOCK']);
    lock.release();
  });

  it.runIf(hasProc)('takes over a lock whose pid now belongs to another process (pid reuse)', () => {
    const dir = dataDir();
    const probe = acquireHomeLock(dir, 'probe');
    probe.release();
    const own = probe.owner;
    // same (living) pid, another start time: not the process that took the lock
    const reused: LockOwner = { ...own, proc_start: String(Number(own.proc_start) + 1) };
    writeFileSync(join(dir, 'LOCK'), JSON.stringify(reused) + '\n');
    expect(ownerAlive(reused)).toBe(false);
    expect(ownerAlive(own)).toBe(true);
    const lock = acquireHomeLock(dir, 'chaind start');
    expect(lock.tookOver).toEqual(reused);
    lock.release();
  });

  it('takes over an unreadable lock file', () => {
    const dir = dataDir();
    mkdirSync(dir);
    writeFileSync(join(dir, 'LOCK'), '');
    const lock = acquireHomeLock(dir, 'chaind start');
    expect(lock.tookOver).toBeUndefined();
    expect(JSON.parse(readFileSync(join(dir, 'LOCK'), 'utf8')).command).toBe('chaind start');
    lock.release();
  });

  it("does not remove a lock that is no longer its own", () => {
    const dir = dataDir();
    const lock = acquireHomeLock(dir, 'chaind start');
    const other = JSON.stringify({ pid: deadPid(), command: 'chaind start', started: '2024-01-01T00:00:00.000Z' }) + '\n';
    writeFileSync(join(dir, 'LOCK'), other);
    lock.release();
    expect(readFileSync(join(dir, 'LOCK'), 'utf8')).toBe(other);
  });

  it('withHomeLock holds the lock while the function runs and releases it after a throw', () => {
    const dir = dataDir();
    expect(withHomeLock(dir, 'chaind consensus reset-state', (lock) => JSON.parse(readFileSync(lock.file, 'utf8')).command)).toBe('chaind consensus reset-state');
    expect(existsSync(join(dir, 'LOCK'))).toBe(false);
    expect(() =>
      withHomeLock(dir, 'x', () => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(existsSync(join(dir, 'LOCK'))).toBe(false);
  });
});
