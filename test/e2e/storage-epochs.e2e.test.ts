/**
 * Epochs by blocks: with `epoch_blocks = 4` in meta.toml the meta-node service closes an epoch every
 * 4 blocks by itself; the first one after an upload reports the resource nodes' traffic, a quiet one
 * sends nothing (the chain refuses an empty report).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { metaGet, startStorageNet, type StorageNet } from '../sds/storage-network.ts';
import { networkClient, sleep } from './network-client.ts';

let n: StorageNet;

beforeAll(async () => {
  n = await startStorageNet({ metaSettings: { epoch_blocks: 4 } });
}, 120_000);

afterAll(async () => {
  await n?.stop();
});

describe('epochs by blocks', { timeout: 120_000 }, () => {
  it('the service reports the traffic of an upload within the next 4 blocks, and nothing for quiet epochs', async () => {
    const chain = networkClient({ home: () => n.home, rpcPort: () => n.rpcPort, restPort: () => n.restPort });
    await chain.tx('dev0', ['sds', 'prepay', 'dev0', '1stos']);
    const c = n.client(0);
    while ((await c.ozone()).ozone === 0n) await sleep(100);
    // quiet blocks first: no report
    const h0 = await chain.height();
    await chain.waitHeight(h0 + 6n);
    expect((await metaGet(n, '/epochs')).epochs).toEqual([]);

    const file = join(n.home, 'e.bin');
    writeFileSync(file, Buffer.alloc(300_000, 7));
    await c.upload(file, { wait: true });
    const uploadedAt = await chain.height();
    // each node stored the 300,000 bytes: reported within the next epochs (one, or two when an epoch ended between the two replicas)
    type Epoch = { epoch: number; height: number; volumes: { wallet_address: string; volume: string }[] };
    const reported = (epochs: Epoch[]) => epochs.flatMap((e) => e.volumes).reduce((m, v) => m.set(v.wallet_address, (m.get(v.wallet_address) ?? 0n) + BigInt(v.volume)), new Map<string, bigint>());
    let epochs: Epoch[] = [];
    while ([...reported(epochs).values()].reduce((a, b) => a + b, 0n) < 600_000n) {
      await sleep(100);
      epochs = (await metaGet(n, '/epochs')).epochs;
    }
    expect(reported(epochs)).toEqual(new Map(n.layout.resourceNodes.map((r) => [r.wallet, 300_000n])));
    for (const e of epochs) {
      expect(BigInt(e.height) - uploadedAt).toBeLessThanOrEqual(12n);
      expect((await chain.rest(`/chain/pot/v1/volume_report/${e.epoch}`)).report_info.epoch).toBe(String(e.epoch));
    }
  });
});
