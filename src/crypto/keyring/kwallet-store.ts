/**
 * `kwallet` backend: KDE Wallet through `kwallet-query`, folder `<service>` of the wallet
 * `kdewallet` (the SDK's 99designs config uses the same wallet). kwallet-query cannot delete an
 * entry, so a removed item is overwritten with an empty value and empty values count as absent.
 */
import { checkTool, runTool } from './external-tool.ts';
import type { KeyringStore } from './store.ts';
import { isItemKey } from './store.ts';

const WALLET = 'kdewallet';

export function kwalletStore(kwalletQuery: string, serviceName: string): KeyringStore {
  const base = ['-f', serviceName];
  async function get(key: string): Promise<Uint8Array | undefined> {
    const result = await runTool(kwalletQuery, [...base, '-r', key, WALLET]);
    if (result.code !== 0) return undefined; // missing entry or folder
    const text = result.stdout.trim();
    return text === '' ? undefined : Uint8Array.from(Buffer.from(text, 'base64'));
  }
  return {
    backend: 'kwallet',
    location: `KWallet ${WALLET}/${serviceName}`,
    async keys() {
      const result = await runTool(kwalletQuery, [...base, '-l', WALLET]);
      if (result.code !== 0 && /folder .* does not exist/i.test(result.stderr)) return [];
      checkTool('kwallet-query', result, 'list keyring items');
      const keys = result.stdout.split('\n').map((l) => l.trim()).filter(isItemKey);
      const present: string[] = [];
      for (const key of keys) if ((await get(key)) !== undefined) present.push(key);
      return present;
    },
    get,
    async set(key, data) {
      checkTool('kwallet-query', await runTool(kwalletQuery, [...base, '-w', key, WALLET], Buffer.from(data).toString('base64')), `store ${key}`);
    },
    async remove(key) {
      if ((await get(key)) === undefined) return;
      checkTool('kwallet-query', await runTool(kwalletQuery, [...base, '-w', key, WALLET], ''), `remove ${key}`);
    },
  };
}
