/**
 * `pass` backend: items in the standard Unix password store (GPG-encrypted) under the folder
 * `keyring-<service>/`, like the SDK (`passKeyringPrefix = "keyring-%s"`). Item bytes are stored
 * base64-encoded because pass stores text. Needs the `pass` command on PATH (and GnuPG).
 */
import { readdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { isNotFound } from './dir-store.ts';
import { checkTool, runTool } from './external-tool.ts';
import type { KeyringStore } from './store.ts';
import { isItemKey, itemFileName, itemKeyFromFileName } from './store.ts';

export function passStore(passCommand: string, serviceName: string): KeyringStore {
  const folder = `keyring-${serviceName}`;
  const entry = (key: string) => `${folder}/${itemFileName(key)}`;
  const storeDir = () => process.env.PASSWORD_STORE_DIR ?? join(homedir(), '.password-store');
  return {
    backend: 'pass',
    location: `pass:${folder}`,
    async keys() {
      let files: string[];
      try {
        files = await readdir(join(storeDir(), folder));
      } catch (err) {
        if (isNotFound(err)) return [];
        throw err;
      }
      return files
        .filter((f) => f.endsWith('.gpg'))
        .map((f) => itemKeyFromFileName(f.slice(0, -'.gpg'.length)))
        .filter(isItemKey);
    },
    async get(key) {
      const result = await runTool(passCommand, ['show', entry(key)]);
      if (result.code !== 0 && /not in the password store/i.test(result.stderr)) return undefined;
      checkTool('pass', result, `read ${entry(key)}`);
      return Uint8Array.from(Buffer.from(result.stdout.trim(), 'base64'));
    },
    async set(key, data) {
      const text = Buffer.from(data).toString('base64') + '\n';
      checkTool('pass', await runTool(passCommand, ['insert', '--multiline', '--force', entry(key)], text), `write ${entry(key)}`);
    },
    async remove(key) {
      const result = await runTool(passCommand, ['rm', '--force', entry(key)]);
      if (result.code !== 0 && /not in the password store/i.test(result.stderr)) return;
      checkTool('pass', result, `remove ${entry(key)}`);
    },
  };
}
