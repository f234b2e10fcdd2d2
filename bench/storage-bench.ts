/** What the storage benchmarks (sds, ipfs) share: number formats, random files, prepaying ozone. */
import { createHash, randomFillSync } from 'node:crypto';
import { open } from 'node:fs/promises';
import { networkClient } from '../test/e2e/network-client.ts';
import type { StorageNet } from '../test/sds/storage-network.ts';
import type { SdsClient } from '../src/sds/client/sds-client.ts';

export const line = (s = '') => console.log(s);
export const mbps = (bytes: number, ms: number) => bytes / 1e6 / (ms / 1000);
export const fmtMbps = (v: number) => `${v >= 100 ? v.toFixed(0) : v.toFixed(1)} MB/s`;
export const fmtMs = (ms: number) => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(0)} ms`);
export const fmtMiB = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
export const signedMiB = (bytes: number) => `${bytes >= 0 ? '+' : '−'}${fmtMiB(Math.abs(bytes))}`;

/** Writes `size` random bytes in 4 MiB chunks; returns their SHA-256 (the file never whole in memory). */
export async function writeRandomFile(path: string, size: number): Promise<string> {
  const fh = await open(path, 'w');
  const hash = createHash('sha256');
  const chunk = Buffer.allocUnsafe(4 * 2 ** 20);
  try {
    for (let at = 0; at < size; ) {
      const n = Math.min(chunk.length, size - at);
      const part = chunk.subarray(0, n);
      randomFillSync(part);
      hash.update(part);
      await fh.write(part, 0, n, at);
      at += n;
    }
  } finally {
    await fh.close();
  }
  return hash.digest('hex');
}

/** Prepays 10stos from dev0 for `client`'s wallet until its ozone covers `need` noz; the ozone then. */
export async function prepay(net: StorageNet, client: SdsClient, need: bigint): Promise<bigint> {
  const chain = networkClient({ home: () => net.home, rpcPort: () => net.rpcPort, restPort: () => net.restPort });
  let { ozone } = await client.ozone();
  for (let round = 0; ozone < need; round++) {
    if (round === 5) throw new Error(`after 5 prepays of 10stos the wallet holds ${ozone} noz, the bench needs ${need}`);
    await chain.tx('dev0', ['sds', 'prepay', 'dev0', client.address, '10stos']);
    const before = ozone;
    for (let i = 0; i < 200 && ozone === before; i++) {
      await new Promise((r) => setTimeout(r, 100));
      ({ ozone } = await client.ozone());
    }
    if (ozone === before) throw new Error('the meta node did not credit the prepay within 20 s');
  }
  return ozone;
}
