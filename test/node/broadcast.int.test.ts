/**
 * Broadcast txs are admitted in arrival order, with or without the verify pool: a burst of txs
 * of one sender sent without waiting passes CheckTx in sequence, a bad signature is refused with
 * the SDK's code 4, and duplicates are refused by the mempool cache; a burst larger than one slice
 * of signature checks (`ADMIT_SLICE`) keeps its order across the slices.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appModules } from '../../src/abci/modules.ts';
import { VerifyPool } from '../../src/crypto/verify-pool.ts';
import { MempoolError, Node, type NodeOptions } from '../../src/node/node.ts';
import { genesisWith, msgSend, signed, testKey } from '../helpers/fixture.ts';

const alice = testKey(0);
const bob = testKey(1);
const FEE = [{ denom: 'wei', amount: '200000000000000' }];
const genesis = genesisWith([[alice.address, 10n ** 21n]]);
const sendTx = (seq: bigint) => signed(alice, 0n, seq, { messages: [msgSend(alice.address, bob.address, 1n + seq)], fee: FEE });

const pool = new VerifyPool(1);
const dirs: string[] = [];
afterAll(async () => {
  await pool.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function node(verifyPool?: VerifyPool, more: Partial<NodeOptions> = {}): Node {
  const dir = mkdtempSync(join(tmpdir(), 'broadcast-'));
  dirs.push(dir);
  return new Node({
    ...appModules,
    dbPath: join(dir, 'chain.sqlite'),
    genesis,
    identity: { id: 'ab'.repeat(20), moniker: 'broadcast', listenAddr: 'tcp://127.0.0.1:26656', rpcAddress: 'tcp://127.0.0.1:0' },
    validators: [],
    ...(verifyPool ? { verifyPool } : {}),
    ...more,
  });
}

describe('Node.broadcastTxSync', () => {
  for (const withPool of [false, true]) {
    it(`admits a burst in arrival order and refuses bad signatures and duplicates (${withPool ? 'with' : 'without'} the verify pool)`, async () => {
      const n = node(withPool ? pool : undefined);
      const txs = Array.from({ length: 10 }, (_, i) => sendTx(BigInt(i)));
      const forged = sendTx(10n);
      forged[forged.length - 1]! ^= 1; // inside the signature
      const answers = await Promise.all([...txs.map((tx) => n.broadcastTxSync(tx)), n.broadcastTxSync(forged)]);
      expect(answers.slice(0, 10).map((r) => [r.code, r.log])).toEqual(txs.map(() => [0, '[]']));
      expect([answers[10]!.code, answers[10]!.codespace]).toEqual([4, 'sdk']);
      expect(answers[10]!.log).toBe('signature verification failed; please verify account number (0), sequence (10) and chain-id (stratos-test): unauthorized');
      await expect(n.broadcastTxSync(txs[3]!)).rejects.toThrow(MempoolError);
      expect(n.mempool.size).toBe(10);
      const block = n.produceBlock()!;
      expect(block.txs.map((t) => t.result.code)).toEqual(txs.map(() => 0));
      n.close();
    });
  }

  it('admits a burst of several verify slices in arrival order, a forged tx between them refused alone', async () => {
    const n = node(pool);
    const txs = Array.from({ length: 60 }, (_, i) => sendTx(BigInt(i)));
    const forged = sendTx(30n);
    forged[forged.length - 1]! ^= 1;
    const burst = [...txs.slice(0, 30), forged, ...txs.slice(30)];
    const answers = await Promise.all(burst.map((tx) => n.broadcastTxSync(tx)));
    expect(answers.map((r) => r.code)).toEqual(burst.map((tx) => (tx === forged ? 4 : 0)));
    expect(answers[30]!.log).toBe('signature verification failed; please verify account number (0), sequence (30) and chain-id (stratos-test): unauthorized');
    expect(n.mempool.all().map((t) => t.hash)).toEqual(txs.map((tx) => Node.txHash(tx)));
    const block = n.produceBlock()!;
    expect(block.txs.map((t) => t.result.code)).toEqual(txs.map(() => 0));
    n.close();
  });
});

describe('the block producer with timeout_commit 0', () => {
  it('makes the next block once the txs that arrived before it are admitted: all of them, no empty block first', async () => {
    const n = node(pool, { blockIntervalMs: 0, writeBehind: true });
    const blocks: { height: bigint; txs: number }[] = [];
    n.blocks$.subscribe((b) => blocks.push({ height: b.height, txs: b.txs.length }));
    n.start();
    await new Promise((resolve) => setTimeout(resolve, 50)); // the producer makes empty blocks
    const before = n.height;
    const txs = Array.from({ length: 50 }, (_, i) => sendTx(BigInt(i)));
    const answers = await Promise.all(txs.map((tx) => n.broadcastTxSync(tx)));
    expect(answers.map((a) => a.code)).toEqual(txs.map(() => 0));
    while (!blocks.some((b) => b.txs > 0)) await new Promise((resolve) => setTimeout(resolve, 5));
    n.stop();
    // the block after the one in progress at the submission holds every tx
    expect(blocks.find((b) => b.height === before + 1n)).toEqual({ height: before + 1n, txs: 50 });
    n.close();
  });
});

describe('the block producer with timeout_commit 300 ms', () => {
  it("starts the next height timeout_commit after the previous block was decided, its execution and write included (CometBFT's CommitTime + timeout_commit)", async () => {
    const n = node(undefined, { blockIntervalMs: 300, writeBehind: true });
    // every block takes 300 ms to execute: the next height is due when it is done
    const decided: number[] = [];
    const commitBlock = n.chain.commitBlock.bind(n.chain);
    const sleeper = new Int32Array(new SharedArrayBuffer(4));
    n.chain.commitBlock = ((...args: Parameters<typeof commitBlock>) => {
      decided.push(Date.now());
      const block = commitBlock(...args);
      Atomics.wait(sleeper, 0, 0, 300);
      return block;
    }) as typeof commitBlock;
    n.start();
    while (decided.length < 6) await new Promise((resolve) => setTimeout(resolve, 20));
    n.stop();
    const gaps = decided.slice(1).map((t, i) => t - decided[i]!).sort((a, b) => a - b);
    expect(gaps[0]).toBeGreaterThanOrEqual(299); // never before timeout_commit
    // waiting timeout_commit after the execution would make every gap at least 600 ms
    expect(gaps[Math.floor(gaps.length / 2)]).toBeLessThan(500);
    n.close();
  });
});
