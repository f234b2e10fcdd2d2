/**
 * makeDirs (src/make-dirs.ts): a folder and its missing parents, level by level as Go's os.MkdirAll,
 * with Go's texts; a path under /proc fails at once (Node's recursive mkdirSync spins forever there).
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeDirs } from '../../src/make-dirs.ts';

const dir = mkdtempSync(join(tmpdir(), 'make-dirs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('makeDirs', () => {
  it('makes every missing level and returns the first one it made; nothing when all exist', () => {
    expect(makeDirs(join(dir, 'a', 'b', 'c'))).toBe(join(dir, 'a'));
    expect(statSync(join(dir, 'a', 'b', 'c')).isDirectory()).toBe(true);
    expect(makeDirs(join(dir, 'a', 'b'))).toBeUndefined();
  });

  it('gives the mode to what it makes', () => {
    makeDirs(join(dir, 'private', 'keys'), 0o700);
    expect(statSync(join(dir, 'private', 'keys')).mode & 0o777).toBe(0o700);
  });

  it('a file in the way: Go\'s `not a directory`, with the errno kept', () => {
    writeFileSync(join(dir, 'file'), 'x');
    expect(() => makeDirs(join(dir, 'file', 'sub'))).toThrow(expect.objectContaining({ message: `mkdir ${join(dir, 'file', 'sub')}: not a directory`, code: 'ENOTDIR' }));
    expect(() => makeDirs(join(dir, 'file'))).toThrow(`mkdir ${join(dir, 'file')}: not a directory`);
  });

  it('a parent that refuses children (procfs) fails at once with `no such file or directory`', () => {
    expect(() => makeDirs('/proc/stsim-nope/home')).toThrow('mkdir /proc/stsim-nope: no such file or directory');
  });
});
