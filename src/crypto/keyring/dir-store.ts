/**
 * Items as files in one directory, written atomically (temp file + rename) with mode 0600.
 * The `test` backend stores them in clear (`<keyring-dir>/keyring-test/`); the `file` backend
 * wraps this store with encryption (file-store.ts).
 */
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { KeyringBackendName, KeyringStore } from './store.ts';
import { isItemKey, itemFileName, itemKeyFromFileName } from './store.ts';
import { makeDirs } from '../../make-dirs.ts';

export function dirStore(dir: string, backend: KeyringBackendName): KeyringStore {
  const path = (key: string) => join(dir, itemFileName(key));
  return {
    backend,
    location: dir,
    async keys() {
      let files: string[];
      try {
        files = await readdir(dir);
      } catch (err) {
        if (isNotFound(err)) return [];
        throw err;
      }
      return files.map(itemKeyFromFileName).filter(isItemKey);
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(path(key)));
      } catch (err) {
        if (isNotFound(err)) return undefined;
        throw err;
      }
    },
    async set(key, data) {
      makeDirs(dir, 0o700);
      const tmp = `${path(key)}.tmp-${process.pid}`;
      await writeFile(tmp, data, { mode: 0o600 });
      await rename(tmp, path(key));
    },
    async remove(key) {
      await rm(path(key), { force: true });
    },
  };
}

export function isNotFound(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'ENOENT';
}
