/**
 * `Chain.commitBlock` keeps the block it just committed for the next block's header instead of
 * reading it back: what the block-meta builder gets must be exactly what the store returns.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Chain, plainBlockMeta, type BlockMetaInput } from '../../src/abci/chain.ts';
import { appModules } from '../../src/abci/modules.ts';
import { genesisWith, msgSend, signed, testKey } from '../helpers/fixture.ts';

const alice = testKey(0);
const bob = testKey(1);
const FEE = [{ denom: 'wei', amount: '200000000000000' }];
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** bytes as hex, so that Buffer (from SQLite) and Uint8Array compare by content */
const plain = (v: unknown) => JSON.parse(JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? `${x}n` : x instanceof Uint8Array ? Buffer.from(x).toString('hex') : x)));

describe('Chain.commitBlock: the previous block given to the block-meta builder', () => {
  it('equals the stored block and results, with and without a reopen in between', () => {
    const dir = mkdtempSync(join(tmpdir(), 'chain-last-'));
    dirs.push(dir);
    const dbPath = join(dir, 'chain.sqlite');
    const inputs: BlockMetaInput[] = [];
    // a header with nested JSON and a commit object, as the consensus engine's builder stores them
    const blockMeta = (input: BlockMetaInput) => {
      inputs.push(input);
      const meta = plainBlockMeta(input);
      return { ...meta, header: { ...(meta.header as object), nested: { list: [1, 'two', null] } }, lastCommit: { round: 0, sigs: ['a'] } };
    };
    const send = (seq: bigint, amount: bigint) => signed(alice, 0n, seq, { messages: [msgSend(alice.address, bob.address, amount)], fee: FEE });
    let chain = Chain.open({ ...appModules, dbPath, genesis: genesisWith([[alice.address, 10n ** 21n]]), snapshotInterval: 0, blockMeta });
    // block 1: a success and a failing tx (insufficient funds: a non-empty log, code 5)
    chain.commitBlock([send(0n, 1n), send(1n, 10n ** 24n)]);
    chain.commitBlock([send(2n, 2n)]);
    const stored1 = { block: chain.store.getBlock(1n), results: chain.store.blockResults(1n).map((t) => t.result) };
    expect(stored1.results.map((r) => r.code)).toEqual([0, 5]);
    expect(plain(inputs[1]!.lastBlock)).toEqual(plain(stored1.block));
    expect(plain(inputs[1]!.lastResults)).toEqual(plain(stored1.results));
    chain.close();

    chain = Chain.open({ ...appModules, dbPath, snapshotInterval: 0, blockMeta });
    chain.commitBlock([send(3n, 3n)]);
    expect(plain(inputs.at(-1)!.lastBlock)).toEqual(plain(chain.store.getBlock(2n)));
    expect(plain(inputs.at(-1)!.lastResults)).toEqual(plain(chain.store.blockResults(2n).map((t) => t.result)));
    chain.close();
  });
});
