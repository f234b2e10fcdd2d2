/**
 * Broadcast txs are admitted in arrival order, with or without the verify pool: a burst of txs
 * of one sender sent without waiting passes CheckTx in sequence, a bad signature is refused with
 * the SDK's code 4, and duplicates are refused by the mempool cache.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appModules } from '../../src/abci/modules.ts';
import { VerifyPool } from '../../src/crypto/verify-pool.ts';
import { MempoolError, Node } from '../../src/node/node.ts';
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

function node(verifyPool?: VerifyPool): Node {
  const dir = mkdtempSync(join(tmpdir(), 'broadcast-'));
  dirs.push(dir);
  return new Node({
    ...appModules,
    dbPath: join(dir, 'chain.sqlite'),
    genesis,
    identity: { id: 'ab'.repeat(20), moniker: 'broadcast', listenAddr: 'tcp://127.0.0.1:26656', rpcAddress: 'tcp://127.0.0.1:0' },
    validators: [],
    ...(verifyPool ? { verifyPool } : {}),
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
});
