/**
 * `Chain.blocks$` with write-behind: blocks are emitted in height order, also when a subscriber
 * reads the store (which waits for the writer and so makes it report the later blocks from inside
 * that subscriber's call), and the genesis's consensus params stay in memory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Chain } from '../../src/abci/chain.ts';
import { appModules } from '../../src/abci/modules.ts';
import { defaultConsensusParams } from '../../src/state/genesis.ts';
import { genesisWith, testKey } from '../helpers/fixture.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('Chain.blocks$ with write-behind', () => {
  it('emits blocks in height order to every subscriber when one of them reads the store', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chain-order-'));
    dirs.push(dir);
    const params = { ...defaultConsensusParams(), block: { max_bytes: '1000000', max_gas: '-1' } };
    const chain = Chain.open({ ...appModules, dbPath: join(dir, 'chain.sqlite'), genesis: genesisWith([[testKey(0).address, 1n]], { consensus_params: params }), writeBehind: true });
    const reader: bigint[] = [];
    const other: bigint[] = [];
    chain.blocks$.subscribe((b) => {
      reader.push(b.height);
      // a read waits for every pending write, whose reports then run inside this call
      expect(chain.store.getBlock(b.height)?.height).toBe(b.height);
    });
    chain.blocks$.subscribe((b) => other.push(b.height));
    for (let i = 0; i < 6; i++) chain.commitBlock([]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    chain.store.settle();
    expect(reader).toEqual([1n, 2n, 3n, 4n, 5n, 6n]);
    expect(other).toEqual([1n, 2n, 3n, 4n, 5n, 6n]);
    expect(chain.consensusParams).toEqual(params);
    expect(chain.genesis.consensus_params).toEqual(params);
    expect(chain.genesis).toBe(chain.genesis);
    chain.close();
  });
});
