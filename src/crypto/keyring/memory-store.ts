/** `memory` backend: items live only as long as the process (`keys add --dry-run` uses one too). */
import type { KeyringStore } from './store.ts';

export function memoryStore(): KeyringStore {
  const items = new Map<string, Uint8Array>();
  return {
    backend: 'memory',
    location: 'process memory',
    keys: async () => [...items.keys()],
    get: async (key) => items.get(key),
    set: async (key, data) => {
      items.set(key, Uint8Array.from(data));
    },
    remove: async (key) => {
      items.delete(key);
    },
  };
}
