/**
 * `os` backend on Linux: the freedesktop Secret Service (GNOME Keyring, KWallet's bridge, KeePassXC)
 * through libsecret's `secret-tool`. Items carry the attributes `service=<service>` and
 * `key=<item key>`; the secret is the base64 of the item bytes.
 */
import { checkTool, runTool } from './external-tool.ts';
import type { KeyringStore } from './store.ts';
import { isItemKey } from './store.ts';

export function secretServiceStore(secretTool: string, serviceName: string): KeyringStore {
  const attrs = (key: string) => ['service', serviceName, 'key', key];
  return {
    backend: 'os',
    location: `Secret Service (service=${serviceName})`,
    async keys() {
      const result = checkTool('secret-tool', await runTool(secretTool, ['search', '--all', 'service', serviceName]), 'list keyring items');
      const keys: string[] = [];
      for (const line of `${result.stdout}\n${result.stderr}`.split('\n')) {
        const match = /^attribute\.key = (.*)$/.exec(line.trim());
        if (match && isItemKey(match[1])) keys.push(match[1]);
      }
      return [...new Set(keys)];
    },
    async get(key) {
      const result = await runTool(secretTool, ['lookup', ...attrs(key)]);
      // secret-tool lookup exits 1 with no output when nothing matches
      if (result.code !== 0 && result.stderr.trim() === '') return undefined;
      checkTool('secret-tool', result, `read ${key}`);
      return Uint8Array.from(Buffer.from(result.stdout.trim(), 'base64'));
    },
    async set(key, data) {
      const args = ['store', `--label=${serviceName} keyring: ${key}`, ...attrs(key)];
      checkTool('secret-tool', await runTool(secretTool, args, Buffer.from(data).toString('base64')), `store ${key}`);
    },
    async remove(key) {
      const result = await runTool(secretTool, ['clear', ...attrs(key)]);
      if (result.code !== 0 && result.stderr.trim() === '') return; // nothing to clear
      checkTool('secret-tool', result, `remove ${key}`);
    },
  };
}
